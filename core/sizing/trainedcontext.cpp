// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/trainedcontext.h"

#include "core/model/jsonguard.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

namespace iteragpu::sizing {

namespace {

    constexpr std::uintmax_t kMaxConfigBytes = 16ULL * 1024 * 1024; // bytes, as ConfigReader

    std::optional<std::uint64_t> positive(const nlohmann::json& config, const char* key)
    {
        if (!config.is_object())
            return std::nullopt;
        const auto it = config.find(key);
        if (it == config.end() || !it->is_number_integer())
            return std::nullopt;
        if (it->is_number_unsigned())
            return it->get<std::uint64_t>() > 0 ? std::optional(it->get<std::uint64_t>()) : std::nullopt;
        const auto v = it->get<std::int64_t>();
        return v > 0 ? std::optional(static_cast<std::uint64_t>(v)) : std::nullopt;
    }

} // namespace

std::optional<std::uint64_t> TrainedContext::fromConfig(const nlohmann::json& config)
{
    if (const auto v = positive(config, "max_position_embeddings"))
        return v;
    if (config.is_object() && config.contains("text_config"))
        return positive(config["text_config"], "max_position_embeddings");
    return std::nullopt;
}

std::optional<std::uint64_t> TrainedContext::fromConfigFile(const std::filesystem::path& path)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec || size > kMaxConfigBytes)
        return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    const std::string content = text.str();
    if (model::jsonguard::nestingDepth(content) > model::jsonguard::kMaxDepth)
        return std::nullopt;
    try {
        return fromConfig(nlohmann::json::parse(content));
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

} // namespace iteragpu::sizing
