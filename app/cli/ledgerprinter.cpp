// SPDX-License-Identifier: Apache-2.0
#include "app/cli/ledgerprinter.h"

#include "core/report/ledger.h"
#include "core/report/ledgerestimate.h"
#include "core/report/ledgertable.h"

namespace iteragpu::cli {

namespace {

    std::string tableOf(const protocol::RunResult& result, std::size_t index)
    {
        return report::ledgerTable(report::buildPhaseLedger(result, index, report::estimateForPhase(result, index)));
    }

} // namespace

std::optional<LedgerChoice> ledgerChoiceFromName(const std::string& name)
{
    if (name == "peak")
        return LedgerChoice::Peak;
    if (name == "all")
        return LedgerChoice::All;
    if (name == "none")
        return LedgerChoice::None;
    return std::nullopt;
}

std::string ledgerText(const protocol::RunResult& result, LedgerChoice choice)
{
    std::string text;
    switch (choice) {
    case LedgerChoice::None:
        break;
    case LedgerChoice::All:
        for (std::size_t i = 0; i < result.phases.size(); ++i)
            if (result.phases[i].status != protocol::PhaseStatus::NotRun)
                text += tableOf(result, i);
        break;
    case LedgerChoice::Peak: {
        const auto peak = report::peakPhaseIndex(result);
        const auto failed = report::failedPhaseIndex(result);
        if (peak)
            text += tableOf(result, *peak);
        if (failed && failed != peak)
            text += tableOf(result, *failed);
        if (!peak && !failed)
            text += "no ledger: no phase has an allocator reading\n";
        break;
    }
    }
    return text;
}

std::optional<std::string> ledgerTextOfPhase(const protocol::RunResult& result, const std::string& phaseLabel)
{
    for (std::size_t i = 0; i < result.phases.size(); ++i)
        if (protocol::phaseLabel(result.phases[i]) == phaseLabel)
            return tableOf(result, i);
    return std::nullopt;
}

} // namespace iteragpu::cli
