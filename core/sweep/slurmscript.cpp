// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/slurmscript.h"

#include <utility>

namespace iteragpu::sweep {

namespace {

    constexpr std::size_t kMaxOptionBytes = 256; // longer than any partition, account, time or gres string

    std::string checkOption(std::string_view name, const std::string& value)
    {
        if (value.empty())
            return {};
        if (value.size() > kMaxOptionBytes)
            return std::string(name) + " is longer than " + std::to_string(kMaxOptionBytes) + " bytes";
        if (value.front() == '-')
            return std::string(name) + " '" + value + "' starts with '-'";
        // A #SBATCH line ends at whitespace and sbatch reads quotes itself: none may appear in a value.
        for (const char c : value) {
            const auto u = static_cast<unsigned char>(c);
            if (u < 0x20 || u == 0x7f)
                return std::string(name)
                    + " holds a control character (a newline, a tab), not allowed in a #SBATCH line";
        }
        for (const char c : value) {
            if (c == ' ' || c == '\'' || c == '"' || c == '\\' || c == '#')
                return std::string(name) + " '" + value
                    + "' holds a space, a quote, a backslash or a '#', not allowed in a #SBATCH line";
        }
        return {};
    }

} // namespace

std::string shellQuote(std::string_view text)
{
    std::string quoted;
    quoted.reserve(text.size() + 2);
    quoted += '\'';
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\'') {
            quoted += "'\\''";
        } else if (u < 0x20 || u == 0x7f) {
            // A control character (a newline, a tab) as bash's $'\ooo', so every command line stays one line.
            static constexpr char kOctal[] = "01234567";
            quoted += "'$'\\";
            quoted += kOctal[(u >> 6) & 7];
            quoted += kOctal[(u >> 3) & 7];
            quoted += kOctal[u & 7];
            quoted += "''";
        } else {
            quoted += c;
        }
    }
    quoted += '\'';
    return quoted;
}

std::string shellCommandLine(const std::vector<std::string>& argv)
{
    std::string line;
    for (const auto& arg : argv) {
        if (!line.empty())
            line += ' ';
        line += shellQuote(arg);
    }
    return line;
}

std::string validateSlurmOptions(const SlurmOptions& options)
{
    for (const auto& [name, value] :
        { std::pair { "--partition", &options.partition }, std::pair { "--account", &options.account },
            std::pair { "--time", &options.time }, std::pair { "--gres", &options.gres } })
        if (auto error = checkOption(name, *value); !error.empty())
            return error;
    if (options.device.empty())
        return "no device id for the array tasks (--device inside each task, e.g. cuda:0)";
    return {};
}

std::string slurmRoundBaseName(std::uint32_t round) { return "slurm-round-" + std::to_string(round); }

SlurmRoundFiles slurmRoundFileNames(std::uint32_t round)
{
    const auto base = slurmRoundBaseName(round);
    return { base + ".sbatch", base + ".tasks" };
}

std::string slurmTaskFileName(std::uint32_t round, std::size_t task, std::string_view extension)
{
    return slurmRoundBaseName(round) + "-task-" + std::to_string(task) + "." + std::string(extension);
}

std::string slurmBatchScript(
    std::uint32_t round, const std::string& folder, const SlurmOptions& options, const std::vector<SlurmTask>& tasks)
{
    const auto base = slurmRoundBaseName(round);
    std::string s;
    s += "#!/bin/bash\n";
    s += "# IteraGPU sweep, round " + std::to_string(round) + ": " + std::to_string(tasks.size())
        + " trial(s), one fresh 'iteragpu measure' process per array task (the manifest " + base
        + ".tasks lists them).\n";
    s += "# Generated and submitted from the sweep folder; 'sbatch " + base
        + ".sbatch' there submits the same round again.\n";
    s += "#SBATCH --job-name=iteragpu-sweep-r" + std::to_string(round) + "\n";
    s += "#SBATCH --array=0-" + std::to_string(tasks.empty() ? 0 : tasks.size() - 1) + "\n";
    s += "#SBATCH --output=" + base + "-task-%a.out\n";
    s += "#SBATCH --error=" + base + "-task-%a.err\n";
    s += "#SBATCH --nodes=1\n";
    s += "#SBATCH --ntasks=1\n";
    // A requeued task would run its trial twice; measure refuses to overwrite the first result.
    s += "#SBATCH --no-requeue\n";
    if (!options.partition.empty())
        s += "#SBATCH --partition=" + options.partition + "\n";
    if (!options.account.empty())
        s += "#SBATCH --account=" + options.account + "\n";
    if (!options.time.empty())
        s += "#SBATCH --time=" + options.time + "\n";
    if (!options.gres.empty())
        s += "#SBATCH --gres=" + options.gres + "\n";
    s += "\n";
    s += "folder=" + shellQuote(folder) + "\n";
    s += "task=\"${SLURM_ARRAY_TASK_ID:?this script runs as a Slurm array task}\"\n";
    s += "node=\"${SLURMD_NODENAME:-$(uname -n)}\"\n";
    s += "cd -- \"$folder\" || { echo \"iteragpu sweep: the sweep folder $folder is not reachable on $node (it must "
         "be shared with the nodes)\" >&2; exit 90; }\n";
    s += "case \"$task\" in\n";
    for (std::size_t t = 0; t < tasks.size(); ++t)
        s += std::to_string(t) + ") trial=(" + shellCommandLine(tasks[t].argv) + ") ;;\n";
    s += "*) echo \"iteragpu sweep: no trial for array task $task\" >&2; exit 91 ;;\n";
    s += "esac\n";
    s += "record=\"" + base + "-task-$task.exit\"\n";
    s += "start=$(date +%s.%N)\n";
    s += "\"${trial[@]}\"\n";
    s += "code=$?\n";
    s += "end=$(date +%s.%N)\n";
    s += "# Written whole (temporary file, then rename): the sweep reads it as the task's end.\n";
    s += "printf 'exit %d\\nhost %s\\nstart %s\\nend %s\\n' \"$code\" \"$node\" \"$start\" \"$end\" >\"$record.tmp\" "
         "&& mv -f -- \"$record.tmp\" \"$record\"\n";
    s += "exit \"$code\"\n";
    return s;
}

std::string slurmManifest(std::uint32_t round, const std::vector<SlurmTask>& tasks)
{
    std::string s = "# IteraGPU sweep, round " + std::to_string(round) + ": array task, trial, value, command line\n";
    for (std::size_t t = 0; t < tasks.size(); ++t)
        s += std::to_string(t) + "\t" + std::to_string(tasks[t].trialIndex) + "\t" + std::to_string(tasks[t].value)
            + "\t" + shellCommandLine(tasks[t].argv) + "\n";
    return s;
}

} // namespace iteragpu::sweep
