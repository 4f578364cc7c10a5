// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/timeline/timelinesample.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace iteragpu::gui {

// Note [Bucketed timeline]
// A run sampled at 1 kHz for an hour is 3.6 million samples; the chart can show a few thousand points. The store
// keeps a fixed budget of buckets, each covering `samplesPerBucket()` consecutive samples and keeping the MAXIMUM
// of each counter (plus the time of the first sample), so a one-sample spike stays visible at any zoom:
//
//   budget 8, samplesPerBucket 1:   [a][b][c][d][e][f][g][h]      (full)
//   next sample arrives:            [max(a,b)][max(c,d)][max(e,f)][max(g,h)][i]   samplesPerBucket 2
//
// When the budget is reached, neighbouring buckets merge pairwise and the width doubles. Memory is the budget
// times sizeof(Bucket), whatever the length of the run; the overall maxima are exact.
class TimelineStore {
public:
    struct Bucket {
        double firstSeconds = 0.0; // time of the bucket's first sample
        double lastSeconds = 0.0; // time of its last sample
        std::uint64_t allocated = 0; // bytes, maximum over the bucket
        std::uint64_t reserved = 0; // bytes, maximum over the bucket
        std::uint64_t device = 0; // bytes, maximum of the samples that had a device-level reading
        std::uint32_t count = 0; // samples merged into this bucket
        bool hasDevice = false;
    };

    static constexpr std::size_t kDefaultBudget = 2048; // buckets, i.e. points per series at most

    // budget is rounded up to an even number of at least 2.
    explicit TimelineStore(std::size_t budget = kDefaultBudget);

    void clear();
    void add(const TimelineSample& sample);

    const std::vector<Bucket>& buckets() const { return m_buckets; }
    std::size_t budget() const { return m_budget; }
    std::uint64_t samplesPerBucket() const { return m_samplesPerBucket; }
    std::uint64_t sampleCount() const { return m_sampleCount; }
    bool empty() const { return m_buckets.empty(); }

    // Exact maxima over every sample added since clear().
    std::uint64_t maxAllocated() const { return m_maxAllocated; }
    std::uint64_t maxReserved() const { return m_maxReserved; }
    std::uint64_t maxDevice() const { return m_maxDevice; }
    bool hasDevice() const { return m_hasDevice; }
    double firstSeconds() const { return m_buckets.empty() ? 0.0 : m_buckets.front().firstSeconds; }
    double lastSeconds() const { return m_buckets.empty() ? 0.0 : m_buckets.back().lastSeconds; }

    // Index of the bucket covering the time (the last one starting at or before it), or -1 when empty.
    std::ptrdiff_t bucketAt(double seconds) const;

    // Bytes held by the store, independent of the number of samples added.
    std::size_t memoryBytes() const;

private:
    void mergePairs();

    std::size_t m_budget;
    std::uint64_t m_samplesPerBucket = 1;
    std::uint64_t m_sampleCount = 0;
    std::uint64_t m_maxAllocated = 0;
    std::uint64_t m_maxReserved = 0;
    std::uint64_t m_maxDevice = 0;
    bool m_hasDevice = false;
    std::vector<Bucket> m_buckets; // capacity reserved once: m_budget
};

} // namespace iteragpu::gui
