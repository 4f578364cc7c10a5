// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/kvcacheestimator.h"

#include "core/units/checkedmath.h"
#include "core/sizing/sizingerror.h"

#include <algorithm>

namespace iteragpu::sizing {

namespace {
    constexpr const char* kWhat = "KV cache size";
}

KvCacheOptions KvCacheOptions::fromShape(const model::ModelShape& shape)
{
    KvCacheOptions o;
    o.layers = shape.layers;
    o.kvHeads = shape.kvHeads;
    o.headDim = shape.headDim;
    o.layerWindows = shape.layerWindows;
    if (!shape.hasSlidingWindow())
        o.layerWindows.clear();
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
    if (o.staticCache)
        e.assumptions.push_back({ //: %1 number of tokens
            ITERAGPU_TRANSLATE_NOOP(
                "Assumption", "KV cache: static, preallocated for %1 tokens per sequence whatever is used"),
            { e.tokens } });
    else
        e.assumptions.push_back({ //: %1 prompt tokens, %2 generated tokens
            ITERAGPU_TRANSLATE_NOOP("Assumption", "KV cache: tokens = prompt %1 + generated %2"),
            { o.promptTokens, o.generatedTokens } });
    if (e.layersWindowed > 0)
        e.assumptions.push_back({ //: %1 layers with a sliding window, %2 layers in all
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "KV cache: %1 of %2 layers keep only their sliding window (min(window, tokens)); assumes a cache "
                "that evicts beyond the window (sliding-window / hybrid cache)"),
            { e.layersWindowed, o.layers } });
    return e;
}

} // namespace iteragpu::sizing
