// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/trainingestimator.h"

#include "core/units/checkedmath.h"
#include "core/sizing/sizingerror.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace iteragpu::sizing {

namespace {
    constexpr const char* kWhat = "training size";
    constexpr std::uint64_t kAdam8bitBlock = 256; // elements per fp32 absmax block of bitsandbytes 8-bit states
}

const char* optimizerName(Optimizer optimizer)
{
    switch (optimizer) {
    case Optimizer::SGD:
        return "sgd";
    case Optimizer::SGDMomentum:
        return "sgd-momentum";
    case Optimizer::Adam:
        return "adam";
    case Optimizer::AdamW:
        return "adamw";
    case Optimizer::Adam8bit:
        return "adam8bit";
    }
    return "?";
}

std::optional<Optimizer> optimizerFromName(const std::string& name)
{
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    std::replace(n.begin(), n.end(), '_', '-');
    static const std::pair<const char*, Optimizer> names[] = {
        { "sgd", Optimizer::SGD },
        { "sgd-momentum", Optimizer::SGDMomentum },
        { "momentum", Optimizer::SGDMomentum },
        { "adam", Optimizer::Adam },
        { "adamw", Optimizer::AdamW },
        { "adam8bit", Optimizer::Adam8bit },
        { "adam-8bit", Optimizer::Adam8bit },
        { "adamw8bit", Optimizer::Adam8bit },
        { "adamw-8bit", Optimizer::Adam8bit },
        { "paged-adamw-8bit", Optimizer::Adam8bit },
    };
    for (const auto& [text, opt] : names)
        if (n == text)
            return opt;
    return std::nullopt;
}

std::uint64_t TrainingEstimator::loraParameters(
    const model::ModelShape& shape, std::uint64_t rank, const std::vector<std::string>& targets)
{
    if (rank == 0)
        throw SizingError("LoRA rank must be greater than zero");
    if (targets.empty())
        throw SizingError("LoRA needs at least one target module");
    const auto linears = shape.linearLayers();
    std::uint64_t total = 0;
    for (const auto& target : targets) {
        bool found = false;
        for (const auto& l : linears) {
            if (l.module == "router")
                continue;
            if (target == l.module || target == "all-linear") {
                // A is r x in, B is out x r; the base weight stays frozen.
                total = units::checked::add(
                    total, units::checked::mul({ rank, units::checked::add(l.in, l.out, kWhat), l.count }, kWhat), kWhat);
                found = true;
            }
        }
        if (!found)
            throw SizingError("unknown LoRA target module '" + target
                + "' (known: q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj, all-linear)");
    }
    return total;
}

// Note [Activation memory]
// Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models" (arXiv:2205.05198),
// eq. (1): one transformer layer keeps s*b*h*(34 + 5*a*s/h) bytes for backward with 16-bit activations and 1-byte
// dropout masks, s = sequence, b = micro-batch, h = hidden, a = heads. With tensor parallelism t (no sequence
// parallelism), eq. (2): s*b*h*(10 + 24/t + 5*a*s/(h*t)). With full activation checkpointing only the layer input,
// 2*s*b*h bytes, is kept per layer, and one layer is recomputed at a time during backward.
// Other activation types are scaled by bits/16 (an approximation: the masks stay 1 byte in reality). The formula
// was derived for a GPT MLP of 4h; a SwiGLU MLP of another width differs somewhat (an approximation, stated).
// The 5*a*s/h term is the attention's s x s tensors (scores 2as^2b, softmax 2as^2b, dropout mask as^2b), which
// FlashAttention and PyTorch's fused sdpa never store (Dao et al. 2022): with sdpa the term is left out and the
// kernel's float32 log-sum-exp, 4*a*s*b bytes per layer, kept for backward instead (not scaled by bits/16).
std::uint64_t TrainingEstimator::layerActivations(std::uint64_t s, std::uint64_t b, std::uint64_t h, std::uint64_t a,
    ScalarType type, std::uint64_t t, AttentionImpl attentionImpl)
{
    using namespace units::checked;
    if (t == 0)
        throw SizingError("the tensor-parallel degree must be greater than zero");
    const std::uint64_t sbh = mul({ s, b, h }, kWhat);
    if (attentionImpl == AttentionImpl::Sdpa) {
        const std::uint64_t dense
            = t == 1 ? mul(sbh, 34, kWhat) : add(mul(sbh, 10, kWhat), ceilDiv(mul(sbh, 24, kWhat), t), kWhat);
        const std::uint64_t logSumExp = mul({ 4, ceilDiv(a, t), s, b }, kWhat);
        return add(ceilDiv(mul(dense, scalarBits(type), kWhat), 16), logSumExp, kWhat);
    }
    const std::uint64_t attention = mul({ 5, a, s, s, b }, kWhat); // s*b*h * 5*a*s/h, exactly
    std::uint64_t bytes16 = 0;
    if (t == 1)
        bytes16 = add(mul(sbh, 34, kWhat), attention, kWhat);
    else
        bytes16 = add(add(mul(sbh, 10, kWhat), ceilDiv(mul(sbh, 24, kWhat), t), kWhat), ceilDiv(attention, t), kWhat);
    return ceilDiv(mul(bytes16, scalarBits(type), kWhat), 16);
}

TrainingEstimate TrainingEstimator::estimate(
    std::uint64_t parameters, const model::ModelShape* shape, const TrainingOptions& o, std::uint64_t tp)
{
    using namespace units::checked;
    // What the options leave open is the hf profile's recipe (the engine resolves them before: resolvedOptions).
    const training::TrainingRecipe defaults;
    const std::uint64_t microBatch = o.microBatch.value_or(defaults.microBatch);
    const std::uint64_t loraRank = o.loraRank.value_or(defaults.rank);
    std::vector<std::string> loraTargets = o.loraTargets;
    if (loraTargets.empty())
        for (const auto t : defaults.targets)
            loraTargets.emplace_back(training::loraTargetName(t));
    const ScalarType adapterType = o.adapterType.value_or(ScalarType::FP32);
    const Optimizer optimizer = o.optimizer.value_or(Optimizer::AdamW);
    const bool checkpointing = o.activationCheckpointing.value_or(defaults.checkpointing);
    if (parameters == 0)
        throw SizingError("the parameter count must be greater than zero");
    if (tp == 0)
        throw SizingError("the tensor-parallel degree must be greater than zero");
    if (microBatch == 0)
        throw SizingError("the micro-batch must be greater than zero");
    if (o.sequenceLength == 0)
        throw SizingError("the training sequence length must be greater than zero");
    TrainingEstimate e;
    if (o.mode == TrainingMode::LoRA) {
        if (!shape)
            throw SizingError("LoRA needs the model shape (--config or --preset) to size its adapters");
        e.trainableParameters = loraParameters(*shape, loraRank, loraTargets);
        e.adapterBytes = ceilDiv(bitsToBytes(e.trainableParameters, scalarBits(adapterType), kWhat), tp);
        std::string targets;
        for (const auto& t : loraTargets)
            targets += (targets.empty() ? "" : ", ") + t;
        e.assumptions.push_back({ //: %1 LoRA rank, %2 target modules (q_proj, v_proj, ...), %3 trainable parameters,
                                  //: %4 data type of the adapters
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "training: LoRA rank %1 on %2: A (r x in) and B (out x r) per target, %3 trainable parameters in %4; "
                "the base weights are frozen (no gradients, no optimizer states)"),
            { loraRank, targets, e.trainableParameters, scalarName(adapterType) } });
    } else {
        e.trainableParameters = parameters;
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption", "training: full, every parameter trainable") });
    }
    const std::uint64_t trainable = ceilDiv(e.trainableParameters, tp);
    e.gradients = bitsToBytes(trainable, scalarBits(o.gradientType), kWhat);
    switch (optimizer) {
    case Optimizer::SGD:
        e.optimizerStates = 0;
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption", "optimizer: SGD keeps no state") });
        break;
    case Optimizer::SGDMomentum:
        e.optimizerStates = mul(trainable, 4, kWhat);
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP(
            "Assumption", "optimizer: SGD with momentum keeps 1 fp32 copy (4 bytes per trainable parameter)") });
        break;
    case Optimizer::Adam:
    case Optimizer::AdamW:
        e.optimizerStates = mul(trainable, 8, kWhat);
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP(
            "Assumption", "optimizer: Adam/AdamW keeps 2 fp32 moments (8 bytes per trainable parameter)") });
        break;
    case Optimizer::Adam8bit:
        e.optimizerStates = add(mul(trainable, 2, kWhat), mul(ceilDiv(trainable, kAdam8bitBlock), 2 * 4, kWhat), kWhat);
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
            "optimizer: 8-bit Adam keeps 2 moments of 1 byte plus one fp32 absmax per block of 256 per moment "
            "(bitsandbytes blockwise; small tensors kept in 32 bit are not modelled)") });
        break;
    }
    if (o.masterWeights) {
        e.masterWeights = mul(trainable, 4, kWhat);
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP(
            "Assumption", "training: fp32 master copy of the trainable parameters (mixed precision)") });
    }
    e.assumptions.push_back({ //: %1 data type of the gradients (bf16, fp32, ...)
        ITERAGPU_TRANSLATE_NOOP("Assumption", "training: gradients in %1 for the trainable parameters"),
        { scalarName(o.gradientType) } });

    if (shape) {
        const std::uint64_t s = o.sequenceLength;
        const std::uint64_t b = microBatch;
        const AttentionImpl attention = o.attention.value_or(AttentionImpl::Eager);
        const std::uint64_t oneLayer
            = layerActivations(s, b, shape->hidden, shape->heads, o.activationType, tp, attention);
        if (o.attention == AttentionImpl::Sdpa)
            e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                "activations: sdpa attention (a fused kernel, FlashAttention-style): Korthikanti et al.'s formula "
                "without its s x s terms (5*a*s/h), plus a float32 log-sum-exp of 4*a*s*b bytes per layer") });
        else if (o.attention == AttentionImpl::Eager)
            e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                "activations: eager attention keeps its s x s scores, softmax and dropout mask (the 5*a*s/h term "
                "of Korthikanti et al.)") });
        if (checkpointing) {
            const std::uint64_t inputs = ceilDiv(mul({ s, b, shape->hidden, scalarBits(o.activationType) }, kWhat), 8);
            e.activations = add(mul(inputs, shape->layers, kWhat), oneLayer, kWhat);
            e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
                "activations: full checkpointing, 2*s*b*h bytes (16 bit) per layer kept plus one layer recomputed "
                "during backward (Korthikanti et al. 2022)") });
        } else {
            e.activations = mul(oneLayer, shape->layers, kWhat);
            e.assumptions.push_back({ //: %1 data type of the activations, %2 sequence length s, %3 micro-batch b
                ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "activations: s*b*h*(34 + 5*a*s/h) bytes per layer in 16 bit, scaled by bits/16 for %1 "
                    "(Korthikanti et al. 2022, no recomputation), s = %2, b = %3"),
                { scalarName(o.activationType), s, b } });
        }
        e.logits = ceilDiv(mul({ s, b, shape->vocab, 4 }, kWhat), tp);
        e.assumptions.push_back(
            { ITERAGPU_TRANSLATE_NOOP("Assumption", "logits: s x b x vocab in fp32 for the loss") });
        if (o.evalBatch > 0) {
            // No-grad forward: nothing is kept for backward, so the peak is one layer's working set: the hidden
            // states (input, residual, attention output, norm output: 4h) and the MLP intermediates (gate and up:
            // 2i) per token, plus eager attention scores a*s*s per sequence, then the fp32 logits.
            const std::uint64_t evalBatch = o.evalBatch;
            const std::uint64_t elementBits = scalarBits(o.activationType);
            const std::uint64_t perToken
                = add(mul(4, shape->hidden, kWhat), mul(2, ceilDiv(shape->intermediate, tp), kWhat), kWhat);
            const std::uint64_t working = bitsToBytes(mul({ s, evalBatch, perToken }, kWhat), elementBits, kWhat);
            const std::uint64_t scores
                = bitsToBytes(mul({ ceilDiv(shape->heads, tp), s, s, evalBatch }, kWhat), elementBits, kWhat);
            e.evaluation
                = add(add(working, scores, kWhat), ceilDiv(mul({ s, evalBatch, shape->vocab, 4 }, kWhat), tp), kWhat);
            e.assumptions.push_back({ //: %1 evaluation batch size
                ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "evaluation: batch %1 without gradients: one layer's working set (4h + 2 x intermediate per "
                    "token, eager attention scores a x s x s) plus fp32 logits"),
                { o.evalBatch } });
        }
    } else {
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP(
            "Assumption", "activations: not computed, they need the model shape (--config or --preset)") });
    }
    if (o.exportCopy) {
        e.exportCopy = ceilDiv(bitsToBytes(parameters, scalarBits(o.exportType), kWhat), tp);
        e.assumptions.push_back({ //: %1 data type of the exported copy
            ITERAGPU_TRANSLATE_NOOP("Assumption", "export: a full copy of the weights in %1 while saving or merging"),
            { scalarName(o.exportType) } });
    }
    return e;
}

} // namespace iteragpu::sizing
