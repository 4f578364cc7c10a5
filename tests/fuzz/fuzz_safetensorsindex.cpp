// SPDX-License-Identifier: Apache-2.0
// model.safetensors.index.json (core/model/safetensorsreader): the index is fuzzed, beside two valid shards
// (a.safetensors with tensor "x", b.safetensors with tensor "y") that it may name.
#include "core/model/safetensorsreader.h"
#include "core/units/inputerror.h"
#include "fuzzinput.h"

#include <cstdlib>
#include <string>

namespace {
void writeShard(const std::string& name, const std::string& tensor)
{
    const std::string header = "{\"" + tensor + "\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}";
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i)
        bytes[i] = static_cast<char>((header.size() >> (8 * i)) & 0xff);
    bytes += header + std::string(8, '\0');
    iteragpu::fuzz::writeInput(name, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const bool shards = [] {
        writeShard("a.safetensors", "x");
        writeShard("b.safetensors", "y");
        return true;
    }();
    (void)shards;
    const auto path = iteragpu::fuzz::writeInput("model.safetensors.index.json", data, size);
    try {
        (void)iteragpu::model::SafetensorsReader::readIndex(path);
    } catch (const iteragpu::units::InputError& e) {
        if (std::string(e.what()).find('\n') != std::string::npos)
            std::abort();
    }
    return 0;
}
