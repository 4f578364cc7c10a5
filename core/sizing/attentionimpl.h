// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>

namespace iteragpu::sizing {

// How attention is computed, as far as memory goes. Eager materialises the scores [B, heads, queries, keys] (and
// a float32 softmax); sdpa (PyTorch's scaled_dot_product_attention with a fused kernel: FlashAttention or the
// memory-efficient one) keeps no queries x keys matrix.
enum class AttentionImpl { Eager, Sdpa };

const char* attentionImplName(AttentionImpl attention); // "eager", "sdpa"
std::optional<AttentionImpl> attentionImplFromName(const std::string& name); // case-insensitive; "flash" = sdpa

} // namespace iteragpu::sizing
