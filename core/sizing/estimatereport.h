// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/estimate.h"
#include "core/sizing/fitanalyzer.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// Text and JSON forms of an Estimate, shared by the CLI and the GUI's export.
// JSON: {"parameters": int, "parameter_source", "tensor_parallel", "<component id>": {"bytes", "gb", "gib"} or
// null when not computed, "reserve": {"bytes", "gb", "gib", "typed": x, "unit": "GiB"}, "sum_of_components",
// "largest_phase": {"name", "bytes", "gb", "gib"}, "total" (largest phase + reserve), "total_sum_of_components",
// "phases": [...], "assumptions": [text], "fit": [verdicts] when given}.
class EstimateReport {
public:
    static nlohmann::json toJson(const Estimate& estimate, const std::vector<FitVerdict>& verdicts = {});
    // Lines like "weights           14 000 000 000 bytes = 14.00 GB = 13.04 GiB".
    // `afterTotal`: lines written after the total, before the fit verdicts (the CLI's "on the device" block).
    static std::string toText(
        const Estimate& estimate, const std::vector<FitVerdict>& verdicts = {}, const std::string& afterTotal = {});
    static nlohmann::json sizeJson(std::uint64_t bytes); // {"bytes", "gb", "gib"}
};

} // namespace iteragpu::sizing
