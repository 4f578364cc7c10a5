// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/trainingstepestimate.h"

#include <nlohmann/json.hpp>
#include <string>

namespace iteragpu::sizing {

// A training step sized from the decoder's inventory, for the CLI: the `training_step` object of
// iteragpu.estimate/3 and its text block. Each phase lists its parts at the phase's peak moment, computed or
// assumed, with the framework habit (or the choice) each rests on.
//   {"recipe": {method, framework, lora_targets, lora_rank, adapter_dtype, micro_batch, seq_len, grad_accum,
//    checkpointing, optimizer, paged_optimizer, optimizer_in_backward, master_weights, loss_chunks, eval_batch,
//    export_copy}, "peak_phase", "peak_bytes", "allocator", "phases": [{"phase", "peak_allocated", "peak_moment",
//    "parts": [{"id", "bytes", "provenance", "note", "habit"}]}]}
class TrainingStepReport {
public:
    static nlohmann::json toJson(const TrainingStepEstimate& step);
    static std::string toText(const TrainingStepEstimate& step);
};

} // namespace iteragpu::sizing
