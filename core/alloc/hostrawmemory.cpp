// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/hostrawmemory.h"

#include <cstdlib>
#include <string>

namespace iteragpu::alloc {

namespace {
    constexpr std::uint64_t kHostAlignment = 512; // bytes, like the driver's allocation granularity
}

HostRawMemory::HostRawMemory(std::uint64_t capacityBytes, bool backed)
    : m_capacity(capacityBytes)
    , m_backed(backed)
{
}

HostRawMemory::~HostRawMemory()
{
    if (m_backed)
        for (auto& [ptr, size] : m_sizes)
            std::free(ptr);
}

void* HostRawMemory::allocate(std::uint64_t bytes, device::Status& status)
{
    ++m_allocateCalls;
    if (bytes > m_capacity - m_used) {
        status = device::Status::oom("out of memory on the fake host device: tried to allocate " + std::to_string(bytes)
            + " bytes, " + std::to_string(m_capacity - m_used) + " bytes free");
        return nullptr;
    }
    void* ptr = nullptr;
    if (m_backed) {
        ptr = std::aligned_alloc(kHostAlignment, (bytes + kHostAlignment - 1) / kHostAlignment * kHostAlignment);
        if (!ptr) {
            status = device::Status::oom("host allocation of " + std::to_string(bytes) + " bytes failed");
            return nullptr;
        }
    } else {
        ptr = reinterpret_cast<void*>(m_nextAddress);
        m_nextAddress += (bytes + kHostAlignment - 1) / kHostAlignment * kHostAlignment + kHostAlignment;
    }
    m_used += bytes;
    m_sizes.emplace(ptr, bytes);
    status = device::Status::success();
    return ptr;
}

void HostRawMemory::release(void* ptr)
{
    ++m_releaseCalls;
    const auto it = m_sizes.find(ptr);
    if (it == m_sizes.end())
        return;
    m_used -= it->second;
    if (m_backed)
        std::free(ptr);
    m_sizes.erase(it);
}

} // namespace iteragpu::alloc
