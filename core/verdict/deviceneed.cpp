// SPDX-License-Identifier: Apache-2.0
#include "core/verdict/deviceneed.h"

#include "core/units/readablesize.h"

#include "core/sizing/estimatereport.h"
#include "core/units/units.h"

namespace iteragpu::verdict {

std::uint64_t DeviceNeed::bytesOf(const std::string& id) const
{
    for (const auto& p : parts)
        if (p.id == id)
            return p.bytes;
    return 0;
}

std::string DeviceNeed::english() const
{
    std::string out;
    for (const auto& p : parts) {
        if (!out.empty())
            out += " + ";
        out += p.label.english() + " " + units::format(p.bytes, units::Unit::GiB) + " ("
            + sizing::provenanceName(p.provenance) + ")";
    }
    return out + " = " + units::format(total, units::Unit::GiB);
}

std::string DeviceNeed::textBlock() const
{
    auto size = [](std::uint64_t b) {
        return units::groupDigits(b) + " bytes = " + units::formatReadable(b, units::Unit::GB) + " = "
            + units::formatReadable(b, units::Unit::GiB);
    };
    std::string out = "on the device         " + size(total) + "  [what must fit: " + method.english() + "]\n";
    for (const auto& p : parts)
        out += "  + " + p.label.english() + ": " + size(p.bytes) + " (" + sizing::provenanceName(p.provenance) + "; "
            + p.note.english() + ")\n";
    return out;
}

nlohmann::json DeviceNeed::json() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& p : parts)
        list.push_back({ { "id", p.id }, { "bytes", p.bytes }, { "provenance", sizing::provenanceName(p.provenance) },
            { "label", p.label.english() }, { "note", p.note.english() } });
    return { { "total", sizing::EstimateReport::sizeJson(total) }, { "phase", phase }, { "predicted", predicted },
        { "method", method.english() }, { "parts", list } };
}

} // namespace iteragpu::verdict
