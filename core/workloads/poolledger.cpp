// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/poolledger.h"

#include "core/units/checkedmath.h"

#include <algorithm>

namespace iteragpu::workloads {

LedgerBlock PoolLedger::allocate(std::uint64_t bytes, alloc::Owner owner)
{
    m_current = units::checked::add(m_current, bytes, "the predicted allocated memory");
    m_owners[static_cast<std::size_t>(owner)] += bytes; // within m_current, which did not overflow
    if (m_current > m_peak) { // strictly above: the first moment the peak is reached
        m_peak = m_current;
        m_ownersAtPeak = m_owners;
    }
    return { nullptr, bytes, owner };
}

void PoolLedger::release(const LedgerBlock& block)
{
    m_current -= block.bytes;
    m_owners[static_cast<std::size_t>(block.owner)] -= block.bytes;
}

void PoolLedger::resetPeak()
{
    m_peak = m_current;
    m_ownersAtPeak = m_owners;
}

std::string PoolLedger::method() const
{
    return "tensor inventory at requested sizes (stream-ordered pool used-memory counter)";
}

} // namespace iteragpu::workloads
