// SPDX-License-Identifier: Apache-2.0
// Feeds 1 000 000 samples into the live timeline and times one chart refresh (target <= 16 ms) and a repaint,
// and reports the memory the timeline holds. Run by hand: build/<dir>/tests/bench/bench_timeline [samples]
#include "app/gui/timeline/timelinechart.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLineSeries>
#include <QPixmap>
#include <algorithm>
#include <cstdio>
#include <vector>

using iteragpu::gui::TimelineChart;
using iteragpu::gui::TimelinePhase;
using iteragpu::gui::TimelineSample;

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const long long samples = argc > 1 ? std::max(1LL, std::atoll(argv[1])) : 1'000'000LL;

    TimelineChart chart;
    chart.resize(1280, 520);
    chart.show();
    const std::size_t memoryEmpty = chart.memoryBytes();

    // 1 kHz samples, a saw tooth with a one-sample spike every 100 000 samples, one phase per 50 000 samples.
    QElapsedTimer feed;
    feed.start();
    constexpr std::uint64_t base = 4ULL << 30; // bytes
    for (long long i = 0; i < samples; ++i) {
        if (i % 50'000 == 0)
            chart.beginPhase(QStringLiteral("warm_forward #%1").arg(i / 50'000), static_cast<double>(i) * 0.001);
        TimelineSample s;
        s.seconds = static_cast<double>(i) * 0.001;
        s.allocated = base + static_cast<std::uint64_t>(i % 1000) * (1ULL << 20);
        if (i % 100'000 == 99'999)
            s.allocated += 8ULL << 30;
        s.reserved = s.allocated + (2ULL << 30);
        s.device = s.reserved + (600ULL << 20);
        chart.addSample(s);
        if (i % 50'000 == 49'999) {
            TimelinePhase end;
            end.name = QStringLiteral("warm_forward #%1").arg(i / 50'000);
            end.endSeconds = s.seconds;
            end.state = TimelinePhase::State::Ok;
            end.peakAllocated = s.allocated;
            end.peakReserved = s.reserved;
            chart.endPhase(end);
        }
    }
    const double feedMs = static_cast<double>(feed.nsecsElapsed()) / 1e6;

    // The refresh the UI timer does: rebuild three series with one replace() each, ranges, markers, bands.
    chart.refresh();
    app.processEvents();
    std::vector<double> refreshMs;
    std::vector<double> paintMs;
    for (int round = 0; round < 25; ++round) {
        chart.addSample(TimelineSample { static_cast<double>(samples + round) * 0.001, base, base, std::nullopt });
        QElapsedTimer t;
        t.start();
        chart.refresh();
        refreshMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        t.restart();
        const QPixmap frame = chart.grab(); // a full repaint of the view, as the screen would get
        paintMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(refreshMs.begin(), refreshMs.end());
    std::sort(paintMs.begin(), paintMs.end());
    // The same repaint without antialiasing, to see what the smoothing of ~2000-point lines costs.
    chart.setRenderHint(QPainter::Antialiasing, false);
    std::vector<double> plainPaintMs;
    for (int round = 0; round < 9; ++round) {
        QElapsedTimer t;
        t.start();
        const QPixmap frame = chart.grab();
        plainPaintMs.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(plainPaintMs.begin(), plainPaintMs.end());

    std::printf("samples fed                 %lld\n", samples);
    std::printf("feeding (addSample)         %.1f ms total, %.1f ns per sample\n", feedMs,
        feedMs * 1e6 / static_cast<double>(samples));
    std::printf("buckets held                %zu of a budget of %zu (%llu samples per bucket)\n",
        chart.store().buckets().size(), chart.store().budget(),
        static_cast<unsigned long long>(chart.store().samplesPerBucket()));
    std::printf("points per series           %lld\n", static_cast<long long>(chart.allocatedSeries()->count()));
    std::printf("refresh (median / max)      %.2f ms / %.2f ms   (target <= 16 ms)\n", refreshMs[refreshMs.size() / 2],
        refreshMs.back());
    std::printf("refresh + repaint (median)  %.2f ms\n", refreshMs[refreshMs.size() / 2] + paintMs[paintMs.size() / 2]);
    std::printf("repaint without antialiasing (median) %.2f ms\n", plainPaintMs[plainPaintMs.size() / 2]);
    std::printf("memory held by the timeline %zu bytes (empty: %zu bytes)\n", chart.memoryBytes(), memoryEmpty);
    std::printf("phases                      %zu\n", chart.phases().size());
    return refreshMs[refreshMs.size() / 2] <= 16.0 ? 0 : 1;
}
