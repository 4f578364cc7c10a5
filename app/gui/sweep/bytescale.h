// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/units.h"

#include <QLocale>
#include <QString>
#include <optional>

namespace iteragpu::gui {

// A readable unit for a sweep's figures: the window's unit (GiB or GB), or its thousandth (MiB or MB) for
// figures below one of it, so a simulated device of 512 MiB does not read as a column of "0.31 GiB". The
// symbols are never translated.
struct ByteScale {
    double bytesPerUnit = 1.0;
    const char* symbol = "GiB";

    // The scale for figures up to top bytes.
    static ByteScale forTop(std::uint64_t top, units::Unit unit);
    double value(std::uint64_t bytes) const { return static_cast<double>(bytes) / bytesPerUnit; }
    // "312.5 MiB", "13.04 GiB" in the locale's number format.
    QString text(std::uint64_t bytes, const QLocale& locale = QLocale()) const;
    // The figure in a scale of its own; a missing reading is an em dash, never 0.
    static QString readable(std::optional<std::uint64_t> bytes, units::Unit unit, const QLocale& locale = QLocale());
};

} // namespace iteragpu::gui
