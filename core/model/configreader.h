// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"

#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace iteragpu::model {

// Reads a Hugging Face config.json into a ModelShape: Llama, Mistral, Qwen2, Gemma, Gemma-2, Phi-3, Mixtral (and
// other Llama-like families, with a note). Required keys: hidden_size, num_hidden_layers, num_attention_heads,
// intermediate_size, vocab_size. Family defaults when a key is absent: tie_word_embeddings (gemma/gemma2 tie,
// the others do not), qkv bias (qwen2 has it), sliding window (gemma2 alternates, mistral all layers, qwen2 only
// when use_sliding_window is true, from max_window_layers on). A `text_config` object (multimodal configs) is
// read instead of the top level when the top level has no hidden_size.
// Every function throws units::InputError with one clear line on bad input (missing keys, wrong types, zero
// sizes, nesting deeper than 64, files over 16 MiB); it never crashes.
class ConfigReader {
public:
    static ModelShape readFile(const std::filesystem::path& path);
    static ModelShape parse(const std::string& text, const std::string& source = "config.json");
    static ModelShape fromJson(const nlohmann::json& config, const std::string& source = "config.json");
};

} // namespace iteragpu::model
