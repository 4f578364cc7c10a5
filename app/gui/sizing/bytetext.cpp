// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/bytetext.h"

namespace iteragpu::gui {

QString ByteText::bytes(quint64 bytes, const QLocale& locale) { return locale.toString(bytes); }

QString ByteText::inUnit(quint64 bytes, units::Unit unit, const QLocale& locale, int decimals)
{
    return locale.toString(units::toUnit(bytes, unit), 'f', decimals) + QLatin1Char(' ')
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
