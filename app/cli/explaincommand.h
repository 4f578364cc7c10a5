// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <iosfwd>

namespace CLI {
class App;
}

namespace iteragpu::cli {

// Registers the 'explain' sub-command: the ledger of a saved result file, as `measure` printed it.
void addExplainCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action);

} // namespace iteragpu::cli
