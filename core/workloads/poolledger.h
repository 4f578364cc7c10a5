// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/workloads/ledger.h"

namespace iteragpu::workloads {

// The stream-ordered pool's used-memory counter: every tensor at its requested size, no rounding, nothing
// reserved that the counters show.
class PoolLedger : public Ledger {
public:
    LedgerBlock allocate(std::uint64_t bytes, alloc::Owner owner) override;
    void release(const LedgerBlock& block) override;
    void emptyCache() override { }
    void resetPeak() override; // Note [Peak reset] in core/alloc/cachingallocator.h, the same rule
    std::uint64_t current() override { return m_current; }
    std::uint64_t peak() override { return m_peak; }
    std::optional<std::uint64_t> peakReserved() override { return std::nullopt; }
    alloc::OwnerBytes ownersNow() override { return m_owners; }
    alloc::OwnerBytes ownersAtPeak() override { return m_ownersAtPeak; }
    std::string method() const override;

private:
    std::uint64_t m_current = 0;
    std::uint64_t m_peak = 0;
    alloc::OwnerBytes m_owners {}; // requested bytes per owner, adding up to m_current
    alloc::OwnerBytes m_ownersAtPeak {};
};

} // namespace iteragpu::workloads
