// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// An element type as used for compute, gradients, activations, optimizer states or the KV cache.
// Weight *storage* formats (with their scales and blocks) are WeightFormat, kept apart on purpose.
enum class ScalarType { FP32, FP16, BF16, FP8E4M3, FP8E5M2, INT8, INT4 };

std::uint64_t scalarBits(ScalarType type); // 32, 16, 16, 8, 8, 8, 4
const char* scalarName(ScalarType type); // "fp32", "fp16", "bf16", "fp8_e4m3", "fp8_e5m2", "int8", "int4"
// Accepts the names above and common spellings ("float16", "bfloat16", "float32", "half", "f16", "e4m3"...).
std::optional<ScalarType> scalarFromName(const std::string& name);
std::vector<ScalarType> allScalarTypes();

} // namespace iteragpu::sizing
