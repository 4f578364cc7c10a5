// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::sim {

// The card a simulated device stands in for: its reported capacity and the two roofs of its time model (the
// runner fills it from the GPU catalog, core/sizing/devicecatalog.h; core/sim cannot read the catalog itself).
struct SimCard {
    std::string name; // "NVIDIA H100 80GB SXM", as the catalog names it
    std::uint64_t capacityBytes = 0; // what the card reports (cudaMemGetInfo total), bytes
    // Peak dense FLOP/s per compute dtype; nullopt where the vendor publishes none (the T4 has no bf16), and then
    // a FLOP-counting kernel of that dtype fails with a clear error instead of taking a made-up time.
    std::optional<double> peakFp32Flops; // FLOP/s
    std::optional<double> peakFp16Flops; // FLOP/s
    std::optional<double> peakBf16Flops; // FLOP/s
    double memoryBandwidth = 0.0; // bytes/s, above 0

    std::optional<double> peakFlops(device::DType dtype) const
    {
        switch (dtype) {
        case device::DType::Float32:
            return peakFp32Flops;
        case device::DType::Float16:
            return peakFp16Flops;
        case device::DType::BFloat16:
            return peakBf16Flops;
        }
        return std::nullopt;
    }
};

} // namespace iteragpu::sim
