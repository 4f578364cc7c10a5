// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/fitanalyzer.h"

#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"

#include <limits>

namespace iteragpu::sizing {

namespace {

    constexpr std::uint64_t kSearchLimit = FitAnalyzer::kSearchLimit;

    std::int64_t signedMargin(std::uint64_t available, std::uint64_t needed)
    {
        constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        if (available >= needed) {
            const std::uint64_t d = available - needed;
            return d > kMax ? std::numeric_limits<std::int64_t>::max() : static_cast<std::int64_t>(d);
        }
        const std::uint64_t d = needed - available;
        return d > kMax ? std::numeric_limits<std::int64_t>::min() : -static_cast<std::int64_t>(d);
    }

    bool fits(const SizingRequest& request, const GpuCard& card)
    {
        try {
            return SizingEngine::estimate(request).total() <= card.reportedBytes;
        } catch (const SizingError&) {
            return false; // an overflowing size does not fit
        }
    }

    // Largest n in [1, kSearchLimit] with fits(apply(n)); nullopt when 1 does not fit. Monotone by construction.
    template <typename Apply>
    std::optional<std::uint64_t> search(SizingRequest request, const GpuCard& card, Apply apply)
    {
        apply(request, 1);
        if (!fits(request, card))
            return std::nullopt;
        std::uint64_t lo = 1; // fits
        std::uint64_t hi = kSearchLimit; // tested below
        apply(request, hi);
        if (fits(request, card))
            return hi;
        while (hi - lo > 1) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            apply(request, mid);
            if (fits(request, card))
                lo = mid;
            else
                hi = mid;
        }
        return lo;
    }

} // namespace

FitVerdict FitAnalyzer::verdict(const Estimate& estimate, const GpuCard& card)
{
    FitVerdict v;
    v.cardId = card.id;
    v.cardName = card.name;
    v.tensorParallel = estimate.tensorParallel;
    v.neededPerDevice = estimate.total();
    v.availablePerDevice = card.reportedBytes;
    v.margin = signedMargin(v.availablePerDevice, v.neededPerDevice);
    v.fits = v.neededPerDevice <= v.availablePerDevice;
    v.dominantComponent = estimate.dominantComponent();
    return v;
}

FitVerdict FitAnalyzer::verdict(SizingRequest request, const GpuCard& card, std::uint64_t tensorParallel)
{
    request.tensorParallel = tensorParallel;
    return verdict(SizingEngine::estimate(request), card);
}

std::vector<FitVerdict> FitAnalyzer::verdicts(const SizingRequest& request, const std::vector<GpuCard>& cards)
{
    const Estimate e = SizingEngine::estimate(request);
    std::vector<FitVerdict> out;
    out.reserve(cards.size());
    for (const auto& card : cards)
        out.push_back(verdict(e, card));
    return out;
}

std::optional<std::uint64_t> FitAnalyzer::largestContext(SizingRequest request, const GpuCard& card)
{
    if (request.kvCache) {
        return search(request, card, [](SizingRequest& r, std::uint64_t n) {
            r.kvCache->promptTokens = n;
            r.kvCache->generatedTokens = 0;
            if (r.kvCache->staticCache)
                r.kvCache->staticCapacity = n;
            if (r.training)
                r.training->sequenceLength = n;
        });
    }
    if (request.training)
        return search(request, card, [](SizingRequest& r, std::uint64_t n) { r.training->sequenceLength = n; });
    return std::nullopt;
}

std::optional<std::uint64_t> FitAnalyzer::largestBatch(SizingRequest request, const GpuCard& card)
{
    if (request.training)
        return search(request, card, [](SizingRequest& r, std::uint64_t n) { r.training->microBatch = n; });
    if (request.kvCache)
        return search(request, card, [](SizingRequest& r, std::uint64_t n) { r.kvCache->sequences = n; });
    return std::nullopt;
}

} // namespace iteragpu::sizing
