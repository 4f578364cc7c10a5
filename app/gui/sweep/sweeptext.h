// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"
#include "core/units/units.h"

#include <QCoreApplication>
#include <QString>

namespace iteragpu::gui {

// The Sweep view's sentences about a sweep, in the UI language: a dimension's name, the boundary, the fit and
// the cards' largest values the fit gives (assumed, never observed), and the label of a sweep on the chart.
class SweepText {
    Q_DECLARE_TR_FUNCTIONS(SweepText)
public:
    static QString dimension(sweep::Dimension dimension); // "sequences", "prompt tokens", ...
    // "sim:0 (simulated)", "cuda:0, cuda:1"; the devices the trials ran on.
    static QString label(const sweep::SweepRecord& record);
    // "Boundary: sequences 12 passes, 13 fails (out of memory in prefill)."; while none: what is known so far.
    static QString boundary(const sweep::SweepRecord& record);
    // "Fitted over 5 passing trials: peak allocated = 1.20 GiB + 0.31 GiB × sequences." or empty without a fit.
    static QString fit(const sweep::SweepRecord& record, units::Unit unit);
    // "Assumed from the fit (not measured): NVIDIA H100 80GB: sequences ≤ 210; ..." for up to `cards` cards.
    static QString extrapolation(const sweep::SweepRecord& record, int cards);
    // Each card's line alone: "NVIDIA H100 80GB (79.6 GiB): sequences ≤ 210 (assumed)".
    static QString cardLine(const sweep::CardExtrapolation& card, sweep::Dimension dimension, units::Unit unit);
    // The largest device capacity the trials read, or nullopt.
    static std::optional<std::uint64_t> capacity(const sweep::SweepRecord& record);
};

} // namespace iteragpu::gui
