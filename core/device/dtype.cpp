// SPDX-License-Identifier: Apache-2.0
#include "core/device/backend.h"

namespace iteragpu::device {

std::size_t dtypeSize(DType dtype) { return dtype == DType::Float32 ? 4 : 2; }

const char* dtypeName(DType dtype)
{
    switch (dtype) {
    case DType::Float32:
        return "float32";
    case DType::Float16:
        return "float16";
    case DType::BFloat16:
        return "bfloat16";
    }
    return "unknown";
}

std::optional<DType> dtypeFromName(const std::string& name)
{
    if (name == "float32" || name == "fp32")
        return DType::Float32;
    if (name == "float16" || name == "fp16")
        return DType::Float16;
    if (name == "bfloat16" || name == "bf16")
        return DType::BFloat16;
    return std::nullopt;
}

} // namespace iteragpu::device
