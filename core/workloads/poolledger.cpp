// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/poolledger.h"

#include "core/units/checkedmath.h"

#include <algorithm>

namespace iteragpu::workloads {

LedgerBlock PoolLedger::allocate(std::uint64_t bytes)
{
    m_current = units::checked::add(m_current, bytes, "the predicted allocated memory");
    m_peak = std::max(m_peak, m_current);
    return { nullptr, bytes };
}

std::string PoolLedger::method() const
{
    return "tensor inventory at requested sizes (stream-ordered pool used-memory counter)";
}

} // namespace iteragpu::workloads
