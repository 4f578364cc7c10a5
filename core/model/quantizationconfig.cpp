// SPDX-License-Identifier: Apache-2.0
#include "core/model/quantizationconfig.h"

namespace iteragpu::model {

std::string QuantizationConfig::summary() const
{
    const std::string b = std::to_string(bits) + "-bit";
    const std::string group = perChannel ? std::string(", per channel")
        : groupSize                      ? ", group " + std::to_string(*groupSize)
                                         : std::string();
    switch (method) {
    case Method::BitsAndBytes:
        if (bits == 8)
            return "bitsandbytes 8-bit (LLM.int8)";
        return "bitsandbytes " + std::string(quantType == "fp4" ? "FP4" : "NF4")
            + (doubleQuant ? ", double quantization" : "");
    case Method::Gptq:
        return "GPTQ " + b + group;
    case Method::Awq:
        return "AWQ " + b + group;
    case Method::Fp8:
        return "FP8 " + (quantType.empty() ? std::string("e4m3") : quantType)
            + (blockRows && blockColumns
                    ? ", blocks of " + std::to_string(*blockRows) + " x " + std::to_string(*blockColumns)
                    : std::string());
    case Method::Mxfp4:
        return "MXFP4 (4-bit experts, one e8m0 scale per 32)";
    case Method::CompressedTensors:
        return "compressed-tensors " + quantType + " " + b + group;
    }
    return methodName;
}

} // namespace iteragpu::model
