// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/bytetext.h"
#include "app/gui/application/localenumber.h"

namespace iteragpu::gui {

QString ByteText::bytes(quint64 bytes, const QLocale& locale) { return LocaleNumber::integer(bytes, locale); }

QString ByteText::inUnit(quint64 bytes, units::Unit unit, const QLocale& locale, int decimals)
{
    return LocaleNumber::fixed(units::toUnit(bytes, unit), decimals, locale) + QLatin1Char(' ')
        + QLatin1String(units::unitSymbol(unit));
}

QString ByteText::full(quint64 value, const QString& bytesWord, const QLocale& locale)
{
    return bytes(value, locale) + QLatin1Char(' ') + bytesWord + QStringLiteral(" = ")
        + inUnit(value, units::Unit::GB, locale) + QStringLiteral(" = ") + inUnit(value, units::Unit::GiB, locale);
}

QString ByteText::optionalInUnit(std::optional<quint64> value, units::Unit unit, const QLocale& locale)
{
    return value ? inUnit(*value, unit, locale) : QStringLiteral("—");
}

} // namespace iteragpu::gui
