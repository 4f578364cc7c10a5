// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

namespace iteragpu::model {

// The feed-forward block of one decoder layer: dense, a mixture of experts, or none (a Nemotron-H mixer layer).
struct MlpSpec {
    enum class Kind { None, Dense, Moe };

    Kind kind = Kind::Dense;
    std::uint64_t intermediate = 0; // Dense: its width; Moe: the width of one routed expert
    bool gated = true; // gate_proj x up_proj (SwiGLU/GeGLU: 3 matrices); false: up and down only
    bool bias = false; // biases on its linears (for Moe: on every expert's, as gpt-oss)
    std::string activation; // hidden_act as the config names it (silu, gelu, relu2, ...); informational
    std::uint64_t experts = 0; // Moe: routed experts, every one resident in memory
    std::uint64_t expertsPerToken = 0; // Moe: top-k, what one token computes
    std::uint64_t sharedIntermediate = 0; // Moe: width of the always-on shared expert MLP (0: none)
    std::uint64_t sharedExperts = 0; // Moe: shared experts as the config counts them (their width is summed above)
    bool sharedExpertGate = false; // Qwen2-MoE / Qwen3-Next: a sigmoid gate [hidden -> 1] on the shared expert
    bool routerBias = false; // gpt-oss: the router linear has a bias
    bool routerScoreBias = false; // DeepSeek-V3: e_score_correction_bias, one per expert
};

} // namespace iteragpu::model
