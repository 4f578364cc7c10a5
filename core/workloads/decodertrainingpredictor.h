// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/workloadprediction.h"

#include <vector>

// The per-phase prediction of the decoder's fine-tuning step (core/workloads/DECODER.md "Training"), written from
// the text independently of the workload's code: the step's tensors replayed in order on the run's allocator over
// an address-only device (TrainingReplay on a Ledger). predictDecoder hands training runs here.
namespace iteragpu::workloads {

// One PhasePrediction per phase of protocol::planPhases(config) (model_load, inputs, first_step.forward, .loss,
// .backward, .accumulate, .optimizer, warmup, warm_step, eval, checkpoint_save), with the owners at the peak
// moment and at the end. Sets error (and no phases) when the configuration is not a valid decoder training run or
// a size does not fit in 64 bits.
WorkloadPrediction predictDecoderTraining(const protocol::RunConfig& config);
WorkloadPrediction predictDecoderTraining(
    const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan);

} // namespace iteragpu::workloads
