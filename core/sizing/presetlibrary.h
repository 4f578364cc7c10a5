// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/preset.h"

#include <filesystem>
#include <string>
#include <vector>

namespace iteragpu::sizing {

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
