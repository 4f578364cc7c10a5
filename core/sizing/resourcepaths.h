// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// Where the data files (presets/, catalog/) are: $ITERAGPU_RESOURCE_DIR, <executable>/../share/iteragpu, the
// source tree's resources/ (ITERAGPU_SOURCE_RESOURCE_DIR, compiled in; only for a program run from its build
// tree), then the install dir (ITERAGPU_INSTALL_DATA_DIR). The first that holds the requested file wins.
class ResourcePaths {
public:
    // Candidate folders in search order (existing or not).
    static std::vector<std::filesystem::path> searchPath();
    // The first candidate holding `relative` ("catalog/gpus.json"); throws SizingError naming the folders tried.
    static std::filesystem::path find(const std::string& relative);
};

} // namespace iteragpu::sizing
