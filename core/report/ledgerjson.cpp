// SPDX-License-Identifier: Apache-2.0
#include "core/report/ledgerjson.h"

#include <nlohmann/json.hpp>

namespace iteragpu::report {

namespace {

    using nlohmann::ordered_json;

    ordered_json lineToJson(const LedgerLine& line)
    {
        return { { "key", line.key }, { "label", line.label.english() },
            { "bytes", line.bytes ? ordered_json(*line.bytes) : ordered_json(nullptr) },
            { "source", ledgerSourceName(line.source) },
            { "cause", line.cause ? ordered_json(ledgerCauseName(*line.cause)) : ordered_json(nullptr) } };
    }

    ordered_json linesToJson(const std::vector<LedgerLine>& lines)
    {
        ordered_json array = ordered_json::array();
        for (const auto& line : lines)
            array.push_back(lineToJson(line));
        return array;
    }

} // namespace

ordered_json ledgerToJson(const PhaseLedger& ledger)
{
    ordered_json sections = ordered_json::array();
    for (const auto& section : ledger.sections)
        sections.push_back({ { "section", ledgerSectionName(section.kind) }, { "title", section.title.english() },
            { "missing", section.missing ? ordered_json(section.missing->english()) : ordered_json(nullptr) },
            { "parts", linesToJson(section.parts) }, { "total", lineToJson(section.total) },
            { "asides", linesToJson(section.asides) } });
    return { { "phase", ledger.phase }, { "phase_index", ledger.phaseIndex },
        { "status", protocol::phaseStatusName(ledger.status) }, { "simulated", ledger.simulated },
        { "sections", std::move(sections) } };
}

ordered_json ledgersToJson(const protocol::RunResult& result)
{
    ordered_json array = ordered_json::array();
    for (const auto& ledger : buildLedgers(result))
        array.push_back(ledgerToJson(ledger));
    return array;
}

} // namespace iteragpu::report
