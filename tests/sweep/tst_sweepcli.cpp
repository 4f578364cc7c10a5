// SPDX-License-Identifier: Apache-2.0
// 'iteragpu sweep' end to end: the built iteragpu ($ITERAGPU_CLI) on sim:0 and sim:1, each trial a real measure
// process. The boundary is checked against single measure runs at it and one above it; an interrupted sweep
// (SIGTERM) resumes to the same boundary; bad input is one line with its exit code and the folder untouched.
#include "core/sweep/sweepjson.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <nlohmann/json.hpp>

using namespace iteragpu;

namespace {

QString cli() { return qEnvironmentVariable("ITERAGPU_CLI"); }

// The decoder, small enough: Llama-2-7B's bf16 weights on a 14 GiB simulated card leave room for a few sequences.
const QStringList kDecoder { QStringLiteral("--model"), QStringLiteral("llama-2-7b"), QStringLiteral("--device"),
    QStringLiteral("sim:0"), QStringLiteral("--sim-capacity-gib"), QStringLiteral("14"), QStringLiteral("--sim-speed"),
    QStringLiteral("0"), QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--repeats"),
    QStringLiteral("1"), QStringLiteral("--prompt-tokens"), QStringLiteral("512"), QStringLiteral("--generated"),
    QStringLiteral("4"), QStringLiteral("--ledger"), QStringLiteral("none") };

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run run(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(cli(), args);
    p.waitForFinished(120000);
    return { p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
        QString::fromUtf8(p.readAllStandardError()) };
}

sweep::SweepRecord readSweep(const QString& folder)
{
    sweep::SweepRecord r;
    std::string error;
    const bool ok = sweep::readSweepFile(sweep::sweepFilePath(folder.toStdString()), r, error);
    if (!ok)
        qWarning("%s", error.c_str());
    return r;
}

QStringList sweepArgs(const QString& folder, const QStringList& own, const QStringList& measure)
{
    return QStringList { QStringLiteral("sweep"), QStringLiteral("--folder"), folder } + own
        + QStringList { QStringLiteral("--") } + measure;
}

} // namespace

class TestSweepCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QFile::exists(cli()), "ITERAGPU_CLI is not set to the built iteragpu"); }

    // A GGUF file is a decoder model for measure and for every trial of a sweep: the shape from its metadata.
    void ggufModelSweeps()
    {
        const QString gguf = qEnvironmentVariable("ITERAGPU_TEST_DATA") + QStringLiteral("/gguf/llama-v3.gguf");
        QVERIFY(QFile::exists(gguf));
        const QStringList measure { QStringLiteral("--model"), gguf, QStringLiteral("--device"), QStringLiteral("sim:0"),
            QStringLiteral("--sim-speed"), QStringLiteral("0"), QStringLiteral("--warmup"), QStringLiteral("0"),
            QStringLiteral("--repeats"), QStringLiteral("1"), QStringLiteral("--prompt-tokens"), QStringLiteral("16"),
            QStringLiteral("--generated"), QStringLiteral("2"), QStringLiteral("--ledger"), QStringLiteral("none") };
        const Run single = run(QStringList { QStringLiteral("measure"), QStringLiteral("--output"), QStringLiteral("-") }
            + measure);
        QVERIFY2(single.code == 0, qPrintable(single.err));
        QVERIFY(single.out.contains(QStringLiteral("llama-v3.gguf")));
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("s"));
        const Run r = run(sweepArgs(folder,
            { QStringLiteral("--values"), QStringLiteral("1,2"), QStringLiteral("--dimension"), QStringLiteral("sequences") },
            measure));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto record = readSweep(folder);
        QCOMPARE(record.workload, std::string("decoder"));
        QCOMPARE(record.trials.size(), std::size_t { 2 });
        for (const auto& t : record.trials)
            QCOMPARE(t.status, sweep::TrialStatus::Passed);
    }

    // The boundary of a decoder sweep is where single measure runs pass and fail.
    void decoderBoundaryMatchesSingleRuns()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("s"));
        const Run r = run(sweepArgs(folder,
            { QStringLiteral("--find-max"), QStringLiteral("--dimension"), QStringLiteral("sequences"),
                QStringLiteral("--max"), QStringLiteral("64") },
            kDecoder));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("Boundary (simulated)")));
        QVERIFY(r.out.contains(QLatin1String("largest passing sequences")));
        const auto rec = readSweep(folder);
        QVERIFY(rec.complete);
        QVERIFY(rec.simulated);
        QVERIFY(rec.boundary.largestPassing && rec.boundary.smallestFailing);
        const auto b = *rec.boundary.largestPassing;
        QCOMPARE(*rec.boundary.smallestFailing, b + 1);
        QVERIFY(rec.boundary.outOfMemory);
        QVERIFY(rec.trials.size() <= 9); // log2(64) + 3
        for (const auto& [value, code] : { std::pair { b, 0 }, std::pair { b + 1, 1 } }) {
            const Run m = run(QStringList { QStringLiteral("measure") } + kDecoder
                + QStringList { QStringLiteral("--sequences"), QString::number(value) });
            QVERIFY2(m.code == code, qPrintable(QStringLiteral("sequences %1: exit %2 %3").arg(value).arg(m.code).arg(m.err)));
            if (code == 1)
                QVERIFY(m.err.contains(QLatin1String("out of memory")));
        }
    }

    // Note [vLLM sweeps]: the largest --max-model-len a sweep of vLLM's rehearsal finds on a simulated H100 SXM is
    // the planner's largest_max_model_len ('estimate --engine vllm --json'), and single measure runs start at it and
    // are refused one token above it, with vLLM's own words.
    void vllmMaxModelLenBoundaryIsThePlannersAndSingleRuns()
    {
        const QString config
            = qEnvironmentVariable("ITERAGPU_TEST_DATA") + QStringLiteral("/models/llama-3.1-8b/config.json");
        QVERIFY(QFile::exists(config));
        const Run estimate = run({ QStringLiteral("estimate"), QStringLiteral("--engine"), QStringLiteral("vllm"),
            QStringLiteral("--config"), config, QStringLiteral("--device-catalog"), QStringLiteral("h100-sxm"),
            QStringLiteral("--gpu-memory-utilization"), QStringLiteral("0.25"), QStringLiteral("--json") });
        QVERIFY2(estimate.code == 0, qPrintable(estimate.err));
        const auto plan = nlohmann::json::parse(estimate.out.toStdString());
        QVERIFY2(
            plan["engine"]["largest_max_model_len"].is_number_unsigned(), estimate.out.left(2000).toUtf8().constData());
        const std::uint64_t planned = plan["engine"]["largest_max_model_len"].get<std::uint64_t>();
        QVERIFY(planned > 2048 && planned < 131072); // bounded by the pool, not by the model's 131072 positions

        const QStringList measure { QStringLiteral("--engine"), QStringLiteral("vllm"), QStringLiteral("--model"),
            config, QStringLiteral("--device"), QStringLiteral("sim:0"), QStringLiteral("--sim-card"),
            QStringLiteral("h100-sxm"), QStringLiteral("--sim-speed"), QStringLiteral("0"),
            QStringLiteral("--gpu-memory-utilization"), QStringLiteral("0.25"), QStringLiteral("--prompt-tokens"),
            QStringLiteral("1000"), QStringLiteral("--generated"), QStringLiteral("200"), QStringLiteral("--sequences"),
            QStringLiteral("1"), QStringLiteral("--ledger"), QStringLiteral("none") };
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("v"));
        const Run r = run(sweepArgs(folder,
            { QStringLiteral("--find-max"), QStringLiteral("--dimension"), QStringLiteral("max-model-len"),
                QStringLiteral("--min"), QStringLiteral("1200"), QStringLiteral("--max"), QStringLiteral("131072") },
            measure));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QLatin1String("largest passing max-model-len")));
        QVERIFY(r.out.contains(QLatin1String("Growth: not fitted")));
        const auto rec = readSweep(folder);
        QCOMPARE(rec.workload, std::string("vllm"));
        QCOMPARE(rec.spec.dimension, sweep::Dimension::MaxModelLen);
        QVERIFY(rec.complete && rec.simulated && rec.boundary.exact);
        QVERIFY(!rec.fit);
        QVERIFY(rec.boundary.largestPassing && rec.boundary.smallestFailing);
        const std::uint64_t b = *rec.boundary.largestPassing;
        QCOMPARE(b, planned);
        QCOMPARE(*rec.boundary.smallestFailing, b + 1);
        QCOMPARE(rec.boundary.failedPhase, std::string("kv_cache_alloc"));
        QVERIFY(rec.boundary.outOfMemory);
        QVERIFY2(
            rec.boundary.error.find("To serve at least one request") != std::string::npos, rec.boundary.error.c_str());
        // The sweep.json names the dimension as the option does.
        QFile file(QString::fromStdString(sweep::sweepFilePath(folder.toStdString())));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(nlohmann::json::parse(file.readAll().toStdString())["spec"]["dimension"].get<std::string>(),
            std::string("max-model-len"));
        for (const auto& [value, code] : { std::pair { b, 0 }, std::pair { b + 1, 1 } }) {
            const Run m = run(QStringList { QStringLiteral("measure") } + measure
                + QStringList { QStringLiteral("--max-model-len"), QString::number(value) });
            QVERIFY2(m.code == code,
                qPrintable(QStringLiteral("max-model-len %1: exit %2 %3").arg(value).arg(m.code).arg(m.err)));
            if (code == 1)
                QVERIFY2(m.out.contains(QLatin1String("To serve at least one request"))
                        || m.err.contains(QLatin1String("To serve at least one request")),
                    qPrintable(m.err));
        }
    }

    // max-num-seqs: each trial serves as many requests as it lets run at once; the boundary is where single runs
    // with that many requests are all admitted from the pool, and one more is not (out of memory, in serve).
    void vllmMaxNumSeqsBoundaryMatchesSingleRuns()
    {
        const QString config
            = qEnvironmentVariable("ITERAGPU_TEST_DATA") + QStringLiteral("/models/llama-3.1-8b/config.json");
        const QStringList measure { QStringLiteral("--engine"), QStringLiteral("vllm"), QStringLiteral("--model"),
            config, QStringLiteral("--device"), QStringLiteral("sim:0"), QStringLiteral("--sim-card"),
            QStringLiteral("h100-sxm"), QStringLiteral("--sim-speed"), QStringLiteral("0"),
            QStringLiteral("--gpu-memory-utilization"), QStringLiteral("0.25"), QStringLiteral("--max-model-len"),
            QStringLiteral("8192"), QStringLiteral("--prompt-tokens"), QStringLiteral("4000"),
            QStringLiteral("--generated"), QStringLiteral("96"), QStringLiteral("--ledger"), QStringLiteral("none") };
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("n"));
        const Run r = run(sweepArgs(folder,
            { QStringLiteral("--find-max"), QStringLiteral("--dimension"), QStringLiteral("max-num-seqs"),
                QStringLiteral("--max"), QStringLiteral("1024") },
            measure));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto rec = readSweep(folder);
        QVERIFY(rec.complete && rec.boundary.exact);
        QVERIFY(rec.boundary.largestPassing && rec.boundary.smallestFailing);
        const std::uint64_t b = *rec.boundary.largestPassing;
        QVERIFY(b >= 2 && b < 64);
        QCOMPARE(*rec.boundary.smallestFailing, b + 1);
        QCOMPARE(rec.boundary.failedPhase, std::string("serve"));
        QVERIFY(rec.boundary.outOfMemory);
        for (const auto& [value, code] : { std::pair { b, 0 }, std::pair { b + 1, 1 } }) {
            const Run m = run(QStringList { QStringLiteral("measure") } + measure
                + QStringList { QStringLiteral("--max-num-seqs"), QString::number(value), QStringLiteral("--sequences"),
                    QString::number(value) });
            QVERIFY2(m.code == code,
                qPrintable(QStringLiteral("max-num-seqs %1: exit %2 %3").arg(value).arg(m.code).arg(m.err)));
        }
    }

    // A training step's boundary: the largest micro-batch of a LoRA step that fits, where single measure runs
    // pass and fail, and the sweep's record says what it swept.
    void trainingBoundaryMatchesSingleRuns()
    {
        const QStringList measure { QStringLiteral("--model"), QStringLiteral("llama-2-7b"), QStringLiteral("--device"),
            QStringLiteral("sim:0"), QStringLiteral("--sim-capacity-gib"), QStringLiteral("24"),
            QStringLiteral("--sim-speed"), QStringLiteral("0"), QStringLiteral("--warmup"), QStringLiteral("0"),
            QStringLiteral("--repeats"), QStringLiteral("1"), QStringLiteral("--ledger"), QStringLiteral("none"),
            QStringLiteral("--mode"), QStringLiteral("training"), QStringLiteral("--lora-rank"), QStringLiteral("8"),
            QStringLiteral("--seq-len"), QStringLiteral("1024"), QStringLiteral("--checkpointing") };
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("t"));
        const Run r = run(sweepArgs(folder,
            { QStringLiteral("--find-max"), QStringLiteral("--dimension"), QStringLiteral("batch"), QStringLiteral("--max"),
                QStringLiteral("32") },
            measure));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto rec = readSweep(folder);
        QCOMPARE(rec.workload, std::string("decoder-training"));
        QVERIFY(rec.complete);
        QVERIFY(rec.boundary.largestPassing && rec.boundary.smallestFailing);
        const auto b = *rec.boundary.largestPassing;
        QVERIFY(b >= 2); // 12.55 GiB of fp16 weights and a checkpointed step leave room for several sequences
        QCOMPARE(*rec.boundary.smallestFailing, b + 1);
        for (const auto& [value, code] : { std::pair { b, 0 }, std::pair { b + 1, 1 } }) {
            const Run m = run(QStringList { QStringLiteral("measure") } + measure
                + QStringList { QStringLiteral("--batch"), QString::number(value) });
            QVERIFY2(m.code == code, qPrintable(QStringLiteral("batch %1: exit %2 %3").arg(value).arg(m.code).arg(m.err)));
        }
    }

    void denseValuesOnTwoDevices()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("d"));
        const Run r = run(sweepArgs(folder,
            { QStringLiteral("--values"), QStringLiteral("64,128,256,512"), QStringLiteral("--dimension"),
                QStringLiteral("batch"), QStringLiteral("--jobs"), QStringLiteral("2"), QStringLiteral("--json") },
            { QStringLiteral("--device"), QStringLiteral("sim:0"), QStringLiteral("--context"), QStringLiteral("64"),
                QStringLiteral("--width"), QStringLiteral("256"), QStringLiteral("--warmup"), QStringLiteral("0"),
                QStringLiteral("--repeats"), QStringLiteral("1"), QStringLiteral("--sim-speed"), QStringLiteral("0"),
                QStringLiteral("--sim-capacity-gib"), QStringLiteral("0.6"), QStringLiteral("--ledger"),
                QStringLiteral("none") }));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto json = nlohmann::json::parse(r.out.toStdString()); // --json: the record alone on stdout
        QCOMPARE(json["schema"].get<std::string>(), std::string("iteragpu.sweep/1"));
        const auto rec = readSweep(folder);
        QCOMPARE(rec.trials.size(), std::size_t(4));
        QSet<QString> devices;
        for (const auto& t : rec.trials) {
            devices.insert(QString::fromStdString(t.device));
            QVERIFY(t.status == sweep::TrialStatus::Passed || t.status == sweep::TrialStatus::Failed);
            QVERIFY(t.peakAllocated);
        }
        QCOMPARE(devices, (QSet<QString> { QStringLiteral("sim:0"), QStringLiteral("sim:1") }));
        // Peaks grow with the batch.
        QVERIFY(*rec.trials[1].peakAllocated > *rec.trials[0].peakAllocated);
    }

    // SIGTERM mid-sweep: exit 4, the finished trials kept, the interrupted one marked; --resume finishes with the
    // boundary of a sweep never interrupted.
    void interruptedSweepResumes()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("i"));
        // Each trial waits 0.4 s before the real measure, so the sweep is caught in the middle.
        const QString slow = dir.filePath(QStringLiteral("slow-measure"));
        QFile f(slow);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\nsleep 0.4\nexec '%1' \"$@\"\n").arg(cli()).toUtf8());
        f.close();
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ITERAGPU_MEASURE_PROGRAM"), slow);
        const QStringList own { QStringLiteral("--find-max"), QStringLiteral("--dimension"),
            QStringLiteral("sequences"), QStringLiteral("--max"), QStringLiteral("64") };
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(cli(), sweepArgs(folder, own, kDecoder));
        QVERIFY(p.waitForStarted());
        QString out;
        while (out.count(QLatin1String("\ntrial ")) + out.startsWith(QLatin1String("trial ")) < 2 && p.state() == QProcess::Running) {
            p.waitForReadyRead(200);
            out += QString::fromUtf8(p.readAllStandardOutput());
        }
        QTest::qWait(100);
        ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 4);
        auto rec = readSweep(folder);
        QVERIFY(!rec.complete);
        std::size_t answered = 0;
        bool marked = false;
        for (const auto& t : rec.trials) {
            answered += t.status == sweep::TrialStatus::Passed || t.status == sweep::TrialStatus::Failed;
            marked = marked || t.status == sweep::TrialStatus::Interrupted;
            QVERIFY(t.status != sweep::TrialStatus::Running && t.status != sweep::TrialStatus::Pending);
        }
        QVERIFY(answered >= 2);
        QVERIFY(marked);
        const Run resumed = run(sweepArgs(folder, own + QStringList { QStringLiteral("--resume") }, kDecoder));
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err));
        rec = readSweep(folder);
        QVERIFY(rec.complete);
        const QString again = dir.filePath(QStringLiteral("again"));
        QCOMPARE(run(sweepArgs(again, own, kDecoder)).code, 0);
        QCOMPARE(readSweep(again).boundary.largestPassing, rec.boundary.largestPassing);
    }

    // A kept sweep.json is a file from outside: a trial's error and failed phase in it reach the Boundary line of
    // --resume escaped, so they cannot forge a line ("largest passing batch 999999") or drive the terminal.
    void resumedSweepPrintsKeptTextEscaped()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("k"));
        const QStringList own { QStringLiteral("--values"), QStringLiteral("1,2"), QStringLiteral("--dimension"),
            QStringLiteral("sequences") };
        const Run first = run(sweepArgs(folder, own, kDecoder));
        QVERIFY2(first.code == 0, qPrintable(first.err));
        const QString file = QString::fromStdString(sweep::sweepFilePath(folder.toStdString()));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        auto j = nlohmann::ordered_json::parse(f.readAll().toStdString());
        f.close();
        const std::string forged = "decode\x1b[2J\nBoundary: largest passing batch 999999\xe2\x80\xae";
        auto& trial = j["trials"][1];
        trial["status"] = "failed";
        trial["failed_phase"] = forged;
        trial["out_of_memory"] = true;
        trial["error"] = forged;
        j["complete"] = false;
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(j.dump(2)));
        f.close();
        const Run resumed = run(sweepArgs(folder, own + QStringList { QStringLiteral("--resume") }, kDecoder));
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err + resumed.out));
        const QString out = resumed.out + resumed.err;
        QVERIFY2(!out.contains(QChar(0x1b)) && !out.contains(QChar(0x202e)), qPrintable(out));
        QVERIFY2(!out.contains(QLatin1String("\nBoundary: largest passing batch 999999")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String("decode\\x1b[2J\\nBoundary: largest passing batch 999999\\u202e")),
            qPrintable(out));
    }

    void badInputIsOneLine_data()
    {
        QTest::addColumn<QStringList>("own");
        QTest::addColumn<QStringList>("measure");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("expected");
        const QStringList seq { QStringLiteral("--dimension"), QStringLiteral("sequences") };
        const QStringList fm = QStringList { QStringLiteral("--find-max") } + seq;
        const QStringList dense { QStringLiteral("--device"), QStringLiteral("sim:0") };
        QTest::addRow("sequences without --model") << fm << dense << 64 << "belongs to the decoder";
        QTest::addRow("width with --model")
            << QStringList { QStringLiteral("--find-max"), QStringLiteral("--dimension"), QStringLiteral("width") }
            << kDecoder << 64 << "does not belong to the decoder's generation";
        QTest::addRow("sequences of a training step")
            << fm << kDecoder + QStringList { QStringLiteral("--mode"), QStringLiteral("training") } << 64
            << "sweep batch (the micro-batch) or seq-len";
        QTest::addRow("empty values") << QStringList { QStringLiteral("--values"), QString() } + seq << kDecoder << 64
                                      << "choose --values";
        QTest::addRow("unsorted values") << QStringList { QStringLiteral("--values"), QStringLiteral("4,2") } + seq
                                         << kDecoder << 64 << "ascending";
        QTest::addRow("duplicate values") << QStringList { QStringLiteral("--values"), QStringLiteral("2,2") } + seq
                                          << kDecoder << 64 << "twice";
        QTest::addRow("not a number") << QStringList { QStringLiteral("--values"), QStringLiteral("1,x") } + seq
                                      << kDecoder << 64 << "not a whole number";
        QTest::addRow("min above max")
            << fm + QStringList { QStringLiteral("--min"), QStringLiteral("8"), QStringLiteral("--max"), QStringLiteral("4") }
            << kDecoder << 64 << "above --max";
        QTest::addRow("resolution 0") << fm + QStringList { QStringLiteral("--resolution"), QStringLiteral("0") }
                                      << kDecoder << 64 << "--resolution";
        QTest::addRow("measure refuses") << fm << kDecoder + QStringList { QStringLiteral("--no-such-option") } << 64
                                         << "measure options after -- are refused";
        QTest::addRow("dimension set twice") << fm << kDecoder + QStringList { QStringLiteral("--sequences"), QStringLiteral("2") }
                                             << 64 << "sets --sequences";
        QTest::addRow("no device") << fm << QStringList { QStringLiteral("--model"), QStringLiteral("llama-2-7b") } << 64
                                   << "no device";
        const QStringList vllm { QStringLiteral("--engine"), QStringLiteral("vllm"), QStringLiteral("--model"),
            QStringLiteral("llama-2-7b"), QStringLiteral("--device"), QStringLiteral("sim:0") };
        const QStringList mml { QStringLiteral("--find-max"), QStringLiteral("--dimension"),
            QStringLiteral("max-model-len") };
        QTest::addRow("max-model-len without --engine vllm")
            << mml << kDecoder << 64 << "is vLLM's: give --engine vllm";
        QTest::addRow("max-model-len above core's limit")
            << mml + QStringList { QStringLiteral("--max"), QStringLiteral("2147483648") } << vllm << 64
            << "above the largest --max-model-len a trial takes (2147483647)";
        QTest::addRow("max-model-len value above core's limit") << QStringList { QStringLiteral("--values"),
            QStringLiteral("4096,99999999999"), QStringLiteral("--dimension"), QStringLiteral("max-model-len") }
                                                                << vllm << 64 << "above the largest --max-model-len";
        QTest::addRow("max-num-seqs sets --sequences")
            << QStringList { QStringLiteral("--find-max"), QStringLiteral("--dimension"),
                   QStringLiteral("max-num-seqs") }
            << vllm + QStringList { QStringLiteral("--sequences"), QStringLiteral("4") } << 64 << "sets --sequences";
        QTest::addRow("llama.cpp ctx-size")
            << QStringList { QStringLiteral("--find-max"), QStringLiteral("--dimension"), QStringLiteral("ctx-size") }
            << kDecoder << 64 << "llama.cpp is sized, not rehearsed";
        QTest::addRow("llama.cpp n-gpu-layers") << QStringList { QStringLiteral("--find-max"),
            QStringLiteral("--dimension"), QStringLiteral("n-gpu-layers") }
                                                << kDecoder << 64 << "llama.cpp is sized, not rehearsed";
        QTest::addRow("slurm missing") << fm + QStringList { QStringLiteral("--executor"), QStringLiteral("slurm") }
                                       << kDecoder << 2 << "lurm";
    }
    void badInputIsOneLine()
    {
        QFETCH(QStringList, own);
        QFETCH(QStringList, measure);
        QFETCH(int, code);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("b"));
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), dir.path()); // no sbatch here
        const Run r = run(sweepArgs(folder, own, measure), env);
        QVERIFY2(r.code == code, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QCOMPARE(r.err.trimmed().count(QLatin1Char('\n')), 0);
        QVERIFY(!QFileInfo::exists(folder)); // nothing created
    }

    void aFolderThatIsNotASweepIsLeftUntouched()
    {
        QTemporaryDir dir;
        QFile notes(dir.filePath(QStringLiteral("notes.txt")));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("mine");
        notes.close();
        const QStringList own { QStringLiteral("--find-max"), QStringLiteral("--dimension"), QStringLiteral("sequences") };
        for (const bool resume : { false, true }) {
            const Run r = run(sweepArgs(dir.path(), resume ? own + QStringList { QStringLiteral("--resume") } : own, kDecoder));
            QCOMPARE(r.code, 3);
            QVERIFY2(r.err.contains(QLatin1String("not a sweep folder")), qPrintable(r.err));
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestSweepCli)
#include "tst_sweepcli.moc"
