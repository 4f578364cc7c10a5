// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/sizing/kvcacheoptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

struct KvCacheEstimate {
    std::uint64_t bytes = 0; // payload + scales
    std::uint64_t payloadBytes = 0;
    std::uint64_t scaleBytes = 0; // quantized cache only
    std::uint64_t tokens = 0; // tokens a full-attention layer keeps (prompt + generated, or the static capacity)
    std::uint64_t layersWindowed = 0; // layers whose window is shorter than `tokens`
    // The recurrent layers' state (per-layer caches only): its own component, "state_cache", not in `bytes`.
    std::uint64_t stateBytes = 0;
    // Per-layer caches only: the layers grouped by kind and tokens kept, in layer order of first appearance.
    struct KindTotal {
        LayerCache::Kind kind = LayerCache::Kind::Full;
        std::uint64_t layers = 0;
        std::uint64_t tokensKept = 0; // per layer and sequence (0 for State)
        std::uint64_t elementsPerToken = 0; // per layer (State: elements per sequence)
        std::uint64_t bytes = 0;
    };
    std::vector<KindTotal> byKind;
    std::vector<i18n::Message> assumptions; // english() for the CLI and JSON, translated in the GUI
};

} // namespace iteragpu::sizing
