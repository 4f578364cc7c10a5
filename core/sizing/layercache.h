// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cstdint>

namespace iteragpu::sizing {

// One layer's cache as the model describes it (Note [Layers] in core/model/modelshape.h): what one token adds,
// how many tokens the layer keeps, or the fixed state of a recurrent layer per sequence.
struct LayerCache {
    enum class Kind {
        Full, // every token
        Sliding, // the last `window` tokens
        Chunked, // the tokens of the current chunk of `window` (Llama-4's local layers)
        Latent, // MLA kept as its compressed latent (vLLM, SGLang): one vector of kv_lora_rank + rope per token
        MlaDecompressed, // MLA kept as transformers keeps it: K and V per head, decompressed from the latent
        State, // a recurrent layer (Mamba, Mamba2, gated DeltaNet): stateElements per sequence, whatever the tokens
        None, // nothing cached (an MLP-only layer)
    };
    Kind kind = Kind::Full;
    std::uint64_t heads = 0; // vectors of K (and of V) per token: the KV heads; 1 for a latent
    std::uint64_t keyWidth = 0; // elements per K vector (a latent: kv_lora_rank + qk_rope_head_dim)
    std::uint64_t valueWidth = 0; // elements per V vector; 0 for a latent (one vector)
    std::uint64_t window = 0; // Sliding, Chunked: tokens
    std::uint64_t stateElements = 0; // State: conv + recurrent state of one sequence
    bool replicated = false; // Latent: every tensor-parallel device keeps all of it

    // K and V elements one token adds (0 for State and None).
    std::uint64_t elementsPerToken() const;
    // The kind as a translatable term ("full attention", "sliding window", ...).
    static i18n::Term kindTerm(Kind kind);
    static const char* kindId(Kind kind); // "full", "sliding", "chunked", "latent", "state", "none" (JSON)
};

} // namespace iteragpu::sizing
