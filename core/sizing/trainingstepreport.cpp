// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/trainingstepreport.h"

#include "core/sizing/componentlabels.h"
#include "core/sizing/computationlines.h"

namespace iteragpu::sizing {

namespace {

    // The allocator's share, said once: what this sizing leaves to the caching allocator.
    constexpr const char* kAllocator = "allocated bytes, each tensor rounded up to 512 bytes; the caching "
                                       "allocator's segments (2 MiB, 20 MiB) and cached free blocks above them are "
                                       "the allocator's (reserved), named by the ledger";

    nlohmann::json recipeJson(const training::TrainingRecipe& r)
    {
        const bool lora = r.method != training::Method::Full;
        using J = nlohmann::json;
        return { { "method", training::methodName(r.method) }, { "framework", training::frameworkName(r.framework) },
            { "lora_targets", lora ? J(training::loraTargetList(r.targets)) : J(nullptr) },
            { "lora_rank", lora ? J(r.rank) : J(nullptr) },
            { "adapter_dtype", lora ? J(r.adapterFp32 ? "float32" : "compute") : J(nullptr) },
            { "micro_batch", r.microBatch }, { "seq_len", r.sequenceLength }, { "grad_accum", r.gradAccum },
            { "checkpointing", r.checkpointing }, { "optimizer", training::optimizerKindName(r.optimizer) },
            { "paged_optimizer", r.pagedOptimizer }, { "optimizer_in_backward", r.optimizerInBackward },
            { "master_weights", r.masterWeights }, { "loss_chunks", r.lossChunks }, { "eval_batch", r.evalBatch },
            { "export_copy", r.exportCopy } };
    }

    std::string habitText(const PhasePart& p)
    {
        return p.habit.source && *p.habit.source ? p.habit.english() : std::string();
    }

} // namespace

nlohmann::json TrainingStepReport::toJson(const TrainingStepEstimate& step)
{
    nlohmann::json phases = nlohmann::json::array();
    for (const auto& p : step.phases) {
        nlohmann::json parts = nlohmann::json::array();
        for (const auto& part : p.parts) {
            const std::string habit = habitText(part);
            parts.push_back({ { "id", part.id }, { "bytes", part.bytes },
                { "provenance", provenanceName(part.provenance) }, { "note", part.note.english() },
                { "habit", habit.empty() ? nlohmann::json(nullptr) : nlohmann::json(habit) } });
        }
        phases.push_back({ { "phase", p.phase }, { "peak_allocated", p.peakAllocated }, { "peak_moment", p.peakStage },
            { "parts", parts } });
    }
    return { { "recipe", recipeJson(step.recipe) }, { "peak_phase", step.peakPhase }, { "peak_bytes", step.peakBytes },
        { "allocator", kAllocator }, { "phases", phases } };
}

std::string TrainingStepReport::toText(const TrainingStepEstimate& step)
{
    const training::TrainingRecipe& r = step.recipe;
    std::string text = std::string("training step (the decoder's tensor inventory, ")
        + training::frameworkName(r.framework) + "'s habits): " + training::methodName(r.method);
    if (r.method != training::Method::Full)
        text += " rank " + std::to_string(r.rank) + " on " + training::loraTargetList(r.targets)
            + (r.adapterFp32 ? ", float32 adapters" : ", adapters in the compute dtype");
    text += ", micro-batch " + std::to_string(r.microBatch) + " x " + std::to_string(r.sequenceLength) + " tokens";
    if (r.gradAccum > 1)
        text += ", " + std::to_string(r.gradAccum) + " micro-batches per step";
    text += r.checkpointing ? ", activation checkpointing" : ", no activation checkpointing";
    text += std::string(", ") + training::optimizerKindName(r.optimizer) + (r.pagedOptimizer ? " (paged)" : "")
        + (r.optimizerInBackward ? " stepped in the backward" : "");
    text += r.lossChunks == 0 ? ", the whole logits" : ", cross-entropy in " + std::to_string(r.lossChunks) + " chunks";
    text += "\n  " + std::string(kAllocator) + "\n";
    for (const auto& p : step.phases) {
        text += "  " + p.phase + (p.phase == step.peakPhase ? " (largest)" : "") + ": "
            + ComputationLines::amount(p.peakAllocated, units::Unit::GiB) + " at " + p.peakStage + "\n";
        for (const auto& part : p.parts) {
            text += "    " + componentLabelEnglish(part.id) + " (" + provenanceName(part.provenance)
                + "): " + ComputationLines::amount(part.bytes, units::Unit::GiB);
            // A part that is its component says so in "how it is computed"; the others say what they hold here.
            bool component = false;
            for (const auto& line : step.lines)
                component = component || line.formula.source == part.note.source;
            if (!component && part.note.source && *part.note.source)
                text += ", " + part.note.english();
            if (const std::string habit = habitText(part); !habit.empty())
                text += " [" + habit + "]";
            text += '\n';
        }
    }
    return text;
}

} // namespace iteragpu::sizing
