// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace iteragpu::model {

// Exact parameter counts by part, from the shapes (no rounding). Biases are counted with their module.
struct ParameterBreakdown {
    std::uint64_t embeddings = 0; // vocab x hidden
    std::uint64_t lmHead = 0; // vocab x hidden, 0 when tied to the embeddings (counted once)
    std::uint64_t attention = 0; // q, k, v, o (+ biases)
    std::uint64_t mlp = 0; // gate, up, down of every expert, plus the MoE router
    std::uint64_t norms = 0; // every norm weight, including the final one
    std::uint64_t total = 0;
};

} // namespace iteragpu::model
