// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>

namespace iteragpu::sizing {

// The context a model was trained for: config.json's max_position_embeddings (or that of its text_config).
// ModelShape does not carry it, so sizing reads it beside the shape, only to name the cap of the largest context.
class TrainedContext {
public:
    // nullopt when absent, not a positive integer, or the file cannot be read (the shape reader reports those).
    static std::optional<std::uint64_t> fromConfig(const nlohmann::json& config);
    static std::optional<std::uint64_t> fromConfigFile(const std::filesystem::path& path);
};

} // namespace iteragpu::sizing
