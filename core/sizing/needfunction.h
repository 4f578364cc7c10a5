// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/sizingrequest.h"

#include <cstdint>
#include <functional>

namespace iteragpu::sizing {

// What a request needs on each device, in bytes, for the fit searches (FitAnalyzer, FitSentences). Empty: the
// sizing engine's Estimate::total() (largest phase + reserve). core/verdict gives the one estimate every view
// reads (DeviceNeedEstimator: the allocator's predicted peak, the memory outside it and the reserve). May throw
// SizingError for a size that overflows: such a request does not fit.
using NeedFunction = std::function<std::uint64_t(const SizingRequest&)>;

} // namespace iteragpu::sizing
