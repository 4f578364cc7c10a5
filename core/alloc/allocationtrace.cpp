// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/allocationtrace.h"

#include <nlohmann/json.hpp>

namespace iteragpu::alloc {

AllocationTrace::AllocationTrace(std::size_t capacity)
    : m_capacity(capacity == 0 ? 1 : capacity)
    , m_start(std::chrono::steady_clock::now())
{
}

void AllocationTrace::record(TraceEvent::Op op, std::uint64_t size, std::uint64_t address)
{
    const auto ticks = std::chrono::steady_clock::now().time_since_epoch().count();
    std::lock_guard lock(m_mutex);
    const RawEvent e { ticks, size, address, m_phase, op };
    if (m_ring.size() < m_capacity)
        m_ring.push_back(e);
    else
        m_ring[m_next] = e;
    if (++m_next == m_capacity)
        m_next = 0;
    ++m_total;
}

TraceEvent AllocationTrace::toEvent(const RawEvent& raw) const
{
    TraceEvent e;
    const std::chrono::steady_clock::duration since(raw.ticks - m_start.time_since_epoch().count());
    e.t = std::chrono::duration<double>(since).count();
    e.op = raw.op;
    e.size = raw.size;
    e.address = raw.address;
    e.phase = raw.phase;
    return e;
}

std::vector<TraceEvent> AllocationTrace::events() const
{
    std::lock_guard lock(m_mutex);
    std::vector<TraceEvent> out;
    out.reserve(m_ring.size());
    // Oldest first: once the ring is full, the oldest event is the one the next record() overwrites.
    const std::size_t first = m_ring.size() < m_capacity ? 0 : m_next;
    for (std::size_t i = 0; i < m_ring.size(); ++i)
        out.push_back(toEvent(m_ring[(first + i) % m_ring.size()]));
    return out;
}

std::uint64_t AllocationTrace::dropped() const
{
    std::lock_guard lock(m_mutex);
    return m_total - m_ring.size();
}

nlohmann::json traceEventToJson(const TraceEvent& e)
{
    return { { "t", e.t }, { "op", traceOpName(e.op) }, { "size", e.size }, { "address", e.address },
        { "phase", e.phase } };
}

nlohmann::json AllocationTrace::toJson() const
{
    auto list = nlohmann::json::array();
    for (const auto& e : events())
        list.push_back(traceEventToJson(e));
    return { { "capacity", m_capacity }, { "dropped", dropped() }, { "events", std::move(list) } };
}

} // namespace iteragpu::alloc
