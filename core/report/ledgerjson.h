// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/report/ledger.h"

#include <nlohmann/json_fwd.hpp>

// The ledger in the result file: the top-level "ledger" array, one object per phase that ran (buildLedgers),
// labels in english(), bytes signed, null where a reading is missing. It is derived data: a reader builds the
// ledger again from the phases (readResultFile ignores the array), so a file and its ledger cannot disagree.
namespace iteragpu::report {

// { "phase", "phase_index", "status", "simulated", "sections": [ { "section", "title", "missing", "parts",
//   "total", "asides" } ] }, each line { "key", "label", "bytes", "source", "cause" }.
nlohmann::ordered_json ledgerToJson(const PhaseLedger& ledger);
nlohmann::ordered_json ledgersToJson(const protocol::RunResult& result);

} // namespace iteragpu::report
