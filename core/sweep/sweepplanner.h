// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace iteragpu::sweep {

// Which values a sweep tries next, from its spec and the trials so far; no process, no file (SweepRunner runs
// what it plans). Note [Find-max rounds]:
//   Doubling: min, 2 min, 4 min, ... (capped at max) until a value fails. With k slots a round holds the next k
//   doublings at once, so a round costs one trial's time; the values above the first failure in that round are
//   spent, which is the price of the parallel round.
//   Bisection: between the largest pass P and the smallest fail F (P < F), while F - P > resolution, a round
//   splits (P, F) into k + 1 equal parts and tries the k inner points (one midpoint with one slot), so each round
//   divides the interval by k + 1.
//   A Failed trial (a phase failed: out of memory or another error) bounds from above; an Error trial (no usable
//   result) stops the sweep, since its value is neither a pass nor a fail.
class SweepPlanner {
public:
    // The values of the next round, at most slots (>= 1) of them, ascending, none tried before; empty when the
    // sweep is complete (see complete()) or when it cannot go on (an Error trial).
    static std::vector<std::uint64_t> nextRound(
        const SweepSpec& spec, const std::vector<TrialRecord>& trials, std::size_t slots);
    // The boundary the trials so far give (Passed and Failed trials only).
    static Boundary boundary(const SweepSpec& spec, const std::vector<TrialRecord>& trials);
    // True when nothing is left to try: every value (Values), or the boundary at its resolution, max passed, or
    // min failed (FindMax).
    static bool complete(const SweepSpec& spec, const std::vector<TrialRecord>& trials);
    // One line when the spec cannot be swept (no values, values not strictly ascending, a value of 0, min of 0,
    // min > max, resolution 0, no device for a local executor); empty when fine.
    static std::string validate(const SweepSpec& spec);
};

} // namespace iteragpu::sweep
