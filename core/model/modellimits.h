// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

// Note [Model limits]
// The limits a model description is held to wherever one is read: a config.json, a GGUF file, a preset, the
// numbers typed into 'estimate', and the workload of a result file that 'explain' sizes again. Each reader
// refuses a value beyond them in one line, at reading, so 'estimate' and 'measure' refuse the same models and
// 'measure' refuses before a run starts. The sizing and the decoder hold per-layer arrays: a layer count is
// bounded so that a lying file costs a line, not 2^40 layer records (std::bad_alloc).
namespace iteragpu::model {

inline constexpr std::uint64_t kMaxLayers = 100000; // layers; the deepest real model has a few hundred

// nullopt when `layers` is within kMaxLayers, else the one-line reason naming `what` (the key or option: a text
// kept as it is, or a marked term).
inline std::optional<i18n::Message> layersRefusal(std::uint64_t layers, i18n::Arg what)
{
    if (layers <= kMaxLayers)
        return std::nullopt;
    //: %1 names the value (a key of the model's file such as 'num_hidden_layers', or a phrase), %2 is the number
    //: of layers it gives
    return i18n::Message { ITERAGPU_TRANSLATE_NOOP(
                               "RunRefusal", "%1 %2 is larger than 100 000 layers; not a real model"),
        { std::move(what), layers }, i18n::kRunRefusalContext };
}

// The same in English: empty when fine.
inline std::string layersProblem(std::uint64_t layers, const std::string& what)
{
    const auto refusal = layersRefusal(layers, what);
    return refusal ? refusal->english() : std::string();
}

// The rotary base is used by the kernels as a float32 (and by PyTorch's as theta ** (-2i/d) in float32): a
// value that float32 rounds to 0 or to infinity (5e-324, 1e308) is no base. nullopt when `theta` is a positive
// number within float32's normal range, else the one-line reason naming `what`.
inline std::optional<i18n::Message> ropeThetaRefusal(double theta, i18n::Arg what)
{
    if (std::isfinite(theta) && theta >= static_cast<double>(FLT_MIN) && theta <= static_cast<double>(FLT_MAX))
        return std::nullopt;
    char shown[32];
    std::snprintf(shown, sizeof shown, "%.6g", theta);
    //: %1 names the value (a key of the model's file such as 'rope_theta', or a phrase), %2 is the value given
    return i18n::Message { ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "%1 %2 is not a rotary base: it must be a positive number from 1.2e-38 to 3.4e+38 "
                               "(float32's range, in which the rotary embedding is computed)"),
        { std::move(what), std::string(shown) }, i18n::kRunRefusalContext };
}

// The same in English: empty when fine.
inline std::string ropeThetaProblem(double theta, const std::string& what)
{
    const auto refusal = ropeThetaRefusal(theta, what);
    return refusal ? refusal->english() : std::string();
}

} // namespace iteragpu::model
