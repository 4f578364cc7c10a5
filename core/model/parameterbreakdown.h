// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace iteragpu::model {

// Exact parameter counts by part, from the shapes (no rounding). Biases are counted with their module.
struct ParameterBreakdown {
    std::uint64_t embeddings = 0; // vocab x hidden (plus learned position embeddings)
    std::uint64_t lmHead = 0; // vocab x hidden (+ its bias), 0 when tied to the embeddings (counted once)
    std::uint64_t attention = 0; // q, k, v, o (+ biases, q/k norms, sinks; MLA's projections and norms)
    std::uint64_t mlp = 0; // gate, up, down of every expert, shared experts, the MoE router
    std::uint64_t state = 0; // recurrent state layers (Mamba, Mamba2, gated DeltaNet)
    std::uint64_t norms = 0; // every layer norm weight, including the final one
    std::uint64_t total = 0;
    std::uint64_t active = 0; // what one token uses: total less the routed experts outside its top-k
};

} // namespace iteragpu::model
