// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/model/linearshape.h"
#include "core/model/parameterbreakdown.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::model {

// The shape of a decoder-only transformer as read from a Hugging Face config.json (ConfigReader) or a preset.
// All counts are > 0 once read; headDim is explicit when the config gives it (gemma-7b: 16 x 256 != 3072).
struct ModelShape {
    std::string family; // config "model_type": llama, mistral, qwen2, gemma, gemma2, phi3, mixtral, ...
    std::string source; // file path or preset id it came from
    std::uint64_t layers = 0; // num_hidden_layers
    std::uint64_t hidden = 0; // hidden_size
    std::uint64_t intermediate = 0; // intermediate_size (per expert for MoE)
    std::uint64_t heads = 0; // num_attention_heads
    std::uint64_t kvHeads = 0; // num_key_value_heads (defaults to heads)
    std::uint64_t headDim = 0; // head_dim, or hidden / heads
    std::uint64_t vocab = 0; // vocab_size
    bool tieWordEmbeddings = false; // lm_head shares the embedding matrix (counted once)
    bool qkvBias = false; // q/k/v projections have a bias (qwen2, or attention_bias)
    bool outputBias = false; // o_proj has a bias (attention_bias in llama-style configs)
    bool mlpBias = false; // mlp_bias
    std::uint64_t normsPerLayer = 2; // RMSNorm weights of `hidden` each; gemma2 has 4
    // Per layer: the sliding-window length in tokens, or nullopt for full attention. Size == layers.
    std::vector<std::optional<std::uint64_t>> layerWindows;
    std::uint64_t experts = 0; // num_local_experts; 0 = dense MLP. Memory counts every expert.
    std::uint64_t expertsPerToken = 0; // num_experts_per_tok (informational: compute, not memory)
    std::string torchDtype; // "bfloat16", "float16", "float32" or empty
    // max_position_embeddings: the context the model was trained for; nullopt when the config does not say. Not
    // used for bytes, only to name the cap of the largest context that fits.
    std::optional<std::uint64_t> trainedContext;
    // rope_theta (the rotary base) and rms_norm_eps; nullopt when the config does not say (the decoder workload
    // then takes the family's default, core/workloads/decodersource.h). Not used for bytes.
    std::optional<double> ropeTheta;
    std::optional<double> normEps;
    std::vector<i18n::Message> notes; // assumptions made while reading (family defaults, ignored keys)

    // Every linear weight kind of the model with its shape and count (embeddings, lm_head and norms excluded).
    std::vector<LinearShape> linearLayers() const;
    // Exact counts; throws units::InputError if a product overflows 64 bits.
    ParameterBreakdown parameters() const;
    // True when at least one layer has a sliding window.
    bool hasSlidingWindow() const;
};

} // namespace iteragpu::model
