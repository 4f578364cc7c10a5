// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/presetlibrary.h"

#include "core/model/configreader.h"
#include "core/model/jsonguard.h"
#include "core/sizing/resourcepaths.h"
#include "core/sizing/sizingerror.h"
#include "core/units/regularfile.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>

namespace iteragpu::sizing {

namespace {
    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
        return s;
    }
} // namespace

namespace {
    constexpr std::uint64_t kMaxPresetBytes = 16ULL << 20; // a preset is a config.json with a few fields
} // namespace

PresetLibrary PresetLibrary::load(const std::filesystem::path& folder)
{
    PresetLibrary library;
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    if (ec)
        throw SizingError(folder.string() + ": cannot list presets: " + ec.message());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        std::string content;
        if (std::string error; !units::readRegularFile(file.string(), kMaxPresetBytes, content, error))
            throw SizingError("preset " + error);
        if (model::jsonguard::nestingDepth(content) > model::jsonguard::kMaxDepth)
            throw SizingError(file.string() + ": JSON nested too deeply");
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(content);
        } catch (const nlohmann::json::exception& e) {
            throw SizingError(file.string() + ": not valid JSON: " + model::jsonguard::oneLine(e.what()));
        }
        if (!j.is_object() || !j.contains("config") || !j["id"].is_string() || !j["source"].is_string())
            throw SizingError(file.string() + ": a preset needs \"id\", \"source\" and \"config\"");
        Preset p;
        p.id = j["id"].get<std::string>();
        p.name = j.value("name", p.id);
        p.source = j["source"].get<std::string>();
        p.shape = model::ConfigReader::fromJson(j["config"], "preset " + p.id);
        p.quantization = model::ConfigReader::quantization(j["config"], "preset " + p.id);
        library.m_presets.push_back(std::move(p));
    }
    return library;
}

PresetLibrary PresetLibrary::loadDefault() { return load(ResourcePaths::find("presets")); }

const Preset* PresetLibrary::find(const std::string& idOrName) const
{
    const std::string key = lower(idOrName);
    for (const auto& p : m_presets)
        if (lower(p.id) == key || lower(p.name) == key)
            return &p;
    return nullptr;
}

} // namespace iteragpu::sizing
