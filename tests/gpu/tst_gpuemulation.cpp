// SPDX-License-Identifier: Apache-2.0
// The shared kernels and device context of the GPU modules (gpu/common), compiled for a CPU emulation of the
// runtime (tests/gpu/hostruntime.h) and run through the same checks as tst_gpukernels: the kernels' index
// arithmetic, the GEMM's four transpositions, the dtype conversions, the context's error handling and pool
// bookkeeping are tested on every machine, GPU or not. What the emulation cannot show (cuBLAS, the real
// runtimes' behaviour) is left to tst_gpukernels on a device.
// clang-format off
#include "gpu/hostruntime.h" // first: it selects the emulated runtime
// clang-format on
#include "gpu/common/gpubackend.h"
#include "gpu/common/gpucontext.h"
#include "gpu/kernelchecks.h"

#include <QTest>
#include <memory>
#include <set>
#include <string>

using namespace iteragpu;
using namespace iteragpu::gpucheck;

namespace {

class EmuContext : public gpu::GpuContext {
public:
    using GpuContext::GpuContext;
    device::Status gemm(bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k, const void* a,
        const void* b, void* c, device::DType dtype, bool accumulate) override
    {
        device::Status status;
        if (!validGemm(m, n, k, status) || !selected(status))
            return status;
        return launched(
            gpu::kernels::gemmPortable(stream(), transA, transB, m, n, k, a, b, c, dtype, accumulate), "portable gemm");
    }
};

class EmuBackend : public gpu::GpuBackend {
protected:
    std::string archName(const gpu::DeviceProp&) const override { return "host-emulation"; }
    std::unique_ptr<gpu::GpuContext> makeContext(device::DeviceInfo info) override
    {
        return std::make_unique<EmuContext>(std::move(info));
    }
};

// Checks left to a real device: too many blocks to emulate quickly (the 256 MiB reading, the large GEMMs).
const std::set<std::string> kDeviceOnly
    = { "reading", "gemm TN large float32", "gemm TN large float16", "gemm TN large bfloat16" };

} // namespace

class TestGpuEmulation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        device::Status status;
        m_context = m_backend.open(0, status);
        QVERIFY2(m_context, status.message.c_str());
        QVERIFY(m_context->supportsAsyncPool());
    }

    void cleanupTestCase() { m_context.reset(); }

    void checks_data()
    {
        QTest::addColumn<int>("check");
        const auto checks = kernelChecks();
        for (std::size_t i = 0; i < checks.size(); ++i)
            if (!kDeviceOnly.count(checks[i].name))
                QTest::addRow("%s", checks[i].name.c_str()) << int(i);
    }

    void checks()
    {
        QFETCH(int, check);
        const CheckResult result = kernelChecks()[static_cast<std::size_t>(check)].run(*m_context);
        QVERIFY2(result.outcome == Outcome::Pass, result.message.c_str());
        const device::Status status = m_context->synchronize();
        QVERIFY2(status.ok, status.message.c_str());
    }

    // The emulated __float2half (what the devices do) against the host reference of the test helpers.
    void halfRoundTrip_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("bits");
        QTest::addRow("1") << 1.0f << 0x3c00;
        QTest::addRow("1/3 rounds to nearest") << (1.0f / 3.0f) << 0x3555;
        QTest::addRow("tie to even down") << 1.00048828125f << 0x3c00; // 1 + 2^-11
        QTest::addRow("tie to even up") << 1.00146484375f << 0x3c02; // 1 + 3·2^-11
        QTest::addRow("65519 stays finite") << 65519.0f << 0x7bff;
        QTest::addRow("65520 overflows") << 65520.0f << 0x7c00;
        QTest::addRow("smallest subnormal") << 5.9604644775390625e-8f << 0x0001;
        QTest::addRow("-2") << -2.0f << 0xc000;
    }

    void halfRoundTrip()
    {
        QFETCH(float, value);
        QFETCH(int, bits);
        QCOMPARE(int(__float2half(value).bits), bits);
        if (bits != 0x7c00)
            QCOMPARE(gpucheck::halfToFloat(static_cast<std::uint16_t>(bits)), __half2float(__float2half(value)));
    }

    // Errors become a Status with the runtime's text, never a crash.
    void errorsAreStatuses_data()
    {
        QTest::addColumn<QString>("call");
        QTest::addRow("alloc beyond capacity") << QStringLiteral("alloc");
        QTest::addRow("pool alloc beyond capacity") << QStringLiteral("pool");
        QTest::addRow("negative gemm dimension") << QStringLiteral("gemm");
        QTest::addRow("negative matrix shape") << QStringLiteral("bias");
        QTest::addRow("adam step 0") << QStringLiteral("adam");
        QTest::addRow("free of a foreign pointer, reported at synchronize") << QStringLiteral("free");
        QTest::addRow("open a missing device") << QStringLiteral("open");
    }

    void errorsAreStatuses()
    {
        QFETCH(QString, call);
        device::Status status;
        int local = 0;
        if (call == QLatin1String("alloc")) {
            QVERIFY(!m_context->rawAlloc(2ULL << 30, status));
            QVERIFY(status.outOfMemory);
        } else if (call == QLatin1String("pool")) {
            QVERIFY(!m_context->poolAlloc(2ULL << 30, status));
            QVERIFY(status.outOfMemory);
            QVERIFY2(
                status.message.find("EMU: out of memory (emuMallocAsync of 2147483648 bytes)") != std::string::npos,
                status.message.c_str());
        } else if (call == QLatin1String("gemm")) {
            status = m_context->gemm(false, false, -1, 2, 2, nullptr, nullptr, nullptr, device::DType::Float32, false);
        } else if (call == QLatin1String("bias")) {
            status = m_context->addBias(nullptr, nullptr, 3, -4, device::DType::Float16);
        } else if (call == QLatin1String("adam")) {
            status = m_context->adamStep(
                nullptr, nullptr, nullptr, nullptr, 1, device::DType::Float32, 0, 1e-3f, 0.9f, 0.999f, 1e-8f, 0.0f);
        } else if (call == QLatin1String("free")) {
            m_context->rawFree(&local);
            status = m_context->synchronize();
            QVERIFY2(status.message.find("EMU: invalid argument") != std::string::npos, status.message.c_str());
            QVERIFY2(m_context->synchronize().ok, "a kept error is reported once");
        } else {
            QVERIFY(!m_backend.open(3, status));
        }
        QVERIFY(!status.ok);
        QVERIFY(!status.message.empty());
    }

private:
    EmuBackend m_backend;
    std::unique_ptr<device::DeviceContext> m_context;
};

QTEST_GUILESS_MAIN(TestGpuEmulation)
#include "tst_gpuemulation.moc"
