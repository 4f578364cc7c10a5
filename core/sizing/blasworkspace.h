// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cstdint>

namespace iteragpu::sizing {

// The math library's workspace on the device, per backend: an assumed figure, never measured here.
enum class BlasBackend { Cublas, CublasHopper, Hipblas };

class BlasWorkspace {
public:
    // cuBLAS: 8 519 680 bytes, PyTorch's default CUBLAS_WORKSPACE_CONFIG ":4096:2:16:8" (2 x 4 MiB + 8 x 16 KiB)
    // before Hopper; CublasHopper: 32 MiB (":4096:8", the size the cuBLAS API reference recommends for Hopper);
    // hipBLAS: 1 MiB, the hipBLASLt workspace PyTorch keeps on ROCm (HIPBLASLT_WORKSPACE_SIZE, 1024 KiB).
    static std::uint64_t bytes(BlasBackend backend);
    // One assumption line naming the three figures and that the workspace is left out of peak allocated.
    static i18n::Message assumption();
};

} // namespace iteragpu::sizing
