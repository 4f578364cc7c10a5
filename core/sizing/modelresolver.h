// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <string>

namespace iteragpu::sizing {

// What a user names as the model, as files: the one resolution of the CLI's --model (estimate and measure),
// a sweep's trials and the window's model id. Nothing is read but the file system's entries and the local
// Hugging Face cache's refs; the caller reads the files (and looks a preset up in its own library).
struct ResolvedModel {
    enum class Kind { Preset, Config, Safetensors, Gguf, HubCache };
    Kind kind = Kind::Preset;
    std::string presetId; // Preset: the id or name to look up
    std::filesystem::path config; // the config.json: Config, a folder's, beside a safetensors file, a snapshot's
    std::filesystem::path safetensors; // a .safetensors file, an index, or a folder holding them; may be empty
    std::filesystem::path gguf; // Gguf (a file, or a snapshot's only .gguf)
    // How a result names the model again: "preset:ID", the path as named, ORG/NAME@<commit> for the cache (the
    // commit, not the branch: a sweep's trials and a result file name the very snapshot).
    std::string source;
    std::string hubId, hubRevision, hubFolder; // HubCache: as asked, and the snapshot's folder
};

class ModelResolver {
public:
    // The forms, tried in this order:
    //   - "preset:ID";
    //   - a folder: its config.json (required), and its safetensors when it holds any;
    //   - an existing .gguf file; a .safetensors file or a model.safetensors.index.json (with the config.json
    //     beside it when there is one); any other existing file, read as a config.json;
    //   - ORG/NAME[@REVISION] of the local Hugging Face cache (model::HfCache): its snapshot's config.json and
    //     safetensors, or its only .gguf file when it has no config.json;
    //   - a bare preset id or name (no folder separator, no .json/.gguf/.safetensors ending).
    // Throws units::InputError with one line: a folder without a config.json, a path that does not exist, a
    // snapshot without a config.json and with no single GGUF file, a cache id that is not cached.
    static ResolvedModel resolve(const std::string& named);
};

} // namespace iteragpu::sizing
