// SPDX-License-Identifier: Apache-2.0
#include "app/cli/countvalidator.h"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace iteragpu::cli {

namespace {

    bool allDigits(const std::string& s)
    {
        return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
    }

    // Empty when `text` is a count (and `text` rewritten to decimal), the reason otherwise.
    std::string checkCount(std::string& text, bool allowZero)
    {
        const std::string kind = allowZero ? "a whole number (0 or more)" : "a whole number (1 or more)";
        const std::string bad = "'" + text + "' is not " + kind;
        std::uint64_t value = 0;
        if (allDigits(text)) {
            errno = 0;
            const unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
            if (errno == ERANGE)
                return "'" + text + "' does not fit in 64 bits";
            value = v;
        } else {
            // "1e12": a mantissa of digits (a decimal point allowed), then e and an unsigned exponent. No sign,
            // no hex float, no "inf" or "nan": strtod would take those.
            const auto e = text.find_first_of("eE");
            const std::string mantissa = text.substr(0, e);
            const std::string exponent = e == std::string::npos ? std::string() : text.substr(e + 1);
            const auto point = mantissa.find('.');
            const bool mantissaOk = point == std::string::npos
                ? allDigits(mantissa)
                : (allDigits(mantissa.substr(0, point)) || allDigits(mantissa.substr(point + 1)))
                    && mantissa.find_first_not_of("0123456789.") == std::string::npos
                    && mantissa.find('.', point + 1) == std::string::npos;
            if (!mantissaOk || (e != std::string::npos && !allDigits(exponent)))
                return bad;
            errno = 0;
            const double d = std::strtod(text.c_str(), nullptr);
            if (!std::isfinite(d) || d != std::floor(d))
                return bad;
            if (d >= 18446744073709551616.0) // 2^64
                return "'" + text + "' does not fit in 64 bits";
            value = static_cast<std::uint64_t>(d);
        }
        if (value == 0 && !allowZero)
            return bad;
        text = std::to_string(value);
        return {};
    }

} // namespace

CountValidator::CountValidator(bool allowZero)
    : CLI::Validator([allowZero](std::string& text) { return checkCount(text, allowZero); },
          allowZero ? "COUNT>=0" : "COUNT>=1", "count")
{
}

} // namespace iteragpu::cli
