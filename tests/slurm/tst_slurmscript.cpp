// SPDX-License-Identifier: Apache-2.0
// The Slurm executor's text, without a cluster: the batch script runs each array task's exact command line
// (arguments with spaces, quotes, '$', newlines, in a folder whose name has them too) and writes its exit record;
// the #SBATCH lines hold the options asked for and nothing else; options that cannot go into a #SBATCH line are
// refused; the readers of squeue, scontrol, sacct, sbatch and the exit record take what the tools print and skip
// what they do not understand.
#include "core/sweep/externalcommand.h"
#include "core/sweep/slurmscript.h"
#include "core/sweep/slurmstatus.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <string>
#include <vector>

using namespace iteragpu::sweep;

namespace {

std::string readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

bool writeAll(const QString& path, const std::string& text, QFile::Permissions permissions = {})
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const bool ok = file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
    file.close();
    return ok && (permissions == QFile::Permissions() || file.setPermissions(permissions));
}

std::vector<std::string> splitNul(const std::string& text)
{
    std::vector<std::string> words;
    std::string word;
    for (const char c : text) {
        if (c == '\0') {
            words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    return words;
}

bool hasLine(const std::string& text, const std::string& line)
{
    return text.find("\n" + line + "\n") != std::string::npos;
}

} // namespace

class TestSlurmScript : public QObject {
    Q_OBJECT
private slots:
    void quotedWordsReadBackExactly_data();
    void quotedWordsReadBackExactly();
    void scriptRunsEachTasksCommandLine();
    void sbatchLinesHoldTheOptions();
    void badOptionsRefused_data();
    void badOptionsRefused();
    void manifestHasOneLinePerTask();
    void readsSqueue();
    void readsScontrol();
    void readsSacct();
    void readsSbatchJobId_data();
    void readsSbatchJobId();
    void readsExitRecord_data();
    void readsExitRecord();
    void finalStates();
};

void TestSlurmScript::quotedWordsReadBackExactly_data()
{
    QTest::addColumn<QByteArray>("word");
    QTest::addRow("plain") << QByteArray("sim:0");
    QTest::addRow("empty") << QByteArray("");
    QTest::addRow("space") << QByteArray("/tmp/my sweep/trial-0001.json");
    QTest::addRow("single quote") << QByteArray("it's");
    QTest::addRow("only quotes") << QByteArray("''");
    QTest::addRow("double quote and dollar") << QByteArray("\"$HOME\" `id` $(id) ${x}");
    QTest::addRow("backslash") << QByteArray("a\\b\\'c");
    QTest::addRow("newline and tab") << QByteArray("line 1\nline\t2\n");
    QTest::addRow("glob and operators") << QByteArray("* ? [a] ; | & > < ! # ~");
    QTest::addRow("utf-8") << QByteArray("Größe ✓");
}

// Each word, quoted, comes back from bash byte for byte.
void TestSlurmScript::quotedWordsReadBackExactly()
{
    QFETCH(QByteArray, word);
    const std::string text = word.toStdString();
    const std::string quoted = shellQuote(text);
    QVERIFY2(quoted.find('\n') == std::string::npos, "a quoted word is one line");
    const auto result = runExternalCommand(
        { "bash", "-c", "printf '%s\\0' " + quoted + " " + quoted }, std::chrono::milliseconds(10000));
    QVERIFY2(result.ok(), result.firstLine().c_str());
    const auto words = splitNul(result.out);
    QCOMPARE(words.size(), std::size_t { 2 });
    QCOMPARE(words[0], text);
    QCOMPARE(words[1], text);
}

// The generated script, run as array task 1 in a folder with a hard name, runs task 1's command line exactly,
// from the folder, and leaves an exit record with the program's exit code; task 0 and 2 are not run.
void TestSlurmScript::scriptRunsEachTasksCommandLine()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString folder = tmp.path() + QStringLiteral("/sweep 'one' \"two\" $x\\y");
    QVERIFY(QDir().mkpath(folder));
    const QString program = folder + QStringLiteral("/fake measure");
    // Writes its arguments and working directory, NUL-separated, and exits with the code it is given last.
    QVERIFY(writeAll(program, "#!/bin/bash\nprintf '%s\\0' \"$PWD\" \"$@\" >\"$ARGV_FILE\"\nexit \"${@: -3:1}\"\n",
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));

    std::vector<SlurmTask> tasks(3);
    for (std::size_t t = 0; t < tasks.size(); ++t) {
        tasks[t].trialIndex = 10 + t;
        tasks[t].value = 1u << t;
        tasks[t].argv = { program.toStdString(), "measure", "--workload", "decoder", "--prompt",
            "it's \"quoted\"\n$(touch pwned) `touch pwned` *", "--output",
            folder.toStdString() + "/trial " + std::to_string(t) + ".json", std::to_string(3 + t), "--device",
            "sim:0" };
    }
    SlurmOptions options;
    options.gres.clear();
    options.device = "sim:0";
    const std::string script = slurmBatchScript(7, folder.toStdString(), options, tasks);
    const QString scriptPath = folder + QStringLiteral("/slurm-round-7.sbatch");
    QVERIFY(writeAll(scriptPath, script));

    const QString argvFile = tmp.path() + QStringLiteral("/argv");
    const auto run = runExternalCommand({ "env", "SLURM_ARRAY_TASK_ID=1", "SLURMD_NODENAME=node-a",
                                            "ARGV_FILE=" + argvFile.toStdString(), "bash", scriptPath.toStdString() },
        std::chrono::milliseconds(20000), tmp.path().toStdString());
    QVERIFY2(run.started, run.error.c_str());
    QCOMPARE(run.exitCode, std::optional<int>(4)); // the script exits with the measure process's code
    auto words = splitNul(readAll(argvFile));
    QVERIFY(!words.empty());
    QCOMPARE(words.front(), folder.toStdString()); // run from the sweep folder
    words.erase(words.begin());
    std::vector<std::string> expected(tasks[1].argv.begin() + 1, tasks[1].argv.end());
    QCOMPARE(words, expected);
    QVERIFY2(!QFile::exists(folder + QStringLiteral("/pwned")) && !QFile::exists(tmp.path() + QStringLiteral("/pwned")),
        "nothing in an argument is executed");

    const auto record = parseSlurmExitRecord(readAll(folder + QStringLiteral("/slurm-round-7-task-1.exit")));
    QVERIFY(record.has_value());
    QCOMPARE(record->exitCode, 4);
    QCOMPARE(record->host, std::string("node-a"));
    QVERIFY(record->wallSeconds.has_value());
    QVERIFY(*record->wallSeconds >= 0.0 && *record->wallSeconds < 20.0);
    QVERIFY(!QFile::exists(folder + QStringLiteral("/slurm-round-7-task-0.exit")));
    QVERIFY(!QFile::exists(folder + QStringLiteral("/slurm-round-7-task-1.exit.tmp")));

    // A task index the round does not have is refused, and no command runs.
    QFile::remove(argvFile);
    const auto stray = runExternalCommand(
        { "env", "SLURM_ARRAY_TASK_ID=3", "ARGV_FILE=" + argvFile.toStdString(), "bash", scriptPath.toStdString() },
        std::chrono::milliseconds(20000));
    QCOMPARE(stray.exitCode, std::optional<int>(91));
    QVERIFY(!QFile::exists(argvFile));
    // A folder the node cannot reach: a clear line, exit 90, nothing run.
    QVERIFY(QDir(folder).removeRecursively());
    const auto unreachable = runExternalCommand(
        { "env", "SLURM_ARRAY_TASK_ID=0", "ARGV_FILE=" + argvFile.toStdString(), "bash", "-c", script },
        std::chrono::milliseconds(20000));
    QCOMPARE(unreachable.exitCode, std::optional<int>(90));
    QVERIFY2(unreachable.err.find("must be shared with the nodes") != std::string::npos, unreachable.err.c_str());
}

void TestSlurmScript::sbatchLinesHoldTheOptions()
{
    std::vector<SlurmTask> tasks(5);
    for (auto& task : tasks)
        task.argv = { "/usr/bin/iteragpu", "measure", "--device", "cuda:0" };
    SlurmOptions options;
    options.partition = "gpu-a100";
    options.account = "proj_42";
    options.time = "00:10:00";
    options.gres = "gpu:a100:1";
    const auto script = slurmBatchScript(3, "/shared/sweeps/llama", options, tasks);
    QVERIFY(script.rfind("#!/bin/bash\n", 0) == 0);
    for (const char* line : { "#SBATCH --array=0-4", "#SBATCH --job-name=iteragpu-sweep-r3",
             "#SBATCH --output=slurm-round-3-task-%a.out", "#SBATCH --error=slurm-round-3-task-%a.err",
             "#SBATCH --partition=gpu-a100", "#SBATCH --account=proj_42", "#SBATCH --time=00:10:00",
             "#SBATCH --gres=gpu:a100:1", "#SBATCH --ntasks=1", "#SBATCH --nodes=1", "#SBATCH --no-requeue" })
        QVERIFY2(hasLine(script, line), line);
    // Every #SBATCH line comes before the first command (sbatch stops reading them there).
    const auto firstCommand = script.find("\nfolder=");
    QVERIFY(firstCommand != std::string::npos);
    QVERIFY(script.rfind("#SBATCH", firstCommand) != std::string::npos);
    QVERIFY(script.find("#SBATCH", firstCommand) == std::string::npos);

    SlurmOptions bare;
    bare.gres.clear();
    const auto plain = slurmBatchScript(1, "/shared", bare, tasks);
    for (const char* option : { "--partition", "--account", "--time", "--gres" })
        QVERIFY2(plain.find(std::string("#SBATCH ") + option) == std::string::npos, option);
    QVERIFY(hasLine(plain, "#SBATCH --array=0-4"));
}

void TestSlurmScript::badOptionsRefused_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::addRow("space in partition") << "partition"
                                        << "gpu a100"
                                        << "--partition 'gpu a100' holds a space";
    QTest::addRow("newline in account") << "account"
                                        << "a\n#SBATCH --x"
                                        << "--account holds a control character";
    QTest::addRow("quote in time") << "time"
                                   << "10'00"
                                   << "--time";
    QTest::addRow("option as gres") << "gres"
                                    << "--exclusive"
                                    << "starts with '-'";
    QTest::addRow("long partition") << "partition" << QString(300, QLatin1Char('p')) << "longer than 256 bytes";
    QTest::addRow("no device") << "device"
                               << ""
                               << "no device id";
}

void TestSlurmScript::badOptionsRefused()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, message);
    SlurmOptions options;
    QVERIFY(validateSlurmOptions(options).empty());
    const std::string v = value.toStdString();
    if (field == QLatin1String("partition"))
        options.partition = v;
    else if (field == QLatin1String("account"))
        options.account = v;
    else if (field == QLatin1String("time"))
        options.time = v;
    else if (field == QLatin1String("gres"))
        options.gres = v;
    else
        options.device = v;
    const auto error = validateSlurmOptions(options);
    QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
    QVERIFY(error.find('\n') == std::string::npos);
}

void TestSlurmScript::manifestHasOneLinePerTask()
{
    std::vector<SlurmTask> tasks(2);
    tasks[0] = { 4, 16, { "/opt/iteragpu", "measure", "--prompt", "two\nlines", "--device", "sim:0" } };
    tasks[1] = { 5, 24, { "/opt/iteragpu", "measure", "--device", "sim:0" } };
    const auto manifest = slurmManifest(2, tasks);
    QCOMPARE(std::count(manifest.begin(), manifest.end(), '\n'), 3); // the comment and one line per task
    QVERIFY(manifest.find("\n0\t4\t16\t'/opt/iteragpu' 'measure' '--prompt' 'two'$'\\012''lines' '--device' 'sim:0'\n")
        != std::string::npos);
    QVERIFY(manifest.find("\n1\t5\t24\t'/opt/iteragpu' 'measure' '--device' 'sim:0'\n") != std::string::npos);
}

void TestSlurmScript::readsSqueue()
{
    // squeue -h -r -j 41 -o '%i|%T|%N' as Slurm 22.05 prints it, with one row of another job and a range.
    const auto tasks = parseSqueueTasks("41_0|RUNNING|node-a\n41_2|PENDING|\n41_[3-5]|PENDING|\n"
                                        "410_1|RUNNING|node-b\ngarbage\n41_1|COMPLETING|node-c\n41_x|RUNNING|n\n",
        "41");
    QCOMPARE(tasks.size(), std::size_t { 3 });
    QCOMPARE(tasks[0].task, std::size_t { 0 });
    QCOMPARE(tasks[0].state, std::string("RUNNING"));
    QCOMPARE(tasks[0].node, std::string("node-a"));
    QCOMPARE(tasks[1].task, std::size_t { 2 });
    QCOMPARE(tasks[1].state, std::string("PENDING"));
    QVERIFY(tasks[1].node.empty());
    QCOMPARE(tasks[2].task, std::size_t { 1 });
    QCOMPARE(tasks[2].state, std::string("COMPLETING"));
    QVERIFY(parseSqueueTasks("", "41").empty());
    QVERIFY(parseSqueueTasks("41_0|running|x\n41_0|RUN NING|x\n", "41").empty());
}

void TestSlurmScript::readsScontrol()
{
    // Lines of scontrol -o show job 1 from a Slurm 22.05 test cluster (shortened); the Command has a space.
    const std::string text
        = "JobId=1 ArrayJobId=1 ArrayTaskId=2 JobName=t.sbatch UserId=root(0) JobState=FAILED "
          "Reason=NonZeroExitCode Dependency=(null) ExitCode=3:0 NodeList=vm Command=/tmp/my dir/x.sbatch\n"
          "JobId=3 ArrayJobId=1 ArrayTaskId=0 JobName=t.sbatch JobState=CANCELLED Reason=None ExitCode=0:15 "
          "NodeList=vm\n"
          "JobId=4 ArrayJobId=1 ArrayTaskId=3-5 JobState=PENDING Reason=Resources ExitCode=0:0 NodeList=(null)\n"
          "JobId=9 ArrayJobId=7 ArrayTaskId=0 JobState=COMPLETED ExitCode=0:0 NodeList=vm\n";
    const auto tasks = parseScontrolTasks(text, "1");
    QCOMPARE(tasks.size(), std::size_t { 2 });
    QCOMPARE(tasks[0].task, std::size_t { 2 });
    QCOMPARE(tasks[0].state, std::string("FAILED"));
    QCOMPARE(tasks[0].exitCode, std::optional<int>(3));
    QVERIFY(!tasks[0].signal.has_value());
    QCOMPARE(tasks[0].reason, std::string("NonZeroExitCode"));
    QCOMPARE(tasks[0].node, std::string("vm"));
    QCOMPARE(tasks[1].task, std::size_t { 0 });
    QCOMPARE(tasks[1].state, std::string("CANCELLED"));
    QCOMPARE(tasks[1].signal, std::optional<int>(15));
    QVERIFY(tasks[1].reason.empty());
    QVERIFY(parseScontrolTasks("JobState=COMPLETED ArrayJobId=1 ArrayTaskId=0 ExitCode=999:0\n", "1").front().exitCode
        == std::nullopt);
}

void TestSlurmScript::readsSacct()
{
    const auto tasks
        = parseSacctTasks("12_0|COMPLETED|0:0|gpu-01\n12_1|CANCELLED by 0|0:15|gpu-02\n12_2|PENDING|0:0|None assigned\n"
                          "12.batch|COMPLETED|0:0|gpu-01\n13_0|FAILED|1:0|gpu-03\n",
            "12");
    QCOMPARE(tasks.size(), std::size_t { 3 });
    QCOMPARE(tasks[0].exitCode, std::optional<int>(0));
    QCOMPARE(tasks[0].node, std::string("gpu-01"));
    QCOMPARE(tasks[1].state, std::string("CANCELLED"));
    QCOMPARE(tasks[1].signal, std::optional<int>(15));
    QVERIFY(tasks[2].node.empty());
}

void TestSlurmScript::readsSbatchJobId_data()
{
    QTest::addColumn<QString>("answer");
    QTest::addColumn<QString>("jobId");
    QTest::addRow("plain") << "1234\n"
                           << "1234";
    QTest::addRow("with cluster") << "1234;cluster-a\n"
                                  << "1234";
    QTest::addRow("warning first") << "sbatch: warning: something\n77\n"
                                   << "77";
    QTest::addRow("error text") << "sbatch: error: invalid partition"
                                << "";
    QTest::addRow("empty") << ""
                           << "";
    QTest::addRow("too long") << "123456789012345678901234"
                              << "";
}

void TestSlurmScript::readsSbatchJobId()
{
    QFETCH(QString, answer);
    QFETCH(QString, jobId);
    QCOMPARE(QString::fromStdString(parseSbatchJobId(answer.toStdString())), jobId);
}

void TestSlurmScript::readsExitRecord_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<double>("wall"); // -1: none
    QTest::addRow("complete") << QByteArray("exit 0\nhost vm\nstart 1700000000.250000000\nend 1700000002.750000000\n")
                              << true << 0 << 2.5;
    QTest::addRow("failed run") << QByteArray("exit 1\nhost gpu-01\nstart 10\nend 12\n") << true << 1 << 2.0;
    QTest::addRow("no times") << QByteArray("exit 3\nhost vm\n") << true << 3 << -1.0;
    QTest::addRow("end before start") << QByteArray("exit 0\nstart 12\nend 10\n") << true << 0 << -1.0;
    QTest::addRow("no exit line") << QByteArray("host vm\nstart 1\nend 2\n") << false << 0 << -1.0;
    QTest::addRow("exit out of range") << QByteArray("exit 300\n") << false << 0 << -1.0;
    QTest::addRow("exit negative") << QByteArray("exit -1\n") << false << 0 << -1.0;
    QTest::addRow("exit text") << QByteArray("exit zero\n") << false << 0 << -1.0;
    QTest::addRow("empty") << QByteArray("") << false << 0 << -1.0;
    QTest::addRow("too large") << QByteArray("exit 0\n") + QByteArray(5000, 'x') << false << 0 << -1.0;
    QTest::addRow("bad time") << QByteArray("exit 0\nstart 1e9\nend 2\n") << true << 0 << -1.0;
}

void TestSlurmScript::readsExitRecord()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QFETCH(int, exitCode);
    QFETCH(double, wall);
    const auto record = parseSlurmExitRecord(text.toStdString());
    QCOMPARE(record.has_value(), valid);
    if (!valid)
        return;
    QCOMPARE(record->exitCode, exitCode);
    if (wall < 0) {
        QVERIFY(!record->wallSeconds.has_value());
    } else {
        QVERIFY(record->wallSeconds.has_value());
        QVERIFY(qAbs(*record->wallSeconds - wall) < 1e-6);
    }
}

void TestSlurmScript::finalStates()
{
    for (const char* state : { "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY" })
        QVERIFY2(slurmStateIsFinal(state), state);
    for (const char* state : { "PENDING", "RUNNING", "COMPLETING", "CONFIGURING", "SUSPENDED", "" })
        QVERIFY2(!slurmStateIsFinal(state), state);
}

QTEST_GUILESS_MAIN(TestSlurmScript)
#include "tst_slurmscript.moc"
