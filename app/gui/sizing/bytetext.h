// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/units.h"

#include <QLocale>
#include <QString>
#include <optional>

namespace iteragpu::gui {

// Bytes inside, one conversion at the edge: the GUI's only place where a byte count becomes text. Numbers follow
// the given locale (13.04 GiB in English, 13,04 GiB in German, Spanish, Vietnamese); the unit symbols GB and GiB
// are never translated.
class ByteText {
public:
    // "14,000,000,000" (en) / "14.000.000.000" (de): the exact count with the locale's group separators.
    static QString bytes(quint64 bytes, const QLocale& locale = QLocale());
    // "13.04 GiB" with the locale's decimal point.
    static QString inUnit(quint64 bytes, units::Unit unit, const QLocale& locale = QLocale(), int decimals = 2);
    // "14,000,000,000 bytes = 14.00 GB = 13.04 GiB"; "bytes" is passed already translated.
    static QString full(quint64 bytes, const QString& bytesWord, const QLocale& locale = QLocale());
    // A missing reading shown as a dash, never as 0.
    static QString optionalInUnit(std::optional<quint64> bytes, units::Unit unit, const QLocale& locale = QLocale());
};

} // namespace iteragpu::gui
