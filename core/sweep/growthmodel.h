// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/gpucard.h"
#include "core/sweep/sweeptypes.h"

#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sweep {

// Peak allocated against the varied value, fitted by least squares over the passing trials: a + b x, plus c x^2
// when the dimension is a sequence length of a decoder with eager attention (its q x k scores grow with the
// square of the tokens). The fit is *fitted*, never observed; the largest value it gives on each catalog card is
// *assumed*: it supposes the growth continues beyond the values tried, and keeps the largest amount seen outside
// the allocator's allocated bytes (device peak - peak allocated, over the passing trials) as it was.
class GrowthModel {
public:
    // Whether the fit takes the quadratic term: a sequence-length dimension and eager attention.
    static bool wantsQuadratic(Dimension dimension, const std::string& attention);
    // The fit over the trials' (value, peak allocated) of the passing trials; nullopt with a reason in why when
    // too few distinct values passed (2 for the line, 3 for the quadratic; with 2 a quadratic falls back to the
    // line and says so in why).
    static std::optional<GrowthFit> fit(
        const std::vector<TrialRecord>& trials, bool quadratic, std::string& why);
    // The fitted peak at value x (bytes; may be negative far outside the points).
    static double evaluate(const GrowthFit& fit, double x);
    // The largest whole value whose fitted peak plus the fit's overhead fits in capacityBytes.
    static CardExtrapolation extrapolate(const GrowthFit& fit, const sizing::GpuCard& card);
    // fit() then extrapolate() on each card; nullopt as fit().
    static std::optional<GrowthFit> fitAndExtrapolate(const std::vector<TrialRecord>& trials, bool quadratic,
        const std::vector<sizing::GpuCard>& cards, std::string& why);
};

} // namespace iteragpu::sweep
