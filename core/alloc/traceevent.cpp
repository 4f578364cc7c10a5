// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/traceevent.h"

#include <array>
#include <utility>

namespace iteragpu::alloc {

namespace {
    constexpr std::array<std::pair<TraceEvent::Op, const char*>, 6> kOpNames { {
        { TraceEvent::Op::Malloc, "malloc" },
        { TraceEvent::Op::Free, "free" },
        { TraceEvent::Op::SegmentAlloc, "segment_alloc" },
        { TraceEvent::Op::SegmentFree, "segment_free" },
        { TraceEvent::Op::Oom, "oom" },
        { TraceEvent::Op::EmptyCache, "empty_cache" },
    } };
}

const char* traceOpName(TraceEvent::Op op)
{
    for (const auto& [value, name] : kOpNames)
        if (value == op)
            return name;
    return "unknown";
}

std::optional<TraceEvent::Op> traceOpFromName(const std::string& name)
{
    for (const auto& [value, text] : kOpNames)
        if (name == text)
            return value;
    return std::nullopt;
}

} // namespace iteragpu::alloc
