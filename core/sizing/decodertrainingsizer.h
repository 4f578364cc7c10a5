// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/attentionimpl.h"
#include "core/sizing/trainingstepestimate.h"
#include "core/sizing/weightoptions.h"
#include "core/training/recipechoices.h"

#include <string>

namespace iteragpu::sizing {

// The peak of each phase of a decoder's training step in closed form, from the tensor inventory the decoder
// workload allocates (core/workloads/DECODER.md, "Training"; Note [Training step in closed form] in the .cpp):
// per layer, what the backward reads is kept, the rest is freed at its last use; each phase's peak is the largest
// of its stages' sums, split into named parts. The recipe is the user's choices over the framework's profile
// (training::resolveRecipe), and every part says which habit of the profile it rests on. Cheap: a few sums per
// layer and per trainable tensor, no allocation is replayed (the predictor's job).
class DecoderTrainingSizer {
public:
    struct Inputs {
        WeightOptions weights; // fp32, fp16, bf16, nf4 or nf4-dq; compute fp32, fp16 or bf16
        AttentionImpl attention = AttentionImpl::Sdpa;
        training::RecipeChoices choices; // the method follows the weights: QLoRA on nf4 and nf4-dq
        // torch.optim.SGD with momentum (the recipe's optimizer is then sgd): one buffer per parameter in its dtype.
        bool sgdMomentum = false;
    };

    // Why the inventory does not size this model or these weights (a layer the decoder does not build, MoE, a
    // storage format or compute type the decoder does not run, a full fine-tune of quantized weights), in one
    // line; empty when it does.
    static std::string unsupported(const model::ModelShape& shape, const Inputs& inputs);
    // Throws SizingError when unsupported() is not empty, when the recipe is invalid (training::validateRecipe) or
    // a size does not fit in 64 bits.
    static TrainingStepEstimate estimate(const model::ModelShape& shape, const Inputs& inputs);
};

} // namespace iteragpu::sizing
