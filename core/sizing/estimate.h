// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/reserve.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// One line of the breakdown. Ids are stable (used as JSON keys and by the GUI): "weights", "kv_cache",
// "gradients", "optimizer_states", "master_weights", "lora_adapters", "activations", "logits", "evaluation",
// "export_copy". A component that cannot be computed (e.g. activations without a shape) has bytes == nullopt.
struct Component {
    std::string id;
    std::string label; // English label for the CLI; the GUI translates by id
    std::optional<std::uint64_t> bytes;
    std::string note; // how it was computed, one line
};

// A moment of the workload and the components alive in it: "inference", "train_step", "evaluation", "export".
struct Phase {
    std::string id;
    std::vector<std::string> componentIds;
    std::uint64_t bytes = 0; // sum of its components, reserve excluded
};

// The result of SizingEngine::estimate. With tensorParallel > 1 every byte count is per device.
struct Estimate {
    std::uint64_t parameters = 0;
    std::string parameterSource; // "typed", "config.json (exact from shapes)", "safetensors header", preset id
    std::uint64_t tensorParallel = 1;
    std::vector<Component> components;
    std::vector<Phase> phases;
    Reserve reserve;
    std::uint64_t sumOfComponents = 0; // every component added once, reserve excluded
    std::uint64_t largestPhaseBytes = 0; // the most demanding phase, reserve excluded
    std::string largestPhase;
    std::vector<std::string> assumptions;

    // largestPhaseBytes + reserve: what must fit on each device (the "total" of the CLI and JSON).
    std::uint64_t total() const;
    // sumOfComponents + reserve: the convention of tools that add everything up.
    std::uint64_t totalSumOfComponents() const;
    const Component* find(const std::string& id) const;
    std::uint64_t bytesOf(const std::string& id) const; // 0 when absent or not computed
    // The id of the largest component of the largest phase.
    std::string dominantComponent() const;
};

} // namespace iteragpu::sizing
