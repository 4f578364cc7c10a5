// SPDX-License-Identifier: Apache-2.0
#include "core/report/ledgerestimate.h"

namespace iteragpu::report {

std::optional<PhaseEstimate> estimateForPhase(const protocol::RunResult& result, std::size_t phaseIndex)
{
    const auto& phase = result.phases.at(phaseIndex);
    if (result.config.workload == protocol::WorkloadKind::Dense && phase.predictedPeakAllocated) {
        PhaseEstimate estimate;
        estimate.origin = { ITERAGPU_TRANSLATE_NOOP("Ledger", "the dense network's predictor"), {}, kLedgerContext };
        EstimatePart part;
        part.key = "predicted_peak_allocated";
        part.label = { ITERAGPU_TRANSLATE_NOOP("Ledger", "predicted peak allocated"), {}, kLedgerContext };
        part.bytes = phase.predictedPeakAllocated;
        part.target = EstimateTarget::Allocated;
        estimate.parts.push_back(std::move(part));
        return estimate;
    }
    return std::nullopt;
}

} // namespace iteragpu::report
