// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/sizing/computationline.h"
#include "core/sizing/phaseestimate.h"
#include "core/training/trainingrecipe.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// A decoder training step sized from its tensor inventory (DecoderTrainingSizer, core/workloads/DECODER.md
// "Training"): the recipe as resolved over the framework's profile, the peak of every phase split into named
// parts, and the components the sizing engine lists. Bytes are allocated bytes: every tensor rounded up to 512
// bytes as the caching allocator counts it; its segments and cached blocks are the allocator's (not here).
struct TrainingStepEstimate {
    training::TrainingRecipe recipe;
    // model_load, inputs, first_step.forward, first_step.loss, first_step.backward, first_step.accumulate (with
    // gradient accumulation), first_step.optimizer (unless stepped in the backward), warm_step, eval (with an
    // eval batch), checkpoint_save (with an export copy). Parts: weights, lora_adapters, inputs, gradients,
    // optimizer_states, master_weights, activations, logits, training_transient, export_copy; peakStage names
    // the moment of the peak ("backward: loss (float32 buffers)", "backward layer 31: down_proj", ...).
    std::vector<PhaseEstimate> phases;
    std::string peakPhase; // the phase with the largest peak
    std::uint64_t peakBytes = 0;

    // The components (what each part is at its largest over the step).
    std::uint64_t weightsRequested = 0; // the weights' bytes as stored (WeightEstimator's count)
    std::uint64_t weights = 0; // the same, each tensor rounded to 512 bytes
    std::uint64_t adapters = 0; // LoRA A and B (0 for a full fine-tune)
    std::uint64_t inputs = 0; // input_ids and labels
    std::uint64_t gradients = 0; // all gradients at once, or the largest one when stepped in the backward
    std::uint64_t optimizerStates = 0; // resident on the device (0 when paged)
    std::uint64_t optimizerPage = 0; // the largest page of a paged optimizer (0 when not paged)
    std::uint64_t masterWeights = 0;
    std::uint64_t activations = 0; // kept for the backward at the end of the forward, the final norm's output included
    std::uint64_t lossBuffers = 0; // the logits, their float32 log-probabilities and the loss at the end of the loss
    std::uint64_t transient = 0; // the working tensors of the largest phase's peak moment
    std::uint64_t evaluation = 0; // eval: its own tensors at its peak (0 without an eval batch)
    std::uint64_t exportCopy = 0; // checkpoint_save: the 16-bit copies (0 without an export)
    std::uint64_t trainableTensors = 0;
    std::uint64_t trainableElements = 0;
    std::uint64_t largestTrainableElements = 0;

    // "How it is computed", one line per component the engine lists for the step (lora_adapters, inputs,
    // gradients, optimizer_states, master_weights, activations, logits, training_transient, evaluation,
    // export_copy), each line's bytes the component's.
    std::vector<ComputationLine> lines;
    // The sizing's assumptions: the inventory, the allocator's share, the profile and the defaults it gave.
    std::vector<i18n::Message> assumptions;

    const PhaseEstimate* phase(const std::string& name) const; // nullptr when the step has no such phase
};

} // namespace iteragpu::sizing
