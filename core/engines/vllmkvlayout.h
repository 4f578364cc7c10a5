// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::engines {

// Note [vLLM KV layout]: how vLLM's KV cache manager lays the cache out (vllm/v1/core/kv_cache_utils.py,
// get_kv_cache_groups, get_kv_cache_config_from_groups, _report_kv_cache_config,
// get_max_concurrency_for_kv_cache_config, _max_memory_usage_bytes_from_groups; kv_cache_interface.py's specs):
//  - every layer has a spec (full, sliding window, chunked local, MLA latent) whose page is block_size tokens of
//    that layer's K and V (MLA: its one latent vector per token);
//  - all layers alike: one group, num_blocks = available // page // layers;
//  - one kind but different pages (head counts differ by layer): one group, num_blocks = available // sum(pages);
//  - mixed kinds (Gemma-2/3, gpt-oss): pages unified by growing the block size of the smaller ones, layers grouped
//    by spec into groups of group_size layers (the smallest kind's count, or the largest when it is under 1.5x
//    the smallest; the last group of a kind padded), num_blocks = available // page // group_size, and the
//    "GPU KV cache size" is num_blocks // groups x the smallest block size;
//  - one request of max_model_len needs, per spec, cdiv(max_model_len, block) pages (full, MLA),
//    cdiv(min(window - 1 + max_num_batched_tokens, max_model_len), block) + 1 (sliding) or
//    cdiv(min(chunk + max_num_batched_tokens, max_model_len), block) (chunked).
// Recurrent state layers (Mamba, gated DeltaNet) are refused by the planner before this layout is built.
class VllmKvLayout {
public:
    struct Layer {
        enum class Kind { Full, Sliding, Chunked, Latent };
        Kind kind = Kind::Full;
        std::uint64_t bytesPerToken = 0; // K + V of one token in this layer (MLA: the latent), per GPU
        std::uint64_t window = 0; // Sliding, Chunked: tokens
    };

    // Groups of the whole model's layers (every pipeline stage's). Throws units::InputError when vLLM cannot
    // unify the pages (a page that does not divide the largest), with vLLM's words.
    static VllmKvLayout build(const std::vector<Layer>& layers, std::uint64_t blockSize);

    // The figures of the stage that holds layers [first, last), for `available` bytes of KV cache.
    struct StageFigures {
        std::uint64_t pageBytes = 0;
        std::uint64_t layersPerPool = 0;
        std::uint64_t groups = 0;
        std::uint64_t numBlocks = 0;
        std::uint64_t tokens = 0;
        std::uint64_t bytesPerRequest = 0; // what one request of maxModelLen needs (the start-up check)
        double maxConcurrency = 0.0;
        // The tensors vLLM allocates for the pool (KVCacheTensor): one per layer of one group (each its own page),
        // else layersPerPool tensors of one page per block, each shared by one layer of every group.
        std::vector<std::uint64_t> tensorBytes;
    };
    StageFigures stage(std::uint64_t first, std::uint64_t last, std::uint64_t available, std::uint64_t maxModelLen,
        std::uint64_t maxNumBatchedTokens) const;
    // What one request of maxModelLen tokens needs on that stage (vLLM's _max_memory_usage_bytes_from_groups).
    std::uint64_t bytesPerRequest(
        std::uint64_t first, std::uint64_t last, std::uint64_t maxModelLen, std::uint64_t maxNumBatchedTokens) const;

private:
    struct Spec {
        Layer::Kind kind = Layer::Kind::Full;
        std::uint64_t window = 0;
        std::uint64_t blockSize = 0; // tokens per block after the pages are unified
        std::uint64_t pageBytes = 0;
        std::uint64_t maxMemory(std::uint64_t maxModelLen, std::uint64_t maxNumBatchedTokens) const;
    };
    struct Group {
        Spec spec;
        std::vector<std::uint64_t> layers; // indices into the model's layers
    };
    std::vector<Layer> m_layers;
    std::vector<Spec> m_layerSpecs; // one per layer, blocks as given (before unifying)
    std::vector<Group> m_groups;
    bool m_uniformType = false; // one group whose layers' pages differ (UniformTypeKVCacheSpecs)
    std::uint64_t m_blockSize = 16;
};

} // namespace iteragpu::engines
