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
// one line each. One line goes beside the chart's title when there is room; else the note sits inside the
// plot's right edge on a box, below the phase labels' rows (insideTop), and the failure note keeps clear of it.
class OffScaleNote {
public:
    explicit OffScaleNote(QChart* chart);

    void setLines(const QStringList& lines); // empty hides the note; place() then puts it
    void setPalette(const Palette& palette);
    void place(qreal insideTop); // after the plot area, the title or the lines changed

    QString text() const; // empty when hidden
    QRectF rect() const; // chart coordinates; empty when hidden

private:
    QChart* m_chart;
    QGraphicsSimpleTextItem* m_text = nullptr;
    QGraphicsRectItem* m_box = nullptr;
};

} // namespace iteragpu::gui
