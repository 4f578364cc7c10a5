// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLocale>
#include <QString>

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
};

} // namespace iteragpu::gui
