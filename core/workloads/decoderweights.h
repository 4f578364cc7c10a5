// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstdint>
#include <vector>

// The tensors of the decoder's model_load (core/workloads/DECODER.md "model_load", and with a LoRA recipe its
// adapters after them, "Training" / "model_load"), in allocation order, with the trainable parameters among them
// and, per layer, which tensor each module's weight is. Both predictors replay this list; the training one also
// reads which parameter gets which gradient. Every size is checked once here (units::InputError beyond 64 bits).
namespace iteragpu::workloads {

struct DecoderWeights {
    // A trainable parameter ("Training" / "Notation"): its elements and the bytes of one tensor of its dtype (the
    // weight itself, its gradient, an AdamW moment): s for the model's weights, a for the adapters.
    struct Parameter {
        std::uint64_t elements = 0;
        std::uint64_t bytes = 0;
    };
    // A linear [out, in] of a layer. Parameter indices are -1 where there is none (a frozen base, no bias, no
    // adapter on it).
    struct Linear {
        bool present = false; // gate_proj exists in a gated MLP only
        std::uint64_t out = 0;
        std::uint64_t in = 0;
        std::uint64_t deqBytes = 0; // W_deq [out, in] in the compute dtype when the base is quantized, else 0
        int weight = -1;
        int bias = -1;
        int loraA = -1; // [r, in], then
        int loraB = -1; // [out, r]
        bool adapter() const { return loraA >= 0; }
    };
    // A norm of its own width: its weight (and a LayerNorm's bias) as parameters of a full fine-tune.
    struct Norm {
        std::uint64_t width = 0;
        int weight = -1;
        int bias = -1;
    };
    struct Layer {
        std::uint64_t norms = 2; // n_l: 1 (parallel), 2 or 4 (Gemma-2)
        bool moe = false;
        bool gated = true;
        bool qkNorm = false;
        Norm inputNorm, postAttentionNorm, preFeedforwardNorm, postFeedforwardNorm, qNorm, kNorm;
        Linear q, k, v, o, gate, up, down; // a dense MLP's; MoE layers are inference only and leave them empty
    };

    std::vector<std::uint64_t> tensors; // requested bytes of every model_load allocation, in order
    std::vector<Parameter> parameters; // the trainable ones, in model_load order (empty for inference)
    std::vector<Layer> layers;
    int embedding = -1; // model.embed_tokens.weight
    Norm finalNorm; // model.norm
    int lmHead = -1; // lm_head.weight; the embedding's index with tied embeddings (full), -1 when frozen
    int lmHeadBias = -1;
};

// The weights of a decoder run; config.decoder is set. Throws units::InputError for a layer whose norm count the
// decoder does not know and for sizes beyond 64 bits.
DecoderWeights decoderWeights(const protocol::RunConfig& config);

} // namespace iteragpu::workloads
