// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <iosfwd>

namespace CLI {
class App;
}

namespace iteragpu::cli {

// Registers the 'export' sub-command: a result file as a PyTorch memory snapshot (pytorch.org/memory_viz) or a
// Perfetto / Chrome JSON trace (ui.perfetto.dev).
void addExportCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action);

} // namespace iteragpu::cli
