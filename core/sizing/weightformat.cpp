// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/weightformat.h"

#include "core/i18n/message.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace iteragpu::sizing {

const std::vector<WeightFormatInfo>& allWeightFormats()
{
    // Labels and paragraphs are marked for translation (context "WeightFormat"); the GUI shows them translated
    // (most labels are names and stay as they are), the CLI in English.
    static const std::vector<WeightFormatInfo> formats = {
        { WeightFormat::FP32, "fp32", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "FP32"), false,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat", "fp32: 4 bytes per parameter, no metadata.") },
        { WeightFormat::FP16, "fp16", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "FP16"), false,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat", "fp16: 2 bytes per parameter, no metadata.") },
        { WeightFormat::BF16, "bf16", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "BF16"), false,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat", "bf16: 2 bytes per parameter, no metadata.") },
        { WeightFormat::FP8E4M3, "fp8-e4m3", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "FP8 E4M3"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "fp8 e4m3: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a "
                "weight_block_size (counted when the shape is known).") },
        { WeightFormat::FP8E5M2, "fp8-e5m2", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "FP8 E5M2"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "fp8 e5m2: 1 byte per parameter plus one fp32 scale per tensor, or per block when the config gives a "
                "weight_block_size (counted when the shape is known).") },
        { WeightFormat::Int8, "int8", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "INT8 (per-channel scales)"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "int8: 1 byte per parameter plus one fp32 scale per output channel of each linear (LLM.int8-style row "
                "scales; counted when the shape is known).") },
        { WeightFormat::Int4Compact, "int4-compact",
            ITERAGPU_TRANSLATE_NOOP("WeightFormat", "4-bit compact (no metadata)"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "4-bit compact: exactly 4 bits per parameter, no scales, no zeros: the theoretical lower bound, not a "
                "real checkpoint layout.") },
        { WeightFormat::NF4, "nf4", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "NF4 (bitsandbytes)"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "nf4 (bitsandbytes): 4-bit codes plus one fp32 absmax per block of values (64 by default), plus a "
                "16-entry fp32 quant map per tensor (counted when the shape is known).") },
        { WeightFormat::FP4, "fp4", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "FP4 (bitsandbytes)"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "fp4 (bitsandbytes): 4-bit codes plus one fp32 absmax per block of values (64 by default), plus a "
                "16-entry fp32 quant map per tensor (counted when the shape is known).") },
        { WeightFormat::NF4DoubleQuant, "nf4-dq",
            ITERAGPU_TRANSLATE_NOOP("WeightFormat", "NF4 double quantization (bitsandbytes)"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "nf4 with double quantization: 4-bit codes, one 8-bit absmax per block of values (64 by default), one "
                "fp32 second-level scale per 256 blocks.") },
        { WeightFormat::GptqInt4, "gptq-int4", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "GPTQ int4"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "GPTQ int4: 4-bit codes packed in int32 (qweight), per group of input rows (128 by default) and output "
                "column one fp16 scale and one packed 4-bit zero (qzeros), plus one int32 g_idx per input row (shape "
                "known).") },
        { WeightFormat::AwqInt4, "awq-int4", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "AWQ int4"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "AWQ int4: 4-bit codes packed in int32, per group of input rows (128 by default) and output column one "
                "fp16 scale and one packed 4-bit zero; no g_idx.") },
        { WeightFormat::Mxfp4, "mxfp4", ITERAGPU_TRANSLATE_NOOP("WeightFormat", "MXFP4 (experts)"), true,
            ITERAGPU_TRANSLATE_NOOP("WeightFormat",
                "MXFP4 as gpt-oss stores it: the MoE experts' weights in 4-bit e2m1 codes with one 8-bit e8m0 scale "
                "per 32 values (4.25 bits per parameter); attention, router, embeddings, head, norms and biases in "
                "16 bit.") },
    };
    return formats;
}

const WeightFormatInfo& weightFormatInfo(WeightFormat format)
{
    for (const auto& info : allWeightFormats())
        if (info.format == format)
            return info;
    return allWeightFormats().front();
}

std::optional<WeightFormat> weightFormatFromName(const std::string& name)
{
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
    std::replace(n.begin(), n.end(), '_', '-');
    for (const auto& info : allWeightFormats())
        if (n == info.name)
            return info.format;
    static const std::pair<const char*, WeightFormat> aliases[] = {
        { "float32", WeightFormat::FP32 },
        { "float16", WeightFormat::FP16 },
        { "half", WeightFormat::FP16 },
        { "bfloat16", WeightFormat::BF16 },
        { "fp8", WeightFormat::FP8E4M3 },
        { "e4m3", WeightFormat::FP8E4M3 },
        { "e5m2", WeightFormat::FP8E5M2 },
        { "int4", WeightFormat::Int4Compact },
        { "compact4", WeightFormat::Int4Compact },
        { "bnb-nf4", WeightFormat::NF4 },
        { "bnb-fp4", WeightFormat::FP4 },
        { "nf4-double-quant", WeightFormat::NF4DoubleQuant },
        { "nf4dq", WeightFormat::NF4DoubleQuant },
        { "gptq", WeightFormat::GptqInt4 },
        { "awq", WeightFormat::AwqInt4 },
    };
    for (const auto& [text, format] : aliases)
        if (n == text)
            return format;
    return std::nullopt;
}

std::optional<WeightFormat> weightFormatOfTorchDtype(const std::string& torchDtype)
{
    if (torchDtype == "bfloat16" || torchDtype == "bf16")
        return WeightFormat::BF16;
    if (torchDtype == "float16" || torchDtype == "half" || torchDtype == "fp16")
        return WeightFormat::FP16;
    if (torchDtype == "float32" || torchDtype == "float" || torchDtype == "fp32")
        return WeightFormat::FP32;
    return std::nullopt;
}

} // namespace iteragpu::sizing
