// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cliapp.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <filesystem>
#include <sys/resource.h>
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

std::vector<std::string> split(const QString& s)
{
    std::vector<std::string> v;
    for (const auto& part : s.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        v.push_back(part.toStdString());
    return v;
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

const char* kSmall = "--batch 2 --context 16 --width 64 --warmup 1 --repeats 2";
} // namespace

class TestMeasureCli : public QObject {
    Q_OBJECT
private slots:
    void exitCodes_data()
    {
        QTest::addColumn<QString>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<bool>("fileWritten");
        QTest::addColumn<QString>("errContains");
        const QString small = QString::fromLatin1(kSmall);
        QTest::addRow("sim inference ok") << QStringLiteral("--device sim:0 ") + small << 0 << true << QString();
        QTest::addRow("sim training async ok")
            << QStringLiteral("--device sim:0 --mode training --allocator async ") + small << 0 << true << QString();
        QTest::addRow("out of memory: result still written")
            << QStringLiteral("--device sim:0 --width 1024 --sim-capacity-gib 0.04") << 1 << true
            << QStringLiteral("out of memory");
        QTest::addRow("no such sim device")
            << QStringLiteral("--device sim:3 ") + small << 2 << false << QStringLiteral("no device sim:3");
        QTest::addRow("unknown backend") << QStringLiteral("--device tpu:0") << 2 << false
                                         << QStringLiteral("unknown device backend");
        QTest::addRow("malformed id") << QStringLiteral("--device cuda") << 2 << false
                                      << QStringLiteral("invalid device id");
        QTest::addRow("bad dtype") << QStringLiteral("--device sim:0 --dtype int7") << 64 << false << QString();
        QTest::addRow("bad mode") << QStringLiteral("--device sim:0 --mode sleep") << 64 << false << QString();
        QTest::addRow("zero batch") << QStringLiteral("--device sim:0 --batch 0") << 64 << false << QString();
        QTest::addRow("sim capacity on a real device id")
            << QStringLiteral("--device cuda:0 --sim-capacity-gib 1") << 64 << false << QStringLiteral("sim:N");
        QTest::addRow("negative sim capacity")
            << QStringLiteral("--device sim:0 --sim-capacity-gib -1") << 64 << false << QStringLiteral("positive");
        QTest::addRow("overflowing shape") << QStringLiteral("--device sim:0 --batch 1099511627776 --width 1048576")
                                           << 1 << false << QStringLiteral("too large");
    }

    void exitCodes()
    {
        QFETCH(QString, args);
        QFETCH(int, code);
        QFETCH(bool, fileWritten);
        QFETCH(QString, errContains);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("r.json")).toStdString();
        auto v = split(args);
        v.insert(v.begin(), "measure");
        v.push_back("--output");
        v.push_back(output);
        const auto r = runCli(v);
        QVERIFY2(r.code == code, (std::to_string(r.code) + ": " + r.err).c_str());
        QCOMPARE(std::filesystem::exists(output), fileWritten);
        if (!errContains.isEmpty())
            QVERIFY2(r.err.find(errContains.toStdString()) != std::string::npos, r.err.c_str());
        if (code != 0)
            QVERIFY(!r.err.empty());
        if (fileWritten) {
            const auto j = nlohmann::json::parse(readAll(output));
            QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.measure/2"));
            QCOMPARE(j["simulated"].get<bool>(), true);
            QVERIFY(r.out.find("SIMULATED") != std::string::npos);
            QVERIFY(r.out.find("[simulated] phase 1/") != std::string::npos);
            QVERIFY(r.out.find("predicted peak allocated") != std::string::npos);
        }
        // No temporary file is left behind.
        int entries = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir.path().toStdString())) {
            Q_UNUSED(e);
            ++entries;
        }
        QCOMPARE(entries, fileWritten ? 1 : 0);
    }

    void existingOutputIsRefusedAndUntouched_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addRow("a previous result") << QStringLiteral("{\"schema\": \"keep me\"}");
        QTest::addRow("an empty file") << QString();
    }

    void existingOutputIsRefusedAndUntouched()
    {
        QFETCH(QString, content);
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("exists.json")).toStdString();
        {
            std::ofstream f(output);
            f << content.toStdString();
        }
        std::vector<std::string> v { "measure", "--device", "sim:0", "--output", output };
        for (const auto& a : split(QString::fromLatin1(kSmall)))
            v.push_back(a);
        const auto r = runCli(v);
        QCOMPARE(r.code, int(cli::kExitOutputExists));
        QVERIFY(r.err.find("exists") != std::string::npos);
        QCOMPARE(readAll(output), content.toStdString());
    }

    // A write that fails half-way (a full disk, a quota, a file size limit) leaves no result and no temporary
    // file behind, and says why. The limit is RLIMIT_FSIZE on this process: writes past 4 KiB fail with EFBIG,
    // the same path as ENOSPC, without needing a full file system.
    void failedWriteLeavesNothingBehind()
    {
        QTemporaryDir dir;
        const std::string output = dir.filePath(QStringLiteral("result.json")).toStdString();
        std::vector<std::string> v { "measure", "--device", "sim:0", "--output", output };
        for (const auto& a : split(QString::fromLatin1(kSmall)))
            v.push_back(a);
        rlimit saved {};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        rlimit small = saved;
        small.rlim_cur = 4096; // bytes; a result of this size is about 40 KiB
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN); // EFBIG instead of the signal
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const auto r = runCli(v);
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, previousHandler);
        QCOMPARE(r.code, int(cli::kExitError));
        QVERIFY2(r.err.find("cannot write " + output) != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find(std::strerror(EFBIG)) != std::string::npos, r.err.c_str());
        QVERIFY(!std::filesystem::exists(output));
        const QStringList left = QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(QStringLiteral(", "))));
        // The same command with the limit lifted writes the whole result.
        const auto again = runCli(v);
        QCOMPARE(again.code, int(cli::kExitOk));
        QVERIFY(nlohmann::json::parse(readAll(output)).contains("phases"));
    }

    void streamPrintsJsonLines()
    {
        std::vector<std::string> v { "measure", "--device", "sim:0", "--stream", "--mode", "training" };
        for (const auto& a : split(QString::fromLatin1(kSmall)))
            v.push_back(a);
        const auto r = runCli(v);
        QCOMPARE(r.code, 0);
        std::istringstream lines(r.out);
        std::string line;
        int started = 0, finished = 0, runFinished = 0, sampleEvents = 0;
        while (std::getline(lines, line)) {
            const auto j = nlohmann::json::parse(line); // every stdout line is JSON
            QCOMPARE(j["simulated"].get<bool>(), true);
            const auto event = j["event"].get<std::string>();
            started += event == "phase_started";
            finished += event == "phase_finished";
            runFinished += event == "run_finished";
            if (event == "samples") {
                ++sampleEvents;
                QVERIFY(!j["samples"].empty());
            }
        }
        QCOMPARE(started, 11); // training: 2 + 4 + warmup + 2 repeats + evaluation + export
        QCOMPARE(finished, 11);
        QCOMPARE(runFinished, 1);
        QVERIFY(sampleEvents >= 1);
        QVERIFY(r.err.find("[simulated] phase 11/11 export: ok") != std::string::npos);
    }

    void environmentDescribesTheDevice_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("code");
        QTest::addRow("sim:0") << QStringLiteral("sim:0") << 0;
        QTest::addRow("sim:9") << QStringLiteral("sim:9") << 2;
    }

    void environmentDescribesTheDevice()
    {
        QFETCH(QString, device);
        QFETCH(int, code);
        const auto r = runCli({ "environment", "--device", device.toStdString(), "--json" });
        QCOMPARE(r.code, code);
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j.contains("app_version") && j.contains("commit") && j.contains("compiler") && j.contains("os"));
        QCOMPARE(j["backends"].size(), std::size_t(3));
        QVERIFY(j["allocators"]["native"].get<std::string>().find("kMinBlockSize=512") != std::string::npos);
        if (code == 0) {
            QCOMPARE(j["device"]["simulated"].get<bool>(), true);
            QCOMPARE(j["device"]["total_bytes"].get<std::uint64_t>(), std::uint64_t(80) << 30);
            QCOMPARE(j["device"]["async_pool"].get<bool>(), true);
            const auto text = runCli({ "environment", "--device", device.toStdString() });
            QVERIFY(text.out.find("simulated, not a GPU measurement") != std::string::npos);
        } else {
            QVERIFY(j["device"].is_null());
            QVERIFY(!r.err.empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestMeasureCli)
#include "tst_measurecli.moc"
