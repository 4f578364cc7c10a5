// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>

// Bytes inside, one conversion at the edge: every size in the project is a 64-bit byte count; GB (10^9) and
// GiB (2^30) appear only when a value is shown, each labelled.
namespace iteragpu::units {

inline constexpr std::uint64_t kKiB = 1024ULL; // bytes
inline constexpr std::uint64_t kMiB = 1024ULL * kKiB; // bytes
inline constexpr std::uint64_t kGiB = 1024ULL * kMiB; // bytes
inline constexpr std::uint64_t kGB = 1'000'000'000ULL; // bytes

enum class Unit { GB, GiB };

// Overflow is checked, never wrapped: these return nullopt when the result does not fit in 64 bits.
std::optional<std::uint64_t> checkedAdd(std::uint64_t a, std::uint64_t b);
std::optional<std::uint64_t> checkedMul(std::uint64_t a, std::uint64_t b);

double toGB(std::uint64_t bytes);
double toGiB(std::uint64_t bytes);
double toUnit(std::uint64_t bytes, Unit unit);
const char* unitSymbol(Unit unit);

// Converts a user-typed amount in GB or GiB to bytes; nullopt for negative, NaN, infinite or too large values.
std::optional<std::uint64_t> fromUnit(double amount, Unit unit);

// "13.04 GiB" with a '.' decimal point (C locale); the GUI localizes through Qt instead.
std::string format(std::uint64_t bytes, Unit unit, int decimals = 2);
// "14 000 000 000": the raw byte count with thin groups, for text reports.
std::string groupDigits(std::uint64_t bytes);

} // namespace iteragpu::units
