// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/printable.h"

#include <cstddef>
#include <string>
#include <string_view>

// Helpers shared by the config.json and safetensors readers: nlohmann/json parses recursively, so nesting is
// bounded *before* parsing (a hostile file of 100 000 '[' would otherwise exhaust the stack), and messages that
// quote input are reduced to one printable line.
namespace iteragpu::model::jsonguard {

inline constexpr std::size_t kMaxDepth = 64;

// The deepest nesting of objects and arrays in text, strings and escapes skipped; stops counting past limit.
inline std::size_t nestingDepth(std::string_view text, std::size_t limit = kMaxDepth + 1)
{
    std::size_t depth = 0;
    std::size_t deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > deepest) {
                deepest = depth;
                if (deepest > limit)
                    return deepest;
            }
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

// One printable line, at most maxLength bytes (units::printable: controls escaped, never printed raw).
inline std::string oneLine(std::string_view text, std::size_t maxLength = 200)
{
    return units::printable(text, maxLength);
}

} // namespace iteragpu::model::jsonguard
