// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/runtypes.h"

#include <algorithm>
#include <cmath>

namespace iteragpu::protocol {

const char* modeName(Mode mode) { return mode == Mode::Training ? "training" : "inference"; }

std::optional<Mode> modeFromName(const std::string& name)
{
    if (name == "inference")
        return Mode::Inference;
    if (name == "training")
        return Mode::Training;
    return std::nullopt;
}

const char* allocatorName(AllocatorKind kind) { return kind == AllocatorKind::Async ? "async" : "native"; }

std::optional<AllocatorKind> allocatorFromName(const std::string& name)
{
    if (name == "native")
        return AllocatorKind::Native;
    if (name == "async")
        return AllocatorKind::Async;
    return std::nullopt;
}

const char* phaseStatusName(PhaseStatus status)
{
    switch (status) {
    case PhaseStatus::Ok:
        return "ok";
    case PhaseStatus::Failed:
        return "failed";
    case PhaseStatus::NotRun:
        return "not_run";
    }
    return "not_run";
}

std::optional<PhaseStatus> phaseStatusFromName(const std::string& name)
{
    for (auto s : { PhaseStatus::Ok, PhaseStatus::Failed, PhaseStatus::NotRun })
        if (name == phaseStatusName(s))
            return s;
    return std::nullopt;
}

double clampSamplingHz(double hz)
{
    if (std::isnan(hz))
        return kDefaultSamplingHz;
    return std::clamp(hz, kMinSamplingHz, kMaxSamplingHz);
}

} // namespace iteragpu::protocol
