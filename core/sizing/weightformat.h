// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// How weights are *stored* in memory. The compute format (what the kernels compute in) is a ScalarType and is
// kept apart: NF4 weights are stored in 4 bit plus scales but computed in bf16.
enum class WeightFormat {
    FP32,
    FP16,
    BF16,
    FP8E4M3,
    FP8E5M2,
    Int8, // int8 with one fp32 scale per output channel (LLM.int8-style row scales)
    Int4Compact, // 4 bit per parameter, no metadata: the theoretical lower bound (seeds: 7e9 -> 3 500 000 000 B)
    NF4, // bitsandbytes NF4: 4-bit codes, one fp32 absmax per block (default 64): 4.5 bit/param
    FP4, // bitsandbytes FP4: same layout as NF4
    NF4DoubleQuant, // NF4, absmax quantized to 8 bit + one fp32 second-level scale per 256 blocks: ~4.127 bit/param
    GptqInt4, // GPTQ int4: per group (default 128) an fp16 scale and a packed 4-bit zero, plus int32 g_idx per row
    AwqInt4, // AWQ int4: per group (default 128) an fp16 scale and a packed 4-bit zero
    Mxfp4, // OCP MXFP4 (gpt-oss): the experts in 4-bit e2m1 with one e8m0 scale per 32 values, the rest 16-bit
};

struct WeightFormatInfo {
    WeightFormat format;
    const char* name; // the CLI name: "fp16", "nf4", "nf4-dq", "gptq-int4", ...
    const char* label; // shown to the user: "NF4 (bitsandbytes, double quantization)"
    bool quantized; // true: embeddings, lm_head and norms stay in 16 bit by default
    const char* assumptions; // one paragraph: what the byte count assumes
};

const WeightFormatInfo& weightFormatInfo(WeightFormat format);
const std::vector<WeightFormatInfo>& allWeightFormats();
// Case-insensitive; accepts the names of allWeightFormats() and a few aliases ("float16", "int4", "bnb-nf4").
std::optional<WeightFormat> weightFormatFromName(const std::string& name);
// A config.json's torch_dtype ("bfloat16", "float16", "float32" and their short names) as the storage format of
// its weights; nullopt for anything else ("auto", absent).
std::optional<WeightFormat> weightFormatOfTorchDtype(const std::string& torchDtype);

} // namespace iteragpu::sizing
