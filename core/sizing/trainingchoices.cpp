// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/trainingchoices.h"

#include "core/sizing/sizingerror.h"
#include "core/sizing/weightformat.h"

namespace iteragpu::sizing {

training::RecipeChoices recipeChoices(const TrainingOptions& o, const WeightOptions& weights)
{
    training::RecipeChoices c;
    c.framework = o.framework;
    const bool nf4 = weights.format == WeightFormat::NF4 || weights.format == WeightFormat::NF4DoubleQuant;
    c.method = o.mode == TrainingMode::Full ? training::Method::Full
        : nf4                               ? training::Method::Qlora
                                            : training::Method::Lora;
    if (!o.loraTargets.empty()) {
        std::string names;
        for (const auto& t : o.loraTargets)
            names += (names.empty() ? "" : ",") + t;
        const training::TargetList t = training::parseLoraTargets(names);
        if (!t.error.empty())
            throw SizingError("--lora-targets: " + t.error);
        c.targets = t.targets;
    }
    c.rank = o.loraRank;
    if (o.adapterType)
        c.adapterFp32 = *o.adapterType == ScalarType::FP32;
    c.microBatch = o.microBatch;
    c.sequenceLength = o.sequenceLength;
    c.gradAccum = o.gradAccum;
    c.checkpointing = o.activationCheckpointing;
    if (o.optimizer) {
        switch (*o.optimizer) {
        case Optimizer::SGD:
        case Optimizer::SGDMomentum:
            c.optimizer = training::OptimizerKind::Sgd;
            break;
        case Optimizer::Adam:
        case Optimizer::AdamW:
            c.optimizer = training::OptimizerKind::AdamW;
            break;
        case Optimizer::Adam8bit:
            c.optimizer = training::OptimizerKind::AdamW8bit;
            break;
        }
    }
    c.pagedOptimizer = o.pagedOptimizer;
    c.optimizerInBackward = o.optimizerInBackward;
    if (o.masterWeights && o.mode == TrainingMode::Full) // adapters train in their own dtype (the engine says so)
        c.masterWeights = true;
    c.lossChunks = o.lossChunks;
    if (o.evalBatch > 0)
        c.evalBatch = o.evalBatch;
    if (o.exportCopy)
        c.exportCopy = true;
    return c;
}

TrainingOptions trainingOptions(const training::TrainingRecipe& r, ScalarType compute)
{
    TrainingOptions o;
    o.mode = r.method == training::Method::Full ? TrainingMode::Full : TrainingMode::LoRA;
    o.framework = r.framework;
    o.masterWeights = r.masterWeights;
    o.activationType = compute;
    o.gradientType = compute;
    o.evalBatch = r.evalBatch;
    o.exportCopy = r.exportCopy;
    return resolvedOptions(o, r, compute);
}

TrainingOptions resolvedOptions(const TrainingOptions& o, const training::TrainingRecipe& r, ScalarType compute)
{
    TrainingOptions out = o;
    out.loraRank = r.rank;
    out.loraTargets.clear();
    for (const auto t : r.targets)
        out.loraTargets.emplace_back(training::loraTargetName(t));
    out.adapterType = r.adapterFp32 ? ScalarType::FP32 : compute;
    out.microBatch = r.microBatch;
    out.sequenceLength = r.sequenceLength;
    out.activationCheckpointing = r.checkpointing;
    out.gradAccum = r.gradAccum;
    out.lossChunks = r.lossChunks;
    out.pagedOptimizer = r.pagedOptimizer;
    out.optimizerInBackward = r.optimizerInBackward;
    if (!out.optimizer) {
        switch (r.optimizer) {
        case training::OptimizerKind::AdamW:
            out.optimizer = Optimizer::AdamW;
            break;
        case training::OptimizerKind::AdamW8bit:
            out.optimizer = Optimizer::Adam8bit;
            break;
        case training::OptimizerKind::Sgd:
            out.optimizer = Optimizer::SGD;
            break;
        }
    }
    return out;
}

} // namespace iteragpu::sizing
