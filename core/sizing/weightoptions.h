// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/scalartype.h"
#include "core/sizing/weightformat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

struct WeightOptions {
    WeightFormat format = WeightFormat::FP16; // storage format
    ScalarType compute = ScalarType::BF16; // compute format (informational for weights; activations use it)
    std::uint64_t blockSize = 64; // NF4/FP4 absmax block, elements
    std::uint64_t groupSize = 128; // GPTQ/AWQ group along the input dimension, elements
    // Modules kept in keptType instead of `format`, by name: "embeddings", "lm_head", "norms", "biases",
    // "router". nullopt = the default: {embeddings, lm_head, norms, biases, router} for quantized formats,
    // nothing for fp32/fp16/bf16. Only applies when the model shape is known.
    std::optional<std::vector<std::string>> keptModules;
    ScalarType keptType = ScalarType::BF16;
    // FP8 with block-wise scales (DeepSeek-V3's weight_block_size [128, 128]): one fp32 scale per block of rows x
    // columns of each linear instead of one per tensor. nullopt: per tensor.
    std::optional<std::uint64_t> fp8BlockRows;
    std::optional<std::uint64_t> fp8BlockColumns;
};

} // namespace iteragpu::sizing
