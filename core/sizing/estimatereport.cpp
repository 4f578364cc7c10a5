// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/estimatereport.h"

#include "core/units/printable.h"
#include "core/units/readablesize.h"

#include <cstdio>
#include <sstream>

namespace iteragpu::sizing {

namespace {

    // "14 000 000 000 bytes = 14.00 GB = 13.04 GiB": raw bytes, then one conversion to each unit, each labelled.
    std::string sizeText(std::uint64_t bytes)
    {
        return units::groupDigits(bytes) + " bytes = " + units::formatReadable(bytes, units::Unit::GB) + " = "
            + units::formatReadable(bytes, units::Unit::GiB);
    }

    std::string padded(const std::string& s, std::size_t width)
    {
        return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
    }

    std::string signedBytes(std::int64_t margin)
    {
        if (margin >= 0)
            return "+" + units::groupDigits(static_cast<std::uint64_t>(margin)) + " bytes (+"
                + units::formatReadable(static_cast<std::uint64_t>(margin), units::Unit::GiB) + ")";
        const std::uint64_t m
            = margin == INT64_MIN ? static_cast<std::uint64_t>(INT64_MAX) + 1 : static_cast<std::uint64_t>(-margin);
        return "-" + units::groupDigits(m) + " bytes (-" + units::formatReadable(m, units::Unit::GiB) + ")";
    }

} // namespace

nlohmann::json EstimateReport::sizeJson(std::uint64_t bytes)
{
    return { { "bytes", bytes }, { "gb", units::toGB(bytes) }, { "gib", units::toGiB(bytes) } };
}

nlohmann::json EstimateReport::toJson(const Estimate& e, const std::vector<FitVerdict>& verdicts)
{
    nlohmann::json j;
    j["parameters"] = e.parameters;
    j["parameter_source"] = e.parameterSource.english();
    j["tensor_parallel"] = e.tensorParallel;
    // The keys every consumer may rely on; null = not part of this workload or not computed.
    for (const char* id : { "weights", "kv_cache", "gradients", "optimizer_states", "activations" })
        j[id] = nullptr;
    nlohmann::json components = nlohmann::json::array();
    for (const auto& c : e.components) {
        j[c.id] = c.bytes ? sizeJson(*c.bytes) : nlohmann::json(nullptr);
        components.push_back({ { "id", c.id }, { "label", c.label },
            { "bytes", c.bytes ? nlohmann::json(*c.bytes) : nlohmann::json(nullptr) }, { "note", c.note.english() } });
    }
    j["components"] = components;
    j["architecture"] = e.architectureJson.is_null() ? nlohmann::json(nullptr) : e.architectureJson;
    // The model's layers by kind (the architecture) and the cache each kind keeps.
    if (e.kvCache && !e.kvCache->layerCaches.empty() && !e.kvByKind.empty()) {
        nlohmann::json kinds = nlohmann::json::array();
        for (const auto& k : e.kvByKind)
            kinds.push_back({ { "kind", LayerCache::kindId(k.kind) }, { "layers", k.layers },
                { "tokens_kept", k.kind == LayerCache::Kind::State ? nlohmann::json(nullptr) : nlohmann::json(k.tokensKept) },
                { k.kind == LayerCache::Kind::State ? "elements_per_sequence" : "elements_per_token", k.elementsPerToken },
                { "bytes", k.bytes } });
        j["kv_by_layer_kind"] = kinds;
    }
    j["reserve"] = sizeJson(e.reserve.bytes);
    j["reserve"]["typed"] = e.reserve.typedValue;
    j["reserve"]["unit"] = units::unitSymbol(e.reserve.unit);
    j["sum_of_components"] = sizeJson(e.sumOfComponents);
    j["largest_phase"] = sizeJson(e.largestPhaseBytes);
    j["largest_phase"]["name"] = e.largestPhase;
    j["total"] = sizeJson(e.total());
    j["total_sum_of_components"] = sizeJson(e.totalSumOfComponents());
    j["dominant_component"] = e.dominantComponent();
    nlohmann::json phases = nlohmann::json::array();
    for (const auto& p : e.phases)
        phases.push_back({ { "id", p.id }, { "components", p.componentIds }, { "bytes", p.bytes } });
    j["phases"] = phases;
    j["assumptions"] = i18n::english(e.assumptions);
    if (!verdicts.empty()) {
        nlohmann::json fit = nlohmann::json::array();
        for (const auto& v : verdicts)
            fit.push_back({ { "card", v.cardId }, { "name", v.cardName }, { "tensor_parallel", v.tensorParallel },
                { "needed_per_device", sizeJson(v.neededPerDevice) },
                { "available_per_device", sizeJson(v.availablePerDevice) },
                { "available_is", v.availableIsUsable ? "usable_total" : "reported_total" }, { "margin_bytes", v.margin },
                { "fits", v.fits }, { "dominant_component", v.dominantComponent } });
        j["fit"] = fit;
    }
    return j;
}

std::string EstimateReport::toText(const Estimate& e, const std::vector<FitVerdict>& verdicts, const std::string& afterTotal)
{
    std::ostringstream out;
    constexpr std::size_t w = 22;
    out << "parameters            " << units::groupDigits(e.parameters) << " (" << e.parameterSource.english() << ")\n";
    for (std::size_t i = 0; i < e.architecture.size(); ++i)
        out << (i == 0 ? "model                 " : "                      ") << e.architecture[i].english() << '\n';
    if (e.tensorParallel > 1)
        out << "tensor parallel       " << e.tensorParallel << " devices; sizes below are per device\n";
    for (const auto& c : e.components) {
        out << padded(c.label, w) << (c.bytes ? sizeText(*c.bytes) : std::string("not computed"));
        if (const std::string note = c.note.english(); !note.empty())
            out << "  [" << note << "]";
        out << '\n';
    }
    char typed[64];
    std::snprintf(typed, sizeof typed, "%g %s", e.reserve.typedValue, units::unitSymbol(e.reserve.unit));
    out << padded("reserve", w) << sizeText(e.reserve.bytes) << "  [" << (e.reserve.defaulted ? "default " : "typed ")
        << typed << (e.reserve.defaulted ? ", none typed (--reserve-gib)" : "") << "]\n";
    if (e.phases.size() > 1 || e.components.size() > 1)
        out << padded("sum of components", w) << sizeText(e.totalSumOfComponents())
            << "  [every component + reserve]\n";
    out << padded("total", w) << sizeText(e.total()) << "  [largest phase '" << e.largestPhase << "' + reserve]\n";
    out << afterTotal;
    for (const auto& v : verdicts) {
        out << padded("fit " + units::printableName(v.cardId), w) << (v.fits ? "fits" : "does NOT fit") << ": needs "
            << units::format(v.neededPerDevice, units::Unit::GiB) << " per device";
        if (v.tensorParallel > 1)
            out << " x " << v.tensorParallel << " devices";
        out << (v.availableIsUsable ? ", usable " : ", reports ") << units::format(v.availablePerDevice, units::Unit::GiB)
            << (v.availableIsUsable ? " (CUDA's total)" : "") << ", margin "
            << signedBytes(v.margin) << ", dominant: " << v.dominantComponent << '\n';
    }
    out << "assumptions:\n";
    for (const auto& a : e.assumptions)
        out << "  - " << a.english() << '\n';
    return out.str();
}

} // namespace iteragpu::sizing
