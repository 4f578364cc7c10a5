// SPDX-License-Identifier: Apache-2.0
// A safetensors file (core/model/safetensorsreader): the 8-byte length, the JSON header and the data behind it.
#include "core/model/safetensorsreader.h"
#include "core/units/inputerror.h"
#include "fuzzinput.h"

#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto path = iteragpu::fuzz::writeInput("model.safetensors", data, size);
    try {
        (void)iteragpu::model::SafetensorsReader::readFile(path);
    } catch (const iteragpu::units::InputError& e) {
        if (std::string(e.what()).find('\n') != std::string::npos)
            std::abort();
    }
    return 0;
}
