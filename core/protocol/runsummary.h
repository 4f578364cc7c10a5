// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/protocol/runtypes.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::protocol {

// How a run went, counted once from its phase records, for every front end: the window's status bar and its
// progress bar, the decision sheet and the CLI say the same thing because they all read this. Phases that did not
// run are counted as such, so a failed or stopped run never reads as "14 / 14".
struct RunSummary {
    std::size_t planned = 0; // phase records in the run, not_run included
    std::size_t passed = 0;
    std::size_t failed = 0;
    std::size_t notRun = 0;
    std::size_t interrupted = 0; // cut short by Stop (at most one: nothing runs after it)
    std::string interruptedLabel; // phaseLabel() of that phase
    std::optional<std::size_t> firstFailure; // index into RunResult::phases
    std::string firstFailureLabel; // phaseLabel() of that phase
    bool firstFailureOutOfMemory = false; // from PhaseResult::outOfMemory
    bool cancelled = false;
    bool completed = false; // every planned phase ran and passed
    bool deviceMissing = false;
    std::string runError; // RunResult::error: the run could not start

    std::size_t ran() const { return passed + failed + interrupted; }

    // One sentence (context "RunSummary"), e.g. "6 of 14 phases ran: 5 passed, 1 failed (out of memory in
    // cold_forward), 8 did not run". english() for the CLI; translated in the window and the sheet.
    i18n::Message message() const;
};

RunSummary summarize(const RunResult& result);
// The same over the records seen so far (the window, while a run is going): planned is the planned count.
RunSummary summarize(const std::vector<PhaseResult>& phases, std::size_t planned, bool cancelled);

} // namespace iteragpu::protocol
