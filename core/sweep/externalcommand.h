// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sweep {

// What a short-lived tool (sbatch, squeue, scontrol, sacct, scancel) said: its exit code, its output (each stream
// bounded), or why it did not run.
struct ExternalCommandResult {
    bool started = false; // false: the program could not be started (error says why)
    std::optional<int> exitCode; // nullopt: killed by a signal or by the time limit
    bool timedOut = false;
    std::string out; // stdout, at most kExternalOutputLimit bytes (the rest is read and dropped)
    std::string err; // stderr, bounded the same way
    std::string error; // one line when it did not start or was killed
    bool ok() const { return exitCode && *exitCode == 0; }
    // The first non-empty line of stderr (or of stdout, or error), for a one-line message.
    std::string firstLine() const;
};

inline constexpr std::size_t kExternalOutputLimit = std::size_t { 4 } << 20; // bytes per stream

// Runs argv[0] (looked up on PATH) with argv, stdin from /dev/null, no descriptor of ours but the two pipes, in
// workingDirectory when it is not empty; kills it (SIGKILL) when it runs past timeout. Blocks until it has exited.
ExternalCommandResult runExternalCommand(
    const std::vector<std::string>& argv, std::chrono::milliseconds timeout, const std::string& workingDirectory = {});

// The absolute path of program on $PATH, empty when it is not there (or not executable).
std::string findOnPath(const std::string& program);

} // namespace iteragpu::sweep
