// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "core/report/ledger.h"

#include <QColor>
#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::gui {

// One row of the Why view's waterfall (WaterfallChart): a level, a bar from 0 (the estimate, the peak allocated,
// reserved at the peak moment, the device-level reading), or a step between two levels, a floating bar from the
// level before to the next one. Bytes are signed: a step may go down. nullopt: a reading it needs is missing, and
// `missing` says which (the row then draws no bar and no number, never 0).
struct WaterfallRow {
    enum class Kind { Level, Step };
    enum class Key { Estimate, ToAllocated, PeakAllocated, Allocator, Reserved, AfterPeak, Outside, Device };

    // A level's parts, left to right: the estimate's parts or the owners at the peak moment.
    struct Segment {
        QString label;
        std::int64_t bytes = 0;
        QColor color;
        report::LedgerSource source = report::LedgerSource::Observed;
    };

    Kind kind = Kind::Level;
    Key key = Key::Estimate;
    QString label; // in the UI language
    std::optional<std::int64_t> from; // bytes: 0 for a level
    std::optional<std::int64_t> to;
    report::LedgerSource source = report::LedgerSource::Observed;
    Palette::Role role = Palette::Role::Allocated; // the timeline's colour of what the row measures
    QString cause; // steps: the cause and its largest parts, in words
    QString missing; // why from/to are missing, in words; empty when they are there
    std::vector<Segment> segments;
    // Levels after the estimate: the estimate of the same level (computed), drawn as a dashed outline.
    std::optional<std::int64_t> estimateOutline;

    std::optional<std::int64_t> delta() const
    {
        return from && to ? std::optional<std::int64_t>(*to - *from) : std::nullopt;
    }
};

} // namespace iteragpu::gui
