// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/bytescale.h"
#include "app/gui/application/localenumber.h"

namespace iteragpu::gui {

ByteScale ByteScale::forTop(std::uint64_t top, units::Unit unit)
{
    const bool binary = unit == units::Unit::GiB;
    const double big = binary ? static_cast<double>(units::kGiB) : static_cast<double>(units::kGB);
    if (static_cast<double>(top) >= big)
        return { big, units::unitSymbol(unit) };
    return { binary ? static_cast<double>(units::kMiB) : 1e6, binary ? "MiB" : "MB" };
}

QString ByteScale::text(std::uint64_t bytes, const QLocale& locale) const
{
    const double v = value(bytes);
    // Two decimals below 10, one below 100, none above: three significant figures at most.
    const int decimals = v < 10.0 ? 2 : v < 100.0 ? 1 : 0;
    return LocaleNumber::fixed(v, decimals, locale) + QLatin1Char(' ') + QLatin1String(symbol);
}

QString ByteScale::readable(std::optional<std::uint64_t> bytes, units::Unit unit, const QLocale& locale)
{
    if (!bytes)
        return QStringLiteral("—");
    return forTop(*bytes, unit).text(*bytes, locale);
}

} // namespace iteragpu::gui
