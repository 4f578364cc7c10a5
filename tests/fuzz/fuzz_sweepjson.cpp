// SPDX-License-Identifier: Apache-2.0
// sweep.json (core/sweep/sweepjson, parseSweepText): bounded, strict, one line of error, never a throw.
#include "core/sweep/sweepjson.h"

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    iteragpu::sweep::SweepRecord record;
    std::string error;
    if (!iteragpu::sweep::parseSweepText(text, record, error)) {
        if (error.empty() || error.find('\n') != std::string::npos)
            std::abort();
        return 0;
    }
    iteragpu::sweep::SweepRecord again;
    if (!iteragpu::sweep::fromJson(iteragpu::sweep::toJson(record), again, error))
        std::abort(); // what was read must be writable and readable again
    return 0;
}
