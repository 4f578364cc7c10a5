// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/runtypes.h"
#include "core/registry/backendregistry.h"
#include "core/runner/preparerun.h"
#include "core/sim/kernelcost.h"
#include "core/sim/simbackend.h"
#include "core/sim/simpacer.h"
#include "core/sizing/devicecatalog.h"
#include "core/units/units.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace iteragpu::device;
namespace protocol = iteragpu::protocol;
namespace sim = iteragpu::sim;

namespace {

// The H100 SXM's figures as its datasheet gives them (resources/catalog/gpus.json): written here once more, so a
// wrong catalog or a wrong reader fails these tests too.
constexpr double kH100Bf16 = 989.5e12; // FLOP/s, dense
constexpr double kH100Fp32 = 67e12; // FLOP/s
constexpr double kH100Bandwidth = 3.35e12; // bytes/s

// A context of sim:0 simulating the H100 SXM at speed 0, opened the way a run opens it.
std::unique_ptr<DeviceContext> openH100(BackendRegistry& registry)
{
    registry.load();
    protocol::RunConfig config;
    config.simCard = "h100-sxm";
    config.simSpeed = 0.0;
    auto prepared = protocol::prepareRun(registry, config);
    if (!prepared.ok())
        qWarning("%s", prepared.error.c_str());
    if (!prepared.ok())
        return nullptr;
    Status status;
    auto ctx = prepared.factory(status);
    if (!status.ok)
        qWarning("%s", status.message.c_str());
    return ctx;
}

double roofline(double flops, double bytes, double peak) { return std::max(flops / peak, bytes / kH100Bandwidth); }

bool closeTo(double a, double b) { return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b)); }

AttentionShape shapeOf(qint64 batch, qint64 queries, qint64 heads, qint64 kvHeads, qint64 headDim,
    qint64 queryStart, qint64 keyStart, qint64 keys, qint64 window)
{
    AttentionShape s;
    s.batch = batch;
    s.queries = queries;
    s.heads = heads;
    s.kvHeads = kvHeads;
    s.headDim = headDim;
    s.queryStart = queryStart;
    s.keyStart = keyStart;
    s.keys = keys;
    s.window = window;
    return s;
}

protocol::PreparedRun prepareSim(BackendRegistry& registry, const std::string& card, double speed,
    std::optional<std::uint64_t> capacity = std::nullopt, DType dtype = DType::Float32)
{
    registry.load();
    protocol::RunConfig config;
    config.simCard = card;
    config.simSpeed = speed;
    config.simCapacityBytes = capacity;
    config.dtype = dtype;
    return protocol::prepareRun(registry, config);
}

} // namespace

class TestBackends : public QObject {
    Q_OBJECT
private slots:
    void parseDeviceId_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("index");
        QTest::addRow("cuda:0") << QStringLiteral("cuda:0") << true << QStringLiteral("cuda") << 0;
        QTest::addRow("hip:3") << QStringLiteral("hip:3") << true << QStringLiteral("hip") << 3;
        QTest::addRow("sim:0") << QStringLiteral("sim:0") << true << QStringLiteral("sim") << 0;
        QTest::addRow("no index") << QStringLiteral("cuda:") << false << QString() << 0;
        QTest::addRow("no colon") << QStringLiteral("cuda0") << false << QString() << 0;
        QTest::addRow("unknown backend") << QStringLiteral("tpu:0") << false << QString() << 0;
        QTest::addRow("negative") << QStringLiteral("cuda:-1") << false << QString() << 0;
        QTest::addRow("huge") << QStringLiteral("cuda:99999999999") << false << QString() << 0;
    }

    void parseDeviceId()
    {
        QFETCH(QString, id);
        QFETCH(bool, valid);
        QFETCH(QString, backend);
        QFETCH(int, index);
        std::string error;
        const auto parsed = iteragpu::device::parseDeviceId(id.toStdString(), error);
        QCOMPARE(parsed.has_value(), valid);
        if (valid) {
            QCOMPARE(QString::fromStdString(parsed->backend), backend);
            QCOMPARE(parsed->index, index);
        } else {
            QVERIFY(!error.empty());
        }
    }

    void everyBackendHasAStatus()
    {
        BackendRegistry registry;
        const auto& st = registry.load();
        QCOMPARE(st.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(st[0].name), QStringLiteral("cuda"));
        QCOMPARE(QString::fromStdString(st[1].name), QStringLiteral("hip"));
        QCOMPARE(QString::fromStdString(st[2].name), QStringLiteral("sim"));
        QVERIFY(st[2].loaded);
        QCOMPARE(st[2].deviceCount, sim::kSimDeviceCount); // sim:0 and sim:1
    }

    // A run loads only the module its device needs: none for sim:0 (the simulated device is always there),
    // the CUDA one only for cuda:0. The others say they were not loaded.
    void loadForLoadsOnlyWhatTheRunNeeds()
    {
        BackendRegistry registry;
        const auto& st = registry.loadFor("sim:0");
        QCOMPARE(st.size(), std::size_t(3));
        QVERIFY(!st[0].loaded);
        QVERIFY(!st[1].loaded);
        QVERIFY(st[0].error.find("not loaded") != std::string::npos);
        QVERIFY(st[2].loaded);
        QVERIFY(!registry.backend("cuda"));
        QVERIFY(registry.backend("sim"));
        Status status;
        QVERIFY(registry.open("sim:0", status));
        const auto& cudaOnly = registry.loadFor("cuda:0");
        QVERIFY(cudaOnly[1].error.find("not loaded") != std::string::npos);
        QVERIFY(!registry.backend("hip"));
        if (cudaOnly[0].built)
            QVERIFY(cudaOnly[0].error.find("not loaded") == std::string::npos); // tried: loaded, or the loader's text
    }

    // On a machine without a GPU each built module loads, reports no device with the runtime's own text, and
    // opening its first device fails cleanly.
    void builtModulesReportNoDevice_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("runtimeWord");
        QTest::addRow("cuda") << QStringLiteral("cuda") << QStringLiteral("CUDA");
        QTest::addRow("hip") << QStringLiteral("hip") << QStringLiteral("HIP");
    }

    void builtModulesReportNoDevice()
    {
        QFETCH(QString, backend);
        QFETCH(QString, runtimeWord);
        const auto built = BackendRegistry::builtModules();
        if (std::find(built.begin(), built.end(), backend.toStdString()) == built.end())
            QSKIP("this build has no module for this backend (toolkit not found)");
        BackendRegistry registry;
        BackendStatus status;
        for (const auto& st : registry.load())
            if (st.name == backend.toStdString())
                status = st;
        QVERIFY2(status.loaded, status.error.c_str());
        if (status.deviceCount > 0)
            QSKIP("this machine has a device of this backend; the no-device path is not reachable");
        QVERIFY(!status.error.empty());
        QVERIFY2(QString::fromStdString(status.error).contains(runtimeWord), status.error.c_str());
        Status openStatus;
        auto ctx = registry.open(backend.toStdString() + ":0", openStatus);
        QVERIFY(!ctx);
        QVERIFY(!openStatus.ok);
        QVERIFY2(QString::fromStdString(openStatus.message).contains(runtimeWord), openStatus.message.c_str());
    }

    void missingModuleIsALineNotACrash()
    {
        qputenv("ITERAGPU_MODULE_DIR", "/nonexistent");
        BackendRegistry registry;
        const auto& st = registry.load();
        QCOMPARE(st.size(), std::size_t(3));
        qunsetenv("ITERAGPU_MODULE_DIR");
        // The build tree's folder is still searched after the variable; what matters is that nothing crashed
        // and every backend that did not load says why.
        for (const auto& s : st)
            if (!s.loaded)
                QVERIFY(!s.error.empty());
    }

    void simDeviceRunsOutOfMemory()
    {
        BackendRegistry registry;
        Status status;
        auto ctx = registry.open("sim:0", status);
        QVERIFY(ctx);
        QVERIFY(ctx->info().simulated);
        void* p = ctx->rawAlloc(ctx->info().totalBytes + 1, status);
        QVERIFY(!p);
        QVERIFY(status.outOfMemory);
        QVERIFY(QString::fromStdString(status.message).contains(QLatin1String("simulated")));
    }

    // --- The simulated card's roofline (core/sim/kernelcost.h, Note [Kernel costs]).

    void modelledGemmIsTheRoofline_data()
    {
        QTest::addColumn<qint64>("m");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("k");
        QTest::addColumn<bool>("accumulate");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        const int bf16 = int(DType::BFloat16);
        const int fp32 = int(DType::Float32);
        QTest::addRow("4096^3 bf16, compute-bound") << qint64(4096) << qint64(4096) << qint64(4096) << false << bf16
                                                    << 2.0 * 4096 * 4096 * 4096 << 3.0 * 4096 * 4096 * 2;
        QTest::addRow("decode GEMV bf16, memory-bound")
            << qint64(1) << qint64(11008) << qint64(4096) << false << bf16 << 2.0 * 11008 * 4096
            << (4096.0 + 4096.0 * 11008 + 11008) * 2;
        QTest::addRow("1024^3 fp32") << qint64(1024) << qint64(1024) << qint64(1024) << false << fp32
                                     << 2.0 * 1024 * 1024 * 1024 << 3.0 * 1024 * 1024 * 4;
        QTest::addRow("accumulate reads C") << qint64(64) << qint64(32) << qint64(16) << true << fp32
                                            << 2.0 * 64 * 32 * 16 << (64.0 * 16 + 16 * 32 + 2 * 64 * 32) * 4;
    }

    void modelledGemmIsTheRoofline()
    {
        QFETCH(qint64, m);
        QFETCH(qint64, n);
        QFETCH(qint64, k);
        QFETCH(bool, accumulate);
        QFETCH(int, dtype);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        BackendRegistry registry;
        auto ctx = openH100(registry);
        QVERIFY(ctx);
        QCOMPARE(ctx->modelledSeconds().value_or(-1.0), 0.0);
        const auto type = DType(dtype);
        const Status st = ctx->gemm(false, false, m, n, k, nullptr, nullptr, nullptr, type, accumulate);
        QVERIFY2(st.ok, st.message.c_str());
        const double expected = roofline(flops, bytes, type == DType::BFloat16 ? kH100Bf16 : kH100Fp32);
        QVERIFY2(closeTo(ctx->modelledSeconds().value_or(-1.0), expected),
            qPrintable(QString::number(ctx->modelledSeconds().value_or(-1.0)) + QLatin1String(" vs ")
                + QString::number(expected)));
        // A second call adds the same again: the model accumulates.
        QVERIFY(ctx->gemm(true, true, m, n, k, nullptr, nullptr, nullptr, type, accumulate).ok);
        QVERIFY(closeTo(ctx->modelledSeconds().value_or(-1.0), 2 * expected));
    }

    void modelledAttentionIsTheRoofline_data()
    {
        QTest::addColumn<int>("kernel"); // 0 fused, 1 eager scores, 2 eager values
        QTest::addColumn<qint64>("queries");
        QTest::addColumn<qint64>("queryStart");
        QTest::addColumn<qint64>("keys");
        QTest::addColumn<qint64>("window");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        // batch 2, 32 query heads sharing 8 KV heads of 128, bf16 (s = 2). Fused: 4 b heads visible headDim FLOPs.
        const double b = 2, h = 32, kv = 8, d = 128, s = 2;
        QTest::addRow("fused causal prefill of 1024")
            << 0 << qint64(1024) << qint64(0) << qint64(1024) << qint64(0) << 4 * b * h * (1024.0 * 1025 / 2) * d
            << (2 * b * 1024 * h * d + 2 * b * 1024 * kv * d) * s;
        QTest::addRow("fused decode at 1023") << 0 << qint64(1) << qint64(1023) << qint64(1024) << qint64(0)
                                              << 4 * b * h * 1024 * d << (2 * b * 1 * h * d + 2 * b * 1024 * kv * d) * s;
        QTest::addRow("fused decode, window 256 of 4096")
            << 0 << qint64(1) << qint64(4095) << qint64(4096) << qint64(256) << 4 * b * h * 256 * d
            << (2 * b * h * d + 2 * b * 256 * kv * d) * s;
        QTest::addRow("eager scores: the whole product")
            << 1 << qint64(512) << qint64(0) << qint64(512) << qint64(0) << 2 * b * h * 512.0 * 512 * d
            << (b * 512 * h * d + b * 512 * kv * d + b * h * 512.0 * 512) * s;
        QTest::addRow("eager values") << 2 << qint64(1) << qint64(99) << qint64(100) << qint64(0)
                                      << 2 * b * h * 1 * 100 * d << (b * h * 100 + b * 100 * kv * d + b * h * d) * s;
    }

    void modelledAttentionIsTheRoofline()
    {
        QFETCH(int, kernel);
        QFETCH(qint64, queries);
        QFETCH(qint64, queryStart);
        QFETCH(qint64, keys);
        QFETCH(qint64, window);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        BackendRegistry registry;
        auto ctx = openH100(registry);
        QVERIFY(ctx);
        const AttentionShape shape = shapeOf(2, queries, 32, 8, 128, queryStart, 0, keys, window);
        const KvLayout layout { 8, 128, keys, 0, nullptr, 0, 0 };
        Status st;
        if (kernel == 0)
            st = ctx->attention(nullptr, nullptr, nullptr, nullptr, layout, shape, DType::BFloat16);
        else if (kernel == 1)
            st = ctx->attentionScores(nullptr, nullptr, nullptr, layout, shape, DType::BFloat16);
        else
            st = ctx->attentionValues(nullptr, nullptr, nullptr, layout, shape, DType::BFloat16);
        QVERIFY2(st.ok, st.message.c_str());
        const double expected = roofline(flops, bytes, kH100Bf16);
        QVERIFY2(closeTo(ctx->modelledSeconds().value_or(-1.0), expected),
            qPrintable(QString::number(ctx->modelledSeconds().value_or(-1.0)) + QLatin1String(" vs ")
                + QString::number(expected)));
    }

    // Element-wise kernels move bytes and count no FLOPs: bytes / bandwidth.
    void modelledElementwiseIsItsBytes_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<double>("bytes");
        const double count = 1 << 20;
        QTest::addRow("add bf16") << QStringLiteral("add") << 3 * count * 2;
        QTest::addRow("gated activation bf16") << QStringLiteral("gated") << 3 * count * 2;
        QTest::addRow("rmsNorm 4096 x 256 bf16") << QStringLiteral("rmsNorm") << (2.0 * 4096 * 256 + 256) * 2;
        QTest::addRow("rope in place") << QStringLiteral("rope") << 2.0 * 2 * 16 * 32 * 128 * 2;
        QTest::addRow("copyKv 2 x 16 positions") << QStringLiteral("copyKv") << 2.0 * 2 * 16 * 8 * 128 * 2;
        QTest::addRow("convert fp32 to bf16") << QStringLiteral("convert") << count * (4 + 2);
        QTest::addRow("softmax rows into float32") << QStringLiteral("softmax") << 64.0 * 1000 * (2 + 4);
        QTest::addRow("copyToHost") << QStringLiteral("toHost") << 4096.0;
        QTest::addRow("copyToDevice") << QStringLiteral("toDevice") << double(64 << 20);
        QTest::addRow("adam step, fp32 param") << QStringLiteral("adam") << count * (3 * 4 + 16);
    }

    void modelledElementwiseIsItsBytes()
    {
        QFETCH(QString, kernel);
        QFETCH(double, bytes);
        BackendRegistry registry;
        auto ctx = openH100(registry);
        QVERIFY(ctx);
        const std::uint64_t count = 1 << 20;
        const DType bf16 = DType::BFloat16;
        const KvLayout kv { 8, 128, 64, 0, nullptr, 0, 0 };
        std::vector<unsigned char> host(4096, 0xab);
        Status st;
        if (kernel == QLatin1String("add"))
            st = ctx->add(nullptr, nullptr, count, bf16);
        else if (kernel == QLatin1String("gated"))
            st = ctx->gatedActivation(nullptr, nullptr, nullptr, count, Activation::Silu, bf16);
        else if (kernel == QLatin1String("rmsNorm"))
            st = ctx->rmsNorm(nullptr, nullptr, nullptr, 4096, 256, 1e-5f, 0.0f, bf16);
        else if (kernel == QLatin1String("rope"))
            st = ctx->rope(nullptr, 2, 16, 32, 128, 0, 10000.0f, bf16);
        else if (kernel == QLatin1String("copyKv"))
            st = ctx->copyKv(nullptr, kv, nullptr, kv, 2, 0, 16, bf16);
        else if (kernel == QLatin1String("convert"))
            st = ctx->convert(nullptr, bf16, nullptr, DType::Float32, count);
        else if (kernel == QLatin1String("softmax"))
            st = ctx->softmaxRows(nullptr, nullptr, 64, 1000, bf16);
        else if (kernel == QLatin1String("toHost"))
            st = ctx->copyToHost(host.data(), nullptr, host.size());
        else if (kernel == QLatin1String("toDevice"))
            st = ctx->copyToDevice(nullptr, nullptr, 64 << 20); // a null host buffer: nothing is read
        else if (kernel == QLatin1String("adam"))
            st = ctx->adamStep(nullptr, nullptr, nullptr, nullptr, count, DType::Float32, 1, 1e-3f, 0.9f, 0.999f,
                1e-8f, 0.0f);
        QVERIFY2(st.ok, st.message.c_str());
        QVERIFY2(closeTo(ctx->modelledSeconds().value_or(-1.0), bytes / kH100Bandwidth),
            qPrintable(QString::number(ctx->modelledSeconds().value_or(-1.0) * kH100Bandwidth)));
        if (kernel == QLatin1String("toHost"))
            QVERIFY(std::all_of(host.begin(), host.end(), [](unsigned char c) { return c == 0; }));
    }

    // The closed form of the visible (query, key) pairs against the count, one pair at a time.
    void visibleKeyPairsClosedFormMatchesTheCount()
    {
        std::mt19937_64 rng(11);
        auto pick = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        for (int trial = 0; trial < 20000; ++trial) {
            AttentionShape s = shapeOf(1, pick(0, 40), 1, 1, 1, pick(0, 60), pick(0, 60), pick(0, 40),
                pick(0, 3) == 0 ? 0 : pick(1, 30));
            const auto naive = sim::kernelcost::visibleKeyPairsNaive(s);
            const auto fast = sim::kernelcost::visibleKeyPairs(s);
            if (naive != fast)
                QFAIL(qPrintable(QStringLiteral("queries %1 from %2, keys %3 from %4, window %5: %6 pairs, not %7")
                                     .arg(s.queries)
                                     .arg(s.queryStart)
                                     .arg(s.keys)
                                     .arg(s.keyStart)
                                     .arg(s.window)
                                     .arg(fast)
                                     .arg(naive)));
        }
        // Long shapes the naive count would take seconds for: a causal 32k prefill.
        QCOMPARE(sim::kernelcost::visibleKeyPairs(shapeOf(1, 32768, 1, 1, 1, 0, 0, 32768, 0)),
            std::int64_t(32768) * 32769 / 2);
    }

    void speedZeroNeverSleeps()
    {
        int sleeps = 0;
        sim::SimPacer pacer(0.0, [&sleeps](double s) {
            ++sleeps;
            return s;
        });
        for (int i = 0; i < 1'000'000; ++i)
            pacer.add(1e-3);
        pacer.settle();
        QCOMPARE(sleeps, 0);
        QCOMPARE(pacer.debtSeconds(), 0.0);

        // Through a context: a kernel modelled at an hour returns (a sleep would run past the suite's timeout)
        // and its hour is in the modelled time.
        BackendRegistry registry;
        auto ctx = openH100(registry);
        QVERIFY(ctx);
        const std::int64_t side = 1'500'000; // 2 side^3 / 989.5e12 ~ 6822 s
        QVERIFY(ctx->gemm(false, false, side, side, side, nullptr, nullptr, nullptr, DType::BFloat16, false).ok);
        QVERIFY(ctx->synchronize().ok);
        QVERIFY(closeTo(*ctx->modelledSeconds(), 2.0 * side * side * side / kH100Bf16));
        QVERIFY(*ctx->modelledSeconds() > 3600.0);
    }

    // Tiny kernels are gathered into sleeps of at least kMinPaceSleep; what a sleep really took is credited.
    void pacerSleepsInChunks()
    {
        std::vector<double> sleeps;
        double extra = 0.0;
        sim::SimPacer pacer(2.0, [&](double s) {
            sleeps.push_back(s);
            return s + extra;
        });
        for (int i = 0; i < 10'000; ++i)
            pacer.add(1e-6); // 10 ms of modelled time at speed 2: 5 ms of wall time
        QCOMPARE(int(sleeps.size()), 4); // at 1, 2, 3, 4 ms of debt; the last millisecond is still owed
        for (double s : sleeps)
            QVERIFY(s >= sim::kMinPaceSleep);
        pacer.settle();
        QCOMPARE(int(sleeps.size()), 5);
        double total = 0.0;
        for (double s : sleeps)
            total += s;
        QVERIFY(std::abs(total - 5e-3) < 1e-9);
        QVERIFY(std::abs(pacer.debtSeconds()) < 1e-12);
        // An oversleep of 0.5 ms is paid back by the next kernels: the next sleep comes 0.5 ms later.
        extra = 0.5e-3;
        sleeps.clear();
        pacer.add(2e-3); // 1 ms owed: slept, 1.5 ms taken
        QCOMPARE(int(sleeps.size()), 1);
        QVERIFY(std::abs(pacer.debtSeconds() + 0.5e-3) < 1e-12);
        pacer.add(2e-3); // 0.5 ms owed: below a chunk, no sleep
        QCOMPARE(int(sleeps.size()), 1);
    }

    void cardCapacityAndNameAreTheCards()
    {
        BackendRegistry registry;
        auto prepared = prepareSim(registry, "h100-sxm", 0.0);
        QVERIFY2(prepared.ok(), prepared.error.c_str());
        QVERIFY(prepared.device);
        // The card's usable total (CUDA's, Note [Usable capacity]), not nvidia-smi's 81 559 MiB.
        const auto catalog = iteragpu::sizing::DeviceCatalog::loadDefault();
        const auto* card = catalog.find("h100-sxm");
        QVERIFY(card && card->usableBytes);
        const std::uint64_t h100 = *card->usableBytes;
        QVERIFY(h100 < 81559 * iteragpu::units::kMiB);
        QCOMPARE(prepared.device->totalBytes, h100);
        QCOMPARE(QString::fromStdString(prepared.device->name),
            QStringLiteral("Simulated NVIDIA H100 80GB SXM (not a GPU measurement)"));
        QVERIFY(prepared.device->simulated);
        Status status;
        auto ctx = prepared.factory(status);
        QVERIFY2(ctx, status.message.c_str());
        QCOMPARE(ctx->info().totalBytes, h100);
        QCOMPARE(ctx->info().name, prepared.device->name);
        QCOMPARE(ctx->reading().totalBytes.value_or(0), h100);
        // The simulated context and workspace hold their assumed sizes from open on, outside any allocator.
        const std::uint64_t outside = sim::kDefaultSimContextBytes + sim::kDefaultSimWorkspaceBytes;
        QCOMPARE(ctx->reading().processUsedBytes.value_or(0), outside);
        QCOMPARE(ctx->reading().freeBytes.value_or(0), h100 - outside);
        QVERIFY(!ctx->rawAlloc(h100 - outside + 1, status));
        QVERIFY(status.outOfMemory);
        void* all = ctx->rawAlloc(h100 - outside, status); // address-only: 80 GB of "device" memory costs no host memory
        QVERIFY(all);
        ctx->rawFree(all);
    }

    void capacityOverrideWinsOverTheCard()
    {
        BackendRegistry registry;
        const std::uint64_t oneGiB = iteragpu::units::kGiB;
        auto prepared = prepareSim(registry, "mi300x", 1.0, oneGiB);
        QVERIFY2(prepared.ok(), prepared.error.c_str());
        QCOMPARE(prepared.device->totalBytes, oneGiB);
        Status status;
        auto ctx = prepared.factory(status);
        QVERIFY(ctx);
        QCOMPARE(ctx->info().totalBytes, oneGiB);
        QVERIFY(QString::fromStdString(ctx->info().name).contains(QLatin1String("AMD Instinct MI300X")));
        QVERIFY(!ctx->rawAlloc(oneGiB + 1, status));
    }

    void withoutACardNothingIsModelled()
    {
        BackendRegistry registry;
        auto prepared = prepareSim(registry, "", 0.0);
        QVERIFY2(prepared.ok(), prepared.error.c_str());
        QCOMPARE(prepared.device->totalBytes, sim::kDefaultSimCapacity);
        Status status;
        auto ctx = prepared.factory(status);
        QVERIFY(ctx);
        QVERIFY(!ctx->modelledSeconds().has_value());
        QVERIFY(ctx->gemm(false, false, 4096, 4096, 4096, nullptr, nullptr, nullptr, DType::BFloat16, false).ok);
        QVERIFY(!ctx->modelledSeconds().has_value()); // no card, no model: never 0
        QCOMPARE(QString::fromStdString(ctx->info().name), QStringLiteral("Simulated device (not a GPU measurement)"));
    }

    void unknownOrUnpacedCardIsRefused_data()
    {
        QTest::addColumn<QString>("card");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<QString>("expected");
        QTest::addRow("unknown id") << QStringLiteral("h900") << int(DType::Float32)
                                    << QStringLiteral("unknown simulated card 'h900'");
        QTest::addRow("no datasheet figures") << QStringLiteral("a10g") << int(DType::Float32)
                                              << QStringLiteral("no memory bandwidth for NVIDIA A10G");
        QTest::addRow("T4 has no bf16") << QStringLiteral("t4") << int(DType::BFloat16)
                                        << QStringLiteral("no peak bf16 FLOP/s for NVIDIA T4");
    }

    void unknownOrUnpacedCardIsRefused()
    {
        QFETCH(QString, card);
        QFETCH(int, dtype);
        QFETCH(QString, expected);
        BackendRegistry registry;
        const auto prepared = prepareSim(registry, card.toStdString(), 1.0, std::nullopt, DType(dtype));
        QVERIFY(!prepared.ok());
        QVERIFY(prepared.failure == protocol::PreparedRun::Failure::OptionNotApplicable);
        const QString error = QString::fromStdString(prepared.error);
        QVERIFY2(error.contains(expected), prepared.error.c_str());
        // The line says which ids would do (bf16 runs: not the T4).
        QVERIFY2(error.contains(QLatin1String("cards that can pace this run: h200-sxm, h100-sxm")),
            prepared.error.c_str());
        QCOMPARE(error.contains(QLatin1String("t4")), dtype != int(DType::BFloat16) || card == QLatin1String("t4"));
        QVERIFY(!error.contains(QLatin1Char('\n')));
    }

    void t4PacesFp16ButRefusesABf16Kernel()
    {
        BackendRegistry registry;
        auto prepared = prepareSim(registry, "t4", 0.0, std::nullopt, DType::Float16);
        QVERIFY2(prepared.ok(), prepared.error.c_str());
        Status status;
        auto ctx = prepared.factory(status);
        QVERIFY(ctx);
        QVERIFY(ctx->gemm(false, false, 256, 256, 256, nullptr, nullptr, nullptr, DType::Float16, false).ok);
        const double before = *ctx->modelledSeconds();
        QVERIFY(closeTo(before, std::max(2.0 * 256 * 256 * 256 / 65e12, 3.0 * 256 * 256 * 2 / 320e9)));
        const Status bf16 = ctx->gemm(false, false, 256, 256, 256, nullptr, nullptr, nullptr, DType::BFloat16, false);
        QVERIFY(!bf16.ok);
        QVERIFY2(QString::fromStdString(bf16.message).contains(QLatin1String("no peak bfloat16 FLOP/s")),
            bf16.message.c_str());
        QCOMPARE(*ctx->modelledSeconds(), before); // no made-up time
        QVERIFY(ctx->add(nullptr, nullptr, 1024, DType::BFloat16).ok); // bytes only: the bandwidth is known
    }

    void badSpeedIsRefused_data()
    {
        QTest::addColumn<double>("speed");
        QTest::addColumn<bool>("valid");
        QTest::addRow("0: as fast as possible") << 0.0 << true;
        QTest::addRow("1: real time") << 1.0 << true;
        QTest::addRow("0.25: slower") << 0.25 << true;
        QTest::addRow("1000: the limit") << 1000.0 << true;
        QTest::addRow("negative") << -1.0 << false;
        QTest::addRow("NaN") << std::numeric_limits<double>::quiet_NaN() << false;
        QTest::addRow("infinite") << std::numeric_limits<double>::infinity() << false;
        QTest::addRow("absurd") << 1e6 << false;
    }

    void badSpeedIsRefused()
    {
        QFETCH(double, speed);
        QFETCH(bool, valid);
        protocol::RunConfig config;
        config.simSpeed = speed;
        const std::string reason = protocol::validateConfig(config);
        QCOMPARE(reason.empty(), valid);
        BackendRegistry registry;
        const auto prepared = prepareSim(registry, "h100-sxm", speed);
        QCOMPARE(prepared.ok(), valid);
        if (!valid) {
            QVERIFY(prepared.failure == protocol::PreparedRun::Failure::InvalidConfig);
            QVERIFY2(QString::fromStdString(reason).contains(QLatin1String("simulated speed must be a number from 0")),
                reason.c_str());
            QCOMPARE(prepared.error, reason);
            // The backend refuses such options too, whoever opens it.
            sim::SimOptions options;
            options.speed = speed;
            Status status;
            QVERIFY(!registry.simBackend()->open(0, options, status));
            QVERIFY(!status.ok);
        }
    }

    void badSimKernelArgumentsAreErrors()
    {
        BackendRegistry registry;
        auto ctx = openH100(registry);
        QVERIFY(ctx);
        QVERIFY(!ctx->gemm(false, false, -1, 2, 2, nullptr, nullptr, nullptr, DType::Float32, false).ok);
        AttentionShape gqa = shapeOf(1, 1, 32, 6, 128, 0, 0, 1, 0); // 6 KV heads do not divide 32
        QVERIFY(!ctx->attention(nullptr, nullptr, nullptr, nullptr, KvLayout {}, gqa, DType::BFloat16).ok);
        QCOMPARE(*ctx->modelledSeconds(), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestBackends)
#include "tst_backends.moc"
