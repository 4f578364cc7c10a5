// SPDX-License-Identifier: Apache-2.0
#include "core/units/units.h"

#include "core/units/digitgrouping.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace iteragpu::units {

std::optional<std::uint64_t> checkedAdd(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t r = 0;
    if (__builtin_add_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

std::optional<std::uint64_t> checkedMul(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

double toGB(std::uint64_t bytes) { return static_cast<double>(bytes) / static_cast<double>(kGB); }

double toGiB(std::uint64_t bytes) { return static_cast<double>(bytes) / static_cast<double>(kGiB); }

double toUnit(std::uint64_t bytes, Unit unit) { return unit == Unit::GB ? toGB(bytes) : toGiB(bytes); }

const char* unitSymbol(Unit unit) { return unit == Unit::GB ? "GB" : "GiB"; }

std::optional<std::uint64_t> fromUnit(double amount, Unit unit)
{
    if (!std::isfinite(amount) || amount < 0.0)
        return std::nullopt;
    // Rounded as an unsigned value: llroundl is signed and turned every amount from 2^63 to 2^64 bytes into
    // exactly 2^63. 2^64 itself is the bound (ldexp is exact; a long double may have only double's precision).
    const long double bytes = std::roundl(static_cast<long double>(amount) * (unit == Unit::GB ? kGB : kGiB));
    if (bytes >= std::ldexp(1.0L, 64))
        return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

std::string format(std::uint64_t bytes, Unit unit, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f %s", decimals, toUnit(bytes, unit), unitSymbol(unit));
    return buf;
}

std::string groupDigits(std::uint64_t bytes) { return groupDigits(bytes, " ", 1); }

} // namespace iteragpu::units
