// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/engines/llamacppplan.h"
#include "core/engines/vllmplan.h"
#include "core/i18n/message.h"

#include <vector>

namespace iteragpu::engines {

inline constexpr const char* kEngineContext = "Engine";

// An engine's start-up plan as translatable sentences, for the window and the decision sheet (the CLI prints
// VllmPlanReport's and LlamaCppPlanReport's text, which names each figure as the engine's own log lines do): the
// verdict first (starts, or the engine's own refusal), then the figures per GPU. A figure the plan does not model
// is said to be not modelled, never 0.
class EnginePlanSummary {
public:
    static i18n::Message verdict(const VllmPlan& plan);
    static std::vector<i18n::Message> lines(const VllmPlan& plan);
    // On a card of `capacityBytes` per device: llama.cpp reserves its buffers with cudaMalloc, which fails when a
    // device's model, KV and compute buffers exceed it (LlamaCppPlanReport::fit).
    static i18n::Message verdict(const LlamaCppPlan& plan, std::uint64_t capacityBytes);
    // True when it starts on that card (false also when whether it fits is not known).
    static bool starts(const LlamaCppPlan& plan, std::uint64_t capacityBytes);
    static std::vector<i18n::Message> lines(const LlamaCppPlan& plan);
};

} // namespace iteragpu::engines
