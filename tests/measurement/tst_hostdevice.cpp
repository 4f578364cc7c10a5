// SPDX-License-Identifier: Apache-2.0
#include "core/runner/runner.h"
#include "core/workloads/densepredictor.h"
#include "core/units/units.h"
#include "hostdevicecontext.h"

#include <QTest>

using namespace iteragpu;

// The workload on real host memory with real float32 kernels: shapes, transposes and lifetimes are exercised on
// actual bytes (run the suite under ITERAGPU_SANITIZE to catch any out-of-range access).
class TestHostDevice : public QObject {
    Q_OBJECT
private slots:
    void workloadOnHostMemory_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("width");
        QTest::addRow("inference f32 2x8x16")
            << int(protocol::Mode::Inference) << int(device::DType::Float32) << 2ull << 8ull << 16ull;
        QTest::addRow("training f32 3x5x24")
            << int(protocol::Mode::Training) << int(device::DType::Float32) << 3ull << 5ull << 24ull;
        QTest::addRow("training bf16 2x7x40")
            << int(protocol::Mode::Training) << int(device::DType::BFloat16) << 2ull << 7ull << 40ull;
        QTest::addRow("inference f16 1x300x8")
            << int(protocol::Mode::Inference) << int(device::DType::Float16) << 1ull << 300ull << 8ull;
    }

    void workloadOnHostMemory()
    {
        QFETCH(int, mode);
        QFETCH(int, dtype);
        QFETCH(quint64, batch);
        QFETCH(quint64, context);
        QFETCH(quint64, width);
        protocol::RunConfig c;
        c.deviceId = "host:0";
        c.mode = protocol::Mode(mode);
        c.dtype = device::DType(dtype);
        c.batch = batch;
        c.context = context;
        c.width = width;
        c.warmup = 3;
        c.repeats = 4;
        const auto result = protocol::Runner::runBlocking(
            c, { "host", "host memory (tests)", false },
            [](device::Status& s) {
                s = device::Status::success();
                return std::unique_ptr<device::DeviceContext>(std::make_unique<HostDeviceContext>(64 * units::kMiB));
            },
            nullptr);
        QVERIFY2(result.completed, result.error.c_str());
        QVERIFY(!result.simulated);
        const auto prediction = workloads::predictWorkload(c);
        for (const auto& p : result.phases) {
            QCOMPARE(p.status, protocol::PhaseStatus::Ok);
            QCOMPARE(*p.peak.allocated, prediction.phases[std::size_t(p.index)].peakAllocated);
            QVERIFY(p.deviceAfter.freeBytes.has_value());
            QVERIFY(!p.deviceAfter.processUsedBytes.has_value()); // not read: null, never 0
        }
    }

    void trainingLowersTheLossOnRealNumbers()
    {
        protocol::RunConfig c;
        c.mode = protocol::Mode::Training;
        c.batch = 4;
        c.context = 4;
        c.width = 8;
        c.warmup = 20;
        c.repeats = 0;
        std::vector<float> losses;
        const auto result = protocol::Runner::runBlocking(
            c, { "host", "", false },
            [&losses](device::Status& s) {
                s = device::Status::success();
                return std::unique_ptr<device::DeviceContext>(
                    std::make_unique<HostDeviceContext>(64 * units::kMiB, &losses));
            },
            nullptr);
        QVERIFY(result.completed);
        QCOMPARE(losses.size(), std::size_t(21)); // the first step + 20 warm-up steps
        QVERIFY2(losses.back() < losses.front(),
            (std::to_string(losses.front()) + " -> " + std::to_string(losses.back())).c_str());
    }
};

QTEST_GUILESS_MAIN(TestHostDevice)
#include "tst_hostdevice.moc"
