// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace iteragpu::sweep {

// Which values a sweep tries next, from its spec and the trials so far; no process, no file (SweepRunner runs
// what it plans). Only Passed and Failed trials count as tried: Pending, Running, Interrupted and Error ones are
// planned again (SweepRunner stops a sweep at a fresh Error, since its value is neither a pass nor a fail).
// Note [Find-max rounds]:
//   Without --max the boundary has no known bound, so the search gallops: min, 2 min, 4 min, ... until a value
//   fails; with k slots a round holds the next k doublings at once (the values above the first failure in that
//   round are spent: the price of a parallel round).
//   With --max the bound is known and doubling would only cost trials (up to 2 log2(max/min) in all), so the
//   search bisects [min, max] at once: about log2(max - min) + 1 trials, within log2(max/min) + 3 from min = 1.
//   Bisection: between the largest pass P (or min - 1 before one) and the smallest fail F (or max + 1 before
//   one), while F - P > resolution, a round splits (P, F) into k + 1 equal parts and tries the k inner points
//   (the midpoint with one slot): each round divides the interval by k + 1. The sweep ends when F - P <=
//   resolution, when max passed, or when min failed; min itself is always tried before the sweep says nothing fits.
//   A Failed trial (a phase failed: out of memory or another error) bounds from above, whatever its phase.
class SweepPlanner {
public:
    // The values of the next round, at most lanes (>= 1) of them, ascending, none tried before; empty when the
    // sweep is complete (see complete()) or when it cannot go on (an Error trial).
    static std::vector<std::uint64_t> nextRound(
        const SweepSpec& spec, const std::vector<TrialRecord>& trials, std::size_t lanes);
    // The boundary the trials so far give (Passed and Failed trials only).
    static Boundary boundary(const SweepSpec& spec, const std::vector<TrialRecord>& trials);
    // True when nothing is left to try: every value (Values), or the boundary at its resolution, max passed, or
    // min failed (FindMax).
    static bool complete(const SweepSpec& spec, const std::vector<TrialRecord>& trials);
    // One line when the spec cannot be swept (no values, values not strictly ascending, a value of 0, min of 0,
    // min > max, a value or a bound of 2^62 or more, resolution 0, a local executor without devices or with one
    // device twice); empty when fine.
    static std::string validate(const SweepSpec& spec);
};

} // namespace iteragpu::sweep
