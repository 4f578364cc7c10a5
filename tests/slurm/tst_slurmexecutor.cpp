// SPDX-License-Identifier: Apache-2.0
// SlurmExecutor against a real Slurm: a one-node cluster of this host that tests/slurm/with_cluster.sh starts
// for this suite (SLURM_CONF points at it) and stops afterwards. The trials run a stand-in measure program (a
// shell script that writes its result file, sleeps and exits with the code it is given), so each outcome is
// known: the exit codes, hosts, array task ids and wall times come back per task; the batch script and manifest
// stay in the folder; round numbers continue across executors; a cancelled round, queued or running, is
// scancelled and its tasks reported interrupted; a task that dies without its exit record is named with Slurm's
// state; sbatch refusing the options and a missing or unreachable Slurm are one line each.
#include "core/sweep/externalcommand.h"
#include "core/sweep/slurmexecutor.h"
#include "core/sweep/slurmstatus.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

using namespace iteragpu::sweep;
using namespace std::chrono_literals;

namespace {

// The stand-in for 'iteragpu measure': --output PATH, --exit N, --sleep S, --kill-script; writes its PID beside
// the output, the output itself, then sleeps and exits.
constexpr const char* kFakeMeasure = R"(#!/bin/bash
out= code=0 pause=0 killscript=0
[ "$1" = measure ] || { echo "not a measure call: $1" >&2; exit 64; }
shift
while [ $# -gt 0 ]; do
    case "$1" in
    --output) out=$2; shift ;;
    --exit) code=$2; shift ;;
    --sleep) pause=$2; shift ;;
    --kill-script) killscript=1 ;;
    --device) device=$2; shift ;;
    esac
    shift
done
echo $$ >"$out.pid"
[ $killscript -eq 1 ] && kill -KILL $PPID
sleep "$pause"
printf '{"device": "%s"}\n' "$device" >"$out"
exit "$code"
)";

struct Recorder {
    std::vector<std::uint64_t> started;
    std::vector<TrialOutcome> finished;
    TrialCallbacks callbacks()
    {
        TrialCallbacks c;
        c.started = [this](const TrialRequest& request, const std::string&) { started.push_back(request.index); };
        c.finished = [this](const TrialOutcome& outcome) { finished.push_back(outcome); };
        return c;
    }
    const TrialOutcome* outcome(std::uint64_t index) const
    {
        for (const auto& o : finished)
            if (o.index == index)
                return &o;
        return nullptr;
    }
};

std::string hostName()
{
    const auto result = runExternalCommand({ "hostname", "-s" }, 10s);
    auto name = result.out;
    while (!name.empty() && (name.back() == '\n' || name.back() == ' '))
        name.pop_back();
    return name;
}

bool processAlive(const QString& pidFile)
{
    QFile file(pidFile);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const int pid = QString::fromLatin1(file.readAll()).trimmed().toInt();
    return pid > 0 && ::kill(pid, 0) == 0;
}

// The states Slurm still knows for the array's tasks (scontrol keeps finished ones for MinJobAge).
std::vector<SlurmTaskState> scontrolStates(const std::string& jobId)
{
    const auto result = runExternalCommand({ "scontrol", "-o", "show", "job", jobId }, 30s);
    return parseScontrolTasks(result.out, jobId);
}

bool queueEmpty(const std::string& jobId)
{
    const auto q = runExternalCommand({ "squeue", "-h", "-r", "-j", jobId, "-o", "%i|%T|%N" }, 30s);
    return (q.ok() && parseSqueueTasks(q.out, jobId).empty())
        || (!q.ok() && q.err.find("Invalid job id") != std::string::npos);
}

} // namespace

class TestSlurmExecutor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void available();
    void runsRoundAndReportsEachTask();
    void roundNumbersContinue();
    void cancelWhileQueued();
    void cancelWhileRunning();
    void taskWithoutRecord();
    void sbatchRefusal();
    void missingOrUnreachableSlurm();

private:
    std::vector<TrialRequest> requests(
        const QString& folder, const std::vector<std::vector<std::string>>& extra, std::uint64_t firstIndex = 0) const;
    SlurmExecutor executor() const;

    QTemporaryDir m_tmp;
    QString m_program;
    QString m_folder;
    std::string m_host;
    std::string m_blocker; // a job holding every CPU, cancelled after each test
};

void TestSlurmExecutor::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("SLURM_CONF"),
        "SLURM_CONF is not set: run this suite under tests/slurm/with_cluster.sh (ctest does)");
    QVERIFY(m_tmp.isValid());
    m_program = m_tmp.path() + QStringLiteral("/fake measure");
    QFile program(m_program);
    QVERIFY(program.open(QIODevice::WriteOnly));
    program.write(kFakeMeasure);
    program.close();
    QVERIFY(program.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    // A sweep folder whose name needs quoting in the batch script.
    m_folder = m_tmp.path() + QStringLiteral("/sweep 'a' \"b\" $c");
    QVERIFY(QDir().mkpath(m_folder));
    m_host = hostName();
    QVERIFY(!m_host.empty());
}

void TestSlurmExecutor::cleanup()
{
    if (!m_blocker.empty()) {
        runExternalCommand({ "scancel", m_blocker }, 30s);
        m_blocker.clear();
    }
}

std::vector<TrialRequest> TestSlurmExecutor::requests(
    const QString& folder, const std::vector<std::vector<std::string>>& extra, std::uint64_t firstIndex) const
{
    std::vector<TrialRequest> round;
    for (std::size_t i = 0; i < extra.size(); ++i) {
        TrialRequest request;
        request.index = firstIndex + i;
        request.value = 1u << i;
        request.resultPath = folder.toStdString() + "/trial " + std::to_string(request.index) + ".json";
        request.args = { "--output", request.resultPath };
        request.args.insert(request.args.end(), extra[i].begin(), extra[i].end());
        round.push_back(request);
    }
    return round;
}

SlurmExecutor TestSlurmExecutor::executor() const
{
    SlurmOptions options;
    options.gres.clear(); // the test node has no GPU
    options.device = "sim:0";
    options.partition = "test"; // slurm_cluster.sh's only partition
    options.account = "proj_a"; // recorded as given: the test cluster keeps no accounts
    options.time = "00:10:00";
    SlurmExecutor slurm(options, m_program.toStdString(), 4);
    slurm.setQueuePollInterval(500ms);
    slurm.setCancelWait(30s);
    return slurm;
}

void TestSlurmExecutor::available()
{
    const auto slurm = executor();
    QCOMPARE(slurm.name(), std::string("slurm"));
    QCOMPARE(slurm.trialSlots(), std::size_t { 4 });
    QCOMPARE(QString::fromStdString(slurm.unavailableReason()), QString());
}

void TestSlurmExecutor::runsRoundAndReportsEachTask()
{
    auto slurm = executor();
    const auto round = requests(m_folder,
        { { "--exit", "0", "--sleep", "1" }, { "--exit", "1", "--sleep", "0" }, { "--exit", "3", "--sleep", "2" } });
    Recorder recorder;
    std::atomic<bool> cancel { false };
    slurm.runRound(round, recorder.callbacks(), cancel);

    const std::string job = slurm.lastJobId();
    QVERIFY(!job.empty());
    QCOMPARE(recorder.finished.size(), std::size_t { 3 });
    QCOMPARE(recorder.started.size(), std::size_t { 3 });
    const int codes[] = { 0, 1, 3 };
    const double sleeps[] = { 1, 0, 2 };
    for (std::uint64_t i = 0; i < 3; ++i) {
        const auto* outcome = recorder.outcome(i);
        QVERIFY(outcome != nullptr);
        QCOMPARE(outcome->exitCode, std::optional<int>(codes[i]));
        QVERIFY(!outcome->interrupted);
        QCOMPARE(outcome->host, m_host);
        QCOMPARE(outcome->device, std::string("sim:0"));
        QCOMPARE(outcome->slurmJobId, job + "_" + std::to_string(i));
        QVERIFY2(outcome->error.empty(), outcome->error.c_str());
        QVERIFY(outcome->wallSeconds.has_value());
        QVERIFY2(*outcome->wallSeconds >= sleeps[i] && *outcome->wallSeconds < sleeps[i] + 30,
            std::to_string(*outcome->wallSeconds).c_str());
        // The measure process wrote its result into the shared folder, with the device the executor gave it.
        QFile result(QString::fromStdString(round[i].resultPath));
        QVERIFY2(result.open(QIODevice::ReadOnly), round[i].resultPath.c_str());
        QCOMPARE(result.readAll().trimmed(), QByteArray("{\"device\": \"sim:0\"}"));
    }
    // started comes before finished, once per trial.
    for (const auto index : recorder.started)
        QVERIFY(std::count(recorder.started.begin(), recorder.started.end(), index) == 1);

    // The round's files are kept: the script submitted, the manifest, each task's output and exit record.
    QVERIFY(QFile::exists(m_folder + QStringLiteral("/slurm-round-1.sbatch")));
    QVERIFY(QFile::exists(m_folder + QStringLiteral("/slurm-round-1.tasks")));
    for (int t = 0; t < 3; ++t) {
        QVERIFY(QFile::exists(m_folder + QStringLiteral("/slurm-round-1-task-%1.out").arg(t)));
        QVERIFY(QFile::exists(m_folder + QStringLiteral("/slurm-round-1-task-%1.exit").arg(t)));
    }
    QFile script(m_folder + QStringLiteral("/slurm-round-1.sbatch"));
    QVERIFY(script.open(QIODevice::ReadOnly));
    const QByteArray text = script.readAll();
    QVERIFY(text.contains("\n#SBATCH --array=0-2\n"));
    QVERIFY(!text.contains("#SBATCH --gres"));
    // sbatch took the options from the script's #SBATCH lines.
    const auto shown = runExternalCommand({ "scontrol", "-o", "show", "job", job }, 30s);
    for (const char* field :
        { " Partition=test ", " Account=proj_a ", " TimeLimit=00:10:00 ", " JobName=iteragpu-sweep-r1 " })
        QVERIFY2(shown.out.find(field) != std::string::npos, field);
    // Slurm ran the tasks as an array of this job.
    const auto states = scontrolStates(job);
    QCOMPARE(states.size(), std::size_t { 3 });
    for (const auto& state : states)
        QCOMPARE(state.exitCode, std::optional<int>(codes[state.task]));
}

void TestSlurmExecutor::roundNumbersContinue()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    std::atomic<bool> cancel { false };
    {
        auto slurm = executor();
        Recorder recorder;
        slurm.runRound(requests(folder.path(), { { "--exit", "0" } }, 0), recorder.callbacks(), cancel);
        QCOMPARE(recorder.finished.size(), std::size_t { 1 });
        slurm.runRound(requests(folder.path(), { { "--exit", "0" } }, 1), recorder.callbacks(), cancel);
        QCOMPARE(recorder.finished.size(), std::size_t { 2 });
    }
    // A new executor on the same folder (a resumed sweep) neither overwrites nor reuses a round's files.
    auto resumed = executor();
    Recorder recorder;
    resumed.runRound(requests(folder.path(), { { "--exit", "0" } }, 2), recorder.callbacks(), cancel);
    QCOMPARE(recorder.finished.size(), std::size_t { 1 });
    QCOMPARE(recorder.finished[0].exitCode, std::optional<int>(0));
    for (int n = 1; n <= 3; ++n)
        QVERIFY2(QFile::exists(folder.path() + QStringLiteral("/slurm-round-%1.sbatch").arg(n)),
            qPrintable(QString::number(n)));
    QVERIFY(!QFile::exists(folder.path() + QStringLiteral("/slurm-round-4.sbatch")));
}

// Every CPU of the node is held by another job: the round stays queued; cancelling it scancels the array.
void TestSlurmExecutor::cancelWhileQueued()
{
    const auto blocker = runExternalCommand(
        { "sbatch", "--parsable", "--job-name=blocker", "--output=/dev/null", "--exclusive", "--wrap", "sleep 300" },
        30s);
    m_blocker = parseSbatchJobId(blocker.out);
    QVERIFY2(!m_blocker.empty(), blocker.firstLine().c_str());

    QTemporaryDir folder;
    auto slurm = executor();
    Recorder recorder;
    std::atomic<bool> cancel { false };
    std::thread stopper([&] {
        std::this_thread::sleep_for(3s);
        cancel = true;
    });
    const auto begin = std::chrono::steady_clock::now();
    slurm.runRound(requests(folder.path(), { { "--exit", "0" }, { "--exit", "0" } }), recorder.callbacks(), cancel);
    stopper.join();
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    QVERIFY2(seconds < 30, std::to_string(seconds).c_str());

    QCOMPARE(recorder.finished.size(), std::size_t { 2 });
    QVERIFY(recorder.started.empty());
    for (const auto& outcome : recorder.finished) {
        QVERIFY(outcome.interrupted);
        QVERIFY(!outcome.exitCode.has_value());
        QVERIFY2(outcome.error.find("cancelled with the sweep (scancel " + slurm.lastJobId() + ")") == 0,
            outcome.error.c_str());
    }
    QVERIFY(queueEmpty(slurm.lastJobId()));
    for (const auto& state : scontrolStates(slurm.lastJobId()))
        QCOMPARE(state.state, std::string("CANCELLED"));
    QVERIFY(!QFile::exists(folder.path() + QStringLiteral("/trial 0.json")));
}

// Cancelled as soon as the first task runs: scancel ends the measure processes on the node.
void TestSlurmExecutor::cancelWhileRunning()
{
    QTemporaryDir folder;
    auto slurm = executor();
    Recorder recorder;
    std::atomic<bool> cancel { false };
    auto callbacks = recorder.callbacks();
    callbacks.started = [&](const TrialRequest& request, const std::string&) {
        recorder.started.push_back(request.index);
        cancel = true;
    };
    const auto round = requests(folder.path(), { { "--sleep", "120" } });
    slurm.runRound(round, callbacks, cancel);
    QCOMPARE(recorder.started.size(), std::size_t { 1 });
    QCOMPARE(recorder.finished.size(), std::size_t { 1 });
    QVERIFY(recorder.finished[0].interrupted);
    QVERIFY(recorder.finished[0].error.find("scancel") != std::string::npos);
    QVERIFY(queueEmpty(slurm.lastJobId()));
    // The stand-in wrote its PID when it started (it may have been killed before it could); it is gone.
    const QString pidFile = QString::fromStdString(round[0].resultPath) + QStringLiteral(".pid");
    QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pidFile), 15000);
    QVERIFY(!QFile::exists(QString::fromStdString(round[0].resultPath)));
}

// The task's batch script is killed under it: no exit record, and Slurm's state names what happened.
void TestSlurmExecutor::taskWithoutRecord()
{
    QTemporaryDir folder;
    auto slurm = executor();
    Recorder recorder;
    std::atomic<bool> cancel { false };
    slurm.runRound(requests(folder.path(), { { "--kill-script" } }), recorder.callbacks(), cancel);
    QCOMPARE(recorder.finished.size(), std::size_t { 1 });
    const auto& outcome = recorder.finished[0];
    QVERIFY(!outcome.interrupted);
    QVERIFY(!outcome.exitCode.has_value()); // killed by a signal
    QVERIFY2(outcome.error.find("array task " + slurm.lastJobId() + "_0 ended FAILED") == 0, outcome.error.c_str());
    QVERIFY2(outcome.error.find("without its exit record") != std::string::npos, outcome.error.c_str());
    QCOMPARE(outcome.host, m_host);
}

void TestSlurmExecutor::sbatchRefusal()
{
    SlurmOptions options;
    options.gres.clear();
    options.device = "sim:0";
    options.partition = "no-such-partition";
    SlurmExecutor slurm(options, m_program.toStdString());
    QTemporaryDir folder;
    Recorder recorder;
    std::atomic<bool> cancel { false };
    slurm.runRound(requests(folder.path(), { { "--exit", "0" }, { "--exit", "0" } }), recorder.callbacks(), cancel);
    QCOMPARE(recorder.finished.size(), std::size_t { 2 });
    for (const auto& outcome : recorder.finished) {
        QVERIFY(!outcome.exitCode.has_value());
        QVERIFY2(outcome.error.find("Slurm executor: sbatch did not submit slurm-round-1.sbatch: ") == 0,
            outcome.error.c_str());
        QVERIFY2(outcome.error.find("partition") != std::string::npos, outcome.error.c_str());
    }
    // The script it refused is kept, as the record of what was asked.
    QVERIFY(QFile::exists(folder.path() + QStringLiteral("/slurm-round-1.sbatch")));

    options.partition = "two words";
    SlurmExecutor invalid(options, m_program.toStdString());
    QVERIFY2(invalid.unavailableReason().find("--partition 'two words' holds a space") == 0,
        invalid.unavailableReason().c_str());
}

void TestSlurmExecutor::missingOrUnreachableSlurm()
{
    const QByteArray path = qgetenv("PATH");
    const QByteArray conf = qgetenv("SLURM_CONF");
    auto slurm = executor();

    QTemporaryDir empty;
    qputenv("PATH", empty.path().toLocal8Bit());
    const auto missing = slurm.unavailableReason();
    qputenv("PATH", path);
    QCOMPARE(QString::fromStdString(missing),
        QStringLiteral("sbatch not found on PATH (install Slurm's client commands, Debian package slurm-client)"));

    // The same cluster's configuration with the controller's port moved to one nothing listens on.
    QFile original(QString::fromLocal8Bit(conf));
    QVERIFY(original.open(QIODevice::ReadOnly));
    QByteArray text = original.readAll();
    const int at = text.indexOf("SlurmctldPort=");
    QVERIFY(at >= 0);
    const int end = text.indexOf('\n', at);
    text.replace(at, end - at, "SlurmctldPort=9");
    text.replace("MessageTimeout=", "#MessageTimeout=");
    text.append("MessageTimeout=2\n");
    const QString deadConf = empty.path() + QStringLiteral("/slurm.conf");
    QFile dead(deadConf);
    QVERIFY(dead.open(QIODevice::WriteOnly));
    dead.write(text);
    dead.close();
    qputenv("SLURM_CONF", deadConf.toLocal8Bit());
    const auto unreachable = slurm.unavailableReason();
    qputenv("SLURM_CONF", conf);
    QVERIFY2(unreachable.find("the Slurm controller is unreachable (squeue: ") == 0, unreachable.c_str());
    QVERIFY(unreachable.find('\n') == std::string::npos);
    QCOMPARE(QString::fromStdString(slurm.unavailableReason()), QString());
}

QTEST_GUILESS_MAIN(TestSlurmExecutor)
#include "tst_slurmexecutor.moc"
