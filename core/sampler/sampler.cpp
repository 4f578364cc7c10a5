// SPDX-License-Identifier: Apache-2.0
#include "core/sampler/sampler.h"

#include <algorithm>

namespace iteragpu::sampler {

std::vector<protocol::Sample> samplesFromBuckets(const std::vector<PeakBucket>& buckets, int phaseIndex)
{
    std::vector<protocol::Sample> out;
    out.reserve(buckets.size());
    for (const PeakBucket& b : buckets) {
        protocol::Sample s;
        s.t = b.peakSeconds;
        s.allocated = b.allocated;
        s.reserved = b.reserved;
        if (b.hasDevice)
            s.deviceUsed = b.device;
        s.phaseIndex = phaseIndex;
        out.push_back(s);
    }
    return out;
}

Sampler::Sampler(ReadFn read, double rateHz, std::size_t maxPerPhase, DeliverFn deliver, std::size_t ringCapacity)
    : m_read(std::move(read))
    , m_deliver(std::move(deliver))
    , m_rateHz(protocol::clampSamplingHz(rateHz))
    , m_maxPerPhase(std::max<std::size_t>(maxPerPhase, 2))
    , m_ringCapacity(std::max<std::size_t>(ringCapacity, 1))
    , m_start(std::chrono::steady_clock::now())
    , m_phaseRecord(m_maxPerPhase)
{
}

Sampler::~Sampler() { stop(); }

void Sampler::start()
{
    if (m_thread.joinable())
        return;
    m_start = std::chrono::steady_clock::now();
    m_stop.store(false);
    m_thread = std::thread([this] { loop(); });
}

void Sampler::stop()
{
    {
        std::lock_guard lock(m_wakeMutex);
        m_stop.store(true);
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    deliverPending();
}

double Sampler::elapsed() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

void Sampler::sampleNow()
{
    // The reading and its time stamp are taken under the lock: the sampler thread and the worker (sampleNow at a
    // phase boundary) both sample, and the ring must stay in time order.
    std::lock_guard lock(m_mutex);
    const alloc::CounterSnapshot c = m_read();
    protocol::Sample s;
    s.t = elapsed();
    s.allocated = c.allocatedCurrent;
    s.reserved = c.reservedCurrent;
    s.deviceUsed = m_deviceUsed;
    s.phaseIndex = m_phase;
    if (m_ring.size() >= m_ringCapacity) {
        m_ring.pop_front();
        m_dropped.fetch_add(1, std::memory_order_relaxed);
    }
    m_ring.push_back(s);
    if (m_phase >= 0)
        m_phaseRecord.add(s.t, s.allocated, s.reserved, s.deviceUsed);
    m_taken.fetch_add(1, std::memory_order_relaxed);
}

void Sampler::beginPhase(int index)
{
    {
        std::lock_guard lock(m_mutex);
        m_phase = index;
        m_phaseRecord.clear();
    }
    sampleNow();
}

Sampler::PhaseSamples Sampler::endPhase()
{
    sampleNow();
    std::lock_guard lock(m_mutex);
    PhaseSamples out { samplesFromBuckets(m_phaseRecord.buckets(), m_phase), m_phaseRecord.mergedAway() };
    m_phaseRecord.clear();
    m_phase = -1;
    return out;
}

void Sampler::setDeviceUsed(std::optional<std::uint64_t> bytes)
{
    std::lock_guard lock(m_mutex);
    m_deviceUsed = bytes;
}

void Sampler::deliverPending()
{
    std::lock_guard deliverLock(m_deliverMutex);
    std::vector<protocol::Sample> batch;
    {
        std::lock_guard lock(m_mutex);
        batch.assign(m_ring.begin(), m_ring.end());
        m_ring.clear();
    }
    if (batch.empty() || !m_deliver)
        return;
    m_deliveries.fetch_add(1, std::memory_order_relaxed);
    m_deliver(batch);
}

void Sampler::loop()
{
    using clock = std::chrono::steady_clock;
    const auto interval = std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(1.0 / m_rateHz));
    const auto deliverEvery
        = std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(1.0 / kDeliveriesPerSecond));
    auto next = clock::now();
    auto nextDelivery = next + deliverEvery;
    while (!m_stop.load()) {
        sampleNow();
        const auto now = clock::now();
        if (now >= nextDelivery) {
            deliverPending();
            nextDelivery = now + deliverEvery;
        }
        next += interval;
        if (next < now)
            next = now + interval; // fell behind: no burst of catch-up samples
        std::unique_lock lock(m_wakeMutex);
        m_wake.wait_until(lock, next, [this] { return m_stop.load(); });
    }
}

} // namespace iteragpu::sampler
