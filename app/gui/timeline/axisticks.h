// SPDX-License-Identifier: Apache-2.0
#pragma once

class QValueAxis;

namespace iteragpu::gui {

// Round tick steps for the timeline's axes: 1, 2, 2.5 or 5 times a power of ten, with as many decimals as the
// step needs, anchored at 0 so ticks stay on round values at any zoom.
class AxisTicks {
public:
    // The smallest 1, 2, 2.5, 5 or 10 times a power of ten at or above value (1 for value <= 0).
    static double niceCeil(double value);
    // A step giving about `ticks` intervals over range.
    static double niceStep(double range, int ticks);
    static int decimalsForStep(double step);
    // About five intervals over the axis's current range, labels with the step's decimals.
    static void apply(QValueAxis* axis);
    // Sets the range with the new range's tick step in place first: QValueAxis lays out its ticks as soon as the
    // range changes, so widening 0..0.001 to 0..20 with the old 0.0002 step would make 100 000 tick items (seen
    // as a hang of the window when a run after a small one cleared the chart).
    static void setRange(QValueAxis* axis, double min, double max);
};

} // namespace iteragpu::gui
