// SPDX-License-Identifier: Apache-2.0
// The Sweep view: a committed sweep folder opened (points, boundary, capacity, fitted line, table), two sweeps
// compared on one chart, a folder that is not a sweep refused, and a real find-max sweep of the decoder on sim:0
// run live through the runner (trials appear while it runs; Stop stops it and sweep.json says so). Under Xvfb
// with ITERAGPU_SCREENSHOT_DIR set it writes the README's screenshots of the view.
#include "app/gui/application/labapplication.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/workbench/workbenchsteps.h"
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/report/sheetcontentbuilder.h"
#include "app/gui/report/sheettranslator.h"
#include "core/report/resultjson.h"
#include "app/gui/sizing/sizingpanel.h"
#include "app/gui/workload/workloadform.h"
#include "app/gui/sweep/bytescale.h"
#include "app/gui/sweep/sweepchart.h"
#include "app/gui/sweep/sweepcontroller.h"
#include "app/gui/sweep/sweepform.h"
#include "app/gui/sweep/sweepview.h"
#include "app/gui/sweep/trialtablemodel.h"
#include "app/gui/timeline/timelinechart.h"
#include "core/protocol/vllmrun.h"
#include "core/runner/preparerun.h"
#include "core/sweep/measureargs.h"
#include "core/sweep/sweepjson.h"
#include "core/workloads/decodersource.h"
#include "support/settingssandbox.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QScatterSeries>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace iteragpu;

namespace {

QString dataPath(const QString& relative)
{
    return QDir(qEnvironmentVariable("ITERAGPU_TEST_DATA")).filePath(relative);
}

// The committed sweeps: the tiny decoder's sequences on a simulated device of 16 MiB (sim:0) and of 24 MiB
// (sim:1), made in tests/data with 'iteragpu sweep --folder sweep/tiny-decoder-sim0 --find-max --dimension
// sequences --min 4 --resolution 2 -- --model measure/tiny-llama.config.json --prompt-tokens 64 --generated 2
// --warmup 0 --repeats 1 --device sim:0 --sim-speed 0 --sim-capacity-gib 0.015625 --sim-context-mib 0
// --sim-workspace-mib 0 --sampling-hz 10' (sim:1 and 0.0234375 GiB for the other).
QString smallSweep() { return dataPath(QStringLiteral("sweep/tiny-decoder-sim0")); }
QString largerSweep() { return dataPath(QStringLiteral("sweep/tiny-decoder-sim1")); }

sweep::SweepRecord readFixture(const QString& folder)
{
    sweep::SweepRecord record;
    std::string error;
    if (!sweep::readSweepFile(sweep::sweepFilePath(folder.toStdString()), record, error))
        qWarning("%s", error.c_str());
    return record;
}

// The decoder of the live sweep: two layers, 64 wide, on a simulated device of 8 MiB that paces nothing.
protocol::RunConfig tinyDecoder(std::uint64_t capacityBytes)
{
    protocol::RunConfig c;
    c.deviceId = "sim:0";
    c.workload = protocol::WorkloadKind::Decoder;
    c.decoder = workloads::DecoderSource::resolve(dataPath(QStringLiteral("measure/tiny-llama.config.json")).toStdString());
    c.decoder->promptTokens = 64;
    c.decoder->generated = 8;
    c.dtype = device::DType::BFloat16;
    c.warmup = 1;
    c.repeats = 1;
    c.simCapacityBytes = capacityBytes;
    c.simContextBytes = 0;
    c.simWorkspaceBytes = 0;
    c.simSpeed = 0.0;
    return c;
}

void saveShot(QWidget& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QVERIFY(window.grab().save(QDir(dir).filePath(name)));
}

// Labels that do not wrap and buttons narrower than their text, and column titles cut, inside root.
QStringList clippedTexts(QWidget& root)
{
    QStringList clipped;
    for (QWidget* w : root.findChildren<QWidget*>()) {
        if (!w->isVisibleTo(&root) || w->width() <= 0)
            continue;
        if (auto* header = qobject_cast<QHeaderView*>(w); header && header->orientation() == Qt::Horizontal) {
            const int margin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
            for (int section = 0; header->model() && section < header->count(); ++section) {
                const QString title = header->model()->headerData(section, Qt::Horizontal).toString();
                if (header->sectionSize(section) < header->fontMetrics().horizontalAdvance(title) + margin)
                    clipped << QStringLiteral("column '%1'").arg(title);
            }
            continue;
        }
        QString text;
        if (auto* label = qobject_cast<QLabel*>(w)) {
            if (label->wordWrap() || label->text().isEmpty())
                continue;
            text = label->text();
        } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
            if (button->text().isEmpty() || button->parentWidget()->inherits("QTabBar"))
                continue;
            text = button->text();
        } else {
            continue;
        }
        if (w->width() < w->minimumSizeHint().width() || w->width() + 2 < w->sizeHint().width())
            clipped << QStringLiteral("%1 (%2 < %3)").arg(text).arg(w->width()).arg(w->sizeHint().width());
    }
    return clipped;
}

double pointX(QXYSeries* s, int i) { return s->points().at(i).x(); }

} // namespace

class TestSweepView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(testsupport::settingsAreSandboxed());
        // The trials run the CLI built beside this suite.
        const QByteArray cli = qgetenv("ITERAGPU_CLI");
        QVERIFY2(!cli.isEmpty(), "ITERAGPU_CLI is not set (run through ctest)");
        qputenv("ITERAGPU_MEASURE_PROGRAM", cli);
        QVERIFY(QFileInfo::exists(QString::fromStdString(sweep::sweepFilePath(smallSweep().toStdString()))));
    }

    void init() { QSettings().clear(); }

    void openedSweep()
    {
        gui::SweepView view;
        QAbstractItemModelTester tester(view.trialModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&view, &gui::SweepView::sweepChanged);
        QString error;
        QVERIFY2(view.openFolder(smallSweep(), &error), qPrintable(error));
        QCOMPARE(changed.count(), 1);
        const sweep::SweepRecord fixture = readFixture(smallSweep());
        QVERIFY(fixture.complete);
        QCOMPARE(fixture.spec.mode, sweep::SweepMode::FindMax);
        QVERIFY(fixture.simulated);
        // What the committed sweep found, written when it was made: the tiny decoder's boundary at 16 MiB.
        QCOMPARE(fixture.boundary.largestPassing, std::optional<std::uint64_t>(kSmallBoundary));
        QCOMPARE(fixture.boundary.smallestFailing, std::optional<std::uint64_t>(kSmallFailing));
        QVERIFY(fixture.boundary.outOfMemory);

        // Points: every passed trial a circle at (value, peak allocated), every failed one a mark of its own.
        QCOMPARE(view.chart()->sweepCount(), std::size_t(1));
        const auto& drawn = view.chart()->drawn(0);
        const gui::ByteScale scale = gui::ByteScale::forTop(16ull << 20, units::Unit::GiB);
        QCOMPARE(view.chart()->scaleSymbol(), QStringLiteral("MiB"));
        int passed = 0;
        int failed = 0;
        for (const auto& t : fixture.trials) {
            QXYSeries* series = t.status == sweep::TrialStatus::Passed ? drawn.passed : drawn.failed;
            if (!t.peakAllocated)
                continue;
            const int before = t.status == sweep::TrialStatus::Passed ? passed++ : failed++;
            QCOMPARE(pointX(series, before), static_cast<double>(t.value));
            QCOMPARE(series->points().at(before).y(), scale.value(*t.peakAllocated));
        }
        QVERIFY(passed >= 4);
        QVERIFY(failed >= 1);
        QCOMPARE(drawn.passed->count(), passed);
        QCOMPARE(drawn.failed->count(), failed);
        QVERIFY(drawn.passed->markerShape() != drawn.failed->markerShape());
        // The boundary: a vertical line at the largest passing value.
        QVERIFY(drawn.boundary);
        QCOMPARE(drawn.boundary->count(), 2);
        QCOMPARE(pointX(drawn.boundary, 0), static_cast<double>(kSmallBoundary));
        QCOMPARE(pointX(drawn.boundary, 1), static_cast<double>(kSmallBoundary));
        QVERIFY(drawn.boundary->name().contains(QString::number(kSmallBoundary)));
        // The capacity the trials read: 16 MiB, a horizontal line.
        QVERIFY(drawn.capacity);
        QCOMPARE(drawn.capacity->points().at(0).y(), 16.0);
        QCOMPARE(drawn.capacity->points().at(1).y(), 16.0);
        // The growth model's line, labelled fitted, through the passing points within the fit's residual.
        QVERIFY(drawn.fitted);
        QCOMPARE(drawn.fitted->name(), QStringLiteral("fitted"));
        QVERIFY(fixture.fit);
        QVERIFY(drawn.fitted->count() > 10);
        QVERIFY(view.chart()->chart()->title().contains(QStringLiteral("simulated")));

        // The table: one row per trial, in trial order, with the readings and their exact bytes.
        gui::TrialTableModel* model = view.trialModel();
        QCOMPARE(model->rowCount(), static_cast<int>(fixture.trials.size()));
        for (int row = 0; row < model->rowCount(); ++row) {
            const auto& t = fixture.trials[static_cast<std::size_t>(row)];
            QCOMPARE(model->index(row, gui::TrialTableModel::ColValue).data().toString(),
                QLocale().toString(static_cast<qulonglong>(t.value)));
            QCOMPARE(model->index(row, gui::TrialTableModel::ColStatus).data(gui::TrialTableModel::StatusRole)
                         .toString(),
                QString::fromUtf8(sweep::trialStatusName(t.status).data()));
            const QVariant bytes
                = model->index(row, gui::TrialTableModel::ColPeakAllocated).data(gui::TrialTableModel::BytesRole);
            QCOMPARE(bytes.isValid(), t.peakAllocated.has_value());
            if (t.peakAllocated)
                QCOMPARE(bytes.toULongLong(), *t.peakAllocated);
            QCOMPARE(model->index(row, gui::TrialTableModel::ColDevice).data().toString(),
                QString::fromStdString(t.device));
            if (t.status == sweep::TrialStatus::Failed) {
                QCOMPARE(model->index(row, gui::TrialTableModel::ColStatus).data().toString(),
                    QStringLiteral("out of memory"));
                QCOMPARE(model->index(row, gui::TrialTableModel::ColFailedPhase).data().toString(),
                    QString::fromStdString(t.failedPhase));
            }
            // Readable units: below 1 GiB the figures are in MiB.
            if (t.peakAllocated)
                QVERIFY(model->index(row, gui::TrialTableModel::ColPeakAllocated)
                            .data()
                            .toString()
                            .endsWith(QStringLiteral(" MiB")));
        }
        // The summary: simulated, the boundary with the failing phase, the fit and the cards (assumed).
        const QString summary = view.summaryText();
        QVERIFY2(summary.contains(QStringLiteral("Simulated, not a GPU measurement")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("Boundary: sequences %1 passes, %2 fails (out of memory in ")
                                      .arg(QLocale().toString(static_cast<qulonglong>(kSmallBoundary)),
                                          QLocale().toString(static_cast<qulonglong>(kSmallFailing)))),
            qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("Fitted over")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("Assumed from the fit, not measured")), qPrintable(summary));
        // The largest passing trial's timeline from its result file.
        QVERIFY(view.timelineTrial().has_value());
        QVERIFY(view.trialTimeline()->store().empty() == false);
        QVERIFY(!view.trialTimeline()->phases().empty());
    }

    void compareTwoDevices()
    {
        gui::SweepView view;
        QString error;
        QVERIFY2(view.openFolder(smallSweep(), &error), qPrintable(error));
        QVERIFY2(view.addCompare(largerSweep(), &error), qPrintable(error));
        QCOMPARE(view.chart()->sweepCount(), std::size_t(2));
        const sweep::SweepRecord other = readFixture(largerSweep());
        QVERIFY(other.boundary.largestPassing);
        QVERIFY(*other.boundary.largestPassing > kSmallBoundary);
        const auto& second = view.chart()->drawn(1);
        QVERIFY(second.boundary);
        QCOMPARE(pointX(second.boundary, 0), static_cast<double>(*other.boundary.largestPassing));
        QVERIFY(second.capacity);
        QCOMPARE(second.capacity->points().at(0).y(), 24.0);
        // Each sweep's series are named by its device.
        QVERIFY2(second.passed->name().startsWith(QStringLiteral("sim:1")), qPrintable(second.passed->name()));
        QVERIFY2(view.chart()->drawn(0).passed->name().startsWith(QStringLiteral("sim:0")),
            qPrintable(view.chart()->drawn(0).passed->name()));
        // The x axis reaches the larger sweep's values.
        QVERIFY(view.chart()->axisX()->max() >= static_cast<double>(*other.boundary.smallestFailing));
        view.clearCompare();
        QCOMPARE(view.chart()->sweepCount(), std::size_t(1));
    }

    void notASweepRefused()
    {
        gui::SweepView view;
        QString error;
        QVERIFY(view.openFolder(smallSweep(), &error));
        const std::size_t trials = view.record()->trials.size();
        // A folder of other files: refused with one line, the sweep shown stays.
        QVERIFY(!view.openFolder(dataPath(QStringLiteral("gui")), &error));
        QVERIFY2(error.contains(QStringLiteral("cannot be opened as a sweep")), qPrintable(error));
        QVERIFY(!error.contains(QLatin1Char('\n')));
        QCOMPARE(view.noticeText(), error);
        QCOMPARE(view.record()->trials.size(), trials);
        QVERIFY(!view.addCompare(dataPath(QStringLiteral("gui")), &error));
        QCOMPARE(view.chart()->sweepCount(), std::size_t(1));
    }

    void formOffersTheWorkloadsDimensions()
    {
        gui::SweepForm form;
        form.setWorkload(sweep::SweptWorkload::Decoder);
        QStringList items;
        for (int i = 0; i < form.dimensionBox()->count(); ++i)
            items << form.dimensionBox()->itemText(i);
        QCOMPARE(items, (QStringList { QStringLiteral("sequences"), QStringLiteral("prompt tokens"),
                            QStringLiteral("generated tokens") }));
        form.setWorkload(sweep::SweptWorkload::Dense);
        items.clear();
        for (int i = 0; i < form.dimensionBox()->count(); ++i)
            items << form.dimensionBox()->itemText(i);
        QCOMPARE(items, (QStringList { QStringLiteral("batch"), QStringLiteral("context"), QStringLiteral("width") }));
        form.setWorkload(sweep::SweptWorkload::DecoderTraining); // a training step: its micro-batch and length
        items.clear();
        for (int i = 0; i < form.dimensionBox()->count(); ++i)
            items << form.dimensionBox()->itemText(i);
        QCOMPARE(items, (QStringList { QStringLiteral("batch"), QStringLiteral("sequence length (training)") }));
        form.setDefaultDevice(QStringLiteral("sim:0"));
        form.folderEdit()->setText(QStringLiteral("/tmp/a-sweep"));
        QVERIFY(form.runButton()->isEnabled());
        // Bad input: one line, Run disabled.
        form.modeBox()->setCurrentIndex(0);
        form.valuesEdit()->setText(QStringLiteral("1, 4, 2"));
        QVERIFY(!form.runButton()->isEnabled());
        QVERIFY(form.problem().contains(QStringLiteral("ascending")));
        form.valuesEdit()->setText(QStringLiteral("1, x"));
        QVERIFY(form.problem().contains(QStringLiteral("'x'")));
        form.valuesEdit()->setText(QStringLiteral("1, 2"));
        QVERIFY(form.problem().isEmpty());
        form.modeBox()->setCurrentIndex(1);
        form.minEdit()->setText(QStringLiteral("8"));
        form.maxEdit()->setText(QStringLiteral("4"));
        QVERIFY(form.problem().contains(QStringLiteral("below min")));
        form.maxEdit()->clear();
        form.resolutionEdit()->setText(QStringLiteral("0"));
        QVERIFY(form.problem().contains(QStringLiteral("Resolution")));
        form.resolutionEdit()->setText(QStringLiteral("1"));
        form.jobsBox()->setValue(2);
        QVERIFY(form.problem().contains(QStringLiteral("Jobs")));
        form.devicesEdit()->setText(QStringLiteral("sim:0, sim:0"));
        QVERIFY2(!form.problem().isEmpty(), "a device listed twice is refused");
        form.devicesEdit()->setText(QStringLiteral("sim:0, sim:1"));
        QVERIFY2(form.problem().isEmpty(), qPrintable(form.problem()));
        QString error;
        const auto spec = form.spec(error);
        QVERIFY(spec);
        QCOMPARE(spec->devices, (std::vector<std::string> { "sim:0", "sim:1" }));
        QCOMPARE(spec->dimension, sweep::Dimension::Batch);
    }

    // A real sweep, live: the tiny decoder's sequences on sim:0 of 8 MiB, each trial a measure process.
    void liveFindMax()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("live"));
        gui::SweepView view;
        view.setConfigProvider([] { return std::optional(tinyDecoder(8ull << 20)); });
        view.setWorkload(sweep::SweptWorkload::Decoder);
        view.setDefaultDevice(QStringLiteral("sim:0"));
        gui::SweepForm* form = view.form();
        form->modeBox()->setCurrentIndex(1);
        form->minEdit()->setText(QStringLiteral("1"));
        form->resolutionEdit()->setText(QStringLiteral("1"));
        form->folderEdit()->setText(folder);
        QVERIFY2(form->problem().isEmpty(), qPrintable(form->problem()));

        // Each finished trial as the UI sees it: whether the sweep was still running, rows and timeline samples.
        int whileRunning = 0;
        std::size_t rowsWhileRunning = 0;
        bool timelineFilled = false;
        QObject::connect(view.controller(), &gui::SweepController::trialFinished, &view,
            [&](const sweep::TrialRecord&, const sweep::SweepRecord&) {
                if (view.isRunning()) {
                    ++whileRunning;
                    rowsWhileRunning = std::max(rowsWhileRunning, static_cast<std::size_t>(view.trialModel()->rowCount()));
                }
                timelineFilled = timelineFilled || view.trialTimeline()->store().empty() == false;
            });
        QSignalSpy finished(view.controller(), &gui::SweepController::sweepFinished);
        QVERIFY(view.startSweep());
        QVERIFY(view.isRunning());
        QVERIFY(!view.form()->runButton()->isEnabled());
        QVERIFY(view.form()->stopButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        QVERIFY(!view.isRunning());
        QVERIFY2(view.noticeText().isEmpty(), qPrintable(view.noticeText()));
        const sweep::SweepRecord& record = *view.record();
        QVERIFY(record.complete);
        QVERIFY(record.simulated);
        QVERIFY(record.boundary.largestPassing);
        QCOMPARE(*record.boundary.smallestFailing, *record.boundary.largestPassing + 1);
        // Trials appeared one by one while the sweep ran, and the running trial's timeline had its samples.
        QVERIFY2(whileRunning >= 5, qPrintable(QString::number(whileRunning)));
        QVERIFY(rowsWhileRunning >= 5);
        QVERIFY(timelineFilled);
        QCOMPARE(view.trialModel()->rowCount(), static_cast<int>(record.trials.size()));
        QCOMPARE(view.chart()->drawn(0).boundary->points().at(0).x(),
            static_cast<double>(*record.boundary.largestPassing));
        // What the view shows is what sweep.json holds.
        const sweep::SweepRecord onDisk = readFixture(folder);
        QCOMPARE(onDisk.trials.size(), record.trials.size());
        QCOMPARE(onDisk.boundary.largestPassing, record.boundary.largestPassing);
        // The base configuration the trials ran: the window's configuration as measure arguments.
        const auto args = sweep::measureArgsFor(tinyDecoder(8ull << 20), sweep::Dimension::Sequences, true);
        QVERIFY(args.ok());
        QCOMPARE(onDisk.spec.measureArgs, args.args);
        // A folder that now holds a sweep is refused for a new one, untouched.
        QVERIFY(!view.startSweep());
        QVERIFY2(!view.noticeText().isEmpty(), "the refusal is shown");
        QCOMPARE(readFixture(folder).trials.size(), record.trials.size());
    }

    // The window's vLLM rehearsal (the workload form's configuration, its plan not made yet) swept over
    // --max-model-len: the trials are `measure --engine vllm` processes with the engine's options, and the boundary
    // is the planner's largest --max-model-len on the same simulated card (Note [vLLM sweeps] in tst_sweepcli).
    void vllmMaxModelLenFromTheWindow()
    {
        protocol::RunConfig c;
        c.deviceId = "sim:0";
        c.workload = protocol::WorkloadKind::Decoder;
        c.decoder = workloads::DecoderSource::resolve(dataPath(QStringLiteral("models/llama-3.1-8b/config.json")).toStdString());
        c.decoder->promptTokens = 1000;
        c.decoder->generated = 200;
        c.decoder->sequences = 1;
        c.simCard = "h100-sxm";
        c.simSpeed = 0.0;
        engines::VllmOptions options;
        options.gpuMemoryUtilization = 0.25;
        protocol::attachVllm(c, options);
        // The planner's answer on the device the trials open (core's prepareRun, as a single run would plan it).
        device::BackendRegistry registry;
        protocol::PreparedRun prepared = protocol::prepareRun(registry, c);
        QVERIFY2(prepared.ok(), prepared.error.c_str());
        QVERIFY(prepared.config.vllm && prepared.config.vllm->plan.largestMaxModelLen);
        const std::uint64_t planned = *prepared.config.vllm->plan.largestMaxModelLen;

        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("vllm"));
        gui::SweepView view;
        view.setConfigProvider([c] { return std::optional(c); });
        view.setWorkload(sweep::sweptWorkloadOf(c));
        view.setDefaultDevice(QStringLiteral("sim:0"));
        gui::SweepForm* form = view.form();
        QStringList items;
        for (int i = 0; i < form->dimensionBox()->count(); ++i)
            items << form->dimensionBox()->itemText(i);
        QVERIFY2(items.size() == 5, qPrintable(items.join(QLatin1String(", "))));
        form->dimensionBox()->setCurrentIndex(form->dimensionBox()->findData(int(sweep::Dimension::MaxModelLen)));
        form->modeBox()->setCurrentIndex(1);
        form->minEdit()->setText(QStringLiteral("1200"));
        form->maxEdit()->setText(QStringLiteral("131072"));
        form->resolutionEdit()->setText(QStringLiteral("1"));
        form->folderEdit()->setText(folder);
        QVERIFY2(form->problem().isEmpty(), qPrintable(form->problem()));
        QSignalSpy finished(view.controller(), &gui::SweepController::sweepFinished);
        QVERIFY2(view.startSweep(), qPrintable(view.noticeText()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120'000);
        QVERIFY2(view.noticeText().isEmpty(), qPrintable(view.noticeText()));
        const sweep::SweepRecord& record = *view.record();
        QVERIFY(record.complete && record.simulated);
        QCOMPARE(record.workload, std::string("vllm"));
        QVERIFY(record.boundary.largestPassing && record.boundary.smallestFailing);
        QCOMPARE(*record.boundary.largestPassing, planned);
        QCOMPARE(*record.boundary.smallestFailing, planned + 1);
        QCOMPARE(record.boundary.failedPhase, std::string("kv_cache_alloc"));
        const std::vector<std::string>& args = record.spec.measureArgs;
        const auto has = [&args](const char* option, const char* value) {
            for (std::size_t i = 0; i + 1 < args.size(); ++i)
                if (args[i] == option && args[i + 1] == value)
                    return true;
            return false;
        };
        QVERIFY(has("--engine", "vllm"));
        QVERIFY(has("--gpu-memory-utilization", "0.25"));
        QVERIFY(has("--sim-card", "h100-sxm"));
        for (const char* refused : { "--warmup", "--repeats", "--allocator", "--kv-cache", "--format", "--max-model-len" })
            QVERIFY2(std::find(args.begin(), args.end(), std::string(refused)) == args.end(), refused);
    }

    // Stop: the sweep ends early, not complete; the running trial is marked interrupted; sweep.json agrees.
    void stopCancels()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("stopped"));
        gui::SweepView view;
        view.setConfigProvider([] { return std::optional(tinyDecoder(64ull << 20)); });
        view.setWorkload(sweep::SweptWorkload::Decoder);
        view.setDefaultDevice(QStringLiteral("sim:0"));
        gui::SweepForm* form = view.form();
        form->modeBox()->setCurrentIndex(0);
        QStringList values;
        for (int v = 1; v <= 60; ++v)
            values << QString::number(v);
        form->valuesEdit()->setText(values.join(QStringLiteral(", ")));
        form->folderEdit()->setText(folder);
        QSignalSpy started(view.controller(), &gui::SweepController::trialStarted);
        QSignalSpy finished(view.controller(), &gui::SweepController::sweepFinished);
        QVERIFY(view.startSweep());
        QTRY_VERIFY_WITH_TIMEOUT(started.count() >= 3, 60'000);
        view.stopSweep();
        QCOMPARE(view.controller()->state(), gui::SweepController::State::Stopping);
        QVERIFY(!view.form()->stopButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60'000);
        const sweep::SweepRecord& record = *view.record();
        QVERIFY(!record.complete);
        QVERIFY(!record.stopReason.empty());
        int done = 0;
        for (const auto& t : record.trials) {
            QVERIFY2(t.status != sweep::TrialStatus::Running, "no trial is left running");
            if (t.status == sweep::TrialStatus::Passed || t.status == sweep::TrialStatus::Failed)
                ++done;
        }
        QVERIFY2(done < 60, qPrintable(QString::number(done)));
        QVERIFY(!view.noticeText().isEmpty());
        const sweep::SweepRecord onDisk = readFixture(folder);
        QVERIFY(!onDisk.complete);
        QCOMPARE(onDisk.trials.size(), record.trials.size());
        QVERIFY(view.form()->runButton()->isEnabled() || !view.form()->problem().isEmpty());
    }

    // The decision sheet takes the maximum load tried and the boundary from the sweep, the cards' largest values
    // as assumed; without a sweep, the run's own load.
    void decisionSheetFromTheSweep()
    {
        const sweep::SweepRecord record = readFixture(smallSweep());
        protocol::RunResult run;
        std::string error;
        QVERIFY2(report::readResultFile(
                     QDir(smallSweep()).filePath(QStringLiteral("trial-0004-sequences-64.json")).toStdString(), run,
                     error),
            error.c_str());
        gui::SheetContentBuilder::Inputs in;
        in.run = &run;
        const gui::SheetTranslator english(QStringLiteral("en"));
        const QString alone = gui::DecisionSheetWriter(gui::SheetContentBuilder::build(in, english),
            QStringLiteral("en")).markdown(QString());
        QVERIFY(!alone.contains(QStringLiteral("Boundary (sweep)")));
        in.sweep = &record;
        in.sweepFolder = smallSweep();
        const gui::SheetContent content = gui::SheetContentBuilder::build(in, english);
        QVERIFY(content.sweep);
        // 128 is the largest value of the committed sweep with a result (it failed); 11 trials had one.
        QCOMPARE(content.sweep->maxTried, std::optional<quint64>(128));
        QCOMPARE(content.sweep->withResult, 11);
        QVERIFY(content.simulated);
        const QString md = gui::DecisionSheetWriter(content, QStringLiteral("en")).markdown(QString());
        QVERIFY2(md.contains(QStringLiteral("Maximum load tried: sequences 128 (the sweep's largest value with a "
                                            "result, over 11 trials; this run: ")),
            qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("Boundary (sweep): sequences 64 passes, 66 fails (out of memory in "
                                            "prefill)")),
            qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("Largest sequences on NVIDIA H100 80GB SXM (79.65 GiB): 1,299,834 (the "
                                            "sweep's fitted growth extrapolated: assumed, not measured)")),
            qPrintable(md));
        QVERIFY(md.contains(QStringLiteral("Source of the sweep: ") + smallSweep()));
    }

    // The window's sheet takes the sweep its Sweep view shows.
    void windowSheetTakesTheSweep()
    {
        gui::MainWindow window;
        QString error;
        QVERIFY2(window.sweepView()->openFolder(smallSweep(), &error), qPrintable(error));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sheet.md"));
        QVERIFY(window.reportActions()->exportSheetTo(
            path, QStringLiteral("en"), QString(), gui::DecisionSheetWriter::Format::Markdown, false));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString md = QString::fromUtf8(file.readAll());
        QVERIFY2(md.contains(QStringLiteral("Maximum load tried: sequences 128")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("Boundary (sweep): sequences 64 passes, 66 fails")), qPrintable(md));
    }

    // The view in the window, a finished find-max sweep opened: nothing cut at 1280x800 in English and at
    // 1024x700 in German; the screenshots of the README.
    void inTheWindow_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("shot");
        QTest::addRow("1280x800 en") << QSize(1280, 800) << QStringLiteral("en") << QStringLiteral("sweep-en.png");
        QTest::addRow("1024x700 de") << QSize(1024, 700) << QStringLiteral("de")
                                     << QStringLiteral("sweep-1024x700-de.png");
        QTest::addRow("1024x700 en") << QSize(1024, 700) << QStringLiteral("en")
                                     << QStringLiteral("sweep-1024x700-en.png");
        QTest::addRow("1024x700 es") << QSize(1024, 700) << QStringLiteral("es")
                                     << QStringLiteral("sweep-1024x700-es.png");
        QTest::addRow("1024x700 vi") << QSize(1024, 700) << QStringLiteral("vi")
                                     << QStringLiteral("sweep-1024x700-vi.png");
    }

    void inTheWindow()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        QFETCH(QString, shot);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] { app->setLanguage(QStringLiteral("en")); });
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The decoder as the workload, as the sweep's trials measured it: the form offers its dimensions.
        QVERIFY(window.sizingPanel()->selectPreset(QStringLiteral("llama-2-7b")));
        QCOMPARE(window.workloadForm()->workload(), protocol::WorkloadKind::Decoder);
        QVERIFY(window.fileMenu()->actions().contains(window.sweepView()->openAction()));
        QVERIFY(window.fileMenu()->actions().contains(window.sweepView()->compareAction()));
        window.steps()->setCurrentStep(gui::WorkbenchSteps::Step::Boundary);
        QString error;
        QVERIFY2(window.sweepView()->openFolder(smallSweep(), &error), qPrintable(error));
        QVERIFY2(window.sweepView()->addCompare(largerSweep(), &error), qPrintable(error));
        // The form shows the opened sweep's search: sequences, find-max from 4 at resolution 2 on sim:0.
        gui::SweepForm* form = window.sweepView()->form();
        QCOMPARE(form->dimensionBox()->currentData().toInt(), static_cast<int>(sweep::Dimension::Sequences));
        QCOMPARE(form->minEdit()->text(), QStringLiteral("4"));
        QCOMPARE(form->resolutionEdit()->text(), QStringLiteral("2"));
        QCOMPARE(form->devicesEdit()->text(), QStringLiteral("sim:0"));
        QTest::qWait(100);
        QVERIFY(window.sweepView()->chart()->width() >= 300);
        QVERIFY(window.sweepView()->chart()->height() >= 150);
        const QStringList clipped = clippedTexts(*window.sweepView());
        QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QStringLiteral("; "))));
        saveShot(window, shot);
    }

private:
    // What the committed sweep on 16 MiB found (resolution 2): 64 sequences pass, 66 run out of memory.
    static constexpr std::uint64_t kSmallBoundary = 64;
    static constexpr std::uint64_t kSmallFailing = 66;
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestSweepView test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_sweepview.moc"
