// SPDX-License-Identifier: Apache-2.0
#include "app/cli/estimatecommand.h"

#include "app/cli/cliapp.h"

#include <CLI/CLI.hpp>

#include <ostream>

namespace iteragpu::cli {

void addEstimateCommand(CLI::App& app, std::ostream&, std::ostream& err, std::function<int()>& action)
{
    auto* sub = app.add_subcommand("estimate", "Size the memory of a model: weights, KV cache, training, reserve.");
    sub->callback([&action, &err] {
        action = [&err] {
            err << "iteragpu estimate: the sizing engine is not part of this build yet\n";
            return static_cast<int>(kExitError);
        };
    });
}

} // namespace iteragpu::cli
