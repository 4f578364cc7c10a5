// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/allocatorstats.h"
#include "core/alloc/owner.h"
#include "core/device/backend.h"

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::alloc {

class AllocationTrace;

// The counter interface both allocator backends share: the caching allocator ("native") and the driver's
// stream-ordered pool ("async"). allocate/free/emptyCache/resetPeakStats/counters/stats are called from the
// run's worker thread; liveCounters() from any thread (the sampler), without locking the allocator.
class DeviceAllocator {
public:
    virtual ~DeviceAllocator() = default;

    virtual std::string backendName() const = 0; // "native", "async"
    virtual std::string settings() const = 0; // constants and options, in words

    // nullptr on failure; status.outOfMemory with a message naming the request, allocated, reserved and the
    // device's free memory. The block's bytes are counted to owner until it is freed or setOwner() moves them.
    virtual void* allocate(std::uint64_t bytes, device::Status& status, Owner owner = Owner::Other) = 0;
    virtual void free(void* ptr) = 0;
    // A live block changes hands (a key projection that becomes the KV cache); nothing when ptr is not live.
    virtual void setOwner(void* ptr, Owner owner) = 0;
    virtual void emptyCache() = 0; // returns unused cached memory to the device; never a live block
    virtual void resetPeakStats() = 0; // Note [Peak reset]

    virtual CounterSnapshot counters() = 0; // exact, may query the device
    virtual CounterSnapshot liveCounters() const = 0; // any thread; lock-free
    virtual AllocatorStats stats() = 0;

    // ownersNow() adds up to allocated now, peakMoment().owners to peakMoment().allocated, which is the allocated
    // peak since the last resetPeakStats() (Note [Owners add up] in cachingallocator.h). Worker thread.
    virtual OwnerBytes ownersNow() const = 0;
    virtual PeakMoment peakMoment() const = 0; // the first moment the current peak was reached
    // The largest cached free block; nullopt where the allocator does not show its cache (the pool).
    virtual std::optional<std::uint64_t> largestFreeBlock() const = 0;

    // Optional event trace (not owned; nullptr switches it off).
    void setTrace(AllocationTrace* trace) { m_trace = trace; }

protected:
    AllocationTrace* m_trace = nullptr;
};

} // namespace iteragpu::alloc
