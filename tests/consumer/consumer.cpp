// SPDX-License-Identifier: Apache-2.0
// Uses a few functions of the installed iteragpu_core through its installed headers: the library's version and a
// size conversion with its overflow check. Prints one line per check; exits 1 when one fails.
#include "core/buildinfo/buildinfo.h"
#include "core/units/units.h"

#include <cstdint>
#include <iostream>

int main()
{
    using namespace iteragpu;
    const std::string version = BuildInfo::version();
    std::cout << "version " << version << "\n";
    const auto bytes = units::fromUnit(1.5, units::Unit::GiB);
    std::cout << "1.5 GiB = " << (bytes ? units::groupDigits(*bytes) : std::string("none")) << " bytes\n";
    const auto overflow = units::checkedMul(std::uint64_t(1) << 40, std::uint64_t(1) << 40);
    std::cout << "2^40 * 2^40 " << (overflow ? "did not overflow" : "overflows") << "\n";
    const bool ok = !version.empty() && bytes && *bytes == (std::uint64_t(3) << 29) && !overflow;
    return ok ? 0 : 1;
}
