// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// The one reader of numbers typed by a user (every numeric option of the CLI, and any front end that takes text).
// Only plain decimal is accepted, so what is typed is what is meant:
//   count    digits, optionally as an integral exponent: "4096", "7e9", "1.5e9". No sign, no space, no "0x10",
//            no "0x1p40", no "inf" / "nan", no trailing characters. A value of 2^64 or more is refused, never
//            wrapped or clamped.
//   size     a decimal amount of a unit (GiB, GB, MiB ...): "4", "2.5", ".5", "1e10", "1e-3". Converted to bytes
//            exactly (integer arithmetic on the digits, rounded to the nearest byte), so every byte count up to
//            2^64 - 1 is reachable and anything beyond is refused; no long double, no signed rounding.
//   decimal  a non-negative decimal number for a rate or a factor ("1000", "0.5"), the same grammar as a size.
// Each reader returns nullopt with a one-line reason in error (without the option's name: the caller puts it in
// front, "--batch: ..."), never a 300-digit bound.
namespace iteragpu::units {

struct CountRange {
    std::uint64_t min = 0;
    std::uint64_t max = UINT64_MAX;
};

std::optional<std::uint64_t> parseCount(std::string_view text, std::string& error, CountRange range = {});

// bytesPerUnit: units::kGiB, kGB, kMiB, 1 for plain bytes. allowZero false refuses an amount that rounds to 0.
std::optional<std::uint64_t> parseSize(
    std::string_view text, std::uint64_t bytesPerUnit, const char* unitName, std::string& error, bool allowZero);

// A finite decimal in [min, max]; "1e400" is refused as out of range, not infinity.
std::optional<double> parseDecimal(std::string_view text, std::string& error, double min = 0.0, double max = 1e300);

} // namespace iteragpu::units
