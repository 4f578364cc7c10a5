// SPDX-License-Identifier: Apache-2.0
#include "core/model/configreader.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runsummary.h"
#include "core/registry/backendregistry.h"
#include "core/runner/preparerun.h"
#include "core/runner/runner.h"
#include "core/report/resultjson.h"
#include "core/sim/simbackend.h"
#include "core/workloads/densepredictor.h"
#include "core/units/units.h"

#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <condition_variable>
#include <fstream>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using protocol::AllocatorKind;
using protocol::Mode;
using protocol::PhaseStatus;

namespace {

struct SimRun {
    explicit SimRun(std::uint64_t capacity = sim::kDefaultSimCapacity)
        : backend(sim::SimOptions { capacity, 0 })
    {
    }
    protocol::BackendDescription description() { return { "sim", backend.runtimeDescription(), true }; }
    protocol::DeviceFactory factory()
    {
        return [this](device::Status& s) { return backend.open(0, s); };
    }
    sim::SimBackend backend;
};

class RecordingObserver : public protocol::RunObserver {
public:
    void phaseStarted(std::uint64_t runId, const protocol::PhaseResult& p) override
    {
        std::lock_guard lock(m);
        started.push_back(p.index);
        ids.push_back(runId);
        if (cancelAtStart == p.index && runner)
            runner->cancel();
    }
    void samplesReady(std::uint64_t runId, const std::vector<protocol::Sample>& batch) override
    {
        std::lock_guard lock(m);
        ids.push_back(runId);
        samples += batch.size();
        ++batches;
    }
    void phaseFinished(std::uint64_t runId, const protocol::PhaseResult& p) override
    {
        std::lock_guard lock(m);
        ids.push_back(runId);
        finished.push_back(p.index);
    }
    void runFinished(std::uint64_t runId, const protocol::RunResult&) override
    {
        std::lock_guard lock(m);
        ids.push_back(runId);
        ++runsFinished;
    }
    std::mutex m;
    std::vector<int> started, finished;
    std::vector<std::uint64_t> ids;
    std::size_t samples = 0, batches = 0;
    int runsFinished = 0;
    int cancelAtStart = -1;
    protocol::Runner* runner = nullptr;
};

protocol::RunConfig config(Mode mode, std::uint64_t batch, std::uint64_t context, std::uint64_t width, device::DType dt,
    AllocatorKind allocator, bool emptyCache)
{
    protocol::RunConfig c;
    c.mode = mode;
    c.batch = batch;
    c.context = context;
    c.width = width;
    c.dtype = dt;
    c.allocator = allocator;
    c.emptyCacheBetweenRepeats = emptyCache;
    c.warmup = 2;
    c.repeats = 3;
    return c;
}

} // namespace

class TestProtocol : public QObject {
    Q_OBJECT
private slots:
    void predictedEqualsMeasured_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("width");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<int>("allocator");
        QTest::addColumn<bool>("emptyCache");
        const int inf = int(Mode::Inference), tr = int(Mode::Training);
        const int f32 = int(device::DType::Float32), f16 = int(device::DType::Float16),
                  bf16 = int(device::DType::BFloat16);
        const int nat = int(AllocatorKind::Native), asy = int(AllocatorKind::Async);
        for (int alloc : { nat, asy }) {
            const char* a = alloc == nat ? "native" : "async";
            QTest::addRow("%s inference seed shape 2x128x1024 f32", a)
                << inf << 2ull << 128ull << 1024ull << f32 << alloc << false;
            QTest::addRow("%s inference tiny 1x1x8 f16", a) << inf << 1ull << 1ull << 8ull << f16 << alloc << false;
            QTest::addRow("%s inference 4x77x300 bf16", a) << inf << 4ull << 77ull << 300ull << bf16 << alloc << false;
            QTest::addRow("%s inference 1x2048x2048 f16 empty cache", a)
                << inf << 1ull << 2048ull << 2048ull << f16 << alloc << true;
            QTest::addRow("%s training 2x128x1024 f32", a) << tr << 2ull << 128ull << 1024ull << f32 << alloc << false;
            QTest::addRow("%s training 3x50x96 bf16", a) << tr << 3ull << 50ull << 96ull << bf16 << alloc << false;
            QTest::addRow("%s training 8x256x512 f16 empty cache", a)
                << tr << 8ull << 256ull << 512ull << f16 << alloc << true;
            QTest::addRow("%s training 1x1x1 f32", a) << tr << 1ull << 1ull << 1ull << f32 << alloc << false;
        }
    }

    void predictedEqualsMeasured()
    {
        QFETCH(int, mode);
        QFETCH(quint64, batch);
        QFETCH(quint64, context);
        QFETCH(quint64, width);
        QFETCH(int, dtype);
        QFETCH(int, allocator);
        QFETCH(bool, emptyCache);
        const auto c
            = config(Mode(mode), batch, context, width, device::DType(dtype), AllocatorKind(allocator), emptyCache);
        SimRun sim;
        const auto result = protocol::Runner::runBlocking(c, sim.description(), sim.factory(), nullptr);
        const auto prediction = workloads::predictWorkload(c);
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.completed);
        QVERIFY(result.simulated);
        QCOMPARE(result.phases.size(), protocol::planPhases(c).size());
        QCOMPARE(prediction.phases.size(), result.phases.size());
        for (const auto& p : result.phases) {
            const auto& pred = prediction.phases[std::size_t(p.index)];
            const std::string where = p.name + " #" + std::to_string(p.index);
            QVERIFY2(p.status == PhaseStatus::Ok, (where + ": " + p.error).c_str());
            QVERIFY2(p.predictedPeakAllocated.has_value(), where.c_str());
            QCOMPARE(*p.peak.allocated, *p.predictedPeakAllocated);
            QCOMPARE(*p.baseline.allocated, pred.baselineAllocated);
            QCOMPARE(*p.final.allocated, pred.finalAllocated);
            if (pred.peakReserved)
                QCOMPARE(*p.peak.reserved, *pred.peakReserved);
            QVERIFY(*p.peak.allocated >= *p.baseline.allocated);
            QVERIFY(*p.peak.reserved >= *p.peak.allocated);
            QVERIFY(p.deviceAfter.processUsedBytes.has_value());
            QCOMPARE(p.deviceAfter.processUsedSource, std::string("simulated"));
            QVERIFY(p.samples.size() >= 2);
        }
        // The weights are live from model_load to the end: model_load's final is their rounded size.
        const std::uint64_t elem = device::dtypeSize(device::DType(dtype));
        const std::uint64_t params = 8 * width * width + 5 * width;
        QVERIFY(*result.phases[0].final.allocated >= params * elem);
        QCOMPARE(prediction.parameterCount, params);
    }

    void outOfMemoryEndsTheRunCleanly_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("allocator");
        QTest::addColumn<quint64>("capacity");
        QTest::addRow("inference native 40 MiB")
            << int(Mode::Inference) << int(AllocatorKind::Native) << quint64(40 * units::kMiB);
        QTest::addRow("training native 48 MiB")
            << int(Mode::Training) << int(AllocatorKind::Native) << quint64(48 * units::kMiB);
        QTest::addRow("training async 48 MiB")
            << int(Mode::Training) << int(AllocatorKind::Async) << quint64(48 * units::kMiB);
        QTest::addRow("model does not fit, 8 MiB")
            << int(Mode::Inference) << int(AllocatorKind::Native) << quint64(8 * units::kMiB);
    }

    void outOfMemoryEndsTheRunCleanly()
    {
        QFETCH(int, mode);
        QFETCH(int, allocator);
        QFETCH(quint64, capacity);
        auto c = config(Mode(mode), 2, 128, 1024, device::DType::Float32, AllocatorKind(allocator), false);
        c.simCapacityBytes = capacity;
        SimRun sim(capacity);
        const auto result = protocol::Runner::runBlocking(c, sim.description(), sim.factory(), nullptr);
        QVERIFY(!result.completed);
        QVERIFY(result.error.empty());
        int failed = -1;
        for (const auto& p : result.phases) {
            if (p.status == PhaseStatus::Failed) {
                QCOMPARE(failed, -1);
                failed = p.index;
                QVERIFY2(p.error.find("out of memory") != std::string::npos, p.error.c_str());
                QCOMPARE(p.outOfMemory, std::optional<bool>(true)); // from the device status, not the words
                QVERIFY(p.peak.allocated && p.final.allocated && p.baseline.allocated); // last values kept
                QVERIFY(!p.dimensions.empty());
                QVERIFY(p.predictedPeakAllocated && *p.predictedPeakAllocated > *p.peak.allocated);
            } else if (failed >= 0) {
                QCOMPARE(p.status, PhaseStatus::NotRun);
                QVERIFY(!p.baseline.allocated && !p.peak.allocated && !p.final.reserved);
                QVERIFY(!p.deviceBefore.freeBytes && !p.deviceAfter.processUsedBytes);
                QVERIFY(!p.durationSeconds);
                QVERIFY(!p.outOfMemory);
            } else {
                QCOMPARE(p.status, PhaseStatus::Ok);
                QCOMPARE(p.outOfMemory, std::optional<bool>(false));
            }
        }
        QVERIFY(failed >= 0);
        const protocol::RunSummary summary = protocol::summarize(result);
        QCOMPARE(summary.firstFailure, std::optional<std::size_t>(std::size_t(failed)));
        QVERIFY(summary.firstFailureOutOfMemory);
        QCOMPARE(summary.passed, std::size_t(failed));
        QCOMPARE(summary.failed, std::size_t { 1 });
        QCOMPARE(summary.notRun, result.phases.size() - std::size_t(failed) - 1);
        QVERIFY(!summary.completed);
        QVERIFY2(summary.message().english().find("out of memory in " + summary.firstFailureLabel)
                != std::string::npos,
            summary.message().english().c_str());
        // The file is still written and reads back with the failure and the not_run phases.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("oom.json")).toStdString();
        std::string error;
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::None);
        protocol::RunResult back;
        QVERIFY2(report::readResultFile(path, back, error), error.c_str());
        QCOMPARE(back.phases[std::size_t(failed)].status, PhaseStatus::Failed);
        QCOMPARE(back.phases[std::size_t(failed)].outOfMemory, std::optional<bool>(true));
        QCOMPARE(back.phases.front().outOfMemory, std::optional<bool>(failed == 0));
        if (std::size_t(failed) + 1 < back.phases.size()) {
            QCOMPARE(back.phases.back().status, PhaseStatus::NotRun);
            QVERIFY(!back.phases.back().peak.allocated);
        }
        std::ifstream in(path);
        const auto j = nlohmann::json::parse(in);
        QVERIFY(j["phases"].back()["peak"]["allocated"].is_null() == (std::size_t(failed) + 1 < back.phases.size()));
    }

    void cancelStopsAtThePhaseBoundary_data()
    {
        QTest::addColumn<int>("cancelAt");
        QTest::addRow("before inputs") << 1;
        QTest::addRow("during warm repeats") << 4;
    }

    void cancelStopsAtThePhaseBoundary()
    {
        QFETCH(int, cancelAt);
        auto c = config(Mode::Inference, 2, 64, 256, device::DType::Float32, AllocatorKind::Native, false);
        SimRun sim;
        protocol::Runner runner;
        RecordingObserver observer;
        observer.runner = &runner;
        observer.cancelAtStart = cancelAt; // cancel() is called while that phase runs
        const auto id = runner.start(c, sim.description(), sim.factory(), &observer);
        QVERIFY(id > 0);
        const auto result = runner.wait();
        QVERIFY(!runner.running());
        QVERIFY(result.cancelled);
        QVERIFY(!result.completed);
        QCOMPARE(result.identity.runId, id);
        for (const auto& p : result.phases)
            QCOMPARE(p.status, p.index <= cancelAt ? PhaseStatus::Ok : PhaseStatus::NotRun);
        QCOMPARE(observer.runsFinished, 1);
        QCOMPARE(int(observer.finished.size()), cancelAt + 1);
        for (auto got : observer.ids)
            QCOMPARE(got, id);
        QVERIFY(observer.samples >= std::size_t(2 * (cancelAt + 1)));
    }

    // Note [Stop within a phase]: a Stop during a phase of several iterations ends it after the one running, marks
    // it interrupted with how far it got, and runs nothing after; the file keeps it.
    void stopActsWithinAPhase_data()
    {
        QTest::addColumn<bool>("decoder");
        QTest::addColumn<int>("phase");
        QTest::addColumn<quint32>("planned");
        QTest::addRow("dense warmup") << false << 3 << quint32 { 5 };
        QTest::addRow("decoder decode") << true << 3 << quint32 { 16 };
    }

    void stopActsWithinAPhase()
    {
        QFETCH(bool, decoder);
        QFETCH(int, phase);
        QFETCH(quint32, planned);
        auto c = config(Mode::Inference, 2, 64, 256, device::DType::Float32, AllocatorKind::Native, false);
        c.warmup = planned;
        if (decoder) {
            protocol::DecoderSpec d;
            d.shape = model::ConfigReader::parse(R"({"model_type": "llama", "hidden_size": 32, "num_hidden_layers": 2,
                "num_attention_heads": 4, "intermediate_size": 48, "vocab_size": 72})",
                "tiny/config.json");
            d.promptTokens = 8;
            d.generated = planned;
            d.decodeChunk = 0;
            c.workload = protocol::WorkloadKind::Decoder;
            c.dtype = device::DType::BFloat16;
            c.decoder = d;
            c.warmup = 1;
        }
        SimRun sim;
        protocol::Runner runner;
        RecordingObserver observer;
        observer.runner = &runner;
        observer.cancelAtStart = phase;
        QVERIFY(runner.start(c, sim.description(), sim.factory(), &observer) > 0);
        const auto result = runner.wait();
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.cancelled);
        QVERIFY(!result.completed);
        const auto& cut = result.phases.at(std::size_t(phase));
        QCOMPARE(cut.name, std::string(decoder ? "decode" : "warmup"));
        QCOMPARE(cut.status, PhaseStatus::Interrupted);
        QCOMPARE(cut.iterationsDone, std::optional<std::uint32_t>(1));
        QCOMPARE(cut.iterationsPlanned, std::optional<std::uint32_t>(planned));
        QVERIFY(cut.peak.allocated && cut.final.reserved); // its readings are real
        for (const auto& p : result.phases)
            if (p.index != phase)
                QCOMPARE(p.status, p.index < phase ? PhaseStatus::Ok : PhaseStatus::NotRun);
        const protocol::RunSummary summary = protocol::summarize(result);
        QCOMPARE(summary.interrupted, std::size_t { 1 });
        QCOMPARE(summary.ran(), std::size_t(phase + 1));
        QVERIFY2(summary.message().english().find("stopped during " + cut.name) != std::string::npos,
            summary.message().english().c_str());

        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("stopped.json")).toStdString();
        std::string error;
        QCOMPARE(report::writeResultFile(path, result, error), report::WriteError::None);
        protocol::RunResult back;
        QVERIFY2(report::readResultFile(path, back, error), error.c_str());
        QCOMPARE(back.phases.at(std::size_t(phase)).status, PhaseStatus::Interrupted);
        QCOMPARE(back.phases.at(std::size_t(phase)).iterationsDone, std::optional<std::uint32_t>(1));
        QCOMPARE(back.phases.at(std::size_t(phase)).iterationsPlanned, std::optional<std::uint32_t>(planned));

        // A forged file: the count without the status, the status without the count, a count that is not a cut.
        std::ifstream in(path);
        const auto j = nlohmann::json::parse(in);
        const auto refused = [&](nlohmann::json forged, const char* why) {
            const std::string forgedPath = dir.filePath(QStringLiteral("forged.json")).toStdString();
            std::ofstream(forgedPath) << forged.dump();
            protocol::RunResult r;
            std::string e;
            QVERIFY2(!report::readResultFile(forgedPath, r, e), why);
            QVERIFY2(e.find("interrupted") != std::string::npos, e.c_str());
        };
        auto forged = j;
        forged["phases"][0]["interrupted"] = { { "iterations_done", 1 }, { "iterations_planned", 2 } };
        refused(forged, "an ok phase with a cut");
        forged = j;
        forged["phases"][phase]["interrupted"] = nullptr;
        refused(forged, "an interrupted phase without its count");
        forged = j;
        forged["phases"][phase]["interrupted"]["iterations_done"] = planned;
        refused(forged, "all iterations done is no interruption");
    }

    void observerSeesEveryPhaseInOrder()
    {
        auto c = config(Mode::Training, 2, 16, 64, device::DType::BFloat16, AllocatorKind::Native, false);
        SimRun sim;
        RecordingObserver observer;
        protocol::Runner runner;
        runner.start(c, sim.description(), sim.factory(), &observer);
        QCOMPARE(runner.start(c, sim.description(), sim.factory(), &observer), std::uint64_t(0)); // one at a time
        const auto result = runner.wait();
        QVERIFY(result.completed);
        std::vector<int> expected;
        for (const auto& p : result.phases)
            expected.push_back(p.index);
        QCOMPARE(observer.started, expected);
        QCOMPARE(observer.finished, expected);
        QVERIFY(observer.batches >= 1);
        QVERIFY(!result.trace.empty());
        QCOMPARE(result.trialOrder.size(), result.phases.size());
    }

    void nextRunCanStartFromRunFinished()
    {
        auto c = config(Mode::Inference, 1, 8, 32, device::DType::Float16, AllocatorKind::Native, false);
        SimRun sim;
        protocol::Runner runner;
        struct Chain : protocol::RunObserver {
            void runFinished(std::uint64_t id, const protocol::RunResult&) override
            {
                std::lock_guard lock(m);
                finished.push_back(id);
                if (finished.size() == 1)
                    second = runner->start(config, backend, factory, this);
                cv.notify_all();
            }
            protocol::Runner* runner = nullptr;
            protocol::RunConfig config;
            protocol::BackendDescription backend;
            protocol::DeviceFactory factory;
            std::mutex m;
            std::condition_variable cv;
            std::vector<std::uint64_t> finished;
            std::uint64_t second = 0;
        } chain;
        chain.runner = &runner;
        chain.config = c;
        chain.backend = sim.description();
        chain.factory = sim.factory();
        const auto first = runner.start(c, sim.description(), sim.factory(), &chain);
        {
            std::unique_lock lock(chain.m);
            chain.cv.wait(lock, [&chain] { return chain.finished.size() == 2; });
        }
        QVERIFY(chain.second > first);
        QCOMPARE(chain.finished, (std::vector<std::uint64_t> { first, chain.second }));
        const auto result = runner.wait();
        QCOMPARE(result.identity.runId, chain.second);
        QVERIFY(result.completed);
    }

    void missingDeviceIsARunError()
    {
        auto c = config(Mode::Inference, 1, 1, 8, device::DType::Float32, AllocatorKind::Native, false);
        protocol::DeviceFactory none = [](device::Status& s) -> std::unique_ptr<device::DeviceContext> {
            s = device::Status::error("no device cuda:0: CUDA driver not found");
            return nullptr;
        };
        const auto r = protocol::Runner::runBlocking(c, { "cuda", "", false }, none, nullptr);
        QVERIFY(r.deviceMissing);
        QCOMPARE(r.error, std::string("no device cuda:0: CUDA driver not found"));
        for (const auto& p : r.phases)
            QCOMPARE(p.status, PhaseStatus::NotRun);
    }

    void invalidConfig_data()
    {
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<quint64>("width");
        QTest::addRow("zero batch") << 0ull << 8ull;
        QTest::addRow("zero width") << 1ull << 0ull;
        QTest::addRow("width overflows") << 1ull << (1ull << 62);
        QTest::addRow("tensor over 2^63 bytes") << (1ull << 40) << (1ull << 20);
    }

    void invalidConfig()
    {
        QFETCH(quint64, batch);
        QFETCH(quint64, width);
        auto c = config(Mode::Training, batch, 1, width, device::DType::Float32, AllocatorKind::Native, false);
        QVERIFY(!protocol::validateConfig(c).empty());
        QVERIFY(!workloads::predictWorkload(c).error.empty());
        SimRun sim;
        const auto r = protocol::Runner::runBlocking(c, sim.description(), sim.factory(), nullptr);
        QVERIFY(!r.error.empty());
        QVERIFY(!r.completed);
    }

    // The decoder's phase order: prefill, decode in records of decode_chunk steps, warm-up, warm prefills.
    void decoderPlan_data()
    {
        QTest::addColumn<quint64>("generated");
        QTest::addColumn<quint64>("chunk");
        QTest::addColumn<QStringList>("order");
        const QStringList tail { QStringLiteral("warmup"), QStringLiteral("warm_prefill#0"),
            QStringLiteral("warm_prefill#1") };
        const QStringList head { QStringLiteral("model_load"), QStringLiteral("inputs"), QStringLiteral("prefill") };
        QTest::addRow("one decode record") << 5ull << 0ull << (head + QStringList { QStringLiteral("decode") } + tail);
        QTest::addRow("chunk larger than the steps") << 5ull << 9ull
                                                    << (head + QStringList { QStringLiteral("decode") } + tail);
        QTest::addRow("chunks of 2, the last shorter")
            << 5ull << 2ull
            << (head + QStringList { QStringLiteral("decode#0"), QStringLiteral("decode#1"), QStringLiteral("decode#2") }
                + tail);
        QTest::addRow("no generation") << 0ull << 0ull << (head + tail);
    }

    void decoderPlan()
    {
        QFETCH(quint64, generated);
        QFETCH(quint64, chunk);
        QFETCH(QStringList, order);
        protocol::RunConfig c;
        c.workload = protocol::WorkloadKind::Decoder;
        c.warmup = 2;
        c.repeats = 2;
        protocol::DecoderSpec d;
        d.generated = generated;
        d.decodeChunk = chunk;
        c.decoder = d;
        QStringList names;
        std::uint64_t steps = 0;
        for (const auto& p : protocol::planPhases(c)) {
            names << QString::fromStdString(p.repeat ? p.name + "#" + std::to_string(*p.repeat) : p.name);
            if (p.kind == protocol::PhaseKind::Decode)
                steps += p.iterations;
            if (p.kind == protocol::PhaseKind::Warmup)
                QCOMPARE(p.iterations, 2u);
        }
        QCOMPARE(names, order);
        QCOMPARE(steps, std::uint64_t(generated));
        QCOMPARE(protocol::plannedPhaseCount(c), std::optional<std::uint64_t>(protocol::planPhases(c).size()));
    }

    // Limits that follow from memory: the record a run keeps (phases x samples) is bounded before anything is
    // made; 1 000 000 repeats took gigabytes of host memory before the first phase. The count is planPhases's.
    void recordSizeIsBounded_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<quint32>("warmup");
        QTest::addColumn<quint32>("repeats");
        QTest::addColumn<bool>("fits");
        QTest::addRow("inference, defaults") << int(Mode::Inference) << 3u << 5u << true;
        QTest::addRow("training, no warm-up") << int(Mode::Training) << 0u << 7u << true;
        QTest::addRow("10 000 repeats fit") << int(Mode::Inference) << 3u << 10'000u << true;
        QTest::addRow("1 000 000 repeats") << int(Mode::Inference) << 3u << 1'000'000u << false;
        QTest::addRow("training, 100 000 repeats") << int(Mode::Training) << 3u << 100'000u << false;
    }
    void recordSizeIsBounded()
    {
        QFETCH(int, mode);
        QFETCH(quint32, warmup);
        QFETCH(quint32, repeats);
        QFETCH(bool, fits);
        auto c = config(Mode(mode), 1, 8, 16, device::DType::Float32, AllocatorKind::Native, false);
        c.warmup = warmup;
        c.repeats = repeats;
        const std::string error = protocol::validateConfig(c);
        QCOMPARE(error.empty(), fits);
        QCOMPARE(*protocol::runRecordBytes(c) <= protocol::kMaxRunRecordBytes, fits);
        if (fits) {
            QCOMPARE(protocol::plannedPhaseCount(c), std::optional<std::uint64_t>(protocol::planPhases(c).size()));
            return;
        }
        QVERIFY2(error.find("phase records of up to 2 048 samples") != std::string::npos, error.c_str());
        QVERIFY2(error.find("repeats fit with these settings") != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
        // The advice holds: the repeats it names fit, one more does not.
        const auto at = error.find("at most ") + 8;
        std::string digits;
        for (char ch : error.substr(at, error.find(" repeats fit") - at))
            if (ch != ' ')
                digits += ch;
        c.repeats = static_cast<std::uint32_t>(std::stoul(digits));
        QVERIFY2(protocol::validateConfig(c).empty(), protocol::validateConfig(c).c_str());
        ++c.repeats;
        QVERIFY(!protocol::validateConfig(c).empty());
        QVERIFY(!workloads::predictWorkload(c).error.empty());
    }

    // Each invalid decoder configuration is refused in one line that names what is wrong.
    void decoderConfigRejected_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("message");
        QTest::addRow("no model") << QStringLiteral("no-model") << QStringLiteral("needs a model");
        QTest::addRow("training without its recipe") << QStringLiteral("training") << QStringLiteral("needs its recipe");
        QTest::addRow("no layers") << QStringLiteral("layers=0") << QStringLiteral("shape is incomplete");
        QTest::addRow("KV heads do not divide") << QStringLiteral("kv=3") << QStringLiteral("do not divide the heads");
        QTest::addRow("odd head_dim") << QStringLiteral("headdim=15") << QStringLiteral("odd");
        QTest::addRow("windows for other layers") << QStringLiteral("windows=1") << QStringLiteral("attention windows");
        QTest::addRow("a window of 0") << QStringLiteral("window0") << QStringLiteral("0 tokens");
        QTest::addRow("top-k above the experts") << QStringLiteral("topk=9") << QStringLiteral("experts per token");
        QTest::addRow("no sequences") << QStringLiteral("sequences=0") << QStringLiteral("at least 1 sequence");
        QTest::addRow("quantized in fp32") << QStringLiteral("nf4-fp32") << QStringLiteral("compute in 16 bit");
        // Beyond what the kernels index (as int), then within it but beyond 2^63 bytes of one tensor.
        QTest::addRow("1e12 prompt tokens") << QStringLiteral("prompt=1e12") << QStringLiteral("at most 2147483647");
        QTest::addRow("tokens overflow") << QStringLiteral("prompt=max") << QStringLiteral("at most 2147483647");
        QTest::addRow("2^31-1 sequences of 2^31-1 tokens")
            << QStringLiteral("int-max") << QStringLiteral("too large");
        QTest::addRow("10^8 decode records") << QStringLiteral("chunk=1") << QStringLiteral("a larger decode chunk");
    }

    void decoderConfigRejected()
    {
        QFETCH(QString, change);
        QFETCH(QString, message);
        protocol::RunConfig c;
        c.workload = protocol::WorkloadKind::Decoder;
        protocol::DecoderSpec d;
        d.shape.family = "llama";
        d.shape.layers = 2;
        d.shape.hidden = 64;
        d.shape.intermediate = 128;
        d.shape.heads = 4;
        d.shape.kvHeads = 2;
        d.shape.headDim = 16;
        d.shape.vocab = 100;
        d.shape.layerWindows = { std::nullopt, std::nullopt };
        d.shape.experts = 4;
        d.shape.expertsPerToken = 2;
        d.promptTokens = 8;
        d.generated = 2;
        c.decoder = d;
        QVERIFY2(protocol::validateConfig(c).empty(), protocol::validateConfig(c).c_str()); // the base is valid
        const std::string x = change.toStdString();
        auto& m = c.decoder->shape;
        if (x == "no-model")
            c.decoder.reset();
        else if (x == "training")
            c.mode = Mode::Training;
        else if (x == "layers=0")
            m.layers = 0;
        else if (x == "kv=3")
            m.kvHeads = 3;
        else if (x == "headdim=15")
            m.headDim = 15;
        else if (x == "windows=1")
            m.layerWindows = { std::nullopt };
        else if (x == "window0")
            m.layerWindows = { std::uint64_t(0), std::nullopt };
        else if (x == "topk=9")
            m.expertsPerToken = 9;
        else if (x == "sequences=0")
            c.decoder->sequences = 0;
        else if (x == "nf4-fp32") {
            c.decoder->storage = protocol::WeightStorage::Nf4;
            c.dtype = device::DType::Float32;
        } else if (x == "prompt=1e12")
            c.decoder->promptTokens = 1'000'000'000'000ULL;
        else if (x == "prompt=max")
            c.decoder->promptTokens = std::numeric_limits<std::uint64_t>::max();
        else if (x == "int-max") {
            c.decoder->sequences = std::numeric_limits<std::int32_t>::max();
            c.decoder->promptTokens = std::numeric_limits<std::int32_t>::max();
        }
        else if (x == "chunk=1") {
            c.decoder->generated = 100'000'000;
            c.decoder->decodeChunk = 1;
        }
        const std::string error = protocol::validateConfig(c);
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    // A non-OOM failure is a failure, never counted as out of memory, whatever its words say.
    void summaryCountsFromTheRecords_data()
    {
        QTest::addColumn<QString>("statuses"); // o ok, f failed (not OOM), m failed out of memory, n not run
        QTest::addColumn<int>("passed");
        QTest::addColumn<int>("failed");
        QTest::addColumn<int>("notRun");
        QTest::addColumn<int>("firstFailure");
        QTest::addColumn<bool>("oom");
        QTest::addColumn<bool>("completed");
        QTest::addRow("all passed") << QStringLiteral("oooo") << 4 << 0 << 0 << -1 << false << true;
        QTest::addRow("5 ok, 1 OOM, 8 not run")
            << QStringLiteral("ooooomnnnnnnnn") << 5 << 1 << 8 << 5 << true << false;
        QTest::addRow("failure that says OOM in words") << QStringLiteral("ofn") << 1 << 1 << 1 << 1 << false << false;
        QTest::addRow("stopped") << QStringLiteral("oonnn") << 2 << 0 << 3 << -1 << false << false;
        QTest::addRow("nothing ran") << QStringLiteral("nnn") << 0 << 0 << 3 << -1 << false << false;
    }

    void summaryCountsFromTheRecords()
    {
        QFETCH(QString, statuses);
        QFETCH(int, passed);
        QFETCH(int, failed);
        QFETCH(int, notRun);
        QFETCH(int, firstFailure);
        QFETCH(bool, oom);
        QFETCH(bool, completed);
        protocol::RunResult r;
        for (int i = 0; i < statuses.size(); ++i) {
            protocol::PhaseResult p;
            p.index = i;
            p.name = "phase";
            p.repeat = static_cast<std::uint32_t>(i);
            const QChar c = statuses.at(i);
            p.status = c == QLatin1Char('o') ? PhaseStatus::Ok
                : c == QLatin1Char('n')      ? PhaseStatus::NotRun
                                             : PhaseStatus::Failed;
            if (c == QLatin1Char('f'))
                p.error = "kernel failed; its text mentions out of memory, its status does not";
            if (p.status != PhaseStatus::NotRun)
                p.outOfMemory = c == QLatin1Char('m');
            r.phases.push_back(p);
        }
        r.completed = completed;
        r.cancelled = statuses == QLatin1String("oonnn");
        const auto s = protocol::summarize(r);
        QCOMPARE(int(s.planned), int(statuses.size()));
        QCOMPARE(int(s.passed), passed);
        QCOMPARE(int(s.failed), failed);
        QCOMPARE(int(s.notRun), notRun);
        QCOMPARE(int(s.ran()), passed + failed);
        QCOMPARE(s.firstFailure.has_value(), firstFailure >= 0);
        if (firstFailure >= 0) {
            QCOMPARE(int(*s.firstFailure), firstFailure);
            QCOMPARE(s.firstFailureLabel, "phase#" + std::to_string(firstFailure));
        }
        QCOMPARE(s.firstFailureOutOfMemory, oom);
        QCOMPARE(s.completed, completed);
        const std::string text = s.message().english();
        if (!completed) {
            QVERIFY2(text.find("of " + std::to_string(statuses.size())) != std::string::npos, text.c_str());
            QVERIFY2(text.find("not run: " + std::to_string(notRun)) != std::string::npos, text.c_str());
        }
        QCOMPARE(text.find("out of memory") != std::string::npos, oom);
        QCOMPARE(text.find("stopped") != std::string::npos, r.cancelled);
    }

    void phaseLabelNamesTheRepeat()
    {
        protocol::PhaseResult p;
        p.name = "warm_forward";
        QCOMPARE(protocol::phaseLabel(p), std::string("warm_forward"));
        p.repeat = 3;
        QCOMPARE(protocol::phaseLabel(p), std::string("warm_forward#3"));
    }

    // One way to open a device: each refusal names itself, and a run's simulated capacity is an option of that run
    // only, never a change to the registry's shared backend.
    void prepareRunRefusesWithAReason_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<bool>("simCapacity");
        QTest::addColumn<int>("failure");
        using F = protocol::PreparedRun::Failure;
        QTest::addRow("sim ok") << QStringLiteral("sim:0") << 2ull << true << int(F::None);
        QTest::addRow("invalid config") << QStringLiteral("sim:0") << 0ull << false << int(F::InvalidConfig);
        QTest::addRow("bad id") << QStringLiteral("gpu0") << 2ull << false << int(F::InvalidDeviceId);
        QTest::addRow("no sim:2") << QStringLiteral("sim:2") << 2ull << false << int(F::NoSuchDevice);
    }

    void prepareRunRefusesWithAReason()
    {
        QFETCH(QString, device);
        QFETCH(quint64, batch);
        QFETCH(bool, simCapacity);
        QFETCH(int, failure);
        device::BackendRegistry registry;
        registry.load();
        auto c = config(Mode::Inference, batch, 16, 64, device::DType::Float32, AllocatorKind::Native, false);
        c.deviceId = device.toStdString();
        if (simCapacity)
            c.simCapacityBytes = 3 * units::kGiB;
        const std::uint64_t sharedBefore = registry.simBackend()->options().capacityBytes;
        auto prepared = protocol::prepareRun(registry, c);
        QCOMPARE(int(prepared.failure), failure);
        QCOMPARE(prepared.ok(), failure == 0);
        QCOMPARE(prepared.error.empty(), failure == 0);
        if (!prepared.ok())
            return;
        QVERIFY(prepared.backend.simulated);
        QVERIFY(prepared.device.has_value());
        QCOMPARE(prepared.device->totalBytes, 3 * units::kGiB);
        device::Status status;
        auto context = prepared.factory(status);
        QVERIFY2(context, status.message.c_str());
        QCOMPARE(context->info().totalBytes, 3 * units::kGiB);
        QCOMPARE(registry.simBackend()->options().capacityBytes, sharedBefore);
    }

    void prepareRunRefusesASimCapacityForAGpu()
    {
        device::BackendRegistry registry;
        registry.load();
        auto c = config(Mode::Inference, 1, 16, 64, device::DType::Float32, AllocatorKind::Native, false);
        c.deviceId = "cuda:0";
        c.simCapacityBytes = units::kGiB;
        const auto prepared = protocol::prepareRun(registry, c);
        QVERIFY(!prepared.ok());
        // Without a loaded CUDA module the backend is named as missing; with one, the option is refused.
        QVERIFY(prepared.failure == protocol::PreparedRun::Failure::BackendUnavailable
            || prepared.failure == protocol::PreparedRun::Failure::OptionNotApplicable);
        QVERIFY(!prepared.error.empty());
    }
};

QTEST_GUILESS_MAIN(TestProtocol)
#include "tst_protocol.moc"
