// SPDX-License-Identifier: Apache-2.0
#include "app/gui/why/ownerbar.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/why/signedbytes.h"
#include "app/gui/why/sourcestyle.h"

#include <QEvent>
#include <QPainter>
#include <algorithm>

namespace iteragpu::gui {

namespace {
    constexpr int kMargin = 4; // pixels
    constexpr int kGap = 10; // pixels between legend entries
    constexpr int kSwatch = 12; // pixels
    constexpr int kBarHeight = 22; // pixels
} // namespace

OwnerBar::OwnerBar(QWidget* parent)
    : QWidget(parent)
    , m_palette(palette())
{
    setObjectName(QStringLiteral("ownerBar"));
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void OwnerBar::setSection(const report::LedgerSection& section, units::Unit unit)
{
    m_unit = unit;
    m_parts.clear();
    for (const auto& line : section.parts)
        m_parts.push_back(
            { QString::fromStdString(line.key), messageText(line.label), line.bytes, line.source });
    m_total = section.total.bytes;
    m_title = messageText(section.title);
    m_missing = section.missing ? messageText(*section.missing) : QString();
    if (m_missing.isEmpty() && !m_total)
        m_missing = tr("no allocated reading");
    updateGeometry();
    update();
}

void OwnerBar::clear()
{
    m_parts.clear();
    m_total.reset();
    m_title.clear();
    m_missing.clear();
    updateGeometry();
    update();
}

QColor OwnerBar::colorOf(const Part& part) const
{
    const auto owner = alloc::ownerFromName(part.key.toStdString());
    return owner ? m_palette.ownerColor(*owner) : m_palette.color(Palette::Role::MutedText);
}

QString OwnerBar::legendText(std::size_t index) const
{
    const Part& part = m_parts.at(index);
    if (!part.bytes)
        //: %1 an owner, e.g. "weights"; its reading is missing
        return tr("%1: missing").arg(part.label);
    const QString bytes = SignedBytes::level(*part.bytes, m_unit);
    if (!m_total || *m_total <= 0)
        return part.label + QLatin1Char(' ') + bytes;
    const double share = 100.0 * static_cast<double>(*part.bytes) / static_cast<double>(*m_total);
    //: %1 an owner, e.g. "weights", %2 its bytes with the unit, %3 its share of the peak allocated in percent
    return tr("%1 %2 (%3 %)").arg(part.label, bytes, LocaleNumber::fixed(share, share < 10.0 ? 1 : 0));
}

int OwnerBar::lineHeight() const { return fontMetrics().height() + 4; }

std::vector<QRect> OwnerBar::legendLayout(int width) const
{
    std::vector<QRect> rects;
    int x = kMargin;
    int y = kMargin + lineHeight() + kBarHeight + 6;
    const QFontMetrics fm = fontMetrics();
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        // 2 px beyond the text's advance: elidedText() measures the shaped text, which can be a fraction wider
        // than the rounded advance, and cut "(0.5 %)" to "(0.5 …" although the line has room.
        const int w = std::min(width - 2 * kMargin, kSwatch + 4 + fm.horizontalAdvance(legendText(i)) + 2);
        if (x + w > width - kMargin && x > kMargin) {
            x = kMargin;
            y += lineHeight();
        }
        rects.emplace_back(x, y, w, lineHeight());
        x += w + kGap;
    }
    return rects;
}

bool OwnerBar::hasHeightForWidth() const { return true; }

int OwnerBar::heightForWidth(int width) const
{
    const auto rects = legendLayout(width);
    const int legendBottom = rects.empty() ? kMargin + lineHeight() + kBarHeight + 6 : rects.back().bottom() + 1;
    return legendBottom + kMargin;
}

QSize OwnerBar::sizeHint() const { return { 360, heightForWidth(360) }; }

QSize OwnerBar::minimumSizeHint() const { return { 160, heightForWidth(160) }; }

void OwnerBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateGeometry();
}

void OwnerBar::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        m_palette = Palette(palette());
        update();
    } else if (event->type() == QEvent::FontChange) {
        updateGeometry();
        update();
    }
}

void OwnerBar::paintEvent(QPaintEvent*)
{
    using Role = Palette::Role;
    QPainter p(this);
    p.fillRect(rect(), m_palette.color(Role::PlotBackground));
    const QFontMetrics fm = fontMetrics();
    const int innerW = width() - 2 * kMargin;
    QString title = m_title;
    if (m_total)
        title += QStringLiteral(": ") + SignedBytes::level(*m_total, m_unit);
    QFont bold = p.font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(m_palette.color(Role::Text));
    p.drawText(QRect(kMargin, kMargin, innerW, lineHeight()), Qt::AlignVCenter | Qt::AlignLeft,
        QFontMetrics(bold).elidedText(title, Qt::ElideRight, innerW));
    bold.setBold(false);
    p.setFont(bold);
    const QRectF bar(kMargin, kMargin + lineHeight() + 2, innerW, kBarHeight);
    if (!m_missing.isEmpty() || !m_total || *m_total <= 0) {
        QFont italic = p.font();
        italic.setItalic(true);
        p.setFont(italic);
        p.setPen(m_palette.color(Role::MutedText));
        //: %1 why the split by owner is missing, in words (from the ledger)
        const QString text = tr("missing: %1").arg(m_missing.isEmpty() ? tr("no allocated reading") : m_missing);
        p.drawText(bar, Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(text, Qt::ElideRight, innerW));
        return;
    }
    // The parts side by side, each as wide as its share of the total.
    double x = bar.left();
    for (const Part& part : m_parts) {
        if (!part.bytes || *part.bytes <= 0)
            continue;
        const double w = static_cast<double>(*part.bytes) / static_cast<double>(*m_total) * bar.width();
        SourceStyle::fill(p, QRectF(x, bar.top(), std::max(1.0, w), bar.height()), colorOf(part), part.source);
        x += w;
    }
    const auto rects = legendLayout(width());
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        const QRect& r = rects[i];
        SourceStyle::fill(p, QRectF(r.left(), r.center().y() - kSwatch / 2.0, kSwatch, kSwatch), colorOf(m_parts[i]),
            m_parts[i].source);
        p.setPen(m_palette.color(Role::Text));
        const QRect textRect(r.left() + kSwatch + 4, r.top(), r.width() - kSwatch - 4, r.height());
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
            fm.elidedText(legendText(i), Qt::ElideRight, textRect.width()));
    }
}

} // namespace iteragpu::gui
