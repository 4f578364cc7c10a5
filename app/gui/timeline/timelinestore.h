// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/timeline/timelinesample.h"
#include "core/sampler/peakdecimator.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace iteragpu::gui {

// Note [Bucketed timeline]
// The live timeline keeps its points in core's PeakDecimator (Note [Peak-keeping decimation] in
// core/sampler/peakdecimator.h), the same one the sampler uses for the phase records written to the file, so
// the chart and the file keep the same spikes. The store adds the exact maxima over every sample and a lookup
// by time for the hover text.
class TimelineStore {
public:
    using Bucket = sampler::PeakBucket;

    static constexpr std::size_t kDefaultBudget = 2048; // buckets, i.e. points per series at most

    // budget is rounded down to an even number of at least 2 (PeakDecimator).
    explicit TimelineStore(std::size_t budget = kDefaultBudget);

    void clear();
    void add(const TimelineSample& sample);

    const std::vector<Bucket>& buckets() const { return m_decimator.buckets(); }
    std::size_t budget() const { return m_decimator.budget(); }
    std::uint64_t samplesPerBucket() const { return m_decimator.samplesPerBucket(); }
    std::uint64_t sampleCount() const { return m_decimator.sampleCount(); }
    bool empty() const { return m_decimator.empty(); }

    // Exact maxima over every sample added since clear().
    std::uint64_t maxAllocated() const { return m_maxAllocated; }
    std::uint64_t maxReserved() const { return m_maxReserved; }
    std::uint64_t maxDevice() const { return m_maxDevice; }
    bool hasDevice() const { return m_hasDevice; }
    double firstSeconds() const { return empty() ? 0.0 : buckets().front().firstSeconds; }
    double lastSeconds() const { return empty() ? 0.0 : buckets().back().lastSeconds; }

    // Index of the bucket covering the time (the last one starting at or before it), or -1 when empty.
    std::ptrdiff_t bucketAt(double seconds) const;

    // Bytes held by the store, independent of the number of samples added.
    std::size_t memoryBytes() const;

private:
    sampler::PeakDecimator m_decimator;
    std::uint64_t m_maxAllocated = 0;
    std::uint64_t m_maxReserved = 0;
    std::uint64_t m_maxDevice = 0;
    bool m_hasDevice = false;
};

} // namespace iteragpu::gui
