// SPDX-License-Identifier: Apache-2.0
#include "core/units/digitgrouping.h"

namespace iteragpu::units {

unsigned minimumGroupingDigits(std::string_view locale)
{
    // Note [Minimum grouping digits]
    const std::string_view language = locale.substr(0, locale.find_first_of("_-"));
    if (language == "es" || language == "pl")
        return 2;
    if (language == "pt" && (locale == "pt_PT" || locale == "pt-PT"))
        return 2;
    return 1;
}

std::string groupDigits(std::uint64_t value, std::string_view separator, unsigned minimumGrouping)
{
    const std::string digits = std::to_string(value);
    const std::size_t n = digits.size();
    if (n < 3 + static_cast<std::size_t>(minimumGrouping == 0 ? 1 : minimumGrouping))
        return digits;
    std::string out;
    out.reserve(n + (n / 3) * separator.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0 && (n - i) % 3 == 0)
            out += separator;
        out += digits[i];
    }
    return out;
}

std::string groupDigits(
    std::int64_t value, std::string_view separator, unsigned minimumGrouping, std::string_view minusSign)
{
    if (value >= 0)
        return groupDigits(static_cast<std::uint64_t>(value), separator, minimumGrouping);
    // The magnitude of INT64_MIN does not fit int64: negate in unsigned arithmetic.
    const std::uint64_t magnitude = ~static_cast<std::uint64_t>(value) + 1u;
    return std::string(minusSign) + groupDigits(magnitude, separator, minimumGrouping);
}

} // namespace iteragpu::units
