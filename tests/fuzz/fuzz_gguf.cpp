// SPDX-License-Identifier: Apache-2.0
// A GGUF file's header (core/model/ggufreader): counts, strings, arrays of every type, tensor infos, and the
// model's shape from its metadata. What reads must hold together: every tensor inside the file and the totals
// the sum of the tensors; what is refused is refused with one line.
#include "core/model/ggufreader.h"
#include "core/units/inputerror.h"

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

namespace {

void checkOneLine(const iteragpu::units::InputError& e)
{
    if (std::string(e.what()).find('\n') != std::string::npos)
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using iteragpu::model::GgufReader;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    try {
        const auto g = GgufReader::parse(in, size, "fuzz.gguf");
        std::uint64_t bytes = 0;
        for (const auto& t : g.tensors) {
            if (g.dataOffset > size || t.offset > size - g.dataOffset || t.bytes > size - g.dataOffset - t.offset)
                std::abort(); // a tensor outside the file was accepted
            bytes += t.bytes;
        }
        if (bytes != g.totalBytes)
            std::abort();
        try {
            const auto shape = GgufReader::shape(g, "fuzz.gguf");
            (void)shape.parameters();
        } catch (const iteragpu::units::InputError& e) {
            checkOneLine(e);
        }
    } catch (const iteragpu::units::InputError& e) {
        checkOneLine(e);
    }
    return 0;
}
