// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/localenumber.h"

#include "core/units/digitgrouping.h"

#include <cmath>

namespace iteragpu::gui {

namespace {
    unsigned minimumGrouping(const QLocale& locale)
    {
        if (locale.numberOptions() & QLocale::OmitGroupSeparator)
            return 64; // never grouped
        return units::minimumGroupingDigits(locale.name().toStdString());
    }
} // namespace

QString LocaleNumber::integer(qulonglong value, const QLocale& locale)
{
    return QString::fromStdString(
        units::groupDigits(static_cast<std::uint64_t>(value), locale.groupSeparator().toStdString(), minimumGrouping(locale)));
}

QString LocaleNumber::integer(qlonglong value, const QLocale& locale)
{
    return QString::fromStdString(units::groupDigits(static_cast<std::int64_t>(value),
        locale.groupSeparator().toStdString(), minimumGrouping(locale), locale.negativeSign().toStdString()));
}

QString LocaleNumber::fixed(double value, int decimals, const QLocale& locale)
{
    if (!std::isfinite(value) || std::fabs(value) >= 9.0e18)
        return locale.toString(value, 'f', decimals); // outside the integers core groups: as the locale writes it
    // The digits in the C locale, then the integer part grouped and the locale's decimal point.
    const QString c = QString::number(value, 'f', decimals);
    const bool negative = c.startsWith(QLatin1Char('-'));
    const qsizetype point = c.indexOf(QLatin1Char('.'));
    const qsizetype first = negative ? 1 : 0;
    const qulonglong whole = c.mid(first, point < 0 ? -1 : point - first).toULongLong();
    const QString fraction = point < 0 ? QString() : c.mid(point + 1);
    QString out = integer(whole, locale);
    if (negative && (whole != 0 || fraction.toULongLong() != 0)) // "-0.00" is written 0.00
        out.prepend(locale.negativeSign());
    if (point >= 0)
        out += locale.decimalPoint() + fraction;
    return out;
}

} // namespace iteragpu::gui
