// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::alloc {

// One allocator event, kept in a bounded ring (AllocationTrace).
struct TraceEvent {
    enum class Op : int { Malloc = 0, Free = 1, SegmentAlloc = 2, SegmentFree = 3, Oom = 4, EmptyCache = 5 };
    double t = 0.0; // seconds since the trace started
    Op op = Op::Malloc;
    std::uint64_t size = 0; // bytes: block size (Malloc/Free), segment size (Segment*), request (Oom)
    std::uint64_t address = 0;
    int phase = -1; // phase index, -1 outside phases
};

const char* traceOpName(TraceEvent::Op op); // "malloc", "free", "segment_alloc", ...
std::optional<TraceEvent::Op> traceOpFromName(const std::string& name);

} // namespace iteragpu::alloc
