// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/runsummary.h"

#include <algorithm>

namespace iteragpu::protocol {

namespace {
    constexpr const char* kContext = "RunSummary";
}

RunSummary summarize(const std::vector<PhaseResult>& phases, std::size_t planned, bool cancelled)
{
    RunSummary s;
    s.cancelled = cancelled;
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const PhaseResult& p = phases[i];
        switch (p.status) {
        case PhaseStatus::Ok:
            ++s.passed;
            break;
        case PhaseStatus::Failed:
            ++s.failed;
            if (!s.firstFailure) {
                s.firstFailure = i;
                s.firstFailureLabel = phaseLabel(p);
                s.firstFailureOutOfMemory = p.outOfMemory.value_or(false);
            }
            break;
        case PhaseStatus::Interrupted:
            ++s.interrupted;
            s.interruptedLabel = phaseLabel(p);
            break;
        case PhaseStatus::NotRun:
            break;
        }
    }
    s.planned = std::max(planned, s.ran());
    s.notRun = s.planned - s.ran();
    s.completed = s.planned > 0 && s.passed == s.planned;
    return s;
}

RunSummary summarize(const RunResult& result)
{
    RunSummary s = summarize(result.phases, result.phases.size(), result.cancelled);
    s.deviceMissing = result.deviceMissing;
    s.runError = result.error;
    s.completed = s.completed && result.completed;
    return s;
}

i18n::Message RunSummary::message() const
{
    if (!runError.empty() && ran() == 0)
        //: %1 is the reason, one line from the runtime or the configuration check
        return { ITERAGPU_TRANSLATE_NOOP("RunSummary", "The run did not start: %1"), { runError }, kContext };
    if (completed)
        //: %1 phases, all passed. Label and value, so no plural forms are needed.
        return { ITERAGPU_TRANSLATE_NOOP("RunSummary", "phases passed: %1 of %1"), { passed }, kContext };
    std::vector<i18n::Arg> args { ran(), planned, passed, failed, notRun };
    if (firstFailure) {
        args.emplace_back(firstFailureLabel);
        if (firstFailureOutOfMemory)
            //: %1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier
            //: that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.
            return { ITERAGPU_TRANSLATE_NOOP("RunSummary",
                         "phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); out of memory in %6"),
                args, kContext };
        //: %1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier
        //: that failed first, such as cold_forward. Label and value pairs, so no plural forms are needed.
        return { ITERAGPU_TRANSLATE_NOOP("RunSummary",
                     "phases run: %1 of %2 (passed: %3, failed: %4, not run: %5); first failure in %6"),
            args, kContext };
    }
    if (interrupted > 0) {
        args.emplace_back(interruptedLabel);
        //: %1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run; %6 is the phase identifier, such
        //: as decode, that the user's Stop cut short. Label and value pairs, so no plural forms are needed.
        return { ITERAGPU_TRANSLATE_NOOP("RunSummary",
                     "stopped during %6: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)"),
            args, kContext };
    }
    if (cancelled)
        //: %1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run. The user pressed Stop.
        return { ITERAGPU_TRANSLATE_NOOP("RunSummary",
                     "stopped: phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)"),
            args, kContext };
    //: %1 phases ran of %2 planned; %3 passed, %4 failed, %5 did not run
    return { ITERAGPU_TRANSLATE_NOOP("RunSummary", "phases run: %1 of %2 (passed: %3, failed: %4, not run: %5)"),
        args, kContext };
}

} // namespace iteragpu::protocol
