// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/allocatorstats.h"
#include "core/protocol/runtypes.h"
#include "core/sampler/peakdecimator.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace iteragpu::sampler {

// Reads the allocator's counters at a fixed, clamped rate on its own thread, into a bounded ring buffer that
// is delivered in batches (at most ~30 deliveries per second), and keeps each phase's samples, bounded, for
// its record (a PeakDecimator, Note [Peak-keeping decimation]: the same one the GUI's timeline uses). Sleeps only
// for the time left until the next tick.
class Sampler {
public:
    using ReadFn = std::function<alloc::CounterSnapshot()>; // must be safe from the sampler thread
    using DeliverFn = std::function<void(const std::vector<protocol::Sample>&)>;

    static constexpr std::size_t kDefaultRingCapacity = 65536; // samples waiting for delivery
    static constexpr double kDeliveriesPerSecond = 30.0;

    Sampler(ReadFn read, double rateHz, std::size_t maxPerPhase, DeliverFn deliver,
        std::size_t ringCapacity = kDefaultRingCapacity);
    ~Sampler(); // stop()
    Sampler(const Sampler&) = delete;
    Sampler& operator=(const Sampler&) = delete;

    void start(); // starts the clock (t = 0) and the thread
    void stop(); // joins the thread, then delivers what is left

    // Called by the worker: each takes one sample at once, so a short phase still has its edges.
    void beginPhase(int index);
    // At most maxPerPhase samples; once thinned, each one is a bucket of the decimator: every counter its maximum
    // over the bucket, at the time of the highest allocated reading (see samplesFromBuckets).
    struct PhaseSamples {
        std::vector<protocol::Sample> samples;
        std::uint64_t thinned = 0; // readings merged away
    };
    PhaseSamples endPhase();
    void setDeviceUsed(std::optional<std::uint64_t> bytes);

    void sampleNow(); // one reading into the ring and the current phase
    double elapsed() const; // seconds since start()
    double rateHz() const { return m_rateHz; }
    std::uint64_t samplesTaken() const { return m_taken.load(); }
    std::uint64_t samplesDropped() const { return m_dropped.load(); } // ring overflow (a slow consumer)
    std::uint64_t deliveries() const { return m_deliveries.load(); }

private:
    void loop();
    void deliverPending();

    ReadFn m_read;
    DeliverFn m_deliver;
    double m_rateHz;
    std::size_t m_maxPerPhase;
    std::size_t m_ringCapacity;
    std::chrono::steady_clock::time_point m_start;
    std::thread m_thread;
    std::atomic<bool> m_stop { false };
    std::mutex m_wakeMutex;
    std::condition_variable m_wake;

    mutable std::mutex m_mutex; // guards everything below
    std::deque<protocol::Sample> m_ring;
    int m_phase = -1;
    PeakDecimator m_phaseRecord;
    std::optional<std::uint64_t> m_deviceUsed;

    std::mutex m_deliverMutex; // one delivery at a time, in order
    std::atomic<std::uint64_t> m_taken { 0 };
    std::atomic<std::uint64_t> m_dropped { 0 };
    std::atomic<std::uint64_t> m_deliveries { 0 };
};

// A phase record from the decimator's buckets: one sample per bucket, at the time of its highest allocated
// reading, each counter its bucket maximum; a bucket without a device-level reading has none (never 0).
std::vector<protocol::Sample> samplesFromBuckets(const std::vector<PeakBucket>& buckets, int phaseIndex);

} // namespace iteragpu::sampler
