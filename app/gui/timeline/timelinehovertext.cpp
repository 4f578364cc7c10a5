// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinehovertext.h"
#include "app/gui/application/localenumber.h"

#include <QLocale>
#include <QStringList>

namespace iteragpu::gui {

QString TimelineHoverText::formatBytes(std::optional<std::uint64_t> bytes, units::Unit unit)
{
    if (!bytes)
        return QStringLiteral("—");
    const QLocale locale;
    //: %1 is a number of bytes with thousands separators, %2 the same amount in the unit, %3 the unit symbol
    return tr("%1 bytes (%2 %3)")
        .arg(LocaleNumber::integer(static_cast<qulonglong>(*bytes), locale), LocaleNumber::fixed(units::toUnit(*bytes, unit), 2, locale),
            QLatin1String(units::unitSymbol(unit)));
}

QString TimelineHoverText::describe(const TimelineStore& store, const std::vector<TimelinePhase>& phases,
    units::Unit unit, double seconds, int phase)
{
    const QLocale locale;
    const std::ptrdiff_t index = store.bucketAt(seconds);
    QStringList lines;
    //: %1 is the time since the run started, in seconds
    lines << tr("Time: %1 s").arg(LocaleNumber::fixed(seconds, 3, locale));
    //: %1 is a phase identifier such as cold_forward
    lines << tr("Phase: %1").arg(phase >= 0 ? phases[static_cast<std::size_t>(phase)].name : tr("none"));
    if (index < 0) {
        lines << tr("No samples yet");
        return lines.join(QLatin1Char('\n'));
    }
    const TimelineStore::Bucket& b = store.buckets()[static_cast<std::size_t>(index)];
    //: %1 is an amount such as "1 073 741 824 bytes (1,00 GiB)"
    lines << tr("Allocated: %1").arg(formatBytes(b.allocated, unit));
    //: %1 is an amount such as "1 073 741 824 bytes (1,00 GiB)"
    lines << tr("Reserved: %1").arg(formatBytes(b.reserved, unit));
    //: %1 is an amount, or a dash when the backend has no device-level reading
    lines << tr("Device-level: %1").arg(b.hasDevice ? formatBytes(b.device, unit) : QStringLiteral("—"));
    if (b.count > 1)
        //: %n number of samples merged into this point of the chart
        lines << tr("Highest of %n samples", nullptr, static_cast<int>(b.count));
    return lines.join(QLatin1Char('\n'));
}

} // namespace iteragpu::gui
