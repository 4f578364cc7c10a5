// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/runpredictor.h"

#include "core/workloads/decoderpredictor.h"
#include "core/workloads/densepredictor.h"
#include "core/workloads/vllmpredictor.h"

namespace iteragpu::workloads {

WorkloadPrediction predictRun(const protocol::RunConfig& config)
{
    switch (config.workload) {
    case protocol::WorkloadKind::Dense:
        return predictWorkload(config);
    case protocol::WorkloadKind::Decoder:
        if (config.vllm)
            return predictVllm(config);
        return predictDecoder(config);
    case protocol::WorkloadKind::Script: {
        WorkloadPrediction none;
        none.error = "the tensors of the user's own program are not known before it runs";
        return none;
    }
    }
    WorkloadPrediction unknown;
    unknown.error = "unknown workload kind";
    return unknown;
}

WorkloadPrediction predictRun(const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan,
    const RoutingReplay& observed)
{
    if (config.workload == protocol::WorkloadKind::Decoder && !config.vllm)
        return predictDecoder(config, plan, &observed);
    return predictRun(config);
}

} // namespace iteragpu::workloads
