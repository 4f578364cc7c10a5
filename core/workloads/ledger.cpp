// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/ledger.h"

#include "core/workloads/cachingledger.h"
#include "core/workloads/poolledger.h"

namespace iteragpu::workloads {

std::unique_ptr<Ledger> makeLedger(protocol::AllocatorKind kind)
{
    if (kind == protocol::AllocatorKind::Native)
        return std::make_unique<CachingLedger>();
    return std::make_unique<PoolLedger>();
}

} // namespace iteragpu::workloads
