// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/labapplication.h"
#include "app/gui/devices/devicepicker.h"
#include "app/gui/devices/simcardbox.h"
#include "app/gui/log/logview.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/workbench/decidepage.h"
#include "app/gui/workbench/devicechoicebox.h"
#include "app/gui/workbench/quickstartnote.h"
#include "app/gui/workbench/workbenchsteps.h"
#include "app/gui/sweep/sweepview.h"
#include "app/gui/why/whyview.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/report/resultcomparewidget.h"
#include "app/gui/report/resultexporter.h"
#include "app/gui/run/runcontroller.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/run/runsignaladapter.h"
#include "app/gui/sizing/enginebox.h"
#include "app/gui/sizing/sizingpanel.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/workload/workloadform.h"
#include "app/gui/workload/workloadsettings.h"
#include "support/settingssandbox.h"

#include "core/protocol/runsummary.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTest>
#include <QTranslator>
#include <QValueAxis>

using namespace iteragpu;
using Field = gui::WorkloadForm::Field;

namespace {

constexpr int kRunTimeoutMs = 120'000;

void setWorkload(gui::MainWindow& window, const QString& batch, const QString& width, const QString& warmup,
    const QString& repeats, const QString& simGiB)
{
    gui::WorkloadForm* form = window.workloadForm();
    form->edit(Field::Batch)->setText(batch);
    form->edit(Field::Context)->setText(QStringLiteral("64"));
    form->edit(Field::Width)->setText(width);
    form->edit(Field::Warmup)->setText(warmup);
    form->edit(Field::Repeats)->setText(repeats);
    form->edit(Field::SimCapacity)->setText(simGiB);
    QVERIFY2(form->isValid(), qPrintable(form->formError()));
}

QStringList column(const gui::PhaseTableModel* model, int col)
{
    QStringList out;
    for (int row = 0; row < model->rowCount(); ++row)
        out << model->index(row, col).data().toString();
    return out;
}

// A German catalog of a few strings, enough to see every kind of widget retranslate.
class TinyGermanCatalog : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char* disambiguation, int n) const override
    {
        Q_UNUSED(context);
        Q_UNUSED(disambiguation);
        Q_UNUSED(n);
        static const QHash<QString, QString> words {
            { QStringLiteral("Memory (%1)"), QStringLiteral("Speicher (%1)") },
            { QStringLiteral("Peak allocated"), QStringLiteral("Spitzenwert zugewiesen") },
            { QStringLiteral("&File"), QStringLiteral("&Datei") },
            { QStringLiteral("&Run"), QStringLiteral("&Starten") },
            { QStringLiteral("Phases"), QStringLiteral("Phasen") },
            { QStringLiteral("Message"), QStringLiteral("Meldung") },
        };
        return words.value(QString::fromUtf8(source));
    }
    bool isEmpty() const override { return false; }
};

} // namespace

class TestWorkbench : public QObject {
    Q_OBJECT
private slots:
    void init() { gui::WorkloadSettings::clear(); } // each case from the seeds' example

    void initTestCase()
    {
        QVERIFY(testsupport::settingsAreSandboxed());
        QSettings().clear();
    }

    void noGpuOffersTheSimulatedDevice()
    {
        gui::MainWindow window;
        gui::DevicePicker* picker = window.devicePicker();
        QVERIFY(picker->model()->rowOf(QStringLiteral("sim:0")) >= 0);
        if (picker->model()->hasGpu()) {
            QVERIFY(picker->noticeLabel()->isHidden());
            QVERIFY(!picker->currentIsSimulated());
        } else {
            QVERIFY(!picker->noticeLabel()->isHidden());
            QVERIFY(picker->noticeLabel()->text().contains(QStringLiteral("No GPU")));
            QCOMPARE(picker->currentDeviceId(), QStringLiteral("sim:0"));
            QVERIFY(window.timeline()->chart()->title().contains(QStringLiteral("simulated, not a GPU measurement")));
        }
        QSignalSpy refreshed(picker, &gui::DevicePicker::refreshed);
        picker->refreshButton()->click();
        QCOMPARE(refreshed.count(), 1);
        QVERIFY(picker->selectDevice(QStringLiteral("sim:0")));
        QCOMPARE(picker->currentDeviceId(), QStringLiteral("sim:0"));
    }

    void fullRunDrivesChartAndTable_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("repeats");
        QTest::addColumn<int>("allocator");
        QTest::addColumn<int>("phases");
        // inference: model_load, inputs, cold_forward, warmup, warm_forward x repeats
        QTest::addRow("inference, native, 2 repeats") << 0 << QStringLiteral("2") << 0 << 6;
        QTest::addRow("inference, async, 1 repeat") << 0 << QStringLiteral("1") << 1 << 5;
        QTest::addRow("inference, no repeat") << 0 << QStringLiteral("0") << 0 << 4;
        // training: + the four parts of the first step, warm_step x repeats, evaluation, export
        QTest::addRow("training, 1 repeat") << 1 << QStringLiteral("1") << 0 << 10;
    }

    void fullRunDrivesChartAndTable()
    {
        QFETCH(int, mode);
        QFETCH(QString, repeats);
        QFETCH(int, allocator);
        QFETCH(int, phases);
        gui::MainWindow window;
        window.show();
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        setWorkload(
            window, QStringLiteral("2"), QStringLiteral("256"), QStringLiteral("2"), repeats, QStringLiteral("8"));
        window.workloadForm()->allocatorBox()->setCurrentIndex(allocator);
        window.workloadForm()->modeBox()->setCurrentIndex(mode);
        QAbstractItemModelTester tester(window.phaseModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(window.phaseModel(), &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(window.phaseModel(), &QAbstractItemModel::dataChanged);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        QSignalSpy samples(window.runController(), &gui::RunController::samplesReady);

        window.runPanel()->runButton()->click();
        QVERIFY(window.runController()->isRunning());
        QVERIFY(!window.runPanel()->runButton()->isEnabled());
        QVERIFY(!window.workloadForm()->edit(Field::Batch)->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);

        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.simulated);
        QVERIFY(inserted.count() >= 1);
        QVERIFY(changed.count() >= 1);
        QVERIFY(samples.count() >= 1);
        // One row per phase of the result, all ok; peaks in the table match the result to the byte.
        gui::PhaseTableModel* model = window.phaseModel();
        QCOMPARE(model->rowCount(), static_cast<int>(result.phases.size()));
        QCOMPARE(model->rowCount(), phases);
        QCOMPARE(window.runController()->plannedPhases(), phases);
        for (int row = 0; row < model->rowCount(); ++row) {
            QCOMPARE(model->index(row, gui::PhaseTableModel::ColStatus).data().toString(), QStringLiteral("ok"));
            const auto& phase = result.phases[static_cast<std::size_t>(row)];
            QCOMPARE(model->index(row, gui::PhaseTableModel::ColPeakAllocated).data(gui::PhaseTableModel::BytesRole),
                phase.peak.allocated ? QVariant(static_cast<qulonglong>(*phase.peak.allocated)) : QVariant());
        }
        // The chart holds the samples as points, one band per phase and the peaks' markers.
        gui::TimelineChart* chart = window.timeline();
        QTRY_VERIFY(chart->allocatedSeries()->count() > 0);
        QCOMPARE(chart->reservedSeries()->count(), chart->allocatedSeries()->count());
        QCOMPARE(chart->phases().size(), result.phases.size());
        QVERIFY(chart->peakSeries()->count() >= static_cast<int>(result.phases.size()));
        QVERIFY(chart->store().maxReserved() >= chart->store().maxAllocated());
        QVERIFY(chart->axisY()->max() > 0.0);
        QVERIFY(window.noticeText().isEmpty());
        // Selecting a row highlights its band.
        window.phaseView()->selectRow(2);
        QCOMPARE(chart->highlightedPhase(), 2);
        // The run panel reports all phases done, Run enabled again.
        QCOMPARE(window.runPanel()->overallBar()->value(), window.runPanel()->overallBar()->maximum());
        QVERIFY(window.runPanel()->runButton()->isEnabled());
        QVERIFY(window.logView()->model()->toPlainText().contains(QStringLiteral("finished")));
    }

    // The model sized is the model measured: a tiny Llama-shaped config.json in the sizing panel, "Measure this
    // model", one click on Run: the decoder's phases in the table and on the chart, each with its predicted step.
    void decoderOfTheSizingPanelRunsWithOneClick()
    {
        const QString data = qEnvironmentVariable("ITERAGPU_TEST_DATA");
        QVERIFY2(!data.isEmpty(), "ITERAGPU_TEST_DATA is not set");
        // The sizing panel keeps its model for the next window, whose form would then follow it (Note [Which
        // workload runs]): the later cases start from the seeds' dense network again.
        const auto forgetTheModel = qScopeGuard([] { QSettings().remove(QStringLiteral("sizing")); });
        gui::MainWindow window;
        window.show();
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->loadConfigFile(QDir(data).filePath(QStringLiteral("measure/tiny-llama.config.json"))));
        panel->findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel->findChild<QSpinBox*>(QStringLiteral("promptSpin"))->setValue(24);
        panel->findChild<QSpinBox*>(QStringLiteral("generatedSpin"))->setValue(6);
        panel->findChild<QSpinBox*>(QStringLiteral("sequencesSpin"))->setValue(2);
        panel->measureButton()->click();
        gui::WorkloadForm* form = window.workloadForm();
        QCOMPARE(form->workload(), protocol::WorkloadKind::Decoder);
        form->edit(Field::DecodeChunk)->setText(QStringLiteral("2"));
        form->edit(Field::Warmup)->setText(QStringLiteral("1"));
        form->edit(Field::Repeats)->setText(QStringLiteral("2"));
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);

        window.runPanel()->runButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.completed);
        QCOMPARE(result.config.workload, protocol::WorkloadKind::Decoder);
        QVERIFY(result.config.decoder.has_value());
        QCOMPARE(result.config.decoder->shape.hidden, std::uint64_t(64));
        QCOMPARE(result.config.decoder->promptTokens, std::uint64_t(24));
        QCOMPARE(result.config.decoder->generated, std::uint64_t(6));
        QCOMPARE(result.config.decoder->sequences, std::uint64_t(2));
        QStringList names;
        for (const auto& phase : result.phases)
            names << QString::fromStdString(protocol::phaseLabel(phase));
        // model_load, inputs, prefill, three decode records of 2 steps, warmup, two warm prefills.
        QCOMPARE(names.size(), 9);
        QCOMPARE(names.at(2), QStringLiteral("prefill"));
        QVERIFY2(names.filter(QStringLiteral("decode")).size() == 3, qPrintable(names.join(QLatin1Char(' '))));

        gui::TimelineChart* chart = window.timeline();
        QCOMPARE(window.phaseModel()->rowCount(), 9);
        QCOMPARE(chart->phases().size(), result.phases.size());
        // The step line: one step per phase, at that phase's prediction; no sizing total for the decoder.
        const QList<QPointF> steps = chart->predictionSeries()->points();
        QCOMPARE(steps.size(), 2 * 9);
        for (std::size_t i = 0; i < result.phases.size(); ++i) {
            const auto& predicted = result.phases[i].predictedPeakAllocated;
            QVERIFY(predicted.has_value());
            QCOMPARE(steps[static_cast<int>(2 * i)].y(), units::toUnit(*predicted, chart->unit()));
            QCOMPARE(steps[static_cast<int>(2 * i + 1)].y(), units::toUnit(*predicted, chart->unit()));
        }
        QCOMPARE(chart->estimateSeries()->count(), 0);
        QVERIFY(!chart->offScaleText().contains(QStringLiteral("Sizing estimate")));
        QVERIFY(window.logView()->model()->toPlainText().contains(QStringLiteral("Run measures")));
    }

    // vLLM chosen as the sizing panel's serving engine: "Measure this model" rehearses vLLM's start-up on the run's
    // device with the engine box's options, the plan made on that device's total by core (prepareRun), as the CLI's
    // `measure --engine vllm` does; each phase as the independent predictor says.
    void vllmStartupOfTheSizingPanelsEngineRuns()
    {
        const QString data = qEnvironmentVariable("ITERAGPU_TEST_DATA");
        QVERIFY2(!data.isEmpty(), "ITERAGPU_TEST_DATA is not set");
        const auto forgetTheModel = qScopeGuard([] { QSettings().remove(QStringLiteral("sizing")); });
        gui::MainWindow window;
        window.show();
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        QVERIFY(window.devicePicker()->simCardBox()->selectCard(QStringLiteral("h100-sxm")));
        const auto noCard = qScopeGuard([&] { window.devicePicker()->simCardBox()->selectCard(QString()); });
        gui::SizingPanel* panel = window.sizingPanel();
        QVERIFY(panel->loadConfigFile(QDir(data).filePath(QStringLiteral("measure/tiny-llama.config.json"))));
        panel->findChild<QGroupBox*>(QStringLiteral("kvBox"))->setChecked(true);
        panel->findChild<QSpinBox*>(QStringLiteral("promptSpin"))->setValue(100);
        panel->findChild<QSpinBox*>(QStringLiteral("generatedSpin"))->setValue(20);
        panel->findChild<QSpinBox*>(QStringLiteral("sequencesSpin"))->setValue(3);
        auto* engine = panel->findChild<gui::EngineBox*>(QStringLiteral("engineBox"));
        engine->setEngine(gui::EngineBox::Engine::Vllm);
        engine->findChild<QSpinBox*>(QStringLiteral("maxModelLen"))->setValue(256);
        panel->recompute();
        panel->measureButton()->click();
        gui::WorkloadForm* form = window.workloadForm();
        QCOMPARE(form->workload(), protocol::WorkloadKind::Decoder);
        QVERIFY(form->decoderVllm());
        QVERIFY2(form->isValid(), qPrintable(form->formError()));
        QVERIFY2(form->measuresText().contains(QStringLiteral("vLLM's start-up")), qPrintable(form->measuresText()));
        // vLLM starts once, with its own cache, attention and allocator: those rows are not offered.
        QVERIFY(!form->edit(Field::Warmup)->isVisibleTo(form));
        QVERIFY(!form->edit(Field::DecodeChunk)->isVisibleTo(form));
        QVERIFY(!form->cacheBox()->isVisibleTo(form));
        QVERIFY(!form->allocatorBox()->isVisibleTo(form));
        QVERIFY(form->edit(Field::Sequences)->isVisibleTo(form));
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);

        window.runPanel()->runButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.completed);
        QVERIFY(result.config.vllm.has_value());
        const protocol::VllmRun& vllm = *result.config.vllm;
        QVERIFY(vllm.planned);
        QVERIFY(vllm.plan.starts);
        QCOMPARE(vllm.options.maxModelLen, std::optional<std::uint64_t>(256));
        QCOMPARE(vllm.plan.maxModelLen, std::uint64_t(256));
        QVERIFY2(QString::fromStdString(vllm.options.cardName).contains(QStringLiteral("H100")), vllm.options.cardName.c_str()); // the device as the run opens it
        QCOMPARE(result.config.decoder->sequences, std::uint64_t(3));
        QStringList names;
        for (const auto& phase : result.phases) {
            names << QString::fromStdString(protocol::phaseLabel(phase));
            QVERIFY2(phase.status == protocol::PhaseStatus::Ok, phase.name.c_str());
            QVERIFY(phase.predictedPeakAllocated.has_value() && phase.peak.allocated.has_value());
            QCOMPARE(*phase.predictedPeakAllocated, *phase.peak.allocated);
        }
        QCOMPARE(names, QStringList({ QStringLiteral("model_load"), QStringLiteral("profile_run"),
                            QStringLiteral("kv_cache_alloc"), QStringLiteral("cuda_graph_capture"), QStringLiteral("serve") }));
        std::uint64_t pool = 0;
        for (const std::uint64_t bytes : vllm.plan.kvTensorBytes)
            pool += bytes;
        QVERIFY(pool > 0);
        // kv_cache_alloc holds the plan's pool (each tensor rounded as the allocator rounds it) over what was there.
        const std::uint64_t added = *result.phases.at(2).peak.allocated - *result.phases.at(1).final.allocated;
        QVERIFY2(added >= pool && added - pool < units::kMiB, qPrintable(QString::number(added - pool)));
        QCOMPARE(window.phaseModel()->rowCount(), 5);
        // With transformers chosen again, the form says why a rehearsal has no options, and Run stays off.
        engine->setEngine(gui::EngineBox::Engine::Transformers);
        panel->recompute();
        QVERIFY(form->decoderVllm());
        QVERIFY(!form->isValid());
        QVERIFY2(form->formError().contains(QStringLiteral("serving-engine options")), qPrintable(form->formError()));
        QVERIFY(!window.runPanel()->runButton()->isEnabled());
    }

    void stopKeepsWhatWasMeasured()
    {
        gui::MainWindow window;
        window.show();
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        // Thousands of short phases: the stop comes long before the end.
        setWorkload(window, QStringLiteral("4"), QStringLiteral("1024"), QStringLiteral("50"), QStringLiteral("3000"),
            QStringLiteral("80"));
        QSignalSpy phaseDone(window.runController(), &gui::RunController::phaseFinished);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_VERIFY_WITH_TIMEOUT(phaseDone.count() >= 1, kRunTimeoutMs);
        window.runPanel()->stopButton()->click();
        QCOMPARE(window.runController()->state(), gui::RunController::State::Stopping);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);

        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY(result.cancelled);
        // The bar says how far the run got, as the status bar does (it read "3004 / 3004" after a stop at 1 028).
        const protocol::RunSummary counted = protocol::summarize(result);
        QVERIFY(counted.notRun > 0);
        QCOMPARE(window.runPanel()->overallBar()->maximum(), static_cast<int>(counted.planned));
        QCOMPARE(window.runPanel()->overallBar()->value(), static_cast<int>(counted.ran()));
        QVERIFY(window.runPanel()->overallBar()->value() < window.runPanel()->overallBar()->maximum());
        const QStringList status = column(window.phaseModel(), gui::PhaseTableModel::ColStatus);
        QVERIFY2(status.contains(QStringLiteral("ok")), qPrintable(status.join(QLatin1Char(','))));
        QVERIFY2(status.contains(QStringLiteral("not run")), qPrintable(status.join(QLatin1Char(','))));
        QVERIFY(!status.contains(QStringLiteral("running…")));
        // The measured phases keep their numbers; the chart keeps its points.
        QVERIFY(window.phaseModel()
                    ->index(0, gui::PhaseTableModel::ColPeakAllocated)
                    .data(gui::PhaseTableModel::BytesRole)
                    .isValid());
        QVERIFY(window.timeline()->allocatedSeries()->count() > 0);
        QVERIFY(window.noticeText().contains(QStringLiteral("Stopped")));
        QVERIFY(!window.runController()->isRunning());
    }

    void outOfMemoryIsAResult()
    {
        gui::MainWindow window;
        window.show();
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        // 32 MiB of simulated memory beside the simulated context and workspace (500 + 32 MiB, held from open on,
        // outside the allocator); the inputs alone take 64 MiB.
        setWorkload(window, QStringLiteral("256"), QStringLiteral("1024"), QStringLiteral("1"), QStringLiteral("2"),
            QStringLiteral("0.55078125"));
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);

        // The bar counts the phases that ran, not the planned ones ("14 / 14" when 1 failed and the rest did not
        // run), and the failure is known as out of memory from the device status, not from its words.
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        const protocol::RunSummary counted = protocol::summarize(result);
        QCOMPARE(counted.failed, std::size_t { 1 });
        QVERIFY(counted.firstFailureOutOfMemory);
        QVERIFY(counted.notRun > 0);
        QCOMPARE(window.runPanel()->overallBar()->value(), static_cast<int>(counted.ran()));
        QCOMPARE(window.runPanel()->overallBar()->maximum(), static_cast<int>(counted.planned));
        QVERIFY(window.runPanel()->overallBar()->value() < window.runPanel()->overallBar()->maximum());
        QVERIFY2(window.statusBar()->currentMessage().contains(QString::number(counted.notRun)),
            qPrintable(window.statusBar()->currentMessage()));

        const QStringList status = column(window.phaseModel(), gui::PhaseTableModel::ColStatus);
        QVERIFY2(status.contains(QStringLiteral("out of memory")), qPrintable(status.join(QLatin1Char(','))));
        const int failedRow = static_cast<int>(status.indexOf(QStringLiteral("out of memory")));
        for (int row = failedRow + 1; row < status.size(); ++row)
            QCOMPARE(status.at(row), QStringLiteral("not run"));
        // The user reads it in the banner, the log and on the chart, in red.
        QVERIFY2(window.noticeText().contains(QStringLiteral("Out of memory")), qPrintable(window.noticeText()));
        bool logged = false;
        for (const auto& e : window.logView()->model()->entries())
            logged = logged
                || (e.level == gui::LogModel::Level::Error && e.message.contains(QStringLiteral("Out of memory")));
        QVERIFY(logged);
        bool oomBand = false;
        for (const auto& p : window.timeline()->phases())
            oomBand = oomBand || p.state == gui::TimelinePhase::State::OutOfMemory;
        QVERIFY(oomBand);
        // The capacity line is the simulated capacity.
        QCOMPARE(window.timeline()->capacitySeries()->count(), 2);

        // The application keeps running: the next run works.
        window.workloadForm()->edit(Field::SimCapacity)->setText(QStringLiteral("8"));
        window.workloadForm()->edit(Field::Batch)->setText(QStringLiteral("1"));
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kRunTimeoutMs);
        QVERIFY(
            !column(window.phaseModel(), gui::PhaseTableModel::ColStatus).contains(QStringLiteral("out of memory")));
        QVERIFY(window.noticeText().isEmpty());
    }

    // Defects 2 and 8: a result opened after a run is shown like a measured one (phase table and timeline), and
    // every result keeps its own source: the run's sheet names the run, the compare view labels both sides.
    void openedResultIsShownAndKeepsItsSource()
    {
        gui::MainWindow window;
        window.show();
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        gui::ReportActions* actions = window.reportActions();
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        QTemporaryDir dir;
        // First run (batch 1), saved: that file is "another result" for later.
        setWorkload(window, QStringLiteral("1"), QStringLiteral("128"), QStringLiteral("1"), QStringLiteral("2"),
            QStringLiteral("8"));
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);
        const QString other = dir.filePath(QStringLiteral("batch1.json"));
        QVERIFY(actions->exportJsonTo(other));
        protocol::RunResult opened;
        QString error;
        QVERIFY2(gui::ResultExporter::openResult(other, opened, error), qPrintable(error));
        // Second run (batch 2, one more repeat), not saved.
        setWorkload(window, QStringLiteral("2"), QStringLiteral("128"), QStringLiteral("1"), QStringLiteral("3"),
            QStringLiteral("8"));
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kRunTimeoutMs);
        const auto run = finished.at(1).at(0).value<protocol::RunResult>();
        QCOMPARE(window.phaseModel()->rowCount(), static_cast<int>(run.phases.size()));

        // Open the first file: the window shows it as if it had just been measured, and the run bar no longer
        // describes the second run (its phase, its progress, its time).
        QVERIFY(window.runPanel()->overallBar()->value() > 0);
        QVERIFY(actions->openResultFile(other));
        QCOMPARE(window.runPanel()->overallBar()->value(), 0);
        QVERIFY(!window.runPanel()->overallBar()->isTextVisible());
        QVERIFY(window.runPanel()->overallBar()->toolTip().isEmpty());
        QCOMPARE(window.runPanel()->elapsedLabel()->text(), QStringLiteral("00:00:00.0"));
        QCOMPARE(window.runPanel()->phaseBar()->value(), 0);
        gui::PhaseTableModel* model = window.phaseModel();
        QCOMPARE(model->rowCount(), static_cast<int>(opened.phases.size()));
        QVERIFY(opened.phases.size() != run.phases.size());
        std::uint64_t samples = 0;
        std::uint64_t maxAllocated = 0;
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto& phase = opened.phases[static_cast<std::size_t>(row)];
            QCOMPARE(model->index(row, gui::PhaseTableModel::ColPhase).data().toString(),
                QString::fromStdString(protocol::phaseLabel(phase)));
            QCOMPARE(
                model->index(row, gui::PhaseTableModel::ColStatus).data(gui::PhaseTableModel::StatusRole).toString(),
                QString::fromLatin1(protocol::phaseStatusName(phase.status)));
            QCOMPARE(model->index(row, gui::PhaseTableModel::ColPeakAllocated).data(gui::PhaseTableModel::BytesRole),
                phase.peak.allocated ? QVariant(static_cast<qulonglong>(*phase.peak.allocated)) : QVariant());
            samples += phase.samples.size();
            for (const auto& s : phase.samples)
                maxAllocated = std::max(maxAllocated, s.allocated);
        }
        QVERIFY(samples > 0);
        gui::TimelineChart* chart = window.timeline();
        QCOMPARE(chart->store().sampleCount(), samples);
        QCOMPARE(chart->store().maxAllocated(), maxAllocated);
        QCOMPARE(chart->phases().size(), opened.phases.size());
        QTRY_VERIFY(chart->allocatedSeries()->count() > 0);

        // The sheet of the run (not the file opened last) names the run's own source.
        const QString runSheet = dir.filePath(QStringLiteral("run.md"));
        QVERIFY(actions->exportSheetTo(runSheet, QStringLiteral("en"), QString(),
            gui::DecisionSheetWriter::Format::Markdown, /*writeJson=*/false, gui::ReportActions::Held::Measured));
        QFile runFile(runSheet);
        QVERIFY(runFile.open(QIODevice::ReadOnly));
        const QString runText = QString::fromUtf8(runFile.readAll());
        QVERIFY2(runText.contains(QStringLiteral("Source of the run: measured in this session, not saved")),
            qPrintable(runText));
        QVERIFY(!runText.contains(QStringLiteral("batch1.json")));
        QVERIFY(runText.contains(QStringLiteral("batch 2, context 64")));
        // The sheet of what is shown describes the opened file, with its own chart.
        const QString openedSheet = dir.filePath(QStringLiteral("opened.md"));
        QVERIFY(actions->exportSheetTo(
            openedSheet, QStringLiteral("en"), QString(), gui::DecisionSheetWriter::Format::Markdown, false));
        QFile openedFile(openedSheet);
        QVERIFY(openedFile.open(QIODevice::ReadOnly));
        const QString openedText = QString::fromUtf8(openedFile.readAll());
        QVERIFY(openedText.contains(
            QStringLiteral("opened from ") + QDir::toNativeSeparators(QFileInfo(other).absoluteFilePath())));
        QVERIFY(openedText.contains(QStringLiteral("batch 1, context 64")));
        const QImage sheetChart(gui::ResultExporter::chartPathFor(openedSheet));
        QCOMPARE(sheetChart.convertToFormat(QImage::Format_RGB32),
            actions->chartOf(gui::ReportActions::Held::Opened).convertToFormat(QImage::Format_RGB32));
        QVERIFY(sheetChart.convertToFormat(QImage::Format_RGB32)
            != actions->chartOf(gui::ReportActions::Held::Measured).convertToFormat(QImage::Format_RGB32));

        // Compare: the run and the file, each under its own name.
        std::unique_ptr<gui::ResultCompareWidget> compare(actions->createCompareWidget(nullptr));
        QCOMPARE(compare->result(gui::ResultCompareWidget::Side::A)->identity.runId, run.identity.runId);
        QCOMPARE(compare->label(gui::ResultCompareWidget::Side::A),
            QStringLiteral("run %1 (measured in this session, not saved)").arg(run.identity.runId));
        QCOMPARE(compare->label(gui::ResultCompareWidget::Side::B), QStringLiteral("batch1.json"));
    }

    void missingBackendIsAClearMessage_data()
    {
        QTest::addColumn<QString>("deviceId");
        QTest::addRow("cuda:0") << QStringLiteral("cuda:0");
        QTest::addRow("hip:0") << QStringLiteral("hip:0");
        QTest::addRow("not a device id") << QStringLiteral("tpu:0");
    }

    void missingBackendIsAClearMessage()
    {
        QFETCH(QString, deviceId);
        gui::MainWindow window;
        const std::string backend = deviceId.section(QLatin1Char(':'), 0, 0).toStdString();
        if (window.registry().backend(backend) && window.registry().backend(backend)->deviceCount() > 0)
            QSKIP("this machine has that device");
        QSignalSpy errors(window.runController(), &gui::RunController::errorOccurred);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        protocol::RunConfig config;
        config.deviceId = deviceId.toStdString();
        const std::uint64_t runId = window.runController()->start(config);
        // Either refused at once with one line, or the run ends with the device missing; never a crash.
        if (runId == 0) {
            QCOMPARE(errors.count(), 1);
            QVERIFY(!errors.at(0).at(0).toString().isEmpty());
            QVERIFY(!window.noticeText().isEmpty());
        } else {
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);
            QVERIFY(finished.at(0).at(0).value<protocol::RunResult>().deviceMissing);
            QVERIFY(window.noticeText().contains(QStringLiteral("could not measure")));
        }
        QVERIFY(!window.runController()->isRunning());
        bool logged = false;
        for (const auto& e : window.logView()->model()->entries())
            logged = logged || e.level == gui::LogModel::Level::Error;
        QVERIFY(logged);
    }

    void lateEventsOfAnotherRunAreDropped()
    {
        gui::MainWindow window;
        gui::RunController* rc = window.runController();
        QSignalSpy finished(rc, &gui::RunController::runFinished);
        QSignalSpy phases(rc, &gui::RunController::phaseStarted);
        protocol::PhaseResult phase;
        phase.name = "cold_forward";
        // Events of run 424242, which this window never started, arrive from a worker.
        rc->adapter()->phaseStarted(424242, phase);
        rc->adapter()->samplesReady(424242, { protocol::Sample { 0.1, 1, 2, std::nullopt, 0 } });
        rc->adapter()->runFinished(424242, protocol::RunResult {});
        QTRY_VERIFY(rc->droppedBatches() >= 2);
        QCOMPARE(phases.count(), 0);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(window.phaseModel()->rowCount(), 0);
        QCOMPARE(window.timeline()->store().sampleCount(), std::uint64_t(0));
    }

    void adapterBatchesDeliveries()
    {
        gui::RunSignalAdapter adapter;
        QSignalSpy delivered(&adapter, &gui::RunSignalAdapter::eventsReady);
        // 300 sample batches arriving back to back make a handful of deliveries, not 300, and lose nothing.
        for (int i = 0; i < 300; ++i)
            adapter.samplesReady(7, { protocol::Sample { i * 0.001, 1, 2, std::nullopt, 0 } });
        adapter.runFinished(7, protocol::RunResult {});
        QVERIFY(delivered.count() >= 1);
        QVERIFY2(delivered.count() < 30, qPrintable(QString::number(delivered.count())));
        std::size_t samples = 0;
        for (const auto& args : delivered) {
            QCOMPARE(args.at(0).toULongLong(), 7ULL);
            for (const auto& event : args.at(1).value<gui::RunEventBatch>())
                samples += event.samples.size();
        }
        QCOMPARE(samples, std::size_t(300));
    }

    void languageSwitchRetranslatesEverything()
    {
        gui::MainWindow window;
        QCOMPARE(window.timeline()->axisY()->titleText(), QStringLiteral("Memory (GiB)"));
        QCOMPARE(window.phaseModel()->headerData(gui::PhaseTableModel::ColPeakAllocated, Qt::Horizontal).toString(),
            QStringLiteral("Peak allocated"));
        QSignalSpy headers(window.phaseModel(), &QAbstractItemModel::headerDataChanged);
        TinyGermanCatalog german;
        QVERIFY(qApp->installTranslator(&german));
        QTRY_COMPARE(window.timeline()->axisY()->titleText(), QStringLiteral("Speicher (GiB)"));
        QVERIFY(headers.count() >= 1);
        QCOMPARE(window.phaseModel()->headerData(gui::PhaseTableModel::ColPeakAllocated, Qt::Horizontal).toString(),
            QStringLiteral("Spitzenwert zugewiesen"));
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("&Datei"));
        QCOMPARE(window.runPanel()->runButton()->text(), QStringLiteral("&Starten"));
        QCOMPARE(window.measureTabs()->tabText(0), QStringLiteral("Phasen"));
        QCOMPARE(window.logView()->model()->headerData(gui::LogModel::ColMessage, Qt::Horizontal).toString(),
            QStringLiteral("Meldung"));
        qApp->removeTranslator(&german);
        QTRY_COMPARE(window.timeline()->axisY()->titleText(), QStringLiteral("Memory (GiB)"));
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
        // The application's own switch reaches the window too, and back.
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        auto* reserve = window.findChild<QDoubleSpinBox*>(QStringLiteral("reserveSpin"));
        QVERIFY(reserve);
        const double typedReserve = reserve->value();
        // The window keeps its sizing in the settings: the next case starts from the reserve it had.
        const auto keepTheReserve = qScopeGuard([reserve, typedReserve] { reserve->setValue(typedReserve); });
        reserve->setValue(1234.5);
        QCOMPARE(reserve->text(), QStringLiteral("1,234.50"));
        const QString englishTitle = window.timeline()->chart()->title();
        QVERIFY2(englishTitle.contains(QStringLiteral("simulated")), qPrintable(englishTitle));
        app->setLanguage(QStringLiteral("de"));
        QCOMPARE(QLocale().name(), QStringLiteral("de_DE"));
        // Numbers already on screen follow the switch (the spin boxes), and the chart's title is retranslated.
        QTRY_COMPARE(reserve->text(), QStringLiteral("1.234,50"));
        QTRY_VERIFY2(window.timeline()->chart()->title() != englishTitle,
            qPrintable(window.timeline()->chart()->title()));
        QVERIFY(window.timeline()->chart()->title().startsWith(QStringLiteral("sim:0")));
        app->setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
        QTRY_COMPARE(reserve->text(), QStringLiteral("1,234.50"));
        QCOMPARE(window.timeline()->chart()->title(), englishTitle);
    }

    void unitSwitchReachesChartTableAndPicker()
    {
        gui::MainWindow window;
        window.setUnit(units::Unit::GB);
        QCOMPARE(window.timeline()->axisY()->titleText(), QStringLiteral("Memory (GB)"));
        QCOMPARE(window.phaseModel()->unit(), units::Unit::GB);
        const int sim = window.devicePicker()->model()->rowOf(QStringLiteral("sim:0"));
        QVERIFY(window.devicePicker()
                    ->model()
                    ->index(sim, gui::DeviceListModel::ColCapacity)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral("GB")));
        window.setUnit(units::Unit::GiB);
        QCOMPARE(window.timeline()->axisY()->titleText(), QStringLiteral("Memory (GiB)"));
    }

    // Each step has its page and the whole centre; the View menu's entries and Ctrl+1..5 switch; "Measure this
    // model" goes to the Measure step; a page keeps its state across a switch.
    void stepsHoldTheirPages()
    {
        gui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        using Step = gui::WorkbenchSteps::Step;
        gui::WorkbenchSteps* steps = window.steps();
        QCOMPARE(steps->count(), gui::WorkbenchSteps::kStepCount);
        QVERIFY(steps->page(Step::Size)->isAncestorOf(window.sizingPanel()));
        QVERIFY(steps->page(Step::Measure)->isAncestorOf(window.timeline()));
        QVERIFY(steps->page(Step::Measure)->isAncestorOf(window.workloadForm()));
        QVERIFY(steps->page(Step::Measure)->isAncestorOf(window.phaseView()));
        QCOMPARE(steps->page(Step::Explain), static_cast<QWidget*>(window.whyView()));
        QCOMPARE(steps->page(Step::Boundary), static_cast<QWidget*>(window.sweepView()));
        QCOMPARE(steps->page(Step::Decide), static_cast<QWidget*>(window.decidePage()));
        QCOMPARE(steps->tabText(0), QStringLiteral("1 · Size"));
        QCOMPARE(steps->tabText(4), QStringLiteral("5 · Decide"));
        QVERIFY(!steps->tabToolTip(2).isEmpty());
        // Ctrl+3: Explain, the whole centre.
        QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(steps->currentStep(), Step::Explain);
        QVERIFY(window.whyView()->isVisible());
        QVERIFY(window.whyView()->width() >= 1000);
        // A typed value survives a trip to another step.
        QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
        steps->setCurrentStep(Step::Boundary);
        steps->setCurrentStep(Step::Size);
        QCOMPARE(window.sizingPanel()->sizedModel().has_value(), true);
        window.sizingPanel()->measureButton()->click();
        QCOMPARE(steps->currentStep(), Step::Measure);
        QCOMPARE(window.workloadForm()->workload(), protocol::WorkloadKind::Decoder);
        // The device choice and the run bar are in view on every step.
        for (int i = 0; i < gui::WorkbenchSteps::kStepCount; ++i) {
            steps->setCurrentStep(static_cast<Step>(i));
            QVERIFY(window.deviceChoice()->isVisible());
            QVERIFY(window.runPanel()->isVisible());
        }
    }

    // The device choice beside the steps and the picker on the Measure step are one choice, both ways.
    void deviceChoiceIsThePickersChoice()
    {
        gui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        gui::DeviceChoiceBox* choice = window.deviceChoice();
        const int sim1 = choice->findData(QStringLiteral("sim:1"));
        QVERIFY(sim1 >= 0);
        QVERIFY(choice->findData(QStringLiteral("cuda")) < 0); // an unavailable backend is not offered
        choice->setCurrentIndex(sim1);
        emit choice->activated(sim1);
        QCOMPARE(window.devicePicker()->currentDeviceId(), QStringLiteral("sim:1"));
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        QCOMPARE(choice->currentData().toString(), QStringLiteral("sim:0"));
        QVERIFY(choice->currentText().contains(QStringLiteral("sim:0")));
        // A simulated card is named there too, its capacity in the tool tip.
        QVERIFY(window.devicePicker()->simCardBox()->selectCard(QStringLiteral("rtx-4090")));
        QVERIFY2(choice->currentText().contains(QStringLiteral("4090")), qPrintable(choice->currentText()));
        QVERIFY2(choice->itemData(choice->currentIndex(), Qt::ToolTipRole).toString().contains(QStringLiteral("GiB")),
            qPrintable(choice->itemData(choice->currentIndex(), Qt::ToolTipRole).toString()));
        // The device list shows the card's capacity (the one the run gets) on the simulated rows, not the plain
        // simulated device's 80 GiB, and the chart's capacity line and the sizing panel's run device agree.
        const auto card = window.devicePicker()->simCard();
        QVERIFY(card);
        gui::DeviceListModel* list = window.devicePicker()->model();
        const int row = list->rowOf(QStringLiteral("sim:0"));
        QVERIFY(row >= 0);
        QCOMPARE(list->index(row, gui::DeviceListModel::ColCapacity).data(gui::DeviceListModel::CapacityBytesRole),
            QVariant(static_cast<qulonglong>(card->reportedBytes)));
        QVERIFY2(list->index(row, gui::DeviceListModel::ColName).data().toString().contains(QStringLiteral("4090")),
            qPrintable(list->index(row, gui::DeviceListModel::ColName).data().toString()));
        QCOMPARE(list->index(row, gui::DeviceListModel::ColCapacity).data().toString(),
            QStringLiteral("%1 GiB").arg(static_cast<double>(card->reportedBytes) / units::kGiB, 0, 'f', 2));
        QCOMPARE(window.devicePicker()->currentCapacityBytes(), std::optional<std::uint64_t>(card->reportedBytes));
        QVERIFY(window.devicePicker()->simCardBox()->selectCard(QString()));
        QVERIFY(list->index(row, gui::DeviceListModel::ColCapacity).data(gui::DeviceListModel::CapacityBytesRole)
            != QVariant(static_cast<qulonglong>(card->reportedBytes)));
        QVERIFY(!list->index(row, gui::DeviceListModel::ColName).data().toString().contains(QStringLiteral("4090")));
    }

    // "What to do first" at a first start, above the Size step; closed, it stays closed; Reset layout and
    // Help > Quick start bring the steps back.
    void quickStartAtTheFirstStart()
    {
        QSettings().remove(gui::QuickStartNote::settingsKey());
        {
            gui::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QCOMPARE(window.steps()->currentStep(), gui::WorkbenchSteps::Step::Size);
            QVERIFY(window.quickStartNote()->isVisible());
            window.quickStartNote()->closeButton()->click();
            QVERIFY(!window.quickStartNote()->isVisible());
        }
        {
            gui::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(!window.quickStartNote()->isVisible());
            window.resetLayout();
            QVERIFY(window.quickStartNote()->isVisible());
        }
        const QString text = gui::QuickStartNote::text();
        for (int i = 0; i < gui::WorkbenchSteps::kStepCount; ++i)
            QVERIFY(text.contains(gui::WorkbenchSteps::purpose(static_cast<gui::WorkbenchSteps::Step>(i))));
        bool inHelp = false;
        gui::MainWindow window;
        for (QAction* action : window.helpMenu()->actions())
            inHelp = inHelp || action->text() == QStringLiteral("&Quick start");
        QVERIFY(inHelp);
        QSettings().remove(gui::QuickStartNote::settingsKey());
    }

    // The Decide step previews the sheet the export would write: after an out-of-memory run it says so, beside
    // the estimate; the preview follows a change of the estimate while in view.
    void decidePreviewIsTheSheet()
    {
        gui::MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.devicePicker()->selectDevice(QStringLiteral("sim:0")));
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Decide);
        QTRY_VERIFY(window.decidePage()->preview()->toPlainText().contains(QStringLiteral("Decision sheet")));
        QVERIFY2(window.decidePage()->preview()->toPlainText().contains(QStringLiteral("Fits on sim:0")),
            qPrintable(window.decidePage()->preview()->toPlainText().left(600)));
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Measure);
        setWorkload(window, QStringLiteral("256"), QStringLiteral("1024"), QStringLiteral("1"), QStringLiteral("2"),
            QStringLiteral("0.55078125"));
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        window.startRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kRunTimeoutMs);
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Decide);
        QTRY_VERIFY(window.decidePage()->preview()->toPlainText().contains(QStringLiteral("out of memory")));
        QVERIFY2(window.decidePage()->preview()->toPlainText().contains(QStringLiteral("The estimate, for the cards not measured")),
            qPrintable(window.decidePage()->preview()->toPlainText().left(1200)));
    }

    void layoutIsRemembered()
    {
        int width = 0;
        {
            gui::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Measure);
            QTest::qWait(20);
            auto* split = window.findChild<QSplitter*>(QStringLiteral("measureSplit"));
            QVERIFY(split);
            split->setSizes({ 600, window.width() - 600 });
            QTest::qWait(20);
            width = split->sizes().value(0);
            QVERIFY(width >= 590 && width <= 610);
            window.close();
        }
        {
            gui::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            // The step shown last and the splits come back.
            QCOMPARE(window.steps()->currentStep(), gui::WorkbenchSteps::Step::Measure);
            auto* split = window.findChild<QSplitter*>(QStringLiteral("measureSplit"));
            QCOMPARE(split->sizes().value(0), width);
            window.resetLayout();
            QCOMPARE(window.steps()->currentStep(), gui::WorkbenchSteps::Step::Size);
            QVERIFY(split->sizes().value(0) < width);
            window.close();
        }
        QSettings().remove(gui::MainWindow::stepKey());
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestWorkbench test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_workbench.moc"
