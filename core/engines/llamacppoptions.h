// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::engines {

// llama.cpp's context and offload options, spelled and defaulted as `llama-cli` / `llama-server` spell them
// (common/arg.cpp, common/common.h), for the release LlamaCppPlanner::kModelledRelease names. A value left nullopt
// takes the release's default, resolved by the planner and said in the plan's assumptions.
struct LlamaCppOptions {
    enum class FlashAttention { Off, On, Auto }; // --flash-attn on|off|auto (default auto)
    // --cache-type-k / --cache-type-v (default f16); the block-quantized ones need rows that are whole blocks.
    enum class CacheType { F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, IQ4_NL };

    // --n-gpu-layers / -ngl: the repeating layers and the output layer to keep in VRAM (n_layer + 1 slots, the
    // output layer first). nullopt: "auto" (the default), sized here as every layer offloaded; --fit's lowering
    // of it to what the card holds is not modelled. A value above n_layer + 1 is clamped, as llama.cpp does.
    std::optional<std::uint64_t> nGpuLayers;
    std::uint64_t ctxSize = 0; // --ctx-size / -c: 0 = the model's trained context (n_ctx_train)
    std::uint64_t batchSize = 2048; // --batch-size / -b: logical batch (n_batch)
    std::uint64_t ubatchSize = 512; // --ubatch-size / -ub: physical batch (n_ubatch), min(n_batch, this)
    std::uint64_t parallel = 1; // --parallel / -np: sequences (n_seq_max); llama-server's "auto" is not modelled
    bool kvUnified = false; // --kv-unified: one KV stream shared by the sequences (else one stream each)
    FlashAttention flashAttn = FlashAttention::Auto;
    CacheType cacheTypeK = CacheType::F16;
    CacheType cacheTypeV = CacheType::F16;
    // --tensor-split / -ts: proportions per device (empty: an equal share each, as llama.cpp's default split by
    // free memory gives on identical empty cards).
    std::vector<double> tensorSplit;
    bool swaFull = false; // --swa-full: sliding-window layers keep a full-size cache
    std::uint64_t devices = 1; // GPUs used (split mode layer); 0: CPU only

    // The name llama.cpp gives a cache type on its command line and in its log: "f16", "q8_0".
    static const char* cacheTypeName(CacheType type);
};

} // namespace iteragpu::engines
