// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/cachingledger.h"

#include "core/units/inputerror.h"

#include <limits>

namespace iteragpu::workloads {

CachingLedger::CachingLedger()
    : m_raw(std::numeric_limits<std::uint64_t>::max() / 2, false)
    , m_allocator(m_raw)
{
}

LedgerBlock CachingLedger::allocate(std::uint64_t bytes, alloc::Owner owner)
{
    device::Status status;
    void* address = m_allocator.allocate(bytes, status, owner);
    if (!address)
        throw units::InputError("the predicted tensors exceed the 64-bit address space (" + status.message + ")");
    return { address, bytes, owner };
}

void CachingLedger::release(const LedgerBlock& block) { m_allocator.free(block.address); }

std::string CachingLedger::method() const
{
    return "tensor inventory replayed through the caching allocator's rules (512-byte rounding, "
           "2 MiB / 20 MiB segments, split and merge) on an address-only device";
}

} // namespace iteragpu::workloads
