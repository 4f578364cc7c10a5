// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::sizing {

// One line of the breakdown. Ids are stable (used as JSON keys and by the GUI): "weights", "kv_cache",
// "gradients", "optimizer_states", "master_weights", "lora_adapters", "activations", "logits", "evaluation",
// "export_copy", and for inference with an attention implementation "prefill_activations", "decode_activations",
// "dequantization". A component that cannot be computed (e.g. activations without a shape) has bytes == nullopt.
struct Component {
    std::string id;
    std::string label; // componentLabelEnglish(id) (componentlabels.h): the one table, translated by id
    std::optional<std::uint64_t> bytes;
    i18n::Message note; // how it was computed, one line: english() for the CLI and JSON, translated in the GUI
};

} // namespace iteragpu::sizing
