// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/workloadprediction.h"

#include <optional>
#include <vector>

// The analytical per-phase prediction of the decoder workload's memory, written from its tensor inventory
// (core/workloads/DECODER.md), independently of the workload's code: every tensor of the list, in its order, with
// its bytes and its lifetime, replayed on the run's allocator over an address-only device (core/workloads/ledger.h).
namespace iteragpu::workloads {

// The routing a run recorded, one entry per phase index (PhaseResult::routing), for a replay.
using RoutingReplay = std::vector<std::optional<protocol::PhaseRouting>>;

// One PhasePrediction per phase of protocol::planPhases(config). Sets error (and no phases) when the configuration
// is not a decoder run, is invalid, or a size does not fit in 64 bits. A training run (DecoderSpec::training) is
// predictDecoderTraining's (core/workloads/decodertrainingpredictor.h).
WorkloadPrediction predictDecoder(const protocol::RunConfig& config);
// The same over a given plan (the decoder's phase kinds: model_load, inputs, prefill, decode, warmup,
// warm_prefill), for a caller that holds its plan already.
WorkloadPrediction predictDecoder(const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan);
// The same, replaying the routing a run recorded (RoutingReplay, indexed by phase index): a phase whose routing is
// observed and recorded takes its MoE layers' loads from it, call by call; every other phase's from the balanced
// rule (DECODER.md prefill k, "Routing"). A record that does not fit the run (another count of calls or experts,
// loads that do not add up to T K) sets error.
WorkloadPrediction predictDecoder(
    const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan, const RoutingReplay* observed);

} // namespace iteragpu::workloads
