// SPDX-License-Identifier: Apache-2.0
// `iteragpu export RESULT.json --to memory-viz|perfetto --output FILE` and `iteragpu import SNAPSHOT --output
// RESULT.json`: the files they write load in Python (pickle, json) and in the other command; measure's exit
// codes and overwrite rule (an existing output is refused and left untouched, 3); one line for a bad input (1)
// and for bad arguments (64).
#include "app/cli/cliapp.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
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
            else
                args.push_back(part.toStdString());
        }
        const auto r = runCli(args);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.find(message.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY2(oneLine(r.err), r.err.c_str());
        QCOMPARE(readAll(existing), std::string("keep me\n"));
        QVERIFY(!QFile::exists(QString::fromStdString(path("never-written.out"))));
    }
};

QTEST_GUILESS_MAIN(TestInteropCli)
#include "tst_interopcli.moc"
