// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/ggufsummary.h"
#include "core/model/modelshape.h"
#include "core/model/safetensorssummary.h"
#include "core/sizing/attentionimpl.h"
#include "core/sizing/kvcacheoptions.h"
#include "core/sizing/reserve.h"
#include "core/sizing/trainingoptions.h"
#include "core/sizing/weightoptions.h"

#include <cstdint>
#include <optional>

namespace iteragpu::sizing {

// Everything the engine needs, as plain values (the GUI keeps one and edits it as the user types).
// Parameter source, first present wins: shape (exact count from shapes), checkpoint (header element counts),
// parameters (typed). Weight bytes: `bits` when set (typed numbers, compact), else the checkpoint's stored
// bytes when weightsFromCheckpoint, else `weights.format`.
struct SizingRequest {
    std::optional<std::uint64_t> parameters; // typed
    std::optional<std::uint64_t> bits; // typed bits per parameter: parameters x bits / 8, no metadata
    std::optional<model::ModelShape> shape;
    std::optional<model::SafetensorsSummary> checkpoint;
    // A GGUF file's tensors: with weightsFromCheckpoint (and no checkpoint), the weights are its bytes as stored.
    std::optional<model::GgufSummary> gguf;
    bool weightsFromCheckpoint = true;
    WeightOptions weights;
    // The weights as the model's files store them (config.json's quantization_config, else its torch_dtype),
    // whatever `weights` was chosen to be: an engine that loads the checkpoint as stored (vLLM) sizes these, not
    // a format typed for a transformers load. nullopt: the files say neither (typed numbers, an unknown method).
    std::optional<WeightOptions> storedWeights;
    // weights.format is the config's torch_dtype, as measure stores the weights, because none was chosen.
    bool storageFromTorchDtype = false;
    std::optional<KvCacheOptions> kvCache; // inference KV cache; with a shape, zero fields are filled from it
    std::optional<TrainingOptions> training;
    // The attention implementation. Set: inference gets its activations per phase (prefill, decode, and the
    // dequantization buffer of quantized weights; with a shape and a KV cache) and training picks its activation
    // formula (eager: Korthikanti et al.; sdpa: without the s x s terms). nullopt: neither, the estimate as it was
    // before the choice existed (training as Korthikanti, which assumes no FlashAttention). Where a caller needs
    // one (PhaseEstimator), sdpa is the default.
    std::optional<AttentionImpl> attention;
    Reserve reserve;
    std::uint64_t tensorParallel = 1; // devices sharing one model; weights and KV heads are divided among them
};

} // namespace iteragpu::sizing
