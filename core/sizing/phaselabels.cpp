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
    static const std::array<std::pair<const char*, const char*>, 7> table { {
        { "inference", ITERAGPU_TRANSLATE_NOOP("Phase", "inference") },
        { "prefill", ITERAGPU_TRANSLATE_NOOP("Phase", "prefill") },
        { "decode", ITERAGPU_TRANSLATE_NOOP("Phase", "decode") },
        { "train_step", ITERAGPU_TRANSLATE_NOOP("Phase", "training step") },
        { "generation", ITERAGPU_TRANSLATE_NOOP("Phase", "generation") },
        { "evaluation", ITERAGPU_TRANSLATE_NOOP("Phase", "evaluation") },
        { "export", ITERAGPU_TRANSLATE_NOOP("Phase", "export copy") },
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
