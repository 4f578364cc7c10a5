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
// result (cut at a character, then "..." added). U+061C ARABIC LETTER MARK is a bidirectional control too.
std::string printable(std::string_view text, std::size_t maxLength = std::string::npos);

// The most bytes of a name from outside (a phase, model_type, file, card or preset name) that a line shows.
inline constexpr std::size_t kNameBytes = 256;
// The most bytes of one text from outside inside a message (a list of names, an error text of the system).
inline constexpr std::size_t kTextBytes = 1024;

// A name from outside as one line shows it: printable(), cut at kNameBytes with "..." and the name's length in
// bytes after it ("llama... (100000 bytes)"), so that a 100 000-character name cannot fill a note or a terminal.
std::string printableName(std::string_view name, std::size_t maxBytes = kNameBytes);

} // namespace iteragpu::units
