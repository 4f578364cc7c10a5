// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/devicecatalog.h"

#include "core/model/jsonguard.h"
#include "core/units/checkedmath.h"
#include "core/sizing/resourcepaths.h"
#include "core/sizing/sizingerror.h"
#include "core/units/regularfile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
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

    // A peak figure: absent is nullopt; present, it must be a finite number above 0 (a string, a boolean, null,
    // 0 or a negative value is an error, never a missing reading in disguise).
    std::optional<double> peakFigure(
        const nlohmann::json& object, const char* key, const std::string& where, const std::string& cardId)
    {
        const auto it = object.find(key);
        if (it == object.end())
            return std::nullopt;
        if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() <= 0.0)
            throw SizingError(where + ": card '" + cardId + "': \"" + key + "\" must be a number above 0, not "
                + model::jsonguard::oneLine(it->dump()));
        return it->get<double>();
    }

    // "peak_dense_flops": {"bf16", "fp16", "fp32"}, "memory_bandwidth_bytes_per_s", "pace_source" (required with
    // any figure). An unknown key inside peak_dense_flops is refused: a typo ("bfp16") must not read as "no figure".
    void readPace(const nlohmann::json& c, GpuCard& card, const std::string& where)
    {
        if (const auto it = c.find("peak_dense_flops"); it != c.end()) {
            if (!it->is_object())
                throw SizingError(where + ": card '" + card.id
                    + "': \"peak_dense_flops\" must be an object {\"bf16\", \"fp16\", \"fp32\"}");
            for (const auto& [key, value] : it->items())
                if (key != "bf16" && key != "fp16" && key != "fp32")
                    throw SizingError(where + ": card '" + card.id + "': unknown data type \"" + key
                        + "\" in \"peak_dense_flops\" (bf16, fp16 or fp32)");
            card.peakBf16Flops = peakFigure(*it, "bf16", where, card.id);
            card.peakFp16Flops = peakFigure(*it, "fp16", where, card.id);
            card.peakFp32Flops = peakFigure(*it, "fp32", where, card.id);
        }
        card.memoryBandwidth = peakFigure(c, "memory_bandwidth_bytes_per_s", where, card.id);
        if (const auto it = c.find("pace_source"); it != c.end()) {
            if (!it->is_string())
                throw SizingError(where + ": card '" + card.id + "': \"pace_source\" must be a text");
            card.paceSource = it->get<std::string>();
        }
        const bool anyFigure
            = card.peakBf16Flops || card.peakFp16Flops || card.peakFp32Flops || card.memoryBandwidth;
        if (anyFigure && card.paceSource.empty())
            throw SizingError(where + ": card '" + card.id
                + "' has peak figures but no \"pace_source\" naming the datasheet they come from");
    }

    // Note [Usable capacity] in gpucard.h: one of "usable_bytes" (an exact byte count, as deviceQuery prints it),
    // "usable_mib" (whole MiB) or "usable_gib" (GiB to two decimals, as vLLM's start-up log prints it), with
    // "usable_source"; null or absent where no published reading exists. A zero, a negative value, a text, two of
    // them, or a usable figure above the reported total is refused, never read as "no figure".
    void readUsable(const nlohmann::json& c, GpuCard& card, const std::string& where)
    {
        const auto given = [&c](const char* key) {
            const auto it = c.find(key);
            return it != c.end() && !it->is_null();
        };
        const int count = int(given("usable_bytes")) + int(given("usable_mib")) + int(given("usable_gib"));
        if (count > 1)
            throw SizingError(where + ": card '" + card.id
                + "' gives more than one of \"usable_bytes\", \"usable_mib\" and \"usable_gib\"");
        const auto whole = [&](const char* key) {
            const auto& v = c.at(key);
            if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0)
                throw SizingError(where + ": card '" + card.id + "': \"" + key + "\" must be a whole number above 0");
            return v.get<std::uint64_t>();
        };
        if (given("usable_bytes")) {
            card.usableBytes = whole("usable_bytes");
        } else if (given("usable_mib")) {
            card.usableBytes = units::checked::mul(whole("usable_mib"), units::kMiB, "usable capacity");
        } else if (given("usable_gib")) {
            const auto value = peakFigure(c, "usable_gib", where, card.id);
            if (*value > 1e6)
                throw SizingError(where + ": card '" + card.id + "': \"usable_gib\" is beyond any card");
            card.usableBytes = static_cast<std::uint64_t>(std::llround(*value * static_cast<double>(units::kGiB)));
        }
        if (const auto it = c.find("usable_source"); it != c.end() && !it->is_null()) {
            if (!it->is_string())
                throw SizingError(where + ": card '" + card.id + "': \"usable_source\" must be a text");
            card.usableSource = it->get<std::string>();
        }
        if (card.usableBytes && card.usableSource.empty())
            throw SizingError(where + ": card '" + card.id
                + "' has a usable capacity but no \"usable_source\" naming the reading it comes from");
        if (card.usableBytes && *card.usableBytes > card.reportedBytes)
            throw SizingError(where + ": card '" + card.id
                + "': the usable capacity is above the reported total (nvidia-smi's is the larger)");
    }

} // namespace

DeviceCatalog DeviceCatalog::load(const std::filesystem::path& path)
{
    const std::string where = path.string();
    std::string content;
    if (std::string error; !units::readRegularFile(where, 64ULL << 20, content, error))
        throw SizingError("card catalog: " + error);
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
        readUsable(c, card, where);
        readPace(c, card, where);
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
