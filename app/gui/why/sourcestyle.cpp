// SPDX-License-Identifier: Apache-2.0
#include "app/gui/why/sourcestyle.h"

#include <QPainter>

namespace iteragpu::gui {

void SourceStyle::fill(QPainter& painter, const QRectF& rect, const QColor& color, report::LedgerSource source)
{
    painter.save();
    QColor base = color;
    switch (source) {
    case report::LedgerSource::Observed:
        base.setAlpha(210);
        painter.fillRect(rect, base);
        break;
    case report::LedgerSource::Computed:
        base.setAlpha(55);
        painter.fillRect(rect, base);
        painter.fillRect(rect, QBrush(color, Qt::BDiagPattern));
        break;
    case report::LedgerSource::Assumed:
        base.setAlpha(35);
        painter.fillRect(rect, base);
        painter.fillRect(rect, QBrush(color, Qt::Dense6Pattern));
        break;
    }
    QPen pen(color);
    pen.setWidthF(1.0);
    pen.setStyle(source == report::LedgerSource::Assumed ? Qt::DotLine : Qt::SolidLine);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
    painter.restore();
}

} // namespace iteragpu::gui
