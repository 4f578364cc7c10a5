// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace iteragpu::model {

// One entry of the local Hugging Face cache as HfCache::list finds it, for a picker.
struct HfCachedModel {
    std::string id; // "ORG/NAME" (or "NAME" for the few repositories without an owner)
    std::filesystem::path folder; // <cache>/models--ORG--NAME
    std::vector<std::string> refs; // the revisions named under refs/ ("main", "pr/1", ...), sorted
    std::size_t snapshots = 0; // snapshot folders present
    bool hasConfig = false; // the snapshot of refs/main (else the only snapshot) holds a config.json
};

} // namespace iteragpu::model
