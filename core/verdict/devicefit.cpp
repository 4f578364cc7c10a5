// SPDX-License-Identifier: Apache-2.0
#include "core/verdict/devicefit.h"

#include "core/sizing/fitanalyzer.h"
#include "core/sizing/fitsentences.h"
#include "core/sizing/sizingengine.h"
#include "core/verdict/deviceneedestimator.h"

namespace iteragpu::verdict {

sizing::NeedFunction DeviceFit::need()
{
    return [](const sizing::SizingRequest& r) { return DeviceNeedEstimator::estimate(r).total; };
}

sizing::FitVerdict DeviceFit::verdict(const sizing::Estimate& estimate, const DeviceNeed& need, const sizing::GpuCard& card)
{
    return sizing::FitAnalyzer::verdict(estimate, card, need.total);
}

sizing::FitVerdict DeviceFit::verdict(sizing::SizingRequest request, const sizing::GpuCard& card, std::uint64_t tensorParallel)
{
    request.tensorParallel = tensorParallel;
    const sizing::Estimate e = sizing::SizingEngine::estimate(request);
    return verdict(e, DeviceNeedEstimator::estimate(request, e), card);
}

sizing::FitLimit DeviceFit::largestContext(const sizing::SizingRequest& request, const sizing::GpuCard& card)
{
    return sizing::FitSentences::largestContext(request, card, need());
}

sizing::FitLimit DeviceFit::largestBatch(const sizing::SizingRequest& request, const sizing::GpuCard& card)
{
    return sizing::FitSentences::largestBatch(request, card, need());
}

} // namespace iteragpu::verdict
