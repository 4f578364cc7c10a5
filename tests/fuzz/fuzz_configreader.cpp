// SPDX-License-Identifier: Apache-2.0
// config.json (core/model/configreader): any text gives a ModelShape or one InputError line, nothing else.
#include "core/model/architecturesummary.h"
#include "core/model/configreader.h"
#include "core/model/jsonguard.h"
#include "core/units/inputerror.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto shape = iteragpu::model::ConfigReader::parse(text);
        // A shape that was accepted is one the sizing can use: no zero that would divide.
        if (shape.heads == 0 || shape.layers == 0 || shape.hidden == 0)
            std::abort();
        // Its count, its summary and its caches are computed, or refused in one line (an overflow).
        const auto p = shape.parameters();
        if (p.active > p.total)
            std::abort();
        (void)iteragpu::model::ArchitectureSummary::of(shape).lines();
        (void)shape.decoderUnsupported();
    } catch (const iteragpu::units::InputError& e) {
        if (std::string(e.what()).find('\n') != std::string::npos)
            std::abort(); // one line, always
    }
    // The quantization_config reader sees any JSON the guard lets through.
    if (iteragpu::model::jsonguard::nestingDepth(text) <= iteragpu::model::jsonguard::kMaxDepth) {
        const auto json = nlohmann::json::parse(text, nullptr, false);
        try {
            if (json.is_object())
                (void)iteragpu::model::ConfigReader::quantization(json);
        } catch (const iteragpu::units::InputError& e) {
            if (std::string(e.what()).find('\n') != std::string::npos)
                std::abort();
        }
    }
    return 0;
}
