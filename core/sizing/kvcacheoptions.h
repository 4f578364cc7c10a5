// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/layercache.h"
#include "core/sizing/scalartype.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::sizing {

// A dense KV cache: 2 (K and V) x layers x kv_heads x head_dim x tokens x bytes x sequences,
// tokens = promptTokens + generatedTokens (or staticCapacity for a static cache), per layer capped by its
// sliding window. A model whose layers differ in more than their window (MLA, recurrent state layers, chunked
// attention, layers without attention, other head counts) gives `layerCaches`, one per layer, which wins over
// layers x kvHeads x headDim.
struct KvCacheOptions {
    std::uint64_t layers = 0;
    std::uint64_t kvHeads = 0; // num_key_value_heads, never the query heads
    std::uint64_t headDim = 0;
    std::uint64_t promptTokens = 0;
    std::uint64_t generatedTokens = 0;
    std::uint64_t sequences = 1; // batch of sequences held at once
    ScalarType dtype = ScalarType::FP16; // FP32/FP16/BF16/FP8: plain; INT8/INT4: quantized with scales
    std::optional<std::uint64_t> bytesPerElement; // overrides dtype for a plain cache (--kv-bytes)
    std::optional<std::uint64_t> slidingWindow; // one window for every layer
    std::vector<std::optional<std::uint64_t>> layerWindows; // per layer (size == layers); wins over slidingWindow
    bool staticCache = false; // preallocated to staticCapacity tokens whatever is used
    std::optional<std::uint64_t> staticCapacity; // tokens; default: prompt + generated
    std::uint64_t quantGroupSize = 64; // INT8/INT4: elements per group along head_dim, fp16 scale + fp16 zero
    // A paged cache (vLLM's blocks of pageTokens tokens). The kv_cache component stays the contiguous count; the
    // per-phase estimate (phaseestimator.h) rounds each layer up to whole blocks and adds the block tables, and
    // the inference activations count k and v as temporaries copied into the blocks. Not with staticCache.
    bool paged = false;
    std::uint64_t pageTokens = 16;

    std::vector<LayerCache> layerCaches; // per layer (size == layers), from the model; empty: uniform
    // MLA layers kept as their latent (vLLM's and SGLang's way) instead of decompressed K and V per head
    // (transformers' modeling code, the default).
    bool mlaLatent = false;
    // A recurrent layer's state: bytes per element (the model's 16-bit dtype, as transformers keeps it).
    std::uint64_t stateBytesPerElement = 2;

    // Layers, KV heads, head_dim and per-layer windows from the shape (and layerCaches when its layers are not
    // uniform); tokens and sequences left to the caller. mlaLatent: MLA layers cached as their latent (a serving
    // engine's way) instead of decompressed K and V per head (transformers' way).
    static KvCacheOptions fromShape(const model::ModelShape& shape, bool mlaLatent = false);
    // Bytes of one element of a plain cache: bytesPerElement when given, else the dtype's (at least 1).
    std::uint64_t plainElementBytes() const
    {
        return bytesPerElement.value_or(std::max<std::uint64_t>(1, scalarBits(dtype) / 8));
    }
};

} // namespace iteragpu::sizing
