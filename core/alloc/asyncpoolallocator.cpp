// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/asyncpoolallocator.h"

#include "core/alloc/allocationtrace.h"
#include "core/units/readablesize.h"
#include "core/units/units.h"

#include <string>

namespace iteragpu::alloc {

namespace {
    std::string bytesInWords(std::uint64_t bytes)
    {
        return std::to_string(bytes) + " bytes (" + units::formatReadable(bytes, units::Unit::GiB) + ")";
    }
    std::string optionalBytes(const std::optional<std::uint64_t>& v)
    {
        return v ? bytesInWords(*v) : std::string("an unknown amount");
    }
} // namespace

AsyncPoolAllocator::AsyncPoolAllocator(device::DeviceContext& context)
    : m_context(context)
{
}

AsyncPoolAllocator::~AsyncPoolAllocator()
{
    std::lock_guard lock(m_mutex);
    for (auto& [ptr, live] : m_sizes)
        m_context.poolFree(ptr);
    m_context.synchronize();
    m_context.poolTrim(0);
}

std::string AsyncPoolAllocator::settingsText()
{
    return "driver stream-ordered pool (cudaMallocAsync / hipMallocAsync) on the default pool, release threshold "
           "UINT64_MAX (freed memory stays reserved until a trim, as PyTorch keeps its cache), "
           "counters from the pool attributes UsedMemCurrent/High and ReservedMemCurrent/High";
}

void AsyncPoolAllocator::refreshLive()
{
    const auto pool = m_context.poolStats();
    const auto ownAllocated = static_cast<std::uint64_t>(m_stats.allocatedBytes[0].current);
    m_liveAllocated.store(pool.usedCurrent.value_or(ownAllocated), std::memory_order_relaxed);
    m_liveAllocatedPeak.store(
        pool.usedHigh.value_or(static_cast<std::uint64_t>(m_stats.allocatedBytes[0].peak)), std::memory_order_relaxed);
    m_liveReserved.store(pool.reservedCurrent.value_or(0), std::memory_order_relaxed);
    m_liveReservedPeak.store(pool.reservedHigh.value_or(0), std::memory_order_release);
}

void* AsyncPoolAllocator::allocate(std::uint64_t bytes, device::Status& status, Owner owner)
{
    std::lock_guard lock(m_mutex);
    void* ptr = m_context.poolAlloc(bytes, status);
    if (!ptr) {
        ++m_stats.numOoms;
        const auto pool = m_context.poolStats();
        const auto reading = m_context.reading();
        status = device::Status { false, status.outOfMemory,
            std::string(status.outOfMemory ? "out of memory" : "allocation failed") + " on " + m_context.info().id
                + " (stream-ordered pool): tried to allocate " + bytesInWords(bytes) + "; the pool has "
                + optionalBytes(pool.usedCurrent) + " allocated and " + optionalBytes(pool.reservedCurrent)
                + " reserved; the device reports " + optionalBytes(reading.freeBytes) + " free"
                + (status.message.empty() ? std::string() : "; runtime: " + status.message) };
        if (m_trace)
            m_trace->record(TraceEvent::Op::Oom, bytes, 0);
        return nullptr;
    }
    m_sizes.emplace(ptr, Live { bytes, owner });
    m_stats.allocation[0].increase(1);
    const std::int64_t peakBefore = m_stats.allocatedBytes[0].peak;
    m_stats.allocatedBytes[0].increase(static_cast<std::int64_t>(bytes)); // Note [Peak reset]
    m_stats.requestedBytes[0].increase(static_cast<std::int64_t>(bytes));
    m_owners[static_cast<std::size_t>(owner)] += bytes; // Note [Owners add up] in cachingallocator.h
    if (m_trace)
        m_trace->record(TraceEvent::Op::Malloc, bytes, reinterpret_cast<std::uint64_t>(ptr));
    refreshLive();
    if (m_stats.allocatedBytes[0].current > peakBefore)
        takePeakMoment(); // after refreshLive(): the pool's reserved memory includes this allocation
    return ptr;
}

void AsyncPoolAllocator::free(void* ptr)
{
    if (!ptr)
        return;
    std::lock_guard lock(m_mutex);
    const auto it = m_sizes.find(ptr);
    if (it == m_sizes.end())
        return;
    const std::uint64_t bytes = it->second.bytes;
    m_owners[static_cast<std::size_t>(it->second.owner)] -= bytes;
    m_sizes.erase(it);
    m_context.poolFree(ptr);
    m_stats.allocation[0].decrease(1);
    m_stats.allocatedBytes[0].decrease(static_cast<std::int64_t>(bytes));
    m_stats.requestedBytes[0].decrease(static_cast<std::int64_t>(bytes));
    if (m_trace)
        m_trace->record(TraceEvent::Op::Free, bytes, reinterpret_cast<std::uint64_t>(ptr));
    refreshLive();
}

void AsyncPoolAllocator::setOwner(void* ptr, Owner owner)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_sizes.find(ptr);
    if (it == m_sizes.end())
        return;
    m_owners[static_cast<std::size_t>(it->second.owner)] -= it->second.bytes;
    m_owners[static_cast<std::size_t>(owner)] += it->second.bytes;
    it->second.owner = owner;
}

void AsyncPoolAllocator::takePeakMoment()
{
    m_peakMoment.owners = m_owners;
    m_peakMoment.allocated = static_cast<std::uint64_t>(m_stats.allocatedBytes[0].current);
    m_peakMoment.reserved = m_liveReserved.load(std::memory_order_relaxed);
    m_peakMoment.inactiveSplit = std::nullopt;
    m_peakMoment.ownersRequested = m_owners; // the pool counts the requested sizes
}

OwnerBytes AsyncPoolAllocator::ownersNow() const
{
    std::lock_guard lock(m_mutex);
    return m_owners;
}

PeakMoment AsyncPoolAllocator::peakMoment() const
{
    std::lock_guard lock(m_mutex);
    return m_peakMoment;
}

void AsyncPoolAllocator::emptyCache()
{
    std::lock_guard lock(m_mutex);
    if (m_trace)
        m_trace->record(TraceEvent::Op::EmptyCache, 0, 0);
    m_context.synchronize();
    m_context.poolTrim(0);
    refreshLive();
}

void AsyncPoolAllocator::resetPeakStats()
{
    std::lock_guard lock(m_mutex);
    m_context.poolResetPeaks();
    m_stats.allocatedBytes[0].resetPeak(); // Note [Peak reset]
    m_stats.allocation[0].resetPeak();
    m_stats.requestedBytes[0].resetPeak();
    refreshLive();
    takePeakMoment();
}

CounterSnapshot AsyncPoolAllocator::counters()
{
    std::lock_guard lock(m_mutex);
    refreshLive();
    return liveCounters();
}

CounterSnapshot AsyncPoolAllocator::liveCounters() const
{
    CounterSnapshot s;
    s.reservedPeak = m_liveReservedPeak.load(std::memory_order_acquire);
    s.allocatedCurrent = m_liveAllocated.load(std::memory_order_relaxed);
    s.allocatedPeak = m_liveAllocatedPeak.load(std::memory_order_relaxed);
    s.reservedCurrent = m_liveReserved.load(std::memory_order_relaxed);
    return s;
}

AllocatorStats AsyncPoolAllocator::stats()
{
    std::lock_guard lock(m_mutex);
    AllocatorStats out = m_stats;
    out.perPool = false;
    const auto pool = m_context.poolStats();
    if (pool.usedCurrent) {
        out.allocatedBytes[0].current = static_cast<std::int64_t>(*pool.usedCurrent);
        out.activeBytes[0].current = out.allocatedBytes[0].current;
    }
    if (pool.usedHigh)
        out.allocatedBytes[0].peak = static_cast<std::int64_t>(*pool.usedHigh);
    if (pool.reservedCurrent)
        out.reservedBytes[0].current = static_cast<std::int64_t>(*pool.reservedCurrent);
    if (pool.reservedHigh)
        out.reservedBytes[0].peak = static_cast<std::int64_t>(*pool.reservedHigh);
    return out;
}

} // namespace iteragpu::alloc
