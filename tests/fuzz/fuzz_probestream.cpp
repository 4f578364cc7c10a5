// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: one line of the Python probe's event stream (core/report/probestream.h), as the workbench
// reads it from the user's program. Every input gives an event or a one-line error; nothing crashes or hangs.
#include "core/report/probestream.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    iteragpu::report::ProbeEvent event;
    std::string error;
    const bool ok = iteragpu::report::readProbeLine(
        std::string_view(reinterpret_cast<const char*>(data), size), event, error);
    if (!ok && error.empty())
        __builtin_trap(); // a refusal always says why
    return 0;
}
