// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// One fine-tuning step of a decoder as the user runs it: what is trained (the whole model, LoRA adapters on a
// bf16 base, or on an NF4 base), the micro-batch, the optimizer and the framework habits that change memory.
// The decoder workload measures it (core/workloads/DECODER.md, "Training"), its predictor replays it and the
// CLI and the window fill it. Plain values; validateRecipe() says what cannot run.
namespace iteragpu::training {

enum class Method : int { Full = 0, Lora = 1, Qlora = 2 };
const char* methodName(Method method); // "full", "lora", "qlora"
std::optional<Method> methodFromName(const std::string& name);

enum class OptimizerKind : int { AdamW = 0, AdamW8bit = 1, Sgd = 2 };
// "adamw" (two moments per trainable element, in its dtype, as torch.optim.AdamW's zeros_like), "adam8bit"
// (bitsandbytes: two uint8 moments and a float32 absmax per block of 2048), "sgd" (no state)
const char* optimizerKindName(OptimizerKind kind);
std::optional<OptimizerKind> optimizerKindFromName(const std::string& name);

// The linears a LoRA adapter can sit on, in the order of a layer (DECODER.md, "Training").
enum class LoraTarget : int { QProj = 0, KProj, VProj, OProj, GateProj, UpProj, DownProj };
inline constexpr int kLoraTargetCount = 7;
const char* loraTargetName(LoraTarget target); // "q_proj", ..., "down_proj"
std::optional<LoraTarget> loraTargetFromName(const std::string& name);
// "q_proj,v_proj" (or "all-linear") into targets in layer order without repeats; the first bad name otherwise.
struct TargetList {
    std::vector<LoraTarget> targets;
    std::string error;
};
TargetList parseLoraTargets(const std::string& commaSeparated);
std::string loraTargetList(const std::vector<LoraTarget>& targets); // "q_proj,v_proj"

enum class Framework : int { Hf = 0, Torchtune = 1 };
const char* frameworkName(Framework framework); // "hf", "torchtune"
std::optional<Framework> frameworkFromName(const std::string& name);

struct TrainingRecipe {
    Method method = Method::Lora;
    Framework framework = Framework::Hf; // the profile the defaults came from (FrameworkProfile)
    std::vector<LoraTarget> targets { LoraTarget::QProj, LoraTarget::VProj };
    std::uint64_t rank = 8;
    bool adapterFp32 = true; // LoRA A and B (and their gradients and states) in float32, else in the compute dtype
    std::uint64_t microBatch = 2; // sequences per forward
    std::uint64_t sequenceLength = 2048; // tokens per sequence
    std::uint64_t gradAccum = 1; // micro-batches per optimizer step
    bool checkpointing = false; // activation checkpointing of every layer
    OptimizerKind optimizer = OptimizerKind::AdamW;
    bool pagedOptimizer = false; // optimizer states in host memory (paged); the device holds none
    bool optimizerInBackward = false; // each parameter stepped as its gradient is ready, then its gradient freed
    bool masterWeights = false; // full only: a float32 copy of 16-bit weights, stepped, then copied back
    std::uint64_t lossChunks = 0; // 0: the loss over the whole logits; n: chunked cross-entropy in n pieces
    std::uint64_t evalBatch = 0; // 0: no eval phase; else sequences of one no-grad forward
    bool exportCopy = false; // checkpoint_save: a 16-bit copy of the weights (or of the adapters)
    // torch.compile (Inductor's fusions): the RMSNorms keep their input and rstd only, the gated MLP no act(g),
    // the cross-entropy one fused kernel per chunk (lse kept, no float32 logits) (DECODER.md, "Compiled")
    bool compiled = false;
};

inline constexpr std::uint64_t kMaxLoraRank = 65536;
inline constexpr std::uint64_t kMaxGradAccum = 4096;
inline constexpr std::uint64_t kMaxLossChunks = 1024;

// The one-line reason when the recipe cannot run (rank 0 with LoRA, no targets, master weights on an adapter, ...),
// nullopt when fine. The model-dependent limits (sizes within 2^63 bytes) are the run configuration's.
std::optional<i18n::Message> recipeRefusal(const TrainingRecipe& recipe);
// The same in English (the CLI, the sizing engine's errors): empty when fine.
std::string validateRecipe(const TrainingRecipe& recipe);

// Elements of the 8-bit optimizer's block: one float32 absmax per moment per block (bitsandbytes' blockwise
// quantization of the states).
inline constexpr std::uint64_t kAdam8bitBlock = 2048;

} // namespace iteragpu::training
