// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/estimate.h"
#include "core/sizing/fitlimit.h"
#include "core/sizing/fitverdict.h"
#include "core/sizing/gpucard.h"
#include "core/sizing/needfunction.h"
#include "core/sizing/sizingrequest.h"
#include "core/verdict/deviceneed.h"

#include <vector>

namespace iteragpu::verdict {

// The fit verdicts and largest loads of the one estimate (DeviceNeedEstimator): what the sizing panel, its card
// table, `iteragpu estimate` and the decision sheet say. The largest loads are the boundary a sweep on a simulated
// card finds (tests/sweep/tst_oneestimate.cpp holds them to it).
class DeviceFit {
public:
    static sizing::NeedFunction need(); // DeviceNeedEstimator::estimate(r).total
    static sizing::FitVerdict verdict(const sizing::Estimate& estimate, const DeviceNeed& need, const sizing::GpuCard& card);
    // Re-estimates with request.tensorParallel = tensorParallel.
    static sizing::FitVerdict verdict(sizing::SizingRequest request, const sizing::GpuCard& card, std::uint64_t tensorParallel);
    static sizing::FitLimit largestContext(const sizing::SizingRequest& request, const sizing::GpuCard& card);
    static sizing::FitLimit largestBatch(const sizing::SizingRequest& request, const sizing::GpuCard& card);
};

} // namespace iteragpu::verdict
