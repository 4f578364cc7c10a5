// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLocale>
#include <QString>

#include <cstdint>
#include <optional>

namespace iteragpu::gui {

// The window's one way to write a number in the user's language: the locale's group separator, decimal point
// and minus sign, grouped as CLDR says through core's units::groupDigits (Note [Minimum grouping digits]: in
// Spanish 4294 and 4.294.967.296, where QLocale in Qt 6.4 writes 4294.967.296).
class LocaleNumber {
public:
    static QString integer(qulonglong value, const QLocale& locale = QLocale());
    static QString integer(qlonglong value, const QLocale& locale = QLocale());
    static QString integer(int value, const QLocale& locale = QLocale()) { return integer(qlonglong(value), locale); }
    static QString integer(unsigned value, const QLocale& locale = QLocale())
    {
        return integer(qulonglong(value), locale);
    }
    static QString integer(long value, const QLocale& locale = QLocale()) { return integer(qlonglong(value), locale); }
    static QString integer(unsigned long value, const QLocale& locale = QLocale())
    {
        return integer(qulonglong(value), locale);
    }
    // A fixed-point number with `decimals` digits after the locale's decimal point ("1.234,50" in German).
    static QString fixed(double value, int decimals, const QLocale& locale = QLocale());

    // Note [One reader of typed numbers]: the window reads what is typed through core's units::parseCount and
    // units::parseDecimal (the CLI's reader: plain decimal, "7e9", no sign, no wrap), after taking off the
    // language's writing: its group separator and spaces ("1.024" in German, "7 000 000 000"), its decimal point
    // for core's "." ("1,5" in German), and dots that can only be grouping ("7.000.000.000" typed in German and
    // read after a switch to English). The reason of a refusal is core's, in `error` when given.
    static std::optional<std::uint64_t> parseCount(
        const QString& text, const QLocale& locale = QLocale(), QString* error = nullptr);
    static std::optional<double> parseDecimal(
        const QString& text, const QLocale& locale = QLocale(), QString* error = nullptr);
    // The typed text in core's grammar (exposed for the tests).
    static QString toPlain(const QString& text, const QLocale& locale);
};

} // namespace iteragpu::gui
