// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/safetensorssummary.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace iteragpu::model {

// Reads only the headers of safetensors files (8-byte little-endian length N, then N bytes of JSON), never
// tensor data. Checks: the file holds at least 8 + N bytes; N <= kMaxHeaderBytes; the JSON is an object of
// tensors with a known dtype, a shape and data_offsets [begin, end] with begin <= end <= data area size,
// end - begin == elements x dtype size, no two tensors overlapping. Any violation throws units::InputError
// with one line naming the file and the problem.
class SafetensorsReader {
public:
    static constexpr std::uint64_t kMaxHeaderBytes = 100ULL * 1024 * 1024; // bytes, the format's own limit

    // One .safetensors file.
    static SafetensorsSummary readFile(const std::filesystem::path& path);
    // A model.safetensors.index.json: every shard named in its weight_map (relative to the index's folder).
    static SafetensorsSummary readIndex(const std::filesystem::path& indexPath);
    // A folder: its *.safetensors.index.json when there is one, otherwise every *.safetensors file in it.
    static SafetensorsSummary readFolder(const std::filesystem::path& folder);
    // Dispatches on what path is: folder, *.json index, or a single file.
    static SafetensorsSummary read(const std::filesystem::path& path);

    // Bytes per element of a safetensors dtype name ("BF16" -> 2); 0 for an unknown dtype.
    static std::uint64_t dtypeSize(const std::string& dtype);
};

} // namespace iteragpu::model
