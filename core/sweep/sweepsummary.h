// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace iteragpu::sweep {

// What a sweep tried, counted once for every front end (the Sweep view, the decision sheet): the largest value
// that gave a result, passing or failing, is the sweep's "maximum load tried" (the seeds' decision sheet states
// it); the boundary and the fit are the record's own.
struct SweepSummary {
    std::optional<std::uint64_t> maxTried; // the largest value of a Passed or Failed trial; nullopt before one
    std::size_t passed = 0;
    std::size_t failed = 0;
    std::size_t unfinished = 0; // Pending, Running, Interrupted or Error: no result
    bool simulated = false;
};

SweepSummary summarizeSweep(const SweepRecord& record);

} // namespace iteragpu::sweep
