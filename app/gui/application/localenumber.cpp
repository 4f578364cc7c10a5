// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/localenumber.h"

#include "core/units/digitgrouping.h"
#include "core/units/numberparse.h"

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

QString LocaleNumber::toPlain(const QString& text, const QLocale& locale)
{
    QString t = text.trimmed();
    // Spaces of every width, and the underscore, never mean anything but grouping.
    for (const QChar c : { QChar(u' '), QChar(0x00A0), QChar(0x202F), QChar(0x2009), QChar(u'_') })
        t.remove(c);
    const QString group = locale.groupSeparator();
    const QString point = locale.decimalPoint();
    if (!group.isEmpty() && group != point && t.contains(group)) {
        // Only where it groups: 1 to 3 digits, then threes up to the decimal point or the exponent ("1,5" in an
        // English window is not 15; it stays as typed and is refused).
        qsizetype end = t.indexOf(point);
        for (const QChar e : { QChar(u'e'), QChar(u'E') }) {
            const qsizetype at = t.indexOf(e);
            if (at >= 0 && (end < 0 || at < end))
                end = at;
        }
        const QStringList parts = t.left(end < 0 ? t.size() : end).split(group);
        bool grouping = !parts.front().isEmpty() && parts.front().size() <= 3;
        for (qsizetype i = 1; i < parts.size(); ++i)
            grouping = grouping && parts[i].size() == 3;
        if (grouping)
            t = parts.join(QString()) + (end < 0 ? QString() : t.mid(end));
    }
    // More than one decimal point cannot be a decimal: they group ("7.000.000.000" in an English window).
    if (!point.isEmpty() && t.count(point) > 1)
        t.remove(point);
    else if (point != QStringLiteral("."))
        t.replace(point, QStringLiteral("."));
    return t;
}

std::optional<std::uint64_t> LocaleNumber::parseCount(const QString& text, const QLocale& locale, QString* error)
{
    std::string why;
    const auto value = units::parseCount(toPlain(text, locale).toStdString(), why);
    if (!value && error)
        *error = QString::fromStdString(why);
    return value;
}

std::optional<double> LocaleNumber::parseDecimal(const QString& text, const QLocale& locale, QString* error)
{
    std::string why;
    const auto value = units::parseDecimal(toPlain(text, locale).toStdString(), why);
    if (!value && error)
        *error = QString::fromStdString(why);
    return value;
}

} // namespace iteragpu::gui
