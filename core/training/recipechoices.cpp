// SPDX-License-Identifier: Apache-2.0
#include "core/training/recipechoices.h"

#include "core/training/frameworkprofile.h"

namespace iteragpu::training {

TrainingRecipe resolveRecipe(const RecipeChoices& c)
{
    TrainingRecipe r = frameworkProfile(c.framework, c.method).recipe;
    if (c.targets)
        r.targets = *c.targets;
    if (c.rank)
        r.rank = *c.rank;
    if (c.adapterFp32)
        r.adapterFp32 = *c.adapterFp32;
    if (c.microBatch)
        r.microBatch = *c.microBatch;
    if (c.sequenceLength)
        r.sequenceLength = *c.sequenceLength;
    if (c.gradAccum)
        r.gradAccum = *c.gradAccum;
    if (c.checkpointing)
        r.checkpointing = *c.checkpointing;
    if (c.optimizer) {
        r.optimizer = *c.optimizer;
        // The profile's paging is of its own optimizer (bitsandbytes' paged 8-bit AdamW): another optimizer
        // chosen is not paged unless said.
        if (!c.pagedOptimizer && *c.optimizer != frameworkProfile(c.framework, c.method).recipe.optimizer)
            r.pagedOptimizer = false;
    }
    if (c.pagedOptimizer)
        r.pagedOptimizer = *c.pagedOptimizer;
    if (c.optimizerInBackward)
        r.optimizerInBackward = *c.optimizerInBackward;
    else if (c.gradAccum && *c.gradAccum > 1)
        r.optimizerInBackward = false; // the profile's in-backward step cannot accumulate; the user asked to
    if (c.masterWeights)
        r.masterWeights = *c.masterWeights;
    if (c.lossChunks)
        r.lossChunks = *c.lossChunks;
    if (c.evalBatch)
        r.evalBatch = *c.evalBatch;
    if (c.exportCopy)
        r.exportCopy = *c.exportCopy;
    if (c.compiled)
        r.compiled = *c.compiled;
    return r;
}

std::vector<std::string> profileDefaultsTaken(const RecipeChoices& c)
{
    const FrameworkProfile p = frameworkProfile(c.framework, c.method);
    const TrainingRecipe r = resolveRecipe(c);
    const std::string of = std::string(" (") + frameworkName(c.framework) + "'s default)";
    std::vector<std::string> lines;
    const bool lora = c.method != Method::Full;
    if (lora && !c.targets)
        lines.push_back("LoRA targets " + loraTargetList(r.targets) + of);
    if (lora && !c.rank)
        lines.push_back("LoRA rank " + std::to_string(r.rank) + of);
    if (lora && !c.adapterFp32)
        lines.push_back(p.adapterHabit + of);
    if (!c.checkpointing)
        lines.push_back(std::string(r.checkpointing ? "activation checkpointing" : "no activation checkpointing") + of);
    if (!c.optimizer)
        lines.push_back(p.optimizerHabit + of);
    if (!c.lossChunks)
        lines.push_back(p.lossHabit + of);
    return lines;
}

} // namespace iteragpu::training
