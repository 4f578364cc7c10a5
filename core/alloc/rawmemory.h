// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"

#include <cstdint>
#include <optional>
#include <string>

namespace iteragpu::alloc {

// The raw device memory an allocator draws its segments from (cudaMalloc / cudaFree / cudaMemGetInfo), injected
// so the caching allocator runs on the host in tests.
class RawMemory {
public:
    virtual ~RawMemory() = default;
    // nullptr with status set (outOfMemory when the device is full) on failure.
    virtual void* allocate(std::uint64_t bytes, device::Status& status) = 0;
    virtual void release(void* ptr) = 0;
    // What the device reports free / in total; nullopt when it cannot tell.
    virtual std::optional<std::uint64_t> freeBytes() = 0;
    virtual std::optional<std::uint64_t> totalBytes() = 0;
    // "sim:0", "cuda:0", "host" — named in out-of-memory messages.
    virtual std::string deviceName() const = 0;
};

} // namespace iteragpu::alloc
