// SPDX-License-Identifier: Apache-2.0
// HIP backend module (placeholder until the measurement backend lands): reports devices, opens none.
#include "core/device/backend.h"

#include <hip/hip_runtime.h>

namespace {

class HipBackend : public iteragpu::device::Backend {
public:
    std::string name() const override { return "hip"; }
    std::string runtimeDescription() override
    {
        int rt = 0;
        hipRuntimeGetVersion(&rt);
        return "HIP runtime " + std::to_string(rt / 1000) + "." + std::to_string(rt % 1000 / 10);
    }
    int deviceCount() override
    {
        int n = 0;
        const hipError_t e = hipGetDeviceCount(&n);
        if (e != hipSuccess) {
            m_error = std::string("HIP: ") + hipGetErrorString(e);
            return 0;
        }
        return n;
    }
    std::string lastError() const override { return m_error; }
    std::optional<iteragpu::device::DeviceInfo> deviceInfo(int) override { return std::nullopt; }
    std::unique_ptr<iteragpu::device::DeviceContext> open(int, iteragpu::device::Status& status) override
    {
        status = iteragpu::device::Status::error("HIP device contexts are not implemented yet");
        return nullptr;
    }

private:
    std::string m_error;
};

} // namespace

extern "C" __attribute__((visibility("default"))) iteragpu::device::Backend* iteragpu_backend_create(int abi)
{
    return abi == iteragpu::device::kBackendAbiVersion ? new HipBackend : nullptr;
}
