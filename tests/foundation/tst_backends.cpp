// SPDX-License-Identifier: Apache-2.0
#include "core/registry/backendregistry.h"

#include <QTest>

#include <algorithm>

using namespace iteragpu::device;

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
        QCOMPARE(st[2].deviceCount, 1);
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
};

QTEST_GUILESS_MAIN(TestBackends)
#include "tst_backends.moc"
