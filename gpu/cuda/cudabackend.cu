// SPDX-License-Identifier: Apache-2.0
// The CUDA backend module: the shared device context (gpu/common) plus cuBLAS for the GEMM and NVML for the
// process's own usage. Compiled by nvcc as C++17; loaded by core's BackendRegistry with dlopen.
#include "gpu/common/gpubackend.h"
#include "gpu/common/gpucontext.h"
#include "gpu/cuda/nvmlreader.h"

#include <cstdlib>
#include <cstring>
#include <cublas_api.h>
#include <cublas_v2.h>
#include <new>

namespace {

using namespace iteragpu;
using namespace iteragpu::gpu;

std::string cublasText(cublasStatus_t s, const char* what)
{
    const char* text = cublasGetStatusString(s);
    return std::string("cuBLAS: ") + (text ? text : "error " + std::to_string(static_cast<int>(s))) + " (" + what + ")";
}

device::Status cublasStatus(cublasStatus_t s, const char* what)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return device::Status::success();
    return s == CUBLAS_STATUS_ALLOC_FAILED ? device::Status::oom(cublasText(s, what))
                                           : device::Status::error(cublasText(s, what));
}

cudaDataType_t cudaType(device::DType dtype)
{
    switch (dtype) {
    case device::DType::Float16:
        return CUDA_R_16F;
    case device::DType::BFloat16:
        return CUDA_R_16BF;
    case device::DType::Float32:
        break;
    }
    return CUDA_R_32F;
}

// ITERAGPU_CUDA_PORTABLE_GEMM=1 runs the portable GEMM kernel (the one the HIP module uses) instead of cuBLAS, so
// that kernel can be checked on an NVIDIA device too.
bool portableGemmRequested()
{
    const char* v = std::getenv("ITERAGPU_CUDA_PORTABLE_GEMM");
    return v && *v && std::strcmp(v, "0") != 0;
}

class CudaContext : public GpuContext {
public:
    explicit CudaContext(device::DeviceInfo info)
        : GpuContext(std::move(info))
        , m_portableGemm(portableGemmRequested())
    {
    }

    ~CudaContext() override
    {
        if (m_cublas && select() == cudaSuccess) {
            (void)cudaDeviceSynchronize();
            (void)cublasDestroy(m_cublas);
        }
        (void)cudaGetLastError();
    }

    // The cuBLAS handle is created here, on open, so its workspace is allocated by cuBLAS itself (cudaMalloc,
    // outside our allocator) and shows up in the device-level reading where it really lives.
    device::Status initialize() override
    {
        device::Status status = GpuContext::initialize();
        if (!status.ok)
            return status;
        if (status = cublasStatus(cublasCreate(&m_cublas), "cublasCreate"); !status.ok) {
            m_cublas = nullptr;
            return status;
        }
        if (status = cublasStatus(cublasSetStream(m_cublas, stream()), "cublasSetStream"); !status.ok)
            return status;
        char busId[32] = {};
        if (cudaDeviceGetPCIBusId(busId, sizeof busId, index()) == cudaSuccess)
            m_nvml.open(busId);
        (void)cudaGetLastError();
        return status;
    }

    // Row-major C = op(A) op(B) is column-major Cᵀ = op(B)ᵀ op(A)ᵀ: swap the operands, keep each one's
    // transposition flag. A row-major [r, c] matrix is a column-major [c, r] one with leading dimension c.
    device::Status gemm(bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k, const void* a,
        const void* b, void* c, device::DType dtype, bool accumulate) override
    {
        device::Status status;
        if (!validGemm(m, n, k, status) || !selected(status))
            return status;
        if (m_portableGemm)
            return launched(
                kernels::gemmPortable(stream(), transA, transB, m, n, k, a, b, c, dtype, accumulate), "portable gemm");
        if (m == 0 || n == 0)
            return status;
        const float alpha = 1.0f;
        const float beta = accumulate ? 1.0f : 0.0f;
        const cudaDataType_t type = cudaType(dtype);
        const std::int64_t lda = transA ? m : k;
        const std::int64_t ldb = transB ? k : n;
        if (k == 0) // an empty sum: C stays as it is when accumulating, else it is zero (as the portable kernel)
            return accumulate ? status : fill(c, static_cast<std::uint64_t>(m * n), dtype, 0.0f);
        return cublasStatus(
            cublasGemmEx_64(m_cublas, transB ? CUBLAS_OP_T : CUBLAS_OP_N, transA ? CUBLAS_OP_T : CUBLAS_OP_N, n, m, k,
                &alpha, b, type, ldb, a, type, lda, &beta, c, type, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
            "cublasGemmEx");
    }

protected:
    std::optional<std::pair<std::uint64_t, std::string>> processUsedBytes() override
    {
        if (auto used = m_nvml.processUsedBytes())
            return std::make_pair(*used, std::string("nvml"));
        return std::nullopt;
    }

private:
    cublasHandle_t m_cublas = nullptr;
    bool m_portableGemm = false;
    NvmlReader m_nvml;
};

class CudaBackend : public GpuBackend {
protected:
    std::string archName(const DeviceProp& prop) const override
    {
        return "sm_" + std::to_string(prop.major) + std::to_string(prop.minor);
    }

    std::unique_ptr<GpuContext> makeContext(device::DeviceInfo info) override
    {
        return std::make_unique<CudaContext>(std::move(info));
    }
};

} // namespace

// Nothing may throw across the module boundary: a failure to construct is a null backend, which the registry
// reports as a line.
extern "C" __attribute__((visibility("default"))) iteragpu::device::Backend* iteragpu_backend_create(int abi)
{
    if (abi != iteragpu::device::kBackendAbiVersion)
        return nullptr;
    return new (std::nothrow) CudaBackend;
}
