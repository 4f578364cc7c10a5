// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/blasworkspace.h"

namespace iteragpu::sizing {

namespace {
    constexpr std::uint64_t kKiB = 1024;
    constexpr std::uint64_t kMiB = 1024 * kKiB;
    // PyTorch's ":SIZE_KiB:COUNT" pairs: 2 chunks of 4 MiB and 8 of 16 KiB (8 519 680 bytes, the fixed block
    // memory_snapshot() shows after a first matmul on an A100).
    constexpr std::uint64_t kCublasDefault = 2 * 4096 * kKiB + 8 * 16 * kKiB; // bytes
    constexpr std::uint64_t kCublasHopper = 32 * kMiB; // bytes, ":4096:8"
    constexpr std::uint64_t kHipblasLt = 1 * kMiB; // bytes, PyTorch's HIPBLASLT_WORKSPACE_SIZE default (1024 KiB)
}

std::uint64_t BlasWorkspace::bytes(BlasBackend backend)
{
    switch (backend) {
    case BlasBackend::Cublas:
        return kCublasDefault;
    case BlasBackend::CublasHopper:
        return kCublasHopper;
    case BlasBackend::Hipblas:
        return kHipblasLt;
    }
    return kCublasDefault;
}

i18n::Message BlasWorkspace::assumption()
{
    return { //: %1 bytes of cuBLAS's workspace before Hopper, %2 on Hopper, %3 bytes of hipBLASLt's on ROCm
        ITERAGPU_TRANSLATE_NOOP("Assumption",
            "workspace (assumed, not in the total): cuBLAS %1 bytes per stream (PyTorch's default "
            "CUBLAS_WORKSPACE_CONFIG :4096:2:16:8), %2 bytes on Hopper (:4096:8, the size the cuBLAS API reference "
            "recommends); hipBLASLt %3 bytes (PyTorch's default on ROCm)"),
        { i18n::Arg::grouped(kCublasDefault), i18n::Arg::grouped(kCublasHopper), i18n::Arg::grouped(kHipblasLt) }
    };
}

} // namespace iteragpu::sizing
