// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/trainingoptions.h"
#include "core/sizing/weightoptions.h"
#include "core/training/recipechoices.h"

namespace iteragpu::sizing {

// TrainingOptions as the user's choices over a framework's profile (training::RecipeChoices): what was chosen is
// set, the rest is left to training::resolveRecipe. The method follows the weights: LoRA on nf4 or nf4-dq is
// QLoRA. Adam is sized as AdamW (the same two moments); SGD with momentum as SGD plus its buffer
// (DecoderTrainingSizer::Inputs::sgdMomentum). Throws SizingError for a LoRA target that is not a linear's name.
training::RecipeChoices recipeChoices(const TrainingOptions& options, const WeightOptions& weights);

// A recipe as options that choose every field of it (recipeChoices and resolveRecipe give it back), the
// activations in `compute`: what a measured run's recipe is asked of the sizing engine (the ledger's estimate).
TrainingOptions trainingOptions(const training::TrainingRecipe& recipe, ScalarType compute);

// The options with every choice the recipe made filled in (rank, targets, adapter type, micro-batch,
// checkpointing, optimizer, ...), for the estimate from the parameter count and Korthikanti et al.'s formula, so
// that both estimates take the same defaults.
TrainingOptions resolvedOptions(
    const TrainingOptions& options, const training::TrainingRecipe& recipe, ScalarType compute);

} // namespace iteragpu::sizing
