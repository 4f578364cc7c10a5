// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinestore.h"

#include <algorithm>

namespace iteragpu::gui {

TimelineStore::TimelineStore(std::size_t budget)
    : m_budget(std::max<std::size_t>(2, budget + (budget % 2)))
{
    m_buckets.reserve(m_budget);
}

void TimelineStore::clear()
{
    m_buckets.clear();
    m_samplesPerBucket = 1;
    m_sampleCount = 0;
    m_maxAllocated = 0;
    m_maxReserved = 0;
    m_maxDevice = 0;
    m_hasDevice = false;
}

// See Note [Bucketed timeline].
void TimelineStore::add(const TimelineSample& sample)
{
    ++m_sampleCount;
    m_maxAllocated = std::max(m_maxAllocated, sample.allocated);
    m_maxReserved = std::max(m_maxReserved, sample.reserved);
    if (sample.device) {
        m_maxDevice = std::max(m_maxDevice, *sample.device);
        m_hasDevice = true;
    }

    if (!m_buckets.empty() && m_buckets.back().count < m_samplesPerBucket) {
        Bucket& b = m_buckets.back();
        b.lastSeconds = sample.seconds;
        b.allocated = std::max(b.allocated, sample.allocated);
        b.reserved = std::max(b.reserved, sample.reserved);
        if (sample.device) {
            b.device = b.hasDevice ? std::max(b.device, *sample.device) : *sample.device;
            b.hasDevice = true;
        }
        ++b.count;
        return;
    }
    if (m_buckets.size() == m_budget)
        mergePairs();
    Bucket b;
    b.firstSeconds = sample.seconds;
    b.lastSeconds = sample.seconds;
    b.allocated = sample.allocated;
    b.reserved = sample.reserved;
    b.device = sample.device.value_or(0);
    b.hasDevice = sample.device.has_value();
    b.count = 1;
    m_buckets.push_back(b);
}

void TimelineStore::mergePairs()
{
    // The budget is even and the store is full here, so every bucket has a partner.
    const std::size_t half = m_buckets.size() / 2;
    for (std::size_t i = 0; i < half; ++i) {
        const Bucket& a = m_buckets[2 * i];
        const Bucket& b = m_buckets[2 * i + 1];
        Bucket merged;
        merged.firstSeconds = a.firstSeconds;
        merged.lastSeconds = b.lastSeconds;
        merged.allocated = std::max(a.allocated, b.allocated);
        merged.reserved = std::max(a.reserved, b.reserved);
        merged.hasDevice = a.hasDevice || b.hasDevice;
        merged.device = std::max(a.hasDevice ? a.device : 0, b.hasDevice ? b.device : 0);
        merged.count = a.count + b.count;
        m_buckets[i] = merged;
    }
    m_buckets.resize(half);
    m_samplesPerBucket *= 2;
}

std::ptrdiff_t TimelineStore::bucketAt(double seconds) const
{
    if (m_buckets.empty())
        return -1;
    const auto it = std::upper_bound(
        m_buckets.begin(), m_buckets.end(), seconds, [](double s, const Bucket& b) { return s < b.firstSeconds; });
    if (it == m_buckets.begin())
        return 0;
    return std::distance(m_buckets.begin(), it) - 1;
}

std::size_t TimelineStore::memoryBytes() const { return sizeof(*this) + m_buckets.capacity() * sizeof(Bucket); }

} // namespace iteragpu::gui
