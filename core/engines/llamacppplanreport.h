// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/llamacppoptions.h"
#include "core/engines/llamacppplan.h"

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace iteragpu::engines {

// The JSON and text forms of a LlamaCppPlan, shared by every front end (`estimate --engine llama.cpp` prints them).
// JSON (the `engine` object of iteragpu.estimate/2), sizes in bytes: {"name": "llama.cpp", "version", "starts",
// "fits", "reason" (null or why not), "device_capacity_bytes", "devices": [{"name": "CUDA<i>", "layers",
// "output_layer"}], "model_buffer_bytes", "kv_buffer_bytes", "compute_buffer_bytes" (arrays, one entry per device;
// a compute entry the plan does not model is null), "host_buffer_bytes": {"model", "kv", "compute" (null: not
// modelled), "total" (null unless all three are known)}, "kv_self_bytes", "k_bytes", "v_bytes", the settings in
// effect ("n_gpu_layers", "n_ctx", "n_ctx_seq", "kv_cells", "swa_cells" (null: no sliding-window layer), "n_batch",
// "n_ubatch", "n_seq_max", "kv_unified", "swa_full", "flash_attn", "cache_type_k", "cache_type_v",
// "tensor_split"), "assumptions": [text]}.
// fits: every device's model + KV + compute buffers are at most its capacity (a compute buffer not modelled counts
// as 0 and an assumption says so); starts: the plan starts (llama.cpp accepts the settings) and it fits.
class LlamaCppPlanReport {
public:
    // fits: every device's model + KV + compute buffers within its capacity; false as soon as the known ones
    // are not; nullopt when they are but a compute buffer is not modelled (unknown, never taken as 0).
    struct Fit {
        std::optional<bool> fits = true;
        std::string reason; // the first device that does not fit, with its figures; or why it is not known
        std::size_t device = 0; // that device (when fits is not true)
        std::uint64_t bufferBytes = 0; // its buffers as known (when fits is not true)
    };
    static Fit fit(const LlamaCppPlan& plan, std::uint64_t deviceCapacityBytes);

    static nlohmann::json toJson(
        const LlamaCppPlan& plan, const LlamaCppOptions& options, std::uint64_t deviceCapacityBytes);
    // A "llama.cpp plan" block naming each figure as llama.cpp's own start-up lines do ("CUDA0 model buffer size",
    // "CUDA0 KV buffer size", "CUDA0 compute buffer size", "CPU_Mapped model buffer size", "CUDA_Host compute buffer
    // size"), in MiB with 2 decimals.
    static std::string toText(
        const LlamaCppPlan& plan, const LlamaCppOptions& options, std::uint64_t deviceCapacityBytes);

};

} // namespace iteragpu::engines
