// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/ggufsummary.h"
#include "core/model/modelshape.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::engines {

// The weight tensors llama.cpp creates for a model, each with its ggml type and the layer slot that decides its
// buffer (src/llama-model.cpp load_tensors): the input layer (token_embd, always on the CPU), the repeating layers
// 0 .. n_layer-1, and the output layer n_layer (output_norm, output; a tied model gets token_embd duplicated there).
// From a GGUF file as stored (its tensor infos), or from a model shape and a GGUF file type, with llama.cpp's
// quantization rules for the types it picks per tensor (src/llama-quant.cpp llama_tensor_get_type).
class LlamaCppTensorList {
public:
    // The GGUF file types a config.json can be sized as (`--format`): what llama-quantize writes for them.
    enum class FileType { F32, F16, BF16, Q8_0, Q4_0, Q4_K_M, Q5_K_M, Q6_K };

    struct Tensor {
        std::string name; // "blk.3.attn_v.weight"
        std::int64_t layer = 0; // -1: the input layer; 0 .. n_layer-1; n_layer: the output layer
        std::uint64_t ne0 = 0; // elements of one row
        std::uint64_t rows = 1; // ne1 x ne2 x ne3
        std::uint32_t type = 0; // ggml_type
        std::uint64_t bytes = 0; // as stored: rows x the row's bytes
    };

    // "q4_k_m", "Q8_0", "f16", ... (case-insensitive); nullopt for anything else.
    static std::optional<FileType> fileTypeFromName(const std::string& name);
    static const char* fileTypeName(FileType type);

    // Throws units::InputError for a model whose layers llama.cpp builds otherwise than modelled here (MLA,
    // recurrent state layers), one line.
    static LlamaCppTensorList fromShape(const model::ModelShape& shape, FileType type);
    // The tensors of a GGUF file, placed by their names ("blk.N." -> layer N, token_embd -> input, the rest ->
    // output); `layers` is the model's n_layer.
    static LlamaCppTensorList fromGguf(const model::GgufSummary& gguf, std::uint64_t layers);

    const std::vector<Tensor>& tensors() const { return m_tensors; }
    std::uint64_t layers() const { return m_layers; }
    // Bytes of one row of `elements` of ggml type `type`; throws units::InputError when the row is not a whole
    // number of blocks or the type is unknown.
    static std::uint64_t rowBytes(std::uint32_t type, std::uint64_t elements);

private:
    std::vector<Tensor> m_tensors;
    std::uint64_t m_layers = 0;
};

} // namespace iteragpu::engines
