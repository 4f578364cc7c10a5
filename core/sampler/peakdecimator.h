// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::sampler {

// Note [Peak-keeping decimation]
// A run sampled at 1 kHz for an hour is 3.6 million readings; a phase record and a chart keep a few thousand.
// The decimator keeps a fixed budget of buckets, each covering `samplesPerBucket()` consecutive readings and
// keeping the MAXIMUM of each counter (with the time of the first and last reading and of the highest
// allocated one), so a one-reading spike survives any number of halvings:
//
//   budget 8, samplesPerBucket 1:   [a][b][c][d][e][f][g][h]      (full)
//   next reading arrives:           [max(a,b)][max(c,d)][max(e,f)][max(g,h)][i]   samplesPerBucket 2
//
// When the budget is reached, neighbouring buckets merge pairwise and the width doubles. Memory is the budget
// times sizeof(PeakBucket), whatever the length of the run. The bucket edges depend only on the order of the
// readings, so the same readings give the same buckets wherever they are decimated: the sampler's phase record
// (the file) and the GUI's timeline use this one class and keep the same spikes.
struct PeakBucket {
    double firstSeconds = 0.0; // time of the bucket's first reading
    double lastSeconds = 0.0; // time of its last reading
    double peakSeconds = 0.0; // time of the highest allocated reading (the first one, on a tie)
    std::uint64_t allocated = 0; // bytes, maximum over the bucket
    std::uint64_t reserved = 0; // bytes, maximum over the bucket
    std::uint64_t device = 0; // bytes, maximum of the readings that had a device-level value; see hasDevice
    std::uint32_t count = 0; // readings merged into this bucket
    bool hasDevice = false; // false: no reading of the bucket had a device-level value (never read as 0)
};

class PeakDecimator {
public:
    static constexpr std::size_t kMinBudget = 2; // buckets

    // budget is rounded DOWN to an even number (at least kMinBudget), so the bound given is never exceeded.
    explicit PeakDecimator(std::size_t budget);

    void clear();
    void add(double seconds, std::uint64_t allocated, std::uint64_t reserved, std::optional<std::uint64_t> device);

    const std::vector<PeakBucket>& buckets() const { return m_buckets; }
    std::size_t budget() const { return m_budget; }
    std::uint64_t samplesPerBucket() const { return m_samplesPerBucket; }
    std::uint64_t sampleCount() const { return m_sampleCount; }
    // Readings merged away: every reading added, less the buckets that represent them.
    std::uint64_t mergedAway() const { return m_sampleCount - m_buckets.size(); }
    bool empty() const { return m_buckets.empty(); }

    // Bytes held, independent of the number of readings added.
    std::size_t memoryBytes() const { return sizeof(*this) + m_buckets.capacity() * sizeof(PeakBucket); }

private:
    void mergePairs();

    std::size_t m_budget;
    std::uint64_t m_samplesPerBucket = 1;
    std::uint64_t m_sampleCount = 0;
    std::vector<PeakBucket> m_buckets; // capacity reserved once: m_budget
};

} // namespace iteragpu::sampler
