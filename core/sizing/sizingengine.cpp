// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/sizingengine.h"

#include "core/sizing/checkedmath.h"
#include "core/sizing/kvcacheestimator.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/trainingestimator.h"
#include "core/sizing/weightestimator.h"

#include <algorithm>
#include <cstdio>

namespace iteragpu::sizing {

namespace {

    constexpr std::uint64_t kMaxTensorParallel = 4096;

    void append(std::vector<std::string>& to, const std::vector<std::string>& from)
    {
        to.insert(to.end(), from.begin(), from.end());
    }

    void addPhase(Estimate& e, const std::string& id, const std::vector<std::string>& wanted)
    {
        Phase phase;
        phase.id = id;
        for (const auto& c : wanted) {
            const auto* comp = e.find(c);
            if (!comp)
                continue;
            phase.componentIds.push_back(c);
            if (comp->bytes)
                phase.bytes = checked::add(phase.bytes, *comp->bytes, "phase size");
        }
        e.phases.push_back(std::move(phase));
    }

} // namespace

Estimate SizingEngine::estimate(const SizingRequest& r)
{
    Estimate e;
    const std::uint64_t tp = r.tensorParallel;
    if (tp == 0 || tp > kMaxTensorParallel)
        throw SizingError("the tensor-parallel degree must be between 1 and 4096");
    e.tensorParallel = tp;
    const model::ModelShape* shape = r.shape ? &*r.shape : nullptr;

    // Parameters.
    if (shape) {
        e.parameters = shape->parameters().total;
        e.parameterSource = "exact count from the shapes of " + shape->source;
        append(e.assumptions, shape->notes);
    } else if (r.checkpoint) {
        e.parameters = r.checkpoint->totalElements;
        e.parameterSource = "element count of the safetensors header";
        if (r.checkpoint->quantized())
            e.assumptions.push_back("parameters: the checkpoint is quantized, so its element count counts packed "
                                    "codes and scales, not the model's parameters");
    } else if (r.parameters) {
        e.parameters = *r.parameters;
        e.parameterSource = "typed";
    } else {
        throw SizingError(
            "no model given: type a parameter count, or give a config.json, a safetensors file or a preset");
    }
    if (e.parameters == 0)
        throw SizingError("the parameter count must be greater than zero");

    // Weights.
    Component weights { "weights", "weights", std::nullopt, {} };
    if (r.bits) {
        const auto w = WeightEstimator::fromBits(e.parameters, *r.bits);
        weights.bytes = w.bytes;
        weights.note = std::to_string(*r.bits) + " bits per parameter, compact";
        append(e.assumptions, w.assumptions);
    } else if (r.checkpoint && r.weightsFromCheckpoint) {
        weights.bytes = r.checkpoint->totalBytes;
        weights.note = "stored bytes of the safetensors tensors (header, exact)";
        e.assumptions.push_back("weights: the tensors' bytes as stored in the safetensors checkpoint ("
            + std::to_string(r.checkpoint->files.size()) + " file(s)), loaded as stored");
    } else {
        const auto w
            = shape ? WeightEstimator::estimate(*shape, r.weights) : WeightEstimator::estimate(e.parameters, r.weights);
        weights.bytes = w.bytes;
        weights.note
            = std::string(weightFormatInfo(r.weights.format).label) + ", compute in " + scalarName(r.weights.compute);
        append(e.assumptions, w.assumptions);
        if (shape && !shape->torchDtype.empty())
            e.assumptions.push_back(std::string("weights: stored as ") + weightFormatInfo(r.weights.format).name
                + " as chosen; the config's torch_dtype is " + shape->torchDtype);
    }
    if (tp > 1) {
        weights.bytes = checked::ceilDiv(*weights.bytes, tp);
        e.assumptions.push_back("tensor parallel " + std::to_string(tp)
            + ": weights divided evenly per device (rounded "
              "up; small replicated tensors such as norms are not added back)");
    }
    e.components.push_back(weights);

    // KV cache.
    if (r.kvCache) {
        KvCacheOptions kv = *r.kvCache;
        if (shape) {
            const auto fromShape = KvCacheOptions::fromShape(*shape);
            if (kv.layers == 0)
                kv.layers = fromShape.layers;
            if (kv.kvHeads == 0)
                kv.kvHeads = fromShape.kvHeads;
            if (kv.headDim == 0)
                kv.headDim = fromShape.headDim;
            if (kv.layerWindows.empty() && !kv.slidingWindow && kv.layers == shape->layers)
                kv.layerWindows = fromShape.layerWindows;
        }
        if (tp > 1 && kv.kvHeads > 0) {
            const std::uint64_t perDevice = checked::ceilDiv(kv.kvHeads, tp);
            e.assumptions.push_back("tensor parallel " + std::to_string(tp) + ": " + std::to_string(perDevice) + " of "
                + std::to_string(kv.kvHeads) + " KV heads per device"
                + (kv.kvHeads < tp ? " (KV heads replicated: fewer heads than devices)" : ""));
            kv.kvHeads = perDevice;
        }
        const auto k = KvCacheEstimator::estimate(kv);
        e.components.push_back({ "kv_cache", "KV cache", k.bytes,
            std::to_string(k.tokens) + " tokens x " + std::to_string(kv.sequences) + " sequence(s)" });
        append(e.assumptions, k.assumptions);
    }

    // Training.
    if (r.training) {
        const auto t = TrainingEstimator::estimate(e.parameters, shape, *r.training, tp);
        if (r.training->mode == TrainingMode::LoRA)
            e.components.push_back({ "lora_adapters", "LoRA adapters", t.adapterBytes,
                std::to_string(t.trainableParameters) + " adapter parameters" });
        e.components.push_back({ "gradients", "gradients", t.gradients, scalarName(r.training->gradientType) });
        e.components.push_back(
            { "optimizer_states", "optimizer states", t.optimizerStates, optimizerName(r.training->optimizer) });
        if (r.training->masterWeights)
            e.components.push_back({ "master_weights", "fp32 master weights", t.masterWeights, "fp32" });
        e.components.push_back({ "activations", "activations", t.activations,
            r.training->activationCheckpointing ? "with activation checkpointing"
                                                : "without activation checkpointing" });
        if (t.logits)
            e.components.push_back({ "logits", "logits", t.logits, "fp32" });
        if (r.training->evalBatch > 0)
            e.components.push_back(
                { "evaluation", "evaluation batch", t.evaluation, "batch " + std::to_string(r.training->evalBatch) });
        if (r.training->exportCopy)
            e.components.push_back({ "export_copy", "export copy", t.exportCopy, scalarName(r.training->exportType) });
        append(e.assumptions, t.assumptions);
        if (!t.activations)
            e.assumptions.push_back("activations: left out of the totals (not computed)");
    }

    // Phases: which components are alive together.
    const std::vector<std::string> resident { "weights", "lora_adapters", "master_weights", "optimizer_states" };
    if (!r.training) {
        addPhase(e, "inference", { "weights", "kv_cache" });
    } else {
        auto step = resident;
        for (const char* c : { "gradients", "activations", "logits" })
            step.push_back(c);
        addPhase(e, "train_step", step);
        if (r.kvCache) {
            auto gen = resident;
            gen.push_back("kv_cache");
            addPhase(e, "generation", gen);
        }
        if (r.training->evalBatch > 0) {
            auto ev = resident;
            ev.push_back("evaluation");
            addPhase(e, "evaluation", ev);
        }
        if (r.training->exportCopy) {
            auto ex = resident;
            ex.push_back("export_copy");
            addPhase(e, "export", ex);
        }
    }
    for (const auto& c : e.components)
        if (c.bytes)
            e.sumOfComponents = checked::add(e.sumOfComponents, *c.bytes, "sum of components");
    for (const auto& p : e.phases) {
        if (e.largestPhase.empty() || p.bytes > e.largestPhaseBytes) {
            e.largestPhase = p.id;
            e.largestPhaseBytes = p.bytes;
        }
    }
    e.reserve = r.reserve;
    if (r.reserve.bytes > 0) {
        char typed[64];
        std::snprintf(typed, sizeof typed, "%g %s", r.reserve.typedValue, units::unitSymbol(r.reserve.unit));
        e.assumptions.push_back("reserve: " + std::string(typed) + " as typed (" + units::groupDigits(r.reserve.bytes)
            + " bytes)" + (tp > 1 ? ", on every device" : ""));
    }
    e.assumptions.push_back("total = largest phase (" + e.largestPhase
        + ") + reserve; sum of components adds every "
          "component once, as some other tools do");
    (void)e.total(); // throws now if the total overflows
    (void)e.totalSumOfComponents();
    return e;
}

} // namespace iteragpu::sizing
