// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cliapp.h"
#include "core/buildinfo/buildinfo.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
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
        QTest::addRow("unknown backend") << QStringLiteral("tpu:0");
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
