// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinestore.h"

#include <algorithm>

namespace iteragpu::gui {

TimelineStore::TimelineStore(std::size_t budget)
    : m_decimator(budget)
{
}

void TimelineStore::clear()
{
    m_decimator.clear();
    m_maxAllocated = 0;
    m_maxReserved = 0;
    m_maxDevice = 0;
    m_hasDevice = false;
}

// See Note [Bucketed timeline].
void TimelineStore::add(const TimelineSample& sample)
{
    m_maxAllocated = std::max(m_maxAllocated, sample.allocated);
    m_maxReserved = std::max(m_maxReserved, sample.reserved);
    if (sample.device) {
        m_maxDevice = std::max(m_maxDevice, *sample.device);
        m_hasDevice = true;
    }
    m_decimator.add(sample.seconds, sample.allocated, sample.reserved, sample.device);
}

std::ptrdiff_t TimelineStore::bucketAt(double seconds) const
{
    const std::vector<Bucket>& all = buckets();
    if (all.empty())
        return -1;
    const auto it = std::upper_bound(
        all.begin(), all.end(), seconds, [](double s, const Bucket& b) { return s < b.firstSeconds; });
    if (it == all.begin())
        return 0;
    return std::distance(all.begin(), it) - 1;
}

std::size_t TimelineStore::memoryBytes() const
{
    return sizeof(*this) - sizeof(m_decimator) + m_decimator.memoryBytes();
}

} // namespace iteragpu::gui
