// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/ownerareas.h"
#include "app/gui/application/messagetext.h"
#include "core/report/ownerlabel.h"

#include <QAreaSeries>
#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace iteragpu::gui {

namespace {
    constexpr qreal kCaptionZ = 19.0; // above the series, below the phase labels and the notes
} // namespace

OwnerAreas::OwnerAreas(QChart* chart, QObject* seriesParent, QValueAxis* axisX, QValueAxis* axisY)
    : m_chart(chart)
{
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
        m_upper[i] = new QLineSeries(seriesParent);
        m_lower[i] = new QLineSeries(seriesParent);
        m_areas[i] = new QAreaSeries(m_upper[i], m_lower[i]);
        m_areas[i]->setParent(seriesParent);
        m_areas[i]->setObjectName(QStringLiteral("owner_") + QLatin1String(alloc::ownerName(static_cast<alloc::Owner>(i))));
        chart->addSeries(m_areas[i]);
        m_areas[i]->attachAxis(axisX);
        m_areas[i]->attachAxis(axisY);
    }
    m_captionBox = new QGraphicsRectItem(chart);
    m_captionBox->setZValue(kCaptionZ - 0.5);
    m_captionBox->setPen(Qt::NoPen);
    m_captionBox->hide();
    m_caption = new QGraphicsSimpleTextItem(chart);
    m_caption->setZValue(kCaptionZ);
    m_caption->hide();
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
        m_swatches[i] = new QGraphicsRectItem(chart);
        m_swatches[i]->setZValue(kCaptionZ);
        m_swatches[i]->hide();
        m_keyTexts[i] = new QGraphicsSimpleTextItem(chart);
        m_keyTexts[i]->setZValue(kCaptionZ);
        m_keyTexts[i]->hide();
    }
    updateMarkers();
}

void OwnerAreas::rebuild(const std::vector<TimelinePhase>& phases, double lastSeconds, units::Unit unit)
{
    // Per phase a flat step from the band's start to its end: owner i lies between the sum of owners 0..i-1 and
    // the sum of owners 0..i, as held at the phase's peak moment. Between two bands both edges drop to 0, so the
    // polygon closes on the axis there (a sliver of no area).
    std::array<QList<QPointF>, alloc::kOwnerCount> upper;
    std::array<QList<QPointF>, alloc::kOwnerCount> lower;
    m_hasBytes.fill(false);
    if (m_shown) {
        for (const TimelinePhase& phase : phases) {
            if (!phase.ownersAtPeak || !phase.finished() || phase.state == TimelinePhase::State::NotRun
                || std::isnan(phase.startSeconds))
                continue;
            const double start = phase.startSeconds;
            const double end = std::isnan(phase.endSeconds) ? std::max(lastSeconds, start) : phase.endSeconds;
            std::uint64_t below = 0;
            for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
                const std::uint64_t bytes = (*phase.ownersAtPeak)[i];
                const double lo = units::toUnit(below, unit);
                const double hi = units::toUnit(below + bytes, unit);
                upper[i] << QPointF(start, 0.0) << QPointF(start, hi) << QPointF(end, hi) << QPointF(end, 0.0);
                lower[i] << QPointF(start, 0.0) << QPointF(start, lo) << QPointF(end, lo) << QPointF(end, 0.0);
                m_hasBytes[i] = m_hasBytes[i] || bytes > 0;
                below += bytes;
            }
        }
    }
    m_drawn = false;
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
        if (!m_hasBytes[i]) {
            upper[i].clear();
            lower[i].clear();
        }
        m_drawn = m_drawn || m_hasBytes[i];
        m_upper[i]->replace(upper[i]);
        m_lower[i]->replace(lower[i]);
    }
    m_caption->setVisible(m_drawn);
    updateMarkers();
}

void OwnerAreas::updateMarkers()
{
    // The caption is the owners' key: no legend markers for the areas.
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i)
        for (QLegendMarker* marker : m_chart->legend()->markers(m_areas[i]))
            marker->setVisible(false);
}

void OwnerAreas::setPalette(const Palette& palette)
{
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
        const auto owner = static_cast<alloc::Owner>(i);
        QPen pen(palette.ownerColor(owner));
        pen.setWidthF(1.0);
        m_areas[i]->setPen(pen);
        m_areas[i]->setBrush(palette.ownerFill(owner));
        m_swatches[i]->setPen(pen);
        m_swatches[i]->setBrush(palette.ownerFill(owner));
        m_keyTexts[i]->setBrush(palette.color(Palette::Role::Text));
    }
    m_caption->setBrush(palette.color(Palette::Role::Text));
    m_captionBox->setBrush(palette.color(Palette::Role::NoteBackground));
}

void OwnerAreas::retranslate()
{
    // The ledger's words (core's one owner table), first letter up as a legend entry.
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
        QString name = messageText(report::ownerLabel(static_cast<alloc::Owner>(i)));
        if (!name.isEmpty())
            name[0] = name[0].toUpper();
        m_names[i] = name;
        m_areas[i]->setName(m_names[i]);
        m_keyTexts[i]->setText(m_names[i]);
    }
    m_captionSource = tr("Areas: allocated by owner at each phase's peak moment (the samples carry totals only)");
    m_caption->setText(m_captionSource);
    updateMarkers(); // a renamed series gets its markers anew
}

qreal OwnerAreas::placeCaption(QPointF topLeft, qreal wrapWidth)
{
    m_captionBox->hide();
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
        m_swatches[i]->hide();
        m_keyTexts[i]->hide();
    }
    if (!m_caption->isVisible())
        return 0.0;
    // Wrapped at word boundaries.
    const QFontMetricsF fm(m_caption->font());
    const qreal width = std::max<qreal>(120.0, wrapWidth - 6.0);
    QStringList lines;
    for (const QString& word : m_captionSource.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.last() + QLatin1Char(' ') + word) <= width)
            lines.last() += QLatin1Char(' ') + word;
        else
            lines << word;
    }
    m_caption->setText(lines.join(QLatin1Char('\n')));
    const QRectF r = m_caption->boundingRect();
    const qreal left = topLeft.x() + 3.0;
    m_caption->setPos(left, topLeft.y() + 1.0);
    // The key below: a swatch and a name per owner drawn, wrapped at the same width.
    const qreal swatch = fm.height() * 0.8;
    qreal x = left;
    qreal y = m_caption->pos().y() + r.height() + 2.0;
    qreal right = left + r.width();
    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
        if (!m_hasBytes[i])
            continue;
        const qreal w = swatch + 4.0 + fm.horizontalAdvance(m_names[i]);
        if (x > left && x + w > left + width) {
            x = left;
            y += fm.height() + 2.0;
        }
        m_swatches[i]->setRect(x, y + (fm.height() - swatch) / 2.0, swatch, swatch);
        m_keyTexts[i]->setPos(x + swatch + 4.0, y);
        m_swatches[i]->show();
        m_keyTexts[i]->show();
        right = std::max(right, x + w);
        x += w + 10.0;
    }
    const qreal bottom = y + fm.height();
    m_captionBox->setRect(left - 3.0, m_caption->pos().y() - 1.0, right - left + 6.0, bottom - m_caption->pos().y() + 2.0);
    m_captionBox->show();
    return m_captionBox->rect().bottom() - topLeft.y();
}

QString OwnerAreas::captionText() const { return m_caption->isVisible() ? m_captionSource : QString(); }

QString OwnerAreas::keyText(alloc::Owner owner) const
{
    const auto i = static_cast<std::size_t>(owner);
    return m_keyTexts[i]->isVisible() ? m_keyTexts[i]->text() : QString();
}

QRectF OwnerAreas::captionRect() const { return m_captionBox->isVisible() ? m_captionBox->rect() : QRectF(); }

} // namespace iteragpu::gui
