// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelineexporter.h"

#include "app/gui/timeline/timelinechart.h"

#include <QChart>
#include <QGraphicsScene>
#include <QPainter>
#include <QSvgGenerator>

namespace iteragpu::gui {

TimelineExporter::TimelineExporter(TimelineChart& chart)
    : m_chart(chart)
{
}

bool TimelineExporter::render(QPaintDevice& device, QSize size)
{
    m_chart.refresh();
    QChart* c = m_chart.chart();
    const QSizeF oldSize = c->size();
    m_chart.layoutAt(size);
    bool ok = false;
    {
        QPainter painter;
        ok = painter.begin(&device);
        if (ok) {
            painter.setRenderHint(QPainter::Antialiasing, true);
            m_chart.scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), QRectF(c->pos(), QSizeF(size)));
            ok = painter.end();
        }
    }
    m_chart.layoutAt(oldSize);
    return ok;
}

QImage TimelineExporter::toImage(QSize size)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(m_chart.chartPalette().color(Palette::Role::PlotBackground));
    render(image, size);
    return image;
}

bool TimelineExporter::writeSvg(const QString& path, QSize size)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(tr("Memory timeline"));
    return render(generator, size);
}

} // namespace iteragpu::gui
