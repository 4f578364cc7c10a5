// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/units/units.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <cstdint>
#include <optional>

namespace iteragpu::gui {

class TimelineChart;

// A finished result drawn on a timeline, through the chart's public API only: its phases' samples (kept in the
// result, thinned keeping the maxima), one band per phase with its outcome and peaks, the device capacity the run
// had. The window uses it to show an opened result as if it had just been measured; the decision sheet uses it so
// its chart is always the chart of the result it describes.
class ResultTimeline {
    Q_DECLARE_TR_FUNCTIONS(ResultTimeline)
public:
    // Replaces what the chart shows by the result.
    static void load(TimelineChart& chart, const protocol::RunResult& result);
    // The capacity the run measured against: the simulated capacity on sim:N, else the device's total.
    static std::optional<std::uint64_t> capacityOf(const protocol::RunResult& result);
    // "sim:0 · simulated, not a GPU measurement", or the device id.
    static QString deviceLabelOf(const protocol::RunResult& result);
    // The result's chart as a picture, drawn on a chart of its own (the window's chart is left alone).
    static QImage render(const protocol::RunResult& result, std::optional<std::uint64_t> estimateBytes,
        units::Unit unit, QSize size);
};

} // namespace iteragpu::gui
