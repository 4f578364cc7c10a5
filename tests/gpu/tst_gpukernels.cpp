// SPDX-License-Identifier: Apache-2.0
// The CUDA and HIP modules' kernels against CPU references (tests/gpu/kernelchecks.h), one row per backend and
// check. Without a device of a backend each of its rows is skipped with the runtime's own reason.
#include "core/registry/backendregistry.h"
#include "gpu/trainingchecks.h"

#include <QTest>
#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <string>

using namespace iteragpu;
using namespace iteragpu::gpucheck;

class TestGpuKernels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_registry.load();
        const auto built = device::BackendRegistry::builtModules();
        for (const std::string backend : { "cuda", "hip" }) {
            if (std::find(built.begin(), built.end(), backend) == built.end()) {
                m_reasons[backend] = "this build has no " + backend + " module (toolkit not found)";
                continue;
            }
            device::Status status;
            auto ctx = m_registry.open(backend + ":0", status);
            if (ctx)
                m_contexts[backend] = std::move(ctx);
            else
                m_reasons[backend] = status.message;
        }
    }

    void cleanupTestCase()
    {
        // Contexts live in the modules' code: release them before the registry unloads the modules.
        m_contexts.clear();
    }

    // The host references the device results are judged by; these run everywhere.
    void halfToFloat_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<float>("value");
        QTest::addRow("1.0") << 0x3c00 << 1.0f;
        QTest::addRow("-2.0") << 0xc000 << -2.0f;
        QTest::addRow("largest 65504") << 0x7bff << 65504.0f;
        QTest::addRow("smallest subnormal 2^-24") << 0x0001 << 5.9604644775390625e-8f;
        QTest::addRow("nearest to 1/3") << 0x3555 << 0.333251953125f;
        QTest::addRow("negative zero") << 0x8000 << -0.0f;
    }

    void halfToFloat()
    {
        QFETCH(int, bits);
        QFETCH(float, value);
        QCOMPARE(gpucheck::halfToFloat(static_cast<std::uint16_t>(bits)), value);
    }

    void bf16ToFloat_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<float>("value");
        QTest::addRow("1.0") << 0x3f80 << 1.0f;
        QTest::addRow("-0.5") << 0xbf00 << -0.5f;
        QTest::addRow("3.140625") << 0x4049 << 3.140625f;
        QTest::addRow("2^100") << 0x7180 << 1.2676506002282294e30f;
    }

    void bf16ToFloat()
    {
        QFETCH(int, bits);
        QFETCH(float, value);
        QCOMPARE(gpucheck::bf16ToFloat(static_cast<std::uint16_t>(bits)), value);
    }

    void hashUniform_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addRow("seed 0") << quint64(0);
        QTest::addRow("seed 42") << quint64(42);
        QTest::addRow("seed 2^63") << (quint64(1) << 63);
    }

    // In [-1, 1), on the 2^-23 grid, roughly centred, and different for another seed.
    void hashUniform()
    {
        QFETCH(quint64, seed);
        double sum = 0.0;
        int sameAsNextSeed = 0;
        const int n = 20000;
        for (int i = 0; i < n; ++i) {
            const float v = gpucheck::hashUniform(seed, static_cast<std::uint64_t>(i));
            QVERIFY(v >= -1.0f && v < 1.0f);
            QCOMPARE(std::ldexp(v + 1.0f, 23), std::floor(std::ldexp(v + 1.0f, 23)));
            sum += v;
            sameAsNextSeed += v == gpucheck::hashUniform(seed + 1, static_cast<std::uint64_t>(i)) ? 1 : 0;
        }
        QVERIFY2(std::fabs(sum / n) < 0.02, "mean far from 0");
        QVERIFY(sameAsNextSeed < n / 100);
    }

    // The Backend half of each built module: versions in words, and the no-device path (or, with a device, its
    // info and the out-of-range index).
    void backend_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("runtimeWord");
        QTest::addRow("cuda") << QStringLiteral("cuda") << QStringLiteral("CUDA");
        QTest::addRow("hip") << QStringLiteral("hip") << QStringLiteral("HIP");
    }

    void backend()
    {
        QFETCH(QString, backend);
        QFETCH(QString, runtimeWord);
        const std::string name = backend.toStdString();
        const auto built = device::BackendRegistry::builtModules();
        if (std::find(built.begin(), built.end(), name) == built.end())
            QSKIP("this build has no module for this backend (toolkit not found)");
        device::Backend* b = m_registry.backend(name);
        QVERIFY2(b, "the built module did not load");
        QCOMPARE(QString::fromStdString(b->name()), backend);
        const QString description = QString::fromStdString(b->runtimeDescription());
        QVERIFY2(description.startsWith(runtimeWord + QLatin1String(" runtime ")), qPrintable(description));
        QVERIFY2(description.contains(QLatin1String("driver")), qPrintable(description));
        const int count = b->deviceCount();
        device::Status status;
        if (count == 0) {
            QVERIFY(!b->deviceInfo(0));
            QVERIFY2(QString::fromStdString(b->lastError()).startsWith(runtimeWord + QLatin1String(": ")),
                b->lastError().c_str());
            QVERIFY(!b->open(0, status));
            QVERIFY(!status.ok);
            QVERIFY2(QString::fromStdString(status.message).contains(runtimeWord), status.message.c_str());
            return;
        }
        const auto info = b->deviceInfo(0);
        QVERIFY2(info, b->lastError().c_str());
        QCOMPARE(QString::fromStdString(info->id), backend + QLatin1String(":0"));
        QVERIFY(!info->simulated);
        QVERIFY(!b->deviceInfo(count));
        QVERIFY(!b->deviceInfo(-1));
        QVERIFY(!b->open(count, status));
        QVERIFY(!status.ok);
    }

    void kernels_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("check");
        const auto checks = allKernelChecks();
        for (const char* backend : { "cuda", "hip" })
            for (std::size_t i = 0; i < checks.size(); ++i)
                QTest::addRow("%s %s", backend, checks[i].name.c_str()) << QString::fromLatin1(backend) << int(i);
    }

    void kernels()
    {
        QFETCH(QString, backend);
        QFETCH(int, check);
        const std::string name = backend.toStdString();
        const auto it = m_contexts.find(name);
        if (it == m_contexts.end())
            QSKIP(m_reasons[name].c_str());
        const auto checks = allKernelChecks();
        const CheckResult result = checks[static_cast<std::size_t>(check)].run(*it->second);
        if (result.outcome == Outcome::Skip)
            QSKIP(result.message.c_str());
        QVERIFY2(result.outcome == Outcome::Pass, result.message.c_str());
        // The context must still be healthy after every check.
        const device::Status status = it->second->synchronize();
        QVERIFY2(status.ok, status.message.c_str());
    }

private:
    device::BackendRegistry m_registry;
    std::map<std::string, std::unique_ptr<device::DeviceContext>> m_contexts;
    std::map<std::string, std::string> m_reasons;
};

QTEST_GUILESS_MAIN(TestGpuKernels)
#include "tst_gpukernels.moc"
