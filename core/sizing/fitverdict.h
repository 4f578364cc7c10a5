// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

namespace iteragpu::sizing {

struct FitVerdict {
    std::string cardId;
    std::string cardName;
    std::uint64_t tensorParallel = 1; // devices used; the need below is per device
    std::uint64_t neededPerDevice = 0; // Estimate::total(): largest phase + reserve
    std::uint64_t availablePerDevice = 0; // GpuCard::capacityBytes(): the usable total where known, else reported
    bool availableIsUsable = false; // availablePerDevice is CUDA's usable total (Note [Usable capacity]), not nvidia-smi's
    std::int64_t margin = 0; // available - needed, signed (saturated at the int64 limits)
    bool fits = false;
    std::string dominantComponent; // component id
};

} // namespace iteragpu::sizing
