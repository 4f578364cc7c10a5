// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/report/ledger.h"

#include <cstdint>
#include <optional>
#include <string>

// The ledger as a plain-text table for the terminal (english(): `iteragpu measure` and `iteragpu explain` print
// the same text for the same result).
namespace iteragpu::report {

// "-1 048 576 B (-0.00 GiB)"; with showPlus "+4 096 B (+0.00 GiB)" for positive values (differences); "n/a".
std::string signedBytesText(const std::optional<std::int64_t>& bytes, bool showPlus = false);

// A heading, then each section: its title, its parts (bytes, source, cause), "= total", its asides, and the
// missing reading in words where there is one. Lines are within 120 columns for labels of up to 58 characters
// (notes are wrapped).
std::string ledgerTable(const PhaseLedger& ledger);

} // namespace iteragpu::report
