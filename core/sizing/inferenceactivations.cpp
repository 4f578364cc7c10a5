// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/inferenceactivations.h"

#include "core/sizing/sizingerror.h"
#include "core/units/checkedmath.h"

#include <algorithm>

namespace iteragpu::sizing {

namespace {

    using units::checked::add;
    using units::checked::ceilDiv;
    using units::checked::mul;

    constexpr const char* kWhat = "inference activations";
    constexpr std::uint64_t kFloat32Bytes = 4; // eager attention's softmax runs in float32
    constexpr std::uint64_t kTopKBytes = 4 + 4; // per token and routed expert: an int32 index and a float32 weight
    constexpr std::uint64_t kInt32Bytes = 4;

    std::uint64_t max(std::initializer_list<std::uint64_t> values) { return std::max(values); }

    // One layer's sizes on one device (query heads, KV heads, widths and channels divided by the tensor-parallel
    // degree, rounded up; the hidden state replicated).
    struct LayerDims {
        enum class Mixer { None, Attention, Mla, Mamba, Mamba2, GatedDeltaNet };
        Mixer mixer = Mixer::Attention;
        bool parallel = false; // one norm, attention and MLP both read x
        bool postNorms = false; // Gemma-2's four norms: o2 and d2 besides
        // Attention: query heads, q width (Hq D), K and V widths of one token (Hk D, Hk Dv), attn width (Hq Dv).
        std::uint64_t queryHeads = 0, qWidth = 0, kWidth = 0, vWidth = 0, attnWidth = 0;
        bool qkNorm = false, outputGate = false;
        // MLA: the ranks and head parts.
        std::uint64_t qRank = 0, kvRank = 0, nope = 0, rope = 0, value = 0;
        // State mixers: Mamba2 (inner Is, its heads, groups, d_state), gated DeltaNet (key heads and dim, value
        // heads and dim), Mamba (inner, d_state, dt rank).
        std::uint64_t inner = 0, stateHeads = 0, groups = 0, stateSize = 0, keyHeads = 0, keyDim = 0, valueDim = 0,
                      dtRank = 0;
        std::uint64_t mixerProjection = 0; // the mixer's in_proj outputs
        // MLP.
        model::MlpSpec::Kind mlp = model::MlpSpec::Kind::Dense;
        std::uint64_t intermediate = 0; // dense width, or one routed expert's
        bool gated = true;
        std::uint64_t experts = 0, expertsPerToken = 0, shared = 0;
        bool sharedGate = false;
        std::uint64_t capacity = 0; // N_l
        std::uint64_t cacheElements = 0; // K and V elements of one token in the estimate's cache (0: none)
    };

    LayerDims layerDims(const model::LayerSpec& spec, std::uint64_t hidden, bool layerNormBias, std::uint64_t tp)
    {
        LayerDims d;
        const std::uint64_t norms = hidden == 0 ? 0 : spec.normParameters / mul(hidden, layerNormBias ? 2 : 1, kWhat);
        d.postNorms = norms == 4;
        const auto& a = spec.attention;
        if (spec.state.kind != model::StateSpec::Kind::None) {
            const auto& st = spec.state;
            d.inner = ceilDiv(st.inner, tp);
            d.stateSize = st.stateSize;
            switch (st.kind) {
            case model::StateSpec::Kind::Mamba:
                d.mixer = LayerDims::Mixer::Mamba;
                d.dtRank = st.dtRank;
                d.mixerProjection = mul(2, d.inner, kWhat); // in_proj: x, z
                break;
            case model::StateSpec::Kind::Mamba2:
                d.mixer = LayerDims::Mixer::Mamba2;
                d.stateHeads = ceilDiv(st.heads, tp);
                d.groups = ceilDiv(std::max<std::uint64_t>(1, st.groups), tp);
                // in_proj: z, x, B and C, dt.
                d.mixerProjection = add(add(mul(2, d.inner, kWhat), mul({ 2, d.groups, d.stateSize }, kWhat), kWhat),
                    d.stateHeads, kWhat);
                break;
            case model::StateSpec::Kind::GatedDeltaNet:
                d.mixer = LayerDims::Mixer::GatedDeltaNet;
                d.stateHeads = ceilDiv(st.heads, tp);
                d.valueDim = st.headDim;
                d.keyHeads = ceilDiv(st.keyHeads, tp);
                d.keyDim = st.keyHeadDim;
                d.inner = mul(d.stateHeads, d.valueDim, kWhat);
                // in_proj_qkvz: q, k, v, z.
                d.mixerProjection = add(mul({ 2, d.keyHeads, d.keyDim }, kWhat), mul(2, d.inner, kWhat), kWhat);
                break;
            case model::StateSpec::Kind::None:
                break;
            }
        } else if (!a.present) {
            d.mixer = LayerDims::Mixer::None;
        } else {
            d.queryHeads = ceilDiv(a.heads, tp);
            const std::uint64_t kvHeads = ceilDiv(a.kvHeads, tp);
            const std::uint64_t valueDim = a.valueHeadDim > 0 ? a.valueHeadDim : a.headDim;
            d.qWidth = mul(d.queryHeads, a.headDim, kWhat);
            d.attnWidth = mul(d.queryHeads, valueDim, kWhat);
            if (a.layout == model::AttentionSpec::Layout::Mla) {
                d.mixer = LayerDims::Mixer::Mla;
                d.qRank = a.qLoraRank;
                d.kvRank = a.kvLoraRank;
                d.nope = a.qkNopeHeadDim;
                d.rope = a.qkRopeHeadDim;
                d.value = valueDim;
                d.kWidth = d.qWidth; // decompressed per query head
                d.vWidth = d.attnWidth;
            } else {
                d.kWidth = mul(kvHeads, a.headDim, kWhat);
                d.vWidth = mul(kvHeads, valueDim, kWhat);
                d.qkNorm = a.qkNormParameters > 0;
                d.outputGate = a.outputGate;
            }
        }
        const auto& m = spec.mlp;
        d.mlp = m.kind;
        d.intermediate = ceilDiv(m.intermediate, tp);
        d.gated = m.gated;
        if (m.kind == model::MlpSpec::Kind::Moe) {
            d.experts = m.experts;
            d.expertsPerToken = std::max<std::uint64_t>(1, m.expertsPerToken);
            d.shared = ceilDiv(m.sharedIntermediate, tp);
            d.sharedGate = m.sharedExpertGate;
        }
        d.parallel = norms == 1 && a.present && spec.state.kind == model::StateSpec::Kind::None
            && m.kind != model::MlpSpec::Kind::None;
        return d;
    }

    // A dense MLP's tensors per row above its input: gate and up, then gate and down's output (I + max(I, H));
    // not gated: up, then up and down's output (I + H).
    std::uint64_t mlpRow(std::uint64_t width, bool gated, std::uint64_t hidden)
    {
        return add(width, gated ? std::max(width, hidden) : hidden, kWhat);
    }

    // The peak inside the experts' loop while expert e runs on `cur` rows after an expert of `prev` rows
    // (DECODER.md prefill k, 1-4): its token_idx, state, its MLP's tensors, and the previous expert's y (and, at
    // the swaps, the previous token_idx and state).
    std::uint64_t expertMoment(const LayerDims& d, std::uint64_t hidden, std::uint64_t s, std::uint64_t prev,
        std::uint64_t cur)
    {
        const std::uint64_t prevRow = mul({ prev, hidden, s }, kWhat);
        const std::uint64_t curRow = mul({ cur, hidden, s }, kWhat);
        const std::uint64_t idx = mul(cur, kInt32Bytes, kWhat);
        const std::uint64_t width = mul({ cur, d.intermediate, s }, kWhat);
        const std::uint64_t swapIdx = add(add(mul(prev, kInt32Bytes, kWhat), idx, kWhat), mul(2, prevRow, kWhat), kWhat);
        const std::uint64_t swapState = add(add(idx, mul(2, prevRow, kWhat), kWhat), curRow, kWhat);
        const std::uint64_t upper
            = add(add(add(idx, curRow, kWhat), prevRow, kWhat), d.gated ? mul(2, width, kWhat) : width, kWhat);
        const std::uint64_t down = add(add(add(idx, mul(2, curRow, kWhat), kWhat), width, kWhat), prevRow, kWhat);
        return max({ swapIdx, swapState, upper, down });
    }

    // The routed experts' largest moment under a balanced routing of T tokens (the simulated device's rule:
    // n_e = floor(T K / E) + 1 for e < (T K mod E), else floor(T K / E); experts without tokens run nothing).
    std::uint64_t expertsPeak(const LayerDims& d, std::uint64_t hidden, std::uint64_t s, std::uint64_t t)
    {
        const std::uint64_t routed = mul(t, d.expertsPerToken, kWhat);
        const std::uint64_t q = routed / d.experts;
        const std::uint64_t r = routed % d.experts;
        const std::uint64_t running = q > 0 ? d.experts : r;
        auto load = [&](std::uint64_t e) { return q + (e < r ? 1 : 0); };
        std::uint64_t peak = 0;
        // The first expert, and each pair of neighbours whose loads differ in kind: (q+1, q+1), (q+1, q), (q, q).
        for (const std::uint64_t e : { std::uint64_t(0), std::uint64_t(1), r > 0 ? r - 1 : 0, r, r + 1 }) {
            if (e >= running)
                continue;
            peak = std::max(peak, expertMoment(d, hidden, s, e == 0 ? 0 : load(e - 1), load(e)));
        }
        return peak;
    }

    // One layer's stages in one pass: T tokens of B sequences, Q queries each, `keys` read per query.
    struct LayerStages {
        std::uint64_t projections = 0, attention = 0, scores = 0, mixer = 0, mlp = 0, growth = 0, growthCopy = 0;
    };

    LayerStages layerStages(const LayerDims& d, std::uint64_t hidden, std::uint64_t s, AttentionImpl attention,
        std::uint64_t sequences, std::uint64_t queries, std::uint64_t keys, bool kvTemporaries,
        std::uint64_t growthRows, std::uint64_t kvBytes)
    {
        LayerStages st;
        const std::uint64_t t = mul(sequences, queries, kWhat);
        auto rows = [&](std::uint64_t width) { return mul({ t, width, s }, kWhat); };
        const std::uint64_t h = rows(hidden);
        const std::uint64_t xp = d.parallel ? h : 0; // x kept for the MLP
        if (d.mixer == LayerDims::Mixer::Attention || d.mixer == LayerDims::Mixer::Mla) {
            const std::uint64_t q = rows(d.qWidth);
            const std::uint64_t k = rows(d.kWidth);
            const std::uint64_t v = rows(d.vWidth);
            const std::uint64_t kv = kvTemporaries ? add(k, v, kWhat) : 0;
            const std::uint64_t attn = rows(d.attnWidth);
            if (attention == AttentionImpl::Eager)
                st.scores = mul({ sequences, d.queryHeads, queries, keys, add(s, kFloat32Bytes, kWhat) }, kWhat);
            const std::uint64_t o = add(add(h, xp, kWhat), add(attn, h, kWhat), kWhat); // h, (x), attn, o
            std::uint64_t held = 0; // what the attention's kernel reads besides h, (x), attn and k, v
            std::uint64_t growthHeld = 0; // what a decode step holds while its cache grows
            if (d.mixer == LayerDims::Mixer::Mla) {
                const std::uint64_t ckv = rows(add(d.kvRank, d.rope, kWhat));
                const std::uint64_t kvUp = rows(mul(d.queryHeads, add(d.nope, d.value, kWhat), kWhat));
                const std::uint64_t qPe = rows(mul(d.queryHeads, d.rope, kWhat));
                const std::uint64_t kPe = rows(d.rope);
                // b: (q_a, q_a_n,) q, ckv beside h and x.
                const std::uint64_t qa = rows(d.qRank);
                st.projections = max({ d.qRank > 0 ? add(mul(2, h, kWhat), mul(2, qa, kWhat), kWhat) : 0,
                    add(add(mul(2, h, kWhat), qa, kWhat), q, kWhat), add(add(mul(2, h, kWhat), q, kWhat), ckv, kWhat) });
                // q, ckv, kv, q_pe, k_pe and query (q's width) beside key and value.
                held = add(add(add(q, ckv, kWhat), add(kvUp, qPe, kWhat), kWhat), add(kPe, q, kWhat), kWhat);
                growthHeld = held;
            } else {
                const std::uint64_t gate = d.outputGate ? q : 0;
                st.projections = add(add(mul(2, h, kWhat), q, kWhat), kv, kWhat);
                if (d.outputGate) // q_gate, then the gate and the query copied out of it
                    st.projections = std::max(add(mul(2, h, kWhat), mul(4, q, kWhat), kWhat),
                        add(add(mul(2, h, kWhat), mul(3, q, kWhat), kWhat), kv, kWhat));
                held = add(q, gate, kWhat);
                growthHeld = held;
                if (d.qkNorm) { // q and q_norm; then q_norm, k and k_norm
                    const std::uint64_t base = add(add(h, xp, kWhat), add(gate, kv, kWhat), kWhat);
                    st.attention = std::max(add(base, mul(2, q, kWhat), kWhat), add(add(base, q, kWhat), k, kWhat));
                }
                if (d.outputGate) // attn, gate, then the gated output
                    st.attention = std::max(st.attention, add(add(h, xp, kWhat), add(attn, mul(2, q, kWhat), kWhat), kWhat));
            }
            st.attention = max({ st.attention, add(add(add(h, xp, kWhat), add(held, attn, kWhat), kWhat), add(kv, st.scores, kWhat), kWhat), o,
                d.postNorms ? mul(3, h, kWhat) : 0 });
            if (growthRows > 0) {
                // The last layer to grow at the last step: its key copied into one row more while its value still
                // has the old rows, then its value: (N-1) K - V, or (N-1) V above the cache the estimate holds.
                const std::uint64_t kRow = mul({ sequences, d.kWidth, kvBytes }, kWhat);
                const std::uint64_t vRow = mul({ sequences, d.vWidth, kvBytes }, kWhat);
                const std::uint64_t keyCopy = mul(growthRows, kRow, kWhat);
                st.growthCopy = std::max(keyCopy > vRow ? keyCopy - vRow : 0, mul(growthRows, vRow, kWhat));
                st.growth = add(add(add(h, xp, kWhat), add(growthHeld, k, kWhat), kWhat), add(v, st.growthCopy, kWhat), kWhat);
            }
        } else if (d.mixer != LayerDims::Mixer::None) {
            // x and h, the mixer's tensors, all alive until its output o (DECODER.md, each mixer's f).
            std::uint64_t elements = 0; // per token, in the compute type
            std::uint64_t extra = 0; // per token, bytes of float32 tensors
            const std::uint64_t n = d.stateSize;
            switch (d.mixer) {
            case LayerDims::Mixer::Mamba2: {
                const std::uint64_t gn = mul(d.groups, n, kWhat);
                const std::uint64_t cc = add(d.inner, mul(2, gn, kWhat), kWhat); // xBC
                const std::uint64_t wi = add(add(d.inner, cc, kWhat), d.stateHeads, kWhat); // zxbcdt
                elements = add(add(wi, cc, kWhat), mul(2, d.inner, kWhat), kWhat); // + y, y_norm
                break;
            }
            case LayerDims::Mixer::GatedDeltaNet: {
                const std::uint64_t kd = mul(d.keyHeads, d.keyDim, kWhat);
                const std::uint64_t cd = add(mul(2, kd, kWhat), d.inner, kWhat); // qkv
                const std::uint64_t wd = add(mul(2, kd, kWhat), mul(2, d.inner, kWhat), kWhat); // qkvz
                // qkvz, ba (2 Hv), qkv, beta (Hv), core and y (Vd each); g float32 [Hv].
                elements = add(add(wd, mul(3, d.stateHeads, kWhat), kWhat), add(cd, mul(2, d.inner, kWhat), kWhat), kWhat);
                extra = mul(d.stateHeads, kFloat32Bytes, kWhat);
                break;
            }
            case LayerDims::Mixer::Mamba: // xz (2 Is), xc, delta, y (Is each), ssm_params (R + 2N), dt (R), B, C (N)
                elements = add(mul(5, d.inner, kWhat), add(mul(2, d.dtRank, kWhat), mul(4, n, kWhat), kWhat), kWhat);
                break;
            default:
                break;
            }
            st.mixer = add(rows(add(mul(3, hidden, kWhat), elements, kWhat)), mul(t, extra, kWhat), kWhat);
        }
        // The MLP on x2 (or x): beside h and its input.
        const std::uint64_t in = mul(2, h, kWhat);
        if (d.mlp == model::MlpSpec::Kind::Dense) {
            st.mlp = add(in, rows(mlpRow(d.intermediate, d.gated, hidden)), kWhat);
        } else if (d.mlp == model::MlpSpec::Kind::Moe) {
            const std::uint64_t topk = mul({ t, d.expertsPerToken, kTopKBytes }, kWhat);
            const std::uint64_t routedSum = add(in, h, kWhat); // h, x2, d
            const std::uint64_t base = add(routedSum, topk, kWhat);
            st.mlp = max({ add(add(in, rows(d.experts), kWhat), topk, kWhat), // router_logits and the top k
                add(base, mul(d.experts, kInt32Bytes, kWhat), kWhat), // expert_load
                add(base, expertsPeak(d, hidden, s, t), kWhat) });
            if (d.shared > 0) {
                if (d.sharedGate)
                    st.mlp = std::max(st.mlp, add(base, rows(1), kWhat));
                st.mlp = std::max(st.mlp, add(base, rows(mlpRow(d.shared, d.gated, hidden)), kWhat));
            }
        }
        if (d.postNorms && st.mlp > 0)
            st.mlp = std::max(st.mlp, mul(3, h, kWhat)); // h, d, d2
        return st;
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
// in core/workloads/DECODER.md), layer by layer as each layer's description says. Per device, T = sequences x
// query positions, s = bytes of the compute type, each stage beside h [T, H]:
//   projections  x, q (+ k, v)                       a gated output: q_gate [T, 2 q_width], then its two halves
//                MLA: x, (q_a, q_a_n,) q, ckv [T, kv_lora_rank + rope]
//   attention    q, attn (+ k, v), eager: scores (s) and probs32  + B x heads x queries x keys x (s + 4)
//                q/k norms: q beside q_norm, then k beside k_norm; a gated output: the gate beside; a parallel
//                layer (one norm) keeps x; MLA: q, ckv, kv [T, Hq (nope + v)], q_pe, k_pe, query, attn (+ key,
//                value); then attn beside o; Gemma-2's four norms: o beside o2
//   mixer        a state layer: x, its tensors and its output, alive until the output: Mamba2 zxbcdt, xBC, y,
//                y_norm; gated DeltaNet qkvz, ba, qkv, beta, g (float32), core, y; Mamba xz, xc, ssm_params, dt,
//                B, C, delta, y
//   mlp          x2, gate, up; then gate and down's output     T x (H + I + max(I, H)) x s (not gated: I + H)
//                MoE: x2, the routed sum d and the top-k (8 bytes per token and expert) over T, and the expert
//                loop's largest moment (its token_idx, state, MLP, the previous expert's y) under a balanced
//                routing, n_e = floor(T K / E) or one more, the simulated device's rule (a skewed routing gives one
//                expert up to T rows, and its slice grows with it); a shared expert: its MLP of width S on all T
//   output       the last position's hidden state and the logits       B x (H + vocab) x s
//   cache growth a growing cache copies a layer's key, then its value, into one row more: q, k, v (MLA: its
//                tensors) and (N - 1) K - V or (N - 1) V above the cache counted
// k and v are working set unless they *become* the cache (a growing cache whose layer holds the whole prompt); a
// static or paged cache copies them. The keys of the prefill are the prompt's (a static cache's attention reads its
// whole capacity when the prompt fits in it); a decode step's are those of its cache, at the last step the most.
// The estimate counts the cache of the whole pass (the prompt's, or the last step's); a layer's stage is counted
// above what the layers after it have not written yet (their prompt cache in a prefill, their last row or block in
// a decode step; a growing layer's last growth happens when the layers with more room hold as many rows as it), so
// a model whose widest layer comes first (DeepSeek's dense layers) is not charged the later layers' caches twice.
// The tensor-parallel degree divides the heads, widths and channels (rounded up); h stays whole.
// The dequantized copy of a quantized linear [out, in] (s) lives while its GEMM runs; the estimate adds the
// largest one on top of the largest stage (an upper bound by at most that buffer: it is live in the projections
// and the mlp only). The workspace of the math library is outside this count (BlasWorkspace).
InferenceActivationEstimate InferenceActivations::estimate(const model::ModelShape& shape, const KvCacheOptions& kv,
    ScalarType compute, bool quantizedWeights, AttentionImpl attention, std::uint64_t tp)
{
    if (tp == 0)
        throw SizingError("the tensor-parallel degree must be greater than zero");
    if (kv.sequences == 0)
        throw SizingError("inference activations: the number of sequences must be greater than zero");
    if (kv.promptTokens == 0)
        throw SizingError("inference activations: the prompt needs at least one token");
    InferenceActivationEstimate e;
    const std::uint64_t s = std::max<std::uint64_t>(1, scalarBits(compute) / 8);
    e.computeBytes = s;
    const std::uint64_t hidden = shape.hidden;
    const std::uint64_t b = kv.sequences;
    const std::uint64_t prompt = kv.promptTokens;
    const std::uint64_t positions = add(kv.promptTokens, kv.generatedTokens, kWhat); // C
    const std::uint64_t kvBytes = kv.plainElementBytes();
    const auto capacities = layerCapacities(kv);
    const bool growing = !kv.staticCache && !kv.paged;
    const bool layerNormBias = shape.finalNormParameters == mul(2, hidden, kWhat);

    // Each layer on this device; the uniform view takes its K/V widths from the cache as the engine sized it.
    const bool perLayer = !shape.layerSpecs.empty() && shape.layerSpecs.size() == capacities.size();
    const bool cachePerLayer = kv.layerCaches.size() == capacities.size();
    std::vector<LayerDims> layers;
    layers.reserve(capacities.size());
    std::uint64_t dequantOut = 0;
    std::uint64_t dequantIn = 0;
    for (std::size_t l = 0; l < capacities.size(); ++l) {
        LayerDims d = layerDims(perLayer ? shape.layerSpecs[l] : shape.uniformLayer(l), hidden, layerNormBias, tp);
        if (!perLayer) {
            d.kWidth = d.vWidth = mul(kv.kvHeads, kv.headDim, kWhat);
            d.queryHeads = ceilDiv(shape.heads, tp);
            d.qWidth = d.attnWidth = mul(d.queryHeads, shape.headDim, kWhat);
        }
        d.capacity = capacities[l];
        d.cacheElements = cachePerLayer ? kv.layerCaches[l].elementsPerToken()
            : d.mixer == LayerDims::Mixer::Attention || d.mixer == LayerDims::Mixer::Mla
            ? mul({ 2, kv.kvHeads, kv.headDim }, kWhat)
            : 0;
        // The quantized linears [out, in] of the layer (embeddings, lm_head and the router stay unquantized).
        const std::uint64_t gateWidth = d.outputGate ? mul(2, d.qWidth, kWhat) : d.qWidth;
        std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> attentionLinears = { { gateWidth, hidden },
            { d.kWidth, hidden }, { hidden, d.attnWidth } };
        std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> mlaLinears = { { d.qRank, hidden },
            { d.qWidth, d.qRank > 0 ? d.qRank : hidden }, { add(d.kvRank, d.rope, kWhat), hidden },
            { mul(d.queryHeads, add(d.nope, d.value, kWhat), kWhat), d.kvRank }, { hidden, d.attnWidth } };
        std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> mixerLinears = { { d.mixerProjection, hidden },
            { hidden, d.inner }, { add(d.dtRank, mul(2, d.stateSize, kWhat), kWhat), d.dtRank > 0 ? d.inner : 0 },
            { d.dtRank > 0 ? d.inner : 0, d.dtRank } };
        std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> mlpLinears = { { d.intermediate, hidden },
            { hidden, d.intermediate }, { d.shared, hidden }, { hidden, d.shared } };
        auto consider = [&](std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> linears) {
            for (const auto& [out, in] : linears)
                if (mul(out, in, kWhat) > mul(dequantOut, dequantIn, kWhat)) {
                    dequantOut = out;
                    dequantIn = in;
                }
        };
        if (d.mixer == LayerDims::Mixer::Attention)
            consider(attentionLinears);
        else if (d.mixer == LayerDims::Mixer::Mla)
            consider(mlaLinears);
        else if (d.mixer != LayerDims::Mixer::None)
            consider(mixerLinears);
        if (d.mlp != model::MlpSpec::Kind::None)
            consider(mlpLinears);
        layers.push_back(d);
    }

    // The cache bytes of layer l once `tokens` positions are written (what the estimate counts of it).
    const std::uint64_t page = std::max<std::uint64_t>(1, kv.pageTokens);
    auto cacheRows = [&](const LayerDims& d, std::uint64_t tokens) -> std::uint64_t {
        if (kv.staticCache)
            return d.capacity;
        if (kv.paged) {
            const std::uint64_t all = ceilDiv(positions, page);
            const std::uint64_t ring = d.capacity < positions ? std::min(all, add(ceilDiv(d.capacity, page), 1, kWhat)) : all;
            return mul(std::min(ceilDiv(tokens, page), ring), page, kWhat);
        }
        return std::min(tokens, d.capacity);
    };
    auto rowBytes = [&](const LayerDims& d) { return mul({ d.cacheElements, b, kvBytes }, kWhat); };

    struct Pass {
        std::uint64_t sequences, queries;
        bool decode;
    };
    auto pass = [&](const Pass& ps) {
        PassWorkingSet p;
        p.sequences = ps.sequences;
        p.queries = ps.queries;
        // What the layers after l have not written yet at l's moment: suffix sums, walked backwards.
        std::uint64_t later = 0;
        // A growing cache's growth: the rows per row-byte of the layers after l with room for at least n rows.
        std::vector<std::pair<std::uint64_t, std::uint64_t>> totalByCapacity; // capacity, row bytes of all such
        std::vector<std::pair<std::uint64_t, std::uint64_t>> laterByCapacity; // capacity, row bytes after l
        auto bump = [](std::vector<std::pair<std::uint64_t, std::uint64_t>>& v, std::uint64_t c, std::uint64_t bytes) {
            for (auto& [cap, sum] : v)
                if (cap == c) {
                    sum = add(sum, bytes, kWhat);
                    return;
                }
            v.emplace_back(c, bytes);
        };
        const bool growth = ps.decode && growing && kv.generatedTokens > 0;
        if (growth)
            for (const auto& d : layers)
                if (d.cacheElements > 0)
                    bump(totalByCapacity, d.capacity, rowBytes(d));
        auto below = [](std::uint64_t value, std::uint64_t deficit) { return value > deficit ? value - deficit : 0; };
        std::uint64_t growthCopy = 0;
        for (std::size_t i = layers.size(); i-- > 0;) {
            const LayerDims& d = layers[i];
            std::uint64_t keys = ps.decode ? d.capacity : (kv.staticCache && prompt <= d.capacity ? d.capacity : prompt);
            const bool temporaries = ps.decode || !growing || d.capacity < prompt;
            std::uint64_t growthRows = 0;
            if (growth && d.cacheElements > 0 && d.capacity > prompt)
                growthRows = d.capacity - 1; // its last growth, to N rows
            const LayerStages st = layerStages(d, hidden, s, attention, ps.sequences, ps.queries, keys, temporaries,
                growthRows, kvBytes);
            if (d.mixer == LayerDims::Mixer::Attention || d.mixer == LayerDims::Mixer::Mla) {
                p.keys = std::max(p.keys, keys);
                p.kvTemporaries = p.kvTemporaries || temporaries;
            }
            p.projections = std::max(p.projections, below(st.projections, later));
            if (const std::uint64_t a = below(st.attention, later);
                a > p.attention || (a == p.attention && st.scores > p.scores)) {
                p.attention = a;
                p.scores = std::min(st.scores, a);
            }
            p.mixer = std::max(p.mixer, below(st.mixer, later));
            p.mlp = std::max(p.mlp, below(st.mlp, later));
            if (growthRows > 0) {
                // Layers with more room hold N_l rows (before l) or N_l - 1 (after l) of the N_j the estimate counts.
                std::uint64_t deficit = 0;
                const std::uint64_t n = d.capacity;
                for (const auto& [cap, bytes] : totalByCapacity)
                    if (cap > n)
                        deficit = add(deficit, mul(cap - n, bytes, kWhat), kWhat);
                for (const auto& [cap, bytes] : laterByCapacity)
                    if (cap >= n)
                        deficit = add(deficit, bytes, kWhat);
                const std::uint64_t at = below(st.growth, deficit);
                if (at > p.cacheGrowth) {
                    p.cacheGrowth = at;
                    growthCopy = below(st.growthCopy, deficit);
                }
            }
            if (growth && d.cacheElements > 0)
                bump(laterByCapacity, d.capacity, rowBytes(d));
            // What this layer writes in the pass, which the layers before it have not seen yet.
            if (d.cacheElements > 0 && !kv.staticCache) {
                const std::uint64_t before = ps.decode ? cacheRows(d, positions - 1) : 0;
                const std::uint64_t after = cacheRows(d, ps.decode ? positions : prompt);
                later = add(later, mul(after - std::min(after, before), rowBytes(d), kWhat), kWhat);
            }
        }
        p.growthCopy = growthCopy;
        p.logits = mul({ ps.sequences, ceilDiv(shape.vocab, tp), s }, kWhat);
        p.output = add(mul({ ps.sequences, hidden, s }, kWhat), p.logits, kWhat);
        const std::pair<std::uint64_t, const char*> stages[] = { { p.projections, "projections" },
            { p.attention, "attention" }, { p.mixer, "mixer" }, { p.mlp, "mlp" }, { p.output, "output" },
            { p.cacheGrowth, "cache_growth" } };
        for (const auto& [bytes, name] : stages)
            if (p.stage.empty() || bytes > p.bytes) {
                p.bytes = bytes;
                p.stage = name;
            }
        if (p.stage != "cache_growth")
            p.growthCopy = 0;
        return p;
    };

    e.prefill = pass({ b, prompt, false });
    e.decodes = kv.generatedTokens > 0;
    if (e.decodes)
        e.decode = pass({ b, 1, true });

    if (quantizedWeights) {
        // The largest quantized linear of any layer, as its own [out, in].
        e.dequantOut = dequantOut;
        e.dequantIn = dequantIn;
        e.dequantization = mul({ e.dequantOut, e.dequantIn, s }, kWhat);
    }
    return e;
}

} // namespace iteragpu::sizing
