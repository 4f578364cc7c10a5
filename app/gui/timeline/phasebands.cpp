// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/phasebands.h"

#include <QBrush>
#include <QFontMetricsF>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QPen>
#include <algorithm>

namespace iteragpu::gui {

namespace {

    constexpr qreal kBandZ = 1.5; // above the plot background, below the grid and the series
    constexpr qreal kLabelZ = 20.0;
    constexpr qreal kLabelPad = 2.0; // pixels between a label and its band's edge, or another label
    constexpr int kNoteChars = 150; // the chart shows the start of an error; the banner and the log have all

    bool isBad(const TimelinePhase& phase)
    {
        return phase.state == TimelinePhase::State::OutOfMemory || phase.state == TimelinePhase::State::Failed;
    }

    bool collides(const QRectF& r, const std::vector<QRectF>& taken)
    {
        return std::any_of(taken.begin(), taken.end(), [&r](const QRectF& t) { return t.intersects(r); });
    }

} // namespace

PhaseBands::PhaseBands(QGraphicsItem* parent)
    : m_parent(parent)
{
    m_failureNote = new QGraphicsSimpleTextItem(parent);
    m_failureNote->setZValue(kLabelZ);
    m_failureNote->hide();
}

PhaseBands::~PhaseBands() = default; // the items belong to the chart

void PhaseBands::clear()
{
    for (Band& band : m_bands) {
        delete band.rect;
        delete band.label;
    }
    m_bands.clear();
    m_failureNote->hide();
}

void PhaseBands::layout(const std::vector<TimelinePhase>& phases, const std::vector<QRectF>& bandRects,
    const QRectF& plot, int highlight, const Palette& palette)
{
    while (m_bands.size() < phases.size()) {
        Band band;
        band.rect = new QGraphicsRectItem(m_parent);
        band.rect->setZValue(kBandZ);
        band.label = new QGraphicsSimpleTextItem(m_parent);
        band.label->setZValue(kLabelZ);
        m_bands.push_back(band);
    }
    const QFontMetricsF metrics(m_bands.empty() ? QFont() : m_bands.front().label->font());
    const qreal rowHeight = this->rowHeight();
    std::vector<QRectF> taken;
    std::vector<std::size_t> order; // the bands shown, labelled widest first
    for (std::size_t i = 0; i < m_bands.size(); ++i) {
        Band& band = m_bands[i];
        const QRectF rect = i < bandRects.size() ? bandRects[i] : QRectF();
        if (i >= phases.size() || rect.isEmpty() || plot.isEmpty()) {
            band.rect->hide();
            band.label->hide();
            band.label->setToolTip(QString());
            continue;
        }
        const TimelinePhase& phase = phases[i];
        const bool highlighted = static_cast<int>(i) == highlight;
        const bool bad = isBad(phase);
        band.rect->setRect(rect);
        band.rect->setBrush(highlighted ? palette.color(Palette::Role::HighlightBand)
                : bad                   ? palette.color(Palette::Role::FailedPhaseBand)
                : i % 2 == 0            ? palette.color(Palette::Role::PhaseBand)
                                        : palette.color(Palette::Role::PhaseBandAlternate));
        band.rect->setPen(highlighted ? QPen(palette.color(Palette::Role::HighlightBorder), 1.5)
                : bad                 ? QPen(palette.color(Palette::Role::FailedPhase), 1.0)
                                      : QPen(Qt::NoPen));
        band.rect->show();

        order.push_back(i);
    }
    // See Note [Phase labels never collide]: the widest band first, so the longest phase is always labelled and a
    // short phase's label running into free space never takes its row.
    std::stable_sort(order.begin(), order.end(),
        [&bandRects](std::size_t a, std::size_t b) { return bandRects[a].width() > bandRects[b].width(); });
    for (const std::size_t i : order) {
        Band& band = m_bands[i];
        const QRectF rect = bandRects[i];
        const TimelinePhase& phase = phases[i];
        const bool bad = isBad(phase);
        const qreal x = rect.left() + kLabelPad;
        const qreal room = rect.width() - 2 * kLabelPad;
        QString shown;
        QRectF shownRect;
        auto tryPlace = [&](const QString& text) {
            band.label->setText(text);
            const QSizeF size = band.label->boundingRect().size(); // what is drawn, not only the advance
            for (int row = 0; row < kRows; ++row) {
                const QRectF r(QPointF(x, plot.top() + kLabelPad + row * rowHeight), size);
                // Neighbours keep a pad between them; the label stays inside the plot.
                if (r.right() > plot.right() - kLabelPad || collides(r.adjusted(0, 0, kLabelPad, 0), taken))
                    continue;
                shown = text;
                shownRect = r;
                return true;
            }
            return false;
        };
        if (!tryPlace(phase.name)) {
            const QString cut = metrics.elidedText(phase.name, Qt::ElideRight, room);
            const int kept = static_cast<int>(cut.size()) - (cut.endsWith(QChar(0x2026)) ? 1 : 0);
            if (!cut.isEmpty() && kept >= std::min<int>(kMinShownChars, static_cast<int>(phase.name.size())))
                tryPlace(cut);
        }
        // The whole name on hover over a label that had to be cut.
        band.label->setToolTip(shown == phase.name ? QString() : phase.name);
        if (shown.isEmpty()) {
            band.label->hide();
            band.label->setText(QString());
            continue;
        }
        band.label->setText(shown);
        band.label->setBrush(bad ? palette.color(Palette::Role::FailedPhase) : palette.color(Palette::Role::MutedText));
        band.label->setPos(shownRect.topLeft());
        band.label->show();
        taken.push_back(shownRect);
    }
}

qreal PhaseBands::rowHeight() const
{
    const QFont font = m_bands.empty() ? QFont() : m_bands.front().label->font();
    return QFontMetricsF(font).lineSpacing() + 1.0;
}


qreal PhaseBands::placeFailureNote(
    const std::vector<TimelinePhase>& phases, QPointF topLeft, qreal width, const Palette& palette)
{
    const auto failed = std::find_if(phases.begin(), phases.end(), [](const TimelinePhase& p) { return isBad(p); });
    if (failed == phases.end() || width <= 0.0) {
        m_failureNote->hide();
        return 0.0;
    }
    const QString what = failed->state == TimelinePhase::State::OutOfMemory ? tr("Out of memory") : tr("Failed");
    QString message = failed->message.simplified();
    if (message.size() > kNoteChars)
        message = message.left(kNoteChars).trimmed() + QChar(0x2026);
    //: %1 is "Out of memory" or "Failed", %2 the phase identifier, %3 the runtime's own error text
    const QString text = tr("%1 in %2: %3").arg(what, failed->name, message);
    const QFontMetricsF metrics(m_failureNote->font());
    m_failureNote->setText(metrics.elidedText(text, Qt::ElideRight, width));
    m_failureNote->setToolTip(text);
    m_failureNote->setBrush(palette.color(Palette::Role::FailedPhase));
    m_failureNote->setPos(topLeft);
    m_failureNote->show();
    return m_failureNote->boundingRect().height();
}

int PhaseBands::indexAt(const QPointF& pos) const
{
    // The last band drawn is on top; a widened failed band may cover its neighbour's edge.
    for (int i = static_cast<int>(m_bands.size()) - 1; i >= 0; --i) {
        const QGraphicsRectItem* rect = m_bands[static_cast<std::size_t>(i)].rect;
        if (rect->isVisible() && rect->rect().contains(pos))
            return i;
    }
    return -1;
}

QRectF PhaseBands::bandRect(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_bands.size()))
        return {};
    const QGraphicsRectItem* rect = m_bands[static_cast<std::size_t>(index)].rect;
    return rect->isVisible() ? rect->rect() : QRectF();
}

QString PhaseBands::labelText(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_bands.size()))
        return {};
    const QGraphicsSimpleTextItem* label = m_bands[static_cast<std::size_t>(index)].label;
    return label->isVisible() ? label->text() : QString();
}

QString PhaseBands::labelToolTip(int index) const
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_bands.size())
        return {};
    return m_bands[static_cast<std::size_t>(index)].label->toolTip();
}

QRectF PhaseBands::labelRect(int index) const
{
    if (labelText(index).isEmpty())
        return {};
    const QGraphicsSimpleTextItem* label = m_bands[static_cast<std::size_t>(index)].label;
    return label->mapRectToParent(label->boundingRect());
}

QRectF PhaseBands::failureNoteRect() const
{
    return m_failureNote->isVisible() ? m_failureNote->mapRectToParent(m_failureNote->boundingRect()) : QRectF();
}

QString PhaseBands::failureNoteText() const
{
    return m_failureNote->isVisible() ? m_failureNote->text() : QString();
}

} // namespace iteragpu::gui
