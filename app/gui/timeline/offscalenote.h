// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"

#include <QRectF>
#include <QStringList>

class QChart;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace iteragpu::gui {

// The note naming the level lines (device capacity, sizing estimate) that lie above the visible memory scale,
// one line each, placed by the chart in its strip of notes above the plot (never over a curve).
class OffScaleNote {
public:
    explicit OffScaleNote(QChart* chart);

    void setLines(const QStringList& lines); // empty hides the note; place() then puts it
    void setPalette(const Palette& palette);
    // At topLeft (chart coordinates), each line cut to `width`; returns the height, 0 when hidden.
    qreal place(QPointF topLeft, qreal width);

    QString text() const; // empty when hidden
    QRectF rect() const; // chart coordinates; empty when hidden

private:
    QGraphicsSimpleTextItem* m_text = nullptr;
    QStringList m_lines;
};

} // namespace iteragpu::gui
