// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/reserve.h"

#include "core/sizing/sizingerror.h"

#include <cmath>

namespace iteragpu::sizing {

Reserve Reserve::typed(double value, units::Unit unit)
{
    if (std::isnan(value))
        throw SizingError("the reserve is not a number");
    if (value < 0.0)
        throw SizingError("the reserve cannot be negative");
    const auto bytes = units::fromUnit(value, unit);
    if (!bytes)
        throw SizingError("the reserve is too large: it does not fit in 64 bits");
    return Reserve { value, unit, *bytes };
}

} // namespace iteragpu::sizing
