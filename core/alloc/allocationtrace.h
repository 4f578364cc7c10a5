// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/spinlock.h"
#include "core/alloc/traceevent.h"

#include <chrono>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <vector>

namespace iteragpu::alloc {

// The last allocator events (time, op, size, address, phase) in a bounded ring: memory stays bounded however
// long the run. Recorded by the allocator under its lock; read from any thread. record() sits on the allocator's
// hot path (tests/bench/bench_allocator.cpp "with trace"): it stores the raw clock reading and converts to
// seconds only when the events are read.
class AllocationTrace {
public:
    explicit AllocationTrace(std::size_t capacity = 65536);

    void record(TraceEvent::Op op, std::uint64_t size, std::uint64_t address);
    void setPhase(int phase) { m_phase = phase; }

    std::vector<TraceEvent> events() const; // oldest first
    std::uint64_t dropped() const; // events overwritten by newer ones
    std::size_t capacity() const { return m_capacity; }
    nlohmann::json toJson() const; // {"capacity", "dropped", "events": [{t, op, size, address, phase}]}

private:
    struct RawEvent {
        std::chrono::steady_clock::rep ticks; // steady_clock reading
        std::uint64_t size;
        std::uint64_t address;
        int phase;
        TraceEvent::Op op;
    };
    TraceEvent toEvent(const RawEvent& raw) const;

    std::size_t m_capacity;
    std::chrono::steady_clock::time_point m_start;
    int m_phase = -1;
    mutable SpinLock m_mutex; // uncontended in a run: one writer, and readers after it
    std::vector<RawEvent> m_ring;
    std::size_t m_next = 0;
    std::uint64_t m_total = 0;
};

nlohmann::json traceEventToJson(const TraceEvent& event);

} // namespace iteragpu::alloc
