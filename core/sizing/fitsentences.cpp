// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/fitsentences.h"

#include "core/sizing/fitanalyzer.h"

#include <algorithm>

namespace iteragpu::sizing {

namespace {

    using i18n::Arg;
    using i18n::Message;
    constexpr const char* kFit = "Fit";

    // The longest window any layer keeps (the KV cache's own windows, else the model's).
    std::optional<std::uint64_t> longestWindow(const SizingRequest& r)
    {
        std::vector<std::optional<std::uint64_t>> windows;
        if (r.kvCache) {
            windows = r.kvCache->layerWindows;
            if (windows.empty() && r.kvCache->slidingWindow)
                return r.kvCache->slidingWindow;
        }
        if (windows.empty() && r.shape)
            windows = r.shape->layerWindows;
        std::optional<std::uint64_t> longest;
        for (const auto& w : windows) {
            if (!w)
                return std::nullopt; // a full-attention layer: no window caps the cache
            longest = std::max(longest.value_or(0), *w);
        }
        return longest;
    }

    i18n::Term sequencesWord(std::uint64_t n)
    {
        return n == 1 ? i18n::Term { kFit, ITERAGPU_TRANSLATE_NOOP("Fit", "sequence") }
                      : i18n::Term { kFit, ITERAGPU_TRANSLATE_NOOP("Fit", "sequences") };
    }

} // namespace

FitLimit FitSentences::largestContext(const SizingRequest& request, const GpuCard& card, const NeedFunction& need)
{
    FitLimit limit;
    if (!request.kvCache && !request.training)
        return limit;
    const auto found = need
        ? FitAnalyzer::largestContext(request, card, need, FitAnalyzer::largestContext(request, card))
        : FitAnalyzer::largestContext(request, card);
    if (!found) {
        limit.cap = FitLimit::Cap::DoesNotFit;
        return limit;
    }
    const auto trained = request.shape ? request.shape->trainedContext : std::nullopt;
    if (*found >= FitAnalyzer::kSearchLimit) {
        // The need stopped growing: only a KV cache whose every layer keeps its window does that.
        limit.window = longestWindow(request);
        if (trained) {
            limit.cap = FitLimit::Cap::TrainedContext;
            limit.value = trained;
        } else if (limit.window) {
            limit.cap = FitLimit::Cap::SlidingWindow;
        } else {
            limit.cap = FitLimit::Cap::NoLimitFound;
            limit.value = found;
        }
        return limit;
    }
    if (trained && *trained < *found) {
        limit.cap = FitLimit::Cap::TrainedContext;
        limit.value = trained;
        limit.memoryLimit = found;
        return limit;
    }
    limit.cap = FitLimit::Cap::Memory;
    limit.value = found;
    return limit;
}

FitLimit FitSentences::largestBatch(const SizingRequest& request, const GpuCard& card, const NeedFunction& need)
{
    FitLimit limit;
    if (!request.kvCache && !request.training)
        return limit;
    const auto found = need ? FitAnalyzer::largestBatch(request, card, need, FitAnalyzer::largestBatch(request, card))
                            : FitAnalyzer::largestBatch(request, card);
    if (!found)
        limit.cap = FitLimit::Cap::DoesNotFit;
    else if (*found >= FitAnalyzer::kSearchLimit)
        limit.cap = FitLimit::Cap::NoLimitFound;
    else
        limit.cap = FitLimit::Cap::Memory;
    limit.value = found;
    return limit;
}

Message FitSentences::contextSentence(const FitLimit& limit, const std::string& cardName)
{
    switch (limit.cap) {
    case FitLimit::Cap::NotApplicable:
        break;
    case FitLimit::Cap::Memory:
        return { //: %1 the card's name, %2 tokens per sequence
            ITERAGPU_TRANSLATE_NOOP("Fit", "Largest context that fits on %1: %2 tokens per sequence, limited by memory."),
            { cardName, Arg::grouped(limit.value.value_or(0)) }, kFit };
    case FitLimit::Cap::TrainedContext:
        if (limit.memoryLimit)
            return { //: %1 the card's name, %2 tokens per sequence (the model's max_position_embeddings), %3 tokens
                     //: memory alone would allow
                ITERAGPU_TRANSLATE_NOOP("Fit",
                    "Largest context that fits on %1: %2 tokens per sequence, the model's trained context (memory "
                    "would allow %3)."),
                { cardName, Arg::grouped(limit.value.value_or(0)), Arg::grouped(*limit.memoryLimit) }, kFit };
        return { //: %1 the card's name, %2 tokens per sequence (the model's max_position_embeddings)
            ITERAGPU_TRANSLATE_NOOP("Fit",
                "Largest context that fits on %1: %2 tokens per sequence, the model's trained context (memory sets "
                "no limit: the sliding window caps the KV cache)."),
            { cardName, Arg::grouped(limit.value.value_or(0)) }, kFit };
    case FitLimit::Cap::SlidingWindow:
        return { //: %1 the card's name, %2 the sliding window in tokens
            ITERAGPU_TRANSLATE_NOOP("Fit",
                "Any context fits on %1 as far as memory goes: every layer keeps at most its sliding window of %2 "
                "tokens."),
            { cardName, Arg::grouped(limit.window.value_or(0)) }, kFit };
    case FitLimit::Cap::DoesNotFit:
        return { //: %1 the card's name
            ITERAGPU_TRANSLATE_NOOP("Fit", "Does not fit on %1 at all, not even with one token per sequence."),
            { cardName }, kFit };
    case FitLimit::Cap::NoLimitFound:
        return { //: %1 the card's name, %2 tokens per sequence searched up to
            ITERAGPU_TRANSLATE_NOOP("Fit", "On %1 memory sets no context limit up to %2 tokens per sequence."),
            { cardName, Arg::grouped(limit.value.value_or(0)) }, kFit };
    }
    return { "", {}, "" };
}

Message FitSentences::batchSentence(const FitLimit& limit, const std::string& cardName, bool training)
{
    const std::uint64_t n = limit.value.value_or(0);
    switch (limit.cap) {
    case FitLimit::Cap::NotApplicable:
        break;
    case FitLimit::Cap::Memory:
    case FitLimit::Cap::TrainedContext:
    case FitLimit::Cap::SlidingWindow:
        if (training)
            return { //: %1 the card's name, %2 sequences per step, %3 "sequence"/"sequences"
                ITERAGPU_TRANSLATE_NOOP("Fit", "Largest micro-batch that fits on %1: %2 %3 per step, limited by memory."),
                { cardName, Arg::grouped(n), sequencesWord(n) }, kFit };
        return { //: %1 the card's name, %2 sequences, %3 "sequence"/"sequences"
            ITERAGPU_TRANSLATE_NOOP("Fit", "Largest batch that fits on %1: %2 %3 at once, limited by memory."),
            { cardName, Arg::grouped(n), sequencesWord(n) }, kFit };
    case FitLimit::Cap::DoesNotFit:
        return { //: %1 the card's name
            ITERAGPU_TRANSLATE_NOOP("Fit", "Does not fit on %1 at all, not even with one sequence."), { cardName },
            kFit };
    case FitLimit::Cap::NoLimitFound:
        return { //: %1 the card's name, %2 sequences searched up to
            ITERAGPU_TRANSLATE_NOOP("Fit", "On %1 memory sets no batch limit up to %2 sequences."),
            { cardName, Arg::grouped(n) }, kFit };
    }
    return { "", {}, "" };
}

} // namespace iteragpu::sizing
