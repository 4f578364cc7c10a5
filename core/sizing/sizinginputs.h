// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/ggufsummary.h"
#include "core/model/modelshape.h"
#include "core/model/quantizationconfig.h"
#include "core/model/safetensorssummary.h"
#include "core/sizing/scalartype.h"
#include "core/sizing/sizingrequest.h"
#include "core/sizing/trainingoptions.h"
#include "core/sizing/weightformat.h"
#include "core/units/units.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

enum class SizingMode { Inference, LoRA, FullTraining };

// The user's choices as the front ends hold them (the CLI's options, the GUI's boxes), before any rule is
// applied. makeRequest() turns them into a SizingRequest, the same way for both front ends, so the same choices
// give the same totals.
//
// Model source, as in SizingRequest (first present wins for the parameter count): a shape (`shape`, or read from
// `presetId` / `configPath` when `shape` is empty), a checkpoint (`checkpoint`, or read from `safetensorsPath`),
// typed `parameters`. A preset and a config.json together are refused (two shapes).
//
// Note [Compute format]: `compute` is the type the forward and backward passes compute in. Its one meaning,
// applied by makeRequest for both front ends:
//   - weights are stored in `storage` (their bytes do not depend on `compute`; they are converted as used);
//   - activations (and the evaluation batch) are kept in `compute`;
//   - gradients are produced in `compute`, unless `gradientType` is given (the CLI's --grad-dtype), which wins:
//     the estimate from a parameter count. With a model shape the decoder's training step (DecoderTrainingSizer)
//     keeps each gradient and optimizer state in its parameter's dtype, as PyTorch does, and says so when a
//     gradient type given differs.
// Optimizer states, master weights (fp32), LoRA adapters (fp32 or `compute`) and logits keep their own types.
// Before, the GUI applied this while the CLI's --compute only labelled the weights (gradients and activations
// stayed bf16), so a training estimate with --compute fp32 differed between the two.
struct SizingInputs {
    // --- model source ---
    std::optional<std::uint64_t> parameters; // typed count
    std::optional<std::uint64_t> bits; // typed bits per parameter (1..64): parameters x bits / 8, no metadata
    std::string presetId; // a preset of resources/presets (id or name), read when `shape` is empty
    std::string configPath; // a Hugging Face config.json, read when `shape` is empty
    std::optional<model::ModelShape> shape; // the shape already loaded by the front end (preset or config.json)
    std::string safetensorsPath; // a .safetensors file, an index or a folder, read when `checkpoint` is empty
    std::optional<model::SafetensorsSummary> checkpoint;
    bool weightsFromCheckpoint = true; // a checkpoint's weights as stored (false: as `storage`)
    // What --model names, as for the measure command: a Hugging Face id ORG/NAME[@REVISION] of the local cache
    // (its config.json and safetensors, model::HfCache), a folder with a config.json (and its safetensors), a
    // config.json, a .safetensors file or index (the config.json beside it gives the shape), a .gguf file, or a
    // preset id ("preset:ID" or a bare id). Not together with presetId, configPath, safetensorsPath or ggufPath.
    std::string modelName;
    // A GGUF file (read when `gguf` is empty): the shape from its metadata (unless `shape` is set), the weights as
    // stored. Not together with a preset, a config.json or safetensors.
    std::string ggufPath;
    std::optional<model::GgufSummary> gguf;
    // The config.json's quantization_config: read with configPath / modelName, or set by a front end that loaded
    // `shape` itself. It gives the storage format unless storageChosen; a typed format that differs is named in
    // the estimate's assumptions.
    std::optional<model::QuantizationConfig> quantization;
    bool storageChosen = true; // false: no storage typed (the CLI without --format)
    // Read a config.json whose model_type the tool does not know as this architecture, on purpose (the CLI's
    // --assume-architecture); empty: such a config is refused.
    std::string assumeArchitecture;

    // --- formats ---
    WeightFormat storage = WeightFormat::FP16;
    ScalarType compute = ScalarType::BF16; // see Note [Compute format]; fp32, fp16, bf16 or fp8
    std::optional<std::uint64_t> blockSize; // NF4/FP4 absmax block (default 64)
    std::optional<std::uint64_t> groupSize; // GPTQ/AWQ group (default 128)

    // --- mode ---
    // Training: what is left nullopt (or empty) is not chosen and comes from the framework's profile
    // (training::resolveRecipe), as for `measure --mode training`. LoRA on nf4 or nf4-dq storage is QLoRA.
    SizingMode mode = SizingMode::Inference;
    training::Framework framework = training::Framework::Hf;
    std::optional<Optimizer> optimizer;
    bool masterWeights = false;
    std::optional<std::uint64_t> loraRank;
    std::vector<std::string> loraTargets; // empty: the framework's
    std::optional<bool> adapterFp32; // the adapters in float32 (true) or in the compute format (false)
    std::optional<std::uint64_t> microBatch;
    std::uint64_t sequenceLength = 2048;
    std::optional<bool> checkpointing;
    std::optional<std::uint64_t> gradAccum;
    std::optional<std::uint64_t> lossChunks; // 0: the whole logits
    std::optional<bool> pagedOptimizer;
    std::optional<bool> optimizerInBackward;
    std::optional<ScalarType> gradientType; // nullopt: the compute format
    std::uint64_t evalBatch = 0; // 0: no evaluation phase
    bool exportCopy = false;

    // --- KV cache (inference; in training it adds a generation phase) ---
    bool kvCache = false;
    std::optional<std::uint64_t> layers; // nullopt: from the model
    std::optional<std::uint64_t> kvHeads; // nullopt: from the model
    std::optional<std::uint64_t> headDim; // nullopt: from the model
    std::uint64_t promptTokens = 0;
    std::uint64_t generatedTokens = 0;
    std::uint64_t sequences = 1;
    ScalarType kvDtype = ScalarType::FP16;
    std::optional<std::uint64_t> kvBytesPerElement; // overrides kvDtype for a plain cache
    std::optional<std::uint64_t> slidingWindow; // one window for every layer, overrides the model's windows
    bool staticCache = false;
    std::optional<std::uint64_t> staticCapacity; // tokens; implies a static cache
    bool pagedCache = false; // blocks of 16 tokens (KvCacheOptions::paged); not with a static cache
    bool mlaLatent = false; // MLA layers cached as their latent (KvCacheOptions::mlaLatent)

    // --- attention (SizingRequest::attention): nullopt keeps the estimate without inference activations ---
    std::optional<AttentionImpl> attention;

    // --- reserve and devices ---
    double reserveValue = 0.0;
    bool reserveDefaulted = false; // reserveValue is kDefaultReserveGiB because none was typed
    units::Unit reserveUnit = units::Unit::GiB;
    // The exact bytes when the front end read the typed text itself (units::parseSize); else from reserveValue.
    std::optional<std::uint64_t> reserveBytes;
    std::uint64_t tensorParallel = 1;
};

// The one conversion of the user's choices into a request, used by the CLI and the GUI. Reads the preset,
// config.json or safetensors named but not yet loaded. Throws SizingError with one clear line on bad input
// (no model, bits out of range, a KV cache without tokens or without its dimensions, a compute format that is not
// a floating-point type, a bad reserve).
SizingRequest makeRequest(const SizingInputs& inputs);

} // namespace iteragpu::sizing
