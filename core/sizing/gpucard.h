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
    std::uint64_t reportedBytes = 0; // total memory nvidia-smi / rocm-smi reports (NVML memory.total), bytes
    // Note [Usable capacity]: the total the CUDA (HIP) runtime reports to a process, cudaMemGetInfo's total
    // (torch.cuda.mem_get_info()[1], what vLLM multiplies by --gpu-memory-utilization). It is below nvidia-smi's
    // total (an H100 80GB: about 79.2 GiB against 79.65 GiB) and moves a little with the driver. nullopt where no
    // published reading was found: the fit then uses reportedBytes, and says so.
    std::optional<std::uint64_t> usableBytes;
    std::string usableSource; // where the usable figure comes from (a published log, its URL, driver)
    std::string note; // e.g. "per GCD: the OS sees two devices per card"

    // The vendor's peak figures, for the simulated card's roofline (core/sim): dense FLOP/s (no 2:4 sparsity;
    // bf16 and fp16 on Tensor / Matrix Cores with FP32 accumulate, fp32 without TF32) and memory bandwidth.
    // nullopt where the vendor publishes no figure (the T4 has no bf16), never 0.
    std::optional<double> peakBf16Flops; // FLOP/s
    std::optional<double> peakFp16Flops; // FLOP/s
    std::optional<double> peakFp32Flops; // FLOP/s
    std::optional<double> memoryBandwidth; // bytes/s
    std::string paceSource; // the datasheet each figure comes from, or why there is none

    // What a fit verdict, the simulated card and an engine's plan take as the card's memory: the usable total
    // where the catalog has one, else nvidia-smi's (Note [Usable capacity]).
    std::uint64_t capacityBytes() const { return usableBytes.value_or(reportedBytes); }
    bool capacityIsUsable() const { return usableBytes.has_value(); }
};

} // namespace iteragpu::sizing
