// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/model/modelshape.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::model {

// The model's layers grouped by what they are, for the sizing panel, the estimate's text and JSON, the Why view
// and the decision sheet: "62 layers: 52 sliding-window attention (window 1 024), 10 full attention", the MoE,
// total and active parameters, the parts counted apart.
struct ArchitectureSummary {
    struct Group {
        std::string kind; // "full", "sliding", "chunked", "mla", "mamba", "mamba2", "gated_deltanet", "mlp"
        std::uint64_t layers = 0;
        std::uint64_t window = 0; // sliding / chunked
    };
    std::string architecture;
    std::uint64_t layers = 0;
    std::vector<Group> groups; // in order of first appearance
    std::uint64_t moeLayers = 0;
    std::uint64_t experts = 0;
    std::uint64_t expertsPerToken = 0;
    std::uint64_t sharedExperts = 0;
    ParameterBreakdown parameters;
    std::vector<ModelPart> apart;

    static ArchitectureSummary of(const ModelShape& shape);
    // One message per line, for every front end (english() for the CLI).
    std::vector<i18n::Message> lines() const;
    static i18n::Term kindTerm(const std::string& kind);
};

} // namespace iteragpu::model
