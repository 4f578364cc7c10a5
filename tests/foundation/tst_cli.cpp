// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cliapp.h"
#include "support/clirun.h"
#include "core/buildinfo/buildinfo.h"
#include "core/sizing/reserve.h"
#include "core/units/units.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace iteragpu;

namespace {
using testsupport::CliResult;
using testsupport::runCli;
using testsupport::split;

const char* kSmallRun = "measure --device sim:0 --batch 2 --context 16 --width 64 --warmup 1 --repeats 1";

bool oneLine(const std::string& err) { return !err.empty() && err.find('\n') == err.size() - 1; }
} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void versionPrintsVersionAndCommit()
    {
        const auto r = runCli({ "--version" });
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.find(BuildInfo::version()) != std::string::npos);
        QVERIFY(r.out.find(BuildInfo::commit()) != std::string::npos);
    }

    void helpListsTheCommands()
    {
        const auto r = runCli({ "--help" });
        QCOMPARE(r.code, 0);
        for (const char* cmd : { "estimate", "environment", "measure" })
            QVERIFY2(r.out.find(cmd) != std::string::npos, cmd);
    }

    void badArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("no command") << QStringList {};
        QTest::addRow("unknown command") << QStringList { QStringLiteral("frobnicate") };
        QTest::addRow("unknown option") << QStringList { QStringLiteral("environment"), QStringLiteral("--nope") };
        QTest::addRow("measure without device") << QStringList { QStringLiteral("measure") };
    }

    void badArguments()
    {
        QFETCH(QStringList, args);
        std::vector<std::string> v;
        for (const auto& a : args)
            v.push_back(a.toStdString());
        const auto r = runCli(v);
        QCOMPARE(r.code, static_cast<int>(cli::kExitUsage));
        QVERIFY(!r.err.empty());
        QVERIFY(r.err.find('\n') == r.err.size() - 1 || r.err.find("--help") != std::string::npos);
    }

    void measureOnMissingDeviceExitsTwoAndWritesNothing_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addRow("cuda:0") << QStringLiteral("cuda:0");
        QTest::addRow("hip:0") << QStringLiteral("hip:0");
        QTest::addRow("sim:7") << QStringLiteral("sim:7");
        // An unknown backend (tpu:0) is a malformed device id, a bad argument (64) like every other one, not a
        // missing device: tst_hostileinputs::measureRefusesBadArguments and tst_measurecli hold it.
    }

    void measureOnMissingDeviceExitsTwoAndWritesNothing()
    {
        QFETCH(QString, device);
        if (device.startsWith(QLatin1String("cuda")) || device.startsWith(QLatin1String("hip"))) {
            // On a machine with a GPU this path is the real measurement; the no-device path is what we test.
            const auto env = runCli({ "environment" });
            const std::string backend = device.section(QLatin1Char(':'), 0, 0).toStdString();
            if (env.out.find("backend " + backend + ": built, loaded, 0 device") == std::string::npos
                && env.out.find("backend " + backend + ": not built") == std::string::npos
                && env.out.find("backend " + backend + ": built, not loaded") == std::string::npos)
                QSKIP("this machine has a device of that backend");
        }
        QTemporaryDir dir;
        const std::string output = (std::filesystem::path(dir.path().toStdString()) / "result.json").string();
        const auto r = runCli({ "measure", "--device", device.toStdString(), "--output", output });
        QCOMPARE(r.code, static_cast<int>(cli::kExitNoDevice));
        QVERIFY(!r.err.empty());
        QVERIFY(!std::filesystem::exists(output));
    }

    // Every numeric option of every command goes through one parser (core/units/numberparse.h): what it refuses
    // gets one short line and the command's exit code for bad input; nothing is wrapped, clamped or defaulted.
    void numbersRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("reason");
        const int error = cli::kExitError;
        const int usage = cli::kExitUsage;
        const auto estimate = [](std::initializer_list<const char*> extra) {
            QStringList a { QStringLiteral("estimate") };
            for (const char* e : extra)
                a << QString::fromLatin1(e);
            return a;
        };
        QTest::addRow("space then minus in --parameters")
            << estimate({ "--parameters", " -5", "--bits", "16" }) << error << QStringLiteral("spaces");
        QTest::addRow("space then minus in --group-size")
            << estimate({ "--parameters", "7e9", "--format", "gptq-int4", "--group-size", " -5" }) << error
            << QStringLiteral("--group-size: ' -5' has spaces");
        QTest::addRow("space then minus in --sliding-window")
            << estimate({ "--preset", "llama-2-7b", "--tokens", "8", "--sliding-window", " -5" }) << error
            << QStringLiteral("--sliding-window:");
        QTest::addRow("hex count") << estimate({ "--parameters", "0x10", "--bits", "16" }) << error
                                   << QStringLiteral("hexadecimal");
        QTest::addRow("hex float count") << estimate({ "--parameters", "0x1p40", "--bits", "16" }) << error
                                         << QStringLiteral("hexadecimal");
        QTest::addRow("hex float size") << estimate({ "--parameters", "7e9", "--bits", "16", "--reserve-gib", "0x1p4" })
                                        << error << QStringLiteral("--reserve-gib: '0x1p4' is hexadecimal");
        QTest::addRow("bits beyond 64") << estimate({ "--parameters", "7e9", "--bits", "65" }) << error
                                        << QStringLiteral("more than 64");
        QTest::addRow("reserve beyond 2^64 bytes")
            << estimate({ "--parameters", "7e9", "--bits", "16", "--reserve-gib", "2e10" }) << error
            << QStringLiteral("does not fit in 64 bits");
        const auto measure = [](std::initializer_list<const char*> extra) {
            QStringList a = QString::fromLatin1(kSmallRun).split(QLatin1Char(' '));
            for (const char* e : extra)
                a << QString::fromLatin1(e);
            return a;
        };
        QTest::addRow("seed -1") << measure({ "--seed", "-1" }) << usage << QStringLiteral("--seed: '-1' is negative");
        QTest::addRow("seed in hex") << measure({ "--seed", "0x10" }) << usage << QStringLiteral("hexadecimal");
        QTest::addRow("sim capacity 0 is not the default")
            << measure({ "--sim-capacity-gib", "0" }) << usage << QStringLiteral("--sim-capacity-gib:");
        QTest::addRow("sim capacity in hex float")
            << measure({ "--sim-capacity-gib", "0x1p4" }) << usage << QStringLiteral("hexadecimal");
        QTest::addRow("sim capacity beyond 2^64 bytes")
            << measure({ "--sim-capacity-gib", "1e11" }) << usage << QStringLiteral("64 bits");
        QTest::addRow("batch 0 without a 300-digit bound")
            << QStringList { QStringLiteral("measure"), QStringLiteral("--device"), QStringLiteral("sim:0"),
                   QStringLiteral("--batch"), QStringLiteral("0") }
            << usage << QStringLiteral("--batch: '0' is less than 1");
        QTest::addRow("width with trailing junk") << QStringList { QStringLiteral("measure"), QStringLiteral("--device"),
            QStringLiteral("sim:0"), QStringLiteral("--width"), QStringLiteral("64k") }
                                                  << usage << QStringLiteral("not a decimal");
        QTest::addRow("repeats beyond 32 bits") << measure({ "--repeats", "4294967296" }) << usage
                                                << QStringLiteral("4294967295");
        QTest::addRow("sampling rate out of range, not clamped")
            << measure({ "--sampling-hz", "1" }) << usage << QStringLiteral("outside 10 to 10000");
    }

    void numbersRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, reason);
        std::vector<std::string> v;
        for (const auto& a : args)
            v.push_back(a.toStdString());
        const auto r = runCli(v);
        QVERIFY2(r.code == code, (std::to_string(r.code) + ": " + r.err).c_str());
        QVERIFY(r.out.empty());
        QVERIFY2(oneLine(r.err), r.err.c_str());
        QVERIFY2(r.err.size() < 200, r.err.c_str());
        QVERIFY2(r.err.find(reason.toStdString()) != std::string::npos, r.err.c_str());
    }

    // Byte counts from 2^63 to 2^64 are exact (no clamp to 2^63), and a total beyond 2^64 is an overflow.
    void reserveBeyond2To63IsExact()
    {
        auto r = runCli(split("estimate --json --parameters 1 --bits 8 --reserve-gib 1e10"));
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["reserve"]["bytes"].get<std::uint64_t>(), std::uint64_t(10'737'418'240'000'000'000ULL));
        r = runCli(split("estimate --parameters 1e18 --bits 64 --reserve-gib 1e10"));
        QCOMPARE(r.code, static_cast<int>(cli::kExitError));
        QVERIFY2(oneLine(r.err), r.err.c_str());
        QVERIFY2(r.err.find("does not fit in 64 bits") != std::string::npos, r.err.c_str());
    }

    // The quantized formats' assumptions name the group or block size used and the bits per parameter it gives.
    void groupSizeInAssumptions_data()
    {
        QTest::addColumn<QByteArray>("args");
        QTest::addColumn<QString>("says");
        QTest::addRow("gptq group 32") << QByteArray("--format gptq-int4 --group-size 32")
                                       << QStringLiteral("weights: groups of 32 input rows, 4.625 bits per parameter");
        QTest::addRow("gptq default") << QByteArray("--format gptq-int4")
                                      << QStringLiteral("groups of 128 input rows, 4.15625 bits per parameter");
        QTest::addRow("awq group 64") << QByteArray("--format awq-int4 --group-size 64")
                                      << QStringLiteral("groups of 64 input rows, 4.3125 bits per parameter");
        QTest::addRow("nf4 block 128") << QByteArray("--format nf4 --group-size 128")
                                       << QStringLiteral("weights: blocks of 128 values, 4.25 bits per parameter");
        QTest::addRow("nf4 default") << QByteArray("--format nf4")
                                     << QStringLiteral("blocks of 64 values, 4.5 bits per parameter");
        QTest::addRow("nf4-dq block 32") << QByteArray("--format nf4-dq --group-size 32")
                                         << QStringLiteral("blocks of 32 values, 4.25391 bits per parameter");
    }

    void groupSizeInAssumptions()
    {
        QFETCH(QByteArray, args);
        QFETCH(QString, says);
        for (const QByteArray source : { QByteArray("--parameters 7e9 "), QByteArray("--preset llama-2-7b ") }) {
            const auto r = runCli(split("estimate " + source + args));
            QCOMPARE(r.code, 0);
            QVERIFY2(r.out.find(says.toStdString()) != std::string::npos, r.out.c_str());
            QVERIFY2(r.out.find("group of 128") == std::string::npos, r.out.c_str());
            if (!says.contains(QLatin1String("4.5 bits")))
                QVERIFY2(r.out.find("4.5 bits") == std::string::npos, r.out.c_str());
        }
    }

    // --help: typed placeholders, never the C++ type; options in groups; examples for each command.
    void helpHasPlaceholdersGroupsAndExamples_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("parts");
        QTest::addRow("estimate") << QStringLiteral("estimate")
                                  << QStringList { QStringLiteral("Model:"), QStringLiteral("Formats:"),
                                         QStringLiteral("KV cache:"), QStringLiteral("Training:"),
                                         QStringLiteral("Devices:"), QStringLiteral("Output:"),
                                         QStringLiteral("--parameters N"), QStringLiteral("--reserve-gib GiB"),
                                         QStringLiteral("--format FORMAT"), QStringLiteral("--config PATH") };
        QTest::addRow("measure") << QStringLiteral("measure")
                                 << QStringList { QStringLiteral("Model:"), QStringLiteral("Run:"),
                                        QStringLiteral("Simulated device"), QStringLiteral("Devices:"),
                                        QStringLiteral("Output:"), QStringLiteral("--device DEVICE"),
                                        QStringLiteral("--sim-capacity-gib GiB"), QStringLiteral("--batch N"),
                                        QStringLiteral("--force"), QStringLiteral("--json") };
        QTest::addRow("environment") << QStringLiteral("environment")
                                     << QStringList { QStringLiteral("--device DEVICE"), QStringLiteral("--json") };
        QTest::addRow("explain") << QStringLiteral("explain")
                                 << QStringList { QStringLiteral("RESULT PATH"), QStringLiteral("--phase NAME"),
                                        QStringLiteral("--json") };
        QTest::addRow("sweep") << QStringLiteral("sweep")
                               << QStringList { QStringLiteral("--folder PATH"), QStringLiteral("--max N"),
                                      QStringLiteral("--jobs N"), QStringLiteral("--time HH:MM:SS"),
                                      QStringLiteral("Slurm (--executor slurm)"), QStringLiteral("--json") };
    }

    void helpHasPlaceholdersGroupsAndExamples()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, parts);
        const auto r = runCli({ command.toStdString(), "--help" });
        QCOMPARE(r.code, 0);
        for (const auto& p : parts)
            QVERIFY2(r.out.find(p.toStdString()) != std::string::npos, qPrintable(p));
        for (const char* cppType : { " TEXT", " UINT", " FLOAT", " INT" })
            QVERIFY2(r.out.find(cppType) == std::string::npos, cppType);
        const auto examples = r.out.find("Examples:");
        QVERIFY2(examples != std::string::npos, r.out.c_str());
        int count = 0;
        for (auto at = r.out.find("\n  iteragpu " + command.toStdString(), examples); at != std::string::npos;
             at = r.out.find("\n  iteragpu " + command.toStdString(), at + 1))
            ++count;
        QVERIFY2(count >= 2 && count <= 3, r.out.c_str());
    }

    void listsPresetsAndCards()
    {
        auto r = runCli({ "--list-presets" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("llama-2-7b") != std::string::npos, r.out.c_str());
        r = runCli({ "--list-cards" });
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("h100") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("reported") != std::string::npos);
        r = runCli({ "--list-presets", "--json" });
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.presets/1"));
        QVERIFY(!j["presets"].empty());
        r = runCli({ "--list-cards", "--json" });
        QCOMPARE(nlohmann::json::parse(r.out)["schema"].get<std::string>(), std::string("iteragpu.cards/1"));
    }

    // --json on every command, each object with its "schema".
    void jsonOnEveryCommand()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("run.json")).toStdString();
        auto r = runCli(split("estimate --json --parameters 7e9 --bits 16"));
        QCOMPARE(r.code, 0);
        QCOMPARE(nlohmann::json::parse(r.out)["schema"].get<std::string>(), std::string("iteragpu.estimate/1"));
        r = runCli(split("environment --json --device sim:0"));
        QCOMPARE(r.code, 0);
        QCOMPARE(nlohmann::json::parse(r.out)["schema"].get<std::string>(), std::string("iteragpu.environment/1"));
        // measure --json: the result document on stdout, the progress on stderr, the file as well.
        auto args = split(kSmallRun);
        args.insert(args.end(), { "--json", "--output", file });
        r = runCli(args);
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto measured = nlohmann::json::parse(r.out);
        QCOMPARE(measured["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
        QCOMPARE(measured["simulated"].get<bool>(), true);
        QVERIFY(r.err.find("SIMULATED") != std::string::npos);
        std::ifstream in(file);
        QCOMPARE(nlohmann::json::parse(in)["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
        // --output -: the same document on stdout, no file.
        args = split(kSmallRun);
        args.insert(args.end(), { "--output", "-" });
        r = runCli(args);
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(nlohmann::json::parse(r.out)["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
        QVERIFY(!std::filesystem::exists("-"));
        r = runCli({ "explain", file, "--json" });
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto explained = nlohmann::json::parse(r.out);
        QCOMPARE(explained["schema"].get<std::string>(), std::string("iteragpu.explain/1"));
        QVERIFY(!explained["ledgers"].empty());
        // --json and --stream both want stdout.
        args = split(kSmallRun);
        args.insert(args.end(), { "--json", "--stream" });
        QCOMPARE(runCli(args).code, static_cast<int>(cli::kExitUsage));
    }

    // The safe default stays (an existing output is refused, exit 3, untouched); --force replaces it whole.
    void forceReplacesAnExistingOutput()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("run.json")).toStdString();
        std::ofstream(file) << "keep me";
        auto args = split(kSmallRun);
        args.insert(args.end(), { "--output", file });
        auto r = runCli(args);
        QCOMPARE(r.code, static_cast<int>(cli::kExitOutputExists));
        QCOMPARE(std::filesystem::file_size(file), std::uintmax_t(7));
        args.push_back("--force");
        r = runCli(args);
        QVERIFY2(r.code == 0, r.err.c_str());
        std::ifstream in(file);
        QCOMPARE(nlohmann::json::parse(in)["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
        int entries = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
            ++entries;
        QCOMPARE(entries, 1); // no temporary file left
    }

    // One reserve default for the CLI and the workbench (core/sizing/reserve.h).
    void reserveDefaultIsShared()
    {
        const auto r = runCli(split("estimate --json --parameters 7e9 --bits 16"));
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j["reserve"]["bytes"].get<std::uint64_t>(),
            static_cast<std::uint64_t>(sizing::kDefaultReserveGiB * units::kGiB));
    }

    // Small sizes read in MiB, not "0.00 GiB".
    // One name for one thing in every command that has it (the prompt was --tokens in estimate and --prompt-tokens
    // in measure): each shared option and its spelling per command, read from the command's own --help.
    void sharedOptionsAreSpelledAlike_data()
    {
        QTest::addColumn<QByteArray>("command");
        QTest::addColumn<QByteArray>("option");
        const std::vector<std::pair<const char*, std::vector<const char*>>> shared {
            { "--prompt-tokens", { "estimate", "measure" } },
            { "--generated", { "estimate", "measure" } },
            { "--sequences", { "estimate", "measure" } },
            { "--model", { "estimate", "measure" } },
            { "--assume-architecture", { "estimate", "measure" } },
            { "--format", { "estimate", "measure" } },
            { "--attention", { "estimate", "measure" } },
            { "--json", { "estimate", "measure", "explain", "sweep" } },
            { "--output", { "measure", "import", "export" } },
            { "--force", { "measure", "import", "export" } },
        };
        for (const auto& [option, commands] : shared)
            for (const char* command : commands)
                QTest::addRow("%s %s", command, option) << QByteArray(command) << QByteArray(option);
    }
    void sharedOptionsAreSpelledAlike()
    {
        QFETCH(QByteArray, command);
        QFETCH(QByteArray, option);
        const auto r = runCli({ command.toStdString(), "--help" });
        QCOMPARE(r.code, 0);
        const std::string o = option.toStdString();
        bool listed = false;
        for (auto at = r.out.find(o); at != std::string::npos && !listed; at = r.out.find(o, at + 1)) {
            const char next = at + o.size() < r.out.size() ? r.out[at + o.size()] : '\n';
            listed = (at == 0 || r.out[at - 1] == ' ' || r.out[at - 1] == ',') && (next == ' ' || next == ',' || next == '\n');
        }
        QVERIFY2(listed, (command.toStdString() + " --help does not list " + o + ":\n" + r.out).c_str());
    }

    // estimate's first name for the prompt, --tokens, is kept: the same option, the same estimate.
    void estimateTokensIsPromptTokens()
    {
        const auto named = runCli(split("estimate --json --preset llama-2-7b --prompt-tokens 4096 --sequences 2"));
        const auto alias = runCli(split("estimate --json --preset llama-2-7b --tokens 4096 --sequences 2"));
        QCOMPARE(named.code, 0);
        QCOMPARE(alias.code, 0);
        QCOMPARE(alias.out, named.out);
    }

    void smallSizesInMiB()
    {
        const auto r = runCli(split("estimate --preset llama-2-7b --tokens 8 --reserve-gib 0.03"));
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.find("4 194 304 bytes = 4.19 MB = 4.00 MiB") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("= 0.00 GiB") == std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("= 0.03 GiB") == std::string::npos, r.out.c_str());
    }

    // Usage errors are one line naming the command whose --help lists the options.
    void usageErrorsAreOneLine()
    {
        const auto r = runCli({ "estimate", "--nope" });
        QCOMPARE(r.code, static_cast<int>(cli::kExitUsage));
        QVERIFY2(oneLine(r.err), r.err.c_str());
        QVERIFY2(r.err.rfind("iteragpu estimate: ", 0) == 0, r.err.c_str());
        QVERIFY2(r.err.find("iteragpu estimate --help") != std::string::npos, r.err.c_str());
    }

    // The hidden helper of the shell completions.
    void completionHelper()
    {
        auto r = runCli({ "complete", "commands" });
        QCOMPARE(r.code, 0);
        for (const char* c : { "estimate\n", "measure\n", "environment\n", "explain\n" })
            QVERIFY2(r.out.find(c) != std::string::npos, c);
        QVERIFY(r.out.find("complete\n") == std::string::npos);
        r = runCli({ "complete", "options", "estimate" });
        QVERIFY2(r.out.find("--format FORMAT\n") != std::string::npos, r.out.c_str());
        QVERIFY2(r.out.find("--json\n") != std::string::npos, r.out.c_str());
        r = runCli({ "complete", "values", "estimate", "format" });
        QVERIFY2(r.out.find("gptq-int4\n") != std::string::npos, r.out.c_str());
        r = runCli({ "complete", "values", "measure", "format" });
        // measure builds every format with a real layout, and not int4-compact (a bound with no layout).
        QVERIFY2(r.out.find("gptq-int4\n") != std::string::npos && r.out.find("mxfp4\n") != std::string::npos
                && r.out.find("nf4\n") != std::string::npos && r.out.find("int4-compact") == std::string::npos,
            r.out.c_str());
        r = runCli({ "complete", "values", "estimate", "optimizer" });
        QVERIFY2(r.out.find("adamw\n") != std::string::npos, r.out.c_str());
        r = runCli({ "complete", "values", "measure", "device" });
        QVERIFY2(r.out.find("sim:0\n") != std::string::npos, r.out.c_str());
        r = runCli({ "complete", "values", "estimate", "device-catalog" });
        QVERIFY2(r.out.find("all\n") != std::string::npos && r.out.find("h100") != std::string::npos, r.out.c_str());
        r = runCli({ "--help" });
        QVERIFY(r.out.find("complete") == std::string::npos);
    }

    void environmentListsEveryBackend()
    {
        const auto r = runCli({ "environment" });
        QCOMPARE(r.code, 0);
        for (const char* b : { "backend cuda:", "backend hip:", "backend sim:" })
            QVERIFY2(r.out.find(b) != std::string::npos, b);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
