// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/vllmoptions.h"
#include "core/engines/vllmplan.h"
#include "core/i18n/message.h"

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::protocol {

struct DecoderSpec;
struct RunConfig;

// Note [vLLM rehearsal]: `measure --engine vllm` (RunConfig::vllm) replays vLLM's start-up on one device, phase
// by phase, with no vLLM installed (core/workloads/VLLM.md):
//   model_load          the decoder's weights (the planner's "Model loading took"), random as vLLM's dummy load
//   profile_run         the decoder's prefill of one sequence of --max-num-batched-tokens tokens (its kernels, its
//                       allocations), then the dummy sampler's logits of min(--max-num-seqs, those tokens) rows
//                       (model dtype, their fp32 copy, the probabilities); all freed, then empty_cache()
//   kv_cache_alloc      the pool of the plan: VllmPlan::kvTensorBytes, one tensor each, as vLLM allocates them;
//                       when the plan does not start, this phase fails with vLLM's refusal and the run ends
//   cuda_graph_capture  (not with --enforce-eager) the graphs' memory of the plan (Note [vLLM CUDA graphs]): the
//                       graph pool's tensors and the capture stream's cuBLAS workspace, kept through serve, and the
//                       eager warm-up's tensors beside them, freed; the driver's graph memory is not modelled
//   serve               --sequences requests of --prompt-tokens + --generated tokens admitted from the pool's
//                       blocks; a request longer than --max-model-len is rejected and one the free blocks cannot
//                       hold waits, each counted, never clamped
// The plan is made once, on the device's total as the run will see it (planVllmRun), and travels in the
// configuration, so the workload, its predictor and the result file read the same figures.
struct VllmRun {
    engines::VllmOptions options; // as given; tensorParallel and pipelineParallel 1 (one device)
    engines::VllmPlan plan; // VllmPlanner's, on `options` and the device's total
    bool planned = false; // planVllmRun ran
};

// vLLM's dtype for an unquantized checkpoint: --dtype, or auto (a float16 config stays float16, anything else runs
// in bfloat16), as the decoder's weights storage ("bf16", "fp16", "fp32").
std::string vllmWeightStorageName(const engines::VllmOptions& options, const std::string& torchDtype);

// What one device cannot rehearse of these options and this model (tensor or pipeline parallelism, --quantization,
// quantized or recurrent-state models, a training run), one line; nullopt when it can.
std::optional<i18n::Message> vllmRehearsalRefusal(const RunConfig& config);
// The same in English: empty when it can.
std::string vllmRehearsalProblem(const RunConfig& config);

// vLLM's rehearsal of `options` over config's decoder, for the CLI's --engine vllm and the window's engine picker
// alike: the options kept (the plan still to be made on the device's total, planVllmRun), and the weights of an
// unquantized checkpoint stored in vLLM's dtype (--dtype, or auto from the config's torch_dtype) with the compute
// type that follows. config.decoder must be set.
void attachVllm(RunConfig& config, engines::VllmOptions options);

// validateConfig before the device is known: a vLLM rehearsal not planned yet is held to what one device can
// rehearse (vllmRehearsalProblem) and its decoder to validateConfig without vLLM; anything else to validateConfig.
// nullopt when valid; validateBeforePlan: its English, empty when valid.
std::optional<i18n::Message> refusalBeforePlan(const RunConfig& config);
std::string validateBeforePlan(const RunConfig& config);

// Plans vLLM's start-up of config.decoder's model (its weights' storage vLLM's dtype, --dtype auto resolved to it in
// config.vllm->options) on a device of totalBytes (the device's CUDA-visible total as
// the run will open it) into config.vllm->plan. Throws units::InputError (the planner's one-line reasons).
void planVllmRun(RunConfig& config, std::uint64_t totalBytes);

// The decoder the profile run drives: the run's model, one sequence of the plan's --max-num-batched-tokens tokens,
// no decode, a dynamic cache and SDPA (vLLM's attention keeps no scores).
RunConfig vllmProfileConfig(const RunConfig& config);

// The serve phase's accounting of config.decoder's requests in the pool (Note [vLLM rehearsal]).
struct VllmAdmission {
    std::uint64_t requests = 0;
    std::uint64_t requestTokens = 0; // prompt + generated, each
    std::uint64_t blocksPerRequest = 0;
    std::uint64_t poolBlocks = 0; // the plan's num_blocks
    std::uint64_t admitted = 0;
    std::uint64_t waitingForBlocks = 0; // the free blocks could not hold them: they wait for blocks
    std::uint64_t waitingForSeqs = 0; // --max-num-seqs requests already running: they wait for a slot
    std::uint64_t rejected = 0; // longer than --max-model-len
    std::uint64_t blocksUsed = 0;
};
VllmAdmission vllmAdmission(const RunConfig& config);

} // namespace iteragpu::protocol
