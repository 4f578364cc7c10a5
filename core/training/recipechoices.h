// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/training/trainingrecipe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::training {

// What the user said about a training step (the CLI's options, the window's fields): every field that was not
// said is nullopt and comes from the framework's profile (FrameworkProfile). One place turns these into a
// TrainingRecipe, so `estimate`, `measure`, sweeps and the window agree on every default.
struct RecipeChoices {
    Framework framework = Framework::Hf;
    Method method = Method::Full;
    std::optional<std::vector<LoraTarget>> targets;
    std::optional<std::uint64_t> rank;
    std::optional<bool> adapterFp32;
    std::optional<std::uint64_t> microBatch;
    std::optional<std::uint64_t> sequenceLength;
    std::optional<std::uint64_t> gradAccum;
    std::optional<bool> checkpointing;
    std::optional<OptimizerKind> optimizer;
    std::optional<bool> pagedOptimizer;
    std::optional<bool> optimizerInBackward;
    std::optional<bool> masterWeights;
    std::optional<std::uint64_t> lossChunks;
    std::optional<std::uint64_t> evalBatch;
    std::optional<bool> exportCopy;
    std::optional<bool> compiled;
};

// The framework's recipe for the method with every choice made applied over it. A choice the profile ties to
// another is kept consistent: a full fine-tune with --optimizer adamw given keeps torchtune's in-backward step
// only when the user did not turn it off. Validity is validateRecipe's to say.
TrainingRecipe resolveRecipe(const RecipeChoices& choices);

// The profile defaults the recipe took (for the estimate's and ledger's lines): "checkpointing (torchtune's
// default)", one line per field that came from the profile and not from the user.
std::vector<std::string> profileDefaultsTaken(const RecipeChoices& choices);

} // namespace iteragpu::training
