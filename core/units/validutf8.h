// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>

// Note [Names in JSON]
// A file or folder name on Linux is bytes, not text: a name that is not UTF-8 (a Latin-1 "caf\xe9", bytes cut
// in the middle of a character) is a valid path, but JSON strings are Unicode, and nlohmann/json throws
// type_error 316 when it is asked to write one. Every name from outside that a JSON document carries (the
// result file named by 'explain', a model folder, a snapshot, a sweep folder) goes through validUtf8() when it
// is put into the document: valid UTF-8 is kept byte for byte; each maximal ill-formed subsequence (the Unicode
// standard's "maximal subpart" practice, which nlohmann's error_handler_t::replace, Python's
// errors="replace" and browsers also follow) becomes one U+FFFD REPLACEMENT CHARACTER. The
// replacement loses the original bytes, on purpose: the JSON document says what was named as text a reader can
// show, and the text output (units::printable) still shows the bytes as \xNN. Nothing is refused for its name.
namespace iteragpu::units {

// text as valid UTF-8 (Note [Names in JSON]); returns text unchanged when it already is.
std::string validUtf8(std::string_view text);

// Whether text is well-formed UTF-8 (no overlong forms, no surrogates, nothing beyond U+10FFFF).
bool isValidUtf8(std::string_view text);

} // namespace iteragpu::units
