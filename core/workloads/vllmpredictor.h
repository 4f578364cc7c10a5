// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/workloads/workloadprediction.h"

// The per-phase prediction of vLLM's start-up rehearsal (RunConfig::vllm; Note [vLLM rehearsal] in
// core/protocol/vllmrun.h, core/workloads/VLLM.md), written from that text independently of VllmWorkload: the
// decoder's weights and prefill replayed as the decoder's predictor replays them (DecoderReplay), the dummy
// sampler, the frees, empty_cache() and the pool's tensors on the same address-only allocator.
namespace iteragpu::workloads {

// One PhasePrediction per phase of protocol::planPhases(config). Sets error (and no phases) when the configuration
// is not a planned vLLM rehearsal or is invalid. A phase that fails with vLLM's refusal is predicted to allocate
// nothing; the phases after it are listed as they would run.
WorkloadPrediction predictVllm(const protocol::RunConfig& config);

} // namespace iteragpu::workloads
