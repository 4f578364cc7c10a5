// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/configfields.h"
#include "core/model/modelshape.h"

#include <string>
#include <vector>

namespace iteragpu::model {

// The architectures the readers know: one table entry per Hugging Face model_type, each turning its config's keys
// into the per-layer description (ModelShape::layerSpecs, Note [Layers]) and the uniform fields. A model_type
// outside the table is refused (ConfigReader), or read as another entry only on the user's word.
class Architectures {
public:
    static bool known(const std::string& modelType);
    static std::vector<std::string> names(); // every model_type of the table, sorted
    static std::string namesText(); // "cohere, cohere2, deepseek_v2, ..."
    // Fills `shape` from `text` (the object holding the text model's keys: the top level or its text_config) and
    // `top` (the whole config: vision towers, quantization). Throws units::InputError with one line.
    static void read(const std::string& modelType, const ConfigFields& text, const ConfigFields& top, ModelShape& shape);
};

} // namespace iteragpu::model
