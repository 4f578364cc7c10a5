// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/workloads/workloadprediction.h"

// The analytical per-phase prediction of the dense workload's memory, written from the tensor inventory (README
// "Measurement"), independently of core/workloads: every tensor's size and lifetime per phase, charged with the
// allocator's own rounding (512-byte blocks, 2 MiB / 20 MiB segments, split rules) by replaying the list on an
// address-only fake device, or, for the stream-ordered pool, at its requested size (core/workloads/ledger.h).
namespace iteragpu::workloads {

WorkloadPrediction predictWorkload(const protocol::RunConfig& config);

} // namespace iteragpu::workloads
