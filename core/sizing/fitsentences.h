// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/sizing/fitlimit.h"
#include "core/sizing/gpucard.h"
#include "core/sizing/needfunction.h"
#include "core/sizing/sizingrequest.h"

#include <string>

namespace iteragpu::sizing {

// The verdict lines as sentences, with the cap named (never "no limit tokens"). Context: "Fit".
class FitSentences {
public:
    // FitAnalyzer::largestContext with its cap: the sliding window (the need stops growing), the trained context
    // (the shape's trainedContext, when memory would allow more), memory, or does not fit.
    // `need`: what must fit (empty: the engine's total); an expensive one is searched from the engine's answer.
    static FitLimit largestContext(const SizingRequest& request, const GpuCard& card, const NeedFunction& need = {});
    // FitAnalyzer::largestBatch with its cap (memory, does not fit, or no limit found).
    static FitLimit largestBatch(const SizingRequest& request, const GpuCard& card, const NeedFunction& need = {});

    // "Largest context that fits on NVIDIA H100 80GB: 52 000 tokens per sequence (limited by memory)." and so on;
    // an empty Message (source "") for NotApplicable.
    static i18n::Message contextSentence(const FitLimit& limit, const std::string& cardName);
    static i18n::Message batchSentence(const FitLimit& limit, const std::string& cardName, bool training);
};

} // namespace iteragpu::sizing
