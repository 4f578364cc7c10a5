// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/attentionimpl.h"
#include "core/sizing/scalartype.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

enum class TrainingMode { Full, LoRA };
enum class Optimizer { SGD, SGDMomentum, Adam, AdamW, Adam8bit };

const char* optimizerName(Optimizer optimizer); // "sgd", "sgd-momentum", "adam", "adamw", "adam8bit"
std::optional<Optimizer> optimizerFromName(const std::string& name);

struct TrainingOptions {
    TrainingMode mode = TrainingMode::Full;
    Optimizer optimizer = Optimizer::AdamW;
    ScalarType gradientType = ScalarType::BF16; // gradients of the trainable parameters
    bool masterWeights = false; // fp32 master copy of the trainable parameters (mixed precision)
    std::uint64_t loraRank = 16;
    std::vector<std::string> loraTargets { "q_proj", "k_proj", "v_proj", "o_proj" };
    ScalarType adapterType = ScalarType::FP32; // LoRA A and B weights
    std::uint64_t microBatch = 1; // sequences per step
    std::uint64_t sequenceLength = 2048; // tokens per sequence
    bool activationCheckpointing = false;
    ScalarType activationType = ScalarType::BF16;
    // nullopt or eager: Korthikanti et al.'s formula with its s x s attention terms; sdpa: without them (the
    // engine sets it from SizingRequest::attention).
    std::optional<AttentionImpl> attention;
    std::uint64_t evalBatch = 0; // 0 = no evaluation phase
    bool exportCopy = false; // a full copy of the weights in exportType while saving/merging
    ScalarType exportType = ScalarType::FP16;
};

} // namespace iteragpu::sizing
