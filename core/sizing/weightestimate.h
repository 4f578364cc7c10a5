// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

struct WeightEstimate {
    std::uint64_t bytes = 0; // total: payload + metadata + kept
    std::uint64_t quantizedParameters = 0; // parameters stored in the chosen format
    std::uint64_t keptParameters = 0; // parameters kept in WeightOptions::keptType
    std::uint64_t payloadBytes = 0; // the codes (or plain values) of the quantized parameters
    std::uint64_t metadataBytes = 0; // scales, absmax, zeros, g_idx, quant maps
    std::uint64_t keptBytes = 0;
    std::vector<i18n::Message> assumptions; // english() for the CLI and JSON, translated in the GUI
};

} // namespace iteragpu::sizing
