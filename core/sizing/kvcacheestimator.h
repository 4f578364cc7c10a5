// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/kvcacheestimate.h"
#include "core/sizing/kvcacheoptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// Throws SizingError on zero layers, heads, head_dim, tokens or sequences, a zero window, or overflow.
class KvCacheEstimator {
public:
    static KvCacheEstimate estimate(const KvCacheOptions& options);
};

} // namespace iteragpu::sizing
