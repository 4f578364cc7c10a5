// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/trainingestimate.h"
#include "core/sizing/trainingoptions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// Training components. With a shape the activations use Korthikanti et al. 2022 (see trainingestimator.cpp);
// without one (parameter count only) the activations, logits and LoRA sizes are not computed: LoRA then needs a
// shape and throws SizingError. tensorParallel divides what Megatron-style tensor parallelism divides.
class TrainingEstimator {
public:
    static TrainingEstimate estimate(std::uint64_t parameters, const model::ModelShape* shape,
        const TrainingOptions& options, std::uint64_t tensorParallel = 1);
    // LoRA adapter parameters: sum over target modules of rank x (in + out) x count. Throws for an unknown target.
    static std::uint64_t loraParameters(
        const model::ModelShape& shape, std::uint64_t rank, const std::vector<std::string>& targets);
    // Activations of one decoder layer kept for backward (Korthikanti et al. 2022, eq. 1/2), bytes. With sdpa the
    // s x s terms are left out and the float32 log-sum-exp per head and position is kept instead
    // (Note [Activation memory]).
    static std::uint64_t layerActivations(std::uint64_t sequence, std::uint64_t batch, std::uint64_t hidden,
        std::uint64_t heads, ScalarType type, std::uint64_t tensorParallel = 1,
        AttentionImpl attention = AttentionImpl::Eager);
};

} // namespace iteragpu::sizing
