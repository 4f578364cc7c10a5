// SPDX-License-Identifier: Apache-2.0
// `iteragpu measure --ledger` and `iteragpu explain RESULT.json`: the ledger printed after the phases is printed
// again, the same text, from the saved file; the file's "ledger" array; the simulated context's options; one
// line and measure's exit codes for a missing or malformed file.
#include "app/cli/cliapp.h"

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

std::string dataFile(const std::string& relative)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/" + relative;
}

std::vector<std::string> measureArgs(const QString& args, const std::string& output)
{
    std::vector<std::string> v { "measure" };
    for (const auto& part : args.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        v.push_back(part == QLatin1String("TINY") ? dataFile("measure/tiny-llama.config.json") : part.toStdString());
    if (!output.empty()) {
        v.push_back("--output");
        v.push_back(output);
    }
    return v;
}

// The ledger tables of an output: from the first ledger heading to the run's footer (or the end).
std::string ledgerPart(const std::string& out)
{
    const auto begin = out.find("ledger of ");
    if (begin == std::string::npos)
        return {};
    const auto lineStart = out.rfind('\n', begin);
    const auto from = lineStart == std::string::npos ? 0 : lineStart + 1;
    auto end = out.find(" phase(s) ok, ", from);
    if (end != std::string::npos)
        end = out.rfind('\n', end) + 1;
    return out.substr(from, end == std::string::npos ? std::string::npos : end - from);
}

std::size_t count(const std::string& text, const std::string& what)
{
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// The first line of text that holds `what`, empty when none does.
std::string lineWith(const std::string& text, const std::string& what)
{
    const auto at = text.find(what);
    if (at == std::string::npos)
        return {};
    const auto begin = text.rfind('\n', at);
    const auto from = begin == std::string::npos ? 0 : begin + 1;
    return text.substr(from, text.find('\n', at) - from);
}

const char* kTiny = "--device sim:0 --model TINY --prompt-tokens 8 --generated 5 --warmup 1 --repeats 1 --sim-speed 0";
const char* kDense = "--device sim:0 --batch 2 --context 16 --width 64 --warmup 1 --repeats 2";

} // namespace

class TestExplainCli : public QObject {
    Q_OBJECT
private slots:
    void explainPrintsTheLedgerMeasurePrinted_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("tables"); // ledger tables measure prints by default
        QTest::addRow("decoder") << QString::fromLatin1(kTiny) << 0 << 1;
        QTest::addRow("decoder, eager, paged, async")
            << QString::fromLatin1(kTiny) + QStringLiteral(" --attention eager --kv-cache paged --allocator async") << 0
            << 1;
        QTest::addRow("dense inference") << QString::fromLatin1(kDense) << 0 << 1;
        QTest::addRow("dense training") << QString::fromLatin1(kDense) + QStringLiteral(" --mode training") << 0 << 1;
        // The peak phase and the failed one: two tables.
        QTest::addRow("out of memory") << QStringLiteral(
            "--device sim:0 --width 1024 --sim-capacity-gib 0.06 --sim-context-mib 16 "
            "--sim-workspace-mib 0") << 1
                                       << 2;
    }

    void explainPrintsTheLedgerMeasurePrinted()
    {
        QFETCH(QString, args);
        QFETCH(int, code);
        QFETCH(int, tables);
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("result.json")).toStdString();
        const auto measured = runCli(measureArgs(args, file));
        QCOMPARE(measured.code, code);
        const std::string printed = ledgerPart(measured.out);
        QCOMPARE(int(count(printed, "ledger of ")), tables);
        QVERIFY(printed.find("Outside the allocator") != std::string::npos);

        const auto explained = runCli({ "explain", file });
        QCOMPARE(explained.code, 0);
        QVERIFY(explained.err.empty());
        QCOMPARE(ledgerPart(explained.out), printed); // the same text, from the file alone
        QVERIFY(explained.out.find("SIMULATED run on sim:0") == 0); // the run's header first

        // The file carries every phase's ledger, and explain --all prints as many tables.
        std::ifstream in(file);
        const auto j = nlohmann::json::parse(in);
        QVERIFY(j["ledger"].is_array());
        std::size_t ran = 0;
        for (const auto& p : j["phases"])
            ran += p["status"] != "not_run";
        QCOMPARE(j["ledger"].size(), ran);
        QCOMPARE(j["ledger"][0]["sections"].size(), std::size_t(6));
        const auto all = runCli({ "explain", file, "--all" });
        QCOMPARE(all.code, 0);
        QCOMPARE(count(all.out, "ledger of "), ran);
        const auto measuredAll = runCli(measureArgs(args + QStringLiteral(" --ledger all"), {}));
        QCOMPARE(ledgerPart(measuredAll.out), ledgerPart(all.out));
        const auto none = runCli(measureArgs(args + QStringLiteral(" --ledger none"), {}));
        QCOMPARE(none.code, code);
        QCOMPARE(count(none.out, "ledger of "), std::size_t(0));
        // One phase by its name, as the file writes it.
        const std::string first = j["ledger"][0]["phase"].get<std::string>();
        const auto one = runCli({ "explain", file, "--phase", first });
        QCOMPARE(one.code, 0);
        QCOMPARE(count(one.out, "ledger of "), std::size_t(1));
        QVERIFY(one.out.find("ledger of " + first + " (") != std::string::npos);
    }

    void theSimulatedContextIsTheOneAsked()
    {
        const auto r = runCli(measureArgs(
            QString::fromLatin1(kDense) + QStringLiteral(" --sim-context-mib 100 --sim-workspace-mib 8"), {}));
        QCOMPARE(r.code, 0);
        QVERIFY(
            lineWith(r.out, "CUDA context (simulated, size as asked)").find(" 104 857 600 B (") != std::string::npos);
        QVERIFY(lineWith(r.out, "math library workspace (simulated, size as asked)").find(" 8 388 608 B (")
            != std::string::npos);
        QVERIFY(lineWith(r.out, "= process used (simulated) - reserved").find(" 113 246 208 B (") != std::string::npos);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("errContains");
        QTest::addRow("context on a GPU")
            << QStringLiteral("measure --device cuda:0 --sim-context-mib 100") << 64 << QStringLiteral("sim:N");
        QTest::addRow("workspace on a GPU")
            << QStringLiteral("measure --device hip:0 --sim-workspace-mib 1") << 64 << QStringLiteral("sim:N");
        QTest::addRow("negative context")
            << QStringLiteral("measure --device sim:0 --sim-context-mib -1") << 64 << QString();
        QTest::addRow("context beyond 64 bits")
            << QStringLiteral("measure --device sim:0 --sim-context-mib 17592186044416") << 64
            << QStringLiteral("beyond any device");
        QTest::addRow("capacity below the context")
            << QStringLiteral("measure --device sim:0 --sim-capacity-gib 0.25") << 1
            << QStringLiteral("must hold the simulated context and workspace");
        QTest::addRow("unknown ledger choice")
            << QStringLiteral("measure --device sim:0 --ledger some") << 64 << QString();
        QTest::addRow("missing file") << QStringLiteral("explain /nonexistent/result.json") << 1
                                      << QStringLiteral("iteragpu explain: ");
        QTest::addRow("no file") << QStringLiteral("explain") << 64 << QString();
        QTest::addRow("phase and all") << QStringLiteral("explain x.json --phase prefill --all") << 64 << QString();
    }

    void refusals()
    {
        QFETCH(QString, args);
        QFETCH(int, code);
        QFETCH(QString, errContains);
        std::vector<std::string> v;
        for (const auto& part : args.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            v.push_back(part.toStdString());
        const auto r = runCli(v);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.find(errContains.toStdString()) != std::string::npos, r.err.c_str());
        QVERIFY(r.out.find("ledger of ") == std::string::npos); // nothing run, nothing explained
    }

    void aMalformedFileIsOneLine_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addRow("not JSON") << QStringLiteral("{ not json");
        QTest::addRow("wrong schema") << QStringLiteral(R"({"schema": "something/1"})");
        QTest::addRow("empty") << QString();
    }

    void aMalformedFileIsOneLine()
    {
        QFETCH(QString, text);
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("bad.json")).toStdString();
        {
            std::ofstream out(file);
            out << text.toStdString();
        }
        const auto r = runCli({ "explain", file });
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.empty());
        QCOMPARE(count(r.err, "\n"), std::size_t(1));
        QVERIFY(r.err.find("iteragpu explain: ") == 0);
    }

    void anUnknownPhaseNamesTheFilesPhases()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("result.json")).toStdString();
        QCOMPARE(runCli(measureArgs(QString::fromLatin1(kDense), file)).code, 0);
        const auto r = runCli({ "explain", file, "--phase", "prefill" });
        QCOMPARE(r.code, 64);
        QVERIFY(r.err.find("no phase 'prefill'") != std::string::npos);
        QVERIFY(r.err.find("cold_forward") != std::string::npos);
        QCOMPARE(count(r.err, "\n"), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestExplainCli)
#include "tst_explaincli.moc"
