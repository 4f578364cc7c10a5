// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/units.h"

#include <cstdint>

namespace iteragpu::sizing {

// The reserve assumed when the user types none, the same in the CLI (estimate without --reserve-gib/-gb) and the
// workbench's reserve box: room for the CUDA context, the allocator's fragmentation and other processes (the
// seeds' example).
inline constexpr double kDefaultReserveGiB = 4.0;

// A safety reserve (CUDA context, fragmentation, other processes) as the user typed it: the value and unit are
// kept so the UI shows it back in that unit ("4 GiB" stays "4 GiB"), and the exact bytes are computed once.
struct Reserve {
    double typedValue = 0.0;
    units::Unit unit = units::Unit::GiB;
    std::uint64_t bytes = 0;
    bool defaulted = false; // kDefaultReserveGiB because none was typed (the CLI without --reserve-gib/-gb)

    // Throws SizingError for a negative, NaN, infinite or too large value. Zero is allowed (no reserve).
    static Reserve typed(double value, units::Unit unit);
    // The bytes already computed from the typed text (units::parseSize); typedValue is kept for display.
    static Reserve exact(double typedValue, units::Unit unit, std::uint64_t bytes) { return { typedValue, unit, bytes }; }
    static Reserve none() { return {}; }
};

} // namespace iteragpu::sizing
