// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <optional>
#include <string>

namespace iteragpu::cli {

// Which ledgers `measure --ledger` and `explain` print.
enum class LedgerChoice : int {
    Peak = 0, // the phase with the highest peak allocated, and the failed phase when it is another one
    All = 1, // every phase that ran
    None = 2,
};
std::optional<LedgerChoice> ledgerChoiceFromName(const std::string& name); // "peak", "all", "none"

// The ledger tables (core/report/ledgertable.h) of the chosen phases, built from the result alone, so
// `measure` and `explain` on its saved file print the same text.
std::string ledgerText(const protocol::RunResult& result, LedgerChoice choice);
// The ledger table of the phase labelled `phaseLabel` ("prefill", "warm_forward#0"); nullopt when none is.
std::optional<std::string> ledgerTextOfPhase(const protocol::RunResult& result, const std::string& phaseLabel);

} // namespace iteragpu::cli
