// SPDX-License-Identifier: Apache-2.0
// A result file (core/report/resultjson, readResultText: the from-memory path of readResultFile). It throws
// nothing; an error is one line; a result it accepts is written back and read again to the same JSON.
#include "core/report/resultjson.h"

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    iteragpu::protocol::RunResult result;
    std::string error;
    if (!iteragpu::report::readResultText(text, "fuzz.json", result, error)) {
        if (error.empty() || error.find('\n') != std::string::npos)
            std::abort();
        return 0;
    }
    const auto json = iteragpu::report::toJson(result);
    iteragpu::protocol::RunResult again;
    if (!iteragpu::report::fromJson(json, again, error))
        std::abort(); // what was read must be writable and readable again
    return 0;
}
