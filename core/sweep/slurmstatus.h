// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Readers of what Slurm's tools and a round's batch script say about array tasks (SlurmExecutor follows a round
// with them). Each reads outside text, so each is bounded: at most kSlurmStatusMaxBytes of input and
// kSlurmStatusMaxRows rows; a line it does not understand is skipped, never guessed at.
namespace iteragpu::sweep {

inline constexpr std::size_t kSlurmStatusMaxBytes = std::size_t { 4 } << 20;
inline constexpr std::size_t kSlurmStatusMaxRows = 100000;
inline constexpr std::size_t kExitRecordMaxBytes = 4096;

// One array task as squeue, scontrol or sacct lists it.
struct SlurmTaskState {
    std::string jobId; // the array's job id ("1234")
    std::size_t task = 0; // the array index
    std::string state; // Slurm's state name: PENDING, RUNNING, COMPLETING, COMPLETED, FAILED, CANCELLED, TIMEOUT, ...
    std::string node; // empty while pending
    std::optional<int> exitCode; // the batch script's exit code (scontrol, sacct), nullopt when not known
    std::optional<int> signal; // the signal that ended it, when one did
    std::string reason; // scontrol's Reason (e.g. "NonZeroExitCode"), empty when none
};

// The exit record a task's batch script writes when its measure process ends ("exit N", "host H", "start S",
// "end E", seconds since the epoch).
struct SlurmExitRecord {
    int exitCode = 0;
    std::string host;
    std::optional<double> wallSeconds; // end - start, when both are there and end >= start
};

// The job id sbatch --parsable printed ("1234" or "1234;cluster"); empty when the text is no job id.
std::string parseSbatchJobId(std::string_view text);

// squeue -h -r -j JOB -o '%i|%T|%N': one "JOB_T|STATE|NODE" per task; rows of other jobs and unexpanded pending
// ranges ("JOB_[0-3]") are skipped.
std::vector<SlurmTaskState> parseSqueueTasks(std::string_view text, std::string_view jobId);

// scontrol -o show job JOB: one line per task, "Key=Value" words (JobState, ArrayJobId, ArrayTaskId, ExitCode
// "code:signal", NodeList, Reason).
std::vector<SlurmTaskState> parseScontrolTasks(std::string_view text, std::string_view jobId);

// sacct -n -P -X -j JOB -o JobID,State,ExitCode,NodeList: "JOB_T|STATE|code:signal|NODE" per task ("CANCELLED by
// 0" is read as CANCELLED).
std::vector<SlurmTaskState> parseSacctTasks(std::string_view text, std::string_view jobId);

// The exit record; nullopt when it is malformed or incomplete (no "exit" line).
std::optional<SlurmExitRecord> parseSlurmExitRecord(std::string_view text);

// True for a state a task does not leave (COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL, ...).
bool slurmStateIsFinal(std::string_view state);

} // namespace iteragpu::sweep
