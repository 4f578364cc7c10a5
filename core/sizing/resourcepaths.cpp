// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/resourcepaths.h"

#include "core/buildinfo/buildtree.h"
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
    // An installed package: <prefix>/bin/iteragpu finds <prefix>/share/iteragpu, whatever prefix it was built for.
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec)
        dirs.push_back((exe.parent_path() / "../share/iteragpu").lexically_normal());
    // The source tree's resources only for a program run from its build tree (core/buildinfo/buildtree.h).
    if (*ITERAGPU_SOURCE_RESOURCE_DIR && buildinfo::runsFromBuildTree())
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
