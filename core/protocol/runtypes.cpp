// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/runtypes.h"

#include "core/units/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

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

std::string phaseLabel(const PhaseResult& phase)
{
    return phase.repeat ? phase.name + "#" + std::to_string(*phase.repeat) : phase.name;
}

i18n::Message warmupPolicy(const RunConfig& config)
{
    constexpr const char* ctx = "RunPolicy";
    if (config.warmup == 0)
        return { ITERAGPU_TRANSLATE_NOOP("RunPolicy", "no warm-up"), {}, ctx };
    if (config.mode == Mode::Training)
        //: %1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.
        return { ITERAGPU_TRANSLATE_NOOP("RunPolicy",
                     "training steps: %1, in one 'warmup' phase after the cold pass; measured repeats: %2, one "
                     "record each"),
            { config.warmup, config.repeats }, ctx };
    //: %1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.
    return { ITERAGPU_TRANSLATE_NOOP("RunPolicy",
                 "forward passes: %1, in one 'warmup' phase after the cold pass; measured repeats: %2, one record "
                 "each"),
        { config.warmup, config.repeats }, ctx };
}

i18n::Message emptyCachePolicy(const RunConfig& config)
{
    constexpr const char* ctx = "RunPolicy";
    if (config.emptyCacheBetweenRepeats)
        return { ITERAGPU_TRANSLATE_NOOP("RunPolicy", "empty_cache() before each warm repeat, before its baseline is read"),
            {}, ctx };
    return { ITERAGPU_TRANSLATE_NOOP("RunPolicy", "no empty_cache() between repeats: the allocator's cache is kept"), {},
        ctx };
}

namespace {
    constexpr std::uint32_t kMaxRepeats = 1000000; // bounds the phase list
    constexpr std::size_t kMaxSamplesPerPhaseLimit = 1000000;
}

std::string validateConfig(const RunConfig& c)
{
    if (c.batch == 0 || c.context == 0 || c.width == 0)
        return "batch, context and width must be at least 1";
    if (c.repeats > kMaxRepeats || c.warmup > kMaxRepeats)
        return "warmup and repeats must be at most " + std::to_string(kMaxRepeats);
    if (c.maxSamplesPerPhase < 2 || c.maxSamplesPerPhase > kMaxSamplesPerPhaseLimit)
        return "samples per phase must be between 2 and " + std::to_string(kMaxSamplesPerPhaseLimit);
    if (c.simCapacityBytes && *c.simCapacityBytes == 0)
        return "the simulated capacity must be more than 0 bytes";
    constexpr std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    const auto tokens = units::checkedMul(c.batch, c.context);
    const auto hidden = units::checkedMul(c.width, 4);
    // The largest tensors: N x 4 width activations and the 4 width x width matrices, at 4 bytes an element.
    const auto activation = tokens && hidden ? units::checkedMul(*tokens, *hidden) : std::nullopt;
    const auto matrix = hidden ? units::checkedMul(c.width, *hidden) : std::nullopt;
    const auto activationBytes = activation ? units::checkedMul(*activation, 4) : std::nullopt;
    const auto matrixBytes = matrix ? units::checkedMul(*matrix, 4) : std::nullopt;
    if (!activationBytes || !matrixBytes || *activationBytes > limit || *matrixBytes > limit)
        return "batch x context x width is too large: a tensor of the dense network would exceed 2^63 bytes";
    return {};
}

} // namespace iteragpu::protocol
