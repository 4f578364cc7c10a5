// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/vllmoptions.h"
#include "core/engines/vllmkvlayout.h"
#include "core/engines/vllmplan.h"
#include "core/sizing/sizingrequest.h"

#include <cstdint>
#include <vector>

namespace iteragpu::engines {

// Note [vLLM memory plan]: vLLM's start-up, per GPU, as the V1 engine does it (vllm/v1/worker/gpu_worker.py
// determine_available_memory, gpu_model_runner.py profile_run / _dummy_run / _dummy_sampler_run,
// vllm/v1/core/kv_cache_utils.py; Note [vLLM KV layout]):
//   requested  = the CUDA-visible total x --gpu-memory-utilization
//   weights    = the model as loaded on this GPU (its tensor-parallel shard and pipeline stage); MXFP4 experts
//                padded as vllm/model_executor/layers/quantization/mxfp4.py create_weights pads them for the
//                backend get_mxfp4_backend picks from the card's compute capability (Marlin, triton_kernels, FlashInfer)
//   activation = the torch peak increase of the profile run (vllm/utils/mem_utils.py memory_profiling: the
//                growth of torch's allocated_bytes.all.peak over the weights): the larger of one forward of
//                --max-num-batched-tokens tokens and, with its hidden states still held, the dummy sampler over
//                s = min(--max-num-seqs, those tokens) rows: compute_logits' s x vocab (padded to 64,
//                vocab_parallel_embedding.py) in the model's dtype, then Sampler.forward's float32 copy (none in
//                float32), and, as the dummy metadata asks top-k and top-p, FlashInfer's
//                top_k_top_p_sampling_from_logits (v1/sample/ops/topk_topp_sampler.py flashinfer_sample;
//                flashinfer/sampling.py, "top_k_first"): the top-k-masked float32 logits and their float32 softmax;
//                plus, held through both, a MoE's fused-MoE workspaces (fused_moe/modular_kernel.py
//                _allocate_buffers with TritonExperts.workspace_shapes, kept by v1/worker/workspace.py's manager)
//                and the cuBLAS workspace, which torch takes from its own allocator (CublasHandlePool.cpp)
//   non-torch  = what grows outside torch's allocator from the worker's first snapshot to the profile's end
//                (NCCL and the custom all-reduce at TP >= 2; at TP 1 nothing the plan can know: the kernel images
//                CUDA loads on first use, and NCCL's topology-dependent buffers, are not modelled)
//   KV pool    = requested - weights - activation - non-torch, cut into blocks of --block-size tokens
// then it starts when the pool holds one --max-model-len request. CUDA graphs are captured after the pool is
// allocated (not subtracted from it: Note [vLLM CUDA graphs]). The activation and non-torch figures are modelled
// from the tensors the run creates, not measured: the accuracy test (tst_vllmplan) says how close they come to
// published logs.
//
// Note [vLLM CUDA graphs]: after the KV pool, gpu_model_runner.py capture_model captures the model's CUDA graphs,
// and logs the free device memory it took ("Graph capturing finished in N secs, took X GiB"):
//   sizes      vllm/config/vllm.py _set_cudagraph_sizes: max = min(2 x --max-num-seqs, 512) (an architecture's
//              config may raise it: gpt-oss's GptOssForCausalLMConfig to 1024), then at most
//              --max-num-batched-tokens; the sizes [1, 2, 4] + range(8, 256, 8) + range(256, max + 1, 16) up to it
//   modes      cudagraph_mode FULL_AND_PIECEWISE (the default at -O2): every size as PIECEWISE graphs (the model
//              split at each attention, one graph per piece), and the uniform-decode sizes up to --max-num-seqs as
//              one FULL graph each; PIECEWISE only where an attention backend cannot be captured whole (chunked
//              local attention)
//   order      largest first, into one graph pool shared by every graph and both modes (vLLM: "FULL and PIECEWISE
//              graphs share the global pool ... the pool overlays their memory"), so the pool holds the largest
//              capture's buffers, the smaller graphs reusing them; each graph's output is a weak reference into
//              the pool (CUDAGraphOptions weak_ref_output), not a tensor of its own
//   warm-up    before each capture, cudagraph_num_of_warmups (1) eager forwards of that size, whose blocks torch's
//              caching allocator keeps until the empty_cache() after "took" is measured
//   workspace  the capture runs on its own stream (parallel_state.py graph_capture), which gets a cuBLAS workspace
//              of its own (PyTorch keeps one per handle and stream, CublasHandlePool.cpp)
// so took = warm-up + pool + workspace, with warm-up and pool one forward's live tensors at the largest size (the
// profile run's formula at that many tokens). Not modelled, and not knowable offline: the driver's device memory of
// each instantiated graph (its kernel nodes; vLLM's own profiler measures it, the "per-graph" MiB of its debug
// log), which makes the figure a lower bound. vLLM 0.19 does not take an estimate of the graphs from the KV pool
// (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS is False; its "Estimated CUDA graph memory" is only logged), so the
// graphs come out of what the request leaves once the profile run's activations are freed, then out of the card's
// memory above --gpu-memory-utilization: VllmPlan::cudaGraphFit.
class VllmPlanner {
public:
    static constexpr const char* kModelledRelease = "vLLM 0.19 (V1 engine)";

    // `request` gives the model (its shape is required) and its weights as the sizing engine reads them;
    // totalBytes the card's CUDA-visible total (GpuCard::capacityBytes()). Throws units::InputError on an
    // option out of range (utilization outside (0, 1], a zero count, TP not dividing the heads) or a model
    // the plan does not cover (recurrent state layers), one line each. A plan that does not start is a result
    // (starts false, vLLM's reason), not an exception.
    // requestTokens: lengths of requests to be served from the pool (VllmPlan::blocksPerRequest, one each).
    static VllmPlan plan(const sizing::SizingRequest& request, const VllmOptions& options, std::uint64_t totalBytes,
        bool totalIsUsable, const std::vector<std::uint64_t>& requestTokens = {});
    // Every attention layer's KV spec per GPU, as vLLM builds it from the model (what plan() gives VllmKvLayout):
    // sliding, chunked and MLA-latent layers keep their kind; KV heads split over TP, at least 1 (an MLA latent
    // whole); kvBytes per element. modelLayerOf, when given, gets each entry's model layer. Throws
    // units::InputError on a recurrent state layer (not modelled).
    static std::vector<VllmKvLayout::Layer> kvLayers(const model::ModelShape& shape, std::uint64_t tensorParallel,
        std::uint64_t kvBytes, std::vector<std::uint64_t>* modelLayerOf = nullptr);
};

} // namespace iteragpu::engines
