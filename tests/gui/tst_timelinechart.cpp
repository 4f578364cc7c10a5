// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinechart.h"

#include <QApplication>
#include <QImage>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace iteragpu;
using gui::TimelineChart;
using gui::TimelinePhase;
using gui::TimelineSample;

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
    end.endSeconds = start + samples * 0.001;
    end.state = state;
    end.message = message;
    end.peakAllocated = top;
    end.peakReserved = 2 * top;
    chart.endPhase(end);
}
} // namespace

class TestTimelineChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

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

QTEST_MAIN(TestTimelineChart)
#include "tst_timelinechart.moc"
