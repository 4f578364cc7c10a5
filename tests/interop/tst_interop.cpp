// SPDX-License-Identifier: Apache-2.0
// core/interop: the pickle reader and writer (Note [Plain-data pickle]), the memory_viz export of simulated runs
// loaded back by Python's pickle and walked as PyTorch's viewers walk it (check_memory_viz.py), the Perfetto
// export against the Trace Event Format's fields (check_perfetto.py), and the import of snapshots written by
// tests/data/snapshots/make_snapshot.py in PyTorch's shape, compared with that script's own replay
// (expected.json); malformed snapshots are refused with one line.
#include "core/interop/memoryvizexport.h"
#include "core/interop/perfettoexport.h"
#include "core/interop/picklereader.h"
#include "core/interop/picklewriter.h"
#include "core/interop/snapshotimport.h"
#include "core/model/configreader.h"
#include "core/registry/backendregistry.h"
#include "core/report/resultjson.h"
#include "core/runner/preparerun.h"
#include "core/runner/runner.h"
#include "support/snapshotbombs.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using interop::PickleValue;

namespace {

protocol::RunConfig decoderConfig(protocol::AllocatorKind allocator)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.allocator = allocator;
    c.warmup = 1;
    c.repeats = 1;
    c.samplingHz = protocol::kMinSamplingHz;
    c.simSpeed = 0.0;
    protocol::DecoderSpec d;
    d.shape = model::ConfigReader::parse(R"({"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 3,
        "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 96, "vocab_size": 128})",
        "llama.json");
    d.modelSource = "llama.json";
    d.promptTokens = 24;
    d.generated = 12;
    d.sequences = 2;
    d.decodeChunk = 4;
    c.decoder = d;
    return c;
}

protocol::RunResult runOnSim(const protocol::RunConfig& config)
{
    device::BackendRegistry registry;
    registry.loadFor(config.deviceId);
    auto prepared = protocol::prepareRun(registry, config);
    if (!prepared.ok())
        qFatal("prepareRun: %s", prepared.error.c_str());
    return protocol::Runner::runBlocking(config, prepared.backend, prepared.factory, nullptr);
}

QString dataDir() { return qEnvironmentVariable("ITERAGPU_TEST_DATA") + QStringLiteral("/snapshots"); }
QString checker(const char* name)
{
    return qEnvironmentVariable("ITERAGPU_SOURCE_DIR") + QStringLiteral("/tests/interop/") + QLatin1String(name);
}

bool writeBytes(const QString& path, const std::string& bytes)
{
    std::ofstream out(path.toStdString(), std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

std::string readBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    const QByteArray all = f.readAll();
    return std::string(all.constData(), static_cast<std::size_t>(all.size()));
}

// Runs a Python checker; its JSON summary on success, a failed QVERIFY (with its stderr) otherwise.
QJsonObject runChecker(const char* script, const QString& file, bool expectOk = true)
{
    QProcess p;
    p.start(QStringLiteral("python3"), { checker(script), file });
    if (!p.waitForFinished(60000))
        qWarning("checker did not finish");
    const QByteArray err = p.readAllStandardError();
    if (expectOk && (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0))
        qWarning("%s: %s", script, err.constData());
    if (p.exitCode() != 0)
        return QJsonObject { { QStringLiteral("error"), QString::fromUtf8(err) } };
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

std::uint64_t countOps(const protocol::RunResult& r, alloc::TraceEvent::Op op)
{
    return static_cast<std::uint64_t>(
        std::count_if(r.trace.begin(), r.trace.end(), [op](const auto& e) { return e.op == op; }));
}

} // namespace

class TestInterop : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    protocol::RunResult m_decoder;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QProcess probe;
        probe.start(QStringLiteral("python3"), { QStringLiteral("--version") });
        QVERIFY2(probe.waitForFinished(20000) && probe.exitCode() == 0, "python3 is needed to load the pickles");
        m_decoder = runOnSim(decoderConfig(protocol::AllocatorKind::Native));
        QVERIFY2(m_decoder.completed, m_decoder.error.c_str());
        QVERIFY(m_decoder.trace.size() > 100);
    }

    // Values through the writer and back through the reader: ints at every opcode's edge, floats, strings.
    void pickleRoundTrip_data()
    {
        QTest::addColumn<qint64>("signedValue");
        QTest::addColumn<quint64>("unsignedValue");
        QTest::addColumn<bool>("isSigned");
        QTest::addRow("0") << qint64(0) << quint64(0) << true;
        QTest::addRow("255 (BININT1)") << qint64(255) << quint64(0) << true;
        QTest::addRow("65535 (BININT2)") << qint64(65535) << quint64(0) << true;
        QTest::addRow("-1 (BININT)") << qint64(-1) << quint64(0) << true;
        QTest::addRow("-2^31 (BININT)") << qint64(-2147483648LL) << quint64(0) << true;
        QTest::addRow("2^31 (LONG1)") << qint64(2147483648LL) << quint64(0) << true;
        QTest::addRow("-2^31-1 (LONG1)") << qint64(-2147483649LL) << quint64(0) << true;
        QTest::addRow("int64 min") << std::numeric_limits<qint64>::min() << quint64(0) << true;
        QTest::addRow("int64 max") << std::numeric_limits<qint64>::max() << quint64(0) << true;
        QTest::addRow("2^63 (address)") << qint64(0) << (quint64(1) << 63) << false;
        QTest::addRow("2^64-1 (address)") << qint64(0) << std::numeric_limits<quint64>::max() << false;
    }
    void pickleRoundTrip()
    {
        QFETCH(qint64, signedValue);
        QFETCH(quint64, unsignedValue);
        QFETCH(bool, isSigned);
        auto d = PickleValue::dict();
        d.set("v", isSigned ? PickleValue::integer(signedValue) : PickleValue::unsignedInteger(unsignedValue));
        d.set("f", PickleValue::real(-0.125)).set("s", PickleValue::string("größe")).set("n", PickleValue::none());
        d.set("t", PickleValue::tuple({ PickleValue::integer(0), PickleValue::integer(1) }));
        PickleValue back;
        std::string error;
        QVERIFY2(interop::PickleReader().read(interop::writePickle(d), back, error), error.c_str());
        const PickleValue* v = back.find("v");
        QVERIFY(v && v->isInt());
        if (isSigned) {
            QCOMPARE(v->negative(), signedValue < 0);
            QCOMPARE(v->magnitude(), signedValue < 0 ? ~quint64(signedValue) + 1 : quint64(signedValue));
        } else {
            QCOMPARE(v->asUnsigned(), std::optional<std::uint64_t>(unsignedValue));
        }
        QCOMPARE(back.find("f")->asFloat(), -0.125);
        QCOMPARE(back.find("s")->asString(), std::string("größe"));
        QVERIFY(back.find("n")->isNone());
        QCOMPARE(back.find("t")->items().size(), std::size_t(2));
    }

    // The writer's bytes as Python reads them (the same dict, compared by Python itself).
    void picklePythonReadsTheWriter()
    {
        auto d = PickleValue::dict();
        auto list = PickleValue::list();
        for (int i = 0; i < 2500; ++i) // three APPENDS batches
            list.append(PickleValue::integer(i * 1000 - 7));
        d.set("list", list).set("big", PickleValue::unsignedInteger(~std::uint64_t { 0 }));
        d.set("neg", PickleValue::integer(-300)).set("yes", PickleValue::boolean(true));
        const QString path = m_dir.filePath(QStringLiteral("plain.pickle"));
        QVERIFY(writeBytes(path, interop::writePickle(d)));
        QProcess p;
        p.start(QStringLiteral("python3"),
            { QStringLiteral("-c"),
                QStringLiteral("import pickle,sys; d=pickle.load(open(sys.argv[1],'rb')); "
                               "assert d=={'list':[i*1000-7 for i in range(2500)],'big':2**64-1,'neg':-300,"
                               "'yes':True}, d"),
                path });
        QVERIFY(p.waitForFinished(20000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    void pickleLimits()
    {
        PickleValue out;
        std::string error;
        interop::PickleLimits small;
        small.maxInputBytes = 64;
        QVERIFY(!interop::PickleReader(small).read(std::string(65, '.'), out, error));
        QVERIFY2(error.find("more than the 64") != std::string::npos, error.c_str());
        interop::PickleLimits few;
        few.maxValues = 10;
        auto list = PickleValue::list();
        for (int i = 0; i < 20; ++i)
            list.append(PickleValue::integer(i));
        QVERIFY(!interop::PickleReader(few).read(interop::writePickle(list), out, error));
        QVERIFY2(error.find("more than 10 values") != std::string::npos, error.c_str());
        // A memo fetch is counted too: one short str fetched a million times is bounded by the string budget.
        std::string bomb = "\x80\x04\x8c\x04"
                           "abcd\x94]\x94(";
        for (int i = 0; i < 100; ++i)
            bomb += std::string("h\0", 2);
        bomb += "e.";
        interop::PickleLimits strings;
        strings.maxTotalStringBytes = 100;
        QVERIFY(!interop::PickleReader(strings).read(std::string_view(bomb.data(), bomb.size()), out, error));
        QVERIFY2(error.find("bytes of str in all") != std::string::npos, error.c_str());
        QVERIFY(interop::PickleReader().read(std::string_view(bomb.data(), bomb.size()), out, error));
        QCOMPARE(out.items().size(), std::size_t(100));
    }

    // The snapshot of a simulated decoder run: Python loads it, its structure is what memory_viz reads, and the
    // trace replays consistently in both directions.
    void memoryVizOfDecoderRun()
    {
        const QString path = m_dir.filePath(QStringLiteral("decoder.pickle"));
        QVERIFY(writeBytes(path, interop::memoryVizPickle(m_decoder)));
        const QJsonObject s = runChecker("check_memory_viz.py", path);
        QVERIFY2(!s.contains(QStringLiteral("error")), qPrintable(s.value(QStringLiteral("error")).toString()));
        const auto actions = s.value(QStringLiteral("actions")).toObject();
        using Op = alloc::TraceEvent::Op;
        QCOMPARE(quint64(actions.value(QStringLiteral("alloc")).toInteger()), countOps(m_decoder, Op::Malloc));
        QCOMPARE(quint64(actions.value(QStringLiteral("free_completed")).toInteger()), countOps(m_decoder, Op::Free));
        QCOMPARE(quint64(actions.value(QStringLiteral("free_requested")).toInteger()), countOps(m_decoder, Op::Free));
        QCOMPARE(
            quint64(actions.value(QStringLiteral("segment_alloc")).toInteger()), countOps(m_decoder, Op::SegmentAlloc));
        QCOMPARE(s.value(QStringLiteral("unmatched_frees")).toInt(), 0);
        QCOMPARE(s.value(QStringLiteral("devices")).toArray().size(), 1);
        // The phases, in order, as user_metadata names them, and a START and END per phase that has entries.
        QStringList expected;
        for (const auto& p : m_decoder.phases)
            if (std::any_of(m_decoder.trace.begin(), m_decoder.trace.end(),
                    [&p](const auto& e) { return e.phase == p.index && e.op != Op::EmptyCache; }))
                expected << QString::fromStdString(protocol::phaseLabel(p));
        QStringList got;
        for (const auto& v : s.value(QStringLiteral("phases_in_metadata")).toArray())
            got << v.toString();
        QCOMPARE(got, expected);
        QCOMPARE(s.value(QStringLiteral("annotations")).toInt(), 2 * expected.size());
        // The end state: the workload freed its tensors, the allocator still holds its cached segments.
        QCOMPARE(s.value(QStringLiteral("allocated_end")).toInteger(), 0);
        const std::uint64_t reservedEnd = [this] {
            std::uint64_t r = 0;
            for (const auto& e : m_decoder.trace)
                r += e.op == Op::SegmentAlloc ? e.size : 0;
            for (const auto& e : m_decoder.trace)
                r -= e.op == Op::SegmentFree ? e.size : 0;
            return r;
        }();
        QCOMPARE(quint64(s.value(QStringLiteral("reserved_end")).toInteger()), reservedEnd);
        QVERIFY(reservedEnd > 0);
        const PickleValue snap = interop::memoryVizSnapshot(m_decoder);
        QCOMPARE(snap.find("iteragpu")->find("simulated")->asBool(), true);
        QCOMPARE(snap.find("iteragpu")->find("events_dropped")->asUnsigned(), std::optional<std::uint64_t>(0));
        // What the viewer's Allocator Settings view and its hovers read, as PyTorch writes it: the run's allocator
        // (iteragpu's native caching allocator: PyTorch's defaults), compile_context outside torch.compile, and
        // time_us in microseconds since 1970 from the run's start.
        const PickleValue* settings = snap.find("allocator_settings");
        QVERIFY(settings && settings->isDict());
        QCOMPARE(settings->find("PYTORCH_CUDA_ALLOC_CONF")->asString(), std::string());
        QCOMPARE(settings->find("expandable_segments")->asBool(), false);
        QVERIFY(settings->find("max_split_size")->negative()); // SIZE_MAX through PyTorch's int64_t: -1
        QCOMPARE(settings->find("roundup_power2_divisions")->pairs().size(), std::size_t(16));
        const PickleValue& first = snap.find("device_traces")->items()[0].items()[0];
        QCOMPARE(first.find("compile_context")->asString(), std::string("N/A"));
        const auto started
            = QDateTime::fromString(QString::fromStdString(m_decoder.identity.startedAtUtc), Qt::ISODate);
        QVERIFY(started.isValid());
        const double firstUs = *first.find("time_us")->asNumber();
        QVERIFY2(
            std::abs(firstUs / 1e6 - static_cast<double>(started.toSecsSinceEpoch()) - m_decoder.trace[0].t) < 1e-3,
            std::to_string(firstUs).c_str());
        const std::string note = snap.find("iteragpu")->find("note")->asString();
        QVERIFY2(
            note.find("time_us is microseconds since 1970 from the run's start") != std::string::npos, note.c_str());
        const auto pool = interop::memoryVizSnapshot(runOnSim(decoderConfig(protocol::AllocatorKind::Async)));
        QCOMPARE(pool.find("allocator_settings")->find("PYTORCH_CUDA_ALLOC_CONF")->asString(),
            std::string("backend:cudaMallocAsync"));
    }

    // Out of memory: an oom entry with the request and the device's free memory; the driver's pool (no segments)
    // gets segments made up around its blocks, flagged; a trace that dropped its oldest events still replays.
    void memoryVizOfOomPoolAndDroppedRuns()
    {
        auto oomConfig = decoderConfig(protocol::AllocatorKind::Native);
        oomConfig.decoder->attention = protocol::AttentionKind::Eager;
        oomConfig.decoder->promptTokens = 4096; // the eager scores of 2 x 4 heads x 4096^2 do not fit
        oomConfig.simContextBytes = 16ull << 20;
        oomConfig.simWorkspaceBytes = 0;
        oomConfig.simCapacityBytes = 64ull << 20;
        const auto oom = runOnSim(oomConfig);
        QVERIFY2(std::any_of(
                     oom.phases.begin(), oom.phases.end(), [](const auto& p) { return p.outOfMemory.value_or(false); }),
            oom.error.c_str());
        QString path = m_dir.filePath(QStringLiteral("oom.pickle"));
        QVERIFY(writeBytes(path, interop::memoryVizPickle(oom)));
        QJsonObject s = runChecker("check_memory_viz.py", path);
        QVERIFY2(!s.contains(QStringLiteral("error")), qPrintable(s.value(QStringLiteral("error")).toString()));
        QCOMPARE(s.value(QStringLiteral("actions")).toObject().value(QStringLiteral("oom")).toInteger(),
            qint64(countOps(oom, alloc::TraceEvent::Op::Oom)));
        QVERIFY(countOps(oom, alloc::TraceEvent::Op::Oom) > 0);
        // device_free is an int in every oom entry (the viewer formats it as a number); unread, 0 and the note says so.
        {
            const PickleValue snap = interop::memoryVizSnapshot(oom);
            for (const auto& e : snap.find("device_traces")->items().back().items())
                if (e.find("action")->asString() == "oom")
                    QVERIFY(e.find("device_free")->isInt());
            protocol::RunResult unread = oom;
            for (auto& p : unread.phases)
                p.deviceAfter.freeBytes.reset();
            const PickleValue blind = interop::memoryVizSnapshot(unread);
            for (const auto& e : blind.find("device_traces")->items().back().items())
                if (e.find("action")->asString() == "oom")
                    QCOMPARE(e.find("device_free")->asUnsigned(), std::optional<std::uint64_t>(0));
            const std::string note = blind.find("iteragpu")->find("note")->asString();
            QVERIFY2(note.find("the device's free memory was not read") != std::string::npos, note.c_str());
        }

        const auto pool = runOnSim(decoderConfig(protocol::AllocatorKind::Async));
        path = m_dir.filePath(QStringLiteral("pool.pickle"));
        QVERIFY(writeBytes(path, interop::memoryVizPickle(pool)));
        s = runChecker("check_memory_viz.py", path);
        QVERIFY2(!s.contains(QStringLiteral("error")), qPrintable(s.value(QStringLiteral("error")).toString()));
        QVERIFY(interop::memoryVizSnapshot(pool).find("iteragpu")->find("made_up_segments")->magnitude() > 0);

        protocol::RunResult dropped = m_decoder;
        const std::size_t cut = dropped.trace.size() / 3;
        dropped.trace.erase(dropped.trace.begin(), dropped.trace.begin() + static_cast<std::ptrdiff_t>(cut));
        dropped.traceDropped = cut;
        path = m_dir.filePath(QStringLiteral("dropped.pickle"));
        QVERIFY(writeBytes(path, interop::memoryVizPickle(dropped)));
        s = runChecker("check_memory_viz.py", path);
        QVERIFY2(!s.contains(QStringLiteral("error")), qPrintable(s.value(QStringLiteral("error")).toString()));
        QCOMPARE(interop::memoryVizSnapshot(dropped).find("iteragpu")->find("events_dropped")->asUnsigned(),
            std::optional<std::uint64_t>(cut));
        QVERIFY(s.value(QStringLiteral("unmatched_frees")).toInt() > 0); // frees of blocks made before the window
    }

    void perfettoOfDecoderRun()
    {
        const auto trace = interop::perfettoTrace(m_decoder);
        const QString path = m_dir.filePath(QStringLiteral("decoder.json"));
        QVERIFY(writeBytes(path, trace.dump(1)));
        const QJsonObject s = runChecker("check_perfetto.py", path);
        QVERIFY2(!s.contains(QStringLiteral("error")), qPrintable(s.value(QStringLiteral("error")).toString()));
        QStringList expected;
        std::size_t samples = 0;
        for (const auto& p : m_decoder.phases) {
            expected << QString::fromStdString(protocol::phaseLabel(p));
            samples += p.samples.size();
        }
        expected.sort();
        QStringList slices;
        for (const auto& v : s.value(QStringLiteral("slices")).toArray())
            slices << v.toString();
        QCOMPARE(slices, expected);
        const auto counters = s.value(QStringLiteral("counters")).toObject();
        // A baseline and a final value per phase, and every kept sample.
        QCOMPARE(quint64(counters.value(QStringLiteral("allocated")).toInteger()),
            quint64(samples + 2 * m_decoder.phases.size()));
        QCOMPARE(counters.value(QStringLiteral("reserved")).toInteger(),
            counters.value(QStringLiteral("allocated")).toInteger());
        QVERIFY(counters.contains(QStringLiteral("device used")));
        QCOMPARE(counters.value(QStringLiteral("owner weights")).toInteger(), qint64(2 * m_decoder.phases.size()));
        QVERIFY(s.value(QStringLiteral("process_names"))
                    .toArray()
                    .first()
                    .toString()
                    .contains(QStringLiteral("simulated")));
        // The weights counter at the end of model_load holds the weights.
        const auto& load = m_decoder.phases.front();
        bool found = false;
        for (const auto& e : trace["traceEvents"])
            if (e["ph"] == "C" && e["name"] == "owner weights"
                && std::abs(e["ts"].get<double>() - *load.endSeconds * 1e6) < 1e-3) {
                QCOMPARE(e["args"]["bytes"].get<std::uint64_t>(), (*load.ownersAtFinal)[0]);
                found = true;
            }
        QVERIFY(found);
    }

    void perfettoMarksFailedPhases()
    {
        protocol::RunResult r = m_decoder;
        auto& p = r.phases.back();
        p.status = protocol::PhaseStatus::Failed;
        p.outOfMemory = true;
        p.error = "out of memory";
        const auto trace = interop::perfettoTrace(r);
        bool marked = false;
        for (const auto& e : trace["traceEvents"])
            if (e["ph"] == "X" && e["args"]["status"] == "failed") {
                QVERIFY(e["name"].get<std::string>().find("FAILED (out of memory)") != std::string::npos);
                QCOMPARE(e["args"]["out_of_memory"].get<bool>(), true);
                marked = true;
            }
        QVERIFY(marked);
    }

    // Snapshots in PyTorch's shape import with their phases and the figures the fixture script replayed.
    void importFixture_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("source");
        for (const char* n : { "annotated_p4", "annotated_p2", "oom_p4" })
            QTest::addRow("%s", n) << QString::fromLatin1(n) << QStringLiteral("record_function");
        QTest::addRow("metadata_p4") << QStringLiteral("metadata_p4") << QStringLiteral("user_metadata");
        QTest::addRow("windowed_p4") << QStringLiteral("windowed_p4") << QStringLiteral("user_metadata");
        QTest::addRow("plain_p2") << QStringLiteral("plain_p2") << QStringLiteral("one phase");
    }
    void importFixture()
    {
        QFETCH(QString, name);
        QFETCH(QString, source);
        const auto expected
            = nlohmann::json::parse(readBytes(dataDir() + QStringLiteral("/expected.json")))[name.toStdString()];
        protocol::RunResult r;
        std::string error;
        const QString file = dataDir() + QStringLiteral("/snap_") + name + QStringLiteral(".pickle");
        QVERIFY2(interop::importSnapshotFile(file.toStdString(), r, error), error.c_str());
        QVERIFY(r.imported);
        QCOMPARE(r.imported->format, std::string(interop::kSnapshotFormat));
        QCOMPARE(r.imported->entries, expected["entries"].get<std::uint64_t>());
        QVERIFY2(r.imported->note.find(source.toStdString()) != std::string::npos, r.imported->note.c_str());
        QVERIFY(!r.simulated);
        QCOMPARE(r.config.deviceId, std::string("cuda:0"));
        QCOMPARE(r.phases.size(), expected["phases"].size());
        for (std::size_t i = 0; i < r.phases.size(); ++i) {
            const auto& p = r.phases[i];
            const auto& e = expected["phases"][i];
            QCOMPARE(p.name, e["name"].get<std::string>());
            QCOMPARE(*p.baseline.allocated, e["baseline"][0].get<std::uint64_t>());
            QCOMPARE(*p.baseline.reserved, e["baseline"][1].get<std::uint64_t>());
            QCOMPARE(*p.peak.allocated, e["peak"][0].get<std::uint64_t>());
            QCOMPARE(*p.peak.reserved, e["peak"][1].get<std::uint64_t>());
            QCOMPARE(*p.final.allocated, e["final"][0].get<std::uint64_t>());
            QCOMPARE(*p.final.reserved, e["final"][1].get<std::uint64_t>());
            QCOMPARE(p.status == protocol::PhaseStatus::Failed, e["oom"].get<bool>());
            QCOMPARE(p.outOfMemory.value_or(false), e["oom"].get<bool>());
            QVERIFY(!p.samples.empty());
            QVERIFY(!p.deviceAfter.usedBytes); // a snapshot has no device-level reading: null, never 0
        }
        QCOMPARE(r.completed, !name.startsWith(QStringLiteral("oom")));
        // Through the result file and back: the same run, still marked imported.
        const QString out = m_dir.filePath(name + QStringLiteral(".json"));
        QVERIFY2(report::writeResultFile(out.toStdString(), r, error) == report::WriteError::None, error.c_str());
        protocol::RunResult back;
        QVERIFY2(report::readResultFile(out.toStdString(), back, error), error.c_str());
        QVERIFY(back.imported);
        QCOMPARE(back.imported->note, r.imported->note);
        QCOMPARE(back.imported->entries, r.imported->entries);
        QCOMPARE(back.phases.size(), r.phases.size());
        QCOMPARE(*back.phases.back().peak.allocated, *r.phases.back().peak.allocated);
        QCOMPARE(back.trace.size(), r.trace.size());
        // And out again to memory_viz: the imported trace replays as the viewer replays it.
        const QString again = m_dir.filePath(name + QStringLiteral("-again.pickle"));
        QVERIFY(writeBytes(again, interop::memoryVizPickle(back)));
        const QJsonObject s = runChecker("check_memory_viz.py", again);
        QVERIFY2(!s.contains(QStringLiteral("error")), qPrintable(s.value(QStringLiteral("error")).toString()));
        // Its note tells the truth about what it holds: the snapshot's requested sizes, not block sizes.
        PickleValue exported;
        QVERIFY2(interop::PickleReader().read(readBytes(again), exported, error), error.c_str());
        const std::string note = exported.find("iteragpu")->find("note")->asString();
        QVERIFY2(note.find("requested sizes of the imported snapshot") != std::string::npos, note.c_str());
        QVERIFY2(note.find("block sizes") == std::string::npos, note.c_str());
        // And in again: import -> export -> import keeps the peaks and the out-of-memory reading.
        protocol::RunResult twice;
        QVERIFY2(interop::importSnapshotFile(again.toStdString(), twice, error), error.c_str());
        auto highest = [](const protocol::RunResult& x) {
            std::uint64_t top = 0;
            for (const auto& p : x.phases)
                top = std::max(top, p.peak.allocated.value_or(0));
            return top;
        };
        // A windowed snapshot's blocks from before its window are in the first import's baseline but in no trace
        // entry, so the export cannot carry them (its note says so); the others round-trip to the byte.
        if (r.phases.front().baseline.allocated.value_or(1) == 0)
            QCOMPARE(highest(twice), highest(r));
        auto failed = [](const protocol::RunResult& x) -> const protocol::PhaseResult* {
            for (const auto& p : x.phases)
                if (p.outOfMemory.value_or(false))
                    return &p;
            return nullptr;
        };
        QCOMPARE(failed(twice) != nullptr, failed(r) != nullptr);
        if (failed(r)) {
            QVERIFY2(failed(r)->deviceAfter.freeBytes, "the snapshot's device_free is the phase's reading");
            QCOMPARE(failed(twice)->deviceAfter.freeBytes, failed(r)->deviceAfter.freeBytes);
        }
    }

    // The snapshot reader is linear in its input: dict keys are looked up by hash, record_function pairs matched
    // by name, and a memo reference costs the budgets what it holds (tests/support/snapshotbombs.h).
    void snapshotReaderIsLinear()
    {
        protocol::RunResult r;
        std::string error;
        interop::ImportWork work;
        // One entry dict of 2000 pairs shared by 2000 entries: a scan per lookup would compare 3 x 2000 x 2000 keys.
        constexpr std::size_t kPairs = 2000;
        const std::string wide = testsupport::sharedWideEntry(kPairs, kPairs);
        QVERIFY2(interop::importSnapshot(wide, "wide.pickle", r, error, {}, &work), error.c_str());
        QCOMPARE(r.imported->entries, std::uint64_t(kPairs));
        QVERIFY2(work.keySteps <= 20 * kPairs, std::to_string(work.keySteps).c_str());
        // 20 000 nested STARTs and 20 000 ENDs that match none of them: a scan per END would take 4 x 10^8 steps.
        constexpr std::size_t kMarks = 20000;
        const std::string marks = testsupport::unmatchedAnnotations(kMarks);
        QVERIFY2(interop::importSnapshot(marks, "marks.pickle", r, error, {}, &work), error.c_str());
        QCOMPARE(r.phases.size(), std::size_t(1));
        QCOMPARE(r.phases[0].name, std::string("outer"));
        QVERIFY2(work.regionSteps <= 4 * kMarks, std::to_string(work.regionSteps).c_str());
    }

    // A memoised entry is fetched for what it holds: its strings and values count against the budgets at every
    // reference, so a 1 MB file cannot become gigabytes of copies.
    void snapshotMemoBudgets()
    {
        protocol::RunResult r;
        std::string error;
        // 64 KiB of user_metadata referenced 3000 times is 192 MiB of str: over a 64 MiB budget.
        interop::PickleLimits limits;
        limits.maxTotalStringBytes = std::size_t { 64 } << 20;
        const std::string small = testsupport::sharedLongMetadata(std::size_t { 64 } << 10, 3000);
        QVERIFY(!interop::importSnapshot(small, "meta.pickle", r, error, limits));
        QVERIFY2(error.find("bytes of str in all (memo references counted whole)") != std::string::npos, error.c_str());
        QVERIFY(!r.imported);
        // The issue's case with the default budgets: a 1 MiB str in an entry referenced 3000 times (3 GiB).
        const std::string large = testsupport::sharedLongMetadata(std::size_t { 1 } << 20, 3000);
        QVERIFY(!interop::importSnapshot(large, "meta.pickle", r, error));
        QVERIFY2(error.find("more than 1073741824 bytes of str in all") != std::string::npos, error.c_str());
        // Within the budget the same shape imports: 64 KiB referenced 100 times.
        QVERIFY2(interop::importSnapshot(
                     testsupport::sharedLongMetadata(std::size_t { 64 } << 10, 100), "ok.pickle", r, error, limits),
            error.c_str());
        QCOMPARE(r.phases.size(), std::size_t(1));
        QCOMPARE(r.phases[0].name.size(), std::size_t { 64 } << 10);
        // An entry of 20 000 pairs referenced 20 000 times holds 8 x 10^8 values: over the 2 x 10^7 budget.
        QVERIFY(!interop::importSnapshot(testsupport::sharedWideEntry(20000, 20000), "wide.pickle", r, error));
        QVERIFY2(error.find("more than 20000000 values (memo references counted whole)") != std::string::npos,
            error.c_str());
    }

    void importRefuses_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::addRow("truncated") << QStringLiteral("truncated") << QStringLiteral("truncated");
        QTest::addRow("GLOBAL (protocol 2)") << QStringLiteral("global_p2") << QStringLiteral("uses GLOBAL");
        QTest::addRow("STACK_GLOBAL (protocol 4)")
            << QStringLiteral("global_p4") << QStringLiteral("uses STACK_GLOBAL");
        QTest::addRow("huge str") << QStringLiteral("huge_string") << QStringLiteral("a str of 4294967280 bytes");
        QTest::addRow("huge LONG4") << QStringLiteral("huge_long") << QStringLiteral("an integer of 2147483647 bytes");
        QTest::addRow("deep") << QStringLiteral("deep") << QStringLiteral("nested deeper than 32");
        QTest::addRow("self reference") << QStringLiteral("self_reference") << QStringLiteral("self-referencing");
        QTest::addRow("not a snapshot") << QStringLiteral("not_a_snapshot") << QStringLiteral("not a memory snapshot");
        QTest::addRow("no traces") << QStringLiteral("no_traces") << QStringLiteral("device_traces are empty");
        // Named by the trace's net total against the end state, not by the entry where the replay noticed.
        QTest::addRow("inconsistent") << QStringLiteral("inconsistent")
                                      << QStringLiteral("does not add up to the snapshot's end state: its entries "
                                                        "allocate a net 512 bytes (alloc minus free_completed) where "
                                                        "the end-state blocks hold 0 of cuda:0");
    }
    void importRefuses()
    {
        QFETCH(QString, name);
        QFETCH(QString, message);
        protocol::RunResult r;
        std::string error;
        const QString file = dataDir() + QStringLiteral("/bad_") + name + QStringLiteral(".pickle");
        QVERIFY(!interop::importSnapshotFile(file.toStdString(), r, error));
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
        QVERIFY(!r.imported);
    }
};

QTEST_GUILESS_MAIN(TestInterop)
#include "tst_interop.moc"
