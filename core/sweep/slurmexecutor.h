// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/executor.h"
#include "core/sweep/sweeptypes.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sweep {

struct SlurmTaskState;

// Runs each round of a sweep as one Slurm job array (README "Sweeps on a Slurm cluster"): writes the round's
// manifest and batch script into the sweep folder (slurmscript.h), submits it from there with 'sbatch
// --parsable', and follows it: each task's exit record (written by the script when its measure process ends)
// says first that it finished; 'squeue' says which tasks still wait or run; a task that left the queue without
// its record is looked up with 'sacct' when the cluster keeps accounting, otherwise with 'scontrol show job'.
// On cancel it runs 'scancel' on the array, waits for the tasks to leave the queue and reports the unfinished
// ones interrupted. The measure processes write their result files into the folder, which the nodes must share;
// the executor writes none.
class SlurmExecutor : public Executor {
public:
    static constexpr std::size_t kDefaultSlots = 4; // array tasks per round (values bisected at once)
    static constexpr std::chrono::milliseconds kDefaultQueuePoll { 2000 }; // between two squeue calls
    static constexpr std::chrono::milliseconds kRecordPoll { 200 }; // between two looks at the exit records
    static constexpr std::chrono::milliseconds kDefaultCancelWait { 60000 }; // for the tasks to leave the queue
    static constexpr std::chrono::milliseconds kLeftQueueGrace { 10000 }; // for a record after the task left
    static constexpr std::chrono::milliseconds kLostAfter { 300000 }; // of failed squeue calls in a row
    static constexpr std::chrono::milliseconds kToolTimeout { 60000 }; // for one call of an sbatch, squeue, ...

    // options: the #SBATCH options and the device id inside each task; program: the executable each task runs
    // (its path must be the same on the nodes); lanes: the most trials of one round (>= 1).
    explicit SlurmExecutor(
        SlurmOptions options, std::string program = measureProgram(), std::size_t lanes = kDefaultSlots);

    std::string name() const override { return "slurm"; }
    // Empty when the options fit a batch script, sbatch, squeue and scancel are on PATH and the controller
    // answers; otherwise one line naming what is missing.
    std::string unavailableReason() const override;
    std::size_t trialSlots() const override { return m_slots; }
    void runRound(const std::vector<TrialRequest>& round, const TrialCallbacks& callbacks,
        const std::atomic<bool>& cancel) override;

    const SlurmOptions& options() const { return m_options; }
    const std::string& program() const { return m_program; }
    void setQueuePollInterval(std::chrono::milliseconds interval) { m_queuePoll = interval; }
    void setCancelWait(std::chrono::milliseconds wait) { m_cancelWait = wait; }
    // The array job of the last round submitted ("1234"), empty before the first.
    const std::string& lastJobId() const { return m_lastJobId; }

private:
    struct Task;
    void reportAll(std::vector<Task>& tasks, const TrialCallbacks& callbacks, const std::string& error);
    bool readRecord(Task& task, const std::string& folder, std::uint32_t round);
    std::vector<SlurmTaskState> finalStates(const std::string& jobId);
    void finish(Task& task, const TrialCallbacks& callbacks);

    SlurmOptions m_options;
    std::string m_program;
    std::size_t m_slots;
    std::chrono::milliseconds m_queuePoll = kDefaultQueuePoll;
    std::chrono::milliseconds m_cancelWait = kDefaultCancelWait;
    std::uint32_t m_nextRound = 1;
    std::optional<bool> m_accounting; // whether sacct answers; asked once, when first needed
    std::string m_lastJobId;
};

} // namespace iteragpu::sweep
