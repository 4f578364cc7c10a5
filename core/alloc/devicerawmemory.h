// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/rawmemory.h"

namespace iteragpu::alloc {

// RawMemory over an opened device: rawAlloc / rawFree / reading().
class DeviceRawMemory : public RawMemory {
public:
    explicit DeviceRawMemory(device::DeviceContext& context);
    void* allocate(std::uint64_t bytes, device::Status& status) override;
    void release(void* ptr) override;
    std::optional<std::uint64_t> freeBytes() override;
    std::optional<std::uint64_t> totalBytes() override;
    std::string deviceName() const override;

private:
    device::DeviceContext& m_context;
};

} // namespace iteragpu::alloc
