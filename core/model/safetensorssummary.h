// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <map>
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

struct DtypeTotals {
    std::uint64_t tensors = 0;
    std::uint64_t elements = 0;
    std::uint64_t bytes = 0;
};

struct SafetensorsSummary {
    std::vector<std::string> files; // shards read, in order
    std::vector<SafetensorsTensor> tensors;
    std::uint64_t totalBytes = 0; // sum of tensor bytes (the data areas, headers excluded)
    std::uint64_t totalElements = 0;
    std::uint64_t headerBytes = 0; // sum of the 8-byte prefixes and JSON headers
    std::map<std::string, DtypeTotals> byDtype; // "BF16" -> totals
    // By module, layer numbers folded: "model.layers.*.self_attn.q_proj" -> totals (weight and bias together).
    std::map<std::string, DtypeTotals> byModule;
    // Quantization metadata tensors by suffix: ".absmax", ".quant_map", ".scales", ".qweight", ".qzeros",
    // ".g_idx", ".nested_absmax", ".quant_state..." -> count. Empty for an unquantized checkpoint.
    std::map<std::string, std::uint64_t> quantizationTensors;
    std::map<std::string, std::string> metadata; // the "__metadata__" strings of the first file

    bool quantized() const { return !quantizationTensors.empty(); }
};

} // namespace iteragpu::model
