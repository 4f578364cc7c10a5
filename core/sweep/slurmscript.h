// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// The files one Slurm round leaves in the sweep folder (README "Sweeps on a Slurm cluster"), all named after the
// round: slurm-round-N.sbatch (the batch script submitted, kept as the record of what ran), slurm-round-N.tasks
// (the manifest: one line per array task with its trial, value and command line), and per array task T
// slurm-round-N-task-T.out / .err (its output) and slurm-round-N-task-T.exit (its exit record, written by the
// script when the measure process ends). The script is submitted from the sweep folder and refers to these by
// name; only the folder itself and the trials' arguments appear in it, each shell-quoted.
namespace iteragpu::sweep {

struct SlurmTask {
    std::uint64_t trialIndex = 0;
    std::uint64_t value = 0;
    std::vector<std::string> argv; // the full command line: program, "measure", args..., "--device", device
};

struct SlurmRoundFiles {
    std::string script; // slurm-round-N.sbatch
    std::string manifest; // slurm-round-N.tasks
};

// A word for bash that stands for text exactly: '...' with every ' written as '\'' and every control character
// (newline, tab, ...) as $'\ooo', so the word is one line. The empty text is ''.
std::string shellQuote(std::string_view text);
// The command line as a shell reads it: each word quoted, separated by spaces.
std::string shellCommandLine(const std::vector<std::string>& argv);

// One line when an option cannot go into a #SBATCH line (whitespace, a quote, a control character, a leading
// '-', too long); empty when every option is fine. Empty options are left out of the script and always fine.
std::string validateSlurmOptions(const SlurmOptions& options);

std::string slurmRoundBaseName(std::uint32_t round); // "slurm-round-3"
SlurmRoundFiles slurmRoundFileNames(std::uint32_t round);
std::string slurmTaskFileName(std::uint32_t round, std::size_t task, std::string_view extension); // "...-task-2.exit"

// The batch script of one round: #SBATCH --array=0-(k-1) over tasks, the job name, each task's output and error
// in the folder, --partition/--account/--time/--gres when set, one task on one node, no requeue; the body enters
// folder, runs the array task's command line and writes its exit record. Options must pass validateSlurmOptions.
std::string slurmBatchScript(
    std::uint32_t round, const std::string& folder, const SlurmOptions& options, const std::vector<SlurmTask>& tasks);
// The manifest: a comment, then per array task "T<tab>trial<tab>value<tab>command line".
std::string slurmManifest(std::uint32_t round, const std::vector<SlurmTask>& tasks);

} // namespace iteragpu::sweep
