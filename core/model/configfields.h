// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::model {

// Typed reads of one config.json object (the top level, or its text_config) for the architecture readers. Every
// failure throws units::InputError with one line naming the key and where it was looked for. A value that
// Python's json wrote as NaN, Infinity or -Infinity (ConfigReader keeps them as marked strings, nonFinite())
// is refused where a size or a number is read, and ignored everywhere else.
class ConfigFields {
public:
    ConfigFields(const nlohmann::json& object, std::string source, std::string where = {});

    bool has(const char* key) const;
    std::optional<std::uint64_t> optCount(const char* key) const;
    std::uint64_t count(const char* key) const; // required, > 0
    std::uint64_t countOr(const char* key, std::uint64_t fallback) const; // absent: fallback; present: > 0
    std::optional<bool> optBool(const char* key) const;
    std::optional<double> optNumber(const char* key) const; // finite
    std::optional<std::string> optString(const char* key) const;
    // An array of counts (or of booleans read as 0/1), nullopt when absent.
    std::optional<std::vector<std::uint64_t>> optCounts(const char* key) const;
    std::optional<std::vector<std::string>> optStrings(const char* key) const;

    [[noreturn]] void fail(const std::string& what) const;
    const nlohmann::json& object() const { return m_object; }
    const std::string& source() const { return m_source; }

    // The marker ConfigReader::parse puts in place of a bare NaN / Infinity / -Infinity: the string
    // kNonFinitePrefix + the token. nullopt for any other value.
    static constexpr const char* kNonFinitePrefix = "\x01nonfinite:";
    static std::optional<std::string> nonFinite(const nlohmann::json& value);

private:
    std::string named(const char* key) const;

    const nlohmann::json& m_object;
    std::string m_source;
    std::string m_where; // "text_config" or empty (the top level)
};

} // namespace iteragpu::model
