// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/units.h"

#include <cstdint>

namespace iteragpu::sizing {

// A safety reserve (CUDA context, fragmentation, other processes) as the user typed it: the value and unit are
// kept so the UI shows it back in that unit ("4 GiB" stays "4 GiB"), and the exact bytes are computed once.
struct Reserve {
    double typedValue = 0.0;
    units::Unit unit = units::Unit::GiB;
    std::uint64_t bytes = 0;

    // Throws SizingError for a negative, NaN, infinite or too large value. Zero is allowed (no reserve).
    static Reserve typed(double value, units::Unit unit);
    static Reserve none() { return {}; }
};

} // namespace iteragpu::sizing
