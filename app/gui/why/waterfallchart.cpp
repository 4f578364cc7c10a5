// SPDX-License-Identifier: Apache-2.0
#include "app/gui/why/waterfallchart.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/why/signedbytes.h"
#include "app/gui/why/sourcestyle.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QStringList>
#include <algorithm>
#include <cstdlib>
#include <iterator>

namespace iteragpu::gui {

namespace {
    constexpr int kMargin = 4; // pixels around the picture
    constexpr int kGap = 6; // pixels between a label, a bar and its text
    constexpr int kMinBarArea = 80; // pixels the bars keep, however long the labels
    constexpr int kSwatchWidth = 18; // pixels
    constexpr report::LedgerSource kSources[]
        = { report::LedgerSource::Observed, report::LedgerSource::Computed, report::LedgerSource::Assumed };
} // namespace

WaterfallChart::WaterfallChart(QWidget* parent)
    : QWidget(parent)
    , m_palette(palette())
{
    setObjectName(QStringLiteral("waterfallChart"));
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void WaterfallChart::setRows(std::vector<WaterfallRow> rows, units::Unit unit)
{
    m_rows = std::move(rows);
    m_unit = unit;
    updateGeometry();
    update();
}

int WaterfallChart::rowHeight() const { return fontMetrics().height() + 5; }

int WaterfallChart::labelWidth() const
{
    // Levels are drawn bold: measured so, with a little slack for the elision's rounding.
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm(bold);
    int width = 0;
    for (const WaterfallRow& row : m_rows)
        width = std::max(width, fm.horizontalAdvance(row.label) + 2);
    return width;
}

QStringList WaterfallChart::legendTexts() const
{
    QStringList texts;
    for (const auto source : kSources)
        texts << messageText(report::ledgerSourceLabel(source));
    texts << tr("estimate of the level");
    return texts;
}

int WaterfallChart::legendLines(int width) const
{
    int lines = 1;
    int x = kMargin;
    for (const QString& text : legendTexts()) {
        const int w = kSwatchWidth + 4 + fontMetrics().horizontalAdvance(text);
        if (x + w > width - kMargin && x > kMargin) {
            ++lines;
            x = kMargin;
        }
        x += w + 2 * kGap;
    }
    return lines;
}

bool WaterfallChart::hasHeightForWidth() const { return true; }

int WaterfallChart::heightForWidth(int width) const
{
    return 2 * kMargin + (static_cast<int>(m_rows.size()) + legendLines(width)) * rowHeight();
}

QSize WaterfallChart::sizeHint() const
{
    const int width = labelWidth() + 360;
    return { width, heightForWidth(width) };
}

void WaterfallChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateGeometry(); // the legend may wrap at another width
}

QSize WaterfallChart::minimumSizeHint() const { return { 200, heightForWidth(200) }; }

QString WaterfallChart::valueText(std::size_t index) const
{
    const WaterfallRow& row = m_rows.at(index);
    if (!row.from || !row.to)
        //: %1 why a figure of the waterfall is missing, in words (from the ledger)
        return tr("missing: %1").arg(row.missing);
    if (row.kind == WaterfallRow::Kind::Step)
        return SignedBytes::text(*row.to - *row.from, m_unit);
    return SignedBytes::level(*row.to, m_unit);
}

QString WaterfallChart::toolTipText(std::size_t index) const
{
    const WaterfallRow& row = m_rows.at(index);
    QStringList lines { row.label + QStringLiteral(": ") + valueText(index) };
    //: %1 computed, observed or assumed (the ledger's source of a figure)
    lines << tr("Source: %1").arg(messageText(report::ledgerSourceLabel(row.source)));
    if (!row.cause.isEmpty())
        lines << row.cause;
    for (const auto& segment : row.segments)
        lines << QStringLiteral("  ") + segment.label + QStringLiteral(": ") + SignedBytes::level(segment.bytes, m_unit);
    if (row.estimateOutline)
        //: %1 the estimate of the same level with its unit, e.g. "14.20 GiB"
        lines << tr("Estimate of this level: %1").arg(SignedBytes::level(*row.estimateOutline, m_unit));
    return lines.join(QLatin1Char('\n'));
}

int WaterfallChart::rowAt(int y) const
{
    const int index = (y - kMargin) / rowHeight();
    return y >= kMargin && index < static_cast<int>(m_rows.size()) ? index : -1;
}

bool WaterfallChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int row = rowAt(help->pos().y());
        if (row >= 0)
            QToolTip::showText(help->globalPos(), toolTipText(static_cast<std::size_t>(row)), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void WaterfallChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        m_palette = Palette(palette());
        update();
    } else if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange) {
        updateGeometry();
        update();
    }
}

void WaterfallChart::paintEvent(QPaintEvent*)
{
    using Role = Palette::Role;
    QPainter p(this);
    p.fillRect(rect(), m_palette.color(Role::PlotBackground));
    const QFontMetrics fm = fontMetrics();
    const int rowH = rowHeight();
    const int labelW = std::min(labelWidth(), std::max(60, width() - 2 * kMargin - kMinBarArea - 2 * kGap));

    // Scale: the largest figure of any bar or outline, and room on the right for the widest value text.
    std::int64_t top = 1;
    int valueW = 0;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const WaterfallRow& row = m_rows[i];
        for (const auto& v : { row.from, row.to, row.estimateOutline })
            if (v)
                top = std::max<std::int64_t>(top, std::llabs(*v));
        if (row.from && row.to)
            valueW = std::max(valueW, fm.horizontalAdvance(valueText(i)));
    }
    const int barLeft = kMargin + labelW + kGap;
    const int barWidth = std::max(kMinBarArea, width() - barLeft - kMargin - kGap - valueW);
    const auto xOf = [&](std::int64_t bytes) {
        return barLeft + static_cast<double>(std::max<std::int64_t>(0, bytes)) / static_cast<double>(top) * barWidth;
    };

    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const WaterfallRow& row = m_rows[i];
        const int y = kMargin + static_cast<int>(i) * rowH;
        const QRect labelRect(kMargin, y, labelW, rowH);
        p.setPen(m_palette.color(row.kind == WaterfallRow::Kind::Level ? Role::Text : Role::MutedText));
        QFont font = p.font();
        font.setBold(row.kind == WaterfallRow::Kind::Level);
        p.setFont(font);
        p.drawText(labelRect, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(row.label, Qt::ElideRight, labelW));
        font.setBold(false);
        p.setFont(font);

        const QColor color = m_palette.color(row.role);
        if (!row.from || !row.to) {
            font.setItalic(true);
            p.setFont(font);
            p.setPen(m_palette.color(Role::MutedText));
            const int w = width() - barLeft - kMargin;
            p.drawText(QRect(barLeft, y, w, rowH), Qt::AlignVCenter | Qt::AlignLeft,
                fm.elidedText(valueText(i), Qt::ElideRight, w));
            font.setItalic(false);
            p.setFont(font);
            continue;
        }
        const double x0 = xOf(std::min(*row.from, *row.to));
        const double x1 = xOf(std::max(*row.from, *row.to));
        const QRectF bar(x0, y + 3, std::max(1.0, x1 - x0), rowH - 6);
        if (row.segments.empty()) {
            SourceStyle::fill(p, bar, color, row.source);
        } else {
            // The parts side by side from 0; whatever they leave of the bar is drawn in the row's own colour.
            double x = barLeft;
            for (const auto& segment : row.segments) {
                const double w = static_cast<double>(std::max<std::int64_t>(0, segment.bytes)) / top * barWidth;
                SourceStyle::fill(p, QRectF(x, bar.top(), std::max(1.0, w), bar.height()), segment.color, segment.source);
                x += w;
            }
            if (x < bar.right() - 0.5)
                SourceStyle::fill(p, QRectF(x, bar.top(), bar.right() - x, bar.height()), color, row.source);
        }
        if (row.kind == WaterfallRow::Kind::Step) {
            // A thin connector from the level before, so the eye follows the flow down the rows.
            QPen connector(m_palette.color(Role::Grid));
            connector.setStyle(Qt::DotLine);
            p.setPen(connector);
            p.drawLine(QPointF(xOf(*row.from), y), QPointF(xOf(*row.from), y + 3));
        }
        if (row.estimateOutline) {
            QPen dashed(m_palette.color(Role::Estimate));
            dashed.setStyle(Qt::DashLine);
            dashed.setWidthF(1.5);
            p.setPen(dashed);
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(barLeft, y + 1.5, std::max(1.0, xOf(*row.estimateOutline) - barLeft), rowH - 3));
        }
        // Its bytes after the bar, then a step's cause in what room is left (whole in the tooltip).
        const QString value = valueText(i);
        const int textX = static_cast<int>(x1) + kGap;
        p.setPen(m_palette.color(Role::Text));
        p.drawText(QRect(textX, y, fm.horizontalAdvance(value) + 1, rowH), Qt::AlignVCenter | Qt::AlignLeft, value);
        const int causeX = textX + fm.horizontalAdvance(value) + kGap;
        const int causeW = width() - kMargin - causeX;
        if (!row.cause.isEmpty() && causeW > fm.horizontalAdvance(QStringLiteral("M…"))) {
            p.setPen(m_palette.color(Role::MutedText));
            p.drawText(QRect(causeX, y, causeW, rowH), Qt::AlignVCenter | Qt::AlignLeft,
                fm.elidedText(row.cause, Qt::ElideRight, causeW));
        }
    }

    // The legend: what solid, hatched, dotted and the dashed outline mean; it wraps (heightForWidth).
    int y = kMargin + static_cast<int>(m_rows.size()) * rowH;
    int x = kMargin;
    const QColor neutral = m_palette.color(Role::MutedText);
    const QStringList texts = legendTexts();
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const int w = kSwatchWidth + 4 + fm.horizontalAdvance(texts[i]);
        if (x + w > width() - kMargin && x > kMargin) {
            x = kMargin;
            y += rowH;
        }
        const QRectF swatch(x, y + 4, kSwatchWidth, rowH - 8);
        if (i < static_cast<qsizetype>(std::size(kSources))) {
            SourceStyle::fill(p, swatch, neutral, kSources[i]);
        } else {
            QPen dashed(m_palette.color(Role::Estimate));
            dashed.setStyle(Qt::DashLine);
            dashed.setWidthF(1.5);
            p.setPen(dashed);
            p.setBrush(Qt::NoBrush);
            p.drawRect(swatch);
        }
        p.setPen(m_palette.color(Role::Text));
        p.drawText(QRect(x + kSwatchWidth + 4, y, w, rowH), Qt::AlignVCenter | Qt::AlignLeft, texts[i]);
        x += w + 2 * kGap;
    }
}

} // namespace iteragpu::gui
