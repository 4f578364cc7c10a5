// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

class QPaintDevice;

namespace iteragpu::gui {

class TimelineChart;

// The timeline as a picture for the reports: PNG (an image) or SVG, at a size of its own. The chart is laid out
// at that size for the render and put back as it was, so the window does not move.
class TimelineExporter {
    // The chart's own translation context: the SVG title was the chart's and keeps its translations.
    Q_DECLARE_TR_FUNCTIONS(iteragpu::gui::TimelineChart)
public:
    explicit TimelineExporter(TimelineChart& chart);

    QImage toImage(QSize size);
    bool writeSvg(const QString& path, QSize size);

private:
    bool render(QPaintDevice& device, QSize size);

    TimelineChart& m_chart;
};

} // namespace iteragpu::gui
