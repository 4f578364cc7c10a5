// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/model/quantizationconfig.h"

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::sizing {

// A model shipped in resources/presets/<id>.json: {"id", "name", "source" (the Hugging Face repo of the
// config), "config": {the config.json content}}.
struct Preset {
    std::string id; // "llama-2-7b"
    std::string name; // "Llama 2 7B"
    std::string source; // "https://huggingface.co/meta-llama/Llama-2-7b-hf (config.json)"
    model::ModelShape shape;
    std::optional<model::QuantizationConfig> quantization; // the config's quantization_config (gpt-oss, DeepSeek)
};

} // namespace iteragpu::sizing
