// SPDX-License-Identifier: Apache-2.0
#include "core/units/printable.h"

#include <cstdint>

namespace iteragpu::units {

namespace {

    constexpr char kHex[] = "0123456789abcdef";

    std::string byteEscape(unsigned char b) { return { '\\', 'x', kHex[b >> 4], kHex[b & 0xf] }; }

    std::string codePointEscape(std::uint32_t cp)
    {
        return { '\\', 'u', kHex[(cp >> 12) & 0xf], kHex[(cp >> 8) & 0xf], kHex[(cp >> 4) & 0xf], kHex[cp & 0xf] };
    }

    // The code points printed escaped although they are valid UTF-8: they move text or the cursor.
    bool invisibleControl(std::uint32_t cp)
    {
        return (cp >= 0x80 && cp <= 0x9f) // C1 controls (0x9b is a CSI on some terminals)
            || cp == 0x061c // Arabic letter mark
            || cp == 0x200e || cp == 0x200f // left-to-right / right-to-left marks
            || cp == 0x2028 || cp == 0x2029 // line and paragraph separators
            || (cp >= 0x202a && cp <= 0x202e) // embeddings and overrides
            || (cp >= 0x2066 && cp <= 0x2069); // isolates
    }

    // The length of the well-formed UTF-8 sequence at text[i] and its code point; 0 when it is not one.
    std::size_t decode(std::string_view text, std::size_t i, std::uint32_t& cp)
    {
        const auto b0 = static_cast<unsigned char>(text[i]);
        std::size_t length = 0;
        std::uint32_t min = 0;
        if (b0 >= 0xc2 && b0 <= 0xdf) {
            length = 2;
            cp = b0 & 0x1f;
            min = 0x80;
        } else if (b0 >= 0xe0 && b0 <= 0xef) {
            length = 3;
            cp = b0 & 0x0f;
            min = 0x800;
        } else if (b0 >= 0xf0 && b0 <= 0xf4) {
            length = 4;
            cp = b0 & 0x07;
            min = 0x10000;
        } else {
            return 0;
        }
        if (i + length > text.size())
            return 0;
        for (std::size_t k = 1; k < length; ++k) {
            const auto b = static_cast<unsigned char>(text[i + k]);
            if ((b & 0xc0) != 0x80)
                return 0;
            cp = (cp << 6) | (b & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) // overlong, beyond Unicode, surrogates
            return 0;
        return length;
    }

} // namespace

namespace {

    std::string render(std::string_view text, std::size_t maxLength, bool& cut)
    {
        cut = false;
        std::string out;
        out.reserve(text.size() < 256 ? text.size() : 256);
        std::size_t i = 0;
        while (i < text.size()) {
            std::string piece;
            std::size_t consumed = 1;
            const auto b = static_cast<unsigned char>(text[i]);
            if (b == '\n')
                piece = "\\n";
            else if (b == '\r')
                piece = "\\r";
            else if (b == '\t')
                piece = "\\t";
            else if (b < 0x20 || b == 0x7f)
                piece = byteEscape(b);
            else if (b < 0x80)
                piece = std::string(1, static_cast<char>(b));
            else {
                std::uint32_t cp = 0;
                if (const std::size_t length = decode(text, i, cp); length == 0) {
                    piece = byteEscape(b);
                } else {
                    consumed = length;
                    piece = invisibleControl(cp) ? codePointEscape(cp) : std::string(text.substr(i, length));
                }
            }
            if (maxLength != std::string::npos && out.size() + piece.size() > maxLength) {
                out += "...";
                cut = true;
                break;
            }
            out += piece;
            i += consumed;
        }
        return out;
    }

} // namespace

std::string printable(std::string_view text, std::size_t maxLength)
{
    bool cut = false;
    return render(text, maxLength, cut);
}

std::string printableName(std::string_view name, std::size_t maxBytes)
{
    bool cut = false;
    std::string shown = render(name, maxBytes, cut);
    if (cut)
        shown += " (" + std::to_string(name.size()) + " bytes)";
    return shown;
}

} // namespace iteragpu::units
