// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: one line of 'iteragpu measure --stream' (core/report/streamevent.h), as the Sweep view reads
// it from a running trial. Every input gives an event or a one-line error; nothing crashes or hangs.
#include "core/report/streamevent.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    iteragpu::report::StreamEvent event;
    std::string error;
    const bool ok = iteragpu::report::readStreamLine(
        std::string_view(reinterpret_cast<const char*>(data), size), event, error);
    if (!ok && (error.empty() || error.find('\n') != std::string::npos))
        __builtin_trap(); // a refusal always says why, in one line
    if (ok && event.kind == iteragpu::report::StreamEvent::Kind::Samples
        && event.samples.size() > iteragpu::report::kMaxStreamSamples)
        __builtin_trap();
    return 0;
}
