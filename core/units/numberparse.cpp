// SPDX-License-Identifier: Apache-2.0
#include "core/units/numberparse.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace iteragpu::units {

namespace {

    using u128 = unsigned __int128;

    constexpr std::size_t kMaxQuoted = 40; // characters of the typed text repeated in an error
    constexpr std::size_t kMaxSignificantDigits = 38; // 10^38 < 2^128
    constexpr std::int64_t kExponentCap = 100000; // beyond, the value is 0 or an overflow whatever the digits

    // The typed text as one printable line: control bytes escaped, long text cut, so an error never spans lines.
    std::string quoted(std::string_view text)
    {
        static const char* hex = "0123456789abcdef";
        std::string q = "'";
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (i == kMaxQuoted) {
                q += "...";
                break;
            }
            const auto c = static_cast<unsigned char>(text[i]);
            if (c < 0x20 || c == 0x7f) {
                q += "\\x";
                q += hex[c >> 4];
                q += hex[c & 15];
            } else {
                q += static_cast<char>(c);
            }
        }
        return q + "'";
    }

    bool isDigit(char c) { return c >= '0' && c <= '9'; }

    // The digits of a decimal as an exact value: significand * 10^exponent, the significand without leading or
    // trailing zeros (zero: an empty significand).
    struct Decimal {
        std::string significand;
        std::int64_t exponent = 0;
    };

    // Empty error when text is digits [. digits] [e [+-] digits] (or ". digits"); the reason otherwise.
    std::string scan(std::string_view text, Decimal& d)
    {
        if (text.empty())
            return "an empty value is not a number";
        const std::string q = quoted(text);
        const auto isSpace
            = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
        if (isSpace(text.front()) || isSpace(text.back()))
            return q + " has spaces around it: write the number alone";
        if (text.front() == '-')
            return q + " is negative";
        if (text.front() == '+')
            return q + ": write the number without a sign";
        if (text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
            return q + " is hexadecimal: write the number in decimal";
        std::string lower;
        for (char c : text)
            lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        if (lower == "nan")
            return q + " is not a number";
        if (lower == "inf" || lower == "infinity")
            return q + " is not a finite number";

        std::size_t i = 0;
        std::string digits;
        std::int64_t fractionDigits = 0;
        while (i < text.size() && isDigit(text[i]))
            digits += text[i++];
        if (i < text.size() && text[i] == '.') {
            ++i;
            while (i < text.size() && isDigit(text[i])) {
                digits += text[i++];
                ++fractionDigits;
            }
        }
        if (digits.empty())
            return q + " is not a decimal number";
        std::int64_t exponent = 0;
        if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
            ++i;
            bool negative = false;
            if (i < text.size() && (text[i] == '+' || text[i] == '-'))
                negative = text[i++] == '-';
            if (i == text.size() || !isDigit(text[i]))
                return q + " is not a decimal number";
            while (i < text.size() && isDigit(text[i])) {
                exponent = std::min<std::int64_t>(exponent * 10 + (text[i++] - '0'), kExponentCap);
            }
            if (negative)
                exponent = -exponent;
        }
        if (i != text.size())
            return q + " is not a decimal number";

        const auto first = digits.find_first_not_of('0');
        if (first == std::string::npos) {
            d = Decimal {};
            return {};
        }
        const auto last = digits.find_last_not_of('0');
        d.significand = digits.substr(first, last - first + 1);
        d.exponent = exponent - fractionDigits + static_cast<std::int64_t>(digits.size() - 1 - last);
        if (d.significand.size() > kMaxSignificantDigits)
            return q + " has more than 38 significant digits";
        return {};
    }

    u128 toU128(const std::string& significand)
    {
        u128 v = 0;
        for (char c : significand)
            v = v * 10 + static_cast<unsigned>(c - '0');
        return v;
    }

    u128 pow10(std::int64_t n)
    {
        u128 p = 1;
        for (std::int64_t i = 0; i < n; ++i)
            p *= 10;
        return p;
    }

    u128 gcd(u128 a, u128 b)
    {
        while (b != 0) {
            const u128 t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    // significand * 10^exponent * factor, rounded to the nearest integer (halves up); nullopt beyond 2^64 - 1.
    // A fraction is reduced first (factor / 10^k by their gcd) and split into whole and remainder, so no
    // intermediate product leaves 128 bits for any value that fits in 64.
    std::optional<std::uint64_t> scaled(const Decimal& d, std::uint64_t factor, bool& tooPrecise)
    {
        if (d.significand.empty() || factor == 0)
            return 0;
        const u128 significand = toU128(d.significand);
        u128 n = 0;
        if (d.exponent >= 0) {
            if (d.exponent > 20 || __builtin_mul_overflow(significand, static_cast<u128>(factor), &n)
                || __builtin_mul_overflow(n, pow10(d.exponent), &n) || n > UINT64_MAX)
                return std::nullopt;
            return static_cast<std::uint64_t>(n);
        }
        const std::int64_t k = -d.exponent;
        if (k > 38) {
            // value < 10^(digits - k) units, and a unit is below 10^20 bytes: 0 when that is below 0.1 byte.
            if (static_cast<std::int64_t>(d.significand.size()) - k <= -20)
                return 0;
            tooPrecise = true; // 10^k leaves 128 bits; no sensible size has that many decimal places
            return std::nullopt;
        }
        const u128 power = pow10(k);
        const u128 g = gcd(static_cast<u128>(factor), power);
        const u128 f = factor / g;
        const u128 divisor = power / g;
        u128 whole = 0, part = 0;
        if (__builtin_mul_overflow(significand / divisor, f, &whole) || whole > UINT64_MAX)
            return std::nullopt;
        if (__builtin_mul_overflow(significand % divisor, f, &part))
            return std::nullopt; // not reached by any size below 2^64 with 38 digits
        u128 q = whole + part / divisor;
        if ((part % divisor) * 2 >= divisor)
            ++q;
        if (q > UINT64_MAX)
            return std::nullopt;
        return static_cast<std::uint64_t>(q);
    }

} // namespace

std::optional<std::uint64_t> parseCount(std::string_view text, std::string& error, CountRange range)
{
    Decimal d;
    error = scan(text, d);
    if (!error.empty()) {
        if (!text.empty() && text.front() == '-')
            error += ": a count is " + std::to_string(range.min) + " or more";
        return std::nullopt;
    }
    const std::string q = quoted(text);
    if (d.exponent < 0) {
        error = q + " is not a whole number";
        return std::nullopt;
    }
    bool tooPrecise = false;
    const auto value = scaled(d, 1, tooPrecise); // exponent >= 0 here: never too precise
    if (!value) {
        error = q + " does not fit in 64 bits";
        if (range.max != UINT64_MAX)
            error = q + " is more than " + std::to_string(range.max) + ", the largest accepted";
        return std::nullopt;
    }
    if (*value < range.min) {
        error = q + " is less than " + std::to_string(range.min) + ", the smallest accepted";
        return std::nullopt;
    }
    if (*value > range.max) {
        error = q + " is more than " + std::to_string(range.max) + ", the largest accepted";
        return std::nullopt;
    }
    return value;
}

std::optional<std::uint64_t> parseSize(
    std::string_view text, std::uint64_t bytesPerUnit, const char* unitName, std::string& error, bool allowZero)
{
    Decimal d;
    error = scan(text, d);
    if (!error.empty()) {
        if (!text.empty() && text.front() == '-')
            error += allowZero ? ": a size is 0 or more" : ": a size is positive";
        return std::nullopt;
    }
    const std::string q = quoted(text) + " " + unitName;
    bool tooPrecise = false;
    const auto bytes = scaled(d, bytesPerUnit, tooPrecise);
    if (!bytes && tooPrecise) {
        error = q + " has more than 38 decimal places";
        return std::nullopt;
    }
    if (!bytes) {
        error = q + " does not fit in 64 bits (the largest size is 18446744073709551615 bytes, 16 EiB)";
        return std::nullopt;
    }
    if (*bytes == 0 && !allowZero) {
        error = d.significand.empty() ? q + ": the size must be more than 0" : q + " is less than one byte";
        return std::nullopt;
    }
    return bytes;
}

std::optional<double> parseDecimal(std::string_view text, std::string& error, double min, double max)
{
    Decimal d;
    error = scan(text, d);
    if (!error.empty())
        return std::nullopt;
    const std::string copy(text);
    errno = 0;
    const double v = std::strtod(copy.c_str(), nullptr); // the grammar is checked: no hex, no inf, no sign
    const std::string q = quoted(text);
    char bounds[96];
    std::snprintf(bounds, sizeof bounds, " is outside %g to %g", min, max);
    if (!std::isfinite(v) || v < min || v > max) {
        error = q + bounds;
        return std::nullopt;
    }
    return v;
}

} // namespace iteragpu::units
