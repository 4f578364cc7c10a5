// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/dtypetotals.h"
#include "core/model/safetensorstensor.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace iteragpu::model {

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
