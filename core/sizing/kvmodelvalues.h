// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/sizinginputs.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace iteragpu::sizing {

// The KV-cache values the sizing uses, each marked as taken from the model or typed over it, for the GUI's KV box
// ("32 layers, from the model"; "8 KV heads, typed (the model has 4)").
struct KvModelValues {
    struct Value {
        std::optional<std::uint64_t> value; // what the sizing uses; nullopt when neither model nor user gives it
        std::optional<std::uint64_t> modelValue; // the model's own value, nullopt without a model (or none)
        bool fromModel = false; // value == modelValue, taken from the model
        bool overridden = false; // typed by the user over a model value that differs
    };
    // A group of layers sharing one attention kind: window nullopt = full attention.
    struct WindowGroup {
        std::optional<std::uint64_t> window;
        std::uint64_t layers = 0;
    };

    bool hasModel = false;
    Value layers;
    Value kvHeads;
    Value headDim;
    Value trainedContext; // the shape's max_position_embeddings (never typed)
    std::vector<WindowGroup> modelWindows; // the model's layers grouped by window (empty without a model)
    std::optional<std::uint64_t> typedWindow; // the user's one window for every layer, overriding the model's
    bool windowsFromModel = false; // the model's per-layer windows apply (no typed window, layers unchanged)

    // Reads the preset / config.json named but not loaded, as makeRequest does. Throws SizingError like it.
    static KvModelValues from(const SizingInputs& inputs);
};

} // namespace iteragpu::sizing
