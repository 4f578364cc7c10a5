// SPDX-License-Identifier: Apache-2.0
#pragma once

// The portability layer shared by the CUDA and the HIP module: one spelling for the runtime calls and types, so
// the kernels and the device context are written once. Compiled as C++17 by nvcc and by hipcc; it includes the
// runtime of the compiler that builds it.
//
//   GPURT(Malloc)  → cudaMalloc  | hipMalloc
//   GPURT(Error_t) → cudaError_t | hipError_t
//   ITERAGPU_LAUNCH(k, grid, block, stream)(args) → k<<<grid, block, 0, stream>>>(args)
//
// Only names that are spelled alike in both runtimes go through GPURT; the few that differ get an alias below.

#if defined(ITERAGPU_HOST_EMULATION)
// Tests only: tests/gpu/hostruntime.h emulates the runtime on the CPU (included before this header) so the
// kernels and the context run in a unit test on a machine without a GPU.
#define GPURT(name) emu##name
#define ITERAGPU_RUNTIME_NAME "EMU"
#define ITERAGPU_DEVICE_PREFIX "emu"
#define ITERAGPU_LAUNCH(kernel, grid, block, stream) ::iteragpu::emu::launch(grid, block, kernel)
namespace iteragpu::gpu {
using DeviceProp = emuDeviceProp;
inline constexpr int kAttrMemoryPoolsSupported = emuDevAttrMemoryPoolsSupported;
} // namespace iteragpu::gpu
#elif defined(__HIPCC__) || defined(__HIP_PLATFORM_AMD__)
#define ITERAGPU_HIP 1
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#define GPURT(name) hip##name
#define ITERAGPU_RUNTIME_NAME "HIP"
#define ITERAGPU_DEVICE_PREFIX "hip"
#define ITERAGPU_LAUNCH(kernel, grid, block, stream) kernel<<<grid, block, 0, stream>>>
namespace iteragpu::gpu {
using DeviceProp = hipDeviceProp_t;
inline constexpr hipDeviceAttribute_t kAttrMemoryPoolsSupported = hipDeviceAttributeMemoryPoolsSupported;
} // namespace iteragpu::gpu
#else
#define ITERAGPU_CUDA 1
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#define GPURT(name) cuda##name
#define ITERAGPU_RUNTIME_NAME "CUDA"
#define ITERAGPU_DEVICE_PREFIX "cuda"
#define ITERAGPU_LAUNCH(kernel, grid, block, stream) kernel<<<grid, block, 0, stream>>>
namespace iteragpu::gpu {
using DeviceProp = cudaDeviceProp;
inline constexpr cudaDeviceAttr kAttrMemoryPoolsSupported = cudaDevAttrMemoryPoolsSupported;
} // namespace iteragpu::gpu
#endif

#include "core/device/backend.h"

#include <cstdint>
#include <string>

namespace iteragpu::gpu {

using Error = GPURT(Error_t);
using Stream = GPURT(Stream_t);
using MemPool = GPURT(MemPool_t);

inline constexpr Error kSuccess = GPURT(Success);

// "CUDA: out of memory (cudaMalloc of 1024 bytes)": the runtime's own text, prefixed by the runtime's name so
// a reader knows which library said it, and followed by what we asked for.
inline std::string errorText(Error e, const std::string& what = {})
{
    std::string text = std::string(ITERAGPU_RUNTIME_NAME ": ") + GPURT(GetErrorString)(e);
    if (!what.empty())
        text += " (" + what + ")";
    return text;
}

inline bool isOutOfMemory(Error e) { return e == GPURT(ErrorMemoryAllocation); }

// The Status of one runtime call: success, out of memory, or another error, with the runtime's text.
inline device::Status toStatus(Error e, const std::string& what = {})
{
    if (e == kSuccess)
        return device::Status::success();
    // A failed call leaves the error sticky in the thread's "last error"; clear it so the next check is honest.
    (void)GPURT(GetLastError)();
    return isOutOfMemory(e) ? device::Status::oom(errorText(e, what)) : device::Status::error(errorText(e, what));
}

// "13.0" from the runtime's integer encoding (1000 * major + 10 * minor); HIP encodes its own way and is shown
// as its number when it does not fit that pattern.
inline std::string versionText(int v)
{
#if defined(ITERAGPU_HIP)
    // HIP: major * 10000000 + minor * 100000 + patch
    if (v >= 10000000)
        return std::to_string(v / 10000000) + "." + std::to_string(v / 100000 % 100) + "." + std::to_string(v % 100000);
#endif
    return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

} // namespace iteragpu::gpu
