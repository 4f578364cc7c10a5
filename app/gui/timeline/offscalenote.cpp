// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/offscalenote.h"

#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>

namespace iteragpu::gui {

namespace {
    constexpr qreal kNoteZ = 20.0; // with the phase labels, above the series
}

OffScaleNote::OffScaleNote(QChart* chart)
{
    m_text = new QGraphicsSimpleTextItem(chart);
    m_text->setZValue(kNoteZ);
    m_text->hide();
}

void OffScaleNote::setLines(const QStringList& lines)
{
    m_lines = lines;
    m_text->setText(lines.join(QLatin1Char('\n')));
    m_text->setVisible(!lines.isEmpty());
}

void OffScaleNote::setPalette(const Palette& palette)
{
    m_text->setBrush(palette.color(Palette::Role::Capacity));
}

qreal OffScaleNote::place(QPointF topLeft, qreal width)
{
    if (!m_text->isVisible())
        return 0.0;
    const QFontMetricsF metrics(m_text->font());
    QStringList shown;
    for (const QString& line : m_lines)
        shown << metrics.elidedText(line, Qt::ElideRight, width);
    m_text->setText(shown.join(QLatin1Char('\n')));
    m_text->setToolTip(shown == m_lines ? QString() : m_lines.join(QLatin1Char('\n')));
    m_text->setPos(topLeft);
    return m_text->boundingRect().height();
}

QString OffScaleNote::text() const { return m_text->isVisible() ? m_lines.join(QLatin1Char('\n')) : QString(); }

QRectF OffScaleNote::rect() const
{
    if (!m_text->isVisible())
        return {};
    return m_text->mapRectToParent(m_text->boundingRect());
}

} // namespace iteragpu::gui
