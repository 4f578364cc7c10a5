// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::engines {

// What `vllm serve` does with one GPU's memory at start-up, per GPU (the stage of the pipeline with the fewest
// KV blocks when --pipeline-parallel-size > 1), each figure meaning what the release's own start-up line means
// (VllmPlanner::kModelledRelease). nullopt is a figure the plan does not model, never 0 in disguise.
struct VllmPlan {
    std::string version; // the vLLM release whose behaviour is modelled
    std::uint64_t totalBytes = 0; // the card's CUDA-visible total (cudaMemGetInfo), the base of the utilization
    bool totalIsUsable = false; // totalBytes is CUDA's usable total; false: nvidia-smi's, as no usable one is known
    double gpuMemoryUtilization = 0.9;
    std::uint64_t requestedBytes = 0; // total x utilization: what this instance may use
    std::uint64_t weightsBytes = 0; // "Model loading took X GiB"
    std::uint64_t activationPeakBytes = 0; // "torch peak memory increase" of the profile run (+ the dummy sampler)
    std::uint64_t nonTorchBytes = 0; // "non-torch forward increase memory": cuBLAS, NCCL, custom all-reduce
    // "Graph capturing finished in N secs, took X GiB": the free memory the capture takes, after the KV pool (Note
    // [vLLM CUDA graphs]); 0 with --enforce-eager; nullopt: not sized. The parts it models, a lower bound of vLLM's
    // figure (the driver's memory of the instantiated graphs is not modelled).
    std::optional<std::uint64_t> cudaGraphBytes;
    std::int64_t kvCacheBytes = 0; // "Available KV cache memory": requested - weights - activation - non-torch (may be < 0)
    std::uint64_t pageBytes = 0; // one block of one layer (the unified page size)
    std::uint64_t layersPerPool = 0; // layers sharing one block id (group size of the hybrid allocator)
    std::uint64_t kvGroups = 0; // KV cache groups (1: one kind of attention)
    std::uint64_t numBlocks = 0; // KV blocks per layer
    std::uint64_t kvCacheTokens = 0; // "GPU KV cache size: N tokens"
    std::uint64_t maxModelLen = 0; // the --max-model-len in effect
    std::uint64_t maxNumSeqs = 0; // in effect
    std::uint64_t maxNumBatchedTokens = 0; // in effect
    std::uint64_t blockSize = 16; // --block-size, tokens per KV block
    std::uint64_t kvBytesPerRequest = 0; // one request of maxModelLen tokens, as vLLM counts it
    // The pool's tensors as vLLM allocates them (KVCacheTensor sizes, in order), numBlocks blocks each; their sum
    // is what the pool takes (at most kvCacheBytes).
    std::vector<std::uint64_t> kvTensorBytes;
    // For each length of VllmPlanner::plan's requestTokens, the blocks one request of that many tokens takes from
    // the pool, as vLLM's start-up check counts one of max_model_len (sliding and chunked layers their window).
    std::vector<std::uint64_t> blocksPerRequest;
    double maxConcurrency = 0.0; // "Maximum concurrency for maxModelLen tokens per request: Nx"
    std::optional<std::uint64_t> largestMaxModelLen; // the largest --max-model-len that starts (nullopt: none)
    std::uint64_t tensorParallel = 1;
    std::uint64_t pipelineParallel = 1;
    std::uint64_t stage = 0; // the pipeline stage these per-GPU figures describe
    // false: refused before the memory was sized (an option vLLM rejects first); every figure below `requestedBytes`
    // is then unknown, not 0.
    bool sized = false;
    bool starts = false;
    std::string reason; // empty when it starts; else vLLM's own refusal text, as it prints it
    // CUDA graphs (Note [vLLM CUDA graphs]): empty and 0 with --enforce-eager or a plan not sized.
    std::vector<std::uint64_t> cudaGraphSizes; // the batch sizes captured as PIECEWISE graphs, largest first
    std::uint64_t cudaGraphFullSizes = 0; // how many of them (the smallest) are captured as FULL decode graphs too
    // The eager warm-up's tensors at the largest size, freed but cached by torch's allocator until capture ends.
    std::vector<std::uint64_t> cudaGraphWarmupTensorBytes;
    // What the capture keeps through serving, in allocation order: the shared graph pool's buffers of the largest
    // capture (hidden states, residual, the widest layer's tensors, per-token metadata) and the capture stream's
    // cuBLAS workspace. cudaGraphBytes = the sum of both lists.
    std::vector<std::uint64_t> cudaGraphTensorBytes;
    // What the request leaves when the graphs are captured: requested - weights - non-torch - the KV tensors (the
    // profile run's activations are freed by then); nullopt: no graphs, or the plan does not start.
    std::optional<std::int64_t> cudaGraphRoomBytes;
    // Whether the graphs fit: within the request, beyond it (into the card's memory above --gpu-memory-utilization),
    // or beyond the card's total, an out-of-memory error at capture on a real card. None: no graphs, or the plan does
    // not start. A lower bound decides it (cudaGraphBytes), so BeyondRequest and OutOfMemory are certain, WithinRequest
    // is not.
    enum class GraphFit { None, WithinRequest, BeyondRequest, OutOfMemory };
    GraphFit cudaGraphFit = GraphFit::None;
    std::vector<std::string> assumptions; // English, one line each
};

} // namespace iteragpu::engines
