// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/hfcachedmodel.h"
#include "core/model/hfsnapshot.h"

#include <filesystem>
#include <string>
#include <vector>

namespace iteragpu::model {

// The local Hugging Face hub cache, read offline: never any network access, nothing written.
//   <cache>/models--ORG--NAME/refs/<revision>   a file holding the 40-hex commit the revision points to
//   <cache>/models--ORG--NAME/snapshots/<commit>/config.json, model.safetensors(.index.json), ...
// The cache folder is $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub (huggingface_hub's own
// order). An id is ORG/NAME[@REVISION]; ORG and NAME hold letters, digits, '-', '_' and '.', never ".." or "--"
// (the cache's separator) and never start or end with '.' or '-'; a revision is a branch, a tag, "pr/N" or a
// commit hash, without "..", empty segments or a leading '/'. Anything else is refused before a path is made
// from it, so an id or a ref cannot reach outside the cache. A ref file must hold one 40-hex commit (at most
// 256 bytes read). Every failure throws units::InputError with one line; "not cached" names the folder looked in.
class HfCache {
public:
    static constexpr std::size_t kMaxListed = 10000; // models listed at most (a cache of more is cut, not read whole)

    // The cache folder from the environment (the variables above), and a word on where it came from.
    static std::filesystem::path defaultRoot();
    static std::string rootOrigin();

    // True when text has the form ORG/NAME[@REVISION] with valid parts (the caller then means an id, not a path).
    static bool isModelId(const std::string& text);

    // The snapshot `id` names in `root` (defaultRoot() when empty).
    static HfSnapshot resolve(const std::string& id, const std::filesystem::path& root = {});

    // Every model of the cache, sorted by id; an absent cache folder gives an empty list (not an error).
    static std::vector<HfCachedModel> list(const std::filesystem::path& root = {});
};

} // namespace iteragpu::model
