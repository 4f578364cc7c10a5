// SPDX-License-Identifier: Apache-2.0
#include "app/gui/style/palette.h"

#include <algorithm>
#include <cmath>

namespace iteragpu::gui {

namespace {

    double channel(double c)
    {
        return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    }

    double luminance(const QColor& c)
    {
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
    }

    QColor translucent(QColor c, int alpha)
    {
        c.setAlpha(alpha);
        return c;
    }

    // The same hues on a light and on a dark background (matplotlib's tab10 and lighter tints of it).
    struct Hue {
        QColor light;
        QColor dark;
    };

} // namespace

double Palette::contrastRatio(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor Palette::withContrast(const QColor& color, const QColor& background, double ratio)
{
    const bool darkBackground = luminance(background) < 0.18;
    QColor c = color.toHsl();
    for (int step = 0; step < 40 && contrastRatio(c, background) < ratio; ++step) {
        const int l = c.lightness();
        c.setHsl(c.hslHue(), c.hslSaturation(), std::clamp(l + (darkBackground ? 8 : -8), 0, 255));
    }
    return c.toRgb();
}


Palette::Palette(const QPalette& base)
{
    const QColor background = base.color(QPalette::Active, QPalette::Base);
    m_dark = luminance(background) < 0.18;
    const auto pick = [this, &background](const Hue& hue, double ratio) {
        return withContrast(m_dark ? hue.dark : hue.light, background, ratio);
    };
    set(Role::PlotBackground, background);
    set(Role::Text, withContrast(base.color(QPalette::Active, QPalette::Text), background, kTextContrast));
    set(Role::MutedText, pick({ QColor(60, 60, 60), QColor(200, 200, 200) }, kTextContrast));
    QColor grid = m_dark ? background.lighter(190) : background.darker(115);
    if (m_dark && background.value() < 20)
        grid = QColor(70, 70, 70);
    set(Role::Grid, grid);
    set(Role::Allocated, pick({ QColor(31, 119, 180), QColor(93, 173, 226) }, kGraphicContrast));
    set(Role::Reserved, pick({ QColor(230, 126, 34), QColor(245, 162, 93) }, kGraphicContrast));
    set(Role::Device, pick({ QColor(44, 160, 44), QColor(88, 214, 141) }, kGraphicContrast));
    set(Role::Estimate, pick({ QColor(128, 60, 170), QColor(195, 155, 211) }, kGraphicContrast));
    set(Role::Prediction, pick({ QColor(0, 128, 128), QColor(72, 209, 204) }, kGraphicContrast));
    set(Role::Capacity, pick({ QColor(160, 0, 0), QColor(255, 107, 107) }, kTextContrast)); // its note is text
    set(Role::PeakMarker, pick({ QColor(200, 30, 30), QColor(255, 120, 120) }, kGraphicContrast));
    set(Role::PhaseBand, m_dark ? QColor(120, 170, 220, 40) : QColor(70, 130, 180, 30));
    set(Role::PhaseBandAlternate, m_dark ? QColor(200, 200, 200, 22) : QColor(120, 120, 120, 22));
    set(Role::FailedPhaseBand, m_dark ? QColor(255, 80, 80, 70) : QColor(220, 30, 30, 60));
    set(Role::FailedPhase, pick({ QColor(180, 0, 0), QColor(255, 130, 130) }, kTextContrast));
    set(Role::HighlightBand, QColor(255, 196, 0, m_dark ? 60 : 80));
    set(Role::HighlightBorder, pick({ QColor(200, 140, 0), QColor(255, 200, 60) }, kGraphicContrast));
    set(Role::NoteBackground, translucent(background, 225));
    // Hues apart from the counters' lines (blue, orange, green) and the level lines (purple, teal, red).
    set(Role::OwnerWeights, pick({ QColor(90, 98, 168), QColor(150, 160, 235) }, kGraphicContrast));
    set(Role::OwnerKvCache, pick({ QColor(23, 160, 180), QColor(90, 215, 230) }, kGraphicContrast));
    set(Role::OwnerActivation, pick({ QColor(210, 90, 170), QColor(240, 150, 210) }, kGraphicContrast));
    set(Role::OwnerLogits, pick({ QColor(150, 150, 20), QColor(215, 215, 90) }, kGraphicContrast));
    set(Role::OwnerWorkspace, pick({ QColor(140, 86, 75), QColor(205, 150, 135) }, kGraphicContrast));
    set(Role::OwnerOptimizerState, pick({ QColor(200, 100, 90), QColor(255, 160, 150) }, kGraphicContrast));
    set(Role::OwnerGradient, pick({ QColor(130, 100, 190), QColor(200, 180, 240) }, kGraphicContrast));
    set(Role::OwnerOther, pick({ QColor(120, 120, 120), QColor(170, 170, 170) }, kGraphicContrast));
}

QColor Palette::ownerFill(alloc::Owner owner) const { return translucent(ownerColor(owner), kOwnerFillAlpha); }

} // namespace iteragpu::gui
