// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

struct TrainingEstimate {
    std::uint64_t trainableParameters = 0; // all parameters (full) or the LoRA adapters
    std::uint64_t adapterBytes = 0; // LoRA A and B weights (0 for full training)
    std::uint64_t gradients = 0;
    std::uint64_t optimizerStates = 0;
    std::uint64_t masterWeights = 0;
    std::optional<std::uint64_t> activations; // nullopt without a model shape (never a made-up 0)
    std::optional<std::uint64_t> logits; // fp32 logits of the step, nullopt without a shape
    std::optional<std::uint64_t> evaluation; // activations of the evaluation batch (no grad)
    std::uint64_t exportCopy = 0;
    std::vector<i18n::Message> assumptions; // english() for the CLI and JSON, translated in the GUI
};

} // namespace iteragpu::sizing
