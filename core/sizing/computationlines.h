// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/attentionimpl.h"
#include "core/sizing/computationline.h"
#include "core/sizing/inferenceactivationestimate.h"
#include "core/sizing/kvcacheestimate.h"
#include "core/sizing/kvcacheoptions.h"
#include "core/sizing/reserve.h"
#include "core/sizing/trainingestimate.h"
#include "core/sizing/trainingoptions.h"
#include "core/sizing/weightestimate.h"
#include "core/sizing/weightoptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// The "How it is computed" lines, written once here and called by SizingEngine with the values it used.
// Note [Lines recompute]: each builder computes `bytes` again from the numbers it puts into the formula (not by
// copying the engine's result), so the test that compares a line's bytes with its component's bytes checks that
// the formula shown really gives the engine's number.
class ComputationLines {
public:
    static ComputationLine weightsFromBits(std::uint64_t parameters, std::uint64_t bits, std::uint64_t tp);
    static ComputationLine weightsFromCheckpoint(std::uint64_t storedBytes, std::size_t files, std::uint64_t tp);
    // The weights of a GGUF file as stored: `types` lists the ggml types and their tensor counts ("Q4_K x 193").
    static ComputationLine weightsFromGguf(std::uint64_t storedBytes, const std::string& types, std::uint64_t tp);
    static ComputationLine weightsFromFormat(const WeightEstimate& w, const WeightOptions& options, std::uint64_t tp);
    // `kv` as estimated (dimensions filled from the model, KV heads per device), kvHeadsAll before the split.
    // The recurrent layers' state (per-layer caches with state layers).
    static ComputationLine stateCache(const KvCacheOptions& kv, const KvCacheEstimate& k);
    static ComputationLine kvCache(
        const KvCacheOptions& kv, const KvCacheEstimate& k, std::uint64_t tp, std::uint64_t kvHeadsAll);
    // The training components in the engine's order (lora_adapters, gradients, optimizer_states, master_weights,
    // activations, logits, evaluation, export_copy), those the estimate has.
    static std::vector<ComputationLine> training(std::uint64_t parameters, const model::ModelShape* shape,
        const TrainingOptions& options, const TrainingEstimate& t, std::uint64_t tp);
    static ComputationLine reserve(const Reserve& reserve, std::uint64_t tp);
    // Inference activations (InferenceActivations): the largest stage of the prefill and of the last decode
    // step, each stage's bytes shown, and the largest quantized linear's dequantization buffer.
    static ComputationLine prefillActivations(const PassWorkingSet& p, AttentionImpl attention, std::uint64_t tp);
    static ComputationLine decodeActivations(const PassWorkingSet& p, AttentionImpl attention, std::uint64_t tp);
    static ComputationLine dequantization(const InferenceActivationEstimate& a, std::uint64_t tp);

    // "1 GiB" when exact, else "13.04 GiB" (C locale): the result in the chosen unit for the CLI.
    static std::string amount(std::uint64_t bytes, units::Unit unit);
};

} // namespace iteragpu::sizing
