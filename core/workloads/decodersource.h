// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/protocol/runtypes.h"

#include <filesystem>
#include <string>

namespace iteragpu::workloads {

// From what a user names as the model to measure (the CLI's --model) to the decoder workload's description:
//   - "preset:ID", or a bare preset id or name of resources/presets when no file of that name exists;
//   - a config.json (any *.json that is not a safetensors index), or a folder holding a config.json;
//   - ORG/NAME[@REVISION], a model of the local Hugging Face cache (model::HfCache, never the network): its
//     snapshot's config.json, checked against its safetensors header when the weights are there; the source is
//     recorded as ORG/NAME@<commit>, so it names the very snapshot again;
//   - a .gguf file: the shape from its metadata (model::GgufReader::shape), the weights in bf16 unless a format
//     is chosen (the decoder builds random weights of the shape; it never reads a checkpoint's data);
//   - a .safetensors file or a model.safetensors.index.json. A header gives the tensors' shapes but not the
//     attention heads, so the config.json beside it (same folder) gives the shape, and the header is checked
//     against it (vocab, hidden, layers, q/k/v and MLP widths, lm_head); there is no header-only shape.
// No tensor data is ever read. The spec's defaults:
//   - storage: the quantization_config's format (resolve's storageChosen), else the config's torch_dtype
//     (bfloat16 -> bf16, float16 -> fp16, float32 -> fp32); for a safetensors source without torch_dtype, the
//     embedding's dtype in the header; bf16 otherwise;
//   - ropeTheta / normEps: the config's rope_theta / rms_norm_eps, else the family's default as Hugging Face's
//     config classes set it (familyRopeTheta, familyNormEps);
//   - tokens, sequences, cache and attention: DecoderSpec's own defaults, for the caller to override.
// Every failure throws units::InputError with one line: an unknown preset (the line lists the preset ids), an
// unreadable or malformed file, a safetensors file without a config.json beside it, a header that contradicts
// its config.
class DecoderSource {
public:
    // Presets from `presetFolder`, or from resources/presets (sizing::ResourcePaths) when it is empty; the
    // library is read only when the name is not a file.
    // assumeArchitecture: read a config.json of a model_type outside the table as this entry, on purpose
    // (model::ConfigReader::ReadOptions); the spec's shape then says so.
    // storageChosen: the caller sets the storage itself (--format); otherwise a config.json's (or preset's)
    // quantization_config gives it as the estimate reads it (sizing::QuantizedFormat: a gpt-oss config is mxfp4,
    // DeepSeek-V3's fp8-e4m3 with its 128 x 128 blocks), with its GPTQ/AWQ group and fp8 blocks; one that the
    // decoder cannot store throws units::InputError naming it.
    static protocol::DecoderSpec resolve(const std::string& named, const std::filesystem::path& presetFolder = {},
        const std::string& assumeArchitecture = {}, bool storageChosen = false);

    // The storage a shape's torch_dtype names; bf16 when it names none of fp32, fp16, bf16.
    static protocol::WeightStorage storageFor(const model::ModelShape& shape);

    // Hugging Face's defaults when a config has no rope_theta / rms_norm_eps: rope_theta 1e6 for mixtral, 10000
    // otherwise; rms_norm_eps 1e-5 for phi3 and mixtral, 1e-6 otherwise (llama, mistral, qwen2, gemma, gemma2 and
    // the families read as Llama-style).
    static double familyRopeTheta(const std::string& family);
    static double familyNormEps(const std::string& family);
};

} // namespace iteragpu::workloads
