// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/resourcepaths.h"

#include "core/sizing/sizingerror.h"

#include <cstdlib>

#ifndef ITERAGPU_SOURCE_RESOURCE_DIR
#define ITERAGPU_SOURCE_RESOURCE_DIR ""
#endif
#ifndef ITERAGPU_INSTALL_DATA_DIR
#define ITERAGPU_INSTALL_DATA_DIR ""
#endif

namespace iteragpu::sizing {

std::vector<std::filesystem::path> ResourcePaths::searchPath()
{
    std::vector<std::filesystem::path> dirs;
    if (const char* env = std::getenv("ITERAGPU_RESOURCE_DIR"); env && *env)
        dirs.emplace_back(env);
    if (*ITERAGPU_SOURCE_RESOURCE_DIR)
        dirs.emplace_back(ITERAGPU_SOURCE_RESOURCE_DIR);
    if (*ITERAGPU_INSTALL_DATA_DIR)
        dirs.emplace_back(ITERAGPU_INSTALL_DATA_DIR);
    return dirs;
}

std::filesystem::path ResourcePaths::find(const std::string& relative)
{
    std::string tried;
    for (const auto& dir : searchPath()) {
        const auto candidate = dir / relative;
        std::error_code ec;
        if (std::filesystem::exists(candidate, ec))
            return candidate;
        tried += (tried.empty() ? "" : ", ") + dir.string();
    }
    throw SizingError("data file '" + relative + "' not found (looked in: " + (tried.empty() ? "nowhere" : tried)
        + "; set ITERAGPU_RESOURCE_DIR)");
}

} // namespace iteragpu::sizing
