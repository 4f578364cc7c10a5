// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/devicecatalog.h"

#include "core/model/jsonguard.h"
#include "core/units/checkedmath.h"
#include "core/sizing/resourcepaths.h"
#include "core/sizing/sizingerror.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>

namespace iteragpu::sizing {

namespace {

    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
        return s;
    }

    std::string text(const nlohmann::json& card, const char* key)
    {
        const auto it = card.find(key);
        return it != card.end() && it->is_string() ? it->get<std::string>() : std::string {};
    }

} // namespace

DeviceCatalog DeviceCatalog::load(const std::filesystem::path& path)
{
    const std::string where = path.string();
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw SizingError(where + ": cannot be opened");
    const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (model::jsonguard::nestingDepth(content) > model::jsonguard::kMaxDepth)
        throw SizingError(where + ": JSON nested too deeply");
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(content);
    } catch (const nlohmann::json::exception& e) {
        throw SizingError(where + ": not valid JSON: " + model::jsonguard::oneLine(e.what()));
    }
    if (!j.is_object() || !j.contains("cards") || !j["cards"].is_array())
        throw SizingError(where + ": expected an object with a \"cards\" array");
    DeviceCatalog catalog;
    catalog.m_source = where;
    for (const auto& c : j["cards"]) {
        if (!c.is_object())
            throw SizingError(where + ": every card must be an object");
        GpuCard card;
        card.id = text(c, "id");
        card.name = text(c, "name");
        card.vendor = text(c, "vendor");
        card.marketed = text(c, "marketed");
        card.note = text(c, "note");
        if (card.id.empty() || card.name.empty())
            throw SizingError(where + ": a card has no id or name");
        if (const auto it = c.find("reported_bytes"); it != c.end() && it->is_number_unsigned())
            card.reportedBytes = it->get<std::uint64_t>();
        else if (const auto mib = c.find("reported_mib"); mib != c.end() && mib->is_number_unsigned())
            card.reportedBytes = units::checked::mul(mib->get<std::uint64_t>(), units::kMiB, "reported capacity");
        if (card.reportedBytes == 0)
            throw SizingError(where + ": card '" + card.id + "' has no positive reported_mib or reported_bytes");
        catalog.m_cards.push_back(std::move(card));
    }
    return catalog;
}

DeviceCatalog DeviceCatalog::loadDefault() { return load(ResourcePaths::find("catalog/gpus.json")); }

const GpuCard* DeviceCatalog::find(const std::string& idOrName) const
{
    const std::string key = lower(idOrName);
    for (const auto& c : m_cards)
        if (lower(c.id) == key || lower(c.name) == key)
            return &c;
    return nullptr;
}

} // namespace iteragpu::sizing
