// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"

#include <cstdint>
#include <optional>

// A Llama-shaped model for the benchmarks (vocab 32 000, full attention on every layer): Llama-2-7B is
// llamaShape(32, 4096, 32, 32, 11008), the 70B shape llamaShape(80, 8192, 64, 8, 28672).
inline iteragpu::model::ModelShape llamaShape(std::uint64_t layers, std::uint64_t hidden, std::uint64_t heads,
    std::uint64_t kvHeads, std::uint64_t intermediate)
{
    iteragpu::model::ModelShape m;
    m.family = "llama";
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.kvHeads = kvHeads;
    m.headDim = hidden / heads;
    m.intermediate = intermediate;
    m.vocab = 32000;
    m.layerWindows.assign(layers, std::nullopt);
    return m;
}
