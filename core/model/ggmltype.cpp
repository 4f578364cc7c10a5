// SPDX-License-Identifier: Apache-2.0
#include "core/model/ggmltype.h"

namespace iteragpu::model {

namespace {
    constexpr std::uint64_t kQK_K = 256; // elements of a k-quant super-block (ggml-common.h QK_K)
}

const std::vector<GgmlTypeInfo>& ggmlTypes()
{
    // Bytes per block as ggml-common.h's static_asserts give them (ggml_half = 2 bytes).
    static const std::vector<GgmlTypeInfo> types = {
        { 0, "F32", 1, 4, false },
        { 1, "F16", 1, 2, false },
        { 2, "Q4_0", 32, 2 + 16, true },
        { 3, "Q4_1", 32, 2 * 2 + 16, true },
        { 6, "Q5_0", 32, 2 + 4 + 16, true },
        { 7, "Q5_1", 32, 2 * 2 + 4 + 16, true },
        { 8, "Q8_0", 32, 2 + 32, true },
        { 9, "Q8_1", 32, 2 * 2 + 32, true },
        { 10, "Q2_K", kQK_K, 2 * 2 + kQK_K / 16 + kQK_K / 4, true },
        { 11, "Q3_K", kQK_K, 2 + kQK_K / 4 + kQK_K / 8 + 12, true },
        { 12, "Q4_K", kQK_K, 2 * 2 + 12 + kQK_K / 2, true },
        { 13, "Q5_K", kQK_K, 2 * 2 + 12 + kQK_K / 2 + kQK_K / 8, true },
        { 14, "Q6_K", kQK_K, 2 + kQK_K / 16 + 3 * kQK_K / 4, true },
        { 15, "Q8_K", kQK_K, 4 + kQK_K + kQK_K / 16 * 2, true },
        { 16, "IQ2_XXS", kQK_K, 2 + kQK_K / 8 * 2, true },
        { 17, "IQ2_XS", kQK_K, 2 + kQK_K / 8 * 2 + kQK_K / 32, true },
        { 18, "IQ3_XXS", kQK_K, 2 + 3 * (kQK_K / 8), true },
        { 19, "IQ1_S", kQK_K, 2 + kQK_K / 8 + kQK_K / 16, true },
        { 20, "IQ4_NL", 32, 2 + 16, true },
        { 21, "IQ3_S", kQK_K, 2 + 13 * (kQK_K / 32) + kQK_K / 64, true },
        { 22, "IQ2_S", kQK_K, 2 + kQK_K / 4 + kQK_K / 16, true },
        { 23, "IQ4_XS", kQK_K, 2 + 2 + kQK_K / 64 + kQK_K / 2, true },
        { 24, "I8", 1, 1, false },
        { 25, "I16", 1, 2, false },
        { 26, "I32", 1, 4, false },
        { 27, "I64", 1, 8, false },
        { 28, "F64", 1, 8, false },
        { 29, "IQ1_M", kQK_K, kQK_K / 8 + kQK_K / 16 + kQK_K / 32, true },
        { 30, "BF16", 1, 2, false },
        { 34, "TQ1_0", kQK_K, 2 + kQK_K / 64 + (kQK_K - 4 * kQK_K / 64) / 5, true },
        { 35, "TQ2_0", kQK_K, 2 + kQK_K / 4, true },
        { 39, "MXFP4", 32, 1 + 16, true },
        { 40, "NVFP4", 64, 64 / 16 + 64 / 2, true },
        { 41, "Q1_0", 128, 2 + 128 / 8, true },
        { 42, "Q2_0", 64, 2 + 64 / 4, true },
    };
    return types;
}

const GgmlTypeInfo* ggmlType(std::uint32_t id)
{
    for (const auto& t : ggmlTypes())
        if (t.id == id)
            return &t;
    return nullptr;
}

const char* removedGgmlTypeName(std::uint32_t id)
{
    switch (id) {
    case 4:
        return "Q4_2";
    case 5:
        return "Q4_3";
    case 31:
        return "Q4_0_4_4";
    case 32:
        return "Q4_0_4_8";
    case 33:
        return "Q4_0_8_8";
    case 36:
        return "IQ4_NL_4_4";
    case 37:
        return "IQ4_NL_4_8";
    case 38:
        return "IQ4_NL_8_8";
    default:
        return nullptr;
    }
}

} // namespace iteragpu::model
