// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/workloads/workloadprediction.h"

namespace iteragpu::workloads {

// The prediction of the workload a configuration names (RunConfig::workload): the dense network's
// (predictWorkload) or the decoder's (predictDecoder).
WorkloadPrediction predictRun(const protocol::RunConfig& config);

} // namespace iteragpu::workloads
