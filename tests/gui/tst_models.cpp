// SPDX-License-Identifier: Apache-2.0
#include "app/gui/devices/devicelistmodel.h"
#include "app/gui/log/logmodel.h"
#include "app/gui/phases/phasetablemodel.h"
#include "support/settingssandbox.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLocale>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace iteragpu;
using gui::PhaseTableModel;

namespace {
protocol::PhaseResult phase(int index, const char* name, protocol::PhaseStatus status)
{
    protocol::PhaseResult p;
    p.index = index;
    p.name = name;
    p.status = status;
    if (status != protocol::PhaseStatus::NotRun) {
        p.baseline = { 1024, 2 * units::kMiB };
        p.peak = { units::kGiB, 2 * units::kGiB };
        p.final = { 512, 2 * units::kMiB };
        p.durationSeconds = 0.25;
    }
    return p;
}
} // namespace

// Every model of the workbench passes QAbstractItemModelTester while it changes; missing readings show as a dash.
class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(testsupport::settingsAreSandboxed());
        QLocale::setDefault(QLocale(QStringLiteral("en_US")));
    }

    void phaseTableUnderTester()
    {
        PhaseTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.phaseStarted(phase(0, "model_load", protocol::PhaseStatus::NotRun));
        QCOMPARE(model.index(0, PhaseTableModel::ColStatus).data().toString(), QStringLiteral("running…"));
        model.phaseFinished(phase(0, "model_load", protocol::PhaseStatus::Ok));
        model.phaseStarted(phase(2, "cold_forward", protocol::PhaseStatus::NotRun));
        model.phaseStarted(phase(1, "inputs", protocol::PhaseStatus::NotRun)); // out of order: lands in place
        QCOMPARE(inserted.count(), 3);
        QCOMPARE(model.index(1, PhaseTableModel::ColPhase).data().toString(), QStringLiteral("inputs"));
        protocol::RunResult result;
        result.phases = { phase(0, "model_load", protocol::PhaseStatus::Ok),
            phase(1, "inputs", protocol::PhaseStatus::Ok), phase(2, "cold_forward", protocol::PhaseStatus::Failed),
            phase(3, "warmup", protocol::PhaseStatus::NotRun) };
        result.phases[2].error = "simulated out of memory: tried to allocate 1 bytes";
        result.phases[2].outOfMemory = true;
        model.runFinished(result);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(2, PhaseTableModel::ColStatus).data().toString(), QStringLiteral("out of memory"));
        QCOMPARE(model.index(3, PhaseTableModel::ColStatus).data().toString(), QStringLiteral("not run"));
        model.setUnit(units::Unit::GB);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    // Out of memory is core's fact (PhaseResult::outOfMemory, from the device status), never read from the words of
    // the error; the phase's name is core's phaseLabel().
    void outOfMemoryAndLabelComeFromCore_data()
    {
        QTest::addColumn<QString>("error");
        QTest::addColumn<int>("outOfMemory"); // PhaseResult::outOfMemory: 1 true, 0 false, -1 absent
        QTest::addColumn<QString>("status");
        QTest::addRow("device status OOM, words say so")
            << QStringLiteral("out of memory: tried to allocate 2 GiB") << 1
            << QStringLiteral("out of memory");
        QTest::addRow("device status OOM, localized runtime words")
            << QStringLiteral("Speicher erschöpft") << 1 << QStringLiteral("out of memory");
        QTest::addRow("another failure whose words mention out of memory")
            << QStringLiteral("kernel launch failed after an out of memory retry") << 0
            << QStringLiteral("failed");
        QTest::addRow("old file without the field") << QStringLiteral("CUDA error: out of memory")
                                                    << -1 << QStringLiteral("failed");
    }

    void outOfMemoryAndLabelComeFromCore()
    {
        QFETCH(QString, error);
        QFETCH(int, outOfMemory);
        QFETCH(QString, status);
        PhaseTableModel model;
        auto p = phase(4, "warm_forward", protocol::PhaseStatus::Failed);
        p.repeat = 2;
        p.error = error.toStdString();
        if (outOfMemory >= 0)
            p.outOfMemory = outOfMemory == 1;
        model.phaseFinished(p);
        QCOMPARE(model.index(0, PhaseTableModel::ColStatus).data().toString(), status);
        QCOMPARE(PhaseTableModel::isOutOfMemory(p), status == QLatin1String("out of memory"));
        QCOMPARE(model.index(0, PhaseTableModel::ColPhase).data().toString(),
            QString::fromStdString(protocol::phaseLabel(p)));
        QCOMPARE(model.rowOf(QStringLiteral("warm_forward#2")), 0);
    }

    void cellsShowUnitTooltipsShowBytes_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("unit");
        QTest::addColumn<QString>("cell");
        QTest::addColumn<QString>("tooltip");
        const int gib = static_cast<int>(units::Unit::GiB);
        const int gb = static_cast<int>(units::Unit::GB);
        QTest::addRow("peak allocated GiB") << int(PhaseTableModel::ColPeakAllocated) << gib
                                            << QStringLiteral("1.00 GiB") << QStringLiteral("1,073,741,824 bytes");
        QTest::addRow("peak allocated GB") << int(PhaseTableModel::ColPeakAllocated) << gb << QStringLiteral("1.07 GB")
                                           << QStringLiteral("1,073,741,824 bytes");
        QTest::addRow("peak reserved GiB") << int(PhaseTableModel::ColPeakReserved) << gib << QStringLiteral("2.00 GiB")
                                           << QStringLiteral("2,147,483,648 bytes");
        QTest::addRow("device-level null") << int(PhaseTableModel::ColDeviceUsed) << gib << QStringLiteral("—")
                                           << QStringLiteral("No device-level reading (null).");
        QTest::addRow("no prediction") << int(PhaseTableModel::ColPredictedPeak) << gib << QStringLiteral("—")
                                       << QStringLiteral("No reading (null).");
        QTest::addRow("duration") << int(PhaseTableModel::ColDuration) << gib << QStringLiteral("0.250 s") << QString();
    }

    void cellsShowUnitTooltipsShowBytes()
    {
        QFETCH(int, column);
        QFETCH(int, unit);
        QFETCH(QString, cell);
        QFETCH(QString, tooltip);
        PhaseTableModel model;
        model.setUnit(static_cast<units::Unit>(unit));
        model.phaseFinished(phase(0, "cold_forward", protocol::PhaseStatus::Ok));
        const QModelIndex index = model.index(0, column);
        QCOMPARE(index.data().toString(), cell);
        QCOMPARE(index.data(Qt::ToolTipRole).toString(), tooltip);
    }

    void nullReadingIsNeverZero()
    {
        PhaseTableModel model;
        model.runFinished(protocol::RunResult { {}, {}, {}, { phase(0, "warmup", protocol::PhaseStatus::NotRun) } });
        for (int column = PhaseTableModel::ColBaselineAllocated; column <= PhaseTableModel::ColDifference; ++column) {
            const QModelIndex index = model.index(0, column);
            QCOMPARE(index.data().toString(), QStringLiteral("—"));
            QVERIFY(!index.data(PhaseTableModel::BytesRole).isValid());
        }
    }

    void measuredMinusPredicted_data()
    {
        QTest::addColumn<qulonglong>("measured");
        QTest::addColumn<qulonglong>("predicted");
        QTest::addColumn<QString>("cell");
        QTest::addRow("equal to the byte") << 1'073'741'824ULL << 1'073'741'824ULL << QStringLiteral("0 B (equal)");
        QTest::addRow("measured above") << 1'075'838'976ULL << 1'073'741'824ULL << QStringLiteral("+2,097,152 B");
        QTest::addRow("measured below") << 1'073'741'312ULL << 1'073'741'824ULL << QStringLiteral("−512 B");
    }

    void measuredMinusPredicted()
    {
        QFETCH(qulonglong, measured);
        QFETCH(qulonglong, predicted);
        QFETCH(QString, cell);
        auto p = phase(0, "cold_forward", protocol::PhaseStatus::Ok);
        p.peak.allocated = measured;
        p.predictedPeakAllocated = predicted;
        PhaseTableModel model;
        model.phaseFinished(p);
        QCOMPARE(model.index(0, PhaseTableModel::ColDifference).data().toString(), cell);
    }

    void retranslateEmitsHeaderDataChanged()
    {
        PhaseTableModel phases;
        gui::LogModel log;
        gui::DeviceListModel devices;
        QSignalSpy a(&phases, &QAbstractItemModel::headerDataChanged);
        QSignalSpy b(&log, &QAbstractItemModel::headerDataChanged);
        QSignalSpy c(&devices, &QAbstractItemModel::headerDataChanged);
        phases.retranslate();
        log.retranslate();
        devices.retranslate();
        QCOMPARE(a.count(), 1);
        QCOMPARE(b.count(), 1);
        QCOMPARE(c.count(), 1);
    }

    void logUnderTesterAndBounded()
    {
        gui::LogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMaxEntries(40);
        for (int i = 0; i < 50; ++i)
            model.add(i % 3 == 0 ? gui::LogModel::Level::Error : gui::LogModel::Level::Info, QString::number(i));
        QCOMPARE(model.rowCount(), 40);
        QCOMPARE(model.index(0, gui::LogModel::ColMessage).data().toString(), QStringLiteral("10"));
        QVERIFY(!model.index(0, gui::LogModel::ColTime).data().toString().isEmpty());
        QVERIFY(model.toPlainText().contains(QStringLiteral("Error")));
        model.setMaxEntries(5);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.index(0, gui::LogModel::ColMessage).data().toString(), QStringLiteral("45"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void deviceListUnderTesterAlwaysHasSim()
    {
        device::BackendRegistry registry;
        registry.load();
        gui::DeviceListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.reload(registry);
        const int sim = model.rowOf(QStringLiteral("sim:0"));
        QVERIFY(sim >= 0);
        const QModelIndex name = model.index(sim, gui::DeviceListModel::ColName);
        QVERIFY2(name.data().toString().contains(QStringLiteral("simulated, not a GPU measurement")),
            qPrintable(name.data().toString()));
        QVERIFY(model.flags(name) & Qt::ItemIsSelectable);
        QVERIFY(model.index(sim, gui::DeviceListModel::ColCapacity)
                    .data(gui::DeviceListModel::CapacityBytesRole)
                    .isValid());
        // Every backend that did not load or has no device is there, greyed (not selectable), with its reason.
        int greyed = 0;
        for (const auto& st : registry.statuses()) {
            if (st.loaded && st.deviceCount > 0)
                continue;
            const int row = [&] {
                for (int r = 0; r < model.rowCount(); ++r)
                    if (model.rows()[static_cast<std::size_t>(r)].id == QString::fromStdString(st.name))
                        return r;
                return -1;
            }();
            QVERIFY(row >= 0);
            QVERIFY(!(model.flags(model.index(row, 0)) & Qt::ItemIsEnabled));
            QVERIFY(model.index(row, gui::DeviceListModel::ColName)
                        .data()
                        .toString()
                        .startsWith(QStringLiteral("unavailable: ")));
            ++greyed;
        }
        QCOMPARE(model.hasGpu(), greyed < 2);
        model.setUnit(units::Unit::GB);
        model.reload(registry);
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
