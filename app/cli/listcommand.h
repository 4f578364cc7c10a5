// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>

namespace iteragpu::cli {

// The top-level `--list-presets` and `--list-cards` (one id per line with its name and size, or one JSON object
// with --json), and the hidden `iteragpu complete KIND [COMMAND] [OPTION]` that the bash and zsh completions call
// for sub-commands, options with their placeholders, and the values of an option (formats, optimizers, preset,
// card and device ids), so the completion follows the program instead of a copy of its lists.
void addListOptions(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action);
void addCompleteCommand(CLI::App& app, std::ostream& out, std::function<int()>& action);
// The hidden `--help-man`: every command's help in the layout help2man turns into one subsection per command and
// option group (packaging/man).
void addManHelp(CLI::App& app, std::ostream& out, std::function<int()>& action);

} // namespace iteragpu::cli
