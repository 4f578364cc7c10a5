// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

// Text that came from outside (a config's model_type, a file or shard name, a schema value, a tensor name) is
// printed through printable(): one line that cannot forge another line of a report or drive the terminal.
namespace iteragpu::units {

// Valid UTF-8 is kept as it is, except what moves the cursor, changes the terminal or reorders text, which is
// written as an escape: \n, \r and \t; other C0 controls, DEL and bytes that are not UTF-8 as \xNN; C1 controls,
// the line and paragraph separators and the bidirectional controls as \uNNNN. At most maxLength bytes of the
// result (cut at a character, then "..." added).
std::string printable(std::string_view text, std::size_t maxLength = std::string::npos);

} // namespace iteragpu::units
