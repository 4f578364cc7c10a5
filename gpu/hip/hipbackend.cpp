// SPDX-License-Identifier: Apache-2.0
// The HIP backend module: the shared device context (gpu/common) with the portable GEMM kernel (Debian has no
// hipBLAS or rocBLAS) and ROCm SMI, when present, for the process's own usage. Built by hipcc; loaded by
// core's BackendRegistry with dlopen.
#include "gpu/common/gpubackend.h"
#include "gpu/common/gpucontext.h"
#include "gpu/hip/rocmsmireader.h"

#include <new>

namespace {

using namespace iteragpu;
using namespace iteragpu::gpu;

class HipContext : public GpuContext {
public:
    explicit HipContext(device::DeviceInfo info)
        : GpuContext(std::move(info))
    {
    }

    device::Status initialize() override
    {
        device::Status status = GpuContext::initialize();
        if (status.ok)
            m_smi.open(); // optional: without it the process reading stays empty
        return status;
    }

    device::Status gemm(bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k, const void* a,
        const void* b, void* c, device::DType dtype, bool accumulate) override
    {
        device::Status status;
        if (!validGemm(m, n, k, status) || !selected(status))
            return status;
        return launched(
            kernels::gemmPortable(stream(), transA, transB, m, n, k, a, b, c, dtype, accumulate), "portable gemm");
    }

protected:
    std::optional<std::pair<std::uint64_t, std::string>> processUsedBytes() override
    {
        if (auto used = m_smi.processUsedBytes())
            return std::make_pair(*used, std::string("rocm-smi"));
        return std::nullopt;
    }

private:
    RocmSmiReader m_smi;
};

class HipBackend : public GpuBackend {
protected:
    // "gfx90a:sramecc+:xnack-" → "gfx90a", the name --offload-arch takes.
    std::string archName(const DeviceProp& prop) const override
    {
        const std::string full = prop.gcnArchName;
        return full.substr(0, full.find(':'));
    }

    std::unique_ptr<GpuContext> makeContext(device::DeviceInfo info) override
    {
        return std::make_unique<HipContext>(std::move(info));
    }
};

} // namespace

extern "C" __attribute__((visibility("default"))) iteragpu::device::Backend* iteragpu_backend_create(int abi)
{
    if (abi != iteragpu::device::kBackendAbiVersion)
        return nullptr;
    return new (std::nothrow) HipBackend;
}
