// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/sizinginputs.h"

#include "core/model/configreader.h"
#include "core/model/ggufreader.h"
#include "core/model/jsonguard.h"
#include "core/model/modellimits.h"
#include "core/model/safetensorsreader.h"
#include "core/sizing/modelresolver.h"
#include "core/sizing/quantizedformat.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/reserve.h"
#include "core/sizing/sizingerror.h"

namespace iteragpu::sizing {

namespace {

    constexpr std::uint64_t kMaxBits = 64; // bits per parameter

    bool floatingPoint(ScalarType t) { return t != ScalarType::INT8 && t != ScalarType::INT4; }

    std::uint64_t positive(const std::optional<std::uint64_t>& value, const char* what)
    {
        if (value && *value == 0)
            throw SizingError(std::string(what) + " must be greater than zero");
        return value.value_or(0);
    }

    const Preset& findPreset(const PresetLibrary& library, const std::string& id)
    {
        const auto* p = library.find(id);
        if (!p) {
            std::string known;
            for (const auto& preset : library.presets())
                known += (known.empty() ? "" : ", ") + preset.id;
            throw SizingError("unknown preset '" + id + "' (known: " + known + ")");
        }
        return *p;
    }

    // Where a model is read from, once --model is resolved.
    struct ModelFiles {
        std::string preset, config, safetensors, gguf;
    };

    // What --model names (SizingInputs::modelName) as files, by the one resolver (ModelResolver).
    ModelFiles resolveModelName(const std::string& named)
    {
        const ResolvedModel m = ModelResolver::resolve(named);
        ModelFiles f;
        if (m.kind == ResolvedModel::Kind::Preset)
            f.preset = m.presetId;
        f.config = m.config.string();
        f.safetensors = m.safetensors.string();
        f.gguf = m.gguf.string();
        return f;
    }

    void noteOn(SizingRequest& r, i18n::Message note)
    {
        if (r.shape)
            r.shape->notes.push_back(std::move(note));
    }

    // quantization_config: the storage format unless one was typed; a typed one that differs is named.
    void applyQuantization(const SizingInputs& in, const model::QuantizationConfig& q, SizingRequest& r)
    {
        if (!in.storageChosen) {
            const QuantizedFormat f = QuantizedFormat::fromConfig(q);
            r.weights.format = f.format;
            if (f.groupSize && !in.groupSize)
                r.weights.groupSize = *f.groupSize;
            if (f.blockSize && !in.blockSize)
                r.weights.blockSize = *f.blockSize;
            r.weights.fp8BlockRows = f.fp8BlockRows;
            r.weights.fp8BlockColumns = f.fp8BlockColumns;
            noteOn(r, { //: %1 the quantization_config in a few words ("GPTQ 4-bit, group 128"), %2 the format name
                ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: stored as config.json's quantization_config says (%1): %2"),
                { q.summary(), weightFormatInfo(f.format).name } });
            for (const auto& n : f.notes)
                noteOn(r, n);
            return;
        }
        std::optional<QuantizedFormat> f;
        try {
            f = QuantizedFormat::fromConfig(q);
        } catch (const SizingError&) {
        }
        const bool sameFormat = f && f->format == in.storage;
        const bool sameGroup = !f || !f->groupSize || !in.groupSize || *f->groupSize == *in.groupSize;
        if (sameFormat) { // the format chosen is the file's: its block scales are the file's too
            r.weights.fp8BlockRows = f->fp8BlockRows;
            r.weights.fp8BlockColumns = f->fp8BlockColumns;
        }
        if (!sameFormat || !sameGroup)
            noteOn(r, { //: %1 the quantization_config in a few words ("GPTQ 4-bit, group 128"), %2 the format chosen
                ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "conflict: config.json's quantization_config says %1, but the weights are sized as chosen: %2"),
                { q.summary(),
                    std::string(weightFormatInfo(in.storage).name)
                        + (in.groupSize ? ", group " + std::to_string(*in.groupSize) : std::string()) } });
    }

    // The checkpoint's own storage (SizingRequest::storedWeights), with the request's compute type and sizes.
    std::optional<WeightOptions> storedWeightsOf(
        const std::optional<model::QuantizationConfig>& quantization, const SizingRequest& r)
    {
        WeightOptions w = r.weights;
        if (quantization) {
            std::optional<QuantizedFormat> f;
            try {
                f = QuantizedFormat::fromConfig(*quantization);
            } catch (const SizingError&) {
                return std::nullopt; // a method no format here stores: only a typed --format sizes it
            }
            w.format = f->format;
            if (f->groupSize)
                w.groupSize = *f->groupSize;
            if (f->blockSize)
                w.blockSize = *f->blockSize;
            w.fp8BlockRows = f->fp8BlockRows;
            w.fp8BlockColumns = f->fp8BlockColumns;
            return w;
        }
        if (!r.shape)
            return std::nullopt;
        const auto f = weightFormatOfTorchDtype(r.shape->torchDtype);
        if (!f)
            return std::nullopt;
        w.format = *f;
        return w;
    }

} // namespace

SizingRequest makeRequest(const SizingInputs& in)
{
    SizingRequest r;

    // Model source.
    if (in.parameters)
        r.parameters = positive(in.parameters, "the parameter count");
    if (in.bits) {
        if (*in.bits == 0 || *in.bits > kMaxBits)
            throw SizingError("bits per parameter must be between 1 and 64");
        r.bits = in.bits;
    }
    if (!in.presetId.empty() && !in.configPath.empty())
        throw SizingError("give either a preset or a config.json, not both");
    if (!in.modelName.empty()
        && (!in.presetId.empty() || !in.configPath.empty() || !in.safetensorsPath.empty() || !in.ggufPath.empty()))
        throw SizingError("--model names the whole model: give it without a preset, config.json, safetensors or GGUF");
    ModelFiles files { in.presetId, in.configPath, in.safetensorsPath, in.ggufPath };
    if (!in.modelName.empty())
        files = resolveModelName(in.modelName);
    if (!files.gguf.empty() && (!files.preset.empty() || !files.config.empty() || !files.safetensors.empty()))
        throw SizingError("a GGUF file gives the model's shape and weights: give it without a preset, config.json or "
                          "safetensors");
    // The files are read only when the front end has not loaded the shape already (the panel re-estimates on
    // every keystroke); the shape carries the trained context with it.
    std::optional<model::QuantizationConfig> quantization = in.quantization;
    if (in.shape) {
        r.shape = in.shape;
    } else if (!files.preset.empty()) {
        const auto library = PresetLibrary::loadDefault();
        const Preset& p = findPreset(library, files.preset);
        r.shape = p.shape;
        r.shape->source = "preset " + p.id + " (" + p.source + ")";
        if (!quantization)
            quantization = p.quantization;
    } else if (!files.config.empty()) {
        r.shape = model::ConfigReader::readFile(files.config, { in.assumeArchitecture });
        if (!quantization)
            quantization = model::ConfigReader::readQuantization(files.config);
    }
    if (in.checkpoint)
        r.checkpoint = in.checkpoint;
    else if (!files.safetensors.empty())
        r.checkpoint = model::SafetensorsReader::read(files.safetensors);
    if (in.gguf)
        r.gguf = in.gguf;
    else if (!files.gguf.empty())
        r.gguf = model::GgufReader::readFile(files.gguf);
    if (r.gguf && !r.shape)
        r.shape = model::GgufReader::shape(*r.gguf, r.gguf->file);
    if (!r.shape && !r.checkpoint && !r.gguf && !r.parameters)
        throw SizingError(
            "no model given: type a parameter count, or give a config.json, a safetensors file or a preset");
    r.weightsFromCheckpoint = in.weightsFromCheckpoint;

    // Formats. See Note [Compute format] in sizinginputs.h: the compute format is the type of the activations and,
    // unless a gradient type is given, of the gradients; the weights' bytes follow the storage format only.
    if (!floatingPoint(in.compute))
        throw SizingError(std::string("the compute format must be a floating-point type (fp32, fp16, bf16, fp8_e4m3, "
                                      "fp8_e5m2), not ")
            + scalarName(in.compute));
    r.weights.format = in.storage;
    r.weights.compute = in.compute;
    if (in.blockSize)
        r.weights.blockSize = positive(in.blockSize, "the quantization block size");
    if (in.groupSize)
        r.weights.groupSize = positive(in.groupSize, "the quantization group size");
    if (quantization)
        applyQuantization(in, *quantization, r);
    r.storedWeights = storedWeightsOf(quantization, r);
    if (!quantization && !in.storageChosen && r.shape)
        if (const auto f = weightFormatOfTorchDtype(r.shape->torchDtype)) {
            // No format chosen: the weights stored as the config says, as 'measure' stores them.
            r.weights.format = *f;
            r.storageFromTorchDtype = true;
        }

    // Training.
    if (in.mode != SizingMode::Inference) {
        TrainingOptions t;
        t.mode = in.mode == SizingMode::LoRA ? TrainingMode::LoRA : TrainingMode::Full;
        t.framework = in.framework;
        t.optimizer = in.optimizer;
        t.masterWeights = in.masterWeights;
        if (in.loraRank && *in.loraRank == 0)
            throw SizingError("the LoRA rank must be greater than zero");
        t.loraRank = in.loraRank;
        t.loraTargets = in.loraTargets;
        if (in.adapterFp32)
            t.adapterType = *in.adapterFp32 ? ScalarType::FP32 : in.compute;
        if (in.microBatch && *in.microBatch == 0)
            throw SizingError("the micro-batch must be greater than zero");
        t.microBatch = in.microBatch;
        if (in.sequenceLength == 0)
            throw SizingError("the training sequence length must be greater than zero");
        t.sequenceLength = in.sequenceLength;
        t.activationCheckpointing = in.checkpointing;
        if (in.gradAccum && *in.gradAccum == 0)
            throw SizingError("gradient accumulation needs at least 1 micro-batch");
        t.gradAccum = in.gradAccum;
        t.lossChunks = in.lossChunks;
        t.pagedOptimizer = in.pagedOptimizer;
        t.optimizerInBackward = in.optimizerInBackward;
        t.activationType = in.compute;
        t.gradientType = in.gradientType.value_or(in.compute);
        t.gradientTypeChosen = in.gradientType.has_value();
        t.evalBatch = in.evalBatch;
        t.exportCopy = in.exportCopy;
        r.training = t;
    }

    // KV cache: dimensions left at 0 are filled from the shape by the engine (with the model's per-layer windows
    // while the layer count is the model's and no window is typed).
    if (in.kvCache) {
        KvCacheOptions kv;
        kv.layers = positive(in.layers, "the KV cache's layers");
        if (const std::string why = model::layersProblem(kv.layers, "the KV cache's layers"); !why.empty())
            throw SizingError(why); // Note [Model limits]
        kv.kvHeads = positive(in.kvHeads, "the KV cache's KV heads");
        kv.headDim = positive(in.headDim, "the KV cache's head_dim");
        kv.promptTokens = in.promptTokens;
        kv.generatedTokens = in.generatedTokens;
        if (in.sequences == 0)
            throw SizingError("the KV cache needs at least one sequence");
        kv.sequences = in.sequences;
        kv.dtype = in.kvDtype;
        if (in.kvBytesPerElement)
            kv.bytesPerElement = positive(in.kvBytesPerElement, "the KV cache's bytes per element");
        if (in.slidingWindow)
            kv.slidingWindow = positive(in.slidingWindow, "the sliding window");
        kv.staticCache = in.staticCache || in.staticCapacity.has_value();
        if (in.staticCapacity)
            kv.staticCapacity = positive(in.staticCapacity, "the static cache capacity");
        if (in.pagedCache && kv.staticCache)
            throw SizingError("a KV cache is either static or paged, not both");
        kv.paged = in.pagedCache;
        kv.mlaLatent = in.mlaLatent;
        // No length typed: the model's trained context, the longest prompt it was made for.
        if (kv.promptTokens + kv.generatedTokens == 0 && !kv.staticCapacity && r.shape && r.shape->trainedContext) {
            kv.promptTokens = *r.shape->trainedContext;
            noteOn(r, { //: %1 tokens (the model's max_position_embeddings or GGUF context_length)
                ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "KV cache: no prompt length typed, so the model's trained context of %1 tokens"),
                { i18n::Arg::grouped(kv.promptTokens) } });
        }
        if (kv.promptTokens + kv.generatedTokens == 0 && !kv.staticCapacity)
            throw SizingError("the KV cache needs at least one prompt or generated token");
        if (!r.shape && (kv.layers == 0 || kv.kvHeads == 0 || kv.headDim == 0))
            throw SizingError("the KV cache needs layers, KV heads and head_dim (or a config.json or preset)");
        r.kvCache = kv;
    }

    r.attention = in.attention;
    r.reserve = in.reserveBytes ? Reserve::exact(in.reserveValue, in.reserveUnit, *in.reserveBytes)
                                : Reserve::typed(in.reserveValue, in.reserveUnit);
    r.reserve.defaulted = in.reserveDefaulted && !in.reserveBytes;
    if (in.tensorParallel == 0)
        throw SizingError("the tensor-parallel degree must be between 1 and 4096");
    r.tensorParallel = in.tensorParallel;
    return r;
}

} // namespace iteragpu::sizing
