// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>

namespace iteragpu::sizing {

// The largest context or batch that fits on a card, with what caps it.
struct FitLimit {
    enum class Cap {
        NotApplicable, // no KV cache and no training: nothing to search
        Memory, // the card's memory: one more token (sequence) would not fit
        SlidingWindow, // the need stops growing: every layer keeps only its window, any length fits
        TrainedContext, // memory would allow more, but the model was trained for `value` tokens
        DoesNotFit, // not even one token (sequence) fits
        NoLimitFound, // the search's upper end fits (batch of a request whose need does not grow)
    };
    Cap cap = Cap::NotApplicable;
    std::optional<std::uint64_t> value; // tokens per sequence or sequences; nullopt for DoesNotFit/NotApplicable
    std::optional<std::uint64_t> memoryLimit; // TrainedContext: what memory alone would allow (nullopt: no limit)
    std::optional<std::uint64_t> window; // SlidingWindow: the longest window kept
};

} // namespace iteragpu::sizing
