// SPDX-License-Identifier: Apache-2.0
#include "core/units/readablesize.h"

#include <cstdio>

namespace iteragpu::units {

std::string formatReadable(std::uint64_t bytes, Unit unit, int decimals)
{
    const bool binary = unit == Unit::GiB;
    const std::uint64_t giga = binary ? kGiB : kGB;
    const std::uint64_t mega = binary ? kMiB : 1'000'000ULL;
    const std::uint64_t kilo = binary ? kKiB : 1'000ULL;
    if (bytes == 0 || bytes >= giga)
        return format(bytes, unit, decimals);
    const bool inMega = bytes >= mega;
    const double value = static_cast<double>(bytes) / static_cast<double>(inMega ? mega : kilo);
    const char* symbol = inMega ? (binary ? "MiB" : "MB") : (binary ? "KiB" : "kB");
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f %s", decimals, value, symbol);
    return buf;
}

} // namespace iteragpu::units
