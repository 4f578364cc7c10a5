// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/attentionimpl.h"
#include "core/sizing/scalartype.h"
#include "core/training/trainingrecipe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

enum class TrainingMode { Full, LoRA };
enum class Optimizer { SGD, SGDMomentum, Adam, AdamW, Adam8bit };

const char* optimizerName(Optimizer optimizer); // "sgd", "sgd-momentum", "adam", "adamw", "adam8bit"
std::optional<Optimizer> optimizerFromName(const std::string& name);

// A training step as the user chose it. What is left nullopt (or empty) is not chosen: it comes from the
// framework's profile (training::FrameworkProfile) through training::resolveRecipe, one rule for estimate,
// measure and the window (trainingchoices.h). LoRA on nf4 or nf4-dq weights is QLoRA.
struct TrainingOptions {
    TrainingMode mode = TrainingMode::Full;
    training::Framework framework = training::Framework::Hf; // whose habits fill what is not chosen
    std::optional<Optimizer> optimizer;
    ScalarType gradientType = ScalarType::BF16; // gradients (the parameter-count estimate; a shape: their dtype)
    bool gradientTypeChosen = false; // gradientType was given (--grad-dtype), not taken from the compute type
    bool masterWeights = false; // fp32 master copy of the trainable parameters (mixed precision)
    std::optional<std::uint64_t> loraRank;
    std::vector<std::string> loraTargets; // empty: the framework's ("all-linear" accepted)
    std::optional<ScalarType> adapterType; // LoRA A and B: fp32 or the compute type
    std::optional<std::uint64_t> microBatch; // sequences per forward
    std::uint64_t sequenceLength = 2048; // tokens per sequence
    std::optional<bool> activationCheckpointing;
    std::optional<std::uint64_t> gradAccum; // micro-batches per optimizer step
    std::optional<std::uint64_t> lossChunks; // 0: the loss over the whole logits; n: chunked cross-entropy
    std::optional<bool> pagedOptimizer; // the optimizer's states in host memory
    std::optional<bool> optimizerInBackward; // each parameter stepped as its gradient is ready
    ScalarType activationType = ScalarType::BF16;
    // nullopt or eager: Korthikanti et al.'s formula with its s x s attention terms; sdpa: without them (the
    // engine sets it from SizingRequest::attention). The decoder's inventory takes sdpa when none is chosen.
    std::optional<AttentionImpl> attention;
    std::uint64_t evalBatch = 0; // 0 = no evaluation phase
    bool exportCopy = false; // a full copy of the weights in exportType while saving/merging
    ScalarType exportType = ScalarType::FP16;
};

} // namespace iteragpu::sizing
