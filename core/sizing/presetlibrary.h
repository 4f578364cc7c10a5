// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"

#include <filesystem>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// A model shipped in resources/presets/<id>.json: {"id", "name", "source" (the Hugging Face repo of the
// config), "config": {the config.json content}}.
struct Preset {
    std::string id; // "llama-2-7b"
    std::string name; // "Llama 2 7B"
    std::string source; // "https://huggingface.co/meta-llama/Llama-2-7b-hf (config.json)"
    model::ModelShape shape;
};

class PresetLibrary {
public:
    // Every *.json in folder, sorted by id. Throws SizingError for a malformed preset.
    static PresetLibrary load(const std::filesystem::path& folder);
    // resources/presets through ResourcePaths.
    static PresetLibrary loadDefault();

    const std::vector<Preset>& presets() const { return m_presets; }
    // By id or name, case-insensitive; nullptr when absent.
    const Preset* find(const std::string& idOrName) const;

private:
    std::vector<Preset> m_presets;
};

} // namespace iteragpu::sizing
