// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/rawmemory.h"

#include <cstdint>
#include <unordered_map>

namespace iteragpu::alloc {

// A fake raw device backed by host memory, with a capacity: tests run the caching allocator on it. When
// backed is false no memory is taken at all (addresses only), so the predictor can replay large shapes.
class HostRawMemory : public RawMemory {
public:
    explicit HostRawMemory(std::uint64_t capacityBytes, bool backed = true);
    ~HostRawMemory() override;
    HostRawMemory(const HostRawMemory&) = delete;
    HostRawMemory& operator=(const HostRawMemory&) = delete;

    void* allocate(std::uint64_t bytes, device::Status& status) override;
    void release(void* ptr) override;
    std::optional<std::uint64_t> freeBytes() override { return m_capacity - m_used; }
    std::optional<std::uint64_t> totalBytes() override { return m_capacity; }
    std::string deviceName() const override { return m_backed ? "host" : "host (addresses only)"; }

    std::uint64_t usedBytes() const { return m_used; }
    std::uint64_t liveSegments() const { return m_sizes.size(); }
    std::uint64_t allocateCalls() const { return m_allocateCalls; }
    std::uint64_t releaseCalls() const { return m_releaseCalls; }

private:
    std::uint64_t m_capacity;
    bool m_backed;
    std::uint64_t m_used = 0;
    std::uint64_t m_nextAddress = 0x100000000ULL;
    std::uint64_t m_allocateCalls = 0;
    std::uint64_t m_releaseCalls = 0;
    std::unordered_map<void*, std::uint64_t> m_sizes;
};

} // namespace iteragpu::alloc
