// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/devicerawmemory.h"

namespace iteragpu::alloc {

DeviceRawMemory::DeviceRawMemory(device::DeviceContext& context)
    : m_context(context)
{
}

void* DeviceRawMemory::allocate(std::uint64_t bytes, device::Status& status)
{
    return m_context.rawAlloc(bytes, status);
}

void DeviceRawMemory::release(void* ptr) { m_context.rawFree(ptr); }

std::optional<std::uint64_t> DeviceRawMemory::freeBytes() { return m_context.reading().freeBytes; }

std::optional<std::uint64_t> DeviceRawMemory::totalBytes() { return m_context.reading().totalBytes; }

std::string DeviceRawMemory::deviceName() const { return m_context.info().id; }

} // namespace iteragpu::alloc
