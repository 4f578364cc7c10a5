// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace iteragpu::cli {

// Exit codes of iteragpu, documented in README.
enum ExitCode : int {
    kExitOk = 0,
    kExitError = 1, // invalid input, unreadable file, failed computation
    kExitNoDevice = 2, // the backend or the device is missing; no result file is created
    kExitOutputExists = 3, // the output path exists; it is left untouched
    kExitInterrupted = 4, // SIGINT / SIGTERM: a measure keeps what it measured, a sweep its sweep.json (--resume)
    kExitUsage = 64, // bad arguments
};

// Parses argv and runs the chosen sub-command; the one entry point main() and the tests call.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace iteragpu::cli
