// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// The analytical per-phase prediction of the dense workload's memory, written from the tensor inventory (README
// "Measurement"), independently of core/workloads: every tensor's size and lifetime per phase, charged with the
// allocator's own rounding (512-byte blocks, 2 MiB / 20 MiB segments, split rules) by replaying the list on an
// address-only fake device, or, for the stream-ordered pool, at its requested size.
namespace iteragpu::workloads {

struct PhasePrediction {
    int index = 0;
    std::string name;
    std::optional<std::uint32_t> repeat;
    std::uint64_t baselineAllocated = 0; // bytes held when the phase starts
    std::uint64_t peakAllocated = 0; // bytes: the highest allocated value inside the phase
    std::uint64_t finalAllocated = 0;
    std::optional<std::uint64_t> peakReserved; // caching allocator only, when nothing forces a cache release
};

struct WorkloadPrediction {
    std::vector<PhasePrediction> phases; // one per planned phase, in run order
    std::uint64_t parameterCount = 0; // 8 width^2 + 5 width
    std::string method; // in words, for the report
    std::string error; // set when the configuration is invalid; phases empty then
};

WorkloadPrediction predictWorkload(const protocol::RunConfig& config);

} // namespace iteragpu::workloads
