// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/executor.h"
#include "core/sweep/sweeptypes.h"

#include "core/sizing/gpucard.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sweep {

// Follows a sweep as it runs; every call is made on the thread that called SweepRunner::run (a GUI adapts them to
// queued signals). The records are snapshots, safe to copy.
class SweepObserver {
public:
    virtual ~SweepObserver() = default;
    virtual void trialStarted(const TrialRecord& trial) { (void)trial; }
    // After the trial's result was read and sweep.json rewritten; record holds every trial so far and the boundary.
    virtual void trialFinished(const TrialRecord& trial, const SweepRecord& record)
    {
        (void)trial;
        (void)record;
    }
    // One JSON line of the running trial's --stream output (local executor only).
    virtual void streamLine(std::uint64_t trialIndex, const std::string& line)
    {
        (void)trialIndex;
        (void)line;
    }
    // Once, at the end (complete, interrupted or stopped by an error); record is what sweep.json holds.
    virtual void sweepFinished(const SweepRecord& record) { (void)record; }
};

// Plans the trials (SweepPlanner), runs each round on an executor, reads each finished trial's result file into
// its TrialRecord and rewrites sweep.json after every trial, so an interruption at any point (the cancel flag, a
// killed trial, a full disk) leaves a consistent sweep.json: the finished trials kept, the interrupted ones
// marked Interrupted, complete false with the stop reason. Usable from a worker thread: run() blocks, cancel is
// polled.
class SweepRunner {
public:
    enum class OpenError {
        None,
        NotASweep, // the folder exists and holds other files but no valid sweep.json: refused, untouched
        AlreadyASweep, // a new sweep into a folder that holds one (resume it, or choose another folder)
        NoSweep, // resume: the folder has no sweep.json
        SpecMismatch, // resume: the sweep.json's spec is not this spec
        Invalid, // the spec cannot be swept (SweepPlanner::validate)
        Io, // the folder cannot be created or written
    };
    enum class Outcome {
        Complete, // the sweep reached its end
        Interrupted, // cancelled (Stop, SIGINT, SIGTERM); sweep.json marks the interrupted trials
        Stopped, // a trial gave no usable result, or the executor could not run it
        WriteFailed, // sweep.json could not be written (a full disk); the previous one is intact
    };

    SweepRunner(std::string folder, SweepSpec spec, Executor& executor);

    // A new sweep: creates the folder (or takes an empty one) and writes the first sweep.json.
    OpenError create(std::string& error);
    // Reopens folder/sweep.json, checks that its spec equals this one (devices and executor may differ), keeps
    // its Passed and Failed trials and plans again the Pending, Running, Interrupted and Error ones.
    OpenError resume(std::string& error);
    // Runs until complete, cancelled or stopped; call after create() or resume() returned None.
    Outcome run(const std::atomic<bool>& cancel, SweepObserver* observer = nullptr);

    const SweepRecord& record() const { return m_record; }
    const std::string& folder() const { return m_folder; }
    // The last error line (a trial's, a write's), empty when none.
    const std::string& error() const { return m_error; }

    // Whether two specs describe the same sweep (the base configuration, the dimension, the mode and its values);
    // devices, executor and Slurm options may differ between a sweep and its resumption.
    static bool sameSweep(const SweepSpec& a, const SweepSpec& b) { return specDifference(a, b).empty(); }
    // What differs, in one line ("the dimension: sequences, not batch"); empty when the same sweep.
    static std::string specDifference(const SweepSpec& existing, const SweepSpec& asked);
    // The arguments of 'iteragpu measure' for one trial: base + the dimension's option + value + --output.
    static std::vector<std::string> trialArgs(const SweepSpec& spec, std::uint64_t value, const std::string& resultPath);
    // The result file of a trial, relative to the folder: "trial-0003-sequences-12.json".
    static std::string trialFileName(const SweepSpec& spec, std::uint64_t index, std::uint64_t value);

private:
    bool write(); // sweep.json; false (m_error set) when it could not be written
    void finishTrial(TrialRecord& trial, const TrialOutcome& outcome);
    void refreshSummary(); // boundary, complete, fit

    std::string m_folder;
    SweepSpec m_spec;
    Executor& m_executor;
    SweepRecord m_record;
    std::string m_error;
    std::vector<sizing::GpuCard> m_cards; // the catalog the fit is extrapolated to (empty when it cannot be read)
    std::atomic<bool> m_stop { false }; // what the executor polls: the caller's cancel, or a write that failed
    bool m_writeFailed = false;
};

} // namespace iteragpu::sweep
