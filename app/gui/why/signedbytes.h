// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/units.h"

#include <QLocale>
#include <QString>
#include <cstdint>

namespace iteragpu::gui {

// A signed byte count in the unit through ByteText ("+3.10 GiB", "−0.20 GiB", "0.00 GiB"): the ledger's steps and
// differences, which may be negative.
class SignedBytes {
public:
    static QString text(std::int64_t bytes, units::Unit unit, const QLocale& locale = QLocale());
    // Without the plus sign for a positive count: a level's bytes.
    static QString level(std::int64_t bytes, units::Unit unit, const QLocale& locale = QLocale());
};

} // namespace iteragpu::gui
