// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/timeline/timelinephase.h"
#include "app/gui/timeline/timelinestore.h"
#include "core/units/units.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace iteragpu::gui {

// The timeline's hover text at a time: the time, the phase, and the three counters of the bucket there in bytes
// and in the unit; a missing device-level reading is a dash, never 0.
class TimelineHoverText {
    // The chart's own translation context: these sentences were the chart's and keep their translations.
    Q_DECLARE_TR_FUNCTIONS(iteragpu::gui::TimelineChart)
public:
    // phase: index into phases, or -1 for none.
    static QString describe(const TimelineStore& store, const std::vector<TimelinePhase>& phases, units::Unit unit,
        double seconds, int phase);
    static QString formatBytes(std::optional<std::uint64_t> bytes, units::Unit unit);
};

} // namespace iteragpu::gui
