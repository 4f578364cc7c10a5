// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/dtypetotals.h"
#include "core/model/ggmltype.h"
#include "core/model/gguftensor.h"
#include "core/model/ggufvalue.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::model {

// What the header of a GGUF file says (GgufReader), without reading any tensor data.
struct GgufSummary {
    std::string file; // the file's name (no folder)
    std::uint32_t version = 0; // 2 or 3
    bool bigEndian = false;
    std::uint64_t alignment = 32; // general.alignment, else the format's 32
    std::uint64_t fileSize = 0;
    std::uint64_t dataOffset = 0; // where the data section starts (the header's end, aligned)
    std::map<std::string, GgufValue> metadata;
    std::vector<GgufTensor> tensors; // in the file's order
    std::map<std::string, DtypeTotals> byType; // "Q4_K" -> tensors, elements, bytes
    std::uint64_t totalBytes = 0; // sum of tensor bytes: the weights as stored
    std::uint64_t totalElements = 0;

    const GgufValue* find(const std::string& key) const
    {
        const auto it = metadata.find(key);
        return it == metadata.end() ? nullptr : &it->second;
    }
    // general.architecture, or empty.
    std::string architecture() const
    {
        const auto* v = find("general.architecture");
        return v && v->type == GgufValue::Type::String ? v->text : std::string();
    }
    // True when any tensor has a quantized ggml type.
    bool quantized() const
    {
        for (const auto& t : tensors)
            if (const auto* info = ggmlType(t.type); info && info->quantized)
                return true;
        return false;
    }
};

} // namespace iteragpu::model
