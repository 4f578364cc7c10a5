// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/workloads/decoderpredictor.h"
#include "core/workloads/workloadprediction.h"

namespace iteragpu::workloads {

// The prediction of the workload a configuration names (RunConfig::workload): the dense network's
// (predictWorkload) or the decoder's (predictDecoder).
WorkloadPrediction predictRun(const protocol::RunConfig& config);
// A decoder run's prediction over part of its plan, replaying the routing its phases recorded (predictDecoder); the
// other workloads have no routing and ignore it.
WorkloadPrediction predictRun(const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan,
    const RoutingReplay& observed);

} // namespace iteragpu::workloads
