// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <string>
#include <string_view>
#include <vector>

namespace iteragpu::sizing {

inline constexpr const char* kComponentContext = "Component"; // the names of the breakdown's components

// The one table of component labels: id (as in Component::id and the JSON) -> translatable label. Used by the
// CLI, the breakdown, the decision sheet. Besides the engine's components it names "reserve" and "total".
struct ComponentLabel {
    const char* id;
    i18n::Term label;
};

const std::vector<ComponentLabel>& componentLabels();
// The label of `id`; an unknown id gets the Term {"", id} (shown as it is, never translated).
i18n::Term componentLabel(std::string_view id);
// componentLabel(id).source as a string: the English label for the CLI.
std::string componentLabelEnglish(std::string_view id);

} // namespace iteragpu::sizing
