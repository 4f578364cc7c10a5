// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::model {

// What the header(s) of a safetensors checkpoint say, without reading any tensor data.
struct SafetensorsTensor {
    std::string name; // "model.layers.0.self_attn.q_proj.weight"
    std::string dtype; // safetensors dtype: "BF16", "F32", "U8", "I32", "F8_E4M3", ...
    std::vector<std::uint64_t> shape;
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0; // data_offsets end - begin, checked against elements x dtype size
    std::string file; // the shard it lives in (file name only)
};

} // namespace iteragpu::model
