// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/sizingengine.h"

#include "core/model/architecturesummary.h"

#include "core/units/checkedmath.h"
#include "core/sizing/componentlabels.h"
#include "core/sizing/phaselabels.h"
#include "core/sizing/blasworkspace.h"
#include "core/sizing/computationlines.h"
#include "core/sizing/decodertrainingsizer.h"
#include "core/sizing/inferenceactivations.h"
#include "core/sizing/kvcacheestimator.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/trainingchoices.h"
#include "core/sizing/trainingestimator.h"
#include "core/sizing/weightestimator.h"

#include <algorithm>
#include <cstdio>

namespace iteragpu::sizing {

namespace {

    constexpr std::uint64_t kMaxTensorParallel = 4096;

    void append(std::vector<i18n::Message>& to, const std::vector<i18n::Message>& from)
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
                phase.bytes = units::checked::add(phase.bytes, *comp->bytes, "phase size");
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
    if (shape && !shape->layerSpecs.empty()) {
        const auto summary = model::ArchitectureSummary::of(*shape);
        e.architecture = summary.lines();
        nlohmann::json groups = nlohmann::json::array();
        for (const auto& g : summary.groups)
            groups.push_back({ { "kind", g.kind }, { "layers", g.layers },
                { "window", g.window > 0 ? nlohmann::json(g.window) : nlohmann::json(nullptr) } });
        nlohmann::json apart = nlohmann::json::array();
        for (const auto& p : summary.apart)
            apart.push_back({ { "name", p.name },
                { "parameters", p.modelled ? nlohmann::json(p.parameters) : nlohmann::json(nullptr) },
                { "loaded", p.loaded } });
        e.architectureJson = { { "name", summary.architecture }, { "layers", summary.layers },
            { "assumed", shape->assumedArchitecture }, { "layers_by_kind", groups },
            { "moe_layers", summary.moeLayers },
            { "experts", summary.moeLayers > 0 ? nlohmann::json(summary.experts) : nlohmann::json(nullptr) },
            { "experts_per_token",
                summary.moeLayers > 0 ? nlohmann::json(summary.expertsPerToken) : nlohmann::json(nullptr) },
            { "shared_experts", summary.moeLayers > 0 ? nlohmann::json(summary.sharedExperts) : nlohmann::json(nullptr) },
            { "parameters_total", summary.parameters.total }, { "parameters_active", summary.parameters.active },
            { "apart", apart } };
    }
    if (shape) {
        e.parameters = shape->parameters().total;
        e.parameterSource = { //: %1 where the shapes come from (a config.json path or a preset's name)
            ITERAGPU_TRANSLATE_NOOP("Assumption", "exact count from the shapes of %1"), { shape->source }
        };
        append(e.assumptions, shape->notes);
    } else if (r.checkpoint) {
        e.parameters = r.checkpoint->totalElements;
        e.parameterSource = { ITERAGPU_TRANSLATE_NOOP("Assumption", "element count of the safetensors header") };
        if (r.checkpoint->quantized())
            e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                "parameters: the checkpoint is quantized, so its element count counts packed codes and scales, not "
                "the model's parameters") });
    } else if (r.gguf) {
        e.parameters = r.gguf->totalElements;
        e.parameterSource = { ITERAGPU_TRANSLATE_NOOP("Assumption", "element count of the GGUF file's tensors") };
    } else if (r.parameters) {
        e.parameters = *r.parameters;
        e.parameterSource = { ITERAGPU_TRANSLATE_NOOP("Assumption", "typed") };
    } else {
        throw SizingError(
            "no model given: type a parameter count, or give a config.json, a safetensors file or a preset");
    }
    if (e.parameters == 0)
        throw SizingError("the parameter count must be greater than zero");

    // Weights.
    Component weights { "weights", componentLabelEnglish("weights"), std::nullopt, {} };
    ComputationLine weightsLine;
    if (r.bits) {
        const auto w = WeightEstimator::fromBits(e.parameters, *r.bits);
        weights.bytes = w.bytes;
        weightsLine = ComputationLines::weightsFromBits(e.parameters, *r.bits, tp);
        weights.note = { //: %1 bits per parameter
            ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 bits per parameter, compact"), { *r.bits }
        };
        append(e.assumptions, w.assumptions);
    } else if (r.checkpoint && r.weightsFromCheckpoint) {
        weights.bytes = r.checkpoint->totalBytes;
        weightsLine = ComputationLines::weightsFromCheckpoint(r.checkpoint->totalBytes, r.checkpoint->files.size(), tp);
        weights.note
            = { ITERAGPU_TRANSLATE_NOOP("Assumption", "stored bytes of the safetensors tensors (header, exact)") };
        e.assumptions.push_back({ //: %1 number of files
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "weights: the tensors' bytes as stored in the safetensors checkpoint (files: %1), loaded as stored"),
            { r.checkpoint->files.size() } });
    } else if (r.gguf && r.weightsFromCheckpoint) {
        weights.bytes = r.gguf->totalBytes;
        std::string types;
        for (const auto& [type, totals] : r.gguf->byType)
            types += (types.empty() ? "" : ", ") + type + " x " + std::to_string(totals.tensors);
        weightsLine = ComputationLines::weightsFromGguf(r.gguf->totalBytes, types, tp);
        weights.note = { ITERAGPU_TRANSLATE_NOOP("Assumption", "stored bytes of the GGUF tensors (header, exact)") };
        e.assumptions.push_back({ //: %1 the GGUF file's name, %2 its ggml types and tensor counts
            ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: the tensors' bytes as stored in %1 (%2), loaded as stored"),
            { r.gguf->file, types } });
    } else {
        const auto w
            = shape ? WeightEstimator::estimate(*shape, r.weights) : WeightEstimator::estimate(e.parameters, r.weights);
        weights.bytes = w.bytes;
        weightsLine = ComputationLines::weightsFromFormat(w, r.weights, tp);
        weights.note = { //: %1 storage format (e.g. "NF4 (bitsandbytes)"), %2 compute data type (bf16, ...)
            ITERAGPU_TRANSLATE_NOOP("Assumption", "%1, compute in %2"),
            { i18n::Term { i18n::kWeightFormatContext, weightFormatInfo(r.weights.format).label },
                scalarName(r.weights.compute) }
        };
        append(e.assumptions, w.assumptions);
        if (r.storageFromTorchDtype)
            e.assumptions.push_back({ //: %1 storage format (bf16, fp16, fp32) read from config.json's torch_dtype
                ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: stored as %1 (the config's torch_dtype)"),
                { weightFormatInfo(r.weights.format).name } });
        else if (shape && !shape->torchDtype.empty())
            e.assumptions.push_back({ //: %1 storage format chosen (fp16, nf4, ...), %2 torch_dtype of config.json
                ITERAGPU_TRANSLATE_NOOP(
                    "Assumption", "weights: stored as %1 as chosen; the config's torch_dtype is %2"),
                { weightFormatInfo(r.weights.format).name, shape->torchDtype } });
    }
    if (tp > 1) {
        weights.bytes = units::checked::ceilDiv(*weights.bytes, tp);
        e.assumptions.push_back({ //: %1 number of devices
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "tensor parallel %1: weights divided evenly per device (rounded up; small replicated tensors such as "
                "norms are not added back)"),
            { tp } });
    }
    e.components.push_back(weights);
    e.computation.push_back(weightsLine);

    // KV cache.
    if (r.kvCache) {
        KvCacheOptions kv = *r.kvCache;
        if (shape) {
            const auto fromShape = KvCacheOptions::fromShape(*shape, kv.mlaLatent);
            // The model's own per-layer caches, unless a dimension typed differs from the model's or a window is
            // typed over them (a front end that fills its fields from the model passes the model's values).
            const bool ownDimensions = (kv.layers == 0 || kv.layers == fromShape.layers)
                && (kv.kvHeads == 0 || kv.kvHeads == fromShape.kvHeads) && (kv.headDim == 0 || kv.headDim == fromShape.headDim);
            if (ownDimensions && !kv.slidingWindow && kv.layerCaches.empty())
                kv.layerCaches = fromShape.layerCaches;
            if (kv.layers == 0)
                kv.layers = fromShape.layers;
            if (kv.kvHeads == 0)
                kv.kvHeads = fromShape.kvHeads;
            if (kv.headDim == 0)
                kv.headDim = fromShape.headDim;
            if (kv.layerWindows.empty() && !kv.slidingWindow && kv.layers == shape->layers)
                kv.layerWindows = fromShape.layerWindows;
        }
        const std::uint64_t kvHeadsAll = kv.kvHeads;
        if (tp > 1 && kv.kvHeads > 0) {
            const std::uint64_t perDevice = units::checked::ceilDiv(kv.kvHeads, tp);
            if (kv.kvHeads < tp)
                e.assumptions.push_back({ //: %1 number of devices, %2 KV heads per device, %3 KV heads in all
                    ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "tensor parallel %1: %2 of %3 KV heads per device (KV heads replicated: fewer heads than "
                        "devices)"),
                    { tp, perDevice, kv.kvHeads } });
            else
                e.assumptions.push_back({ //: %1 number of devices, %2 KV heads per device, %3 KV heads in all
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "tensor parallel %1: %2 of %3 KV heads per device"),
                    { tp, perDevice, kv.kvHeads } });
            kv.kvHeads = perDevice;
            for (auto& c : kv.layerCaches) {
                if (c.kind == LayerCache::Kind::State)
                    c.stateElements = units::checked::ceilDiv(c.stateElements, tp);
                else if (!c.replicated && c.heads > 0)
                    c.heads = units::checked::ceilDiv(c.heads, tp);
            }
            if (!kv.layerCaches.empty())
                e.assumptions.push_back({ //: %1 number of devices
                    ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "tensor parallel %1: each layer's KV heads and state divided per device (rounded up); an MLA "
                        "latent is kept whole on every device"),
                    { tp } });
        }
        const auto k = KvCacheEstimator::estimate(kv);
        e.kvCache = kv;
        e.kvByKind = k.byKind;
        e.computation.push_back(ComputationLines::kvCache(kv, k, tp, kvHeadsAll));
        e.components.push_back({ "kv_cache", componentLabelEnglish("kv_cache"), k.bytes,
            { //: %1 tokens per sequence, %2 number of sequences
                ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 tokens x %2 sequence(s)"), { k.tokens, kv.sequences } } });
        if (k.stateBytes > 0)
            e.computation.push_back(ComputationLines::stateCache(kv, k));
        if (k.stateBytes > 0)
            e.components.push_back({ "state_cache", componentLabelEnglish("state_cache"), k.stateBytes,
                { //: %1 number of sequences
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "recurrent state x %1 sequence(s), whatever the tokens"),
                    { kv.sequences } } });
        append(e.assumptions, k.assumptions);
    }

    // Inference activations: only when the attention implementation is chosen (the estimate without it is kept
    // as it was, byte for byte).
    bool perPhase = false;
    if (r.attention && !r.training) {
        const AttentionImpl attention = *r.attention;
        e.assumptions.push_back({ //: %1 the attention implementation (eager or sdpa)
            ITERAGPU_TRANSLATE_NOOP("Assumption", "attention: %1"), { attentionImplName(attention) } });
        if (shape && e.kvCache) {
            bool quantized = false;
            if (!r.bits) {
                if (r.checkpoint && r.weightsFromCheckpoint)
                    quantized = r.checkpoint->quantized();
                else if (r.gguf && r.weightsFromCheckpoint)
                    quantized = r.gguf->quantized();
                else
                    quantized = weightFormatInfo(r.weights.format).quantized;
            }
            const auto a
                = InferenceActivations::estimate(*shape, *e.kvCache, r.weights.compute, quantized, attention, tp);
            e.inferenceActivations = a;
            e.components.push_back({ "prefill_activations", componentLabelEnglish("prefill_activations"),
                a.prefill.bytes,
                { //: %1 the largest stage of the prefill (projections, attention, mixer, mlp, output)
                    ITERAGPU_TRANSLATE_NOOP("Assumption", "largest stage: %1"), { a.prefill.stage } } });
            e.computation.push_back(ComputationLines::prefillActivations(a.prefill, attention, tp));
            if (a.decodes) {
                e.components.push_back({ "decode_activations", componentLabelEnglish("decode_activations"),
                    a.decode.bytes,
                    { //: %1 the largest stage of a decode step (projections, attention, mixer, mlp, output, cache_growth)
                        ITERAGPU_TRANSLATE_NOOP("Assumption", "largest stage: %1"), { a.decode.stage } } });
                e.computation.push_back(ComputationLines::decodeActivations(a.decode, attention, tp));
            }
            if (a.dequantization > 0) {
                e.components.push_back({ "dequantization", componentLabelEnglish("dequantization"), a.dequantization,
                    i18n::Message::verbatim(scalarName(r.weights.compute)) });
                e.computation.push_back(ComputationLines::dequantization(a, tp));
                e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "dequantization: the largest quantized linear's weight dequantized into the compute type, added "
                    "to each phase on top of its largest stage (an upper bound: it lives only while its linear "
                    "runs)") });
            }
            if (attention == AttentionImpl::Eager)
                e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "activations: eager attention holds its scores [sequences, heads, queries, keys] in the compute "
                    "type and their float32 softmax at once") });
            else
                e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "activations: sdpa attention (a fused kernel) holds no scores matrix; its small scratch is not "
                    "counted") });
            e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                "phases: prefill and decode each count the whole KV cache; a growing cache holds only the prompt's "
                "during the prefill (the per-phase estimate counts that)") });
            perPhase = true;
        } else {
            e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                "inference activations: not computed, they need the model shape (--config or --preset) and the "
                "tokens (--tokens)") });
        }
        e.assumptions.push_back(BlasWorkspace::assumption());
    }

    // Training: from the decoder's tensor inventory when the model is one the decoder builds (Note [Training
    // step in closed form], decodertrainingsizer.cpp), else from the parameter count and Korthikanti et al.
    std::optional<TrainingStepEstimate> step;
    if (r.training) {
        TrainingOptions options = *r.training;
        if (r.attention)
            options.attention = r.attention;
        // The weights the step loads: the format chosen, or the checkpoint's own when its bytes are the weights.
        WeightOptions storage = r.weights;
        std::string why;
        if (!shape)
            why = "no model shape";
        else if (tp > 1)
            why = "tensor parallelism (the decoder's step runs on one device)";
        else if (r.bits)
            why = "typed bits per parameter";
        else if (r.gguf && r.weightsFromCheckpoint)
            why = "the weights are a GGUF file's as stored";
        else if (r.checkpoint && r.weightsFromCheckpoint) {
            if (r.storedWeights)
                storage = *r.storedWeights;
            else
                why = "the checkpoint's storage format is not known";
        }
        storage.compute = options.activationType; // the activations' type (Note [Compute format])
        const training::RecipeChoices choices = recipeChoices(options, storage);
        const training::TrainingRecipe recipe = training::resolveRecipe(choices);
        if (const std::string invalid = training::validateRecipe(recipe); !invalid.empty())
            throw SizingError(invalid);
        DecoderTrainingSizer::Inputs in;
        in.weights = storage;
        in.attention = options.attention.value_or(AttentionImpl::Sdpa);
        in.choices = choices;
        in.sgdMomentum = options.optimizer == Optimizer::SGDMomentum;
        if (why.empty())
            why = DecoderTrainingSizer::unsupported(*shape, in);
        if (why.empty())
            step = DecoderTrainingSizer::estimate(*shape, in);
        using i18n::Message;
        if (step) {
            const TrainingStepEstimate& t = *step;
            for (const auto& line : t.lines)
                e.computation.push_back(line);
            const bool lora = recipe.method != training::Method::Full;
            const std::string adapterType = recipe.adapterFp32 ? "fp32" : scalarName(storage.compute);
            const std::string paramType = lora ? adapterType
                : storage.format == WeightFormat::FP32 ? std::string("fp32")
                                                       : std::string(weightFormatInfo(storage.format).name);
            const auto component = [&](const char* id, std::uint64_t bytes, Message note) {
                e.components.push_back({ id, componentLabelEnglish(id), bytes, std::move(note) });
            };
            // In the order of the step's lines (one per component).
            for (const auto& line : t.lines) {
                const std::string& id = line.componentId;
                if (id == "lora_adapters")
                    component("lora_adapters", t.adapters,
                        { //: %1 number of adapter parameters
                            ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 adapter parameters"), { t.trainableElements } });
                else if (id == "inputs")
                    component("inputs", t.inputs, Message::verbatim("int32"));
                else if (id == "gradients")
                    component("gradients", t.gradients, Message::verbatim(paramType));
                else if (id == "optimizer_states")
                    component("optimizer_states", t.optimizerStates,
                        Message::verbatim(std::string(training::optimizerKindName(recipe.optimizer))
                            + (recipe.pagedOptimizer ? ", paged" : "")));
                else if (id == "master_weights")
                    component("master_weights", t.masterWeights, Message::verbatim("fp32"));
                else if (id == "activations")
                    component("activations", t.activations,
                        recipe.checkpointing
                            ? Message { ITERAGPU_TRANSLATE_NOOP("Assumption", "with activation checkpointing") }
                            : Message { ITERAGPU_TRANSLATE_NOOP("Assumption", "without activation checkpointing") });
                else if (id == "logits")
                    component("logits", t.lossBuffers,
                        Message::verbatim(recipe.lossChunks == 0
                                ? std::string("whole, float32 log-probabilities")
                                : std::to_string(recipe.lossChunks) + " chunks, float32 log-probabilities"));
                else if (id == "evaluation")
                    component("evaluation", t.evaluation,
                        { //: %1 evaluation batch size
                            ITERAGPU_TRANSLATE_NOOP("Assumption", "evaluation batch: %1"), { recipe.evalBatch } });
                else if (id == "export_copy")
                    component("export_copy", t.exportCopy, Message::verbatim("16 bit"));
                else if (id == "training_transient")
                    component("training_transient", t.transient, Message::verbatim(t.phase(t.peakPhase)->peakStage));
            }
            append(e.assumptions, t.assumptions);
            const std::string ownType = lora ? adapterType : paramType;
            if (options.gradientTypeChosen && scalarName(options.gradientType) != ownType)
                e.assumptions.push_back({ //: %1 the parameters' data type, %2 the gradient type given
                    ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "training: each gradient in its parameter's dtype (%1), as PyTorch keeps it; the gradient "
                        "type %2 is not applied"),
                    { ownType, scalarName(options.gradientType) } });
            if (options.optimizer == Optimizer::Adam)
                e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP(
                    "Assumption", "optimizer: adam keeps the same two moments as adamw and is sized as adamw") });
            if (options.masterWeights && lora)
                e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "training: master weights are a full fine-tune's; LoRA adapters train in their own dtype") });
            e.trainingStep = step;
        } else {
            const TrainingOptions resolved = resolvedOptions(options, recipe, r.weights.compute);
            if (shape)
                e.assumptions.push_back({ //: %1 why the decoder's inventory does not size this step (English)
                    ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "training step: Korthikanti et al.'s formula and the parameter count, not the decoder's "
                        "tensor inventory: %1"),
                    { why } });
            const auto t = TrainingEstimator::estimate(e.parameters, shape, resolved, tp);
            for (auto& line : ComputationLines::training(e.parameters, shape, resolved, t, tp))
                e.computation.push_back(std::move(line));
            if (resolved.mode == TrainingMode::LoRA)
                e.components.push_back({ "lora_adapters", componentLabelEnglish("lora_adapters"), t.adapterBytes,
                    { //: %1 number of adapter parameters
                        ITERAGPU_TRANSLATE_NOOP("Assumption", "%1 adapter parameters"), { t.trainableParameters } } });
            e.components.push_back({ "gradients", componentLabelEnglish("gradients"), t.gradients,
                Message::verbatim(scalarName(resolved.gradientType)) });
            e.components.push_back({ "optimizer_states", componentLabelEnglish("optimizer_states"),
                t.optimizerStates, Message::verbatim(optimizerName(*resolved.optimizer)) });
            if (resolved.masterWeights)
                e.components.push_back({ "master_weights", componentLabelEnglish("master_weights"), t.masterWeights,
                    Message::verbatim("fp32") });
            e.components.push_back({ "activations", componentLabelEnglish("activations"), t.activations,
                *resolved.activationCheckpointing
                    ? Message { ITERAGPU_TRANSLATE_NOOP("Assumption", "with activation checkpointing") }
                    : Message { ITERAGPU_TRANSLATE_NOOP("Assumption", "without activation checkpointing") } });
            if (t.logits)
                e.components.push_back(
                    { "logits", componentLabelEnglish("logits"), t.logits, Message::verbatim("fp32") });
            if (resolved.evalBatch > 0)
                e.components.push_back({ "evaluation", componentLabelEnglish("evaluation"), t.evaluation,
                    { //: %1 evaluation batch size
                        ITERAGPU_TRANSLATE_NOOP("Assumption", "evaluation batch: %1"), { resolved.evalBatch } } });
            if (resolved.exportCopy)
                e.components.push_back({ "export_copy", componentLabelEnglish("export_copy"), t.exportCopy,
                    Message::verbatim(scalarName(resolved.exportType)) });
            append(e.assumptions, t.assumptions);
            if (!t.activations)
                e.assumptions.push_back(
                    { ITERAGPU_TRANSLATE_NOOP("Assumption", "activations: left out of the totals (not computed)") });
        }
    }

    // Phases: which components are alive together.
    const std::vector<std::string> resident { "weights", "lora_adapters", "master_weights", "optimizer_states" };
    if (!r.training) {
        if (perPhase) {
            addPhase(e, "prefill", { "weights", "kv_cache", "state_cache", "prefill_activations", "dequantization" });
            if (e.find("decode_activations"))
                addPhase(e, "decode", { "weights", "kv_cache", "state_cache", "decode_activations", "dequantization" });
        } else {
            addPhase(e, "inference", { "weights", "kv_cache", "state_cache" });
        }
    } else if (step) {
        // The step's phases, each its peak with the parts alive at that moment.
        for (const auto& p : step->phases) {
            Phase phase;
            phase.id = p.phase;
            phase.bytes = p.peakAllocated;
            for (const auto& part : p.parts) {
                const bool own = p.phase == "eval"
                    && (part.id == "activations" || part.id == "logits" || part.id == "training_transient"
                        || part.id == "inputs");
                if (!own && e.find(part.id))
                    phase.componentIds.push_back(part.id);
            }
            if (p.phase == "eval")
                phase.componentIds.push_back("evaluation");
            e.phases.push_back(std::move(phase));
        }
        if (r.kvCache) {
            auto gen = resident;
            gen.push_back("kv_cache");
            gen.push_back("state_cache");
            addPhase(e, "generation", gen);
        }
    } else {
        auto step = resident;
        for (const char* c : { "gradients", "activations", "logits" })
            step.push_back(c);
        addPhase(e, "train_step", step);
        if (r.kvCache) {
            auto gen = resident;
            gen.push_back("kv_cache");
            gen.push_back("state_cache");
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
            e.sumOfComponents = units::checked::add(e.sumOfComponents, *c.bytes, "sum of components");
    for (const auto& p : e.phases) {
        if (e.largestPhase.empty() || p.bytes > e.largestPhaseBytes) {
            e.largestPhase = p.id;
            e.largestPhaseBytes = p.bytes;
        }
    }
    e.reserve = r.reserve;
    if (r.reserve.bytes > 0) {
        e.computation.push_back(ComputationLines::reserve(r.reserve, tp));
        char typed[64];
        std::snprintf(typed, sizeof typed, "%g %s", r.reserve.typedValue, units::unitSymbol(r.reserve.unit));
        if (r.reserve.defaulted && tp > 1)
            e.assumptions.push_back({ //: %1 the default reserve (e.g. "4 GiB"), %2 the same in bytes
                ITERAGPU_TRANSLATE_NOOP("Assumption", "reserve: %1 by default, none typed (%2 bytes), on every device"),
                { std::string(typed), i18n::Arg::grouped(r.reserve.bytes) } });
        else if (r.reserve.defaulted)
            e.assumptions.push_back({ //: %1 the default reserve (e.g. "4 GiB"), %2 the same in bytes
                ITERAGPU_TRANSLATE_NOOP("Assumption", "reserve: %1 by default, none typed (%2 bytes)"),
                { std::string(typed), i18n::Arg::grouped(r.reserve.bytes) } });
        else if (tp > 1)
            e.assumptions.push_back({ //: %1 the reserve as typed (e.g. "4 GiB"), %2 the same in bytes
                ITERAGPU_TRANSLATE_NOOP("Assumption", "reserve: %1 as typed (%2 bytes), on every device"),
                { std::string(typed), i18n::Arg::grouped(r.reserve.bytes) } });
        else
            e.assumptions.push_back({ //: %1 the reserve as typed (e.g. "4 GiB"), %2 the same in bytes
                ITERAGPU_TRANSLATE_NOOP("Assumption", "reserve: %1 as typed (%2 bytes)"),
                { std::string(typed), i18n::Arg::grouped(r.reserve.bytes) } });
    }
    e.assumptions.push_back({ //: %1 the largest phase's name (inference, train_step, ...)
        ITERAGPU_TRANSLATE_NOOP("Assumption",
            "total = largest phase (%1) + reserve; sum of components adds every component once, as some other tools "
            "do"),
        { phaseLabel(e.largestPhase) } });
    (void)e.total(); // throws now if the total overflows
    (void)e.totalSumOfComponents();
    return e;
}

} // namespace iteragpu::sizing
