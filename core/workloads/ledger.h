// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

// Where a predictor's tensors land: an allocator replayed on an address-only device (CachingLedger) or the
// stream-ordered pool's requested sizes (PoolLedger). A predictor keeps the LedgerBlock of each live tensor
// itself (a member, a vector slot), so a replay of millions of events does no lookup by name.
namespace iteragpu::workloads {

// One live allocation of a ledger, handed back to release() exactly once.
struct LedgerBlock {
    void* address = nullptr; // the caching allocator's block; null in a pool ledger
    std::uint64_t bytes = 0; // as requested (before rounding)
    alloc::Owner owner = alloc::Owner::Other;
};

class Ledger {
public:
    virtual ~Ledger() = default;
    // Throws units::InputError when the replay runs out of the (64-bit) address space: an absurd shape. The owner
    // is counted as the allocator counts it (Note [Owners add up] in core/alloc/cachingallocator.h).
    virtual LedgerBlock allocate(std::uint64_t bytes, alloc::Owner owner = alloc::Owner::Other) = 0;
    virtual void release(const LedgerBlock& block) = 0;
    virtual void emptyCache() = 0;
    virtual void resetPeak() = 0; // Note [Peak reset] in core/alloc/cachingallocator.h
    virtual std::uint64_t current() = 0; // allocated bytes now
    virtual std::uint64_t peak() = 0; // highest allocated since resetPeak()
    virtual std::optional<std::uint64_t> peakReserved() = 0; // nullopt where the allocator reserves nothing visible
    virtual alloc::OwnerBytes ownersNow() = 0; // they add up to current()
    virtual alloc::OwnerBytes ownersAtPeak() = 0; // at the first moment peak() was reached since resetPeak()
    virtual std::string method() const = 0; // how the bytes are counted, in words, for the report
};

// The ledger of the allocator a run uses (RunConfig::allocator).
std::unique_ptr<Ledger> makeLedger(protocol::AllocatorKind kind);

} // namespace iteragpu::workloads
