// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/sizing/computationline.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// One named part of a phase's estimated peak: "weights", "inputs", "kv_cache", "activations", "logits",
// "dequantization", "workspace"; a training step's also "lora_adapters", "gradients", "optimizer_states",
// "master_weights", "training_transient", "export_copy". What the estimate says is alive at the phase's peak
// moment, so the parts with inAllocator add up to peakAllocated to the byte.
struct PhasePart {
    std::string id;
    std::uint64_t bytes = 0;
    Provenance provenance = Provenance::Computed;
    bool inAllocator = true; // false: the math library's workspace, outside the allocator's count
    i18n::Message note; // how it was counted, one line (english() for the CLI and JSON)
    // A training step's part: the framework habit it rests on ("chunked cross-entropy ... (torchtune's default)")
    // or the choice made; empty source text when none.
    i18n::Message habit {};
};

// The estimate of one phase of the decoder (core/workloads/DECODER.md): "model_load", "inputs", "prefill",
// "decode", or of a training step: "first_step.forward", ..., "warm_step" (TrainingStepEstimate). Bytes per device.
struct PhaseEstimate {
    std::string phase;
    std::uint64_t peakAllocated = 0; // the sum of the parts with inAllocator
    // the working set's largest stage in a prefill or decode ("mlp", ...), a training phase's peak moment
    // ("backward: loss (float32 buffers)"), else empty
    std::string peakStage;
    std::vector<PhasePart> parts;

    const PhasePart* find(const std::string& id) const;
    std::uint64_t bytesOf(const std::string& id) const; // 0 when absent
};

} // namespace iteragpu::sizing
