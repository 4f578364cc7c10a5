// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

namespace iteragpu::sizing {

// One card of the catalog (resources/catalog/gpus.json). The marketed name never replaces the capacity the
// device reports: an H200 sold as "141 GB" reports 143 771 MiB.
struct GpuCard {
    std::string id; // "h200-sxm"
    std::string name; // "NVIDIA H200 SXM"
    std::string vendor; // "NVIDIA", "AMD"
    std::string marketed; // "141 GB" as sold
    std::uint64_t reportedBytes = 0; // total memory the runtime reports (cudaMemGetInfo / hipMemGetInfo), bytes
    std::string note; // e.g. "per GCD: the OS sees two devices per card"
};

} // namespace iteragpu::sizing
