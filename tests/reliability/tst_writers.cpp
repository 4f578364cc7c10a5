// SPDX-License-Identifier: Apache-2.0
// What the writers promise (README "What it promises"): output is never lost, never half written, never silently
// replaced, and a broken standard output is an error. Each test runs the real programs: the CLI (ITERAGPU_CLI)
// and a small writer process (resultwriter), some under LD_PRELOAD shims that take hard links away.
#include "core/report/resultjson.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <nlohmann/json.hpp>

using namespace iteragpu;

namespace {

QString cli() { return qEnvironmentVariable("ITERAGPU_CLI"); }

// Files the writer left behind other than results: its temporary and probe files start with ".iteragpu-".
QStringList leftovers(const QString& folder)
{
    return QDir(folder).entryList({ QStringLiteral(".iteragpu-*") }, QDir::Files | QDir::Hidden);
}

nlohmann::json readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return nullptr;
    return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

// A run that takes seconds: a large dense network paced at the modelled speed of a simulated H100.
QStringList slowRun()
{
    return { QStringLiteral("measure"), QStringLiteral("--device"), QStringLiteral("sim:0"), QStringLiteral("--sim-card"),
        QStringLiteral("h100-sxm"), QStringLiteral("--sim-speed"), QStringLiteral("1"), QStringLiteral("--width"),
        QStringLiteral("8192"), QStringLiteral("--batch"), QStringLiteral("8"), QStringLiteral("--context"),
        QStringLiteral("2048"), QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--repeats"),
        QStringLiteral("400") };
}

} // namespace

class TestWriters : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(QFile::exists(cli()), "ITERAGPU_CLI is not set to the iteragpu program"); }

    // `measure --output out.json | head`: the reader goes away; the file is still written, and the exit code
    // says stdout was lost (1), instead of a death by SIGPIPE before the file.
    void closedPipeStillWritesTheFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.json"));
        // The pipeline's first command records its own exit status (POSIX sh has no PIPESTATUS).
        QProcess q;
        q.start(QStringLiteral("/bin/sh"),
            { QStringLiteral("-c"),
                QStringLiteral("{ \"$0\" measure --device sim:0 --width 64 --repeats 200 --output \"$1\"; echo $? >\"$2\"; } "
                               "| head -c 10 >/dev/null"),
                cli(), out, dir.filePath(QStringLiteral("status")) });
        QVERIFY(q.waitForFinished(120000));
        QFile status(dir.filePath(QStringLiteral("status")));
        QVERIFY(status.open(QIODevice::ReadOnly));
        QCOMPARE(status.readAll().trimmed(), QByteArray("1"));
        const auto j = readJson(out);
        QVERIFY2(j.is_object() && j["completed"] == true, "the result file is missing or incomplete");
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    // A full disk under stdout (/dev/full) is exit code 1 for every command that prints a document.
    void fullStdoutIsAnError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("estimate --json") << QStringList { QStringLiteral("estimate"), QStringLiteral("--parameters"),
            QStringLiteral("7000000000"), QStringLiteral("--bits"), QStringLiteral("16"), QStringLiteral("--json") };
        QTest::addRow("environment --json") << QStringList { QStringLiteral("environment"), QStringLiteral("--json") };
        QTest::addRow("measure --stream") << QStringList { QStringLiteral("measure"), QStringLiteral("--device"),
            QStringLiteral("sim:0"), QStringLiteral("--width"), QStringLiteral("64"), QStringLiteral("--stream") };
    }
    void fullStdoutIsAnError()
    {
        QFETCH(QStringList, args);
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        p.start(cli(), args);
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(p.readAllStandardError().contains("cannot write to standard output"), "no line says why");
    }

    // Under a file-size limit (ulimit -f) the write fails with a clear line, and the temporary file is removed.
    void fileSizeLimitIsAClearError()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.json"));
        QProcess p;
        p.start(QStringLiteral("/bin/sh"),
            { QStringLiteral("-c"), QStringLiteral("ulimit -f 16; exec \"$0\" measure --device sim:0 --width 64 --output \"$1\""),
                cli(), out });
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit); // not killed by SIGXFSZ
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("File too large") && err.contains("ulimit -f"), err.constData());
        QVERIFY(!QFile::exists(out));
        QVERIFY2(leftovers(dir.path()).isEmpty(), qPrintable(leftovers(dir.path()).join(QLatin1Char(' '))));
    }

    // SIGINT or SIGTERM during a run: the run stops at a phase boundary, what it measured is written marked
    // cancelled (the phases not started are not_run), and the exit code is 4.
    void interruptWritesWhatWasMeasured_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addRow("SIGINT") << int(SIGINT);
        QTest::addRow("SIGTERM") << int(SIGTERM);
    }
    void interruptWritesWhatWasMeasured()
    {
        QFETCH(int, signal);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("cancelled.json"));
        QProcess p;
        p.start(cli(), slowRun() << QStringLiteral("--stream") << QStringLiteral("--output") << out);
        QVERIFY(p.waitForStarted());
        // Wait for two finished phases, so that something was measured and much is left.
        int finished = 0;
        QElapsedTimer timer;
        timer.start();
        while (finished < 2 && timer.elapsed() < 60000) {
            if (p.waitForReadyRead(1000))
                finished += p.readAll().count("\"phase_finished\"");
        }
        QVERIFY2(finished >= 2, "the run did not get going");
        ::kill(static_cast<pid_t>(p.processId()), signal);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 4);
        QVERIFY(p.readAllStandardError().contains("interrupted by"));
        const auto j = readJson(out);
        QVERIFY2(j.is_object(), "no result file after the interrupt");
        QVERIFY(j["cancelled"] == true);
        int ok = 0, notRun = 0;
        for (const auto& phase : j["phases"]) {
            ok += phase["status"] == "ok" ? 1 : 0;
            notRun += phase["status"] == "not_run" ? 1 : 0;
        }
        QVERIFY(ok >= 2);
        QVERIFY(notRun > 0);
        QVERIFY(leftovers(dir.path()).isEmpty());
    }

    // SIGTERM at any moment of a stream of writes: each file is whole or absent, no temporary file is left.
    void signalDuringAWriteLeavesNoPartialFile()
    {
        for (int attempt = 0; attempt < 3; ++attempt) {
            QTemporaryDir dir;
            QProcess p;
            p.start(QStringLiteral(ITERAGPU_RESULTWRITER),
                { QStringLiteral("many"), dir.path(), QStringLiteral("40") });
            QVERIFY(p.waitForReadyRead(60000)); // "writing"
            QTest::qWait(150 + 120 * attempt);
            ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
            QVERIFY(p.waitForFinished(60000));
            QVERIFY2(leftovers(dir.path()).isEmpty(), qPrintable(leftovers(dir.path()).join(QLatin1Char(' '))));
            for (const QString& name : QDir(dir.path()).entryList({ QStringLiteral("*.json") }, QDir::Files)) {
                protocol::RunResult back;
                std::string error;
                QVERIFY2(report::readResultFile(dir.filePath(name).toStdString(), back, error), error.c_str());
            }
        }
    }

    // Two writers, one path, on a file system without hard links: exactly one wins, the other gets Exists (3),
    // and the file is the winner's. With renameat2(RENAME_NOREPLACE), and without it (the O_EXCL claim).
    void racingWritersWithoutHardLinks_data()
    {
        QTest::addColumn<QString>("shim");
        QTest::addRow("no link(): renameat2") << QStringLiteral(ITERAGPU_SHIM_NOLINK);
        QTest::addRow("no link(), renameat2 EINVAL: O_EXCL") << QStringLiteral(ITERAGPU_SHIM_NORENAMEAT2);
    }
    void racingWritersWithoutHardLinks()
    {
        QFETCH(QString, shim);
        for (int round = 0; round < 5; ++round) {
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("r.json"));
            const QString go = dir.filePath(QStringLiteral("go"));
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("LD_PRELOAD"), shim);
            // An ASan build: the shim comes before the sanitizer's runtime in the library list.
            env.insert(QStringLiteral("ASAN_OPTIONS"), QStringLiteral("verify_asan_link_order=0:detect_leaks=0"));
            QProcess a, b;
            for (QProcess* p : { &a, &b }) {
                p->setProcessEnvironment(env);
                p->start(QStringLiteral(ITERAGPU_RESULTWRITER),
                    { QStringLiteral("race"), path, go, QString::number(p == &a ? 1 : 2) });
                QVERIFY(p->waitForStarted());
            }
            QTest::qWait(100);
            QFile(go).open(QIODevice::WriteOnly);
            QVERIFY(a.waitForFinished(60000) && b.waitForFinished(60000));
            const QList<int> codes { a.exitCode(), b.exitCode() };
            QVERIFY2(codes.count(0) == 1 && codes.count(3) == 1,
                qPrintable(QStringLiteral("exit codes %1 and %2: %3 %4")
                               .arg(codes[0])
                               .arg(codes[1])
                               .arg(QString::fromLocal8Bit(a.readAllStandardError()),
                                   QString::fromLocal8Bit(b.readAllStandardError()))));
            const auto j = readJson(path);
            QVERIFY(j.is_object());
            QCOMPARE(j["identity"]["run_id"].get<int>(), a.exitCode() == 0 ? 1 : 2);
            QVERIFY(leftovers(dir.path()).isEmpty());
        }
    }

    // A name of 245 bytes is legal (NAME_MAX is 255): accepted. An output that cannot be created (no such folder,
    // a name over NAME_MAX) is refused before the run, with exit code 64 and nothing written.
    void outputNamesCheckedBeforeTheRun()
    {
        QTemporaryDir dir;
        const QString longName = dir.filePath(QString(240, QLatin1Char('a')) + QStringLiteral(".json"));
        QProcess p;
        p.start(cli(), { QStringLiteral("measure"), QStringLiteral("--device"), QStringLiteral("sim:0"),
                           QStringLiteral("--width"), QStringLiteral("64"), QStringLiteral("--output"), longName });
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(QFile::exists(longName));

        for (const QString& bad : { dir.filePath(QStringLiteral("no/such/folder/r.json")),
                 dir.filePath(QString(256, QLatin1Char('b'))) }) {
            QProcess q;
            q.start(cli(), { QStringLiteral("measure"), QStringLiteral("--device"), QStringLiteral("sim:0"),
                               QStringLiteral("--width"), QStringLiteral("64"), QStringLiteral("--output"), bad });
            QVERIFY(q.waitForFinished(120000));
            QCOMPARE(q.exitCode(), 64);
            const QByteArray out = q.readAllStandardOutput();
            const QByteArray err = q.readAllStandardError();
            QVERIFY2(err.contains("nothing was run"), err.constData());
            QVERIFY2(!out.contains("phase 1/"), "the run started before the output was checked");
        }
        QVERIFY(leftovers(dir.path()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestWriters)
#include "tst_writers.moc"
