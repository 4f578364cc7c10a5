// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"

#include <atomic>
#include <mutex>
#include <unordered_map>

namespace iteragpu::alloc {

// The second allocator backend: the driver's stream-ordered pool (cudaMallocAsync / hipMallocAsync through
// DeviceContext::poolAlloc). Its counters come from the pool attributes: allocated = used memory (current /
// high), reserved = reserved memory (current / high). Per-pool (small/large) counters do not exist there.
class AsyncPoolAllocator : public DeviceAllocator {
public:
    explicit AsyncPoolAllocator(device::DeviceContext& context); // context must outlive the allocator
    ~AsyncPoolAllocator() override; // frees what is still live

    std::string backendName() const override { return "async"; }
    std::string settings() const override { return settingsText(); }
    static std::string settingsText();

    void* allocate(std::uint64_t bytes, device::Status& status) override;
    void free(void* ptr) override;
    void emptyCache() override; // synchronize, then trim the pool to 0 bytes kept
    void resetPeakStats() override; // the pool's high-water marks (Note [Peak reset] in cachingallocator.h)

    CounterSnapshot counters() override;
    CounterSnapshot liveCounters() const override;
    AllocatorStats stats() override;

private:
    void refreshLive();

    device::DeviceContext& m_context;
    std::mutex m_mutex;
    std::unordered_map<void*, std::uint64_t> m_sizes;
    AllocatorStats m_stats; // counts and our own byte bookkeeping; the pool attributes win when known
    std::atomic<std::uint64_t> m_liveAllocated { 0 };
    std::atomic<std::uint64_t> m_liveAllocatedPeak { 0 };
    std::atomic<std::uint64_t> m_liveReserved { 0 };
    std::atomic<std::uint64_t> m_liveReservedPeak { 0 };
};

} // namespace iteragpu::alloc
