// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/modelresolver.h"

#include "core/model/hfcache.h"
#include "core/model/jsonguard.h"
#include "core/units/inputerror.h"

namespace iteragpu::sizing {

namespace fs = std::filesystem;
using units::InputError;

namespace {

    constexpr const char* kPresetPrefix = "preset:";

    bool endsWith(const std::string& s, const std::string& tail)
    {
        return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
    }

    bool isSafetensorsName(const std::string& name)
    {
        return endsWith(name, ".safetensors") || endsWith(name, ".safetensors.index.json");
    }

    bool holdsSafetensors(const fs::path& folder)
    {
        std::error_code ec;
        for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
            if (isSafetensorsName(it->path().filename().string()))
                return true;
        return false;
    }

} // namespace

ResolvedModel ModelResolver::resolve(const std::string& named)
{
    const std::string shown = model::jsonguard::oneLine(named);
    if (named.empty())
        throw InputError("no model named: give a preset id, a config.json, a folder, a .safetensors or .gguf file, or "
                         "a Hugging Face id of the local cache");
    ResolvedModel r;
    r.source = named;
    if (named.rfind(kPresetPrefix, 0) == 0) {
        r.kind = ResolvedModel::Kind::Preset;
        r.presetId = named.substr(std::char_traits<char>::length(kPresetPrefix));
        return r;
    }
    const fs::path path(named);
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (fs::is_directory(status)) {
        if (!fs::is_regular_file(path / "config.json", ec))
            throw InputError(shown + ": a folder without a config.json");
        r.kind = ResolvedModel::Kind::Config;
        r.config = path / "config.json";
        if (holdsSafetensors(path))
            r.safetensors = path;
        return r;
    }
    if (fs::exists(status)) {
        const std::string name = path.filename().string();
        if (endsWith(name, ".gguf")) {
            r.kind = ResolvedModel::Kind::Gguf;
            r.gguf = path;
        } else if (isSafetensorsName(name)) {
            r.kind = ResolvedModel::Kind::Safetensors;
            r.safetensors = path;
            if (fs::is_regular_file(path.parent_path() / "config.json", ec))
                r.config = path.parent_path() / "config.json";
        } else {
            r.kind = ResolvedModel::Kind::Config;
            r.config = path;
        }
        return r;
    }
    if (model::HfCache::isModelId(named) && !endsWith(named, ".json") && !isSafetensorsName(named)
        && !endsWith(named, ".gguf")) {
        const model::HfSnapshot s = model::HfCache::resolve(named);
        r.kind = ResolvedModel::Kind::HubCache;
        r.hubId = s.id;
        r.hubRevision = s.revision;
        r.hubFolder = s.folder.string();
        r.source = s.id + "@" + s.commit;
        if (!s.config.empty()) {
            r.config = s.config;
            r.safetensors = s.safetensors;
        } else if (s.ggufFiles.size() == 1) {
            r.gguf = s.ggufFiles.front();
        } else {
            throw InputError(s.id + "@" + s.revision + ": the snapshot " + s.folder.string() + " has no config.json"
                + (s.ggufFiles.empty() ? std::string() : " and several .gguf files: name one of them"));
        }
        return r;
    }
    // Meant as a file: a preset id has no folder and no such ending ("mistral-7b-v0.1" is an id).
    if (named.find('/') != std::string::npos || endsWith(named, ".json") || isSafetensorsName(named)
        || endsWith(named, ".gguf"))
        throw InputError(shown + ": no such file or folder");
    r.kind = ResolvedModel::Kind::Preset;
    r.presetId = named;
    return r;
}

} // namespace iteragpu::sizing
