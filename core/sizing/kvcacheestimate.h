// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

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
    std::vector<i18n::Message> assumptions; // english() for the CLI and JSON, translated in the GUI
};

} // namespace iteragpu::sizing
