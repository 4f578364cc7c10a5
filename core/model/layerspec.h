// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/attentionspec.h"
#include "core/model/mlpspec.h"
#include "core/model/statespec.h"

#include <cstdint>

namespace iteragpu::model {

// Parameters of one layer by part; `active` is what one token uses (every routed expert but its top-k left out).
struct LayerParameters {
    std::uint64_t attention = 0;
    std::uint64_t state = 0;
    std::uint64_t mlp = 0;
    std::uint64_t norms = 0;
    std::uint64_t total = 0;
    std::uint64_t active = 0;
};

// One decoder layer: its token mixer (attention, a recurrent state, or both absent), its MLP, and the weights of
// its norms. A model is a list of these (ModelShape::layerSpecs).
struct LayerSpec {
    AttentionSpec attention;
    StateSpec state;
    MlpSpec mlp;
    std::uint64_t normParameters = 0; // every norm weight (and LayerNorm bias) of the layer

    // Exact counts from the shapes; throws units::InputError on overflow.
    LayerParameters parameters(std::uint64_t hidden) const;
    // KV elements one token adds to this layer's cache: K and V widths (MLA: as decompressed, K heads x
    // (nope + rope) + V heads x v_head_dim, transformers' cache), or the latent (kv_lora_rank + rope) with
    // `latent`. 0 for a layer without attention.
    std::uint64_t kvElementsPerToken(bool latent) const;
};

} // namespace iteragpu::model
