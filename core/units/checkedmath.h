// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/inputerror.h"
#include "core/units/units.h"

#include <cstdint>
#include <initializer_list>
#include <string>

// Checked arithmetic for the readers and the sizing engine: every product and sum of byte counts goes through these, so a size
// beyond 64 bits (e.g. 1e15 parameters in fp32 with Adam states) is a clear InputError, never a wrapped value.
namespace iteragpu::units::checked {

inline std::uint64_t mul(std::uint64_t a, std::uint64_t b, const char* what = "size")
{
    const auto r = units::checkedMul(a, b);
    if (!r)
        throw InputError(std::string(what) + " is too large: it does not fit in 64 bits");
    return *r;
}

inline std::uint64_t mul(std::initializer_list<std::uint64_t> factors, const char* what = "size")
{
    std::uint64_t r = 1;
    for (auto f : factors)
        r = mul(r, f, what);
    return r;
}

inline std::uint64_t add(std::uint64_t a, std::uint64_t b, const char* what = "size")
{
    const auto r = units::checkedAdd(a, b);
    if (!r)
        throw InputError(std::string(what) + " is too large: it does not fit in 64 bits");
    return *r;
}

inline std::uint64_t ceilDiv(std::uint64_t a, std::uint64_t b)
{
    if (b == 0)
        throw InputError("internal error: division by zero in a size computation");
    return a / b + (a % b != 0 ? 1 : 0);
}

// ceil(elements * bits / 8) without overflowing an intermediate product: elements = 8q + r.
inline std::uint64_t bitsToBytes(std::uint64_t elements, std::uint64_t bits, const char* what = "size")
{
    if (bits > 1024)
        throw InputError(std::string(what) + ": more than 1024 bits per element is not a number format");
    const std::uint64_t q = elements / 8;
    const std::uint64_t r = elements % 8;
    return add(mul(q, bits, what), ceilDiv(r * bits, 8), what);
}

} // namespace iteragpu::units::checked
