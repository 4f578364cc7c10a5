// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/cachingallocator.h"
#include "core/alloc/hostrawmemory.h"
#include "core/workloads/ledger.h"

namespace iteragpu::workloads {

// The real caching allocator (512-byte rounding, 2 MiB / 20 MiB segments, split and merge) over a raw device of
// addresses only, as large as the address space: nothing forces a cache release, no memory is taken.
class CachingLedger : public Ledger {
public:
    CachingLedger();
    LedgerBlock allocate(std::uint64_t bytes, alloc::Owner owner) override;
    void release(const LedgerBlock& block) override;
    void emptyCache() override { m_allocator.emptyCache(); }
    void resetPeak() override { m_allocator.resetPeakStats(); }
    std::uint64_t current() override { return m_allocator.counters().allocatedCurrent; }
    std::uint64_t peak() override { return m_allocator.counters().allocatedPeak; }
    std::optional<std::uint64_t> peakReserved() override { return m_allocator.counters().reservedPeak; }
    alloc::OwnerBytes ownersNow() override { return m_allocator.ownersNow(); }
    alloc::OwnerBytes ownersAtPeak() override { return m_allocator.peakMoment().owners; }
    std::string method() const override;

private:
    alloc::HostRawMemory m_raw;
    alloc::CachingAllocator m_allocator;
};

} // namespace iteragpu::workloads
