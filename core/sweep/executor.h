// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// Where a sweep's trials run: each trial is one fresh 'iteragpu measure' process (ARCHITECTURE.md), started by an
// executor. The local one runs them on this machine's devices, never two at once on one device; the Slurm one
// submits a round as one job array and follows it. SweepRunner plans the rounds and owns sweep.json.
namespace iteragpu::sweep {

struct TrialRequest {
    std::uint64_t index = 0; // TrialRecord::index
    std::uint64_t value = 0;
    // The arguments after 'iteragpu measure', complete but for --device, which the executor adds for the device
    // it runs the trial on: the base configuration, the dimension's option with the value, --output resultPath.
    std::vector<std::string> args;
    std::string resultPath; // absolute, inside the sweep folder; the measure process writes it, never the executor
};

struct TrialOutcome {
    std::uint64_t index = 0;
    std::string device; // the device id the trial ran on
    std::string host; // the node (Slurm), empty for local
    std::optional<int> exitCode; // nullopt: killed by a signal, lost, or never started
    std::optional<int> signal; // the signal that ended the process, when one did (local executor)
    std::optional<double> wallSeconds;
    bool interrupted = false; // cancelled by the sweep
    std::string error; // when the process could not start, was killed or lost: one line
    std::string slurmJobId;
};

struct TrialCallbacks {
    std::function<void(const TrialRequest&, const std::string& device)> started;
    std::function<void(const TrialOutcome&)> finished;
    // One stdout line of a running trial started with --stream (local executor only); for live views.
    std::function<void(std::uint64_t index, const std::string& line)> streamLine;
};

class Executor {
public:
    virtual ~Executor() = default;
    virtual std::string name() const = 0; // "local", "slurm"
    // Empty when the executor can run here; otherwise one line naming what is missing ("sbatch not found on PATH").
    virtual std::string unavailableReason() const = 0;
    // How many trials may run at once (local: its devices; Slurm: the array's size, no limit of its own).
    virtual std::size_t trialSlots() const = 0;
    // Runs the round's trials, blocking until each has finished or cancel is set (then stops the running ones:
    // SIGINT then SIGTERM locally, scancel for Slurm, and reports them interrupted). The callbacks are called on
    // the calling thread, finished once per request in the order they finish.
    virtual void runRound(const std::vector<TrialRequest>& round, const TrialCallbacks& callbacks,
        const std::atomic<bool>& cancel)
        = 0;
};

// The program each trial runs: $ITERAGPU_MEASURE_PROGRAM when set, otherwise the 'iteragpu' next to the running
// executable (/proc/self/exe), otherwise 'iteragpu' on PATH.
std::string measureProgram();

} // namespace iteragpu::sweep
