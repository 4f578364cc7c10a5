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
    TraceEvent e;
    e.t = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    e.op = op;
    e.size = size;
    e.address = address;
    std::lock_guard lock(m_mutex);
    e.phase = m_phase;
    if (m_ring.size() < m_capacity)
        m_ring.push_back(e);
    else
        m_ring[m_next] = e;
    m_next = (m_next + 1) % m_capacity;
    ++m_total;
}

std::vector<TraceEvent> AllocationTrace::events() const
{
    std::lock_guard lock(m_mutex);
    if (m_ring.size() < m_capacity)
        return m_ring;
    std::vector<TraceEvent> out;
    out.reserve(m_ring.size());
    for (std::size_t i = 0; i < m_ring.size(); ++i)
        out.push_back(m_ring[(m_next + i) % m_capacity]);
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
