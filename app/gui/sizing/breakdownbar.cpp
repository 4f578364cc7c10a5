// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/breakdownbar.h"

#include "app/gui/sizing/bytetext.h"

#include <QPainter>
#include <QPalette>
#include <algorithm>

namespace iteragpu::gui {

namespace {
    constexpr int kBarHeight = 22; // pixels
    constexpr int kMargin = 4; // pixels
    constexpr int kSwatch = 10; // pixels
} // namespace

BreakdownBar::BreakdownBar(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

QColor BreakdownBar::colorFor(const QString& id)
{
    if (id == QLatin1String("weights"))
        return QColor(0x3b, 0x6e, 0xb5);
    if (id == QLatin1String("kv_cache"))
        return QColor(0xe0, 0x8a, 0x2c);
    if (id == QLatin1String("gradients"))
        return QColor(0x4a, 0xa3, 0x5a);
    if (id == QLatin1String("optimizer_states"))
        return QColor(0xb5, 0x4a, 0x4a);
    if (id == QLatin1String("master_weights"))
        return QColor(0x7b, 0x5a, 0xb0);
    if (id == QLatin1String("lora_adapters"))
        return QColor(0x2c, 0xa0, 0xa0);
    if (id == QLatin1String("activations"))
        return QColor(0xc9, 0xb0, 0x2a);
    if (id == QLatin1String("reserve"))
        return QColor(0x9a, 0x9a, 0x9a);
    // Others get a colour derived from their name, stable between runs.
    return QColor::fromHsv(static_cast<int>(qHash(id, 7) % 360), 120, 190);
}

void BreakdownBar::setSegments(const QList<Segment>& segments)
{
    m_segments = segments;
    updateGeometry();
    update();
}

void BreakdownBar::setCapacity(std::optional<quint64> bytes, const QString& label)
{
    m_capacity = bytes;
    m_capacityLabel = label;
    update();
}

quint64 BreakdownBar::totalBytes() const
{
    quint64 total = 0;
    for (const auto& s : m_segments)
        total = units::checkedAdd(total, s.bytes).value_or(std::numeric_limits<quint64>::max());
    return total;
}

int BreakdownBar::legendHeight(int width) const
{
    const QFontMetrics fm = fontMetrics();
    int x = 0;
    int lines = m_segments.isEmpty() ? 0 : 1;
    for (const auto& s : m_segments) {
        const int w = kSwatch + kMargin + fm.horizontalAdvance(s.label) + 3 * kMargin;
        if (x > 0 && x + w > width) {
            ++lines;
            x = 0;
        }
        x += w;
    }
    return lines * (fm.height() + kMargin);
}

int BreakdownBar::heightForWidth(int width) const
{
    return kMargin + kBarHeight + fontMetrics().height() + kMargin + legendHeight(width - 2 * kMargin) + kMargin;
}

QSize BreakdownBar::sizeHint() const { return { 320, heightForWidth(320) }; }

// Before its first layout a widget is 100 pixels wide, and the legend's height at that width would become the
// window's minimum height. The sizing panel is never narrower than 360 pixels, so the bar gets at least 320.
QSize BreakdownBar::minimumSizeHint() const { return { 120, heightForWidth(std::max(320, width())) }; }

void BreakdownBar::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QFontMetrics fm = fontMetrics();
    const QRect bar(kMargin, kMargin, width() - 2 * kMargin, kBarHeight);
    p.setPen(palette().color(QPalette::Mid));
    p.setBrush(palette().color(QPalette::Base));
    p.drawRect(bar.adjusted(0, 0, -1, -1));

    const quint64 total = totalBytes();
    // The scale holds the stack and the capacity marker, whichever is larger.
    const double scale = static_cast<double>(std::max<quint64>({ total, m_capacity.value_or(0), 1 }));
    double x = bar.left();
    for (const auto& s : m_segments) {
        const double w = bar.width() * (static_cast<double>(s.bytes) / scale);
        p.fillRect(QRectF(x, bar.top() + 1, w, bar.height() - 2), s.color);
        x += w;
    }
    int textTop = bar.bottom() + 2;
    if (m_capacity) {
        const double cx = bar.left() + bar.width() * (static_cast<double>(*m_capacity) / scale);
        const bool over = total > *m_capacity;
        p.setPen(QPen(over ? QColor(0xc0, 0x20, 0x20) : palette().color(QPalette::WindowText), 2));
        p.drawLine(QPointF(std::min(cx, bar.right() - 1.0), bar.top() - 2),
            QPointF(std::min(cx, bar.right() - 1.0), bar.bottom() + 2));
        if (!m_capacityLabel.isEmpty()) {
            const QString text = fm.elidedText(m_capacityLabel, Qt::ElideMiddle, bar.width());
            const int tw = fm.horizontalAdvance(text);
            const int tx = std::clamp(static_cast<int>(cx) - tw, bar.left(), bar.right() - tw);
            p.drawText(QRect(tx, textTop, tw + 1, fm.height()), Qt::AlignLeft, text);
        }
    }
    textTop += fm.height() + kMargin;

    int lx = bar.left();
    int ly = textTop;
    p.setPen(palette().color(QPalette::WindowText));
    for (const auto& s : m_segments) {
        const int w = kSwatch + kMargin + fm.horizontalAdvance(s.label) + 3 * kMargin;
        if (lx > bar.left() && lx + w > bar.right()) {
            lx = bar.left();
            ly += fm.height() + kMargin;
        }
        p.fillRect(QRect(lx, ly + (fm.height() - kSwatch) / 2, kSwatch, kSwatch), s.color);
        p.drawText(QRect(lx + kSwatch + kMargin, ly, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, s.label);
        lx += w;
    }
}

} // namespace iteragpu::gui
