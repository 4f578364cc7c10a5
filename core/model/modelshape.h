// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/model/layerspec.h"
#include "core/model/linearshape.h"
#include "core/model/modelpart.h"
#include "core/model/parameterbreakdown.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::model {

// The one description of a decoder-only model, read from a Hugging Face config.json (ConfigReader, one table
// entry per architecture in core/model/architectures.cpp), a preset, a GGUF file's metadata or a safetensors
// header with its config.
//
// Note [Layers]: `layerSpecs` says what each layer is (attention span and layout, recurrent state, dense or MoE
// MLP, norms); sizing, the parameter count and the KV cache read it. The scalar fields below are the model's
// uniform view (the first attention layer's heads, the dense or expert width): what a Llama-style reader gives,
// what the decoder workload builds, and what stands for layerSpecs when a reader leaves it empty
// (uniformLayer()). All counts are > 0 once read; headDim is explicit when the config gives it (gemma-7b: 16 x 256
// != 3072).
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
    bool qkNorm = false; // q_norm and k_norm of head_dim in every attention layer (Qwen3, Gemma-3)
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

    // --- per layer (Note [Layers]) ---
    std::vector<LayerSpec> layerSpecs; // one per layer; empty: uniform layers from the fields above
    std::uint64_t finalNormParameters = 0; // the last norm's weights (and bias); 0 with empty layerSpecs: hidden
    std::uint64_t positionEmbeddings = 0; // rows of learned absolute positions (gpt_bigcode's wpe), x hidden
    bool lmHeadBias = false; // PhiMoE: lm_head has a bias
    std::vector<ModelPart> apart; // counted apart from the language model: MTP layers, a vision tower
    std::string architecture; // the table entry that read it ("llama", "deepseek_v3", ...); empty: uniform
    bool assumedArchitecture = false; // read as `architecture` on the user's word (--assume-architecture)

    // Layer `index` of the uniform view (layerWindows, experts), for a model whose layerSpecs are empty; its
    // count and linears are one such layer `layers` times, never a walk over the layers.
    LayerSpec uniformLayer(std::uint64_t index) const;
    // Every linear weight kind of the model with its shape and count (embeddings, lm_head and norms excluded).
    std::vector<LinearShape> linearLayers() const;
    // Exact counts of the language model (the parts apart listed, not added); throws units::InputError if a sum
    // overflows 64 bits.
    ParameterBreakdown parameters() const;
    // True when at least one layer has a sliding window.
    bool hasSlidingWindow() const;
    // True when every layer is what the decoder workload builds (core/workloads/DECODER.md "Layers"): standard
    // attention or MLA, full, sliding or chunked, and a dense MLP or experts, with their norms, biases and shared
    // expert; no gated output or state layers. The reason it is not, in one line (context RunRefusal), else
    // nullopt.
    std::optional<i18n::Message> decoderRefusal() const;
    // The same in English: empty when the decoder builds it.
    std::string decoderUnsupported() const;
};

} // namespace iteragpu::model
