// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/labapplication.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/workload/workloadform.h"
#include "app/gui/workload/workloadsettings.h"
#include "support/settingssandbox.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QWheelEvent>
#include <QApplication>

using namespace iteragpu;
using gui::WorkloadForm;
using Field = WorkloadForm::Field;
Q_DECLARE_METATYPE(WorkloadForm::Field)

// Invalid values are refused in the form, with the reason under the field, before anything runs.
class TestWorkloadForm : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(testsupport::settingsAreSandboxed()); }
    // Every case starts from the seeds' example, not from what an earlier case left in the settings.
    void init() { gui::WorkloadSettings::clear(); }
    void cleanupTestCase() { gui::WorkloadSettings::clear(); }

    // Defect: the workload form reset at every start. Its choices come back, as values, in any language.
    void choicesSurviveARestart()
    {
        protocol::RunConfig chosen;
        {
            WorkloadForm form;
            form.modeBox()->setCurrentIndex(form.modeBox()->findData(int(protocol::Mode::Training)));
            form.dtypeBox()->setCurrentIndex(form.dtypeBox()->findData(int(device::DType::BFloat16)));
            form.allocatorBox()->setCurrentIndex(form.allocatorBox()->findData(int(protocol::AllocatorKind::Async)));
            form.edit(Field::Batch)->setText(QStringLiteral("7"));
            form.edit(Field::Context)->setText(QStringLiteral("4096"));
            form.edit(Field::Width)->setText(QStringLiteral("2048"));
            form.edit(Field::Warmup)->setText(QStringLiteral("0"));
            form.edit(Field::Repeats)->setText(QStringLiteral("9"));
            form.edit(Field::SamplingHz)->setText(QStringLiteral("250"));
            form.edit(Field::SimCapacity)->setText(QStringLiteral("24"));
            QVERIFY(form.isValid());
            chosen = *form.config();
        }
        QLocale::setDefault(QLocale(QStringLiteral("de")));
        WorkloadForm again;
        QLocale::setDefault(QLocale(QStringLiteral("en_US")));
        QVERIFY(again.isValid());
        const auto back = again.config();
        QVERIFY(back.has_value());
        QCOMPARE(back->mode, chosen.mode);
        QCOMPARE(back->dtype, chosen.dtype);
        QCOMPARE(back->allocator, chosen.allocator);
        QCOMPARE(back->batch, std::uint64_t(7));
        QCOMPARE(back->context, std::uint64_t(4096));
        QCOMPARE(back->width, std::uint64_t(2048));
        QCOMPARE(back->warmup, 0u);
        QCOMPARE(back->repeats, 9u);
        QCOMPARE(back->samplingHz, 250.0);
        QCOMPARE(back->simCapacityBytes, std::optional<std::uint64_t>(24ULL * units::kGiB));

        // Reset gives the seeds' example and keeps it for the next start.
        again.resetButton()->click();
        const protocol::RunConfig seeds;
        QCOMPARE(again.config()->batch, seeds.batch);
        QCOMPARE(again.config()->mode, seeds.mode);
        QCOMPARE(again.config()->warmup, seeds.warmup);
        WorkloadForm third;
        QCOMPARE(third.config()->batch, seeds.batch);
        QCOMPARE(third.config()->dtype, seeds.dtype);
    }

    // The wheel over an unfocused combo box scrolls the form instead of changing the mode, the data type or the
    // allocator; once the box has the focus (a click, Tab) the wheel changes it.
    void wheelChangesAComboOnlyWhenFocused()
    {
        WorkloadForm form;
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        for (QComboBox* box : { form.modeBox(), form.dtypeBox(), form.allocatorBox() }) {
            box->setCurrentIndex(0);
            form.setFocus();
            QVERIFY(!box->hasFocus());
            const QPoint center = box->rect().center();
            QWheelEvent down(center, box->mapToGlobal(center), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                Qt::NoScrollPhase, false);
            QApplication::sendEvent(box, &down);
            QCOMPARE(box->currentIndex(), 0);
            QCOMPARE(box->focusPolicy(), Qt::StrongFocus);
            box->setFocus();
            QWheelEvent again(center, box->mapToGlobal(center), QPoint(), QPoint(0, -120), Qt::NoButton,
                Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(box, &again);
            QCOMPARE(box->currentIndex(), 1);
        }
    }

    void damagedSettingsFallBackToTheSeeds()
    {
        {
            QSettings s;
            s.setValue(QStringLiteral("workload/batch"), QStringLiteral("-3"));
            s.setValue(QStringLiteral("workload/width"), 0);
            s.setValue(QStringLiteral("workload/mode"), QStringLiteral("warp-drive"));
        }
        WorkloadForm form;
        QVERIFY(form.isValid());
        QCOMPARE(form.config()->batch, protocol::RunConfig {}.batch);
        QCOMPARE(form.config()->width, protocol::RunConfig {}.width);
        QCOMPARE(form.config()->mode, protocol::RunConfig {}.mode);
    }

    void defaultsAreValid()
    {
        WorkloadForm form;
        QVERIFY(form.isValid());
        const auto config = form.config();
        QVERIFY(config.has_value());
        QCOMPARE(config->batch, std::uint64_t(2));
        QCOMPARE(config->context, std::uint64_t(128));
        QCOMPARE(config->width, std::uint64_t(1024));
        QCOMPARE(config->simCapacityBytes, std::optional<std::uint64_t>(80ULL * units::kGiB));
    }

    void invalidValueIsRefusedWithReason_data()
    {
        QTest::addColumn<Field>("field");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::addRow("batch empty") << Field::Batch << QString() << QStringLiteral("Required.");
        QTest::addRow("batch zero") << Field::Batch << QStringLiteral("0") << QStringLiteral("Must be at least 1.");
        QTest::addRow("batch negative") << Field::Batch << QStringLiteral("-2")
                                        << QStringLiteral("Cannot be negative.");
        QTest::addRow("batch letters") << Field::Batch << QStringLiteral("two")
                                       << QStringLiteral("Not a whole number.");
        QTest::addRow("batch fraction") << Field::Batch << QStringLiteral("1.5")
                                        << QStringLiteral("Not a whole number.");
        QTest::addRow("context too large")
            << Field::Context << QStringLiteral("2147483648") << QStringLiteral("At most 2,147,483,647.");
        QTest::addRow("width beyond 64 bits")
            << Field::Width << QStringLiteral("99999999999999999999") << QStringLiteral("Not a whole number.");
        QTest::addRow("warm-up too many")
            << Field::Warmup << QStringLiteral("100001") << QStringLiteral("At most 100,000.");
        QTest::addRow("repeats negative")
            << Field::Repeats << QStringLiteral("-1") << QStringLiteral("Cannot be negative.");
        QTest::addRow("sampling too slow")
            << Field::SamplingHz << QStringLiteral("5") << QStringLiteral("Between 10 and 10,000 Hz.");
        QTest::addRow("sampling too fast")
            << Field::SamplingHz << QStringLiteral("20000") << QStringLiteral("Between 10 and 10,000 Hz.");
        QTest::addRow("sampling not a number")
            << Field::SamplingHz << QStringLiteral("fast") << QStringLiteral("Not a number.");
        QTest::addRow("sim capacity zero")
            << Field::SimCapacity << QStringLiteral("0") << QStringLiteral("Must be more than 0 GiB.");
        QTest::addRow("sim capacity huge")
            << Field::SimCapacity << QStringLiteral("1e9") << QStringLiteral("At most 1,048,576 GiB.");
    }

    void invalidValueIsRefusedWithReason()
    {
        QFETCH(Field, field);
        QFETCH(QString, text);
        QFETCH(QString, reason);
        WorkloadForm form;
        QSignalSpy validity(&form, &WorkloadForm::validityChanged);
        form.edit(field)->setText(text);
        QVERIFY(!form.isValid());
        QCOMPARE(form.errorText(field), reason);
        QVERIFY(!form.config().has_value() || !form.isValid());
        QCOMPARE(validity.count(), 1);
        QCOMPARE(validity.at(0).at(0).toBool(), false);
        // Correcting the value clears the reason.
        form.edit(field)->setText(QStringLiteral("20"));
        QVERIFY2(form.isValid(), qPrintable(form.formError()));
        QCOMPARE(form.errorText(field), QString());
        QCOMPARE(validity.count(), 2);
    }

    void zeroRepeatsAndWarmupAreAllowed()
    {
        WorkloadForm form;
        form.edit(Field::Warmup)->setText(QStringLiteral("0"));
        form.edit(Field::Repeats)->setText(QStringLiteral("0"));
        QVERIFY(form.isValid());
        QCOMPARE(form.config()->repeats, 0u);
    }

    void overflowingTensorIsRefusedForTheForm()
    {
        WorkloadForm form;
        form.edit(Field::Batch)->setText(QStringLiteral("2147483647"));
        form.edit(Field::Context)->setText(QStringLiteral("2147483647"));
        form.edit(Field::Width)->setText(QStringLiteral("2147483647"));
        QVERIFY(!form.isValid());
        QVERIFY2(form.formError().contains(QStringLiteral("64 bits")), qPrintable(form.formError()));
    }

    void simCapacityIgnoredOnAGpu()
    {
        WorkloadForm form;
        form.edit(Field::SimCapacity)->setText(QStringLiteral("-3"));
        QVERIFY(!form.isValid());
        form.setSimulatedDevice(false);
        QVERIFY(form.isValid());
        QVERIFY(!form.edit(Field::SimCapacity)->isEnabled());
        QVERIFY(!form.config()->simCapacityBytes.has_value());
    }

    void invalidFormDisablesRun()
    {
        gui::MainWindow window;
        QPushButton* run = window.runPanel()->runButton();
        QVERIFY(run->isEnabled());
        window.workloadForm()->edit(Field::Width)->setText(QStringLiteral("0"));
        QVERIFY(!run->isEnabled());
        QVERIFY(!run->toolTip().isEmpty());
        // Asking anyway starts nothing.
        window.startRun();
        QVERIFY(!window.runController()->isRunning());
        QCOMPARE(window.runController()->currentRunId(), std::uint64_t(0));
        window.workloadForm()->edit(Field::Width)->setText(QStringLiteral("64"));
        QVERIFY(run->isEnabled());
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestWorkloadForm test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_workloadform.moc"
