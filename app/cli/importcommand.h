// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <iosfwd>

namespace CLI {
class App;
}

namespace iteragpu::cli {

// Registers the 'import' sub-command: a PyTorch memory snapshot as a result file, marked imported.
void addImportCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action);

} // namespace iteragpu::cli
