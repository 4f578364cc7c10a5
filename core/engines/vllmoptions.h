// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::engines {

// vLLM's start-up options, spelled and defaulted as `vllm serve` spells them (vllm/engine/arg_utils.py,
// vllm/config/cache.py, scheduler.py, parallel.py), for the release VllmPlanner::kModelledRelease names. A value
// left nullopt takes the release's own default, resolved by the planner (and said in the plan's assumptions).
struct VllmOptions {
    enum class KvCacheDtype { Auto, Fp8E4M3, Fp8E5M2 }; // --kv-cache-dtype auto | fp8 (= fp8_e4m3) | fp8_e5m2
    // --dtype auto | half, float16 | bfloat16 | float, float32. auto: the config's torch_dtype when it is 16-bit,
    // else bfloat16 (vLLM casts a float32 or untyped checkpoint down; vllm/config/model.py _resolve_auto_dtype).
    enum class Dtype { Auto, Float16, BFloat16, Float32 };

    double gpuMemoryUtilization = 0.9; // --gpu-memory-utilization, (0, 1]
    std::optional<std::uint64_t> maxModelLen; // --max-model-len; nullopt: the model's max_position_embeddings
    std::optional<std::uint64_t> maxNumSeqs; // --max-num-seqs; nullopt: 1024 on a card of >= 70 GiB (not A100), else 256
    std::optional<std::uint64_t> maxNumBatchedTokens; // --max-num-batched-tokens; nullopt: 8192 / 2048 likewise
    std::uint64_t blockSize = 16; // --block-size, tokens per KV block
    KvCacheDtype kvCacheDtype = KvCacheDtype::Auto;
    Dtype dtype = Dtype::Auto; // the model's dtype: unquantized weights, activations and an `auto` KV cache
    bool enforceEager = false; // --enforce-eager: no CUDA graphs captured
    std::string quantization; // --quantization: "" (the checkpoint's own) or "fp8" (runtime, weights to fp8)
    std::uint64_t tensorParallel = 1; // --tensor-parallel-size / --tp
    std::uint64_t pipelineParallel = 1; // --pipeline-parallel-size / --pp
    std::string cardName; // the device name, lower-cased by the planner: "a100" in it keeps the smaller defaults
};

// --dtype and --kv-cache-dtype as `vllm serve` spells them ("auto", "float16", "bfloat16", "float32"; "auto",
// "fp8_e4m3", "fp8_e5m2"): the words `measure --engine vllm` reads and the result file writes.
const char* vllmDtypeName(VllmOptions::Dtype dtype);
const char* vllmKvCacheDtypeName(VllmOptions::KvCacheDtype dtype);

} // namespace iteragpu::engines
