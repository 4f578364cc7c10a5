// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/kvcacheestimator.h"

#include "core/units/checkedmath.h"
#include "core/sizing/sizingerror.h"

#include <algorithm>

namespace iteragpu::sizing {

namespace {
    constexpr const char* kWhat = "KV cache size";

    bool quantizedCache(const KvCacheOptions& o)
    {
        return !o.bytesPerElement && (o.dtype == ScalarType::INT8 || o.dtype == ScalarType::INT4);
    }

    // What the tokens a full layer keeps are: a static cache's capacity, or the prompt and the generated ones.
    void tokenAssumption(const KvCacheOptions& o, KvCacheEstimate& e)
    {
        if (o.staticCache)
            e.assumptions.push_back({ //: %1 number of tokens
                ITERAGPU_TRANSLATE_NOOP(
                    "Assumption", "KV cache: static, preallocated for %1 tokens per sequence whatever is used"),
                { e.tokens } });
        else
            e.assumptions.push_back({ //: %1 prompt tokens, %2 generated tokens
                ITERAGPU_TRANSLATE_NOOP("Assumption", "KV cache: tokens = prompt %1 + generated %2"),
                { o.promptTokens, o.generatedTokens } });
    }

    // Note [Per-layer cache]: each layer keeps its own tokens (all, its window, its chunk), a latent one vector
    // per token, a recurrent layer its state per sequence whatever the tokens. Bytes per element as the uniform
    // cache; a quantized cache adds an fp16 scale and zero per group along each vector.
    KvCacheEstimate perLayer(const KvCacheOptions& o, KvCacheEstimate e)
    {
        using namespace units::checked;
        using Kind = LayerCache::Kind;
        if (o.layerCaches.size() != o.layers)
            throw SizingError("KV cache: per-layer caches must list every layer (" + std::to_string(o.layerCaches.size())
                + " given for " + std::to_string(o.layers) + " layers)");
        const bool quantized = quantizedCache(o);
        const std::uint64_t plainBytes = o.bytesPerElement.value_or(std::max<std::uint64_t>(1, scalarBits(o.dtype) / 8));
        for (const auto& c : o.layerCaches) {
            KvCacheEstimate::KindTotal t;
            t.kind = c.kind;
            std::uint64_t bytes = 0;
            if (c.kind == Kind::State) {
                t.elementsPerToken = c.stateElements;
                bytes = mul({ c.stateElements, o.stateBytesPerElement, o.sequences }, kWhat);
                e.stateBytes = add(e.stateBytes, bytes, kWhat);
            } else if (c.kind != Kind::None) {
                if ((c.kind == Kind::Sliding || c.kind == Kind::Chunked) && c.window == 0)
                    throw SizingError("KV cache: a sliding window or chunk must be greater than zero");
                t.tokensKept = c.kind == Kind::Sliding || c.kind == Kind::Chunked ? std::min(c.window, e.tokens) : e.tokens;
                if (t.tokensKept < e.tokens)
                    ++e.layersWindowed;
                t.elementsPerToken = c.elementsPerToken();
                const std::uint64_t elements = mul({ t.elementsPerToken, t.tokensKept, o.sequences }, kWhat);
                if (quantized) {
                    const std::uint64_t payload = bitsToBytes(elements, scalarBits(o.dtype), kWhat);
                    std::uint64_t groups = mul(c.heads, ceilDiv(c.keyWidth, o.quantGroupSize), kWhat);
                    if (c.valueWidth > 0)
                        groups = add(groups, mul(c.heads, ceilDiv(c.valueWidth, o.quantGroupSize), kWhat), kWhat);
                    const std::uint64_t scales = mul({ groups, t.tokensKept, o.sequences, 4 }, kWhat);
                    e.payloadBytes = add(e.payloadBytes, payload, kWhat);
                    e.scaleBytes = add(e.scaleBytes, scales, kWhat);
                    bytes = add(payload, scales, kWhat);
                } else {
                    bytes = mul(elements, plainBytes, kWhat);
                    e.payloadBytes = add(e.payloadBytes, bytes, kWhat);
                }
            }
            t.layers = 1;
            t.bytes = bytes;
            auto same = std::find_if(e.byKind.begin(), e.byKind.end(), [&](const KvCacheEstimate::KindTotal& k) {
                return k.kind == t.kind && k.tokensKept == t.tokensKept && k.elementsPerToken == t.elementsPerToken;
            });
            if (same == e.byKind.end()) {
                e.byKind.push_back(t);
            } else {
                same->layers += 1;
                same->bytes = add(same->bytes, t.bytes, kWhat);
            }
        }
        e.bytes = add(e.payloadBytes, e.scaleBytes, kWhat);
        for (const auto& k : e.byKind) {
            if (k.kind == Kind::None)
                continue;
            if (k.kind == Kind::State)
                e.assumptions.push_back({ //: %1 layers, %2 layer kind, %3 elements of state per sequence, %4 bytes per element, %5 sequences, %6 bytes
                    ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "state cache: %1 layer(s) of %2 keep %3 elements per sequence (conv and recurrent state) x "
                        "%4 bytes x %5 sequence(s) = %6 bytes, whatever the tokens"),
                    { k.layers, LayerCache::kindTerm(k.kind), i18n::Arg::grouped(k.elementsPerToken), o.stateBytesPerElement,
                        o.sequences, i18n::Arg::grouped(k.bytes) } });
            else
                e.assumptions.push_back({ //: %1 layers, %2 layer kind, %3 elements per token, %4 tokens kept per layer, %5 sequences, %6 bytes
                    ITERAGPU_TRANSLATE_NOOP("Assumption",
                        "KV cache: %1 layer(s) of %2 keep %3 elements per token (K and V) for %4 tokens x %5 "
                        "sequence(s) = %6 bytes"),
                    { k.layers, LayerCache::kindTerm(k.kind), i18n::Arg::grouped(k.elementsPerToken),
                        i18n::Arg::grouped(k.tokensKept), o.sequences, i18n::Arg::grouped(k.bytes) } });
        }
        if (quantized)
            e.assumptions.push_back({ //: %1 data type (int8, int4), %2 elements per group
                ITERAGPU_TRANSLATE_NOOP("Assumption",
                    "KV cache: quantized %1, one fp16 scale and one fp16 zero point per group of %2 elements along "
                    "head_dim, per token and head; a full-precision residual window is not modelled"),
                { scalarName(o.dtype), o.quantGroupSize } });
        tokenAssumption(o, e);
        return e;
    }
}

namespace {

    using model::AttentionSpec;

    LayerCache cacheOf(const model::LayerSpec& l, bool mlaLatent)
    {
        LayerCache c;
        const AttentionSpec& a = l.attention;
        if (!a.present) {
            if (l.state.kind != model::StateSpec::Kind::None) {
                c.kind = LayerCache::Kind::State;
                c.stateElements = units::checked::add(
                    l.state.convStateElements(), l.state.recurrentStateElements(), "state size");
            } else {
                c.kind = LayerCache::Kind::None;
            }
            return c;
        }
        if (a.layout == AttentionSpec::Layout::Mla && mlaLatent) {
            c.kind = LayerCache::Kind::Latent;
            c.heads = 1;
            c.keyWidth = units::checked::add(a.kvLoraRank, a.qkRopeHeadDim, "KV cache size");
            c.replicated = true;
            return c;
        }
        c.heads = a.kvHeads;
        c.keyWidth = a.headDim;
        c.valueWidth = a.valueHeadDim;
        c.window = a.window;
        if (a.layout == AttentionSpec::Layout::Mla) {
            c.kind = LayerCache::Kind::MlaDecompressed;
            return c;
        }
        c.kind = a.span == AttentionSpec::Span::Sliding ? LayerCache::Kind::Sliding
            : a.span == AttentionSpec::Span::Chunked    ? LayerCache::Kind::Chunked
                                                        : LayerCache::Kind::Full;
        return c;
    }

    // True when layers x kvHeads x headDim with per-layer windows says it all.
    bool uniform(const std::vector<LayerCache>& caches, const model::ModelShape& shape)
    {
        for (const auto& c : caches)
            if ((c.kind != LayerCache::Kind::Full && c.kind != LayerCache::Kind::Sliding) || c.heads != shape.kvHeads
                || c.keyWidth != shape.headDim || c.valueWidth != shape.headDim)
                return false;
        return true;
    }

} // namespace

KvCacheOptions KvCacheOptions::fromShape(const model::ModelShape& shape, bool mlaLatent)
{
    KvCacheOptions o;
    o.layers = shape.layers;
    o.kvHeads = shape.kvHeads;
    o.headDim = shape.headDim;
    o.layerWindows = shape.layerWindows;
    if (!shape.hasSlidingWindow())
        o.layerWindows.clear();
    if (!shape.layerSpecs.empty()) {
        std::vector<LayerCache> caches;
        caches.reserve(shape.layerSpecs.size());
        for (const auto& l : shape.layerSpecs)
            caches.push_back(cacheOf(l, mlaLatent));
        if (!uniform(caches, shape))
            o.layerCaches = std::move(caches);
    }
    return o;
}

KvCacheEstimate KvCacheEstimator::estimate(const KvCacheOptions& o)
{
    using namespace units::checked;
    if (o.layers == 0)
        throw SizingError("KV cache: the number of layers must be greater than zero");
    if (o.kvHeads == 0)
        throw SizingError("KV cache: the number of KV heads must be greater than zero");
    if (o.headDim == 0)
        throw SizingError("KV cache: head_dim must be greater than zero");
    if (o.sequences == 0)
        throw SizingError("KV cache: the number of sequences must be greater than zero");
    if (o.bytesPerElement && *o.bytesPerElement == 0)
        throw SizingError("KV cache: bytes per element must be greater than zero");
    if (o.quantGroupSize == 0)
        throw SizingError("KV cache: the quantization group size must be greater than zero");
    const std::uint64_t used = add(o.promptTokens, o.generatedTokens, kWhat);
    KvCacheEstimate e;
    if (o.staticCache) {
        e.tokens = o.staticCapacity.value_or(used);
        if (e.tokens < used)
            throw SizingError("KV cache: the static cache capacity (" + std::to_string(e.tokens)
                + " tokens) is smaller than prompt + generated tokens (" + std::to_string(used) + ")");
    } else {
        e.tokens = used;
    }
    if (e.tokens == 0)
        throw SizingError("KV cache: the number of tokens (prompt + generated) must be greater than zero");

    if (!o.layerCaches.empty())
        return perLayer(o, e);

    std::vector<std::optional<std::uint64_t>> windows = o.layerWindows;
    if (!windows.empty() && windows.size() != o.layers)
        throw SizingError("KV cache: per-layer windows must list every layer (" + std::to_string(windows.size())
            + " given for " + std::to_string(o.layers) + " layers)");
    if (windows.empty() && o.slidingWindow)
        windows.assign(o.layers, o.slidingWindow);
    std::uint64_t tokenLayers = 0; // sum over layers of the tokens each keeps
    if (windows.empty()) {
        tokenLayers = mul(o.layers, e.tokens, kWhat);
    } else {
        for (const auto& w : windows) {
            if (w && *w == 0)
                throw SizingError("KV cache: a sliding window must be greater than zero");
            const std::uint64_t kept = w ? std::min(*w, e.tokens) : e.tokens;
            if (kept < e.tokens)
                ++e.layersWindowed;
            tokenLayers = add(tokenLayers, kept, kWhat);
        }
    }
    const std::uint64_t elements = mul({ 2, o.kvHeads, o.headDim, tokenLayers, o.sequences }, kWhat);

    e.assumptions.push_back({ //: %1 KV heads, %2 head_dim, %3 number of sequences
        ITERAGPU_TRANSLATE_NOOP("Assumption",
            "KV cache: 2 (K and V) x layers x %1 KV heads x head_dim %2 x tokens x bytes x %3 sequence(s); KV "
            "heads, not query heads"),
        { o.kvHeads, o.headDim, o.sequences } });
    const bool quantized = !o.bytesPerElement && (o.dtype == ScalarType::INT8 || o.dtype == ScalarType::INT4);
    if (quantized) {
        e.payloadBytes = bitsToBytes(elements, scalarBits(o.dtype), kWhat);
        const std::uint64_t groupsPerVector = ceilDiv(o.headDim, o.quantGroupSize);
        const std::uint64_t groups = mul({ 2, o.kvHeads, groupsPerVector, tokenLayers, o.sequences }, kWhat);
        e.scaleBytes = mul(groups, 4, kWhat); // fp16 scale + fp16 zero point per group
        e.assumptions.push_back({ //: %1 data type (int8, int4), %2 elements per group
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "KV cache: quantized %1, one fp16 scale and one fp16 zero point per group of %2 elements along "
                "head_dim, per token and head; a full-precision residual window is not modelled"),
            { scalarName(o.dtype), o.quantGroupSize } });
    } else {
        const std::uint64_t bytesPer = o.bytesPerElement.value_or(std::max<std::uint64_t>(1, scalarBits(o.dtype) / 8));
        e.payloadBytes = mul(elements, bytesPer, kWhat);
    }
    e.bytes = add(e.payloadBytes, e.scaleBytes, kWhat);
    tokenAssumption(o, e);
    if (e.layersWindowed > 0)
        e.assumptions.push_back({ //: %1 layers with a sliding window, %2 layers in all
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "KV cache: %1 of %2 layers keep only their sliding window (min(window, tokens)); assumes a cache "
                "that evicts beyond the window (sliding-window / hybrid cache)"),
            { e.layersWindowed, o.layers } });
    return e;
}

} // namespace iteragpu::sizing
