// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::engines {

// What llama.cpp reserves at start-up (LlamaCppPlanner, Note [llama.cpp memory plan]), each figure meaning what
// the release's own start-up line means: "<dev> model buffer size", "<dev> KV buffer size", "<dev> compute buffer
// size", "CPU_Mapped model buffer size", "CUDA_Host compute buffer size". nullopt is a figure the plan does not
// model, never 0 in disguise.
struct LlamaCppPlan {
    struct Device {
        std::uint64_t layers = 0; // repeating layers on this device
        bool outputLayer = false; // the output layer (output_norm, output) is here
        std::uint64_t modelBufferBytes = 0; // "CUDA<i> model buffer size"
        std::uint64_t kvBufferBytes = 0; // "CUDA<i> KV buffer size"
        std::optional<std::uint64_t> computeBufferBytes; // "CUDA<i> compute buffer size"
    };

    std::string version; // the llama.cpp release whose behaviour is modelled
    std::vector<Device> devices; // one per GPU, in order
    std::uint64_t hostModelBufferBytes = 0; // "CPU_Mapped model buffer size": token embeddings, layers kept on the CPU
    std::uint64_t hostKvBufferBytes = 0; // "CPU KV buffer size": the KV of layers kept on the CPU
    std::optional<std::uint64_t> hostComputeBufferBytes; // "CUDA_Host compute buffer size"
    std::optional<std::uint64_t> hostBufferBytes; // the three above, when all are known
    std::uint64_t gpuLayers = 0; // -ngl in effect (after the clamp to n_layer + 1)
    std::uint64_t nCtx = 0; // n_ctx in effect (padded)
    std::uint64_t nCtxSeq = 0; // n_ctx_seq: the cells one sequence may use
    std::uint64_t kvCells = 0; // cells of a full-attention layer, every stream together
    std::optional<std::uint64_t> swaCells; // cells of a sliding-window layer, every stream together
    std::uint64_t nBatch = 0;
    std::uint64_t nUbatch = 0;
    bool flashAttention = false; // in effect
    std::uint64_t kBytes = 0; // "K (f16): X MiB", every layer
    std::uint64_t vBytes = 0; // "V (f16): X MiB", every layer
    bool starts = true;
    std::string reason; // empty when it starts; else llama.cpp's own error text
    std::vector<std::string> assumptions; // English, one line each

    std::uint64_t kvBufferBytes() const // "KV self size"
    {
        return kBytes + vBytes;
    }
};

} // namespace iteragpu::engines
