// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/computationlines.h"

#include "core/sizing/scalartype.h"
#include "core/sizing/trainingestimator.h"
#include "core/sizing/weightformat.h"
#include "core/units/checkedmath.h"
#include "core/units/readablesize.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace iteragpu::sizing {

namespace {

    using i18n::Arg;
    using i18n::Message;
    using i18n::Term;
    namespace checked = units::checked;

    constexpr const char* kWhat = "computation line";
    constexpr const char* kCtx = kComputationContext;
    constexpr std::uint64_t kAdam8bitBlock = 256; // elements per absmax block, as TrainingEstimator

    Arg g(std::uint64_t n) { return Arg::grouped(n); }

    Term sequences(std::uint64_t n)
    {
        return n == 1 ? Term { kCtx, ITERAGPU_TRANSLATE_NOOP("Computation", "sequence") }
                      : Term { kCtx, ITERAGPU_TRANSLATE_NOOP("Computation", "sequences") };
    }

    Term layers(std::uint64_t n)
    {
        return n == 1 ? Term { kCtx, ITERAGPU_TRANSLATE_NOOP("Computation", "layer") }
                      : Term { kCtx, ITERAGPU_TRANSLATE_NOOP("Computation", "layers") };
    }

    // The engine divides these amounts by the tensor-parallel degree after computing them (rounded up).
    void splitAfter(ComputationLine& line, std::uint64_t whole, std::uint64_t tp)
    {
        line.bytes = checked::ceilDiv(whole, tp);
        if (tp > 1)
            line.perDevice = { //: %1 number of devices, %2 bytes per device
                ITERAGPU_TRANSLATE_NOOP("Computation", "/ %1 devices, rounded up = %2 bytes per device"),
                { g(tp), g(line.bytes) }, kCtx };
    }

    // The engine divides the trainable parameters first (rounded up), then multiplies.
    Message splitTrainable(std::uint64_t all, std::uint64_t tp)
    {
        if (tp <= 1)
            return {};
        return { //: %1 trainable parameters in all, %2 number of devices, %3 trainable parameters per device
            ITERAGPU_TRANSLATE_NOOP("Computation", "trainable parameters per device: %1 / %2 devices, rounded up = %3"),
            { g(all), g(tp), g(checked::ceilDiv(all, tp)) }, kCtx };
    }

    std::uint64_t formatBits(WeightFormat f)
    {
        switch (f) {
        case WeightFormat::FP32:
            return 32;
        case WeightFormat::FP16:
        case WeightFormat::BF16:
            return 16;
        case WeightFormat::FP8E4M3:
        case WeightFormat::FP8E5M2:
        case WeightFormat::Int8:
            return 8;
        default:
            return 4;
        }
    }

} // namespace

std::string ComputationLine::english() const
{
    std::string s = formula.english();
    if (perDevice.source && *perDevice.source)
        s += "; " + perDevice.english();
    return s;
}

const char* provenanceName(Provenance provenance)
{
    return provenance == Provenance::Computed ? "computed" : "assumed";
}

i18n::Term provenanceLabel(Provenance provenance)
{
    return provenance == Provenance::Computed ? Term { kCtx, ITERAGPU_TRANSLATE_NOOP("Computation", "computed") }
                                              : Term { kCtx, ITERAGPU_TRANSLATE_NOOP("Computation", "assumed") };
}

ComputationLine ComputationLines::weightsFromBits(std::uint64_t parameters, std::uint64_t bits, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "weights";
    const std::uint64_t whole = checked::bitsToBytes(parameters, bits, kWhat);
    line.formula = { //: %1 parameter count, %2 bits per parameter, %3 bytes
        ITERAGPU_TRANSLATE_NOOP("Computation", "%1 parameters x %2 bit / 8 = %3 bytes"),
        { g(parameters), g(bits), g(whole) }, kCtx };
    splitAfter(line, whole, tp);
    return line;
}

ComputationLine ComputationLines::weightsFromCheckpoint(std::uint64_t storedBytes, std::size_t files, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "weights";
    line.formula = { //: %1 bytes, %2 number of files
        ITERAGPU_TRANSLATE_NOOP("Computation", "the tensors' bytes as stored in the safetensors header = %1 bytes "
                                               "(files: %2)"),
        { g(storedBytes), g(files) }, kCtx };
    splitAfter(line, storedBytes, tp);
    return line;
}

ComputationLine ComputationLines::weightsFromGguf(std::uint64_t storedBytes, const std::string& types, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "weights";
    line.formula = { //: %1 bytes, %2 the ggml types and their tensor counts ("Q4_K x 193, F32 x 65")
        ITERAGPU_TRANSLATE_NOOP("Computation", "the tensors' bytes as stored in the GGUF file = %1 bytes (%2)"),
        { g(storedBytes), types }, kCtx };
    splitAfter(line, storedBytes, tp);
    return line;
}

ComputationLine ComputationLines::weightsFromFormat(const WeightEstimate& w, const WeightOptions& o, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "weights";
    const auto& info = weightFormatInfo(o.format);
    const std::uint64_t bits = formatBits(o.format);
    const Term format { i18n::kWeightFormatContext, info.label };
    const std::uint64_t codes = checked::bitsToBytes(w.quantizedParameters, bits, kWhat);
    const std::uint64_t keptBits = scalarBits(o.keptType);
    const std::uint64_t kept = checked::bitsToBytes(w.keptParameters, keptBits, kWhat);
    std::uint64_t whole = 0;
    if (codes == w.payloadBytes && w.metadataBytes == 0 && w.keptParameters == 0) {
        whole = codes;
        line.formula = { //: %1 parameter count, %2 bits per parameter, %3 bytes, %4 storage format
            ITERAGPU_TRANSLATE_NOOP("Computation", "%1 parameters x %2 bit / 8 = %3 bytes (%4)"),
            { g(w.quantizedParameters), g(bits), g(whole), format }, kCtx };
    } else if (codes == w.payloadBytes && kept == w.keptBytes) {
        whole = checked::add(checked::add(codes, w.metadataBytes, kWhat), kept, kWhat);
        line.formula = { //: %1 parameters stored in the format, %2 its bits, %3 bytes of scales, zeros and other
                         //: metadata, %4 parameters kept in 16 bit (embeddings, norms...), %5 their bits, %6 bytes,
                         //: %7 storage format
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "%1 parameters x %2 bit / 8 + %3 bytes of scales and other metadata + %4 kept parameters x %5 bit / 8 "
                "= %6 bytes (%7)"),
            { g(w.quantizedParameters), g(bits), g(w.metadataBytes), g(w.keptParameters), g(keptBits), g(whole),
                format },
            kCtx };
        line.provenance = w.metadataBytes > 0 ? Provenance::Assumed : Provenance::Computed;
    } else {
        // Packed layouts (GPTQ/AWQ qweight) round per tensor: the parts as the engine summed them.
        whole = checked::add(checked::add(w.payloadBytes, w.metadataBytes, kWhat), w.keptBytes, kWhat);
        line.formula = { //: %1 bytes of packed codes, %2 parameters stored in the format, %3 bytes of scales and
                         //: other metadata, %4 bytes of kept modules, %5 their parameters, %6 bytes, %7 format
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "%1 bytes of packed codes for %2 parameters + %3 bytes of scales and other metadata + %4 bytes for "
                "%5 kept parameters = %6 bytes (%7)"),
            { g(w.payloadBytes), g(w.quantizedParameters), g(w.metadataBytes), g(w.keptBytes), g(w.keptParameters),
                g(whole), format },
            kCtx };
        line.provenance = Provenance::Assumed;
    }
    if (line.provenance == Provenance::Assumed)
        line.source = { //: %1 what the storage format's byte count assumes (a sentence)
            ITERAGPU_TRANSLATE_NOOP("Computation", "the format's layout: %1"),
            { Term { i18n::kWeightFormatContext, info.assumptions } }, kCtx };
    splitAfter(line, whole, tp);
    return line;
}

ComputationLine ComputationLines::stateCache(const KvCacheOptions& kv, const KvCacheEstimate& k)
{
    ComputationLine line;
    line.componentId = "state_cache";
    std::uint64_t elements = 0;
    for (const auto& t : k.byKind)
        if (t.kind == LayerCache::Kind::State)
            elements = checked::add(elements, checked::mul(t.layers, t.elementsPerToken, kWhat), kWhat);
    line.bytes = checked::mul({ elements, kv.stateBytesPerElement, kv.sequences }, kWhat);
    line.formula = { //: %1 elements of state summed over the recurrent layers, %2 bytes per element, %3 sequences, %4 bytes
        ITERAGPU_TRANSLATE_NOOP("Computation",
            "%1 elements of conv and recurrent state summed over the state layers x %2 bytes x %3 sequence(s) = %4 "
            "bytes"),
        { g(elements), g(kv.stateBytesPerElement), g(kv.sequences), g(line.bytes) }, kCtx };
    line.provenance = Provenance::Computed;
    line.source = { ITERAGPU_TRANSLATE_NOOP("Computation",
                        "the state layers' sizes from the config (Mamba d_state, d_conv; DeltaNet heads), kept in 16 bit "
                        "with the whole conv kernel, as transformers' cache keeps them"),
        {}, kCtx };
    return line;
}

ComputationLine ComputationLines::kvCache(
    const KvCacheOptions& kv, const KvCacheEstimate& k, std::uint64_t tp, std::uint64_t kvHeadsAll)
{
    ComputationLine line;
    line.componentId = "kv_cache";
    const std::uint64_t tokens = k.tokens;
    if (!kv.layerCaches.empty()) {
        // Per-layer caches (Note [Per-layer cache]): the sum, one term per kind and tokens kept.
        std::string terms;
        std::uint64_t elements = 0;
        for (const auto& t : k.byKind) {
            if (t.kind == LayerCache::Kind::State || t.kind == LayerCache::Kind::None)
                continue;
            const std::uint64_t one = checked::mul({ t.layers, t.elementsPerToken, t.tokensKept }, kWhat);
            elements = checked::add(elements, one, kWhat);
            terms += std::string(terms.empty() ? "" : " + ") + std::to_string(t.layers) + " x "
                + std::to_string(t.elementsPerToken) + " x " + std::to_string(t.tokensKept);
        }
        line.bytes = k.bytes;
        line.formula = { //: %1 terms "layers x elements per token x tokens kept" joined by +, %2 elements, %3 sequences, %4 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "per layer kind, layers x K and V elements per token x tokens kept: %1 = %2 elements x %3 "
                "sequence(s), in the cache's type = %4 bytes"),
            { terms.empty() ? std::string("0") : terms, g(elements), g(kv.sequences), g(line.bytes) }, kCtx };
        line.provenance = Provenance::Computed;
        line.source = { ITERAGPU_TRANSLATE_NOOP("Computation",
                            "each layer's attention as the model's config gives it (full, sliding window, chunk, MLA)"),
            {}, kCtx };
        return line;
    }
    // Layers grouped by the tokens each keeps: min(window, tokens).
    std::vector<std::optional<std::uint64_t>> windows = kv.layerWindows;
    if (windows.empty() && kv.slidingWindow)
        windows.assign(kv.layers, kv.slidingWindow);
    std::map<std::uint64_t, std::uint64_t> keptLayers; // tokens kept -> layers
    if (windows.empty())
        keptLayers[tokens] = kv.layers;
    else
        for (const auto& w : windows)
            ++keptLayers[w ? std::min(*w, tokens) : tokens];
    std::uint64_t tokenLayers = 0;
    for (const auto& [kept, count] : keptLayers)
        tokenLayers = checked::add(tokenLayers, checked::mul(kept, count, kWhat), kWhat);

    const std::uint64_t heads = kv.kvHeads;
    const std::uint64_t dim = kv.headDim;
    const std::uint64_t seqs = kv.sequences;
    const bool quantized = !kv.bytesPerElement && (kv.dtype == ScalarType::INT8 || kv.dtype == ScalarType::INT4);
    if (quantized) {
        const std::uint64_t bits = scalarBits(kv.dtype);
        const std::uint64_t elements = checked::mul({ 2, tokenLayers, heads, dim, seqs }, kWhat);
        const std::uint64_t groups
            = checked::mul({ 2, tokenLayers, heads, checked::ceilDiv(dim, kv.quantGroupSize), seqs }, kWhat);
        const std::uint64_t scales = checked::mul(groups, 4, kWhat);
        line.bytes = checked::add(checked::bitsToBytes(elements, bits, kWhat), scales, kWhat);
        line.formula = { //: %1 sum over layers of the tokens each keeps, %2 KV heads, %3 head_dim, %4 sequences,
                         //: %5 "sequence"/"sequences", %6 bits, %7 bytes of scales, %8 elements per group, %9 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "2 (K and V) x %1 tokens summed over layers x %2 KV heads x %3 head_dim x %4 %5 x %6 bit / 8 + %7 "
                "bytes of scales (an fp16 scale and zero per %8 elements) = %9 bytes"),
            { g(tokenLayers), g(heads), g(dim), g(seqs), sequences(seqs), g(bits), g(scales), g(kv.quantGroupSize),
                g(line.bytes) },
            kCtx };
        line.provenance = Provenance::Assumed;
        line.source = { ITERAGPU_TRANSLATE_NOOP("Computation",
                            "the quantized cache's layout: one fp16 scale and one fp16 zero point per group"),
            {}, kCtx };
    } else {
        const std::uint64_t b = kv.bytesPerElement.value_or(std::max<std::uint64_t>(1, scalarBits(kv.dtype) / 8));
        line.bytes = checked::mul({ 2, tokenLayers, heads, dim, b, seqs }, kWhat);
        const bool oneGroup = keptLayers.size() == 1;
        if (oneGroup && keptLayers.begin()->first == tokens) {
            line.formula = { //: %1 layers, %2 "layer"/"layers", %3 KV heads, %4 head_dim, %5 tokens per sequence,
                             //: %6 bytes per element, %7 sequences, %8 "sequence"/"sequences", %9 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens x %6 bytes x %7 %8 = %9 bytes"),
                { g(kv.layers), layers(kv.layers), g(heads), g(dim), g(tokens), g(b), g(seqs), sequences(seqs),
                    g(line.bytes) },
                kCtx };
        } else if (oneGroup) {
            line.formula = { //: %1 layers, %2 "layer"/"layers", %3 KV heads, %4 head_dim, %5 tokens kept (the sliding
                             //: window), %6 bytes per element, %7 sequences, %8 "sequence"/"sequences", %9 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "2 (K and V) x %1 %2 x %3 KV heads x %4 head_dim x %5 tokens (the sliding window) x %6 bytes x "
                    "%7 %8 = %9 bytes"),
                { g(kv.layers), layers(kv.layers), g(heads), g(dim), g(keptLayers.begin()->first), g(b), g(seqs),
                    sequences(seqs), g(line.bytes) },
                kCtx };
        } else if (keptLayers.size() == 2 && keptLayers.rbegin()->first == tokens) {
            const auto& [window, windowed] = *keptLayers.begin();
            const auto& [all, full] = *keptLayers.rbegin();
            line.formula = { //: %1 layers with full attention, %2 tokens they keep, %3 layers with a sliding window,
                             //: %4 tokens they keep (the window), %5 KV heads, %6 head_dim, %7 bytes per element,
                             //: %8 sequences, %9 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "2 (K and V) x (%1 layers x %2 tokens + %3 layers x %4 tokens of the sliding window) x %5 KV "
                    "heads x %6 head_dim x %7 bytes x %8 sequence(s) = %9 bytes"),
                { g(full), g(all), g(windowed), g(window), g(heads), g(dim), g(b), g(seqs), g(line.bytes) }, kCtx };
        } else {
            line.formula = { //: %1 sum over layers of min(window, tokens), %2 KV heads, %3 head_dim, %4 bytes per
                             //: element, %5 sequences, %6 "sequence"/"sequences", %7 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "2 (K and V) x %1 tokens summed over layers (each min(window, tokens)) x %2 KV heads x %3 "
                    "head_dim x %4 bytes x %5 %6 = %7 bytes"),
                { g(tokenLayers), g(heads), g(dim), g(b), g(seqs), sequences(seqs), g(line.bytes) }, kCtx };
        }
    }
    if (tp > 1)
        line.perDevice = { //: %1 number of devices, %2 KV heads per device, %3 KV heads in all
            ITERAGPU_TRANSLATE_NOOP("Computation", "per device with tensor parallel %1: %2 of %3 KV heads"),
            { g(tp), g(heads), g(kvHeadsAll) }, kCtx };
    return line;
}

std::vector<ComputationLine> ComputationLines::training(std::uint64_t parameters, const model::ModelShape* shape,
    const TrainingOptions& o, const TrainingEstimate& t, std::uint64_t tp)
{
    // The options as the engine resolved them (resolvedOptions): every choice filled in.
    const training::TrainingRecipe defaults;
    const std::uint64_t microBatch = o.microBatch.value_or(defaults.microBatch);
    const std::uint64_t loraRank = o.loraRank.value_or(defaults.rank);
    const ScalarType adapterType = o.adapterType.value_or(ScalarType::FP32);
    const Optimizer optimizer = o.optimizer.value_or(Optimizer::AdamW);
    const bool checkpointing = o.activationCheckpointing.value_or(defaults.checkpointing);
    std::vector<ComputationLine> lines;
    const std::uint64_t trainable = checked::ceilDiv(t.trainableParameters, tp);
    const Message split = splitTrainable(t.trainableParameters, tp);

    if (o.mode == TrainingMode::LoRA) {
        ComputationLine line;
        line.componentId = "lora_adapters";
        const std::uint64_t bits = scalarBits(adapterType);
        const std::uint64_t whole = checked::bitsToBytes(t.trainableParameters, bits, kWhat);
        line.formula = { //: %1 adapter parameters, %2 LoRA rank, %3 bits, %4 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "%1 adapter parameters (rank %2 x (in + out) per target module) x %3 bit / 8 = %4 bytes"),
            { g(t.trainableParameters), g(loraRank), g(bits), g(whole) }, kCtx };
        splitAfter(line, whole, tp);
        lines.push_back(line);
    }
    {
        ComputationLine line;
        line.componentId = "gradients";
        const std::uint64_t bits = scalarBits(o.gradientType);
        line.bytes = checked::bitsToBytes(trainable, bits, kWhat);
        line.formula = { //: %1 trainable parameters, %2 bits of the gradient type, %3 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation", "%1 trainable parameters x %2 bit / 8 = %3 bytes"),
            { g(trainable), g(bits), g(line.bytes) }, kCtx };
        line.perDevice = split;
        lines.push_back(line);
    }
    {
        ComputationLine line;
        line.componentId = "optimizer_states";
        line.perDevice = split;
        switch (optimizer) {
        case Optimizer::SGD:
            line.bytes = 0;
            line.formula = { ITERAGPU_TRANSLATE_NOOP("Computation", "SGD keeps no state = 0 bytes"), {}, kCtx };
            break;
        case Optimizer::SGDMomentum:
            line.bytes = checked::mul(trainable, 4, kWhat);
            line.formula = { //: %1 trainable parameters, %2 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation", "%1 trainable parameters x 4 bytes (one fp32 momentum) = %2 bytes"),
                { g(trainable), g(line.bytes) }, kCtx };
            break;
        case Optimizer::Adam:
        case Optimizer::AdamW:
            line.bytes = checked::mul({ trainable, 2, 4 }, kWhat);
            line.formula = { //: %1 trainable parameters, %2 bytes
                ITERAGPU_TRANSLATE_NOOP(
                    "Computation", "%1 trainable parameters x 2 moments x 4 bytes (fp32) = %2 bytes"),
                { g(trainable), g(line.bytes) }, kCtx };
            break;
        case Optimizer::Adam8bit: {
            const std::uint64_t blocks = checked::ceilDiv(trainable, kAdam8bitBlock);
            line.bytes = checked::add(checked::mul(trainable, 2, kWhat), checked::mul({ blocks, 2, 4 }, kWhat), kWhat);
            line.formula = { //: %1 trainable parameters, %2 blocks of 256, %3 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 trainable parameters x 2 moments x 1 byte + %2 blocks of 256 x 2 moments x 4 bytes (fp32 "
                    "absmax) = %3 bytes"),
                { g(trainable), g(blocks), g(line.bytes) }, kCtx };
            line.provenance = Provenance::Assumed;
            line.source = { ITERAGPU_TRANSLATE_NOOP(
                                "Computation", "bitsandbytes blockwise 8-bit states; small tensors kept in 32 bit are "
                                               "not modelled"),
                {}, kCtx };
            break;
        }
        }
        lines.push_back(line);
    }
    if (o.masterWeights) {
        ComputationLine line;
        line.componentId = "master_weights";
        line.bytes = checked::mul(trainable, 4, kWhat);
        line.formula = { //: %1 trainable parameters, %2 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation", "%1 trainable parameters x 4 bytes (fp32) = %2 bytes"),
            { g(trainable), g(line.bytes) }, kCtx };
        line.perDevice = split;
        lines.push_back(line);
    }
    if (t.activations && shape) {
        ComputationLine line;
        line.componentId = "activations";
        line.provenance = Provenance::Assumed;
        const std::uint64_t s = o.sequenceLength, b = microBatch, h = shape->hidden, a = shape->heads;
        const std::uint64_t bits = scalarBits(o.activationType);
        const bool sdpa = o.attention == AttentionImpl::Sdpa;
        const std::uint64_t oneLayer = TrainingEstimator::layerActivations(
            s, b, h, a, o.activationType, tp, o.attention.value_or(AttentionImpl::Eager));
        if (checkpointing) {
            const std::uint64_t inputs = checked::ceilDiv(checked::mul({ s, b, h, bits }, kWhat), 8);
            line.bytes = checked::add(checked::mul(inputs, shape->layers, kWhat), oneLayer, kWhat);
            line.formula = { //: %1 layers, %2 s, %3 b, %4 h, %5 bits, %6 bytes of one layer recomputed, %7 bytes
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "%1 layers x s %2 x b %3 x h %4 x %5 bit / 8 (layer inputs kept) + %6 bytes (one layer "
                    "recomputed) = %7 bytes"),
                { g(shape->layers), g(s), g(b), g(h), g(bits), g(oneLayer), g(line.bytes) }, kCtx };
            line.source = { ITERAGPU_TRANSLATE_NOOP("Computation",
                                "full activation checkpointing; Korthikanti et al. 2022 for the recomputed layer"),
                {}, kCtx };
        } else if (sdpa) {
            line.bytes = checked::mul(oneLayer, shape->layers, kWhat);
            const std::uint64_t heads = checked::ceilDiv(a, tp);
            if (tp == 1)
                line.formula = { //: %1 layers, %2 s, %3 b, %4 h, %5 bits of the activation type, %6 a (heads), %7
                                 //: bytes of one layer, %8 bytes
                    ITERAGPU_TRANSLATE_NOOP("Computation",
                        "%1 layers x (s %2 x b %3 x h %4 x 34 x %5 bit / 16 + 4 bytes x a %6 x s x b (float32 "
                        "log-sum-exp) = %7 bytes per layer) = %8 bytes"),
                    { g(shape->layers), g(s), g(b), g(h), g(bits), g(heads), g(oneLayer), g(line.bytes) }, kCtx };
            else
                line.formula = { //: %1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 bits, %7 heads per
                                 //: device, %8 bytes of one layer, %9 bytes
                    ITERAGPU_TRANSLATE_NOOP("Computation",
                        "%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5) x %6 bit / 16 + 4 bytes x %7 heads per "
                        "device x s x b (float32 log-sum-exp) = %8 bytes per layer) = %9 bytes"),
                    { g(shape->layers), g(s), g(b), g(h), g(tp), g(bits), g(heads), g(oneLayer), g(line.bytes) },
                    kCtx };
            line.source = { ITERAGPU_TRANSLATE_NOOP("Computation",
                                "Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism) "
                                "without the 5 x a x s / h attention term: sdpa's fused kernel keeps no s x s "
                                "matrix (Dao et al. 2022, FlashAttention), only its log-sum-exp"),
                {}, kCtx };
        } else {
            line.bytes = checked::mul(oneLayer, shape->layers, kWhat);
            if (tp == 1)
                line.formula = { //: %1 layers, %2 s, %3 b, %4 h, %5 a (heads), %6 bits of the activation type,
                                 //: %7 bytes of one layer, %8 bytes
                    ITERAGPU_TRANSLATE_NOOP("Computation",
                        "%1 layers x (s %2 x b %3 x h %4 x (34 + 5 x a %5 x s / h) x %6 bit / 16 = %7 bytes per "
                        "layer) = %8 bytes"),
                    { g(shape->layers), g(s), g(b), g(h), g(a), g(bits), g(oneLayer), g(line.bytes) }, kCtx };
            else
                line.formula = { //: %1 layers, %2 s, %3 b, %4 h, %5 tensor-parallel degree t, %6 a (heads), %7 bits,
                                 //: %8 bytes of one layer, %9 bytes
                    ITERAGPU_TRANSLATE_NOOP("Computation",
                        "%1 layers x (s %2 x b %3 x h %4 x (10 + 24 / t %5 + 5 x a %6 x s / (h x t)) x %7 bit / 16 = "
                        "%8 bytes per layer) = %9 bytes"),
                    { g(shape->layers), g(s), g(b), g(h), g(tp), g(a), g(bits), g(oneLayer), g(line.bytes) }, kCtx };
            line.source = { ITERAGPU_TRANSLATE_NOOP("Computation",
                                "Korthikanti et al. 2022 (arXiv:2205.05198), eq. 1 (eq. 2 with tensor parallelism), "
                                "16-bit activations scaled by bits / 16"),
                {}, kCtx };
        }
        lines.push_back(line);
    }
    if (t.logits && shape) {
        ComputationLine line;
        line.componentId = "logits";
        const std::uint64_t whole = checked::mul({ o.sequenceLength, microBatch, shape->vocab, 4 }, kWhat);
        line.formula = { //: %1 s, %2 b, %3 vocabulary size, %4 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation", "s %1 x b %2 x vocab %3 x 4 bytes (fp32) = %4 bytes"),
            { g(o.sequenceLength), g(microBatch), g(shape->vocab), g(whole) }, kCtx };
        splitAfter(line, whole, tp);
        lines.push_back(line);
    }
    if (t.evaluation && shape && o.evalBatch > 0) {
        ComputationLine line;
        line.componentId = "evaluation";
        line.provenance = Provenance::Assumed;
        const std::uint64_t s = o.sequenceLength, e = o.evalBatch;
        const std::uint64_t bits = scalarBits(o.activationType);
        const std::uint64_t perToken = checked::add(
            checked::mul(4, shape->hidden, kWhat), checked::mul(2, checked::ceilDiv(shape->intermediate, tp), kWhat),
            kWhat);
        const std::uint64_t working = checked::bitsToBytes(checked::mul({ s, e, perToken }, kWhat), bits, kWhat);
        const std::uint64_t scores = checked::bitsToBytes(
            checked::mul({ checked::ceilDiv(shape->heads, tp), s, s, e }, kWhat), bits, kWhat);
        const std::uint64_t logits = checked::ceilDiv(checked::mul({ s, e, shape->vocab, 4 }, kWhat), tp);
        line.bytes = checked::add(checked::add(working, scores, kWhat), logits, kWhat);
        line.formula = { //: %1 s, %2 evaluation batch, %3 elements per token, %4 bits, %5 bytes, %6 bytes of
                         //: attention scores, %7 bytes of logits, %8 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "s %1 x batch %2 x %3 (4h + 2 x intermediate) x %4 bit / 8 = %5 bytes + %6 bytes of attention "
                "scores (a x s x s) + %7 bytes of fp32 logits = %8 bytes"),
            { g(s), g(e), g(perToken), g(bits), g(working), g(scores), g(logits), g(line.bytes) }, kCtx };
        line.source = { ITERAGPU_TRANSLATE_NOOP(
                            "Computation", "a no-grad forward keeps one layer's working set and eager attention scores"),
            {}, kCtx };
        lines.push_back(line);
    }
    if (o.exportCopy) {
        ComputationLine line;
        line.componentId = "export_copy";
        const std::uint64_t bits = scalarBits(o.exportType);
        const std::uint64_t whole = checked::bitsToBytes(parameters, bits, kWhat);
        line.formula = { //: %1 parameter count, %2 bits of the export type, %3 bytes
            ITERAGPU_TRANSLATE_NOOP("Computation", "%1 parameters x %2 bit / 8 = %3 bytes"),
            { g(parameters), g(bits), g(whole) }, kCtx };
        splitAfter(line, whole, tp);
        lines.push_back(line);
    }
    return lines;
}

ComputationLine ComputationLines::reserve(const Reserve& reserve, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "reserve";
    line.provenance = Provenance::Assumed;
    line.bytes = reserve.bytes;
    char typed[64];
    std::snprintf(typed, sizeof typed, "%g", reserve.typedValue);
    if (reserve.defaulted)
        line.formula = { //: %1 the default value (e.g. "4"), %2 its unit (GiB), %3 the same in bytes
            ITERAGPU_TRANSLATE_NOOP("Computation", "reserve by default, none typed: %1 %2 = %3 bytes"),
            { std::string(typed), units::unitSymbol(reserve.unit), g(reserve.bytes) }, kCtx };
    else
        line.formula = { //: %1 the value typed (e.g. "4"), %2 its unit (GB or GiB), %3 the same in bytes
            ITERAGPU_TRANSLATE_NOOP("Computation", "reserve as typed: %1 %2 = %3 bytes"),
            { std::string(typed), units::unitSymbol(reserve.unit), g(reserve.bytes) }, kCtx };
    if (tp > 1)
        line.perDevice = { //: %1 number of devices
            ITERAGPU_TRANSLATE_NOOP("Computation", "on each of the %1 devices"), { g(tp) }, kCtx };
    return line;
}

namespace {

    // The stages as shown: each one's bytes, the largest is the line's.
    std::uint64_t largestStage(const PassWorkingSet& p)
    {
        return std::max({ p.projections, p.attention, p.mixer, p.mlp, p.output, p.cacheGrowth });
    }

    Message stagesSource(AttentionImpl attention)
    {
        if (attention == AttentionImpl::Eager)
            return { ITERAGPU_TRANSLATE_NOOP("Computation",
                         "one layer's tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, "
                         "v when copied into the cache); attention h, q, attn (+ k, v) and eager's scores [B, heads, "
                         "queries, keys] in the compute type with their float32 softmax; MLP h, x2, gate, up [T, "
                         "intermediate]; the last position's hidden state and logits [B, vocab]"),
                {}, kCtx };
        return { ITERAGPU_TRANSLATE_NOOP("Computation",
                     "one layer's tensors alive together (core/workloads/DECODER.md): projections h, x, q (+ k, v "
                     "when copied into the cache); attention h, q, attn (+ k, v), sdpa's fused kernel keeps no "
                     "scores; MLP h, x2, gate, up [T, intermediate]; the last position's hidden state and logits "
                     "[B, vocab]"),
            {}, kCtx };
    }

    void perDeviceHeads(ComputationLine& line, std::uint64_t tp)
    {
        if (tp > 1)
            line.perDevice = { //: %1 number of devices
                ITERAGPU_TRANSLATE_NOOP("Computation",
                    "per device with tensor parallel %1: heads, intermediate and vocab divided, hidden states "
                    "replicated"),
                { g(tp) }, kCtx };
    }

} // namespace

ComputationLine ComputationLines::prefillActivations(const PassWorkingSet& p, AttentionImpl attention, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "prefill_activations";
    line.provenance = Provenance::Assumed;
    line.bytes = largestStage(p);
    if (p.mixer > 0)
        line.formula = { //: %1 sequences, %2 prompt tokens, %3 "eager"/"sdpa", %4..%8 bytes of each stage (the mixer:
                         //: a recurrent state layer's Mamba or gated DeltaNet tensors), %9 bytes (the largest)
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "prefill of %1 x %2 tokens, %3 attention: largest of projections %4, attention %5, state mixer %6, "
                "MLP %7, last-position logits %8 = %9 bytes"),
            { g(p.sequences), g(p.queries), attentionImplName(attention), g(p.projections), g(p.attention),
                g(p.mixer), g(p.mlp), g(p.output), g(line.bytes) },
            kCtx };
    else if (attention == AttentionImpl::Eager)
        line.formula = { //: %1 sequences, %2 prompt tokens, %3 keys each query reads, %4..%7 bytes of each stage,
                         //: %8 bytes of its scores and softmax, %9 bytes (the largest)
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "prefill of %1 x %2 tokens, eager attention over %3 keys: largest of projections %4, attention %5 "
                "(of which scores and float32 softmax %8), MLP %6, last-position logits %7 = %9 bytes"),
            { g(p.sequences), g(p.queries), g(p.keys), g(p.projections), g(p.attention), g(p.mlp), g(p.output),
                g(p.scores), g(line.bytes) },
            kCtx };
    else
        line.formula = { //: %1 sequences, %2 prompt tokens, %3..%6 bytes of each stage, %7 bytes (the largest)
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "prefill of %1 x %2 tokens, sdpa attention: largest of projections %3, attention %4, MLP %5, "
                "last-position logits %6 = %7 bytes"),
            { g(p.sequences), g(p.queries), g(p.projections), g(p.attention), g(p.mlp), g(p.output), g(line.bytes) },
            kCtx };
    line.source = stagesSource(attention);
    perDeviceHeads(line, tp);
    return line;
}

ComputationLine ComputationLines::decodeActivations(const PassWorkingSet& p, AttentionImpl attention, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "decode_activations";
    line.provenance = Provenance::Assumed;
    line.bytes = largestStage(p);
    if (p.mixer > 0) {
        line.formula = { //: %1 sequences, %2 "eager"/"sdpa", %3..%8 bytes of each stage (the mixer: a recurrent state
                         //: layer's tensors), %9 bytes (the largest)
            ITERAGPU_TRANSLATE_NOOP("Computation",
                "decode step of %1 x 1 token, %2 attention: largest of projections %3, attention %4, state mixer %5, "
                "MLP %6, logits %7, a growing cache's copy of one layer's key %8 = %9 bytes"),
            { g(p.sequences), attentionImplName(attention), g(p.projections), g(p.attention), g(p.mixer), g(p.mlp),
                g(p.output), g(p.cacheGrowth), g(line.bytes) },
            kCtx };
        line.source = stagesSource(attention);
        perDeviceHeads(line, tp);
        return line;
    }
    line.formula = { //: %1 sequences, %2 keys read at the last step, %3 "eager"/"sdpa", %4..%8 bytes of each stage,
                     //: %9 bytes (the largest)
        ITERAGPU_TRANSLATE_NOOP("Computation",
            "decode step of %1 x 1 token reading %2 keys, %3 attention: largest of projections %4, attention %5, MLP "
            "%6, logits %7, a growing cache's copy of one layer's key %8 = %9 bytes"),
        { g(p.sequences), g(p.keys), attentionImplName(attention), g(p.projections), g(p.attention), g(p.mlp),
            g(p.output), g(p.cacheGrowth), g(line.bytes) },
        kCtx };
    line.source = stagesSource(attention);
    perDeviceHeads(line, tp);
    return line;
}

ComputationLine ComputationLines::dequantization(const InferenceActivationEstimate& a, std::uint64_t tp)
{
    ComputationLine line;
    line.componentId = "dequantization";
    line.provenance = Provenance::Assumed;
    line.bytes = checked::mul({ a.dequantOut, a.dequantIn, a.computeBytes }, kWhat);
    line.formula = { //: %1 output features of the largest quantized linear, %2 its input features, %3 bytes per
                     //: element of the compute type, %4 bytes
        ITERAGPU_TRANSLATE_NOOP("Computation",
            "the largest quantized linear dequantized before its GEMM: [%1 x %2] x %3 bytes = %4 bytes"),
        { g(a.dequantOut), g(a.dequantIn), g(a.computeBytes), g(line.bytes) }, kCtx };
    line.source = { ITERAGPU_TRANSLATE_NOOP("Computation",
                        "dequantize-then-GEMM, as the decoder workload does (core/workloads/DECODER.md); added on "
                        "top of the largest stage, an upper bound: the buffer lives only while its linear runs"),
        {}, kCtx };
    perDeviceHeads(line, tp);
    return line;
}

std::string ComputationLines::amount(std::uint64_t bytes, units::Unit unit)
{
    const std::uint64_t scale = unit == units::Unit::GiB ? units::kGiB : units::kGB;
    if (bytes % scale == 0)
        return units::groupDigits(bytes / scale) + " " + units::unitSymbol(unit);
    return units::formatReadable(bytes, unit);
}

} // namespace iteragpu::sizing
