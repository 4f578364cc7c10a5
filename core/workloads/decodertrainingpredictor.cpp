// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/decodertrainingpredictor.h"

#include "core/units/inputerror.h"
#include "core/workloads/ledger.h"
#include "core/workloads/trainingreplay.h"

#include <memory>

namespace iteragpu::workloads {

WorkloadPrediction predictDecoderTraining(const protocol::RunConfig& config)
{
    return predictDecoderTraining(config, protocol::planPhases(config));
}

WorkloadPrediction predictDecoderTraining(
    const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan)
{
    using protocol::PhaseKind;
    WorkloadPrediction out;
    if (config.workload != protocol::WorkloadKind::Decoder || !config.decoder || !config.decoder->training
        || config.mode != protocol::Mode::Training)
        out.error = "not a decoder training run: the configuration has no training recipe";
    if (out.error.empty())
        out.error = protocol::validateConfig(config);
    if (!out.error.empty())
        return out;
    try {
        out.parameterCount = config.decoder->shape.parameters().total;
        const std::unique_ptr<Ledger> ledger = makeLedger(config.allocator);
        out.method = ledger->method();
        TrainingReplay step(*ledger, config);
        for (const auto& phase : plan) {
            if (phase.emptyCacheBefore)
                ledger->emptyCache();
            PhasePrediction p;
            p.index = phase.index;
            p.name = phase.name;
            p.repeat = phase.repeat;
            p.baselineAllocated = ledger->current();
            ledger->resetPeak();
            switch (phase.kind) {
            case PhaseKind::ModelLoad:
                step.modelLoad();
                break;
            case PhaseKind::Inputs:
                step.inputs();
                break;
            case PhaseKind::StepForward:
                step.forward();
                break;
            case PhaseKind::StepLoss:
                step.loss();
                break;
            case PhaseKind::StepBackward:
                step.backward();
                break;
            case PhaseKind::StepAccumulate:
                for (std::uint32_t i = 0; i < phase.iterations; ++i)
                    step.microBatch();
                break;
            case PhaseKind::StepOptimizer:
                step.optimizerStep();
                break;
            case PhaseKind::Warmup:
                for (std::uint32_t i = 0; i < phase.iterations; ++i)
                    step.wholeStep();
                break;
            case PhaseKind::WarmStep:
                step.wholeStep();
                break;
            case PhaseKind::Evaluation:
                step.eval();
                break;
            case PhaseKind::Export:
                step.checkpointSave();
                break;
            default:
                out.phases.clear();
                out.error = "phase " + phase.name + " is not a phase of the decoder's training step";
                return out;
            }
            p.peakAllocated = ledger->peak();
            p.finalAllocated = ledger->current();
            p.peakReserved = ledger->peakReserved();
            p.ownersAtPeak = ledger->ownersAtPeak();
            p.ownersAtFinal = ledger->ownersNow();
            out.phases.push_back(std::move(p));
        }
    } catch (const units::InputError& e) {
        out.phases.clear();
        out.error = e.what();
    }
    return out;
}

} // namespace iteragpu::workloads
