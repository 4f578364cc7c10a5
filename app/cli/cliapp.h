// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace iteragpu::report {
enum class WriteError : int; // core/report/resultjson.h
}

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

// The exit code of a file written by a command (export, import, measure --output): kExitOk when it was written,
// else the writer's line on err (after prefix) and kExitOutputExists or kExitError.
int writeExitCode(report::WriteError result, const std::string& error, std::ostream& err, const std::string& prefix);

// Parses argv and runs the chosen sub-command; the one entry point main() and the tests call.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace iteragpu::cli
