// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/kvcacheestimator.h"

#include "core/sizing/checkedmath.h"
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
    using namespace checked;
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

    e.assumptions.push_back("KV cache: 2 (K and V) x layers x " + std::to_string(o.kvHeads) + " KV heads x head_dim "
        + std::to_string(o.headDim) + " x tokens x bytes x " + std::to_string(o.sequences)
        + " sequence(s); KV heads, not query heads");
    const bool quantized = !o.bytesPerElement && (o.dtype == ScalarType::INT8 || o.dtype == ScalarType::INT4);
    if (quantized) {
        e.payloadBytes = bitsToBytes(elements, scalarBits(o.dtype), kWhat);
        const std::uint64_t groupsPerVector = ceilDiv(o.headDim, o.quantGroupSize);
        const std::uint64_t groups = mul({ 2, o.kvHeads, groupsPerVector, tokenLayers, o.sequences }, kWhat);
        e.scaleBytes = mul(groups, 4, kWhat); // fp16 scale + fp16 zero point per group
        e.assumptions.push_back(std::string("KV cache: quantized ") + scalarName(o.dtype)
            + ", one fp16 scale and one fp16 " + "zero point per group of " + std::to_string(o.quantGroupSize)
            + " elements along head_dim, per token and head; a full-precision residual window is not modelled");
    } else {
        const std::uint64_t bytesPer = o.bytesPerElement.value_or(std::max<std::uint64_t>(1, scalarBits(o.dtype) / 8));
        e.payloadBytes = mul(elements, bytesPer, kWhat);
    }
    e.bytes = add(e.payloadBytes, e.scaleBytes, kWhat);
    if (o.staticCache)
        e.assumptions.push_back(
            "KV cache: static, preallocated for " + std::to_string(e.tokens) + " tokens per sequence whatever is used");
    else
        e.assumptions.push_back("KV cache: tokens = prompt " + std::to_string(o.promptTokens) + " + generated "
            + std::to_string(o.generatedTokens));
    if (e.layersWindowed > 0)
        e.assumptions.push_back("KV cache: " + std::to_string(e.layersWindowed) + " of " + std::to_string(o.layers)
            + " layers keep only their sliding window (min(window, tokens)); assumes a cache that evicts beyond the "
              "window (sliding-window / hybrid cache)");
    return e;
}

} // namespace iteragpu::sizing
