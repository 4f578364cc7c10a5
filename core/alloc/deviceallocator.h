// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/allocatorstats.h"
#include "core/device/backend.h"

#include <cstdint>
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
    // device's free memory.
    virtual void* allocate(std::uint64_t bytes, device::Status& status) = 0;
    virtual void free(void* ptr) = 0;
    virtual void emptyCache() = 0; // returns unused cached memory to the device; never a live block
    virtual void resetPeakStats() = 0; // Note [Peak reset]

    virtual CounterSnapshot counters() = 0; // exact, may query the device
    virtual CounterSnapshot liveCounters() const = 0; // any thread; lock-free
    virtual AllocatorStats stats() = 0;

    // Optional event trace (not owned; nullptr switches it off).
    void setTrace(AllocationTrace* trace) { m_trace = trace; }

protected:
    AllocationTrace* m_trace = nullptr;
};

} // namespace iteragpu::alloc
