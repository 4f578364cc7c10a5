// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/owner.h"

#include <QColor>
#include <QPalette>
#include <array>

namespace iteragpu::gui {

// The workbench's colours by meaning, chosen from a QPalette so a dark palette stays readable: the plot
// background follows the palette's Base, text its Text, and every line or label colour is pushed lighter or
// darker until it has at least the contrast its role needs against that background (WCAG 2 contrast ratio:
// kTextContrast for text, kGraphicContrast for lines and marks). The timeline uses it; other panels may.
class Palette {
public:
    enum class Role {
        PlotBackground, // the chart's background
        Text, // axis labels, titles, legend
        MutedText, // phase labels
        Grid,
        Allocated,
        Reserved,
        Device, // the device-level (driver) reading
        Estimate, // the sizing estimate line
        Prediction, // the predicted peak per phase, a step line over the phase bands
        Capacity, // the device capacity line and its off-scale note
        PeakMarker,
        PhaseBand, // every other phase band (translucent)
        PhaseBandAlternate,
        FailedPhaseBand, // translucent
        FailedPhase, // the failed band's border, its label and the failure note's text
        HighlightBand, // translucent
        HighlightBorder,
        NoteBackground, // the box under a note drawn over the curves (translucent)
        // Who held the allocated bytes (alloc::Owner, in its order): the timeline's owner areas, the Why view's
        // owner bar. Opaque; an area or bar fills with it made translucent (ownerFill).
        OwnerWeights,
        OwnerKvCache,
        OwnerActivation,
        OwnerLogits,
        OwnerWorkspace,
        OwnerOptimizerState,
        OwnerGradient,
        OwnerOther,
    };
    static constexpr int kRoleCount = static_cast<int>(Role::OwnerOther) + 1;
    static constexpr double kTextContrast = 4.5; // WCAG AA, normal text
    static constexpr double kGraphicContrast = 3.0; // WCAG AA, graphical objects

    explicit Palette(const QPalette& base);

    QColor color(Role role) const { return m_colors[static_cast<std::size_t>(role)]; }
    static Role ownerRole(alloc::Owner owner)
    {
        return static_cast<Role>(static_cast<int>(Role::OwnerWeights) + static_cast<int>(owner));
    }
    QColor ownerColor(alloc::Owner owner) const { return color(ownerRole(owner)); }
    // The owner's colour as an area's or a bar's fill: translucent, so a line under it stays visible.
    QColor ownerFill(alloc::Owner owner) const;
    static constexpr int kOwnerFillAlpha = 150;
    bool isDark() const { return m_dark; }

    // WCAG 2 contrast ratio of two opaque colours, 1 (none) to 21 (black on white).
    static double contrastRatio(const QColor& a, const QColor& b);
    // The colour, made lighter (on a dark background) or darker (on a light one) until it reaches the ratio.
    static QColor withContrast(const QColor& color, const QColor& background, double ratio);

private:
    void set(Role role, const QColor& color) { m_colors[static_cast<std::size_t>(role)] = color; }

    std::array<QColor, kRoleCount> m_colors;
    bool m_dark = false;
};

} // namespace iteragpu::gui
