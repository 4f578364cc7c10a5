// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace iteragpu::model {

// The attention of one decoder layer, as its config describes it (vLLM's FullAttentionSpec, SlidingWindowSpec,
// ChunkedLocalAttentionSpec and MLAAttentionSpec in one value). `present` is false for a layer without
// attention (a Mamba or gated-DeltaNet layer, Nemotron-H's MLP-only layers).
struct AttentionSpec {
    // Which past tokens a query sees: every one, the last `window`, or those of its own chunk of `window`.
    enum class Span { Full, Sliding, Chunked };
    // Standard: q/k/v projections per head (MHA, GQA, MQA); Mla: DeepSeek's multi-head latent attention, whose
    // keys and values come from one compressed latent of kvLoraRank plus a shared rotary key of qkRopeHeadDim.
    enum class Layout { Standard, Mla };

    bool present = true;
    Span span = Span::Full;
    std::uint64_t window = 0; // tokens: the sliding window or the chunk size; 0 with Span::Full
    Layout layout = Layout::Standard;
    std::uint64_t heads = 0; // query heads
    std::uint64_t kvHeads = 0; // key/value heads (== heads for MHA, 1 for MQA); MLA: heads (decompressed)
    std::uint64_t headDim = 0; // per query/key head (MLA: qkNopeHeadDim + qkRopeHeadDim)
    std::uint64_t valueHeadDim = 0; // per value head (== headDim except MLA's v_head_dim)
    bool qkvBias = false; // q, k, v projections have biases
    bool outputBias = false; // o_proj has a bias
    std::uint64_t qkNormParameters = 0; // q/k norm weights of the layer (per head or over the projection)
    bool outputGate = false; // Qwen3-Next: q_proj also gives a sigmoid gate per query channel (2 x its width)
    bool sinks = false; // gpt-oss: one learned sink logit per query head
    bool rope = true; // false: a NoPE layer (Llama-4's global layers, Cohere2's)
    // MLA (Layout::Mla): q_lora_rank (0: q_proj straight from the hidden state), kv_lora_rank, the rotary and
    // non-rotary parts of a query/key head.
    std::uint64_t qLoraRank = 0;
    std::uint64_t kvLoraRank = 0;
    std::uint64_t qkNopeHeadDim = 0;
    std::uint64_t qkRopeHeadDim = 0;
};

} // namespace iteragpu::model
