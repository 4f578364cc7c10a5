// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/phaselabels.h"

#include <array>
#include <functional>
#include <set>
#include <utility>

namespace iteragpu::sizing {

i18n::Term phaseLabel(std::string_view id)
{
    // The ids SizingEngine::estimate gives its phases (core/sizing/sizingengine.cpp).
    static const std::array<std::pair<const char*, const char*>, 17> table { {
        { "inference", ITERAGPU_TRANSLATE_NOOP("Phase", "inference") },
        { "prefill", ITERAGPU_TRANSLATE_NOOP("Phase", "prefill") },
        { "decode", ITERAGPU_TRANSLATE_NOOP("Phase", "decode") },
        { "train_step", ITERAGPU_TRANSLATE_NOOP("Phase", "training step") },
        { "generation", ITERAGPU_TRANSLATE_NOOP("Phase", "generation") },
        { "evaluation", ITERAGPU_TRANSLATE_NOOP("Phase", "evaluation") },
        { "export", ITERAGPU_TRANSLATE_NOOP("Phase", "export copy") },
        // A training step sized from the decoder's inventory (DecoderTrainingSizer), named as the run names them.
        { "model_load", ITERAGPU_TRANSLATE_NOOP("Phase", "model load") },
        { "inputs", ITERAGPU_TRANSLATE_NOOP("Phase", "inputs") },
        { "first_step.forward", ITERAGPU_TRANSLATE_NOOP("Phase", "first step: forward") },
        { "first_step.loss", ITERAGPU_TRANSLATE_NOOP("Phase", "first step: loss") },
        { "first_step.backward", ITERAGPU_TRANSLATE_NOOP("Phase", "first step: backward") },
        { "first_step.accumulate", ITERAGPU_TRANSLATE_NOOP("Phase", "first step: accumulation") },
        { "first_step.optimizer", ITERAGPU_TRANSLATE_NOOP("Phase", "first step: optimizer") },
        { "warm_step", ITERAGPU_TRANSLATE_NOOP("Phase", "warm step") },
        { "eval", ITERAGPU_TRANSLATE_NOOP("Phase", "evaluation") },
        { "checkpoint_save", ITERAGPU_TRANSLATE_NOOP("Phase", "checkpoint save") },
    } };
    for (const auto& [key, label] : table)
        if (id == key)
            return { kPhaseContext, label };
    // Not a table entry: shown as it is. The Term keeps a pointer, so the id is kept here (std::set: its nodes
    // never move, so the pointer stays valid), as componentLabel does.
    static thread_local std::set<std::string, std::less<>> unknown;
    return { "", unknown.emplace(id).first->c_str() };
}

std::string phaseLabelEnglish(std::string_view id) { return phaseLabel(id).source; }

} // namespace iteragpu::sizing
