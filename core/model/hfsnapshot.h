// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace iteragpu::model {

// One model of the local Hugging Face cache, resolved to the snapshot a revision names (HfCache::resolve).
struct HfSnapshot {
    std::string id; // "ORG/NAME" as asked
    std::string revision; // the revision asked for, "main" when none was given
    std::string commit; // the snapshot's folder name: the 40-hex commit the revision points to
    std::filesystem::path folder; // <cache>/models--ORG--NAME/snapshots/<commit>
    std::filesystem::path config; // folder / "config.json"; empty when the snapshot has none
    // The safetensors of the snapshot for SafetensorsReader::read: the folder when it holds an index or at least
    // one .safetensors file, empty otherwise (only config.json downloaded).
    std::filesystem::path safetensors;
    // The model's GGUF files in the snapshot (llama.cpp repositories), sorted by name; usually empty.
    std::vector<std::filesystem::path> ggufFiles;
};

} // namespace iteragpu::model
