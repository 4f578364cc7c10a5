// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/model/quantizationconfig.h"

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

    // The `quantization_config` object (top level, or text_config's): bitsandbytes (load_in_4bit / load_in_8bit,
    // bnb_4bit_quant_type nf4 or fp4, bnb_4bit_use_double_quant), gptq and awq (bits, group_size, -1 = per
    // channel), fp8 (fmt e4m3 / e5m2) and compressed-tensors (the weights of its first config group: num_bits,
    // type int or float, strategy, group_size). nullopt when there is none. A quant_method outside these, or a
    // field of the wrong type, throws units::InputError with one line naming it.
    static std::optional<QuantizationConfig> quantization(const nlohmann::json& config,
        const std::string& source = "config.json");
    static std::optional<QuantizationConfig> readQuantization(const std::filesystem::path& path);
};

} // namespace iteragpu::model
