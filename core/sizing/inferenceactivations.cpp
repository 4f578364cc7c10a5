// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/inferenceactivations.h"

#include "core/sizing/sizingerror.h"
#include "core/units/checkedmath.h"

#include <algorithm>

namespace iteragpu::sizing {

namespace {

    constexpr const char* kWhat = "inference activations";
    constexpr std::uint64_t kFloat32Bytes = 4; // eager attention's softmax runs in float32
    constexpr std::uint64_t kTopKBytes = 4 + 4; // per token and routed expert: an int32 index and a float32 weight

    // The model's dimensions on one device.
    struct Dims {
        std::uint64_t hidden = 0; // H, replicated
        std::uint64_t qWidth = 0; // query heads x head_dim
        std::uint64_t kvWidth = 0; // KV heads x head_dim
        std::uint64_t queryHeads = 0;
        std::uint64_t intermediate = 0; // per expert
        std::uint64_t vocab = 0;
        std::uint64_t experts = 0;
        std::uint64_t expertsPerToken = 0;
    };

    PassWorkingSet pass(const Dims& d, std::uint64_t s, AttentionImpl attention, std::uint64_t sequences,
        std::uint64_t queries, std::uint64_t keys, bool kvTemporaries, std::uint64_t growthCopy)
    {
        using namespace units::checked;
        PassWorkingSet p;
        p.sequences = sequences;
        p.queries = queries;
        p.keys = keys;
        p.kvTemporaries = kvTemporaries;
        const std::uint64_t t = mul(sequences, queries, kWhat);
        const std::uint64_t hidden = mul({ t, d.hidden, s }, kWhat);
        const std::uint64_t q = mul({ t, d.qWidth, s }, kWhat);
        const std::uint64_t kv = kvTemporaries ? mul({ 2, t, d.kvWidth, s }, kWhat) : 0;
        p.projections = add(add(mul(2, hidden, kWhat), q, kWhat), kv, kWhat);
        if (attention == AttentionImpl::Eager)
            p.scores = mul({ sequences, d.queryHeads, queries, keys, add(s, kFloat32Bytes, kWhat) }, kWhat);
        p.attention = add(add(add(hidden, mul(2, q, kWhat), kWhat), kv, kWhat), p.scores, kWhat);
        // Dense: h, x2, gate and up, then h, x2, gate and down's output: 2H + I + max(I, H) per token.
        // MoE: the routed sum d [T, H] besides, and the top-k index and weight of every token.
        const std::uint64_t widest = std::max(d.intermediate, d.hidden);
        const std::uint64_t perRow = add(add(mul(2, d.hidden, kWhat), d.intermediate, kWhat), widest, kWhat);
        if (d.experts > 0) {
            // MoE: h, x2 and the routed sum d over all T tokens, the top k, and one expert's slice of n rows
            // (the previous expert's y, this one's state, gate, then up or its output; token_idx twice):
            // n = ceil(T K / E), a balanced routing's largest load.
            const std::uint64_t rows = ceilDiv(mul(t, d.expertsPerToken, kWhat), d.experts);
            const std::uint64_t topk = mul({ t, d.expertsPerToken, kTopKBytes }, kWhat);
            const std::uint64_t slice = add(mul({ rows, perRow, s }, kWhat), mul(rows, kTopKBytes, kWhat), kWhat);
            p.mlp = add(add(mul({ t, 3, d.hidden, s }, kWhat), topk, kWhat), slice, kWhat);
        } else {
            p.mlp = mul({ t, perRow, s }, kWhat);
        }
        p.logits = mul({ sequences, d.vocab, s }, kWhat);
        p.output = add(mul({ sequences, d.hidden, s }, kWhat), p.logits, kWhat);
        p.growthCopy = growthCopy;
        if (growthCopy > 0)
            p.cacheGrowth
                = add(add(add(hidden, q, kWhat), mul({ 2, t, d.kvWidth, s }, kWhat), kWhat), growthCopy, kWhat);
        const std::pair<std::uint64_t, const char*> stages[] = { { p.projections, "projections" },
            { p.attention, "attention" }, { p.mlp, "mlp" }, { p.output, "output" }, { p.cacheGrowth, "cache_growth" } };
        for (const auto& [bytes, name] : stages)
            if (p.stage.empty() || bytes > p.bytes) {
                p.bytes = bytes;
                p.stage = name;
            }
        return p;
    }

} // namespace

std::vector<std::uint64_t> InferenceActivations::layerCapacities(const KvCacheOptions& kv)
{
    const std::uint64_t used = units::checked::add(kv.promptTokens, kv.generatedTokens, kWhat);
    const std::uint64_t capacity = kv.staticCache ? kv.staticCapacity.value_or(used) : used;
    std::vector<std::uint64_t> out(kv.layers, capacity);
    for (std::size_t l = 0; l < out.size(); ++l) {
        std::optional<std::uint64_t> window = kv.slidingWindow;
        if (!kv.layerWindows.empty() && l < kv.layerWindows.size())
            window = kv.layerWindows[l];
        if (window)
            out[l] = std::min(out[l], *window);
    }
    return out;
}

// Note [Inference working set]
// A decoder's forward pass holds, besides the weights and the KV cache, one layer's tensors at a time; the peak is
// the largest group alive together (the tensors of Hugging Face's eager and sdpa implementations, written down
// in core/workloads/DECODER.md). Per device, T = sequences x query positions, s = bytes of the compute type:
//   projections  h, x, q (+ k, v)                                      T x (2H + q_width (+ 2 kv_width)) x s
//   attention    h, q, attn (+ k, v), eager: scores (s) and probs32    + B x heads x queries x keys x (s + 4)
//   mlp          h, x2, gate, up; then gate and down's output          T x (2H + I + max(I, H)) x s
//                MoE: h, x2, the routed sum d and the top-k (8 bytes per token and expert) over T, and one
//                expert's slice of n = ceil(T K / E) rows (the previous expert's y, its state, gate, up or
//                down's output, two int32 token lists): 3 T H s + 8 T K + n (2H + I + max(I, H)) s + 8 n. n is a
//                balanced routing's load (the simulated device's rule); a skewed routing gives one expert up to
//                T rows, and its slice grows with it.
//   output       the last position's hidden state and the logits       B x (H + vocab) x s
//   cache growth a growing cache copies a layer's key into one row more: h, q, k, v + [B, rows - 1, kv_width] x s
// k and v are working set unless they *become* the cache (a growing cache whose layers all hold the whole
// prompt); a static or paged cache copies them. The keys of the prefill are the prompt's (a static cache's
// attention reads its whole capacity); a decode step's are those of its cache, at the last step the most.
// The dequantized copy of a quantized linear [out, in] (s) lives while its GEMM runs; the estimate adds the
// largest one on top of the largest stage (an upper bound by at most that buffer: it is live in the projections
// and the mlp only). The workspace of the math library is outside this count (BlasWorkspace).
InferenceActivationEstimate InferenceActivations::estimate(const model::ModelShape& shape, const KvCacheOptions& kv,
    ScalarType compute, bool quantizedWeights, AttentionImpl attention, std::uint64_t tp)
{
    using namespace units::checked;
    if (tp == 0)
        throw SizingError("the tensor-parallel degree must be greater than zero");
    if (kv.sequences == 0)
        throw SizingError("inference activations: the number of sequences must be greater than zero");
    if (kv.promptTokens == 0)
        throw SizingError("inference activations: the prompt needs at least one token");
    InferenceActivationEstimate e;
    const std::uint64_t s = std::max<std::uint64_t>(1, scalarBits(compute) / 8);
    e.computeBytes = s;
    Dims d;
    d.hidden = shape.hidden;
    d.queryHeads = ceilDiv(shape.heads, tp);
    d.qWidth = mul(d.queryHeads, shape.headDim, kWhat);
    d.kvWidth = mul(kv.kvHeads, kv.headDim, kWhat);
    d.intermediate = ceilDiv(shape.intermediate, tp);
    d.vocab = ceilDiv(shape.vocab, tp);
    d.experts = shape.experts;
    d.expertsPerToken = shape.experts > 0 ? std::max<std::uint64_t>(1, shape.expertsPerToken) : 0;

    const std::uint64_t prompt = kv.promptTokens;
    const auto capacities = layerCapacities(kv);
    const std::uint64_t widest = capacities.empty() ? 0 : *std::max_element(capacities.begin(), capacities.end());
    const std::uint64_t narrowest = capacities.empty() ? 0 : *std::min_element(capacities.begin(), capacities.end());
    const bool growing = !kv.staticCache && !kv.paged;

    // Prefill: the prompt's keys (a static cache's attention reads its capacity when the prompt fits in it).
    const std::uint64_t prefillKeys = kv.staticCache ? std::max(prompt, widest) : prompt;
    const bool prefillTemporaries = !growing || narrowest < prompt;
    e.prefill = pass(d, s, attention, kv.sequences, prompt, prefillKeys, prefillTemporaries, 0);

    // The last decode step: the keys of the widest layer; a growing cache's largest copy is that of a layer that
    // still grows after the prompt (its capacity above the prompt), at one row short of its capacity.
    e.decodes = kv.generatedTokens > 0;
    if (e.decodes) {
        std::uint64_t growthRows = 0;
        if (growing)
            for (const std::uint64_t n : capacities)
                if (n > prompt)
                    growthRows = std::max(growthRows, n - 1);
        const std::uint64_t copy = mul({ kv.sequences, growthRows, d.kvWidth, s }, kWhat);
        e.decode = pass(d, s, attention, kv.sequences, 1, widest, true, copy);
    }

    if (quantizedWeights) {
        // q_proj [q_width, H], k/v_proj [kv_width, H], o_proj [H, q_width], gate/up [I, H], down [H, I]: the
        // largest is H x max(q_width, kv_width, I). Embeddings, lm_head and the router stay unquantized.
        e.dequantOut = std::max({ d.qWidth, d.kvWidth, d.intermediate });
        e.dequantIn = d.hidden;
        e.dequantization = mul({ e.dequantOut, e.dequantIn, s }, kWhat);
    }
    return e;
}

} // namespace iteragpu::sizing
