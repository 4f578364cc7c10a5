// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/fitanalyzer.h"

#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"

#include <algorithm>
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

    bool fits(const SizingRequest& request, const GpuCard& card, const NeedFunction& need)
    {
        try {
            const std::uint64_t needed = need ? need(request) : SizingEngine::estimate(request).total();
            return needed <= card.capacityBytes();
        } catch (const SizingError&) {
            return false; // an overflowing size does not fit
        }
    }

    // Largest n in [1, kSearchLimit] with fits(apply(n)); nullopt when 1 does not fit. Monotone by construction.
    // With a hint, the bracket is found by galloping outwards from it (1, 2, 4, ... steps), then bisected.
    template <typename Apply>
    std::optional<std::uint64_t> search(SizingRequest request, const GpuCard& card, const NeedFunction& need,
        std::optional<std::uint64_t> hint, Apply apply)
    {
        auto test = [&](std::uint64_t n) {
            apply(request, n);
            return fits(request, card, need);
        };
        std::uint64_t lo = 0; // fits (0: not known yet)
        std::uint64_t hi = 0; // does not fit (0: not known yet)
        if (hint) {
            const std::uint64_t h = std::clamp<std::uint64_t>(*hint, 1, kSearchLimit);
            if (test(h)) {
                lo = h;
                for (std::uint64_t step = 1; lo < kSearchLimit; step *= 2) {
                    const std::uint64_t next = kSearchLimit - lo > step ? lo + step : kSearchLimit;
                    if (!test(next)) {
                        hi = next;
                        break;
                    }
                    lo = next;
                }
                if (hi == 0)
                    return lo; // the search's upper end fits
            } else {
                hi = h;
                for (std::uint64_t step = 1; hi > 1; step *= 2) {
                    const std::uint64_t next = hi > step + 1 ? hi - step : 1;
                    if (test(next)) {
                        lo = next;
                        break;
                    }
                    hi = next;
                }
                if (lo == 0)
                    return std::nullopt; // not even 1 fits
            }
        } else {
            if (!test(1))
                return std::nullopt;
            lo = 1;
            hi = kSearchLimit;
            if (test(hi))
                return hi;
        }
        while (hi - lo > 1) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            if (test(mid))
                lo = mid;
            else
                hi = mid;
        }
        return lo;
    }

} // namespace

FitVerdict FitAnalyzer::verdict(const Estimate& estimate, const GpuCard& card)
{
    return verdict(estimate, card, estimate.total());
}

FitVerdict FitAnalyzer::verdict(const Estimate& estimate, const GpuCard& card, std::uint64_t neededPerDevice)
{
    FitVerdict v;
    v.cardId = card.id;
    v.cardName = card.name;
    v.tensorParallel = estimate.tensorParallel;
    v.neededPerDevice = neededPerDevice;
    v.availablePerDevice = card.capacityBytes();
    v.availableIsUsable = card.capacityIsUsable();
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

std::optional<std::uint64_t> FitAnalyzer::largestContext(
    SizingRequest request, const GpuCard& card, const NeedFunction& need, std::optional<std::uint64_t> hint)
{
    if (request.kvCache) {
        return search(request, card, need, hint, [](SizingRequest& r, std::uint64_t n) {
            r.kvCache->promptTokens = n;
            r.kvCache->generatedTokens = 0;
            if (r.kvCache->staticCache)
                r.kvCache->staticCapacity = n;
            if (r.training)
                r.training->sequenceLength = n;
        });
    }
    if (request.training)
        return search(request, card, need, hint, [](SizingRequest& r, std::uint64_t n) { r.training->sequenceLength = n; });
    return std::nullopt;
}

std::optional<std::uint64_t> FitAnalyzer::largestBatch(
    SizingRequest request, const GpuCard& card, const NeedFunction& need, std::optional<std::uint64_t> hint)
{
    if (request.training)
        return search(request, card, need, hint, [](SizingRequest& r, std::uint64_t n) { r.training->microBatch = n; });
    if (request.kvCache)
        return search(request, card, need, hint, [](SizingRequest& r, std::uint64_t n) { r.kvCache->sequences = n; });
    return std::nullopt;
}

} // namespace iteragpu::sizing
