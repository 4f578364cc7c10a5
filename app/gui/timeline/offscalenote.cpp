// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/offscalenote.h"

#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace iteragpu::gui {

namespace {
    constexpr qreal kNoteZ = 20.0; // with the phase labels, above the series
}

OffScaleNote::OffScaleNote(QChart* chart)
    : m_chart(chart)
{
    m_text = new QGraphicsSimpleTextItem(chart);
    m_text->setZValue(kNoteZ);
    m_text->hide();
    m_box = new QGraphicsRectItem(chart);
    m_box->setZValue(kNoteZ - 0.5);
    m_box->setPen(Qt::NoPen);
    m_box->hide();
}

void OffScaleNote::setLines(const QStringList& lines)
{
    m_text->setText(lines.join(QLatin1Char('\n')));
    m_text->setVisible(!lines.isEmpty());
}

void OffScaleNote::setPalette(const Palette& palette)
{
    m_text->setBrush(palette.color(Palette::Role::Capacity));
    m_box->setBrush(palette.color(Palette::Role::NoteBackground));
}

void OffScaleNote::place(qreal insideTop)
{
    m_box->hide();
    if (!m_text->isVisible())
        return;
    const QRectF plot = m_chart->plotArea();
    const QRectF r = m_text->boundingRect();
    const qreal titleRight = m_chart->size().width() / 2.0
        + QFontMetricsF(m_chart->titleFont()).horizontalAdvance(m_chart->title()) / 2.0;
    const qreal x = plot.right() - r.width() - 2.0;
    const bool oneLine = !m_text->text().contains(QLatin1Char('\n'));
    if (oneLine && x > titleRight + 8.0 && plot.top() - r.height() - 3.0 >= 0.0) {
        m_text->setPos(x, plot.top() - r.height() - 3.0);
        return;
    }
    m_text->setPos(x - 2.0, insideTop + 3.0);
    m_box->setRect(m_text->pos().x() - 3.0, m_text->pos().y() - 1.0, r.width() + 6.0, r.height() + 2.0);
    m_box->show();
}

QString OffScaleNote::text() const { return m_text->isVisible() ? m_text->text() : QString(); }

QRectF OffScaleNote::rect() const
{
    if (!m_text->isVisible())
        return {};
    return m_box->isVisible() ? m_box->rect() : m_text->mapRectToParent(m_text->boundingRect());
}

} // namespace iteragpu::gui
