// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace iteragpu::units {

// Note [Minimum grouping digits]: CLDR groups the digits of a number in threes, but a language may ask for a
// minimum count of digits in the leading group before any grouping happens at all: Spanish (es) has 2, so 4294
// stays whole and 12.345, 4.294.967.296 are grouped (CLDR's numbers.json, "minimumGroupingDigits"). Qt 6.4 reads
// the value but applies it to every group, which writes "4294.967.296"; the window formats integers through
// this helper instead. Once grouping applies, every group of three is separated.

// The minimum grouping digits of a language ("es", "es_ES", "de_DE"; the part before '_' is the language):
// 2 for Spanish, Polish and European Portuguese, as in CLDR 42; 1 for every other language.
unsigned minimumGroupingDigits(std::string_view locale);

// The digits of value with separator between groups of three, unless the number has fewer than
// 3 + minimumGrouping digits ("4294" with 2, "4,294" with 1). separator may be several bytes (U+202F in UTF-8).
std::string groupDigits(std::uint64_t value, std::string_view separator, unsigned minimumGrouping);

// The same for a signed value, its minus sign first (minusSign as the locale writes it, e.g. "-" or U+2212).
std::string groupDigits(std::int64_t value, std::string_view separator, unsigned minimumGrouping,
    std::string_view minusSign);

} // namespace iteragpu::units
