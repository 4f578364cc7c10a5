// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/sweep/sweeptypes.h"

#include <string>
#include <vector>

namespace iteragpu::sweep {

// The base configuration of a sweep from a run configuration (the window's Measure, a result file's config):
// the arguments of 'iteragpu measure' that run the same workload, without --device, --output and the varied
// dimension's own option (SweepSpec::measureArgs). error is one line when the configuration has no such
// arguments (a decoder whose model is no file or preset, a dimension of the other workload, a simulated size
// that is not whole MiB); then args is empty.
struct MeasureArgs {
    std::vector<std::string> args;
    std::string error;
    bool ok() const { return error.empty(); }
};

// simDevices: the trials run on sim:N devices, so the simulated options (capacity, context, workspace, card,
// speed) travel; on a GPU they are left out (measure refuses them there).
MeasureArgs measureArgsFor(const protocol::RunConfig& config, Dimension dimension, bool simDevices);

// The workload a configuration sweeps as (the dense network, a decoder's generation or its training step, vLLM's
// rehearsal).
SweptWorkload sweptWorkloadOf(const protocol::RunConfig& config);
// The workload a base configuration's measure arguments sweep as: no --model the dense network; --model with
// --engine vllm vLLM's rehearsal, with --mode training a training step, else a generation.
SweptWorkload sweptWorkloadOfArgs(const std::vector<std::string>& measureArgs);

// The value config holds for the dimension (its batch, its decoder's sequences, ...); 0 when the dimension is not
// the workload's.
std::uint64_t dimensionValue(const protocol::RunConfig& config, Dimension dimension);

} // namespace iteragpu::sweep
