// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/sizing/component.h"
#include "core/sizing/computationline.h"
#include "core/sizing/inferenceactivationestimate.h"
#include "core/sizing/kvcacheestimate.h"
#include "core/sizing/kvcacheoptions.h"
#include "core/sizing/phase.h"
#include "core/sizing/reserve.h"
#include "core/sizing/trainingstepestimate.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// The result of SizingEngine::estimate. With tensorParallel > 1 every byte count is per device.
struct Estimate {
    std::uint64_t parameters = 0;
    i18n::Message parameterSource; // "typed", "config.json (exact from shapes)", "safetensors header", preset id
    std::uint64_t tensorParallel = 1;
    std::vector<Component> components;
    std::vector<Phase> phases;
    Reserve reserve;
    std::uint64_t sumOfComponents = 0; // every component added once, reserve excluded
    std::uint64_t largestPhaseBytes = 0; // the most demanding phase, reserve excluded
    std::string largestPhase;
    std::vector<i18n::Message> assumptions; // english() for the CLI and JSON, translated in the GUI
    // "How it is computed": one line per component (in the order of `components`), then the reserve when > 0.
    std::vector<ComputationLine> computation;
    // The KV cache as estimated (dimensions filled from the shape, KV heads per device) and the inference
    // activations, when the request has them: what PhaseEstimator builds its phases from.
    std::optional<KvCacheOptions> kvCache;
    std::optional<InferenceActivationEstimate> inferenceActivations;
    // A training step sized from the decoder's tensor inventory (DecoderTrainingSizer), when the request has a
    // model shape the decoder builds: its phases (first_step.forward, ..., warm_step) are the estimate's phases,
    // and its parts the training components. nullopt: the parameter-count estimate (Korthikanti et al.).
    std::optional<TrainingStepEstimate> trainingStep;
    // The model's layers by kind, MoE, total and active parameters (model::ArchitectureSummary), when the model
    // is described by its layers; empty otherwise.
    std::vector<i18n::Message> architecture;
    nlohmann::json architectureJson; // the same for the JSON; null when empty
    // Per-layer caches only: the KV cache and state by layer kind (KvCacheEstimate::byKind).
    std::vector<KvCacheEstimate::KindTotal> kvByKind;

    // largestPhaseBytes + reserve: what must fit on each device (the "total" of the CLI and JSON).
    std::uint64_t total() const;
    // sumOfComponents + reserve: the convention of tools that add everything up.
    std::uint64_t totalSumOfComponents() const;
    const Component* find(const std::string& id) const;
    std::uint64_t bytesOf(const std::string& id) const; // 0 when absent or not computed
    // The id of the largest component of the largest phase.
    std::string dominantComponent() const;
};

} // namespace iteragpu::sizing
