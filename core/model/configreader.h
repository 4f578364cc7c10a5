// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/model/quantizationconfig.h"

#include <filesystem>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace iteragpu::model {

// Reads a Hugging Face config.json into the model description (ModelShape, per layer): the architecture its
// model_type names, from the table of core/model/architectures.cpp. A model_type outside the table (or none) is
// refused in one line that lists the known ones, unless ReadOptions::assumeArchitecture names the entry to read
// it as, which the shape's notes then say. A `text_config` object (multimodal configs) is read instead of the
// top level when the top level has no hidden_size. Python's bare NaN / Infinity / -Infinity are accepted where
// sizing does not read the value, and refused by name where it does (ConfigFields).
// Every function throws units::InputError with one clear line on bad input (missing keys, wrong types, zero
// sizes, nesting deeper than 64, files over 16 MiB); it never crashes.
class ConfigReader {
public:
    struct ReadOptions {
        std::string assumeArchitecture; // a table entry ("llama"), or empty: refuse an unknown model_type
    };
    static ModelShape readFile(const std::filesystem::path& path, const ReadOptions& options = {});
    static ModelShape parse(
        const std::string& text, const std::string& source = "config.json", const ReadOptions& options = {});
    static ModelShape fromJson(
        const nlohmann::json& config, const std::string& source = "config.json", const ReadOptions& options = {});
    // The text with Python's bare NaN / Infinity / -Infinity turned into marked strings, for nlohmann::json.
    static std::string withNonFiniteMarked(const std::string& text);

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
