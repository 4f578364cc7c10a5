// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

namespace iteragpu::sizing {

// The working set of one forward pass (a prefill, or one decode step) above the weights, the inputs and the KV
// cache it holds: one layer's tensors alive together at each stage, above the caches the layers have written by then,
// the largest over the layers, and the largest stage (Note [Inference working set] in inferenceactivations.cpp).
// Bytes per device.
struct PassWorkingSet {
    std::uint64_t sequences = 0; // B
    std::uint64_t queries = 0; // query positions per sequence: the prompt, or 1 in a decode step
    std::uint64_t keys = 0; // keys each query reads (the columns of eager attention's scores)
    bool kvTemporaries = false; // k and v are copied into the cache (not kept as it), so they are working set
    std::uint64_t projections = 0; // h + x + q (+ k + v)
    std::uint64_t attention = 0; // h + q + attn (+ k + v) (+ eager: scores in the compute type, float32 softmax)
    std::uint64_t scores = 0; // eager: scores + float32 softmax, part of `attention`; 0 for sdpa
    std::uint64_t mlp = 0; // h + x2 + gate + up (MoE: + the routed sum and the top-k tensors)
    std::uint64_t mixer = 0; // a state layer's mixer (Mamba, Mamba2, gated DeltaNet): h, x and its tensors; 0: none
    std::uint64_t output = 0; // the last position's hidden state and its logits
    std::uint64_t logits = 0; // [B, vocab] in the compute type, part of `output`
    std::uint64_t cacheGrowth = 0; // decode, growing cache: h + q + k + v + the copy of one layer's key
    std::uint64_t growthCopy = 0; // that copy: [B, rows - 1, KV heads, head_dim], part of `cacheGrowth`
    std::uint64_t bytes = 0; // the largest stage
    std::string stage; // its name: "projections", "attention", "mixer", "mlp", "output", "cache_growth"
};

struct InferenceActivationEstimate {
    PassWorkingSet prefill;
    PassWorkingSet decode; // the last decode step (the most keys); zero when nothing is generated
    bool decodes = false; // generated tokens > 0
    // The transient dequantized copy of the largest quantized linear, [out, in] in the compute type; 0 for float
    // formats. dequantOut x dequantIn are its dimensions (per device).
    std::uint64_t dequantization = 0;
    std::uint64_t dequantOut = 0;
    std::uint64_t dequantIn = 0;
    std::uint64_t computeBytes = 0; // bytes per element of the compute type
};

} // namespace iteragpu::sizing
