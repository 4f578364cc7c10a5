// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/vllmplan.h"

#include <nlohmann/json.hpp>
#include <string>

namespace iteragpu::engines {

// The JSON and text forms of a VllmPlan, shared by every front end (`estimate --engine vllm` prints them).
// JSON (the `engine` object of iteragpu.estimate/2), per GPU, sizes in bytes: {"name": "vllm", "version",
// "starts", "reason" (null or vLLM's refusal), "weights_bytes", "activation_peak_bytes", "non_torch_bytes",
// "cuda_graph_bytes" (null: not modelled), "kv_cache_bytes" (signed: negative when nothing is left for the
// cache), "kv_cache_tokens", "max_concurrency" (for max_model_len), "largest_max_model_len" (null: none starts),
// "total_bytes", "total_is_usable", "requested_bytes", "gpu_memory_utilization", "max_model_len",
// "max_num_seqs", "max_num_batched_tokens", "block_size", "tensor_parallel", "pipeline_parallel",
// "pipeline_stage", "assumptions": [text]}. A figure the plan did not reach (refused before sizing) is null.
class VllmPlanReport {
public:
    static nlohmann::json toJson(const VllmPlan& plan);
    // A "vLLM plan" block naming each figure as vLLM's own start-up lines do ("Model loading took X GiB",
    // "Available KV cache memory", "GPU KV cache size: N tokens", "Maximum concurrency for N tokens per request").
    static std::string toText(const VllmPlan& plan);
};

} // namespace iteragpu::engines
