// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/vllmoptions.h"
#include "core/model/modelshape.h"
#include "core/sizing/scalartype.h"
#include "core/sizing/weightformat.h"

#include <QString>
#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::gui {

// The model of the sizing panel as the workload form measures it: the shape the sizing engine reads (a preset or
// a config.json), where it came from, the storage and compute formats chosen there, and the KV box's tokens and
// sequences (0 where the box gives none). A value copy: the form never reaches into the sizing panel.
struct SizedModel {
    model::ModelShape shape;
    QString name; // as shown: the preset's name ("Llama-2-7B") or the config file's name
    std::string source; // DecoderSpec::modelSource: "preset:llama-2-7b" or the config.json's path
    sizing::WeightFormat format = sizing::WeightFormat::BF16;
    sizing::ScalarType compute = sizing::ScalarType::BF16;
    std::uint64_t groupSize = 128; // gptq-int4 / awq-int4: the format box's group
    // fp8: the scale blocks the sizing engine resolved (a config's weight_block_size when the format chosen is the
    // file's); 0 x 0 = one scale per tensor.
    std::uint64_t fp8BlockRows = 0;
    std::uint64_t fp8BlockColumns = 0;
    std::uint64_t promptTokens = 0;
    std::uint64_t generated = 0;
    std::uint64_t sequences = 0;
    bool staticCache = false; // the KV box's "static cache"
    // The serving-engine box's vLLM options while vLLM is chosen there (its tensor-parallel degree the panel's; the
    // card's name left to the run's device), for a rehearsal of vLLM's start-up; nullopt for any other engine.
    std::optional<engines::VllmOptions> vllm;
};

} // namespace iteragpu::gui
