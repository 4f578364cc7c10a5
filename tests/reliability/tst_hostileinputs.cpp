// SPDX-License-Identifier: Apache-2.0
// Inputs from outside that crashed, hung or wrapped a command (issue 26's hostile-input round), each run through
// the CLI as a user would: a file or folder name that is not UTF-8 (nlohmann's type_error 316), a result whose
// shape or byte counts lie, a result of 10^5 phases under a 2 GB address limit, a looping shard symlink in the
// Hugging Face cache, a FIFO named sweep.json, numbers of a config that are no model's, imported phases that
// share a name. Each gets its output or one line and an exit code; none a signal, a hang or a wrapped number.
#include "app/cli/cliapp.h"
#include "core/interop/picklevalue.h"
#include "core/interop/picklewriter.h"
#include "core/report/resultjson.h"
#include "core/units/validutf8.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace iteragpu;
namespace fs = std::filesystem;

namespace {

struct CliResult {
    int code = -1; // the exit code; -1 when the command ended by a signal
    int signal = 0; // the signal that ended it (a run in a child process only)
    std::string out;
    std::string err;
};

CliResult runCli(std::vector<std::string> args)
{
    args.insert(args.begin(), "iteragpu");
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return { code, 0, out.str(), err.str() };
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeAll(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The command in a child process (fork), so that an abort, a hang or an address-space limit ends the child and
// not the suite: at most `seconds` (SIGALRM after), within `addressBytes` of address space when not 0. The
// child's peak resident memory in KiB goes to maxRssKiB.
CliResult runIsolated(std::vector<std::string> args, unsigned seconds, rlim_t addressBytes, long* maxRssKiB = nullptr)
{
    char outName[] = "/tmp/iteragpu-hostile-out-XXXXXX";
    char errName[] = "/tmp/iteragpu-hostile-err-XXXXXX";
    const int outFd = ::mkstemp(outName);
    const int errFd = ::mkstemp(errName);
    ::close(outFd);
    ::close(errFd);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::alarm(seconds);
        if (addressBytes != 0) {
            const rlimit limit { addressBytes, addressBytes };
            ::setrlimit(RLIMIT_AS, &limit);
        }
        const CliResult r = runCli(args);
        writeAll(outName, r.out);
        writeAll(errName, r.err);
        ::_exit(r.code);
    }
    int status = 0;
    rusage usage {};
    ::wait4(pid, &status, 0, &usage);
    CliResult r;
    if (WIFEXITED(status))
        r.code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        r.signal = WTERMSIG(status);
    r.out = readAll(outName);
    r.err = readAll(errName);
    ::unlink(outName);
    ::unlink(errName);
    if (maxRssKiB)
        *maxRssKiB = usage.ru_maxrss;
    return r;
}

std::string dataFile(const std::string& relative)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/" + relative;
}

std::string tinyConfig() { return readAll(dataFile("measure/tiny-llama.config.json")); }

// A small decoder run on sim:0 of the config (or folder) at model.
std::vector<std::string> tinyRun(const std::string& model)
{
    return { "measure", "--device", "sim:0", "--model", model, "--prompt-tokens", "8", "--generated", "2", "--warmup",
        "0", "--repeats", "1", "--sim-speed", "0", "--ledger", "none" };
}

bool oneLine(const std::string& err) { return !err.empty() && err.find('\n') == err.size() - 1; }

// "\xff\xfe" in a name: bytes that are no UTF-8, as a Latin-1 file system or a cut name gives them.
const std::string kBroken = "caf\xe9-\xff\xfe";
const std::string kBrokenAsJson = "caf\xef\xbf\xbd-\xef\xbf\xbd\xef\xbf\xbd"; // each maximal subpart as U+FFFD

// A PyTorch memory snapshot in the importer's shape: one 2 MiB segment, one 512-byte allocation per region (or
// the sizes given), each inside a record_function region of the names given.
std::string snapshotPickle(const std::vector<std::string>& regions, std::uint64_t allocSize = 512)
{
    using interop::PickleValue;
    constexpr std::uint64_t kSegment = 2 << 20;
    constexpr std::uint64_t kBase = 0x7f0000000000;
    PickleValue::Items trace;
    PickleValue::Items annotations;
    PickleValue::Items blocks;
    double t = 1'764'590'400'000'000.0;
    const auto entry = [&](const char* action, std::uint64_t addr, std::uint64_t size) {
        t += 7;
        trace.push_back(PickleValue::dict({ { PickleValue::string("action"), PickleValue::string(action) },
            { PickleValue::string("addr"), PickleValue::unsignedInteger(addr) },
            { PickleValue::string("size"), PickleValue::unsignedInteger(size) },
            { PickleValue::string("stream"), PickleValue::integer(0) },
            { PickleValue::string("time_us"), PickleValue::real(t) } }));
    };
    const auto mark = [&](const std::string& name, const char* stage) {
        t += 3;
        annotations.push_back(PickleValue::dict({ { PickleValue::string("name"), PickleValue::string(name) },
            { PickleValue::string("stage"), PickleValue::string(stage) },
            { PickleValue::string("device"), PickleValue::integer(0) },
            { PickleValue::string("time_us"), PickleValue::real(t) } }));
    };
    entry("segment_alloc", kBase, kSegment);
    std::uint64_t used = 0;
    for (const auto& name : regions) {
        mark(name, "START");
        entry("alloc", kBase + used, allocSize);
        mark(name, "END");
        blocks.push_back(PickleValue::dict({ { PickleValue::string("address"), PickleValue::unsignedInteger(kBase + used) },
            { PickleValue::string("size"), PickleValue::unsignedInteger(512) },
            { PickleValue::string("requested_size"), PickleValue::unsignedInteger(allocSize) },
            { PickleValue::string("state"), PickleValue::string("active_allocated") } }));
        used += 512;
    }
    blocks.push_back(PickleValue::dict({ { PickleValue::string("address"), PickleValue::unsignedInteger(kBase + used) },
        { PickleValue::string("size"), PickleValue::unsignedInteger(kSegment - used) },
        { PickleValue::string("requested_size"), PickleValue::unsignedInteger(0) },
        { PickleValue::string("state"), PickleValue::string("inactive") } }));
    const PickleValue segment = PickleValue::dict({ { PickleValue::string("device"), PickleValue::integer(0) },
        { PickleValue::string("address"), PickleValue::unsignedInteger(kBase) },
        { PickleValue::string("total_size"), PickleValue::unsignedInteger(kSegment) },
        { PickleValue::string("blocks"), PickleValue::list(std::move(blocks)) } });
    return interop::writePickle(PickleValue::dict({ { PickleValue::string("segments"), PickleValue::list({ segment }) },
        { PickleValue::string("device_traces"), PickleValue::list({ PickleValue::list(std::move(trace)) }) },
        { PickleValue::string("external_annotations"), PickleValue::list(std::move(annotations)) } }));
}

} // namespace

class TestHostileInputs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_result; // a decoder result of tinyRun, measured once
    std::string path(const std::string& name) const { return m_dir.filePath(QString::fromStdString(name)).toStdString(); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const char* cli = std::getenv("ITERAGPU_CLI");
        QVERIFY2(cli && fs::exists(cli), "ITERAGPU_CLI is not set to the built iteragpu");
        ::setenv("ITERAGPU_MEASURE_PROGRAM", cli, 1); // the sweeps' trials
        m_result = path("decoder.json");
        auto args = tinyRun(dataFile("measure/tiny-llama.config.json"));
        args.insert(args.end(), { "--output", m_result });
        const auto r = runCli(args);
        QVERIFY2(r.code == 0, r.err.c_str());
    }

    // Note [Names in JSON]: each maximal ill-formed subsequence is one U+FFFD, as nlohmann's replace handler,
    // Python's errors="replace" and browsers write it; valid UTF-8 is kept byte for byte.
    void validUtf8_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("valid");
        QTest::addRow("ASCII") << QByteArray("model") << QByteArray("model");
        QTest::addRow("UTF-8 kept") << QByteArray("Gr\xc3\xb6\xc3\x9f" "e \xe6\xa8\xa1\xf0\x9f\x98\x80")
                                    << QByteArray("Gr\xc3\xb6\xc3\x9f" "e \xe6\xa8\xa1\xf0\x9f\x98\x80");
        QTest::addRow("Latin-1 byte") << QByteArray("caf\xe9") << QByteArray("caf\xef\xbf\xbd");
        QTest::addRow("two stray bytes, two characters") << QByteArray("\xff\xfe") << QByteArray("\xef\xbf\xbd\xef\xbf\xbd");
        QTest::addRow("a cut 3-byte character, one") << QByteArray("a\xe6\xa8" "b") << QByteArray("a\xef\xbf\xbd" "b");
        QTest::addRow("overlong slash, two") << QByteArray("\xc0\xaf") << QByteArray("\xef\xbf\xbd\xef\xbf\xbd");
        QTest::addRow("surrogate, three") << QByteArray("\xed\xa0\x80") << QByteArray("\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
        QTest::addRow("beyond U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << QByteArray("\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
        QTest::addRow("cut at the end") << QByteArray("x\xf0\x9f\x98") << QByteArray("x\xef\xbf\xbd");
        QTest::addRow("NUL kept (JSON escapes it)") << QByteArray("a\0b", 3) << QByteArray("a\0b", 3);
    }
    void validUtf8()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, valid);
        const std::string out = units::validUtf8(raw.toStdString());
        QCOMPARE(QByteArray::fromStdString(out), valid);
        QVERIFY(units::isValidUtf8(out));
        // nlohmann writes the result without throwing, and reads back the same text.
        const nlohmann::json j = out;
        QCOMPARE(nlohmann::json::parse(j.dump()).get<std::string>(), out);
    }

    // explain FILE --json where FILE's name is not UTF-8: the document names it with U+FFFD (it threw
    // type_error 316 and aborted).
    void explainJsonOfANameThatIsNotUtf8()
    {
        const std::string broken = path("run-" + kBroken + ".json");
        fs::copy_file(m_result, broken);
        const auto r = runIsolated({ "explain", broken, "--json" }, 60, 0);
        QVERIFY2(r.signal == 0, ("ended by signal " + std::to_string(r.signal) + ": " + r.err).c_str());
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["file"].get<std::string>(), path("run-" + kBrokenAsJson + ".json"));
    }

    // measure --model DIR --json and --output where DIR's name is not UTF-8: the run's document is printed and
    // written (it aborted with --json, and lost the measurement with --output, "cannot encode the result").
    void measureOfAFolderThatIsNotUtf8()
    {
        const std::string folder = path("model-" + kBroken);
        fs::create_directories(folder);
        writeAll(folder + "/config.json", tinyConfig());
        auto json = tinyRun(folder);
        json.push_back("--json");
        const auto printed = runIsolated(json, 120, 0);
        QVERIFY2(printed.signal == 0, ("ended by signal " + std::to_string(printed.signal)).c_str());
        QVERIFY2(printed.code == 0, printed.err.c_str());
        const auto doc = nlohmann::json::parse(printed.out);
        QVERIFY2(doc["workload"]["model_source"].get<std::string>().find("model-" + kBrokenAsJson)
                != std::string::npos,
            doc["workload"]["model_source"].dump().c_str());
        auto written = tinyRun(folder);
        const std::string output = path("written-" + kBroken + ".json");
        written.insert(written.end(), { "--output", output });
        const auto w = runCli(written);
        QVERIFY2(w.code == 0, w.err.c_str());
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::readResultFile(output, back, error), error.c_str());
        QVERIFY(back.completed);
        QVERIFY(back.config.decoder->modelSource.find("model-" + kBrokenAsJson) != std::string::npos);
    }

    // import of a snapshot whose name is not UTF-8: the result is written, its imported.file with U+FFFD.
    void importOfASnapshotThatIsNotUtf8()
    {
        const std::string snapshot = path("snap-" + kBroken + ".pickle");
        writeAll(snapshot, snapshotPickle({ "prefill" }));
        const std::string output = path("imported-" + kBroken + ".json");
        const auto r = runCli({ "import", snapshot, "--output", output });
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(readAll(output));
        QCOMPARE(j["imported"]["file"].get<std::string>(), path("snap-" + kBrokenAsJson + ".pickle"));
    }

    // sweep of a model folder whose name is not UTF-8: the trials run with the folder's real name, sweep.json
    // holds it with U+FFFD, and --resume of the same command is the same sweep.
    void sweepOfAFolderThatIsNotUtf8()
    {
        const char* cli = std::getenv("ITERAGPU_CLI");
        QVERIFY2(cli && fs::exists(cli), "ITERAGPU_CLI is not set to the built iteragpu");
        ::setenv("ITERAGPU_MEASURE_PROGRAM", cli, 1);
        const std::string model = path("sweep-model-" + kBroken);
        fs::create_directories(model);
        writeAll(model + "/config.json", tinyConfig());
        const std::string folder = path("sweep-" + kBroken);
        std::vector<std::string> args { "sweep", "--folder", folder, "--values", "1", "--dimension", "sequences", "--" };
        const auto measure = tinyRun(model);
        args.insert(args.end(), measure.begin() + 1, measure.end());
        const auto r = runIsolated(args, 120, 0);
        QVERIFY2(r.signal == 0 && r.code == 0, (std::to_string(r.signal) + " " + r.err).c_str());
        const std::string text = readAll(folder + "/sweep.json");
        QVERIFY2(text.find("sweep-model-" + kBrokenAsJson) != std::string::npos, text.c_str());
        auto resume = args;
        resume.insert(resume.begin() + 1, "--resume");
        const auto again = runIsolated(resume, 120, 0);
        QVERIFY2(again.signal == 0 && again.code == 0, again.err.c_str());
    }

    // sweep --resume where sweep.json is a FIFO: refused at once (it blocked in open() for a writer forever).
    void sweepResumeOfAFifoIsRefused()
    {
        const std::string folder = path("fifo-sweep");
        fs::create_directories(folder);
        QCOMPARE(::mkfifo((folder + "/sweep.json").c_str(), 0600), 0);
        std::vector<std::string> args { "sweep", "--folder", folder, "--resume", "--values", "1", "--dimension",
            "sequences", "--" };
        const auto measure = tinyRun(dataFile("measure/tiny-llama.config.json"));
        args.insert(args.end(), measure.begin() + 1, measure.end());
        const auto r = runIsolated(args, 20, 0);
        QVERIFY2(r.signal == 0, ("ended by signal " + std::to_string(r.signal) + " (SIGALRM: it waited)").c_str());
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.find("not a regular file (a FIFO)") != std::string::npos, r.err.c_str());
    }

    // Numbers of a result file beyond what a model or a device has: one line, exit 1, never std::bad_alloc
    // (2^40 layers were sized layer by layer) or a wrapped number ("peak allocated -1 B").
    void resultNumbersBeyondTheirLimits_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("message");
        QTest::addRow("2^40 layers") << "/workload/shape/layers" << "1099511627776"
                                     << "workload.shape.layers 1099511627776 is larger than 100 000 layers";
        QTest::addRow("peak allocated 2^64 - 1")
            << "/phases/0/peak/allocated" << "18446744073709551615" << "phases[0].peak.allocated is 18446744073709551615 bytes, beyond 2^63 - 1";
        QTest::addRow("peak reserved 2^63")
            << "/phases/1/peak/reserved" << "9223372036854775808" << "phases[1].peak.reserved is 9223372036854775808 bytes";
        QTest::addRow("owner 2^63") << "/phases/0/owners/final/weights" << "9223372036854775808"
                                    << "phases[0].owners.final.weights is 9223372036854775808 bytes";
        QTest::addRow("sample 2^63") << "/phases/0/samples/allocated/0" << "9223372036854775808"
                                     << "samples.allocated is 9223372036854775808 bytes";
        QTest::addRow("rope_theta 5e-324") << "/workload/rope_theta" << "5e-324" << "is not a rotary base";
    }
    void resultNumbersBeyondTheirLimits()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, raw);
        QFETCH(QString, message);
        auto j = nlohmann::ordered_json::parse(readAll(m_result));
        j[nlohmann::ordered_json::json_pointer(pointer.toStdString())] = "@@RAW@@";
        std::string text = j.dump();
        text.replace(text.find("\"@@RAW@@\""), 9, raw.toStdString());
        const std::string file = path(std::string("hostile-") + QTest::currentDataTag() + ".json");
        writeAll(file, text);
        for (const bool json : { false, true }) {
            std::vector<std::string> args { "explain", file, "--all" };
            if (json)
                args.push_back("--json");
            const auto r = runIsolated(args, 60, 0);
            QVERIFY2(r.signal == 0, ("ended by signal " + std::to_string(r.signal)).c_str());
            QVERIFY2(r.code == 1, (std::to_string(r.code) + ": " + r.out + r.err).c_str());
            QVERIFY2(oneLine(r.err) && r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
        }
    }

    // A result of 10^5 phases (about 1 KB each) read by explain within a 2 GB address space: the ledger or one
    // line, never std::bad_alloc. The peak resident memory is measured against the file's size.
    void manyPhasesWithinTwoGigabytes()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP("a sanitizer's shadow memory does not fit an address-space limit");
#endif
        protocol::RunResult base;
        std::string error;
        QVERIFY2(report::readResultFile(m_result, base, error), error.c_str());
        protocol::RunResult many = base;
        many.phases.clear();
        many.trace.clear();
        constexpr int kPhases = 100000;
        many.phases.reserve(kPhases);
        for (int i = 0; i < kPhases; ++i) {
            protocol::PhaseResult p = base.phases[static_cast<std::size_t>(i) % base.phases.size()];
            p.index = i;
            p.name = "phase" + std::to_string(i);
            p.repeat.reset();
            p.samples.clear(); // about 1.5 KB a phase: 10^5 phases are the issue's 153 MB file
            many.phases.push_back(std::move(p));
        }
        const std::string file = path("many-phases.json");
        QCOMPARE(report::writeResultFile(file, many, error), report::WriteError::None);
        many = {};
        const auto bytes = fs::file_size(file);
        long rssKiB = 0;
        const auto r = runIsolated({ "explain", file }, 300, rlim_t(2) << 30, &rssKiB);
        qInfo("%d phases, %llu bytes: explain exit %d, signal %d, peak resident %ld KiB (%.2f x the file)", kPhases,
            static_cast<unsigned long long>(bytes), r.code, r.signal, rssKiB, rssKiB * 1024.0 / bytes);
        QVERIFY2(r.signal == 0, ("ended by signal " + std::to_string(r.signal) + ": " + r.err).c_str());
        QVERIFY2(r.code == 0 || (r.code == 1 && oneLine(r.err)), r.err.c_str());
        if (r.code == 0)
            QVERIFY(r.out.find("ledger of ") != std::string::npos);
        else
            QVERIFY2(r.err.find("does not fit the memory this process may use") != std::string::npos, r.err.c_str());
        // Proportional: the text, one parse tree and the result, not several copies of each.
        QVERIFY2(rssKiB * 1024.0 < 6.0 * static_cast<double>(bytes), std::to_string(rssKiB).c_str());
    }

    // A shard of a cached snapshot that is a looping symbolic link: one line naming it (it was an uncaught
    // std::filesystem::filesystem_error, SIGABRT).
    void loopingShardLinkInTheCache()
    {
        const fs::path hub = path("hub");
        const std::string revision = "0123456789abcdef0123456789abcdef01234567";
        const fs::path repo = hub / "models--org--looping";
        fs::create_directories(repo / "refs");
        fs::create_directories(repo / "snapshots" / revision);
        writeAll((repo / "refs" / "main").string(), revision);
        writeAll((repo / "snapshots" / revision / "config.json").string(), tinyConfig());
        fs::create_symlink("loop.safetensors", repo / "snapshots" / revision / "loop.safetensors");
        ::setenv("HF_HUB_CACHE", hub.c_str(), 1);
        auto measure = tinyRun("org/looping");
        const std::string output = path("looping.json");
        measure.insert(measure.end(), { "--output", output });
        for (const auto& args : { measure, std::vector<std::string> { "estimate", "--model", "org/looping" } }) {
            const auto r = runIsolated(args, 60, 0);
            QVERIFY2(r.signal == 0, ("ended by signal " + std::to_string(r.signal) + ": " + r.err).c_str());
            QVERIFY2(r.code == 1, (std::to_string(r.code) + r.err).c_str());
            QVERIFY2(oneLine(r.err) && r.err.find("loop.safetensors") != std::string::npos
                    && r.err.find("Too many levels of symbolic links") != std::string::npos,
                r.err.c_str());
        }
        QVERIFY(!fs::exists(output));
        ::unsetenv("HF_HUB_CACHE");
    }

    // Numbers of a config.json that are no model's: estimate and measure refuse each in the same line, before a
    // run starts (measure wrote a result with "4 not run" for rope_theta 1e308; group_size 2^64 - 1 read as -1).
    void configNumbersRefusedAlike_data()
    {
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("message");
        QTest::addColumn<bool>("measured"); // measure reads the shape; a quantization_config only estimate sizes
        QTest::addRow("rope_theta 1e308") << R"({"rope_theta":1e308})" << "'rope_theta' 1e+308 is not a rotary base"
                                          << true;
        QTest::addRow("rope_theta 5e-324") << R"({"rope_theta":5e-324})" << "is not a rotary base" << true;
        QTest::addRow("2^40 layers") << R"({"num_hidden_layers":1099511627776})" << "larger than 2^32" << true;
        QTest::addRow("200 000 layers") << R"({"num_hidden_layers":200000})"
                                        << "'num_hidden_layers' 200000 is larger than 100 000 layers" << true;
        QTest::addRow("GPTQ group_size 2^64 - 1")
            << R"({"quantization_config":{"quant_method":"gptq","bits":4,"group_size":18446744073709551615}})"
            << "'group_size' must be -1 or between 1 and 2^32" << false;
        QTest::addRow("AWQ q_group_size 2^64 - 1")
            << R"({"quantization_config":{"quant_method":"awq","w_bit":4,"q_group_size":18446744073709551615}})"
            << "'q_group_size' must be -1 or between 1 and 2^32" << false;
        QTest::addRow("AWQ q_group_size 2^32 + 1")
            << R"({"quantization_config":{"quant_method":"awq","w_bit":4,"q_group_size":4294967297}})"
            << "'q_group_size' must be -1 or between 1 and 2^32" << false;
    }
    void configNumbersRefusedAlike()
    {
        QFETCH(QString, patch);
        QFETCH(QString, message);
        QFETCH(bool, measured);
        auto config = nlohmann::json::parse(tinyConfig());
        config.merge_patch(nlohmann::json::parse(patch.toStdString()));
        const std::string file = path(std::string("config-") + QTest::currentDataTag() + ".json");
        writeAll(file, config.dump());
        const std::string output = path(std::string("run-") + QTest::currentDataTag() + ".json");
        auto measure = tinyRun(file);
        measure.insert(measure.end(), { "--output", output });
        std::vector<std::vector<std::string>> commands { { "estimate", "--config", file, "--prompt-tokens", "8" } };
        if (measured)
            commands.push_back(measure);
        for (const auto& args : commands) {
            const auto r = runIsolated(args, 60, 0);
            QVERIFY2(r.signal == 0, ("ended by signal " + std::to_string(r.signal)).c_str());
            QVERIFY2(r.code == 1, (args[0] + " exit " + std::to_string(r.code) + ": " + r.out + r.err).c_str());
            QVERIFY2(oneLine(r.err) && r.err.find(message.toStdString()) != std::string::npos,
                (args[0] + ": " + r.err).c_str());
        }
        QVERIFY2(!fs::exists(output), "measure ran and wrote a result");
        // The values within the limits still read: -1 is per channel.
        if (QByteArray(QTest::currentDataTag()).startsWith("AWQ")) {
            config["quantization_config"]["q_group_size"] = -1;
            writeAll(file, config.dump());
            const auto r = runCli({ "estimate", "--config", file });
            QVERIFY2(r.code == 0, r.err.c_str());
        }
    }

    // More experts used per token than the model has (a GGUF's expert_used_count 5 of expert_count 4): refused
    // by the shape reader, as config.json's num_experts_per_tok is (estimate sized it, exit 0).
    void ggufMoreExpertsPerTokenThanExperts()
    {
        const auto r = runCli({ "estimate", "--gguf", dataFile("gguf/moe-more-used-than-experts.gguf") });
        QCOMPARE(r.code, 1);
        QVERIFY2(oneLine(r.err) && r.err.find("'llama.expert_used_count' (5) is more than the model's 4 experts")
                != std::string::npos,
            r.err.c_str());
    }

    // estimate --layers beyond the limit of every reader: the same one line.
    void estimateLayersWithinTheLimit()
    {
        const auto r = runCli({ "estimate", "--parameters", "7e9", "--layers", "1099511627776", "--kv-heads", "8",
            "--head-dim", "128", "--prompt-tokens", "8" });
        QCOMPARE(r.code, 1);
        QVERIFY2(oneLine(r.err) && r.err.find("--layers") != std::string::npos && r.err.find("100000") != std::string::npos,
            r.err.c_str());
        QCOMPARE(runCli({ "estimate", "--parameters", "7e9", "--layers", "100000", "--kv-heads", "8", "--head-dim",
                     "128", "--prompt-tokens", "8" })
                     .code,
            0);
    }

    // A snapshot entry of 2^64 - 1 bytes: refused in one line by import (it was -1 B in the ledger).
    void snapshotAllocBeyondTwoToThe63()
    {
        const std::string snapshot = path("huge-alloc.pickle");
        writeAll(snapshot, snapshotPickle({ "a" }, UINT64_MAX));
        const std::string output = path("huge-alloc.json");
        const auto r = runCli({ "import", snapshot, "--output", output });
        QCOMPARE(r.code, 1);
        QVERIFY2(oneLine(r.err) && r.err.find("18446744073709551615 bytes, beyond 2^63 - 1") != std::string::npos,
            r.err.c_str());
        QVERIFY(!fs::exists(output));
    }

    // Regions a, a, a#1: three phases with three labels (a#0, a#2, a#1; it made a#0, a#1, a#1), and explain
    // --phase finds the one labelled, exactly.
    void importedLabelsAreUnique()
    {
        const std::string snapshot = path("labels.pickle");
        writeAll(snapshot, snapshotPickle({ "a", "a", "a#1" }));
        const std::string output = path("labels.json");
        const auto r = runCli({ "import", snapshot, "--output", output });
        QVERIFY2(r.code == 0, r.err.c_str());
        protocol::RunResult result;
        std::string error;
        QVERIFY2(report::readResultFile(output, result, error), error.c_str());
        QCOMPARE(result.phases.size(), std::size_t { 3 });
        const std::vector<std::string> labels { "a#0", "a#2", "a#1" };
        for (std::size_t i = 0; i < 3; ++i)
            QCOMPARE(protocol::phaseLabel(result.phases[i]), labels[i]);
        for (std::size_t i = 0; i < 3; ++i) {
            const auto e = runCli({ "explain", output, "--phase", labels[i], "--json" });
            QVERIFY2(e.code == 0, e.err.c_str());
            const auto j = nlohmann::json::parse(e.out);
            QCOMPARE(j["ledgers"].size(), std::size_t { 1 });
            QCOMPARE(j["ledgers"][0]["phase_index"].get<int>(), static_cast<int>(i));
            QCOMPARE(j["ledgers"][0]["phase"].get<std::string>(), labels[i]);
        }
        // A file that gives two phases one label (by hand) is refused, not answered with the first.
        auto j = nlohmann::ordered_json::parse(readAll(output));
        j["phases"][1]["repeat"] = 1;
        const std::string twice = path("labels-twice.json");
        writeAll(twice, j.dump());
        const auto e = runCli({ "explain", twice, "--phase", "a#1" });
        QCOMPARE(e.code, 1);
        QVERIFY2(oneLine(e.err) && e.err.find("names 2 phases") != std::string::npos, e.err.c_str());
    }

    // One label per phase: the phase's "label" is the ledger's "phase" (the ledger said warm_prefill#0 of a phase
    // whose file entry named only warm_prefill, repeat 0), and it is what explain --phase takes.
    void oneLabelInPhasesAndLedger()
    {
        const auto j = nlohmann::json::parse(readAll(m_result));
        std::set<std::string> labels;
        for (const auto& p : j["phases"]) {
            const std::string name = p["name"].get<std::string>();
            const std::string label = p["label"].get<std::string>();
            QCOMPARE(label, p["repeat"].is_null() ? name : name + "#" + std::to_string(p["repeat"].get<int>()));
            QVERIFY2(labels.insert(label).second, label.c_str());
        }
        QVERIFY(labels.count("warm_prefill#0"));
        QVERIFY(!j["ledger"].empty());
        for (const auto& l : j["ledger"]) {
            const std::string phase = l["phase"].get<std::string>();
            QVERIFY2(labels.count(phase), phase.c_str());
            QCOMPARE(j["phases"][l["phase_index"].get<std::size_t>()]["label"].get<std::string>(), phase);
        }
        QCOMPARE(runCli({ "explain", m_result, "--phase", "warm_prefill#0" }).code, 0);
    }

    // measure --output '' names no file: refused before the run (it ran and wrote nothing, exit 0); a device id
    // that is not BACKEND:INDEX is a bad argument (64), as every other bad argument.
    void measureRefusesBadArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("--output ''") << QStringList { "--device", "sim:0", "--output", "" } << "--output '' names no file";
        QTest::addRow("no index") << QStringList { "--device", "cuda" } << "invalid device id";
        QTest::addRow("letters for an index") << QStringList { "--device", "sim:x" } << "invalid device index";
        QTest::addRow("unknown backend") << QStringList { "--device", "tpu:0" } << "unknown device backend";
    }
    void measureRefusesBadArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        std::vector<std::string> v { "measure", "--width", "64", "--batch", "1", "--context", "4", "--warmup", "0",
            "--repeats", "1" };
        for (const auto& a : args)
            v.push_back(a.toStdString());
        const auto r = runCli(v);
        QVERIFY2(r.code == 64, (std::to_string(r.code) + ": " + r.err).c_str());
        QVERIFY2(oneLine(r.err) && r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY2(r.out.empty(), r.out.c_str()); // nothing was run
    }
};

QTEST_GUILESS_MAIN(TestHostileInputs)
#include "tst_hostileinputs.moc"
