// SPDX-License-Identifier: Apache-2.0
#include "core/model/configfields.h"

#include "core/model/jsonguard.h"
#include "core/units/inputerror.h"

#include <cmath>

namespace iteragpu::model {

using nlohmann::json;

ConfigFields::ConfigFields(const json& object, std::string source, std::string where)
    : m_object(object)
    , m_source(std::move(source))
    , m_where(std::move(where))
{
}

std::string ConfigFields::named(const char* key) const
{
    return m_where.empty() ? "'" + std::string(key) + "'" : "'" + m_where + "." + key + "'";
}

void ConfigFields::fail(const std::string& what) const
{
    throw units::InputError(jsonguard::oneLine(m_source) + ": " + what);
}

std::optional<std::string> ConfigFields::nonFinite(const json& value)
{
    if (!value.is_string())
        return std::nullopt;
    const auto& s = value.get_ref<const std::string&>();
    const std::string prefix(kNonFinitePrefix);
    if (s.rfind(prefix, 0) != 0)
        return std::nullopt;
    return s.substr(prefix.size());
}

bool ConfigFields::has(const char* key) const
{
    const auto it = m_object.find(key);
    return it != m_object.end() && !it->is_null();
}

std::optional<std::uint64_t> ConfigFields::optCount(const char* key) const
{
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (it->is_number_unsigned())
        return it->get<std::uint64_t>();
    if (it->is_number_integer()) {
        if (it->get<std::int64_t>() < 0)
            fail(named(key) + " must not be negative");
        return static_cast<std::uint64_t>(it->get<std::int64_t>());
    }
    if (const auto token = nonFinite(*it))
        fail(named(key) + " is " + *token + ", but it is a size: it must be a whole number");
    fail(named(key) + " must be an integer");
}

std::uint64_t ConfigFields::count(const char* key) const
{
    const auto v = optCount(key);
    if (!v)
        fail("missing required key " + named(key) + (m_where.empty() ? std::string() : " (looked for in " + m_where + ")"));
    if (*v == 0)
        fail(named(key) + " must be greater than zero");
    return *v;
}

std::uint64_t ConfigFields::countOr(const char* key, std::uint64_t fallback) const
{
    const auto v = optCount(key);
    if (!v)
        return fallback;
    if (*v == 0)
        fail(named(key) + " must be greater than zero");
    return *v;
}

std::optional<bool> ConfigFields::optBool(const char* key) const
{
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_boolean())
        fail(named(key) + " must be true or false");
    return it->get<bool>();
}

std::optional<double> ConfigFields::optNumber(const char* key) const
{
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (const auto token = nonFinite(*it))
        fail(named(key) + " is " + *token + ": it must be a finite number");
    if (!it->is_number())
        fail(named(key) + " must be a number");
    const double v = it->get<double>();
    if (!std::isfinite(v))
        fail(named(key) + " must be a finite number");
    return v;
}

std::optional<std::string> ConfigFields::optString(const char* key) const
{
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_string() || nonFinite(*it))
        fail(named(key) + " must be a string");
    return it->get<std::string>();
}

std::optional<std::vector<std::uint64_t>> ConfigFields::optCounts(const char* key) const
{
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_array())
        fail(named(key) + " must be an array");
    std::vector<std::uint64_t> out;
    for (const auto& v : *it) {
        if (v.is_boolean())
            out.push_back(v.get<bool>() ? 1 : 0);
        else if (v.is_number_unsigned())
            out.push_back(v.get<std::uint64_t>());
        else if (v.is_number_integer() && v.get<std::int64_t>() >= 0)
            out.push_back(static_cast<std::uint64_t>(v.get<std::int64_t>()));
        else
            fail(named(key) + " must hold whole numbers that are not negative");
    }
    return out;
}

std::optional<std::vector<std::string>> ConfigFields::optStrings(const char* key) const
{
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_array())
        fail(named(key) + " must be an array");
    std::vector<std::string> out;
    for (const auto& v : *it) {
        if (!v.is_string() || nonFinite(v))
            fail(named(key) + " must hold strings");
        out.push_back(v.get<std::string>());
    }
    return out;
}

} // namespace iteragpu::model
