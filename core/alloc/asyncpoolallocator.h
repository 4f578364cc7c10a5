// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"

#include <atomic>
#include <mutex>
#include <optional>
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

    void* allocate(std::uint64_t bytes, device::Status& status, Owner owner = Owner::Other) override;
    void free(void* ptr) override;
    void setOwner(void* ptr, Owner owner) override;
    void emptyCache() override; // synchronize, then trim the pool to 0 bytes kept
    void resetPeakStats() override; // the pool's high-water marks (Note [Peak reset] in cachingallocator.h)

    CounterSnapshot counters() override;
    CounterSnapshot liveCounters() const override;
    AllocatorStats stats() override;

    // Requested sizes, as this allocator's own allocated bytes count them (Note [Owners add up] in
    // cachingallocator.h); on a real device the pool's used memory may be rounded above them. The peak moment's
    // reserved is the pool's reserved memory then (0 where the pool does not report it), inactiveSplit nullopt.
    OwnerBytes ownersNow() const override;
    PeakMoment peakMoment() const override;
    std::optional<std::uint64_t> largestFreeBlock() const override { return std::nullopt; } // the pool hides it

private:
    struct Live {
        std::uint64_t bytes = 0;
        Owner owner = Owner::Other;
    };
    void refreshLive();
    void takePeakMoment();

    device::DeviceContext& m_context;
    mutable std::mutex m_mutex;
    std::unordered_map<void*, Live> m_sizes;
    AllocatorStats m_stats; // counts and our own byte bookkeeping; the pool attributes win when known
    OwnerBytes m_owners {};
    PeakMoment m_peakMoment;
    std::atomic<std::uint64_t> m_liveAllocated { 0 };
    std::atomic<std::uint64_t> m_liveAllocatedPeak { 0 };
    std::atomic<std::uint64_t> m_liveReserved { 0 };
    std::atomic<std::uint64_t> m_liveReservedPeak { 0 };
};

} // namespace iteragpu::alloc
