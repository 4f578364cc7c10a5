// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/model/modelshape.h"
#include "core/sizing/weightestimate.h"
#include "core/sizing/weightoptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// Weight memory by storage format. Every function throws SizingError on zero parameters, a zero block or group
// size, or a result beyond 64 bits.
class WeightEstimator {
public:
    // From a parameter count alone (no shape): the format applies to every parameter; per-tensor and
    // per-channel metadata that needs the shape (int8 row scales, fp8 tensor scales, quant maps) is not counted
    // and an assumption says so. Block/group metadata is counted as ceil(parameters / block).
    static WeightEstimate estimate(std::uint64_t parameters, const WeightOptions& options);
    // From the shape: quantized linears tensor by tensor, kept modules in keptType.
    static WeightEstimate estimate(const model::ModelShape& shape, const WeightOptions& options);
    // Typed numbers: parameters x bits / 8, rounded up, no metadata (the seeds' "compact" rows).
    static WeightEstimate fromBits(std::uint64_t parameters, std::uint64_t bits);
};

} // namespace iteragpu::sizing
