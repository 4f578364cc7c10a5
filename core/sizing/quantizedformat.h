// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/model/quantizationconfig.h"
#include "core/sizing/weightformat.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::sizing {

// The storage format a config.json's quantization_config names, so a quantized checkpoint is sized as stored
// without --format: bitsandbytes 8-bit -> int8; 4-bit nf4 / fp4 (block 64), with double quantization -> nf4-dq
// (fp4 with double quantization has the same layout); GPTQ / AWQ 4-bit -> gptq-int4 / awq-int4 with their group
// (group_size -1: one group per row); fp8 -> fp8-e4m3 / fp8-e5m2; compressed-tensors float 8-bit -> fp8-e4m3,
// int 8-bit -> int8, int 4-bit -> awq-int4's layout (a scale and a packed zero per group).
struct QuantizedFormat {
    WeightFormat format = WeightFormat::FP16;
    std::optional<std::uint64_t> groupSize; // GPTQ/AWQ group; nullopt: the format's default
    std::optional<std::uint64_t> blockSize; // NF4/FP4 block
    std::optional<std::uint64_t> fp8BlockRows; // fp8 weight_block_size
    std::optional<std::uint64_t> fp8BlockColumns;
    std::vector<i18n::Message> notes; // where the layout is an approximation of what is stored

    // Throws SizingError with one line for a configuration no format here stores (GPTQ 3-bit, ...): the user then
    // chooses one with --format.
    static QuantizedFormat fromConfig(const model::QuantizationConfig& config);
};

} // namespace iteragpu::sizing
