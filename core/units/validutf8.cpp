// SPDX-License-Identifier: Apache-2.0
#include "core/units/validutf8.h"

#include <cstddef>

namespace iteragpu::units {

namespace {

    // How many bytes of a well-formed sequence begin at text[i]: its full length when it is whole, else the
    // length of its longest well-formed prefix as a negative number (0 when text[i] cannot begin one). The byte
    // ranges are the Unicode standard's table of well-formed UTF-8 (Table 3-7).
    int wellFormed(std::string_view text, std::size_t i)
    {
        const auto b0 = static_cast<unsigned char>(text[i]);
        if (b0 < 0x80)
            return 1;
        int length = 0;
        unsigned char lo = 0x80, hi = 0xbf; // the range of the second byte
        if (b0 >= 0xc2 && b0 <= 0xdf) {
            length = 2;
        } else if (b0 >= 0xe0 && b0 <= 0xef) {
            length = 3;
            if (b0 == 0xe0)
                lo = 0xa0; // no overlong forms
            else if (b0 == 0xed)
                hi = 0x9f; // no surrogates
        } else if (b0 >= 0xf0 && b0 <= 0xf4) {
            length = 4;
            if (b0 == 0xf0)
                lo = 0x90;
            else if (b0 == 0xf4)
                hi = 0x8f; // nothing beyond U+10FFFF
        } else {
            return 0;
        }
        for (int k = 1; k < length; ++k) {
            if (i + static_cast<std::size_t>(k) >= text.size())
                return -k;
            const auto b = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
            const bool fits = k == 1 ? b >= lo && b <= hi : b >= 0x80 && b <= 0xbf;
            if (!fits)
                return -k;
        }
        return length;
    }

} // namespace

bool isValidUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const int n = wellFormed(text, i);
        if (n <= 0)
            return false;
        i += static_cast<std::size_t>(n);
    }
    return true;
}

std::string validUtf8(std::string_view text)
{
    if (isValidUtf8(text))
        return std::string(text);
    std::string out;
    out.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size();) {
        const int n = wellFormed(text, i);
        if (n > 0) {
            out.append(text.substr(i, static_cast<std::size_t>(n)));
            i += static_cast<std::size_t>(n);
        } else {
            out += "\xef\xbf\xbd"; // U+FFFD for the maximal ill-formed subsequence
            i += n == 0 ? 1 : static_cast<std::size_t>(-n);
        }
    }
    return out;
}

} // namespace iteragpu::units
