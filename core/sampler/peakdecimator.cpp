// SPDX-License-Identifier: Apache-2.0
#include "core/sampler/peakdecimator.h"

#include <algorithm>

namespace iteragpu::sampler {

PeakDecimator::PeakDecimator(std::size_t budget)
    : m_budget(std::max(kMinBudget, budget - (budget % 2)))
{
    m_buckets.reserve(m_budget);
}

void PeakDecimator::clear()
{
    m_buckets.clear();
    m_samplesPerBucket = 1;
    m_sampleCount = 0;
}

// See Note [Peak-keeping decimation].
void PeakDecimator::add(
    double seconds, std::uint64_t allocated, std::uint64_t reserved, std::optional<std::uint64_t> device)
{
    ++m_sampleCount;
    if (!m_buckets.empty() && m_buckets.back().count < m_samplesPerBucket) {
        PeakBucket& b = m_buckets.back();
        b.lastSeconds = seconds;
        if (allocated > b.allocated) {
            b.allocated = allocated;
            b.peakSeconds = seconds;
        }
        b.reserved = std::max(b.reserved, reserved);
        if (device) {
            b.device = b.hasDevice ? std::max(b.device, *device) : *device;
            b.hasDevice = true;
        }
        ++b.count;
        return;
    }
    if (m_buckets.size() == m_budget)
        mergePairs();
    PeakBucket b;
    b.firstSeconds = seconds;
    b.lastSeconds = seconds;
    b.peakSeconds = seconds;
    b.allocated = allocated;
    b.reserved = reserved;
    b.device = device.value_or(0);
    b.hasDevice = device.has_value();
    b.count = 1;
    m_buckets.push_back(b);
}

void PeakDecimator::mergePairs()
{
    // The budget is even and the decimator is full here, so every bucket has a partner.
    const std::size_t half = m_buckets.size() / 2;
    for (std::size_t i = 0; i < half; ++i) {
        const PeakBucket& a = m_buckets[2 * i];
        const PeakBucket& b = m_buckets[2 * i + 1];
        PeakBucket merged;
        merged.firstSeconds = a.firstSeconds;
        merged.lastSeconds = b.lastSeconds;
        const bool laterIsHigher = b.allocated > a.allocated;
        merged.allocated = laterIsHigher ? b.allocated : a.allocated;
        merged.peakSeconds = laterIsHigher ? b.peakSeconds : a.peakSeconds;
        merged.reserved = std::max(a.reserved, b.reserved);
        merged.hasDevice = a.hasDevice || b.hasDevice;
        merged.device = std::max(a.hasDevice ? a.device : 0, b.hasDevice ? b.device : 0);
        merged.count = a.count + b.count;
        m_buckets[i] = merged;
    }
    m_buckets.resize(half);
    m_samplesPerBucket *= 2;
}

} // namespace iteragpu::sampler
