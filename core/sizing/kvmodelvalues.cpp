// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/kvmodelvalues.h"

#include <map>

namespace iteragpu::sizing {

namespace {

    KvModelValues::Value value(std::optional<std::uint64_t> typed, std::optional<std::uint64_t> model)
    {
        KvModelValues::Value v;
        v.modelValue = model;
        v.value = typed ? typed : model;
        v.fromModel = model && v.value == model;
        v.overridden = typed && model && *typed != *model;
        return v;
    }

    std::optional<std::uint64_t> nonZero(std::uint64_t n) { return n ? std::optional(n) : std::nullopt; }

} // namespace

KvModelValues KvModelValues::from(const SizingInputs& inputs)
{
    // The model as makeRequest reads it; only the source fields matter here (the rest may still be incomplete).
    SizingInputs source;
    source.presetId = inputs.presetId;
    source.configPath = inputs.configPath;
    source.shape = inputs.shape;
    source.parameters = 1; // so that a missing model is not an error here
    const SizingRequest r = makeRequest(source);

    KvModelValues out;
    const model::ModelShape* shape = r.shape ? &*r.shape : nullptr;
    out.hasModel = shape != nullptr;
    out.layers = value(inputs.layers, shape ? nonZero(shape->layers) : std::nullopt);
    out.kvHeads = value(inputs.kvHeads, shape ? nonZero(shape->kvHeads) : std::nullopt);
    out.headDim = value(inputs.headDim, shape ? nonZero(shape->headDim) : std::nullopt);
    out.trainedContext = value(std::nullopt, shape ? shape->trainedContext : std::nullopt);
    out.typedWindow = inputs.slidingWindow;
    if (shape && shape->hasSlidingWindow()) {
        std::map<std::uint64_t, std::uint64_t> windowed; // window -> layers
        std::uint64_t full = 0;
        for (const auto& w : shape->layerWindows) {
            if (w)
                ++windowed[*w];
            else
                ++full;
        }
        if (full > 0)
            out.modelWindows.push_back({ std::nullopt, full });
        for (const auto& [w, n] : windowed)
            out.modelWindows.push_back({ w, n });
        // As the engine: the model's windows apply while no window is typed and the layer count is the model's.
        out.windowsFromModel = !inputs.slidingWindow && out.layers.value == nonZero(shape->layers);
    }
    return out;
}

} // namespace iteragpu::sizing
