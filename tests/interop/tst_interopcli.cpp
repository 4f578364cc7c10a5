// SPDX-License-Identifier: Apache-2.0
// `iteragpu export RESULT.json --to memory-viz|perfetto --output FILE` and `iteragpu import SNAPSHOT --output
// RESULT.json`: the files they write load in Python (pickle, json) and in the other command; measure's exit
// codes and overwrite rule (an existing output is refused and left untouched, 3); one line for a bad input (1)
// and for bad arguments (64).
#include "app/cli/cliapp.h"
#include "core/interop/picklevalue.h"
#include "core/interop/picklewriter.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace iteragpu;

namespace {

struct CliResult {
    int code;
    std::string out;
    std::string err;
};

CliResult runCli(std::vector<std::string> args)
{
    args.insert(args.begin(), "iteragpu");
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return { code, out.str(), err.str() };
}

std::string snapshot(const std::string& name)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/snapshots/" + name;
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

bool oneLine(const std::string& err) { return !err.empty() && err.find('\n') == err.size() - 1; }

int python(const QStringList& args, QByteArray* errors = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("python3"), args);
    if (!p.waitForFinished(60000))
        return -1;
    if (errors)
        *errors = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

QString checker(const char* name)
{
    return qEnvironmentVariable("ITERAGPU_SOURCE_DIR") + QStringLiteral("/tests/interop/") + QLatin1String(name);
}

} // namespace

class TestInteropCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_result; // a decoder run on sim:0

    std::string path(const char* name) const { return m_dir.filePath(QLatin1String(name)).toStdString(); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_result = path("run.json");
        const char* dir = std::getenv("ITERAGPU_TEST_DATA");
        const auto r = runCli({ "measure", "--device", "sim:0", "--model",
            std::string(dir ? dir : "tests/data") + "/measure/tiny-llama.config.json", "--prompt-tokens", "16",
            "--generated", "8", "--sim-speed", "0", "--output", m_result });
        QVERIFY2(r.code == 0, r.err.c_str());
    }

    void exportMemoryViz()
    {
        const std::string out = path("run.pickle");
        const auto r = runCli({ "export", m_result, "--to", "memory-viz", "--output", out });
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(r.out.find("(simulated)") != std::string::npos);
        QByteArray errors;
        QCOMPARE(python({ checker("check_memory_viz.py"), QString::fromStdString(out) }, &errors), 0);
        QVERIFY2(errors.isEmpty(), errors.constData());
    }

    void exportPerfetto()
    {
        const std::string out = path("run.trace.json");
        const auto r = runCli({ "export", m_result, "--to", "perfetto", "-o", out });
        QVERIFY2(r.code == 0, r.err.c_str());
        QByteArray errors;
        QCOMPARE(python({ checker("check_perfetto.py"), QString::fromStdString(out) }, &errors), 0);
        const auto j = nlohmann::json::parse(readAll(out));
        QVERIFY(j["traceEvents"].size() > 10);
    }

    void importSnapshotThenExportIt()
    {
        const std::string out = path("imported.json");
        const auto r = runCli({ "import", snapshot("snap_annotated_p4.pickle"), "--output", out });
        QVERIFY2(r.code == 0, r.err.c_str());
        QVERIFY(r.out.find("3 phases of cuda:0") != std::string::npos);
        QVERIFY(r.out.find("prefill: peak allocated 98245566 B") != std::string::npos);
        const auto j = nlohmann::json::parse(readAll(out));
        QCOMPARE(j["imported"]["format"].get<std::string>(), std::string("pytorch-memory-snapshot"));
        QCOMPARE(j["simulated"].get<bool>(), false);
        QCOMPARE(j["config"]["workload"].get<std::string>(), std::string("script"));
        // explain reads it like any result file, and export writes it again.
        const auto explained = runCli({ "explain", out });
        QVERIFY2(explained.code == 0, explained.err.c_str());
        // The header names what the file is, not an empty device name: "Measurement on cuda:0 (, backend cuda)".
        QVERIFY2(explained.out.find("(, backend") == std::string::npos, explained.out.c_str());
        QVERIFY2(explained.out.find("Imported from pytorch-memory-snapshot") != std::string::npos
                && explained.out.find("not measured by iteragpu") != std::string::npos,
            explained.out.c_str());
        const std::string again = path("imported.pickle");
        QCOMPARE(runCli({ "export", out, "--to", "memory-viz", "--output", again }).code, 0);
        QCOMPARE(python({ checker("check_memory_viz.py"), QString::fromStdString(again) }), 0);
    }

    // Exit codes and the overwrite rule of measure.
    void refusals_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::addRow("export: output exists") << QStringLiteral("export RUN --to perfetto -o EXISTING") << 3
                                               << QStringLiteral("exists; it is left untouched");
        QTest::addRow("import: output exists")
            << QStringLiteral("import SNAP -o EXISTING") << 3 << QStringLiteral("exists; it is left untouched");
        QTest::addRow("export: unknown format")
            << QStringLiteral("export RUN --to svg -o NEW") << 64 << QStringLiteral("svg");
        // CLI11's validator repeats the refused value: escaped, as every text from outside.
        QTest::addRow("export: a format with controls")
            << QStringLiteral("export RUN --to svg\x1b[2J\u202e -o NEW") << 64 << QStringLiteral("svg\\x1b[2J\\u202e");
        QTest::addRow("export: no output")
            << QStringLiteral("export RUN --to perfetto") << 64 << QStringLiteral("--output");
        QTest::addRow("export: not a result file")
            << QStringLiteral("export SNAP --to perfetto -o NEW") << 1 << QStringLiteral("not valid JSON");
        QTest::addRow("export: missing file")
            << QStringLiteral("export MISSING --to perfetto -o NEW") << 1 << QStringLiteral("cannot open");
        QTest::addRow("import: GLOBAL refused")
            << QStringLiteral("import BADGLOBAL -o NEW") << 1 << QStringLiteral("nothing in a file is ever executed");
        QTest::addRow("import: a result file is no pickle")
            << QStringLiteral("import RUN -o NEW") << 1 << QStringLiteral("not a readable snapshot pickle");
        // An output that cannot be created is a bad argument, refused before anything is read (as measure does).
        QTest::addRow("import: output in a missing folder") << QStringLiteral("import SNAP -o NOFOLDER") << 64
                                                            << QStringLiteral("does not exist; nothing was imported");
        QTest::addRow("export: output in a missing folder") << QStringLiteral(
            "export RUN --to perfetto -o NOFOLDER") << 64 << QStringLiteral("does not exist; nothing was exported");
        QTest::addRow("import: a 300-byte name") << QStringLiteral("import SNAP -o LONGNAME") << 64
                                                 << QStringLiteral("its name is 300 bytes, the folder's file system");
        QTest::addRow("export: a 300-byte name") << QStringLiteral("export RUN --to memory-viz -o LONGNAME") << 64
                                                 << QStringLiteral("its name is 300 bytes");
    }
    void refusals()
    {
        QFETCH(QString, command);
        QFETCH(int, code);
        QFETCH(QString, message);
        const std::string existing = path("existing.json");
        {
            std::ofstream(existing) << "keep me\n";
        }
        std::vector<std::string> args;
        for (const auto& part : command.split(QLatin1Char(' '))) {
            if (part == QLatin1String("RUN"))
                args.push_back(m_result);
            else if (part == QLatin1String("SNAP"))
                args.push_back(snapshot("snap_plain_p2.pickle"));
            else if (part == QLatin1String("BADGLOBAL"))
                args.push_back(snapshot("bad_global_p2.pickle"));
            else if (part == QLatin1String("EXISTING"))
                args.push_back(existing);
            else if (part == QLatin1String("NEW"))
                args.push_back(path("never-written.out"));
            else if (part == QLatin1String("MISSING"))
                args.push_back(path("no-such-file.json"));
            else if (part == QLatin1String("NOFOLDER"))
                args.push_back(path("no-such-folder") + "/out.json");
            else if (part == QLatin1String("LONGNAME"))
                args.push_back(m_dir.path().toStdString() + "/" + std::string(300, 'n'));
            else
                args.push_back(part.toStdString());
        }
        const auto r = runCli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY2(oneLine(r.err), r.err.c_str());
        QVERIFY2(r.err.find('\x1b') == std::string::npos, r.err.c_str());
        QCOMPARE(readAll(existing), std::string("keep me\n"));
        QVERIFY(!QFile::exists(QString::fromStdString(path("never-written.out"))));
    }

    // import and export keep measure's overwrite rule: an existing output is refused (exit 3, untouched), --force
    // replaces it whole, with no temporary file left beside it.
    void forceReplacesAnExistingOutput_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("written");
        QTest::addRow("import") << QStringLiteral("import SNAP -o OUT") << QStringLiteral("\"schema\"");
        QTest::addRow("export perfetto") << QStringLiteral("export RUN --to perfetto -o OUT")
                                         << QStringLiteral("\"traceEvents\"");
    }
    void forceReplacesAnExistingOutput()
    {
        QFETCH(QString, command);
        QFETCH(QString, written);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string out = dir.filePath(QStringLiteral("out.json")).toStdString();
        {
            std::ofstream(out) << "keep me\n";
        }
        std::vector<std::string> args;
        for (const auto& part : command.split(QLatin1Char(' ')))
            args.push_back(part == QLatin1String("RUN") ? m_result
                    : part == QLatin1String("SNAP")     ? snapshot("snap_plain_p2.pickle")
                    : part == QLatin1String("OUT")      ? out
                                                        : part.toStdString());
        const auto refused = runCli(args);
        QCOMPARE(refused.code, 3);
        QCOMPARE(readAll(out), std::string("keep me\n"));
        args.push_back("--force");
        const auto replaced = runCli(args);
        QVERIFY2(replaced.code == 0, replaced.err.c_str());
        QVERIFY2(readAll(out).find(written.toStdString()) != std::string::npos, readAll(out).c_str());
        int entries = 0;
        for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path().toStdString()))
            ++entries;
        QCOMPARE(entries, 1);
    }

    // The paths and names import and export print come through the one escaping helper.
    void escapedPaths()
    {
        const std::string dir = m_dir.path().toStdString() + "/";
        const std::string forged = dir + "out\x1b]0;owned\x07\n.json";
        {
            std::ofstream(forged) << "keep me\n";
        }
        const auto r = runCli({ "import", snapshot("snap_plain_p2.pickle"), "-o", forged });
        QCOMPARE(r.code, 3);
        QVERIFY2(
            r.err.find('\x1b') == std::string::npos && r.err.find("\\x1b]0;owned\\x07\\n.json") != std::string::npos,
            r.err.c_str());
        QVERIFY(oneLine(r.err));
        const std::string written = dir + "run\u202e.json";
        const auto w = runCli({ "import", snapshot("snap_plain_p2.pickle"), "-o", written });
        QVERIFY2(w.code == 0, w.err.c_str());
        QVERIFY2(w.out.find("run\\u202e.json written") != std::string::npos, w.out.c_str());
    }

    // A record_function name in a snapshot is text from outside: through import and explain it never drives the
    // terminal nor forges a line ("ledger of NAME", the --phase refusal and its list of phases).
    void forgedPhaseNamesAreEscaped()
    {
        using interop::PickleValue;
        const std::string forged = "step\x1b[2J\x1b]0;owned\x07\n  weights 0 B\xd8\x9c";
        auto entry = [](const char* action, std::int64_t t) {
            auto e = PickleValue::dict();
            e.set("action", PickleValue::string(action))
                .set("addr", PickleValue::integer(4096))
                .set("size", PickleValue::integer(512))
                .set("stream", PickleValue::integer(0))
                .set("time_us", PickleValue::integer(t));
            return e;
        };
        auto mark = [&](const char* stage, std::int64_t t) {
            auto a = PickleValue::dict();
            a.set("stage", PickleValue::string(stage))
                .set("name", PickleValue::string(forged))
                .set("device", PickleValue::integer(0))
                .set("time_us", PickleValue::integer(t));
            return a;
        };
        constexpr std::int64_t kT0 = 1767225600000000; // 2026-01-01 in microseconds since 1970
        auto trace = PickleValue::list();
        trace.append(entry("alloc", kT0 + 10));
        trace.append(entry("free_requested", kT0 + 20));
        trace.append(entry("free_completed", kT0 + 20));
        auto traces = PickleValue::list();
        traces.append(std::move(trace));
        auto annotations = PickleValue::list();
        annotations.append(mark("START", kT0));
        annotations.append(mark("END", kT0 + 30));
        auto snap = PickleValue::dict();
        snap.set("segments", PickleValue::list())
            .set("device_traces", std::move(traces))
            .set("external_annotations", std::move(annotations));
        const std::string pickle = m_dir.path().toStdString() + "/forged.pickle";
        {
            std::ofstream(pickle, std::ios::binary) << interop::writePickle(snap);
        }
        const std::string result = path("forged.json");
        const auto imported = runCli({ "import", pickle, "-o", result });
        QVERIFY2(imported.code == 0, imported.err.c_str());
        const std::string shown = "step\\x1b[2J\\x1b]0;owned\\x07\\n  weights 0 B\\u061c";
        auto clean = [](const std::string& text) {
            return text.find('\x1b') == std::string::npos && text.find('\x07') == std::string::npos
                && text.find("\n  weights 0 B") == std::string::npos && text.find("\xd8\x9c") == std::string::npos;
        };
        QVERIFY2(clean(imported.out) && imported.out.find(shown) != std::string::npos, imported.out.c_str());
        const auto explained = runCli({ "explain", result, "--all" });
        QVERIFY2(explained.code == 0, explained.err.c_str());
        QVERIFY2(clean(explained.out), explained.out.c_str());
        QVERIFY2(explained.out.find("ledger of " + shown) != std::string::npos, explained.out.c_str());
        const auto refused = runCli({ "explain", result, "--phase", "x\x1b[31m\u202e" });
        QCOMPARE(refused.code, 64);
        QVERIFY2(clean(refused.err) && refused.err.find("\u202e") == std::string::npos && oneLine(refused.err),
            refused.err.c_str());
        QVERIFY2(refused.err.find("no phase 'x\\x1b[31m\\u202e'") != std::string::npos
                && refused.err.find("its phases: " + shown) != std::string::npos,
            refused.err.c_str());
    }

    // Card and preset names come from files a user may edit: --list-cards, --list-presets and the fit lines of
    // --device-catalog all print them escaped.
    void catalogNamesAreEscaped()
    {
        const QString source = qEnvironmentVariable("ITERAGPU_SOURCE_DIR") + QStringLiteral("/resources");
        const std::string resources = m_dir.path().toStdString() + "/resources";
        std::filesystem::create_directories(resources + "/catalog");
        std::filesystem::create_directories(resources + "/presets");
        auto catalog = nlohmann::ordered_json::parse(readAll(source.toStdString() + "/catalog/gpus.json"));
        catalog["cards"][0]["id"] = "card\x1b[2J";
        catalog["cards"][0]["name"] = "Card\nfits: yes\u202e";
        std::ofstream(resources + "/catalog/gpus.json") << catalog.dump(2);
        auto preset = nlohmann::ordered_json::parse(readAll(source.toStdString() + "/presets/gemma-7b.json"));
        preset["id"] = "gemma\x1b]0;owned\x07";
        preset["name"] = "Gemma\nfits: yes";
        std::ofstream(resources + "/presets/gemma-7b.json") << preset.dump(2);
        const QByteArray before = qgetenv("ITERAGPU_RESOURCE_DIR");
        qputenv("ITERAGPU_RESOURCE_DIR", QByteArray::fromStdString(resources));
        const auto cards = runCli({ "--list-cards" });
        const auto presets = runCli({ "--list-presets" });
        const auto all = runCli({ "estimate", "--preset", "gemma\x1b]0;owned\x07", "--device-catalog", "all" });
        qputenv("ITERAGPU_RESOURCE_DIR", before);
        auto clean = [](const std::string& text) {
            return text.find('\x1b') == std::string::npos && text.find('\x07') == std::string::npos
                && text.find("\nfits: yes") == std::string::npos && text.find("\u202e") == std::string::npos;
        };
        QVERIFY2(cards.code == 0 && clean(cards.out), cards.out.c_str());
        QVERIFY2(cards.out.find("card\\x1b[2J") != std::string::npos
                && cards.out.find("Card\\nfits: yes\\u202e") != std::string::npos,
            cards.out.c_str());
        QVERIFY2(presets.code == 0 && clean(presets.out), presets.out.c_str());
        QVERIFY2(presets.out.find("gemma\\x1b]0;owned\\x07") != std::string::npos
                && presets.out.find("Gemma\\nfits: yes") != std::string::npos,
            presets.out.c_str());
        QVERIFY2(all.code == 0 && clean(all.out + all.err), (all.out + all.err).c_str());
        QVERIFY2(all.out.find("fit card\\x1b[2J") != std::string::npos, all.out.c_str());
    }

    // Standard output that cannot be written fails every command, --help, --help-all and --version included.
    void unwritableStandardOutput_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addRow("--version") << QStringLiteral("--version");
        QTest::addRow("--help") << QStringLiteral("--help");
        QTest::addRow("--help-all") << QStringLiteral("--help-all");
        QTest::addRow("a command") << QStringLiteral("import --help");
    }
    void unwritableStandardOutput()
    {
        QFETCH(QString, args);
        const QString cli = qEnvironmentVariable("ITERAGPU_CLI");
        QVERIFY(!cli.isEmpty());
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        p.start(cli, args.split(QLatin1Char(' ')));
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(p.readAllStandardError().contains("cannot write to standard output"));
    }
};

QTEST_GUILESS_MAIN(TestInteropCli)
#include "tst_interopcli.moc"
