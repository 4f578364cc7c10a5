// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workloads/ledger.h"

namespace iteragpu::workloads {

// The stream-ordered pool's used-memory counter: every tensor at its requested size, no rounding, nothing
// reserved that the counters show.
class PoolLedger : public Ledger {
public:
    LedgerBlock allocate(std::uint64_t bytes) override;
    void release(const LedgerBlock& block) override { m_current -= block.bytes; }
    void emptyCache() override { }
    void resetPeak() override { m_peak = m_current; }
    std::uint64_t current() override { return m_current; }
    std::uint64_t peak() override { return m_peak; }
    std::optional<std::uint64_t> peakReserved() override { return std::nullopt; }
    std::string method() const override;

private:
    std::uint64_t m_current = 0;
    std::uint64_t m_peak = 0;
};

} // namespace iteragpu::workloads
