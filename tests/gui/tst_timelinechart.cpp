// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/labapplication.h"
#include "app/gui/style/palette.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/timeline/timelinenavigator.h"
#include "support/settingssandbox.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QScopeGuard>
#include <QToolButton>
#include <QWheelEvent>
#include <QImage>
#include <QLegend>
#include <QAreaSeries>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QTest>
#include <QValueAxis>

using namespace iteragpu;
using gui::TimelineChart;
using gui::TimelinePhase;
using gui::TimelineSample;
using gui::TimelineNavigator;

namespace {
constexpr std::uint64_t kGiB = units::kGiB;

// A phase that climbs to `top` bytes allocated and twice that reserved.
void feedPhase(TimelineChart& chart, const QString& name, double start, int samples, std::uint64_t top,
    TimelinePhase::State state = TimelinePhase::State::Ok, const QString& message = QString())
{
    chart.beginPhase(name, start);
    for (int i = 0; i < samples; ++i) {
        TimelineSample s;
        s.seconds = start + i * 0.001;
        s.allocated = top / static_cast<std::uint64_t>(samples) * static_cast<std::uint64_t>(i + 1);
        s.reserved = 2 * s.allocated;
        chart.addSample(s);
    }
    TimelinePhase end;
    end.name = name;
    end.startSeconds = start;
    end.endSeconds = start + samples * 0.001;
    end.state = state;
    end.message = message;
    end.peakAllocated = top;
    end.peakReserved = 2 * top;
    chart.endPhase(end);
}

// The default dense run's fourteen phases (an out-of-memory failure at once in evaluation, export not run),
// at about 0.05 GiB, as the simulated device gives them.
void feedDenseRun(TimelineChart& chart)
{
    struct Step {
        const char* name;
        double seconds;
        TimelinePhase::State state;
    };
    const Step steps[] = { { "model_load", 0.30, TimelinePhase::State::Ok }, { "inputs", 0.004, TimelinePhase::State::Ok },
        { "cold_forward", 0.08, TimelinePhase::State::Ok }, { "warmup", 0.10, TimelinePhase::State::Ok },
        { "warm_forward#0", 0.05, TimelinePhase::State::Ok }, { "warm_forward#1", 0.05, TimelinePhase::State::Ok },
        { "warm_forward#2", 0.05, TimelinePhase::State::Ok }, { "warmup", 0.12, TimelinePhase::State::Ok },
        { "warm_step#0", 0.06, TimelinePhase::State::Ok }, { "warm_step#1", 0.06, TimelinePhase::State::Ok },
        { "warm_step#2", 0.06, TimelinePhase::State::Ok }, { "warm_step#3", 0.06, TimelinePhase::State::Ok },
        { "evaluation", 0.0, TimelinePhase::State::OutOfMemory }, { "export", 0.0, TimelinePhase::State::NotRun } };
    double t = 0.0;
    for (const Step& step : steps) {
        const QString name = QString::fromLatin1(step.name);
        if (step.state == TimelinePhase::State::NotRun) {
            TimelinePhase notRun;
            notRun.name = name;
            notRun.state = step.state;
            chart.endPhase(notRun);
            continue;
        }
        const int samples = std::max(2, static_cast<int>(step.seconds * 1000));
        feedPhase(chart, name, t, samples, 50 * units::kMiB, step.state,
            step.state == TimelinePhase::State::OutOfMemory
                // As long as a real one: the device's words plus the allocator's state (about 400 characters).
                ? QStringLiteral("out of memory on sim:0: tried to allocate 402653184 bytes (0.38 GiB) (a 402653184 "
                                 "bytes (0.38 GiB) segment); the allocator has 234921984 bytes (0.22 GiB) allocated "
                                 "and 236978176 bytes (0.22 GiB) reserved (2056192 bytes (0.00 GiB) reserved but "
                                 "unallocated); the device reports 31457280 bytes (0.03 GiB) free of 268435456 bytes "
                                 "(0.25 GiB); runtime: simulated out of memory")
                : QString());
        t += samples * 0.001;
    }
}
} // namespace

class TestTimelineChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(testsupport::settingsAreSandboxed()); }

    void seriesFollowTheSamples_data()
    {
        QTest::addColumn<int>("samples");
        QTest::addColumn<bool>("withDevice");
        QTest::addRow("few, no device reading") << 100 << false;
        QTest::addRow("few, device reading") << 100 << true;
        QTest::addRow("more than the budget") << 50'000 << true;
    }

    void seriesFollowTheSamples()
    {
        QFETCH(int, samples);
        QFETCH(bool, withDevice);
        TimelineChart chart;
        chart.setUnit(units::Unit::GiB);
        chart.beginPhase(QStringLiteral("cold_forward"), 0.0);
        for (int i = 0; i < samples; ++i) {
            TimelineSample s { i * 0.001, static_cast<std::uint64_t>(i) * 1024, static_cast<std::uint64_t>(i) * 2048,
                withDevice ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(i) * 4096) : std::nullopt };
            chart.addSample(s);
        }
        chart.refresh();
        const auto points = chart.allocatedSeries()->points();
        QCOMPARE(points.size(), static_cast<qsizetype>(chart.store().buckets().size()));
        QVERIFY(points.size() <= static_cast<qsizetype>(chart.store().budget()));
        QCOMPARE(chart.reservedSeries()->count(), points.size());
        QCOMPARE(chart.deviceSeries()->count(), withDevice ? points.size() : 0);
        // The highest point is the last sample, in GiB.
        const double last = static_cast<double>(samples - 1) * 2048.0 / static_cast<double>(kGiB);
        double top = 0;
        for (const QPointF& p : chart.reservedSeries()->points())
            top = std::max(top, p.y());
        QCOMPARE(top, last);
        QVERIFY(chart.axisY()->max() >= top);
    }

    void unitSwitchChangesValuesAndAxisTitle_data()
    {
        QTest::addColumn<int>("unit");
        QTest::addColumn<QString>("title");
        QTest::addColumn<double>("value");
        QTest::addRow("GiB") << static_cast<int>(units::Unit::GiB) << QStringLiteral("Memory (GiB)") << 1.0;
        QTest::addRow("GB") << static_cast<int>(units::Unit::GB) << QStringLiteral("Memory (GB)") << 1.073741824;
    }

    void unitSwitchChangesValuesAndAxisTitle()
    {
        QFETCH(int, unit);
        QFETCH(QString, title);
        QFETCH(double, value);
        TimelineChart chart;
        chart.setUnit(units::Unit::GB);
        chart.setUnit(units::Unit::GiB);
        chart.addSample(TimelineSample { 0.0, kGiB, kGiB, std::nullopt });
        chart.setUnit(static_cast<units::Unit>(unit));
        chart.refresh();
        QCOMPARE(chart.axisY()->titleText(), title);
        QCOMPARE(chart.allocatedSeries()->at(0).y(), value);
    }

    void peaksCapacityEstimateAndOom()
    {
        TimelineChart chart;
        chart.resize(900, 500);
        // Before any phase has ended there is no peak, and no legend entry for one.
        chart.addSample(TimelineSample { 0.0, kGiB, kGiB, std::nullopt });
        chart.refresh();
        QVERIFY(!chart.chart()->series().contains(chart.peakSeries()));
        chart.setCapacityBytes(3 * kGiB);
        feedPhase(chart, QStringLiteral("model_load"), 0.0, 200, kGiB / 2);
        feedPhase(chart, QStringLiteral("cold_forward"), 0.3, 200, kGiB, TimelinePhase::State::OutOfMemory,
            QStringLiteral("simulated out of memory: tried to allocate 1 bytes"));
        chart.setEstimateBytes(kGiB + kGiB / 2);
        chart.refresh();
        // One marker per peak (allocated and reserved) of each phase, at the exact peak.
        QCOMPARE(chart.peakSeries()->count(), 4);
        QCOMPARE(chart.peakSeries()->at(3).y(), 2.0);
        QVERIFY(chart.chart()->series().contains(chart.peakSeries()));
        QCOMPARE(chart.capacitySeries()->count(), 2);
        QCOMPARE(chart.capacitySeries()->at(0).y(), 3.0);
        QCOMPARE(chart.estimateSeries()->at(0).y(), 1.5);
        QCOMPARE(chart.phases().size(), std::size_t(2));
        QCOMPARE(chart.phases()[1].state, TimelinePhase::State::OutOfMemory);
        QVERIFY(chart.axisY()->max() >= 3.0);

        chart.setEstimateBytes(std::nullopt);
        QCOMPARE(chart.estimateSeries()->count(), 0);
        // A capacity far above the data leaves the scale to the data.
        chart.setCapacityBytes(800 * kGiB);
        QCOMPARE(chart.capacitySeries()->count(), 0);
        QVERIFY(chart.axisY()->max() < 10.0);
    }

    void hoverTextNamesPhaseAndBytes()
    {
        TimelineChart chart;
        feedPhase(chart, QStringLiteral("warmup"), 0.0, 100, 100 * units::kMiB);
        chart.refresh();
        const QString text = chart.describeAt(0.050);
        QVERIFY2(text.contains(QStringLiteral("warmup")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("bytes")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GiB")), qPrintable(text));
        // Without a device-level reading the value is a dash, never 0.
        QVERIFY2(text.contains(QStringLiteral("Device-level: —")), qPrintable(text));
    }

    void zoomAndReset()
    {
        TimelineChart chart;
        chart.resize(800, 400);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        feedPhase(chart, QStringLiteral("cold_forward"), 0.0, 1000, kGiB);
        chart.refresh();
        const double fullMax = chart.axisX()->max();
        chart.axisX()->setRange(0.1, 0.2); // what a rubber band or the wheel does
        QVERIFY(chart.isZoomed());
        chart.addSample(TimelineSample { 2.0, kGiB, kGiB, std::nullopt });
        chart.refresh();
        QCOMPARE(chart.axisX()->max(), 0.2); // new samples do not undo the user's zoom
        chart.resetZoom();
        QVERIFY(!chart.isZoomed());
        QVERIFY(chart.axisX()->max() > fullMax);
    }

    void highlightFollowsSelection()
    {
        TimelineChart chart;
        feedPhase(chart, QStringLiteral("a"), 0.0, 10, kGiB);
        feedPhase(chart, QStringLiteral("b"), 0.1, 10, kGiB);
        chart.highlightPhase(1);
        QCOMPARE(chart.highlightedPhase(), 1);
        chart.highlightPhase(7);
        QCOMPARE(chart.highlightedPhase(), -1);
    }

    void exportsImageAndSvg()
    {
        TimelineChart chart;
        chart.resize(640, 360);
        feedPhase(chart, QStringLiteral("cold_forward"), 0.0, 300, kGiB);
        const QImage image = chart.toImage(QSize(1000, 500));
        QCOMPARE(image.size(), QSize(1000, 500));
        // Something other than the white background was drawn.
        bool coloured = false;
        for (int y = 0; y < image.height() && !coloured; y += 7)
            for (int x = 0; x < image.width() && !coloured; x += 7)
                coloured = image.pixelColor(x, y) != QColor(Qt::white);
        QVERIFY(coloured);
        QCOMPARE(chart.size(), QSize(640, 360));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("timeline.svg"));
        QVERIFY(chart.writeSvg(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svg.contains("cold_forward"));
    }

    // Defect 4: 0.05 GiB of data must not lie flat under a 17 GiB estimate line. The memory axis fits the data;
    // a level line far above it is named in the off-scale note instead.
    void memoryAxisFitsTheData_data()
    {
        QTest::addColumn<double>("estimateGiB");
        QTest::addColumn<double>("capacityGiB");
        QTest::addColumn<double>("maxAtMost"); // GiB
        QTest::addColumn<QStringList>("noted");
        QTest::addRow("estimate 17 GiB over 0.05 GiB")
            << 17.0 << 0.0 << 0.2 << QStringList { QStringLiteral("Sizing estimate 17.00 GiB") };
        QTest::addRow("estimate and capacity above")
            << 17.0 << 80.0 << 0.2
            << QStringList { QStringLiteral("Sizing estimate 17.00 GiB"), QStringLiteral("Device capacity 80.00 GiB") };
        QTest::addRow("estimate close to the data joins the scale") << 0.08 << 0.0 << 0.2 << QStringList {};
    }

    void memoryAxisFitsTheData()
    {
        QFETCH(double, estimateGiB);
        QFETCH(double, capacityGiB);
        QFETCH(double, maxAtMost);
        QFETCH(QStringList, noted);
        TimelineChart chart;
        chart.resize(1000, 500);
        feedPhase(chart, QStringLiteral("cold_forward"), 0.0, 200, 25 * units::kMiB); // reserved: 0.049 GiB
        chart.setEstimateBytes(static_cast<std::uint64_t>(estimateGiB * static_cast<double>(kGiB)));
        if (capacityGiB > 0)
            chart.setCapacityBytes(static_cast<std::uint64_t>(capacityGiB * static_cast<double>(kGiB)));
        chart.refresh();
        QVERIFY2(chart.axisY()->max() <= maxAtMost, qPrintable(QString::number(chart.axisY()->max())));
        QVERIFY(chart.axisY()->max() >= 50.0 / 1024.0);
        for (const QString& note : noted)
            QVERIFY2(chart.offScaleText().contains(note), qPrintable(chart.offScaleText()));
        QCOMPARE(chart.offScaleText().isEmpty(), noted.isEmpty());
        // A line off the scale is not drawn (nor in the legend); one on it is.
        QCOMPARE(chart.chart()->series().contains(chart.estimateSeries()), noted.isEmpty());
    }

    // The prediction is a step line: one step per phase over its band, at that phase's predicted peak; a phase
    // not run has no step; a step far above the data is named in the off-scale note, like the level lines.
    void predictionIsAStepPerPhase()
    {
        TimelineChart chart;
        chart.resize(1000, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QVERIFY(!chart.chart()->series().contains(chart.predictionSeries())); // nothing predicted yet
        struct Step {
            const char* name;
            double start;
            double end;
            std::uint64_t predicted;
        };
        const Step steps[] = { { "model_load", 0.0, 0.4, 12 * kGiB + 512 * units::kMiB },
            { "inputs", 0.41, 0.42, 12 * kGiB + 513 * units::kMiB }, { "prefill", 0.43, 1.2, 15 * kGiB },
            { "decode", 1.21, 2.0, 13 * kGiB } };
        for (const Step& step : steps) {
            const QString name = QString::fromLatin1(step.name);
            chart.beginPhase(name, step.start, step.predicted);
            chart.addSample(TimelineSample { step.start, step.predicted - kGiB, step.predicted, std::nullopt });
            chart.addSample(TimelineSample { step.end, step.predicted - kGiB, step.predicted, std::nullopt });
            TimelinePhase end;
            end.name = name;
            end.startSeconds = step.start;
            end.endSeconds = step.end;
            end.state = TimelinePhase::State::Ok;
            end.peakAllocated = step.predicted;
            end.peakReserved = step.predicted;
            end.predictedPeakAllocated = step.predicted;
            chart.endPhase(end);
        }
        TimelinePhase notRun;
        notRun.name = QStringLiteral("warm_prefill#0");
        notRun.state = TimelinePhase::State::NotRun;
        notRun.predictedPeakAllocated = 99 * kGiB;
        chart.endPhase(notRun);
        chart.refresh();

        QVERIFY(chart.chart()->series().contains(chart.predictionSeries()));
        const QList<QPointF> points = chart.predictionSeries()->points();
        QCOMPARE(points.size(), 2 * static_cast<int>(std::size(steps)));
        for (std::size_t i = 0; i < std::size(steps); ++i) {
            const double gib = units::toGiB(steps[i].predicted);
            const QPointF start = points[static_cast<int>(2 * i)];
            const QPointF end = points[static_cast<int>(2 * i + 1)];
            QCOMPARE(start, QPointF(steps[i].start, gib));
            QCOMPARE(end, QPointF(steps[i].end, gib));
        }
        QCOMPARE(chart.predictionSeries()->name(), QStringLiteral("Predicted peak per phase"));
        QVERIFY(chart.offScaleText().isEmpty());
        QVERIFY(chart.axisY()->max() >= 15.0);

        // A running phase's step reaches the last sample and grows with it.
        chart.beginPhase(QStringLiteral("warmup"), 2.01, 14 * kGiB);
        chart.addSample(TimelineSample { 2.5, 12 * kGiB, 13 * kGiB, std::nullopt });
        chart.refresh();
        QCOMPARE(chart.predictionSeries()->points().size(), 10);
        QCOMPARE(chart.predictionSeries()->points().last(), QPointF(2.5, 14.0));

        // Far above the data (beyond kLevelJoinFactor): the scale keeps fitting the data, the note names it.
        TimelineChart tiny;
        tiny.resize(1000, 500);
        feedPhase(tiny, QStringLiteral("cold_forward"), 0.0, 50, 50 * units::kMiB);
        tiny.beginPhase(QStringLiteral("prefill"), 0.06, 40 * kGiB);
        tiny.addSample(TimelineSample { 0.07, 50 * units::kMiB, 50 * units::kMiB, std::nullopt });
        tiny.refresh();
        QVERIFY2(tiny.axisY()->max() < 1.0, qPrintable(QString::number(tiny.axisY()->max())));
        QVERIFY2(tiny.offScaleText().contains(QStringLiteral("Predicted peak per phase reaches 40.00 GiB")),
            qPrintable(tiny.offScaleText()));
    }

    // A run of a few KiB, then clear() for the next run with a 20 GiB capacity: the axis must not lay out its
    // ticks over the new range with the old tiny step first (100 000s of tick items: the window hung there).
    void wideningTheRangeKeepsFewTicks()
    {
        TimelineChart chart;
        chart.resize(1000, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        feedPhase(chart, QStringLiteral("cold_forward"), 0.0, 50, 4 * 1024);
        chart.refresh();
        QVERIFY(chart.axisY()->tickInterval() < 1e-5); // GiB: a tiny step for a tiny range
        QElapsedTimer timer;
        timer.start();
        chart.setCapacityBytes(20 * kGiB);
        chart.clear();
        chart.refresh();
        QVERIFY2(timer.elapsed() < 10'000, qPrintable(QString::number(timer.elapsed())));
        const QValueAxis* y = chart.axisY();
        QVERIFY(y->tickInterval() > 0.0);
        QVERIFY2((y->max() - y->min()) / y->tickInterval() <= 12.0,
            qPrintable(QStringLiteral("%1 ticks").arg((y->max() - y->min()) / y->tickInterval())));
    }

    void memoryZoomAndFitToData()
    {
        TimelineChart chart;
        chart.resize(1000, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        feedPhase(chart, QStringLiteral("cold_forward"), 0.0, 200, 25 * units::kMiB);
        chart.setEstimateBytes(17 * kGiB);
        chart.refresh();
        const double fitMax = chart.axisY()->max();
        QAction* fit = chart.navigator().fitToDataAction();
        QVERIFY(!fit->isEnabled());
        // Ctrl+wheel over the plot zooms memory, not time.
        const QPointF inPlot = chart.chart()->plotArea().center();
        const double timeMax = chart.axisX()->max();
        QWheelEvent wheel(inPlot, chart.viewport()->mapToGlobal(inPlot), QPoint(), QPoint(0, 120), Qt::NoButton,
            Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(chart.viewport(), &wheel);
        QCOMPARE(chart.axisY()->max(), fitMax * TimelineNavigator::kZoomIn);
        QCOMPARE(chart.axisX()->max(), timeMax);
        QVERIFY(chart.isZoomed());
        QVERIFY(fit->isEnabled());
        QVERIFY(chart.navigator().fitToDataButton()->isVisible());
        // Zoomed out far enough, the estimate comes on the scale and leaves the note.
        for (int i = 0; i < 30; ++i)
            chart.navigator().zoomOutMemoryAction()->trigger();
        QVERIFY(chart.axisY()->max() > 17.0);
        QVERIFY(chart.offScaleText().isEmpty());
        QVERIFY(chart.chart()->series().contains(chart.estimateSeries()));
        fit->trigger();
        QVERIFY(!chart.isZoomed());
        QCOMPARE(chart.axisY()->max(), fitMax);
        QVERIFY(chart.offScaleText().contains(QStringLiteral("Sizing estimate")));
    }

    // Defect 5: no chart text over another; a label is whole, or cut to at least kMinShownChars characters, or
    // not shown, and then its phase is named by the hover text over its band. In every language and width.
    void labelsNeverCollide_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const QString& language : gui::LabApplication::languages())
            for (const QSize size : { QSize(640, 270), QSize(600, 420), QSize(1024, 700), QSize(1280, 800) })
                QTest::addRow("%s %dx%d", qPrintable(language), size.width(), size.height()) << language << size;
    }

    // Many short phases with long names before the longest one: their labels run into free space to the right,
    // but never take the longest phase's place (it is labelled first), and a cut label keeps its name on hover.
    void longestPhaseIsLabelled()
    {
        TimelineChart chart;
        chart.resize(640, 300);
        double t = 0.0;
        for (int i = 0; i < 6; ++i) {
            feedPhase(chart, QStringLiteral("warm_prefill_with_a_long_name#%1").arg(i), t, 40, 50 * units::kMiB,
                TimelinePhase::State::Ok, QString());
            t += 0.040;
        }
        feedPhase(chart, QStringLiteral("decode"), t, 2000, 80 * units::kMiB, TimelinePhase::State::Ok, QString());
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.refresh();
        const gui::PhaseBands& bands = chart.bands();
        QCOMPARE(bands.labelText(6), QStringLiteral("decode"));
        bool cut = false;
        for (int i = 0; i < 6; ++i) {
            const QString label = bands.labelText(i);
            if (label != chart.phases()[static_cast<std::size_t>(i)].name) {
                cut = true;
                QCOMPARE(bands.labelToolTip(i), chart.phases()[static_cast<std::size_t>(i)].name);
            }
            if (!label.isEmpty())
                QVERIFY(!bands.labelRect(i).intersects(bands.labelRect(6)));
        }
        QVERIFY(cut); // six long names in 240 ms of a 2.2 s chart cannot all be whole
    }

    void labelsNeverCollide()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] { app->setLanguage(QStringLiteral("en")); });
        TimelineChart chart;
        chart.resize(size);
        chart.setDeviceLabel(QStringLiteral("sim:0 · simulated, not a GPU measurement"));
        feedDenseRun(chart);
        chart.setCapacityBytes(80 * kGiB);
        chart.setEstimateBytes(17 * kGiB);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.refresh();
        QVERIFY(!chart.offScaleText().isEmpty());

        const gui::PhaseBands& bands = chart.bands();
        QList<QRectF> texts { chart.offScaleRect(), bands.failureNoteRect() };
        QVERIFY(!bands.failureNoteRect().isEmpty());
        // The notes lie in the strip above the plot (Note [Notes above the plot]): never over a curve, inside the
        // chart, whole or cut to its width.
        const QRectF plotArea = chart.chart()->plotArea();
        for (const QRectF& note : { bands.failureNoteRect(), chart.offScaleRect() }) {
            QVERIFY2(note.bottom() <= plotArea.top(),
                qPrintable(QStringLiteral("note bottom %1, plot top %2").arg(note.bottom()).arg(plotArea.top())));
            QVERIFY(QRectF(QPointF(0, 0), chart.chart()->size()).contains(note));
        }
        QVERIFY(bands.failureNoteText().startsWith(QStringLiteral("Out of memory in ")) || language != QStringLiteral("en"));
        int shown = 0;
        for (int i = 0; i < static_cast<int>(chart.phases().size()); ++i) {
            const TimelinePhase& phase = chart.phases()[static_cast<std::size_t>(i)];
            if (phase.state == TimelinePhase::State::NotRun)
                continue;
            const QString label = bands.labelText(i);
            if (label.isEmpty()) {
                // Not labelled: named by the hover text over its band.
                const QRectF band = bands.bandRect(i);
                QVERIFY2(!band.isEmpty(), qPrintable(phase.name));
                const QString hover = chart.describeAtPosition(chart.mapFromScene(chart.chart()->mapToScene(band.center())));
                QVERIFY2(hover.contains(phase.name), qPrintable(phase.name + QStringLiteral(": ") + hover));
                continue;
            }
            ++shown;
            const bool whole = label == phase.name;
            QVERIFY2(whole || label.size() - 1 >= gui::PhaseBands::kMinShownChars, qPrintable(label));
            // A cut label names the phase whole on hover.
            QCOMPARE(bands.labelToolTip(i), whole ? QString() : phase.name);
            texts << bands.labelRect(i);
        }
        QVERIFY(shown >= 3);
        // The longest phase (the widest band) is always labelled.
        int widest = -1;
        for (int i = 0; i < static_cast<int>(chart.phases().size()); ++i)
            if (widest < 0 || bands.bandRect(i).width() > bands.bandRect(widest).width())
                widest = i;
        QVERIFY(widest >= 0);
        QVERIFY2(!bands.labelText(widest).isEmpty(), qPrintable(chart.phases()[static_cast<std::size_t>(widest)].name));
        QVERIFY(bands.labelText(0) == QStringLiteral("model_load")); // the long first phase has room
        for (int a = 0; a < texts.size(); ++a)
            for (int b = a + 1; b < texts.size(); ++b)
                QVERIFY2(!texts[a].intersects(texts[b]),
                    qPrintable(QStringLiteral("text %1 over text %2").arg(a).arg(b)));
        const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QDir().mkpath(dir);
            chart.grab().save(QDir(dir).filePath(
                QStringLiteral("timeline-%1-%2x%3.png").arg(language).arg(size.width()).arg(size.height())));
        }
    }

    // Colours come from the palette: with a dark application palette, text and lines stay readable.
    void darkPaletteIsReadable_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addRow("light") << false;
        QTest::addRow("dark") << true;
    }

    void darkPaletteIsReadable()
    {
        QFETCH(bool, dark);
        QPalette base;
        if (dark) {
            base.setColor(QPalette::Window, QColor(32, 33, 36));
            base.setColor(QPalette::Base, QColor(24, 24, 27));
            base.setColor(QPalette::Text, QColor(120, 120, 120)); // a dim text colour: pushed to the ratio
            base.setColor(QPalette::WindowText, QColor(220, 220, 220));
        } else {
            base = QPalette(QColor(240, 240, 240));
            base.setColor(QPalette::Base, Qt::white);
        }
        TimelineChart chart;
        chart.setPalette(base);
        feedDenseRun(chart);
        chart.setEstimateBytes(60 * units::kMiB); // both lines on the scale, so in the chart
        chart.setCapacityBytes(120 * units::kMiB);
        chart.addSample(TimelineSample { 2.0, units::kMiB, units::kMiB, 90 * units::kMiB });
        chart.refresh();
        // The six lines (the owner areas stay in the chart, empty, under them).
        const auto lines = std::count_if(chart.chart()->series().cbegin(), chart.chart()->series().cend(),
            [](const QAbstractSeries* s) { return s->type() != QAbstractSeries::SeriesTypeArea; });
        QCOMPARE(lines, 6);
        const QColor background = chart.chart()->backgroundBrush().color();
        QCOMPARE(background, base.color(QPalette::Base));
        using gui::Palette;
        const auto check = [&](const QColor& c, double ratio, const char* what) {
            QVERIFY2(Palette::contrastRatio(c, background) >= ratio,
                qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(what)).arg(Palette::contrastRatio(c, background))));
        };
        check(chart.axisY()->labelsBrush().color(), Palette::kTextContrast, "axis labels");
        check(chart.axisY()->titleBrush().color(), Palette::kTextContrast, "axis title");
        check(chart.chart()->legend()->labelColor(), Palette::kTextContrast, "legend");
        check(chart.chartPalette().color(Palette::Role::MutedText), Palette::kTextContrast, "phase labels");
        check(chart.chartPalette().color(Palette::Role::FailedPhase), Palette::kTextContrast, "failure note");
        check(chart.chartPalette().color(Palette::Role::Capacity), Palette::kTextContrast, "off-scale note");
        for (QAbstractSeries* series : chart.chart()->series()) {
            if (auto* area = qobject_cast<QAreaSeries*>(series))
                check(area->pen().color(), Palette::kGraphicContrast, "owner area's edge");
            else if (series != chart.peakSeries())
                check(static_cast<QXYSeries*>(series)->pen().color(), Palette::kGraphicContrast, "line");
        }
        check(chart.peakSeries()->color(), Palette::kGraphicContrast, "peak marker");
        QCOMPARE(chart.chartPalette().isDark(), dark);
    }

    void memoryStaysBounded()
    {
        TimelineChart chart;
        for (int i = 0; i < 20'000; ++i)
            chart.addSample(TimelineSample { i * 0.001, 1, 2, std::nullopt });
        chart.refresh();
        const std::size_t after20k = chart.memoryBytes();
        for (int i = 20'000; i < 200'000; ++i)
            chart.addSample(TimelineSample { i * 0.001, 1, 2, std::nullopt });
        chart.refresh();
        QCOMPARE(chart.memoryBytes(), after20k);
    }
};

int main(int argc, char** argv)
{
    gui::LabApplication app(argc, argv); // the languages load through it
    app.setLanguage(QStringLiteral("en"));
    TestTimelineChart test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_timelinechart.moc"
