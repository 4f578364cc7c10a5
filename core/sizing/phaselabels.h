// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <string>
#include <string_view>

namespace iteragpu::sizing {

inline constexpr const char* kPhaseContext = "Phase"; // the names of the sizing engine's phases

// The one table of what the sizing engine's phases are called where a person reads them (the verdict's lines,
// the estimate's assumptions, the breakdown's tooltip, the sheet): id (Estimate::largestPhase, the JSON) ->
// translatable label. An unknown id gets the Term {"", id} (shown as it is, never translated).
i18n::Term phaseLabel(std::string_view id);

// phaseLabel(id).source as a string: the English label for the CLI.
std::string phaseLabelEnglish(std::string_view id);

} // namespace iteragpu::sizing
