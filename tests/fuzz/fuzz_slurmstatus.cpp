// SPDX-License-Identifier: Apache-2.0
// What Slurm's tools and a round's batch script say about array tasks (core/sweep/slurmstatus): sbatch's job id,
// squeue, scontrol and sacct listings, the exit record. Bounded, never a throw; what is read is consistent: a
// task of the job asked for, a state name, an exit code of 0..255, a wall time that is not negative.
#include "core/sweep/slurmstatus.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void check(const std::vector<iteragpu::sweep::SlurmTaskState>& tasks, std::string_view jobId)
{
    if (tasks.size() > iteragpu::sweep::kSlurmStatusMaxRows)
        std::abort();
    for (const auto& task : tasks) {
        if (task.jobId != jobId || task.state.empty() || task.node.size() > 256 || task.reason.size() > 256)
            std::abort();
        if (task.exitCode && (*task.exitCode < 0 || *task.exitCode > 255))
            std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // The job id asked for is the first line's first word when it is a number, so the fuzzer can match rows.
    std::string jobId = "12";
    if (const auto space = text.find_first_of(" \n"); space != std::string_view::npos && space > 0 && space < 12) {
        const auto word = text.substr(0, space);
        if (word.find_first_not_of("0123456789") == std::string_view::npos)
            jobId = std::string(word);
    }
    const auto id = iteragpu::sweep::parseSbatchJobId(text);
    if (!id.empty() && id.find_first_not_of("0123456789") != std::string::npos)
        std::abort();
    check(iteragpu::sweep::parseSqueueTasks(text, jobId), jobId);
    check(iteragpu::sweep::parseScontrolTasks(text, jobId), jobId);
    check(iteragpu::sweep::parseSacctTasks(text, jobId), jobId);
    if (const auto record = iteragpu::sweep::parseSlurmExitRecord(text)) {
        if (record->exitCode < 0 || record->exitCode > 255 || record->host.size() > 256)
            std::abort();
        if (record->wallSeconds && !(*record->wallSeconds >= 0.0))
            std::abort();
    }
    (void)iteragpu::sweep::slurmStateIsFinal(text);
    return 0;
}
