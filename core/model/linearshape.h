// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

namespace iteragpu::model {

// One kind of linear (matrix) weight of a decoder, e.g. "q_proj" [in = hidden, out = heads x head_dim], present
// `count` times in the whole model (layers, or layers x experts for expert MLPs).
struct LinearShape {
    // What the linear belongs to: a storage format may treat them apart (MXFP4 quantizes the experts only).
    enum class Role { Attention, Mlp, Expert, Router, State };

    std::string module; // "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj", "router", ...
    std::uint64_t in = 0;
    std::uint64_t out = 0;
    std::uint64_t count = 0;
    bool hasBias = false;
    Role role = Role::Attention;
};

} // namespace iteragpu::model
