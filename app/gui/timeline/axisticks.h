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
};

} // namespace iteragpu::gui
