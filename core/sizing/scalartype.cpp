// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/scalartype.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace iteragpu::sizing {

std::uint64_t scalarBits(ScalarType type)
{
    switch (type) {
    case ScalarType::FP32:
        return 32;
    case ScalarType::FP16:
    case ScalarType::BF16:
        return 16;
    case ScalarType::FP8E4M3:
    case ScalarType::FP8E5M2:
    case ScalarType::INT8:
        return 8;
    case ScalarType::INT4:
        return 4;
    }
    return 16;
}

const char* scalarName(ScalarType type)
{
    switch (type) {
    case ScalarType::FP32:
        return "fp32";
    case ScalarType::FP16:
        return "fp16";
    case ScalarType::BF16:
        return "bf16";
    case ScalarType::FP8E4M3:
        return "fp8_e4m3";
    case ScalarType::FP8E5M2:
        return "fp8_e5m2";
    case ScalarType::INT8:
        return "int8";
    case ScalarType::INT4:
        return "int4";
    }
    return "?";
}

std::optional<ScalarType> scalarFromName(const std::string& name)
{
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    static const std::pair<const char*, ScalarType> names[] = {
        { "fp32", ScalarType::FP32 },
        { "float32", ScalarType::FP32 },
        { "f32", ScalarType::FP32 },
        { "float", ScalarType::FP32 },
        { "fp16", ScalarType::FP16 },
        { "float16", ScalarType::FP16 },
        { "f16", ScalarType::FP16 },
        { "half", ScalarType::FP16 },
        { "bf16", ScalarType::BF16 },
        { "bfloat16", ScalarType::BF16 },
        { "fp8_e4m3", ScalarType::FP8E4M3 },
        { "fp8-e4m3", ScalarType::FP8E4M3 },
        { "e4m3", ScalarType::FP8E4M3 },
        { "fp8", ScalarType::FP8E4M3 },
        { "fp8_e5m2", ScalarType::FP8E5M2 },
        { "fp8-e5m2", ScalarType::FP8E5M2 },
        { "e5m2", ScalarType::FP8E5M2 },
        { "int8", ScalarType::INT8 },
        { "i8", ScalarType::INT8 },
        { "int4", ScalarType::INT4 },
        { "i4", ScalarType::INT4 },
    };
    for (const auto& [text, type] : names)
        if (n == text)
            return type;
    return std::nullopt;
}

std::vector<ScalarType> allScalarTypes()
{
    return { ScalarType::FP32, ScalarType::FP16, ScalarType::BF16, ScalarType::FP8E4M3, ScalarType::FP8E5M2,
        ScalarType::INT8, ScalarType::INT4 };
}

} // namespace iteragpu::sizing
