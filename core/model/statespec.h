// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace iteragpu::model {

// A recurrent state layer: it keeps a fixed-size state per sequence instead of a cache that grows with the
// tokens (vLLM's MambaSpec). Mamba (Jamba), Mamba2 (Nemotron-H, Granite-4.0-H) and gated DeltaNet (Qwen3-Next's
// linear attention).
struct StateSpec {
    enum class Kind { None, Mamba, Mamba2, GatedDeltaNet };

    Kind kind = Kind::None;
    std::uint64_t inner = 0; // Mamba/Mamba2: d_inner (expand x hidden, or heads x head_dim); DeltaNet: value dim
    std::uint64_t stateSize = 0; // Mamba/Mamba2: d_state
    std::uint64_t convKernel = 0; // d_conv / linear_conv_kernel_dim
    std::uint64_t heads = 0; // Mamba2: mamba heads; DeltaNet: value heads
    std::uint64_t groups = 0; // Mamba2: n_groups (B and C shared per group)
    std::uint64_t headDim = 0; // Mamba2: mamba head dim; DeltaNet: value head dim
    std::uint64_t dtRank = 0; // Mamba: time_step_rank
    std::uint64_t keyHeads = 0; // DeltaNet: key heads
    std::uint64_t keyHeadDim = 0; // DeltaNet: key head dim
    bool convBias = false;
    bool projBias = false; // in_proj / out_proj biases
    bool dtNorms = false; // Jamba: RMSNorms on dt, B and C

    // Elements of the conv state of one sequence (channels x kernel, transformers' cache keeps the whole kernel)
    // and of the recurrent state; the caller multiplies by the state's bytes. Throws on overflow.
    std::uint64_t convStateElements() const;
    std::uint64_t recurrentStateElements() const;
    std::uint64_t convChannels() const;
};

} // namespace iteragpu::model
