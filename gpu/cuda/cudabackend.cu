// SPDX-License-Identifier: Apache-2.0
// CUDA backend module (placeholder until the measurement backend lands): reports devices, opens none.
#include "core/device/backend.h"

#include <cuda_runtime.h>

namespace {

class CudaBackend : public iteragpu::device::Backend {
public:
    std::string name() const override { return "cuda"; }
    std::string runtimeDescription() override
    {
        int rt = 0;
        cudaRuntimeGetVersion(&rt);
        return "CUDA runtime " + std::to_string(rt / 1000) + "." + std::to_string(rt % 1000 / 10);
    }
    int deviceCount() override
    {
        int n = 0;
        const cudaError_t e = cudaGetDeviceCount(&n);
        if (e != cudaSuccess) {
            m_error = std::string("CUDA: ") + cudaGetErrorString(e);
            return 0;
        }
        return n;
    }
    std::string lastError() const override { return m_error; }
    std::optional<iteragpu::device::DeviceInfo> deviceInfo(int) override { return std::nullopt; }
    std::unique_ptr<iteragpu::device::DeviceContext> open(int, iteragpu::device::Status& status) override
    {
        status = iteragpu::device::Status::error("CUDA device contexts are not implemented yet");
        return nullptr;
    }

private:
    std::string m_error;
};

} // namespace

extern "C" __attribute__((visibility("default"))) iteragpu::device::Backend* iteragpu_backend_create(int abi)
{
    return abi == iteragpu::device::kBackendAbiVersion ? new CudaBackend : nullptr;
}
