// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/slurmexecutor.h"

#include "core/sweep/externalcommand.h"
#include "core/sweep/slurmscript.h"
#include "core/sweep/slurmstatus.h"
#include "core/units/printable.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace iteragpu::sweep {

namespace {

    using Clock = std::chrono::steady_clock;

    // Writes a new file whole; refuses one that exists (a round's files are never overwritten).
    std::string writeNewFile(const std::string& path, const std::string& text)
    {
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0)
            return path + ": " + std::strerror(errno);
        std::size_t written = 0;
        while (written < text.size()) {
            const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                const int error = errno;
                ::close(fd);
                ::unlink(path.c_str());
                return path + ": " + std::strerror(error);
            }
            written += static_cast<std::size_t>(n);
        }
        if (::close(fd) != 0) {
            const int error = errno;
            ::unlink(path.c_str());
            return path + ": " + std::strerror(error);
        }
        return {};
    }

    bool exists(const std::string& path)
    {
        struct stat st { };
        return ::stat(path.c_str(), &st) == 0;
    }

    // At most limit bytes of a small file; nullopt when it is not there or larger.
    std::optional<std::string> readSmallFile(const std::string& path, std::size_t limit)
    {
        std::ifstream in(path, std::ios::binary);
        if (!in)
            return std::nullopt;
        std::string text(limit + 1, '\0');
        in.read(text.data(), static_cast<std::streamsize>(text.size()));
        const auto n = static_cast<std::size_t>(in.gcount());
        if (n > limit)
            return std::nullopt;
        text.resize(n);
        return text;
    }

    // What squeue / sacct said of a task, in one line: its state, reason and node name are the scheduler's words
    // and go through the one escaping helper.
    std::string describeState(const SlurmTaskState& state)
    {
        std::string s = units::printableName(state.state);
        if (!state.reason.empty() && state.reason != "None")
            s += " (" + units::printableName(state.reason) + ")";
        if (!state.node.empty())
            s += " on " + units::printableName(state.node);
        return s;
    }

} // namespace

struct SlurmExecutor::Task {
    const TrialRequest* request = nullptr;
    std::size_t arrayIndex = 0;
    bool started = false;
    bool done = false;
    std::string node;
    std::string state; // the last state squeue listed
    std::optional<Clock::time_point> leftQueue; // when squeue first no longer listed it
    TrialOutcome outcome;
};

SlurmExecutor::SlurmExecutor(SlurmOptions options, std::string program, std::size_t lanes)
    : m_options(std::move(options))
    , m_program(std::move(program))
    , m_slots(std::max<std::size_t>(lanes, 1))
{
}

std::string SlurmExecutor::unavailableReason() const
{
    if (auto error = validateSlurmOptions(m_options); !error.empty())
        return error;
    for (const char* tool : { "sbatch", "squeue", "scancel" })
        if (findOnPath(tool).empty())
            return std::string(tool)
                + " not found on PATH (install Slurm's client commands, Debian package slurm-client)";
    // The nodes run the same path (a shared installation); one missing here is missing there too.
    if (m_program.find('/') != std::string::npos && ::access(m_program.c_str(), X_OK) != 0)
        return "the measure program " + m_program + " is not an executable file";
    // The controller answers a query of our own jobs; its error (no slurm.conf, controller down) is the line.
    const auto probe = runExternalCommand(
        { "squeue", "-h", "-u", std::to_string(::getuid()), "-o", "%i" }, std::chrono::milliseconds(30000));
    if (!probe.ok())
        return "the Slurm controller is unreachable (squeue: " + probe.firstLine() + ")";
    return {};
}

void SlurmExecutor::finish(Task& task, const TrialCallbacks& callbacks)
{
    if (task.done)
        return;
    task.done = true;
    task.outcome.index = task.request->index;
    task.outcome.device = m_options.device;
    if (task.outcome.host.empty())
        task.outcome.host = task.node;
    if (!task.started && !task.outcome.interrupted && task.outcome.exitCode && callbacks.started)
        callbacks.started(*task.request, m_options.device); // it ran between two looks at the queue
    task.started = true;
    if (callbacks.finished)
        callbacks.finished(task.outcome);
}

void SlurmExecutor::reportAll(std::vector<Task>& tasks, const TrialCallbacks& callbacks, const std::string& error)
{
    for (auto& task : tasks) {
        if (task.done)
            continue;
        task.outcome.error = error;
        finish(task, callbacks);
    }
}

bool SlurmExecutor::readRecord(Task& task, const std::string& folder, std::uint32_t round)
{
    const auto path = folder + "/" + slurmTaskFileName(round, task.arrayIndex, "exit");
    const auto text = readSmallFile(path, kExitRecordMaxBytes);
    if (!text)
        return false;
    const auto record = parseSlurmExitRecord(*text);
    if (!record)
        return false; // incomplete: the script writes it whole, so this is not ours yet (or not ours at all)
    task.outcome.exitCode = record->exitCode;
    task.outcome.wallSeconds = record->wallSeconds;
    task.outcome.host = record->host;
    if (record->exitCode == 126 || record->exitCode == 127)
        task.outcome.error = "the measure program could not run on " + units::printableName(record->host) + " (exit "
            + std::to_string(record->exitCode) + "; see " + slurmTaskFileName(round, task.arrayIndex, "err") + ")";
    return true;
}

std::vector<SlurmTaskState> SlurmExecutor::finalStates(const std::string& jobId)
{
    if (!m_accounting || *m_accounting) {
        const auto sacct = runExternalCommand(
            { "sacct", "-n", "-P", "-X", "-j", jobId, "-o", "JobID,State,ExitCode,NodeList" }, kToolTimeout);
        // Without a database (AccountingStorageType=none) sacct says so and fails: scontrol remembers the
        // finished tasks for MinJobAge instead.
        const bool answered = sacct.ok() && sacct.err.find("accounting storage is disabled") == std::string::npos;
        if (!m_accounting)
            m_accounting = answered;
        if (answered)
            return parseSacctTasks(sacct.out, jobId);
    }
    const auto scontrol = runExternalCommand({ "scontrol", "-o", "show", "job", jobId }, kToolTimeout);
    if (!scontrol.ok())
        return {};
    return parseScontrolTasks(scontrol.out, jobId);
}

void SlurmExecutor::runRound(
    const std::vector<TrialRequest>& round, const TrialCallbacks& callbacks, const std::atomic<bool>& cancel)
{
    if (round.empty())
        return;
    std::vector<Task> tasks(round.size());
    for (std::size_t i = 0; i < round.size(); ++i) {
        tasks[i].request = &round[i];
        tasks[i].arrayIndex = i;
    }

    // The sweep folder is where the results go: the batch script, its manifest and the tasks' output live there.
    const auto folder = std::filesystem::path(round.front().resultPath).parent_path().string();
    for (const auto& request : round) {
        if (request.resultPath.empty() || request.resultPath.front() != '/'
            || std::filesystem::path(request.resultPath).parent_path().string() != folder) {
            reportAll(tasks, callbacks,
                "Slurm executor: every result of a round must be an absolute path in one "
                "sweep folder");
            return;
        }
    }
    if (auto error = validateSlurmOptions(m_options); !error.empty()) {
        reportAll(tasks, callbacks, "Slurm executor: " + error);
        return;
    }

    // A resumed sweep keeps the rounds of its first run: the next number no file of the folder holds yet.
    std::uint32_t roundNumber = m_nextRound;
    while (exists(folder + "/" + slurmRoundFileNames(roundNumber).script)
        || exists(folder + "/" + slurmRoundFileNames(roundNumber).manifest))
        ++roundNumber;
    m_nextRound = roundNumber + 1;

    std::vector<SlurmTask> slurmTasks;
    slurmTasks.reserve(round.size());
    for (const auto& request : round) {
        SlurmTask task;
        task.trialIndex = request.index;
        task.value = request.value;
        task.argv.reserve(request.args.size() + 4);
        task.argv.push_back(m_program);
        task.argv.emplace_back("measure");
        task.argv.insert(task.argv.end(), request.args.begin(), request.args.end());
        task.argv.emplace_back("--device");
        task.argv.push_back(m_options.device);
        slurmTasks.push_back(std::move(task));
    }
    const auto files = slurmRoundFileNames(roundNumber);
    if (auto error = writeNewFile(folder + "/" + files.manifest, slurmManifest(roundNumber, slurmTasks));
        !error.empty()) {
        reportAll(tasks, callbacks, "Slurm executor: cannot write the round's manifest: " + error);
        return;
    }
    if (auto error
        = writeNewFile(folder + "/" + files.script, slurmBatchScript(roundNumber, folder, m_options, slurmTasks));
        !error.empty()) {
        reportAll(tasks, callbacks, "Slurm executor: cannot write the round's batch script: " + error);
        return;
    }

    // Submitted from the folder: the script names its output and exit records relative to it.
    const auto submitted = runExternalCommand({ "sbatch", "--parsable", files.script }, kToolTimeout, folder);
    const auto jobId = submitted.ok() ? parseSbatchJobId(submitted.out) : std::string();
    if (jobId.empty()) {
        reportAll(tasks, callbacks,
            "Slurm executor: sbatch did not submit " + files.script + ": "
                + (submitted.ok() ? "no job id in its answer '" + submitted.firstLine() + "'" : submitted.firstLine()));
        return;
    }
    m_lastJobId = jobId;
    for (auto& task : tasks)
        task.outcome.slurmJobId = jobId + "_" + std::to_string(task.arrayIndex);

    const auto allDone = [&] { return std::all_of(tasks.begin(), tasks.end(), [](const Task& t) { return t.done; }); };
    const auto lookAtRecords = [&] {
        for (auto& task : tasks)
            if (!task.done && readRecord(task, folder, roundNumber))
                finish(task, callbacks);
    };

    auto nextQueueLook = Clock::now(); // at once: the first look tells the tasks are queued
    std::optional<Clock::time_point> queueFailingSince;
    std::string queueError;
    while (!allDone()) {
        if (cancel.load())
            break;
        lookAtRecords();
        if (allDone())
            break;
        const auto now = Clock::now();
        if (now >= nextQueueLook) {
            nextQueueLook = now + m_queuePoll;
            const auto queue
                = runExternalCommand({ "squeue", "-h", "-r", "-j", jobId, "-o", "%i|%T|%N" }, kToolTimeout);
            // Once every task has ended and the controller forgot the job, squeue calls its id invalid.
            const bool forgotten = !queue.ok() && queue.err.find("Invalid job id") != std::string::npos;
            if (queue.ok() || forgotten) {
                queueFailingSince.reset();
                const auto listed = forgotten ? std::vector<SlurmTaskState>() : parseSqueueTasks(queue.out, jobId);
                for (auto& task : tasks) {
                    if (task.done)
                        continue;
                    const auto it = std::find_if(listed.begin(), listed.end(),
                        [&](const SlurmTaskState& s) { return s.task == task.arrayIndex; });
                    if (it == listed.end()) {
                        if (!task.leftQueue)
                            task.leftQueue = now;
                        continue;
                    }
                    task.leftQueue.reset();
                    task.state = it->state;
                    if (!it->node.empty())
                        task.node = it->node;
                    if (!task.started && (it->state == "RUNNING" || it->state == "COMPLETING")) {
                        task.started = true;
                        if (callbacks.started)
                            callbacks.started(*task.request, m_options.device);
                    }
                }
            } else {
                if (!queueFailingSince)
                    queueFailingSince = now;
                queueError = queue.firstLine();
                if (now - *queueFailingSince >= kLostAfter) {
                    reportAll(tasks, callbacks,
                        "Slurm executor: lost contact with the controller while following job " + jobId
                            + " (squeue: " + queueError + ")");
                    return;
                }
            }
            // Tasks that left the queue without their record: Slurm says how they ended (cancelled by someone
            // else, out of time, a node failure) or, after the grace period, they are lost.
            std::vector<SlurmTaskState> states;
            bool asked = false;
            for (auto& task : tasks) {
                if (task.done || !task.leftQueue || readRecord(task, folder, roundNumber)) {
                    if (!task.done && task.outcome.exitCode)
                        finish(task, callbacks);
                    continue;
                }
                // A record written on a node may show here a little later (a network file system).
                if (now - *task.leftQueue < kLeftQueueGrace)
                    continue;
                if (!asked) {
                    states = finalStates(jobId);
                    asked = true;
                }
                const auto it = std::find_if(
                    states.begin(), states.end(), [&](const SlurmTaskState& s) { return s.task == task.arrayIndex; });
                const auto errFile = slurmTaskFileName(roundNumber, task.arrayIndex, "err");
                if (it != states.end()) {
                    task.node = it->node.empty() ? task.node : it->node;
                    task.outcome.exitCode = it->exitCode;
                    if (it->signal)
                        task.outcome.exitCode.reset();
                    task.outcome.error = "array task " + task.outcome.slurmJobId + " ended " + describeState(*it)
                        + " without its exit record (see " + errFile
                        + "; the sweep folder must be shared with the nodes)";
                } else {
                    task.outcome.error = "array task " + task.outcome.slurmJobId
                        + " left the queue and Slurm no longer knows it, without its exit record (see " + errFile
                        + "; the sweep folder must be shared with the nodes)";
                }
                finish(task, callbacks);
            }
        }
        std::this_thread::sleep_for(kRecordPoll);
    }
    if (allDone())
        return;

    // Cancelled: the whole array goes, queued and running tasks alike; what finished meanwhile still counts.
    const auto cancelled = runExternalCommand({ "scancel", jobId }, kToolTimeout);
    const auto waitUntil = Clock::now() + m_cancelWait;
    bool queueEmpty = false;
    while (Clock::now() < waitUntil) {
        lookAtRecords();
        const auto queue = runExternalCommand({ "squeue", "-h", "-r", "-j", jobId, "-o", "%i|%T|%N" }, kToolTimeout);
        if ((queue.ok() && parseSqueueTasks(queue.out, jobId).empty())
            || (!queue.ok() && queue.err.find("Invalid job id") != std::string::npos)) {
            queueEmpty = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    lookAtRecords();
    for (auto& task : tasks) {
        if (task.done)
            continue;
        task.outcome.interrupted = true;
        task.outcome.exitCode.reset();
        std::string what = "cancelled with the sweep (scancel " + jobId + ")";
        if (!cancelled.ok())
            what += "; scancel failed: " + cancelled.firstLine();
        else if (!queueEmpty)
            what += "; still in the queue after "
                + std::to_string(std::chrono::duration_cast<std::chrono::seconds>(m_cancelWait).count()) + " s";
        task.outcome.error = what;
        finish(task, callbacks);
    }
}

} // namespace iteragpu::sweep
