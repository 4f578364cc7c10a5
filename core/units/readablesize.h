// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/units.h"

#include <cstdint>
#include <string>

namespace iteragpu::units {

// A size in the unit chosen, unless it is below one of that unit: then in the next smaller unit of the same
// family, so a small size reads "32.00 MiB" instead of "0.03 GiB" and "4.19 MB" instead of "0.00 GB". GiB falls
// to MiB and KiB, GB to MB and kB (binary and decimal units are never mixed). 0 stays "0.00 GiB" / "0.00 GB".
// C locale, like format(); the GUI localizes through Qt instead.
std::string formatReadable(std::uint64_t bytes, Unit unit, int decimals = 2);

} // namespace iteragpu::units
