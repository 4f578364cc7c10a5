// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace iteragpu {

// Version, git commit and compiler of this build, for --version, the About dialog and every result file.
struct BuildInfo {
    static std::string version();
    static std::string commit();
    static std::string compiler();
    static std::string os();
};

} // namespace iteragpu
