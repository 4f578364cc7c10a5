// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <vector>

namespace iteragpu::model {

// A tensor type of ggml as a GGUF file stores it: `typeSize` bytes hold one block of `blockSize` elements
// (ggml.c's type_traits; the block layouts of ggml-common.h). A tensor's row (dimension 0) must be a whole number
// of blocks, so its bytes are ne0 / blockSize x typeSize x ne1 x ne2 x ne3, exactly.
struct GgmlTypeInfo {
    std::uint32_t id; // ggml_type
    const char* name; // "F32", "Q4_K", "IQ2_XXS", ...
    std::uint64_t blockSize; // elements per block
    std::uint64_t typeSize; // bytes per block
    bool quantized; // anything but F32, F16, BF16, F64 and the integer types
};

// Every type a GGUF file may hold today (ids 4, 5, 31-33 and 36-38 were removed from ggml and are refused).
const std::vector<GgmlTypeInfo>& ggmlTypes();
// nullptr for an unknown or removed id.
const GgmlTypeInfo* ggmlType(std::uint32_t id);
// The name of a removed type ("Q4_0_4_4"), or nullptr.
const char* removedGgmlTypeName(std::uint32_t id);

} // namespace iteragpu::model
