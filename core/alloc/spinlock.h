// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <thread>

namespace iteragpu::alloc {

// A small test-and-test-and-set lock for the allocator's short critical sections: in a run only the worker
// thread allocates (the sampler reads atomics), so the lock is almost never contended and a futex-based mutex
// would cost more than the work it guards. Satisfies BasicLockable (std::lock_guard).
class SpinLock {
public:
    void lock() noexcept
    {
        for (int spins = 0; m_locked.exchange(true, std::memory_order_acquire); ++spins) {
            while (m_locked.load(std::memory_order_relaxed)) {
                if (++spins > 64)
                    std::this_thread::yield();
            }
        }
    }
    void unlock() noexcept { m_locked.store(false, std::memory_order_release); }

private:
    std::atomic<bool> m_locked { false };
};

} // namespace iteragpu::alloc
