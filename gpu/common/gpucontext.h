// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "gpu/common/gpukernels.h"
#include "gpu/common/gpuruntime.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace iteragpu::gpu {

// One opened CUDA or HIP device with one stream, written once for both runtimes. The module adds what differs:
// the GEMM (cuBLAS on CUDA, the portable kernel on HIP) and the process-usage reading (NVML, ROCm SMI).
//
// Every runtime call is checked; a failure becomes a Status carrying the runtime's own text. Calls whose
// interface returns nothing (rawFree, poolFree, poolResetPeaks, poolTrim) keep their first error and the next
// synchronize() reports it. Every entry point selects the device first, so a sampler thread may call reading()
// and poolStats() too.
//
// Note [Pool release threshold]: the default pool's cudaMemPoolAttrReleaseThreshold is set to UINT64_MAX on
// open. With the driver's default of 0 the pool hands every unused byte back to the driver at each synchronize,
// so "reserved" would drop at every phase boundary and say nothing about caching. UINT64_MAX keeps freed memory
// cached as PyTorch's caching allocator does (PyTorch's cudaMallocAsync backend sets the same); poolTrim() is
// the explicit release, like empty_cache().
class GpuContext : public device::DeviceContext {
public:
    explicit GpuContext(device::DeviceInfo info)
        : m_info(std::move(info))
    {
    }

    ~GpuContext() override
    {
        if (select() != kSuccess)
            return;
        (void)GPURT(DeviceSynchronize)();
        if (m_poolSupported)
            (void)GPURT(MemPoolTrimTo)(m_pool, 0);
        if (m_stream)
            (void)GPURT(StreamDestroy)(m_stream);
        (void)GPURT(GetLastError)();
    }

    GpuContext(const GpuContext&) = delete;
    GpuContext& operator=(const GpuContext&) = delete;

    // Selects the device, creates the stream, configures the stream-ordered pool. The module's subclass adds its
    // own set-up (cuBLAS handle, NVML) after calling this one.
    virtual device::Status initialize()
    {
        if (const Error e = select(); e != kSuccess)
            return toStatus(e, std::string(ITERAGPU_DEVICE_PREFIX "SetDevice(") + std::to_string(index()) + ")");
        if (const Error e = GPURT(StreamCreateWithFlags)(&m_stream, GPURT(StreamNonBlocking)); e != kSuccess) {
            m_stream = nullptr;
            return toStatus(e, ITERAGPU_DEVICE_PREFIX "StreamCreateWithFlags");
        }
        configurePool();
        return device::Status::success();
    }

    const device::DeviceInfo& info() const override { return m_info; }
    int index() const { return m_info.index; }
    Stream stream() const { return m_stream; }
    // Why the stream-ordered pool is not offered, when it is not.
    const std::string& poolUnsupportedReason() const { return m_poolReason; }

    // ---- raw memory ----------------------------------------------------------------------------------------

    void* rawAlloc(std::uint64_t bytes, device::Status& status) override
    {
        if (!selected(status))
            return nullptr;
        void* ptr = nullptr;
        const Error e = GPURT(Malloc)(&ptr, static_cast<std::size_t>(bytes));
        status = toStatus(e, ITERAGPU_DEVICE_PREFIX "Malloc of " + std::to_string(bytes) + " bytes");
        return status.ok ? ptr : nullptr;
    }

    void rawFree(void* ptr) override
    {
        if (!ptr)
            return;
        keep(select(), ITERAGPU_DEVICE_PREFIX "SetDevice");
        keep(GPURT(Free)(ptr), ITERAGPU_DEVICE_PREFIX "Free");
    }

    // ---- the driver's stream-ordered pool ------------------------------------------------------------------

    bool supportsAsyncPool() const override { return m_poolSupported; }

    void* poolAlloc(std::uint64_t bytes, device::Status& status) override
    {
        if (!m_poolSupported) {
            status = device::Status::error(m_poolReason);
            return nullptr;
        }
        if (!selected(status))
            return nullptr;
        void* ptr = nullptr;
        const Error e = GPURT(MallocAsync)(&ptr, static_cast<std::size_t>(bytes), m_stream);
        status = toStatus(e, ITERAGPU_DEVICE_PREFIX "MallocAsync of " + std::to_string(bytes) + " bytes");
        return status.ok ? ptr : nullptr;
    }

    void poolFree(void* ptr) override
    {
        if (!ptr || !m_poolSupported)
            return;
        keep(select(), ITERAGPU_DEVICE_PREFIX "SetDevice");
        keep(GPURT(FreeAsync)(ptr, m_stream), ITERAGPU_DEVICE_PREFIX "FreeAsync");
    }

    device::PoolStats poolStats() override
    {
        device::PoolStats stats;
        if (!m_poolSupported || select() != kSuccess) {
            (void)GPURT(GetLastError)();
            return stats;
        }
        stats.usedCurrent = poolAttribute(GPURT(MemPoolAttrUsedMemCurrent));
        stats.usedHigh = poolAttribute(GPURT(MemPoolAttrUsedMemHigh));
        stats.reservedCurrent = poolAttribute(GPURT(MemPoolAttrReservedMemCurrent));
        stats.reservedHigh = poolAttribute(GPURT(MemPoolAttrReservedMemHigh));
        return stats;
    }

    void poolResetPeaks() override
    {
        if (!m_poolSupported)
            return;
        keep(select(), ITERAGPU_DEVICE_PREFIX "SetDevice");
        // The runtime accepts only 0 for the high-water marks, and 0 resets each to the current value.
        std::uint64_t zero = 0;
        keep(GPURT(MemPoolSetAttribute)(m_pool, GPURT(MemPoolAttrUsedMemHigh), &zero),
            ITERAGPU_DEVICE_PREFIX "MemPoolSetAttribute(UsedMemHigh)");
        zero = 0;
        keep(GPURT(MemPoolSetAttribute)(m_pool, GPURT(MemPoolAttrReservedMemHigh), &zero),
            ITERAGPU_DEVICE_PREFIX "MemPoolSetAttribute(ReservedMemHigh)");
    }

    void poolTrim(std::uint64_t keepBytes) override
    {
        if (!m_poolSupported)
            return;
        keep(select(), ITERAGPU_DEVICE_PREFIX "SetDevice");
        // Frees not yet observed by the host count as in use: let them complete first.
        keep(GPURT(StreamSynchronize)(m_stream), ITERAGPU_DEVICE_PREFIX "StreamSynchronize");
        keep(GPURT(MemPoolTrimTo)(m_pool, static_cast<std::size_t>(keepBytes)), ITERAGPU_DEVICE_PREFIX "MemPoolTrimTo");
    }

    // ---- synchronisation, readings, copies -----------------------------------------------------------------

    // Waits for all work on the device (every stream, library streams included), then reports the first error
    // kept since the last call.
    device::Status synchronize() override
    {
        device::Status status;
        if (!selected(status))
            return status;
        status = toStatus(GPURT(DeviceSynchronize)(), ITERAGPU_DEVICE_PREFIX "DeviceSynchronize");
        if (!m_kept.ok) {
            status = m_kept;
            m_kept = device::Status::success();
        }
        return status;
    }

    // Free/total from the runtime, plus this process's usage from the management library. The latter is a driver
    // round trip (NVML lists every process on the device), far slower than poolStats(): a sampler should read it
    // at phase boundaries or at a low rate, and the pool attributes at its full rate.
    device::DeviceReading reading() override
    {
        device::DeviceReading r;
        if (select() == kSuccess) {
            std::size_t freeBytes = 0;
            std::size_t totalBytes = 0;
            if (GPURT(MemGetInfo)(&freeBytes, &totalBytes) == kSuccess) {
                r.freeBytes = freeBytes;
                r.totalBytes = totalBytes;
            }
        }
        (void)GPURT(GetLastError)();
        if (auto used = processUsedBytes()) {
            r.processUsedBytes = used->first;
            r.processUsedSource = std::move(used->second);
        }
        return r;
    }

    device::Status copyToHost(void* hostDst, const void* deviceSrc, std::uint64_t bytes) override
    {
        device::Status status;
        if (bytes == 0 || !selected(status))
            return status;
        // Async on our stream, then wait for it: a plain memcpy would not wait for a non-blocking stream.
        status = toStatus(GPURT(MemcpyAsync)(
                              hostDst, deviceSrc, static_cast<std::size_t>(bytes), GPURT(MemcpyDeviceToHost), m_stream),
            ITERAGPU_DEVICE_PREFIX "MemcpyAsync of " + std::to_string(bytes) + " bytes to the host");
        if (status.ok)
            status = toStatus(GPURT(StreamSynchronize)(m_stream), ITERAGPU_DEVICE_PREFIX "StreamSynchronize");
        return status;
    }

    // ---- kernels --------------------------------------------------------------------------------------------

    device::Status fillRandom(
        void* dst, std::uint64_t count, device::DType dtype, std::uint64_t seed, float scale) override
    {
        device::Status status;
        if (!selected(status))
            return status;
        return launched(kernels::fillRandom(m_stream, dst, count, dtype, seed, scale), "fillRandom");
    }

    device::Status fill(void* dst, std::uint64_t count, device::DType dtype, float value) override
    {
        device::Status status;
        if (!selected(status))
            return status;
        return launched(kernels::fill(m_stream, dst, count, dtype, value), "fill");
    }

    device::Status addBias(
        void* inout, const void* bias, std::int64_t rows, std::int64_t cols, device::DType dtype) override
    {
        device::Status status;
        std::uint64_t count = 0;
        if (!validMatrix(rows, cols, count, status) || !selected(status))
            return status;
        return launched(kernels::addBias(m_stream, inout, bias, static_cast<std::uint64_t>(rows),
                            static_cast<std::uint64_t>(cols), dtype),
            "addBias");
    }

    device::Status activation(
        void* out, const void* in, std::uint64_t count, device::Activation act, device::DType dtype) override
    {
        device::Status status;
        if (!selected(status))
            return status;
        return launched(kernels::activation(m_stream, out, in, count, act, dtype), "activation");
    }

    device::Status activationBackward(
        void* grad, const void* preact, std::uint64_t count, device::Activation act, device::DType dtype) override
    {
        device::Status status;
        if (!selected(status))
            return status;
        return launched(kernels::activationBackward(m_stream, grad, preact, count, act, dtype), "activationBackward");
    }

    device::Status columnSums(
        void* out, const void* in, std::int64_t rows, std::int64_t cols, device::DType dtype) override
    {
        device::Status status;
        std::uint64_t count = 0;
        if (!validMatrix(rows, cols, count, status) || !selected(status))
            return status;
        return launched(kernels::columnSums(m_stream, out, in, static_cast<std::uint64_t>(rows),
                            static_cast<std::uint64_t>(cols), dtype),
            "columnSums");
    }

    device::Status mseLoss(void* lossF32, void* grad, const void* pred, const void* target, std::uint64_t count,
        device::DType dtype) override
    {
        device::Status status;
        if (!selected(status))
            return status;
        return launched(kernels::mseLoss(m_stream, lossF32, grad, pred, target, count, dtype), "mseLoss");
    }

    device::Status adamStep(void* param, const void* grad, void* m, void* v, std::uint64_t count, device::DType dtype,
        std::int64_t step, float lr, float beta1, float beta2, float eps, float weightDecay) override
    {
        device::Status status;
        if (step < 1)
            return device::Status::error("adamStep: step must be 1 or more, got " + std::to_string(step));
        if (!selected(status))
            return status;
        return launched(
            kernels::adamStep(m_stream, param, grad, m, v, count, dtype, step, lr, beta1, beta2, eps, weightDecay),
            "adamStep");
    }

protected:
    // This process's memory on this device as the management library sees it, and the library's name.
    virtual std::optional<std::pair<std::uint64_t, std::string>> processUsedBytes() { return std::nullopt; }

    Error select() const { return GPURT(SetDevice)(m_info.index); }

    // Selects the device; false with status set when that fails.
    bool selected(device::Status& status) const
    {
        status = toStatus(select(), ITERAGPU_DEVICE_PREFIX "SetDevice(" + std::to_string(m_info.index) + ")");
        return status.ok;
    }

    static device::Status launched(Error e, const char* kernel)
    {
        return toStatus(e, std::string("launch of the ") + kernel + " kernel");
    }

    static bool validGemm(std::int64_t m, std::int64_t n, std::int64_t k, device::Status& status)
    {
        if (m < 0 || n < 0 || k < 0) {
            status = device::Status::error("gemm: negative dimension (m " + std::to_string(m) + ", n "
                + std::to_string(n) + ", k " + std::to_string(k) + ")");
            return false;
        }
        status = device::Status::success();
        return true;
    }

    // Keeps the first error of a call whose interface has no way to return it; synchronize() reports it.
    void keep(Error e, const char* what)
    {
        if (e == kSuccess)
            return;
        const device::Status status = toStatus(e, what);
        if (m_kept.ok)
            m_kept = status;
    }

private:
    static bool validMatrix(std::int64_t rows, std::int64_t cols, std::uint64_t& count, device::Status& status)
    {
        if (rows < 0 || cols < 0
            || __builtin_mul_overflow(static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols), &count)) {
            status
                = device::Status::error("invalid matrix shape " + std::to_string(rows) + " x " + std::to_string(cols));
            return false;
        }
        status = device::Status::success();
        return true;
    }

    void configurePool()
    {
        int supported = 0;
        const Error attr = GPURT(DeviceGetAttribute)(&supported, kAttrMemoryPoolsSupported, m_info.index);
        if (attr != kSuccess || !supported) {
            m_poolReason = attr != kSuccess ? errorText(attr, "query of memory-pool support")
                                            : std::string(ITERAGPU_RUNTIME_NAME ": this device does not support "
                                                                                "stream-ordered memory pools");
            (void)GPURT(GetLastError)();
            return;
        }
        if (const Error e = GPURT(DeviceGetDefaultMemPool)(&m_pool, m_info.index); e != kSuccess) {
            m_poolReason = errorText(e, ITERAGPU_DEVICE_PREFIX "DeviceGetDefaultMemPool");
            (void)GPURT(GetLastError)();
            return;
        }
        // See Note [Pool release threshold].
        std::uint64_t threshold = std::numeric_limits<std::uint64_t>::max();
        if (const Error e = GPURT(MemPoolSetAttribute)(m_pool, GPURT(MemPoolAttrReleaseThreshold), &threshold);
            e != kSuccess) {
            m_poolReason = errorText(e, ITERAGPU_DEVICE_PREFIX "MemPoolSetAttribute(ReleaseThreshold)");
            (void)GPURT(GetLastError)();
            return;
        }
        m_poolSupported = true;
    }

    std::optional<std::uint64_t> poolAttribute(GPURT(MemPoolAttr) attribute)
    {
        std::uint64_t value = 0;
        if (GPURT(MemPoolGetAttribute)(m_pool, attribute, &value) != kSuccess) {
            (void)GPURT(GetLastError)();
            return std::nullopt;
        }
        return value;
    }

    device::DeviceInfo m_info;
    Stream m_stream = nullptr;
    MemPool m_pool = nullptr;
    bool m_poolSupported = false;
    std::string m_poolReason = "the stream-ordered pool is not configured";
    device::Status m_kept;
};

} // namespace iteragpu::gpu
