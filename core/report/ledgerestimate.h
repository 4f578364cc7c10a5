// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/report/ledger.h"

#include <cstddef>
#include <optional>

namespace iteragpu::report {

// The estimate the ledger of RunResult::phases[phaseIndex] starts from, computed again from the run's
// configuration (nothing else of the run is read, so a saved result gives the same estimate):
//   vLLM's rehearsal (RunConfig::vllm): the plan's parts the phase holds (weights, profile-run activations,
//   non-torch, KV pool, CUDA graph pool), each named as vLLM's start-up lines name it;
//   decoder: the sizing engine's parts for the same model, format, tokens, sequences and cache;
//   dense network: its predictor's peak allocated (PhaseResult::predictedPeakAllocated), one part compared with
//   the whole peak allocated.
// nullopt when there is none for that phase (the ledger's estimate section then says so).
std::optional<PhaseEstimate> estimateForPhase(const protocol::RunResult& result, std::size_t phaseIndex);

} // namespace iteragpu::report
