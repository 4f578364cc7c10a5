// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/training/trainingrecipe.h"

#include <string>

namespace iteragpu::training {

// A framework's memory habits as a named set of defaults, each with where it comes from. The user's explicit
// options are applied over them (the CLI and the window do that); the profile only fills what was not said.
struct FrameworkProfile {
    Framework framework = Framework::Hf;
    // The recipe with this framework's defaults for `method` (targets, rank, adapter dtype, checkpointing,
    // optimizer, optimizer in backward, loss chunks).
    TrainingRecipe recipe;
    std::string source; // the documents and defaults this profile follows, for the estimate's and ledger's lines
    std::string lossHabit; // "the whole logits in float32" / "cross-entropy in 8 chunks"
    std::string optimizerHabit;
    std::string adapterHabit;
};

FrameworkProfile frameworkProfile(Framework framework, Method method);

} // namespace iteragpu::training
