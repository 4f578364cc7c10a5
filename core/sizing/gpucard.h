// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
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

    // The vendor's peak figures, for the simulated card's roofline (core/sim): dense FLOP/s (no 2:4 sparsity;
    // bf16 and fp16 on Tensor / Matrix Cores with FP32 accumulate, fp32 without TF32) and memory bandwidth.
    // nullopt where the vendor publishes no figure (the T4 has no bf16), never 0.
    std::optional<double> peakBf16Flops; // FLOP/s
    std::optional<double> peakFp16Flops; // FLOP/s
    std::optional<double> peakFp32Flops; // FLOP/s
    std::optional<double> memoryBandwidth; // bytes/s
    std::string paceSource; // the datasheet each figure comes from, or why there is none
};

} // namespace iteragpu::sizing
