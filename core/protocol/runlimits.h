// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace iteragpu::protocol {

// Limits validateConfig holds a run configuration to; front ends read them, never copy them.
inline constexpr std::uint32_t kMaxRepeats = 1000000; // warm-up iterations or repeats (bounds the phase list)
inline constexpr std::uint64_t kMaxGeneratedTokens = std::uint64_t { kMaxRepeats } * 1000; // decoder: decode steps
// The dense network's batch, context and width, and the decoder's sequences and prompt tokens: the kernels index
// rows and columns as int.
inline constexpr std::uint64_t kMaxTensorDimension = 2147483647;

} // namespace iteragpu::protocol
