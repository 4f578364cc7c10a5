// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace iteragpu::cli {

// A count option of `measure` (tokens, sequences, steps): a whole number written in decimal ("4096") or as an
// integral exponent ("1e12", as `estimate` takes "7e9"), rewritten to plain decimal before CLI11 converts it.
// Refused with one line (a usage error): a sign, a fraction, hex or octal prefixes, NaN or infinity, a value of
// 2^64 or more, and 0 unless allowZero. Whether a count is sensible for the run (1e12 prompt tokens) is
// validateConfig's to say, not the parser's.
class CountValidator : public CLI::Validator {
public:
    explicit CountValidator(bool allowZero);
};

} // namespace iteragpu::cli
