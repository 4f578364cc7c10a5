// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/phaseplan.h"

namespace iteragpu::protocol {

std::vector<PlannedPhase> planPhases(const RunConfig& config)
{
    std::vector<PlannedPhase> plan;
    auto add = [&plan](PhaseKind kind, std::string name, std::optional<std::uint32_t> repeat = std::nullopt,
                   std::uint32_t iterations = 1, bool emptyCache = false) {
        PlannedPhase p;
        p.index = static_cast<int>(plan.size());
        p.kind = kind;
        p.name = std::move(name);
        p.repeat = repeat;
        p.iterations = iterations;
        p.emptyCacheBefore = emptyCache;
        plan.push_back(std::move(p));
    };
    add(PhaseKind::ModelLoad, "model_load");
    add(PhaseKind::Inputs, "inputs");
    if (config.mode == Mode::Inference) {
        add(PhaseKind::ColdForward, "cold_forward");
        if (config.warmup > 0)
            add(PhaseKind::Warmup, "warmup", std::nullopt, config.warmup);
        for (std::uint32_t r = 0; r < config.repeats; ++r)
            add(PhaseKind::WarmForward, "warm_forward", r, 1, config.emptyCacheBetweenRepeats);
    } else {
        add(PhaseKind::StepForward, "first_step.forward");
        add(PhaseKind::StepLoss, "first_step.loss");
        add(PhaseKind::StepBackward, "first_step.backward");
        add(PhaseKind::StepOptimizer, "first_step.optimizer");
        if (config.warmup > 0)
            add(PhaseKind::Warmup, "warmup", std::nullopt, config.warmup);
        for (std::uint32_t r = 0; r < config.repeats; ++r)
            add(PhaseKind::WarmStep, "warm_step", r, 1, config.emptyCacheBetweenRepeats);
        add(PhaseKind::Evaluation, "evaluation");
        add(PhaseKind::Export, "export");
    }
    return plan;
}

namespace {
    std::string shape(std::initializer_list<std::uint64_t> dims)
    {
        std::string s = "[";
        bool first = true;
        for (auto d : dims) {
            if (!first)
                s += ", ";
            s += std::to_string(d);
            first = false;
        }
        return s + "]";
    }
} // namespace

std::string phaseInputs(const RunConfig& c, const PlannedPhase& phase)
{
    const std::string dt = std::string(" ") + device::dtypeName(c.dtype);
    const std::uint64_t h = 4 * c.width;
    const std::string x = "x " + shape({ c.batch, c.context, c.width }) + dt;
    const std::string params = "W1 " + shape({ c.width, h }) + dt + ", b1 " + shape({ h }) + dt + ", W2 "
        + shape({ h, c.width }) + dt + ", b2 " + shape({ c.width }) + dt;
    switch (phase.kind) {
    case PhaseKind::ModelLoad:
        return params;
    case PhaseKind::Inputs:
        return c.mode == Mode::Training ? x + ", target " + shape({ c.batch, c.context, c.width }) + dt : x;
    case PhaseKind::ColdForward:
    case PhaseKind::WarmForward:
        return x + " through W1, GELU, W2 (no gradients)";
    case PhaseKind::Warmup:
        return std::to_string(phase.iterations)
            + (c.mode == Mode::Training ? " training steps on " : " forward passes of ") + x;
    case PhaseKind::StepForward:
        return x + " through W1, GELU, W2, activations kept for backward";
    case PhaseKind::StepLoss:
        return "mean squared error of y " + shape({ c.batch, c.context, c.width }) + dt + " against target";
    case PhaseKind::StepBackward:
        return "gradients of W1, b1, W2, b2 from dy " + shape({ c.batch, c.context, c.width }) + dt;
    case PhaseKind::StepOptimizer:
        return "AdamW on W1, b1, W2, b2; exp_avg and exp_avg_sq float32, created on the first step";
    case PhaseKind::WarmStep:
        return "one training step (forward, loss, backward, AdamW) on " + x;
    case PhaseKind::Evaluation:
        return "its own batch x_eval " + shape({ c.batch, c.context, c.width }) + dt + ", no gradients";
    case PhaseKind::Export:
        return params + " copied to the host";
    }
    return {};
}

std::vector<Dimension> phaseDimensions(const RunConfig& c, const PlannedPhase& phase)
{
    std::vector<Dimension> d { { "batch", c.batch }, { "context", c.context }, { "width", c.width },
        { "hidden", 4 * c.width }, { "dtype_bytes", device::dtypeSize(c.dtype) } };
    if (phase.kind == PhaseKind::Warmup)
        d.push_back({ "iterations", phase.iterations });
    if (phase.repeat)
        d.push_back({ "repeat", *phase.repeat });
    return d;
}

} // namespace iteragpu::protocol
