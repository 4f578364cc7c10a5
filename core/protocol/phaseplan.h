// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::protocol {

enum class PhaseKind : int {
    ModelLoad, // weights and biases allocated and filled
    Inputs, // the synthetic batch (and, in training, its target)
    ColdForward, // first forward pass
    Warmup, // N forward passes (inference) or N training steps, one record
    WarmForward, // one forward pass per record
    StepForward, // first training step, split in four records
    StepLoss,
    StepBackward,
    StepAccumulate, // decoder training: the first step's other micro-batches (forward, loss, backward each)
    StepOptimizer, // AdamW states are created here, lazily
    WarmStep, // one whole training step per record
    Evaluation, // its own batch, forward without gradients
    Export, // weights copied to the host
    // The decoder workload (inference only):
    Prefill, // the whole prompt through every layer, K and V into the cache, logits of the last position
    Decode, // `iterations` generated tokens (one record per RunConfig::decoder->decodeChunk steps)
    WarmPrefill, // the cache of the previous generation released (static: reset in place), a prefill again
    // vLLM's start-up rehearsal (RunConfig::vllm, Note [vLLM rehearsal]); its first phase is ModelLoad:
    ProfileRun, // the dummy forward at --max-num-batched-tokens and the dummy sampler, freed after
    KvCacheAlloc, // the KV pool of the plan
    GraphCapture, // CUDA graphs (not with --enforce-eager): their pool is not modelled, nothing allocated
    Serve, // the requests admitted from the pool's blocks
};

struct PlannedPhase {
    int index = 0;
    PhaseKind kind = PhaseKind::ModelLoad;
    std::string name; // as written in the result file
    std::optional<std::uint32_t> repeat;
    std::uint32_t iterations = 1;
    bool emptyCacheBefore = false; // RunConfig::emptyCacheBetweenRepeats, warm repeats only
};

// The order of trials of a run, the same for the workload, the predictor and the result file.
//   inference: model_load, inputs, cold_forward, warmup (if warmup > 0), warm_forward x repeats
//   training:  model_load, inputs, first_step.forward, first_step.loss, first_step.backward,
//              first_step.optimizer, warmup (if warmup > 0), warm_step x repeats, evaluation, export
//   decoder:   model_load, inputs, prefill, decode x ceil(generated / chunk) (repeat = chunk index when chunked),
//              warmup (if warmup > 0: `warmup` warm prefills in one record), warm_prefill x repeats
//   vLLM (RunConfig::vllm): model_load, profile_run, kv_cache_alloc, cuda_graph_capture (not with --enforce-eager),
//              serve
//   decoder training (DECODER.md, "Training"): model_load, inputs, first_step.forward, first_step.loss,
//              first_step.backward, first_step.accumulate (gradAccum - 1 micro-batches, when > 1),
//              first_step.optimizer (unless stepped in the backward), warmup (whole steps), warm_step x repeats,
//              eval (with an eval batch), checkpoint_save (with an export copy)
std::vector<PlannedPhase> planPhases(const RunConfig& config);

// "x [2, 128, 1024] float32, W1 [1024, 4096] ..." and the dimensions of one planned phase.
std::string phaseInputs(const RunConfig& config, const PlannedPhase& phase);
std::vector<Dimension> phaseDimensions(const RunConfig& config, const PlannedPhase& phase);

} // namespace iteragpu::protocol
