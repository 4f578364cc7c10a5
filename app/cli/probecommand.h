// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace iteragpu::cli {

// The folder that holds the Python probe (python/iteragpu_probe) for this iteragpu: the installed copy beside the
// executable (<prefix>/share/iteragpu/python), the build tree's copy when the executable runs from the build tree,
// then the configured install folder; nullopt when none of them holds the package.
std::optional<std::string> probePythonPath(const std::string& executable);

// Registers the 'probe' sub-command: `iteragpu probe --path` prints the folder to put on PYTHONPATH.
void addProbeCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action);

} // namespace iteragpu::cli
