// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::model {

// One tensor info of a GGUF file (never its data).
struct GgufTensor {
    std::string name; // "blk.0.attn_q.weight"
    std::vector<std::uint64_t> dims; // ne0 (the row, contiguous) first, at most 4
    std::uint32_t type = 0; // ggml_type id
    std::string typeName; // "Q4_K"
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0; // elements / block size x bytes per block, exactly
    std::uint64_t offset = 0; // from the start of the data section, a multiple of the alignment
};

} // namespace iteragpu::model
