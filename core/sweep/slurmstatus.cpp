// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/slurmstatus.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace iteragpu::sweep {

namespace {

    constexpr std::size_t kMaxFieldBytes = 256; // longer than any id, state or node list we keep

    std::string_view trim(std::string_view s)
    {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
            s.remove_prefix(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
            s.remove_suffix(1);
        return s;
    }

    // Calls f for each line of the bounded text, at most kSlurmStatusMaxRows of them.
    template <typename F> void forEachLine(std::string_view text, F&& f)
    {
        text = text.substr(0, std::min(text.size(), kSlurmStatusMaxBytes));
        std::size_t rows = 0;
        while (!text.empty() && rows < kSlurmStatusMaxRows) {
            const auto end = text.find('\n');
            f(trim(text.substr(0, end)));
            ++rows;
            if (end == std::string_view::npos)
                break;
            text.remove_prefix(end + 1);
        }
    }

    std::vector<std::string_view> split(std::string_view line, char separator, std::size_t maxFields)
    {
        std::vector<std::string_view> fields;
        while (fields.size() < maxFields) {
            const auto end = line.find(separator);
            fields.push_back(line.substr(0, end));
            if (end == std::string_view::npos)
                break;
            line.remove_prefix(end + 1);
        }
        return fields;
    }

    template <typename T> std::optional<T> number(std::string_view s)
    {
        T value {};
        if (s.empty())
            return std::nullopt;
        const auto* end = s.data() + s.size();
        const auto [ptr, ec] = std::from_chars(s.data(), end, value);
        if (ec != std::errc() || ptr != end)
            return std::nullopt;
        return value;
    }

    bool isJobId(std::string_view s)
    {
        if (s.empty() || s.size() > 20)
            return false;
        for (const char c : s)
            if (c < '0' || c > '9')
                return false;
        return true;
    }

    // "1234_5" of job 1234: the task index.
    std::optional<std::size_t> taskOf(std::string_view id, std::string_view jobId)
    {
        if (id.size() <= jobId.size() + 1 || id.substr(0, jobId.size()) != jobId || id[jobId.size()] != '_')
            return std::nullopt;
        return number<std::size_t>(id.substr(jobId.size() + 1));
    }

    std::string field(std::string_view s) { return std::string(s.substr(0, std::min(s.size(), kMaxFieldBytes))); }

    bool isStateName(std::string_view s)
    {
        if (s.empty() || s.size() > 32)
            return false;
        for (const char c : s)
            if (!((c >= 'A' && c <= 'Z') || c == '_'))
                return false;
        return true;
    }

    // "code:signal" (scontrol's and sacct's ExitCode).
    void readExitCode(std::string_view s, SlurmTaskState& task)
    {
        const auto colon = s.find(':');
        if (colon == std::string_view::npos)
            return;
        const auto code = number<int>(s.substr(0, colon));
        const auto signal = number<int>(s.substr(colon + 1));
        if (!code || !signal || *code < 0 || *code > 255 || *signal < 0 || *signal > 255)
            return;
        task.exitCode = *code;
        if (*signal != 0)
            task.signal = *signal;
    }

    // The value of " Key=" in one scontrol -o line, up to the next space; nullopt when the key is not there.
    std::optional<std::string_view> scontrolValue(std::string_view line, std::string_view key)
    {
        std::size_t from = 0;
        while (true) {
            const auto at = line.find(key, from);
            if (at == std::string_view::npos)
                return std::nullopt;
            const bool wordStart = at == 0 || line[at - 1] == ' ';
            const auto valueAt = at + key.size();
            if (wordStart && valueAt < line.size() && line[valueAt] == '=') {
                auto value = line.substr(valueAt + 1);
                return value.substr(0, value.find(' '));
            }
            from = at + 1;
        }
    }

    std::optional<double> seconds(std::string_view s)
    {
        // "1700000000.123456789": whole seconds and a fraction, both decimal digits only.
        const auto dot = s.find('.');
        const auto whole = number<std::uint64_t>(s.substr(0, dot));
        if (!whole || *whole > (std::uint64_t { 1 } << 40))
            return std::nullopt;
        double value = static_cast<double>(*whole);
        if (dot != std::string_view::npos) {
            const auto fraction = s.substr(dot + 1);
            if (fraction.empty() || fraction.size() > 9 || !number<std::uint64_t>(fraction))
                return std::nullopt;
            value += static_cast<double>(*number<std::uint64_t>(fraction)) / std::pow(10.0, fraction.size());
        }
        return value;
    }

} // namespace

std::string parseSbatchJobId(std::string_view text)
{
    text = trim(text.substr(0, std::min(text.size(), std::size_t { 4096 })));
    // The last line holds the id; sbatch may print warnings before it.
    while (!text.empty() && text.back() == '\n')
        text.remove_suffix(1);
    if (const auto nl = text.rfind('\n'); nl != std::string_view::npos)
        text = text.substr(nl + 1);
    text = trim(text.substr(0, text.find(';')));
    return isJobId(text) ? std::string(text) : std::string();
}

std::vector<SlurmTaskState> parseSqueueTasks(std::string_view text, std::string_view jobId)
{
    std::vector<SlurmTaskState> tasks;
    forEachLine(text, [&](std::string_view line) {
        const auto fields = split(line, '|', 4);
        if (fields.size() < 2)
            return;
        const auto task = taskOf(trim(fields[0]), jobId);
        const auto state = trim(fields[1]);
        if (!task || !isStateName(state))
            return;
        SlurmTaskState s;
        s.jobId = std::string(jobId);
        s.task = *task;
        s.state = std::string(state);
        if (fields.size() > 2)
            s.node = field(trim(fields[2]));
        tasks.push_back(std::move(s));
    });
    return tasks;
}

std::vector<SlurmTaskState> parseScontrolTasks(std::string_view text, std::string_view jobId)
{
    std::vector<SlurmTaskState> tasks;
    forEachLine(text, [&](std::string_view line) {
        const auto arrayJob = scontrolValue(line, "ArrayJobId");
        const auto arrayTask = scontrolValue(line, "ArrayTaskId");
        const auto state = scontrolValue(line, "JobState");
        if (!arrayJob || *arrayJob != jobId || !arrayTask || !state || !isStateName(*state))
            return;
        // A pending array not yet split is one line with a range ("0-3"): no single task to report.
        const auto task = number<std::size_t>(*arrayTask);
        if (!task)
            return;
        SlurmTaskState s;
        s.jobId = std::string(jobId);
        s.task = *task;
        s.state = std::string(*state);
        if (const auto node = scontrolValue(line, "NodeList"); node && *node != "(null)")
            s.node = field(*node);
        if (const auto code = scontrolValue(line, "ExitCode"))
            readExitCode(*code, s);
        if (const auto reason = scontrolValue(line, "Reason"); reason && *reason != "None")
            s.reason = field(*reason);
        tasks.push_back(std::move(s));
    });
    return tasks;
}

std::vector<SlurmTaskState> parseSacctTasks(std::string_view text, std::string_view jobId)
{
    std::vector<SlurmTaskState> tasks;
    forEachLine(text, [&](std::string_view line) {
        const auto fields = split(line, '|', 5);
        if (fields.size() < 3)
            return;
        const auto task = taskOf(trim(fields[0]), jobId);
        auto state = trim(fields[1]);
        state = state.substr(0, state.find(' ')); // "CANCELLED by 0"
        if (!task || !isStateName(state))
            return;
        SlurmTaskState s;
        s.jobId = std::string(jobId);
        s.task = *task;
        s.state = std::string(state);
        readExitCode(trim(fields[2]), s);
        if (fields.size() > 3 && trim(fields[3]) != "None assigned")
            s.node = field(trim(fields[3]));
        tasks.push_back(std::move(s));
    });
    return tasks;
}

std::optional<SlurmExitRecord> parseSlurmExitRecord(std::string_view text)
{
    if (text.size() > kExitRecordMaxBytes)
        return std::nullopt;
    SlurmExitRecord record;
    bool haveExit = false;
    std::optional<double> start;
    std::optional<double> end;
    bool malformed = false;
    forEachLine(text, [&](std::string_view line) {
        if (line.empty())
            return;
        const auto space = line.find(' ');
        const auto key = line.substr(0, space);
        const auto value = space == std::string_view::npos ? std::string_view() : trim(line.substr(space + 1));
        if (key == "exit") {
            const auto code = number<int>(value);
            if (!code || *code < 0 || *code > 255)
                malformed = true;
            else {
                record.exitCode = *code;
                haveExit = true;
            }
        } else if (key == "host") {
            record.host = field(value);
        } else if (key == "start") {
            start = seconds(value);
        } else if (key == "end") {
            end = seconds(value);
        }
    });
    if (!haveExit || malformed)
        return std::nullopt;
    if (start && end && *end >= *start)
        record.wallSeconds = *end - *start;
    return record;
}

bool slurmStateIsFinal(std::string_view state)
{
    static constexpr std::array<std::string_view, 11> kFinal { "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT",
        "NODE_FAIL", "OUT_OF_MEMORY", "PREEMPTED", "BOOT_FAIL", "DEADLINE", "REVOKED", "SPECIAL_EXIT" };
    for (const auto final : kFinal)
        if (state == final)
            return true;
    return false;
}

} // namespace iteragpu::sweep
