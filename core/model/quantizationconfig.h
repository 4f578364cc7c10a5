// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::model {

// The `quantization_config` of a Hugging Face config.json, in the fields the transformers library writes
// (ConfigReader::quantization). What is stored, not how it is computed.
struct QuantizationConfig {
    enum class Method { BitsAndBytes, Gptq, Awq, Fp8, CompressedTensors, Mxfp4 };
    Method method = Method::BitsAndBytes;
    std::string methodName; // quant_method as written: "bitsandbytes", "gptq", "awq", "fp8", "compressed-tensors", "mxfp4"
    std::uint64_t bits = 0; // 4 or 8 for bitsandbytes; `bits` of GPTQ/AWQ; 8 for fp8; num_bits of compressed-tensors
    // Elements per group (GPTQ/AWQ group_size, compressed-tensors' group strategy); nullopt: none given, or -1
    // (one group per row, perChannel).
    std::optional<std::uint64_t> groupSize;
    bool perChannel = false; // group_size -1 (GPTQ) or strategy "channel"
    // bitsandbytes 4-bit: "nf4" or "fp4"; fp8: "e4m3" or "e5m2"; compressed-tensors: "int" or "float"
    std::string quantType;
    bool doubleQuant = false; // bnb_4bit_use_double_quant
    bool symmetric = true; // compressed-tensors / GPTQ "sym"
    // fp8's weight_block_size ([128, 128] in DeepSeek-V3): one fp32 scale per block of rows x columns; nullopt:
    // one scale per tensor.
    std::optional<std::uint64_t> blockRows;
    std::optional<std::uint64_t> blockColumns;
    // modules_to_not_convert (GPTQ, AWQ, bitsandbytes, mxfp4) or compressed-tensors' ignore list, as written.
    std::vector<std::string> notConverted;

    // One line for a note: "GPTQ 4-bit, group 128", "bitsandbytes NF4, double quantization".
    std::string summary() const;
};

} // namespace iteragpu::model
