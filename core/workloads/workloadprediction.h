// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/owner.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// What a workload's predictor says about each phase of a run, before it runs (the dense network's predictWorkload,
// the decoder's predictDecoder, both through predictRun). All sizes are bytes.
namespace iteragpu::workloads {

struct PhasePrediction {
    int index = 0;
    std::string name;
    std::optional<std::uint32_t> repeat;
    std::uint64_t baselineAllocated = 0; // bytes held when the phase starts
    std::uint64_t peakAllocated = 0; // bytes: the highest allocated value inside the phase
    std::uint64_t finalAllocated = 0;
    std::optional<std::uint64_t> peakReserved; // caching allocator only, when nothing forces a cache release
    // What each owner (alloc::Owner) held at the peak moment (the first time the peak was reached) and at the
    // phase's end, counted as the allocator counts them (PhaseResult::peakMoment->owners, ownersAtFinal). nullopt
    // where the predictor does not tag its tensors (the dense network and the decoder's inference today).
    std::optional<alloc::OwnerBytes> ownersAtPeak;
    std::optional<alloc::OwnerBytes> ownersAtFinal;
};

struct WorkloadPrediction {
    std::vector<PhasePrediction> phases; // one per planned phase, in run order
    std::uint64_t parameterCount = 0; // dense: 8 width^2 + 5 width; decoder: ModelShape::parameters().total
    std::string method; // in words, for the report
    std::string error; // set when the configuration is invalid; phases empty then
};

} // namespace iteragpu::workloads
