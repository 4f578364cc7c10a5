// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <iosfwd>

namespace CLI {
class App;
}

namespace iteragpu::cli {

// Registers the 'estimate' sub-command; when it is chosen, action is set to the code that runs it.
void addEstimateCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action);

} // namespace iteragpu::cli
