// SPDX-License-Identifier: Apache-2.0
#include "core/interop/perfettoexport.h"

#include "core/alloc/owner.h"

#include <cmath>
#include <string>

namespace iteragpu::interop {

using nlohmann::ordered_json;
using protocol::PhaseResult;
using protocol::PhaseStatus;
using protocol::RunResult;

namespace {

    constexpr int kPid = 1;
    constexpr int kPhaseTid = 1;
    constexpr int kCounterTid = 0; // counters belong to the process; tid is kept for viewers that want one

    double us(double seconds) { return std::round(seconds * 1e6 * 1000.0) / 1000.0; } // microseconds, ns precision

    ordered_json optionalBytes(const std::optional<std::uint64_t>& v) { return v ? ordered_json(*v) : ordered_json(); }

    ordered_json metadata(const char* what, int tid, const std::string& name)
    {
        return { { "name", what }, { "ph", "M" }, { "pid", kPid }, { "tid", tid }, { "args", { { "name", name } } } };
    }

    ordered_json counter(const std::string& name, double seconds, std::uint64_t bytes)
    {
        return { { "name", name }, { "cat", "memory" }, { "ph", "C" }, { "ts", us(seconds) }, { "pid", kPid },
            { "tid", kCounterTid }, { "args", { { "bytes", bytes } } } };
    }

    ordered_json phaseSlice(const PhaseResult& p)
    {
        const bool failed = p.status == PhaseStatus::Failed;
        const bool oom = p.outOfMemory.value_or(false);
        std::string name = protocol::phaseLabel(p);
        if (failed)
            name += oom ? " FAILED (out of memory)" : " FAILED";
        ordered_json args = { { "status", protocol::phaseStatusName(p.status) },
            { "baseline_allocated", optionalBytes(p.baseline.allocated) },
            { "baseline_reserved", optionalBytes(p.baseline.reserved) },
            { "peak_allocated", optionalBytes(p.peak.allocated) }, { "peak_reserved", optionalBytes(p.peak.reserved) },
            { "final_allocated", optionalBytes(p.final.allocated) },
            { "final_reserved", optionalBytes(p.final.reserved) },
            { "device_used_after", optionalBytes(p.deviceAfter.usedBytes) }, { "inputs", p.inputs } };
        if (failed) {
            args["error"] = p.error;
            args["out_of_memory"] = p.outOfMemory ? ordered_json(*p.outOfMemory) : ordered_json();
        }
        const double start = p.startSeconds.value_or(0.0);
        const double duration = p.durationSeconds.value_or(p.endSeconds.value_or(start) - start);
        return { { "name", name }, { "cat", failed ? "phase,failed" : "phase" }, { "ph", "X" }, { "ts", us(start) },
            { "dur", us(std::max(0.0, duration)) }, { "pid", kPid }, { "tid", kPhaseTid },
            { "args", std::move(args) } };
    }

    void owners(ordered_json& events, double seconds, const std::optional<alloc::OwnerBytes>& bytes)
    {
        if (!bytes)
            return;
        for (std::size_t i = 0; i < alloc::kOwnerCount; ++i)
            events.push_back(
                counter(std::string("owner ") + alloc::ownerName(static_cast<alloc::Owner>(i)), seconds, (*bytes)[i]));
    }

}

ordered_json perfettoTrace(const RunResult& r)
{
    ordered_json events = ordered_json::array();
    const std::string process = r.config.deviceId + (r.simulated ? " (simulated)" : "")
        + (r.environment.device.name.empty() ? "" : " " + r.environment.device.name);
    events.push_back(metadata("process_name", kCounterTid, "IteraGPU " + process));
    events.push_back(metadata("thread_name", kPhaseTid, "phases"));
    events.push_back(metadata("thread_name", kCounterTid, "allocator"));

    for (const auto& p : r.phases) {
        if (p.status == PhaseStatus::NotRun || !p.startSeconds)
            continue;
        events.push_back(phaseSlice(p));
        const double start = *p.startSeconds;
        const double end = p.endSeconds.value_or(start);
        if (p.baseline.allocated)
            events.push_back(counter("allocated", start, *p.baseline.allocated));
        if (p.baseline.reserved)
            events.push_back(counter("reserved", start, *p.baseline.reserved));
        if (p.deviceBefore.usedBytes)
            events.push_back(counter("device used", start, *p.deviceBefore.usedBytes));
        owners(events, start, p.ownersAtBaseline);
        for (const auto& s : p.samples) {
            events.push_back(counter("allocated", s.t, s.allocated));
            events.push_back(counter("reserved", s.t, s.reserved));
            if (s.deviceUsed)
                events.push_back(counter("device used", s.t, *s.deviceUsed));
        }
        if (p.final.allocated)
            events.push_back(counter("allocated", end, *p.final.allocated));
        if (p.final.reserved)
            events.push_back(counter("reserved", end, *p.final.reserved));
        if (p.deviceAfter.usedBytes)
            events.push_back(counter("device used", end, *p.deviceAfter.usedBytes));
        owners(events, end, p.ownersAtFinal);
    }

    ordered_json other = { { "producer", "IteraGPU Lab " + r.identity.appVersion }, { "run_id", r.identity.runId },
        { "device", r.config.deviceId }, { "simulated", r.simulated },
        { "allocator", protocol::allocatorName(r.config.allocator) }, { "ts_origin", "the start of the run" } };
    if (r.simulated)
        other["note"] = "simulated device: a memory model, not a GPU measurement";
    return { { "traceEvents", std::move(events) }, { "displayTimeUnit", "ms" }, { "otherData", std::move(other) } };
}

} // namespace iteragpu::interop
