// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstdint>

// Counters with PyTorch's meaning (c10/cuda/CUDACachingAllocator.h: Stat, StatType, DeviceStats).
namespace iteragpu::alloc {

// One counter. See Note [Peak reset] in cachingallocator.h for the rule every function relies on.
struct Stat {
    std::int64_t current = 0;
    std::int64_t peak = 0;
    std::int64_t allocated = 0; // accumulated increases
    std::int64_t freed = 0; // accumulated decreases

    void increase(std::int64_t amount)
    {
        current += amount;
        peak = current > peak ? current : peak;
        allocated += amount;
    }
    void decrease(std::int64_t amount)
    {
        current -= amount;
        freed += amount;
    }
    void resetPeak() { peak = current; } // Note [Peak reset]
    void resetAccumulated()
    {
        allocated = 0;
        freed = 0;
    }
};

enum class StatType : int { Aggregate = 0, SmallPool = 1, LargePool = 2 };
inline constexpr std::size_t kStatTypeCount = 3;
using StatArray = std::array<Stat, kStatTypeCount>;

// All counters of one allocator, aggregate + small pool + large pool, indexed by StatType.
struct AllocatorStats {
    StatArray allocation; // count of live allocations
    StatArray segment; // count of device segments
    StatArray active; // count of active blocks
    StatArray inactiveSplit; // count of free blocks inside split segments
    StatArray allocatedBytes;
    StatArray reservedBytes;
    StatArray activeBytes;
    StatArray inactiveSplitBytes;
    StatArray requestedBytes;
    std::int64_t numAllocRetries = 0;
    std::int64_t numOoms = 0;
    // False for the stream-ordered pool backend, which only has allocated/reserved aggregate counters.
    bool perPool = true;
};

// The four counters a phase and a sample need, readable from any thread without locking the allocator.
struct CounterSnapshot {
    std::uint64_t allocatedCurrent = 0;
    std::uint64_t allocatedPeak = 0;
    std::uint64_t reservedCurrent = 0;
    std::uint64_t reservedPeak = 0;
};

} // namespace iteragpu::alloc
