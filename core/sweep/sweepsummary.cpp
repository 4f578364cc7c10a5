// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/sweepsummary.h"

#include <algorithm>

namespace iteragpu::sweep {

SweepSummary summarizeSweep(const SweepRecord& record)
{
    SweepSummary s;
    s.simulated = record.simulated;
    for (const TrialRecord& t : record.trials) {
        const bool result = t.status == TrialStatus::Passed || t.status == TrialStatus::Failed;
        if (!result) {
            ++s.unfinished;
            continue;
        }
        ++(t.status == TrialStatus::Passed ? s.passed : s.failed);
        s.maxTried = std::max(s.maxTried.value_or(0), t.value);
    }
    return s;
}

} // namespace iteragpu::sweep
