// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <iosfwd>

namespace CLI {
class App;
}

namespace iteragpu::cli {

// Registers the 'sweep' sub-command: one dimension of a base 'iteragpu measure' configuration (the options after
// '--'), each trial a fresh measure process; when it is chosen, action is set to the code that runs it.
void addSweepCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action);

} // namespace iteragpu::cli
