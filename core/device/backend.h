// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

// The one small interface every device backend implements: the CUDA and HIP modules (loaded at run time with
// dlopen, see BackendRegistry) and the simulated device in core. Every reading that can be missing is optional,
// so "unknown" never shows as 0.
namespace iteragpu::device {

// Bumped whenever a class below changes layout; a module built for another ABI is refused with a clear reason.
inline constexpr int kBackendAbiVersion = 1;

enum class DType : int { Float32 = 0, Float16 = 1, BFloat16 = 2 };
std::size_t dtypeSize(DType dtype); // bytes per element
const char* dtypeName(DType dtype); // "float32", "float16", "bfloat16"
std::optional<DType> dtypeFromName(const std::string& name);

enum class Activation : int { Gelu = 0, Relu = 1 };

// The result of a device call, with the runtime's own error text when it failed.
struct Status {
    bool ok = true;
    bool outOfMemory = false;
    std::string message;

    static Status success() { return {}; }
    static Status error(std::string text) { return { false, false, std::move(text) }; }
    static Status oom(std::string text) { return { false, true, std::move(text) }; }
};

struct DeviceInfo {
    std::string id; // "cuda:0", "hip:1", "sim:0"
    int index = 0;
    std::string name; // as reported by the runtime
    std::uint64_t totalBytes = 0; // capacity reported by the runtime, bytes
    std::string arch; // "sm_90", "gfx90a", "simulated"
    std::string driverVersion;
    std::string runtimeVersion;
    int multiprocessors = 0;
    bool simulated = false;
};

// Device-level reading: what the driver and the management library see. Kept in its own fields, never added
// to the allocator's counters.
struct DeviceReading {
    std::optional<std::uint64_t> freeBytes; // cudaMemGetInfo / hipMemGetInfo
    std::optional<std::uint64_t> totalBytes;
    std::optional<std::uint64_t> processUsedBytes; // NVML / ROCm SMI, this process on this device
    std::string processUsedSource; // "nvml", "rocm-smi", "simulated" or empty
};

// Attributes of the driver's stream-ordered pool (cudaMemPoolAttr*), bytes.
struct PoolStats {
    std::optional<std::uint64_t> usedCurrent;
    std::optional<std::uint64_t> usedHigh;
    std::optional<std::uint64_t> reservedCurrent;
    std::optional<std::uint64_t> reservedHigh;
};

// One opened device with one stream. All calls are made from the run's worker thread.
class DeviceContext {
public:
    virtual ~DeviceContext() = default;

    virtual const DeviceInfo& info() const = 0;

    // Raw device memory (cudaMalloc / hipMalloc); nullptr with status set on failure.
    virtual void* rawAlloc(std::uint64_t bytes, Status& status) = 0;
    virtual void rawFree(void* ptr) = 0;

    // The driver's stream-ordered pool (cudaMallocAsync / hipMallocAsync).
    virtual bool supportsAsyncPool() const = 0;
    virtual void* poolAlloc(std::uint64_t bytes, Status& status) = 0;
    virtual void poolFree(void* ptr) = 0;
    virtual PoolStats poolStats() = 0;
    virtual void poolResetPeaks() = 0;
    virtual void poolTrim(std::uint64_t keepBytes) = 0;

    virtual Status synchronize() = 0;
    virtual DeviceReading reading() = 0;
    virtual Status copyToHost(void* hostDst, const void* deviceSrc, std::uint64_t bytes) = 0;

    // Kernels of the workloads. Matrices are row-major; counts are elements; scratch memory a kernel needs
    // (cuBLAS workspace) is the backend's business and shows up in the device-level reading.
    virtual Status fillRandom(void* dst, std::uint64_t count, DType dtype, std::uint64_t seed, float scale) = 0;
    virtual Status fill(void* dst, std::uint64_t count, DType dtype, float value) = 0;
    // C[m,n] = op(A)[m,k] * op(B)[k,n] (+ C when accumulate). op(A) = A stored [m,k], or A stored [k,m] when
    // transA. op(B) = B stored [k,n], or B stored [n,k] when transB. Accumulation in float32.
    virtual Status gemm(bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k, const void* a,
        const void* b, void* c, DType dtype, bool accumulate)
        = 0;
    // inout[r,c] += bias[c]
    virtual Status addBias(void* inout, const void* bias, std::int64_t rows, std::int64_t cols, DType dtype) = 0;
    // out[i] = act(in[i])
    virtual Status activation(void* out, const void* in, std::uint64_t count, Activation act, DType dtype) = 0;
    // grad[i] = grad[i] * act'(preact[i])
    virtual Status activationBackward(
        void* grad, const void* preact, std::uint64_t count, Activation act, DType dtype)
        = 0;
    // out[c] = sum over r of in[r,c]
    virtual Status columnSums(void* out, const void* in, std::int64_t rows, std::int64_t cols, DType dtype) = 0;
    // loss (one float32 on the device) = mean((pred - target)^2); grad = 2 (pred - target) / count
    virtual Status mseLoss(void* lossF32, void* grad, const void* pred, const void* target, std::uint64_t count,
        DType dtype)
        = 0;
    // AdamW step; moments m and v are float32, param and grad are dtype.
    virtual Status adamStep(void* param, const void* grad, void* m, void* v, std::uint64_t count, DType dtype,
        std::int64_t step, float lr, float beta1, float beta2, float eps, float weightDecay)
        = 0;
};

class Backend {
public:
    virtual ~Backend() = default;

    virtual std::string name() const = 0; // "cuda", "hip", "sim"
    virtual bool simulated() const { return false; }
    // Runtime and driver versions in words, e.g. "CUDA runtime 13.0, driver 13.0".
    virtual std::string runtimeDescription() = 0;
    // Number of usable devices; 0 with the runtime's own text in lastError() when there is none.
    virtual int deviceCount() = 0;
    virtual std::string lastError() const = 0;
    virtual std::optional<DeviceInfo> deviceInfo(int index) = 0;
    virtual std::unique_ptr<DeviceContext> open(int index, Status& status) = 0;
};

} // namespace iteragpu::device

// Entry points every backend module exports (C linkage, looked up with dlsym).
extern "C" {
// Returns nullptr when abiVersion differs from the module's kBackendAbiVersion.
using IteraGpuBackendCreateFn = iteragpu::device::Backend* (*)(int abiVersion);
}
#define ITERAGPU_BACKEND_CREATE_SYMBOL "iteragpu_backend_create"
