// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/executor.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <unistd.h>

namespace iteragpu::sweep {

std::string measureProgram()
{
    if (const char* env = std::getenv("ITERAGPU_MEASURE_PROGRAM"); env != nullptr && *env != '\0')
        return env;
    // The 'iteragpu' beside the running executable: the CLI itself, or the one installed with the workbench.
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto sibling = self.parent_path() / "iteragpu";
        if (::access(sibling.c_str(), X_OK) == 0)
            return sibling.string();
    }
    return "iteragpu"; // looked up on PATH when started
}

} // namespace iteragpu::sweep
