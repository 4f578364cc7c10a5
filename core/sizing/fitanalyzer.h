// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/estimate.h"
#include "core/sizing/fitverdict.h"
#include "core/sizing/gpucard.h"
#include "core/sizing/needfunction.h"
#include "core/sizing/sizingrequest.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// Fit verdicts and the largest context / batch that fit. The searches are binary searches over the engine
// (monotone in tokens and sequences), overflow-safe: a size that overflows simply does not fit.
class FitAnalyzer {
public:
    // Upper end of the searches (tokens or sequences). A result equal to it means "no limit found": the need
    // stops growing, e.g. when every layer keeps only its sliding window.
    static constexpr std::uint64_t kSearchLimit = 1ULL << 40;

    static FitVerdict verdict(const Estimate& estimate, const GpuCard& card);
    // The same with the bytes needed per device given (the one estimate, core/verdict) instead of estimate.total().
    static FitVerdict verdict(const Estimate& estimate, const GpuCard& card, std::uint64_t neededPerDevice);
    // Re-estimates with request.tensorParallel = tensorParallel.
    static FitVerdict verdict(SizingRequest request, const GpuCard& card, std::uint64_t tensorParallel);
    static std::vector<FitVerdict> verdicts(const SizingRequest& request, const std::vector<GpuCard>& cards);

    // Largest prompt + generated tokens per sequence (inference KV cache, or training sequence length) that fits
    // on the card; nullopt when not even one token fits or the request has neither KV cache nor training.
    // `need` (empty: the engine's total) is what must fit; `hint`, a value expected near the answer, lets the
    // search start there and gallop outwards (a few evaluations of an expensive need instead of forty). The answer
    // does not depend on the hint.
    static std::optional<std::uint64_t> largestContext(SizingRequest request, const GpuCard& card,
        const NeedFunction& need = {}, std::optional<std::uint64_t> hint = std::nullopt);
    // Largest number of sequences (inference) or micro-batch (training) that fits; nullopt when 1 does not.
    static std::optional<std::uint64_t> largestBatch(SizingRequest request, const GpuCard& card,
        const NeedFunction& need = {}, std::optional<std::uint64_t> hint = std::nullopt);
};

} // namespace iteragpu::sizing
