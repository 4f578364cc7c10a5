// SPDX-License-Identifier: Apache-2.0
#include "core/buildinfo/buildtree.h"

#ifndef ITERAGPU_BUILD_TREE
#define ITERAGPU_BUILD_TREE ""
#endif

namespace iteragpu::buildinfo {

namespace fs = std::filesystem;

fs::path buildTree() { return fs::path(ITERAGPU_BUILD_TREE); }

fs::path runningExecutable()
{
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe;
}

bool insideBuildTree(const fs::path& executable)
{
    if (executable.empty() || buildTree().empty())
        return false;
    std::error_code ec;
    const fs::path exe = fs::weakly_canonical(executable, ec);
    if (ec)
        return false;
    const fs::path tree = fs::weakly_canonical(buildTree(), ec);
    if (ec)
        return false;
    // Component by component, so /build/ci2 is not inside /build/ci.
    auto e = exe.begin();
    for (auto t = tree.begin(); t != tree.end(); ++t, ++e)
        if (e == exe.end() || *e != *t)
            return false;
    return e != exe.end();
}

bool runsFromBuildTree() { return insideBuildTree(runningExecutable()); }

} // namespace iteragpu::buildinfo
