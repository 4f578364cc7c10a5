// SPDX-License-Identifier: Apache-2.0
#include "app/gui/why/signedbytes.h"

#include "app/gui/sizing/bytetext.h"

namespace iteragpu::gui {

namespace {
    quint64 magnitude(std::int64_t bytes)
    {
        return bytes < 0 ? 0ULL - static_cast<quint64>(bytes) : static_cast<quint64>(bytes);
    }
} // namespace

QString SignedBytes::text(std::int64_t bytes, units::Unit unit, const QLocale& locale)
{
    const QString amount = ByteText::inUnit(magnitude(bytes), unit, locale);
    if (bytes < 0)
        return QStringLiteral("−") + amount;
    return bytes > 0 ? QStringLiteral("+") + amount : amount;
}

QString SignedBytes::level(std::int64_t bytes, units::Unit unit, const QLocale& locale)
{
    const QString amount = ByteText::inUnit(magnitude(bytes), unit, locale);
    return bytes < 0 ? QStringLiteral("−") + amount : amount;
}

} // namespace iteragpu::gui
