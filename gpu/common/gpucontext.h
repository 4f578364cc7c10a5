// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "gpu/common/gpukernels.h"
#include "gpu/common/gpuruntime.h"
#include "gpu/common/kernelarguments.h"

#include <cmath>
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
        if (m_scratch)
            (void)GPURT(Free)(m_scratch);
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

    // ---- the decoder's kernels (ABI 2); every argument is checked first (KernelArguments) --------------------

    device::Status copyToDevice(void* deviceDst, const void* hostSrc, std::uint64_t bytes) override
    {
        KernelArguments a("copyToDevice");
        a.pointer("deviceDst", deviceDst, bytes > 0).pointer("hostSrc", hostSrc, bytes > 0);
        device::Status status = a.status();
        if (!status.ok || bytes == 0 || !selected(status))
            return status;
        // Async on our stream, then wait: the caller may reuse or free the host buffer as soon as this returns.
        status = toStatus(GPURT(MemcpyAsync)(
                              deviceDst, hostSrc, static_cast<std::size_t>(bytes), GPURT(MemcpyHostToDevice), m_stream),
            ITERAGPU_DEVICE_PREFIX "MemcpyAsync of " + std::to_string(bytes) + " bytes to the device");
        if (status.ok)
            status = toStatus(GPURT(StreamSynchronize)(m_stream), ITERAGPU_DEVICE_PREFIX "StreamSynchronize");
        return status;
    }

    device::Status fillTokens(void* ids, std::uint64_t count, std::int64_t vocab, std::uint64_t seed) override
    {
        KernelArguments a("fillTokens");
        a.between("vocab", vocab, 1, std::numeric_limits<std::int32_t>::max()).pointer("ids", ids, count > 0);
        if (!a.ok())
            return a.status();
        return run("fillTokens",
            [&] { return kernels::fillTokens(m_stream, ids, count, static_cast<std::uint64_t>(vocab), seed); });
    }

    device::Status embedding(void* out, const void* table, const void* ids, std::int64_t tokens, std::int64_t hidden,
        std::int64_t vocab, float scale, device::DType dtype) override
    {
        KernelArguments a("embedding");
        a.dtype("dtype", dtype)
            .between("vocab", vocab, 1, std::numeric_limits<std::int32_t>::max())
            .elements("table", { vocab, hidden })
            .elements("out", { tokens, hidden });
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("table", table, any).pointer("ids", ids, any);
        if (!a.ok())
            return a.status();
        return run("embedding", [&] {
            return kernels::embedding(m_stream, out, table, ids, static_cast<std::uint64_t>(tokens),
                static_cast<std::uint64_t>(hidden), vocab, scale, dtype);
        });
    }

    device::Status rmsNorm(void* out, const void* in, const void* weight, std::int64_t rows, std::int64_t cols,
        float eps, float weightOffset, device::DType dtype) override
    {
        KernelArguments a("rmsNorm");
        a.dtype("dtype", dtype).finite("eps", eps, false).elements("in", { rows, cols });
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("in", in, any).pointer("weight", weight, any);
        if (a.ok() && !std::isfinite(weightOffset))
            return device::Status::error("rmsNorm: weightOffset is not finite");
        if (!a.ok())
            return a.status();
        return run("rmsNorm", [&] {
            return kernels::rmsNorm(m_stream, out, in, weight, static_cast<std::uint64_t>(rows),
                static_cast<std::uint64_t>(cols), eps, weightOffset, dtype);
        });
    }

    device::Status rope(void* x, std::int64_t batch, std::int64_t seq, std::int64_t heads, std::int64_t headDim,
        std::int64_t positionStart, float theta, device::DType dtype) override
    {
        KernelArguments a("rope");
        ropeArguments(a, x, batch, seq, heads, headDim, positionStart, theta, dtype);
        if (!a.ok())
            return a.status();
        return run("rope", [&] {
            return kernels::rope(m_stream, x, static_cast<std::uint64_t>(batch), static_cast<std::uint64_t>(seq),
                static_cast<std::uint64_t>(heads), static_cast<std::uint64_t>(headDim), positionStart, theta, dtype);
        });
    }

    device::Status gatedActivation(void* out, const void* gate, const void* up, std::uint64_t count,
        device::Activation act, device::DType dtype) override
    {
        KernelArguments a("gatedActivation");
        a.dtype("dtype", dtype).activation(act);
        a.pointer("out", out, count > 0).pointer("gate", gate, count > 0).pointer("up", up, count > 0);
        if (!a.ok())
            return a.status();
        return run(
            "gatedActivation", [&] { return kernels::gatedActivation(m_stream, out, gate, up, count, act, dtype); });
    }

    device::Status add(void* inout, const void* other, std::uint64_t count, device::DType dtype) override
    {
        KernelArguments a("add");
        a.dtype("dtype", dtype).pointer("inout", inout, count > 0).pointer("other", other, count > 0);
        if (!a.ok())
            return a.status();
        return run("add", [&] { return kernels::add(m_stream, inout, other, count, dtype); });
    }

    device::Status sliceTokens(void* out, const void* in, std::int64_t batch, std::int64_t seq, std::int64_t hidden,
        std::int64_t index, device::DType dtype) override
    {
        KernelArguments a("sliceTokens");
        a.dtype("dtype", dtype).elements("in", { batch, seq, hidden });
        const bool any = a.count() > 0 || (batch > 0 && hidden > 0);
        if (any)
            a.between("index", index, 0, seq - 1);
        a.pointer("out", out, any).pointer("in", in, any);
        if (!a.ok())
            return a.status();
        return run("sliceTokens", [&] {
            return kernels::sliceTokens(m_stream, out, in, static_cast<std::uint64_t>(batch),
                static_cast<std::uint64_t>(seq), static_cast<std::uint64_t>(hidden), static_cast<std::uint64_t>(index),
                dtype);
        });
    }

    device::Status copyKv(void* dst, const device::KvLayout& dstLayout, const void* src,
        const device::KvLayout& srcLayout, std::int64_t batch, std::int64_t positionStart, std::int64_t positions,
        device::DType dtype) override
    {
        KernelArguments a("copyKv");
        a.dtype("dtype", dtype).atLeast("batch", batch, 0).position("positionStart", positionStart, positions);
        if (a.ok() && batch > 0 && positions > 0) {
            a.kvLayout("dstLayout", dstLayout, dst, batch, positions)
                .kvLayout("srcLayout", srcLayout, src, batch, positions);
            if (a.ok() && (dstLayout.heads != srcLayout.heads || dstLayout.headDim != srcLayout.headDim))
                return device::Status::error("copyKv: rows of " + std::to_string(srcLayout.heads) + " x "
                    + std::to_string(srcLayout.headDim) + " copied into rows of " + std::to_string(dstLayout.heads)
                    + " x " + std::to_string(dstLayout.headDim));
            a.elements("the copied rows", { batch, positions, dstLayout.heads, dstLayout.headDim });
        }
        if (!a.ok())
            return a.status();
        return run("copyKv", [&] {
            return kernels::copyKv(m_stream, dst, dstLayout, src, srcLayout, batch, positionStart, positions, dtype);
        });
    }

    device::Status copyRows(void* dst, std::int64_t dstStride, const void* src, std::int64_t srcStride,
        std::int64_t rows, std::int64_t cols, std::int64_t srcRepeat, device::DType dtype) override
    {
        KernelArguments a("copyRows");
        a.dtype("dtype", dtype).stridedRows(dstStride, srcStride, rows, cols, srcRepeat);
        a.pointer("dst", dst, a.count() > 0).pointer("src", src, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run("copyRows", [&] {
            return kernels::copyRows(m_stream, dst, dstStride, src, srcStride, rows, cols, srcRepeat, dtype);
        });
    }

    device::Status attention(void* out, const void* q, const void* k, const void* v, const device::KvLayout& layout,
        const device::AttentionShape& shape, device::DType dtype) override
    {
        KernelArguments a("attention");
        a.dtype("dtype", dtype).attention(shape, layout, k);
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("q", q, any);
        if (!layout.blockTable && shape.keys > 0)
            a.pointer("v", v, any);
        if (a.ok() && std::max(shape.headDim, shape.valueDim()) > kernels::kMaxHeadDim)
            return device::Status::error(std::string("attention: ")
                + (shape.headDim > kernels::kMaxHeadDim ? "headDim " + std::to_string(shape.headDim)
                                                        : "valueDim " + std::to_string(shape.valueDim()))
                + " is more than the fused kernel's " + std::to_string(kernels::kMaxHeadDim)
                + "; use the eager path (attentionScores, softmaxRows, attentionValues)");
        if (!a.ok())
            return a.status();
        return run("attention", [&] { return kernels::attention(m_stream, out, q, k, v, layout, shape, dtype); });
    }

    device::Status attentionScores(void* scores, const void* q, const void* k, const device::KvLayout& layout,
        const device::AttentionShape& shape, device::DType dtype) override
    {
        KernelArguments a("attentionScores");
        a.dtype("dtype", dtype)
            .attention(shape, layout, k)
            .elements("scores", { shape.batch, shape.heads, shape.queries, shape.keys });
        a.pointer("scores", scores, a.count() > 0).pointer("q", q, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run(
            "attentionScores", [&] { return kernels::attentionScores(m_stream, scores, q, k, layout, shape, dtype); });
    }

    device::Status softmaxRows(
        void* outF32, const void* in, std::int64_t rows, std::int64_t cols, device::DType dtype) override
    {
        KernelArguments a("softmaxRows");
        a.dtype("dtype", dtype).elements("in", { rows, cols });
        a.pointer("outF32", outF32, a.count() > 0).pointer("in", in, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run("softmaxRows", [&] {
            return kernels::softmaxRows(
                m_stream, outF32, in, static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols), dtype);
        });
    }

    device::Status attentionValues(void* out, const void* probs, const void* v, const device::KvLayout& layout,
        const device::AttentionShape& shape, device::DType dtype) override
    {
        KernelArguments a("attentionValues");
        a.dtype("dtype", dtype).attention(shape, layout, v, true);
        const bool any = a.count() > 0;
        a.elements("probs", { shape.batch, shape.heads, shape.queries, shape.keys });
        a.pointer("out", out, any).pointer("probs", probs, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run(
            "attentionValues", [&] { return kernels::attentionValues(m_stream, out, probs, v, layout, shape, dtype); });
    }

    device::Status convert(
        void* out, device::DType outType, const void* in, device::DType inType, std::uint64_t count) override
    {
        KernelArguments a("convert");
        a.dtype("outType", outType).dtype("inType", inType);
        a.pointer("out", out, count > 0).pointer("in", in, count > 0);
        if (!a.ok())
            return a.status();
        return run("convert", [&] { return kernels::convert(m_stream, out, outType, in, inType, count); });
    }

    device::Status routerTopK(void* indices, void* weights, const void* logits, std::int64_t tokens,
        std::int64_t experts, std::int64_t k, device::DType dtype) override
    {
        KernelArguments a("routerTopK");
        a.dtype("dtype", dtype)
            .between("experts", experts, 1, std::numeric_limits<std::int32_t>::max())
            .between("k", k, 1, experts)
            .elements("indices", { tokens, k })
            .elements("logits", { tokens, experts });
        const bool any = tokens > 0;
        a.pointer("indices", indices, any).pointer("weights", weights, any).pointer("logits", logits, any);
        if (!a.ok())
            return a.status();
        return run("routerTopK", [&] {
            return kernels::routerTopK(m_stream, indices, weights, logits, static_cast<std::uint64_t>(tokens),
                static_cast<std::uint64_t>(experts), static_cast<std::uint64_t>(k), dtype);
        });
    }

    device::Status countRoutedTokens(void* counts, std::int32_t* hostCounts, const void* indices, std::int64_t tokens,
        std::int64_t k, std::int64_t experts) override
    {
        KernelArguments a("countRoutedTokens");
        a.between("experts", experts, 1, std::numeric_limits<std::int32_t>::max())
            .atLeast("k", k, 1)
            .elements("indices", { tokens, k });
        a.pointer("counts", counts).pointer("hostCounts", hostCounts).pointer("indices", indices, a.count() > 0);
        if (!a.ok())
            return a.status();
        device::Status status = run("countRoutedTokens", [&] {
            return kernels::countRoutedTokens(m_stream, counts, indices, static_cast<std::uint64_t>(tokens),
                static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(experts));
        });
        if (!status.ok)
            return status;
        // The host learns the loads here (transformers' nonzero / where synchronise the same way).
        return copyToHost(hostCounts, counts, sizeof(std::int32_t) * static_cast<std::uint64_t>(experts));
    }

    device::Status routedTokens(void* tokenIdx, const void* indices, std::int64_t tokens, std::int64_t k,
        std::int64_t expert, std::int64_t rows) override
    {
        KernelArguments a("routedTokens");
        a.atLeast("k", k, 1)
            .between("expert", expert, 0, std::numeric_limits<std::int32_t>::max())
            .between("rows", rows, 0, tokens)
            .elements("indices", { tokens, k });
        a.pointer("tokenIdx", tokenIdx, rows > 0).pointer("indices", indices, rows > 0);
        if (!a.ok())
            return a.status();
        return run("routedTokens", [&] {
            return kernels::routedTokens(m_stream, tokenIdx, indices, static_cast<std::uint64_t>(tokens),
                static_cast<std::uint64_t>(k), static_cast<int>(expert), static_cast<std::uint64_t>(rows));
        });
    }

    device::Status gatherRows(void* out, const void* in, const void* rowIdx, std::int64_t rows, std::int64_t cols,
        device::DType dtype) override
    {
        KernelArguments a("gatherRows");
        a.dtype("dtype", dtype).elements("out", { rows, cols });
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("in", in, any).pointer("rowIdx", rowIdx, any);
        if (!a.ok())
            return a.status();
        return run("gatherRows", [&] {
            return kernels::gatherRows(m_stream, out, in, rowIdx, static_cast<std::uint64_t>(rows),
                static_cast<std::uint64_t>(cols), dtype);
        });
    }

    device::Status addRoutedRows(void* out, const void* y, const void* tokenIdx, const void* indices,
        const void* weights, std::int64_t rows, std::int64_t hidden, std::int64_t k, std::int64_t expert,
        device::DType dtype) override
    {
        KernelArguments a("addRoutedRows");
        a.dtype("dtype", dtype)
            .atLeast("k", k, 1)
            .between("expert", expert, 0, std::numeric_limits<std::int32_t>::max())
            .elements("y", { rows, hidden });
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("y", y, any).pointer("tokenIdx", tokenIdx, any);
        a.pointer("indices", indices, any).pointer("weights", weights, any);
        if (!a.ok())
            return a.status();
        return run("addRoutedRows", [&] {
            return kernels::addRoutedRows(m_stream, out, y, tokenIdx, indices, weights,
                static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(hidden), static_cast<std::uint64_t>(k),
                static_cast<int>(expert), dtype);
        });
    }

    device::Status dequantizeInt8(void* out, const void* q, const void* scales, std::int64_t rows, std::int64_t cols,
        device::DType dtype) override
    {
        KernelArguments a("dequantizeInt8");
        a.dtype("dtype", dtype).elements("q", { rows, cols });
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("q", q, any).pointer("scales", scales, any);
        if (!a.ok())
            return a.status();
        return run("dequantizeInt8", [&] {
            return kernels::dequantizeInt8(
                m_stream, out, q, scales, static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols), dtype);
        });
    }

    device::Status dequantizeNf4(void* out, const device::Nf4Tensor& tensor, device::DType dtype) override
    {
        KernelArguments a("dequantizeNf4");
        const bool any = tensor.count > 0;
        a.dtype("dtype", dtype);
        if (a.ok() && tensor.count > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return device::Status::error("dequantizeNf4: count " + std::to_string(tensor.count) + " is too large");
        if (a.ok() && tensor.blockSize == 0)
            return device::Status::error("dequantizeNf4: blockSize is 0");
        a.pointer("out", out, any)
            .pointer("packed", tensor.packed, any)
            .pointer("absmax", tensor.absmax, any)
            .pointer("quantMap", tensor.quantMap, any);
        if (tensor.doubleQuant)
            a.pointer("nestedScale", tensor.nestedScale, any)
                .pointer("nestedMap", tensor.nestedMap, any)
                .pointer("offset", tensor.offset, any);
        if (!a.ok())
            return a.status();
        return run("dequantizeNf4", [&] { return kernels::dequantizeNf4(m_stream, out, tensor, dtype); });
    }

    device::Status dequantizeFp8(void* out, const device::Fp8Tensor& tensor, device::DType dtype) override
    {
        KernelArguments a("dequantizeFp8");
        a.dtype("dtype", dtype).fp8Tensor(tensor);
        a.pointer("out", out, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run("dequantizeFp8", [&] { return kernels::dequantizeFp8(m_stream, out, tensor, dtype); });
    }

    device::Status dequantizeInt4(void* out, const device::Int4Tensor& tensor, device::DType dtype) override
    {
        KernelArguments a("dequantizeInt4");
        a.dtype("dtype", dtype).int4Tensor(tensor);
        a.pointer("out", out, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run("dequantizeInt4", [&] { return kernels::dequantizeInt4(m_stream, out, tensor, dtype); });
    }

    device::Status dequantizeMxfp4(void* out, const device::Mxfp4Tensor& tensor, device::DType dtype) override
    {
        KernelArguments a("dequantizeMxfp4");
        a.dtype("dtype", dtype).mxfp4Tensor(tensor);
        a.pointer("out", out, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run("dequantizeMxfp4", [&] { return kernels::dequantizeMxfp4(m_stream, out, tensor, dtype); });
    }

    device::Status argmaxRows(
        void* out, const void* in, std::int64_t rows, std::int64_t cols, device::DType dtype) override
    {
        KernelArguments a("argmaxRows");
        a.dtype("dtype", dtype).atLeast("rows", rows, 0);
        if (rows > 0)
            a.between("cols", cols, 1, std::numeric_limits<std::int32_t>::max());
        a.elements("in", { rows, cols });
        a.pointer("out", out, rows > 0).pointer("in", in, rows > 0);
        if (!a.ok())
            return a.status();
        return run("argmaxRows", [&] {
            return kernels::argmaxRows(
                m_stream, out, in, static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols), dtype);
        });
    }

    // ---- the state layers' kernels (ABI 5); every argument is checked first, as above -----------------------

    device::Status causalConv1d(void* out, const void* in, std::int64_t inStride, void* state, const void* weight,
        const void* bias, std::int64_t batch, std::int64_t seq, std::int64_t channels, std::int64_t kernel,
        device::DType dtype) override
    {
        KernelArguments a("causalConv1d");
        a.dtype("dtype", dtype)
            .atLeast("batch", batch, 0)
            .atLeast("seq", seq, 0)
            .atLeast("channels", channels, 0)
            .atLeast("kernel", kernel, 1)
            .stride("inStride", inStride, channels)
            .elements("in", { batch, seq, inStride })
            .elements("state", { batch, channels, kernel })
            .elements("out", { batch, seq, channels });
        const bool any = batch > 0 && channels > 0;
        a.pointer("out", out, any && seq > 0)
            .pointer("in", in, any && seq > 0)
            .pointer("state", state, any)
            .pointer("weight", weight, any);
        if (!a.ok())
            return a.status();
        return run("causalConv1d", [&] {
            return kernels::causalConv1d(m_stream, out, in, static_cast<std::uint64_t>(inStride), state, weight, bias,
                static_cast<std::uint64_t>(batch), static_cast<std::uint64_t>(seq),
                static_cast<std::uint64_t>(channels), static_cast<std::uint64_t>(kernel), dtype);
        });
    }

    device::Status ssmScan(void* y, const void* x, const void* dt, const void* b, const void* c, void* state,
        const void* aLog, const void* dSkip, const void* dtBias, const device::SsmShape& shape,
        device::DType dtype) override
    {
        KernelArguments a("ssmScan");
        a.dtype("dtype", dtype).ssmShape(shape);
        const bool any = shape.batch > 0;
        const bool tokens = any && shape.seq > 0;
        a.pointer("y", y, tokens)
            .pointer("x", x, tokens)
            .pointer("dt", dt, tokens)
            .pointer("B", b, tokens)
            .pointer("C", c, tokens)
            .pointer("state", state, any)
            .pointer("aLog", aLog, tokens)
            .pointer("dSkip", dSkip, tokens)
            .pointer("dtBias", dtBias, tokens);
        if (!a.ok())
            return a.status();
        return run("ssmScan",
            [&] { return kernels::ssmScan(m_stream, y, x, dt, b, c, state, aLog, dSkip, dtBias, shape, dtype); });
    }

    device::Status selectiveScan(void* y, const void* x, const void* dt, const void* b, const void* c, const void* z,
        void* state, const void* aLog, const void* dSkip, const void* dtBias, const device::SelectiveScanShape& shape,
        device::DType dtype) override
    {
        KernelArguments a("selectiveScan");
        a.dtype("dtype", dtype).selectiveScanShape(shape);
        const bool any = shape.batch > 0;
        const bool tokens = any && shape.seq > 0;
        a.pointer("y", y, tokens)
            .pointer("x", x, tokens)
            .pointer("dt", dt, tokens)
            .pointer("B", b, tokens)
            .pointer("C", c, tokens)
            .pointer("z", z, tokens)
            .pointer("state", state, any)
            .pointer("aLog", aLog, tokens)
            .pointer("dSkip", dSkip, tokens)
            .pointer("dtBias", dtBias, tokens);
        if (!a.ok())
            return a.status();
        return run("selectiveScan", [&] {
            return kernels::selectiveScan(m_stream, y, x, dt, b, c, z, state, aLog, dSkip, dtBias, shape, dtype);
        });
    }

    device::Status gatedRmsNorm(void* out, const void* in, const void* gate, std::int64_t gateStride,
        const void* weight, std::int64_t rows, std::int64_t cols, std::int64_t groupSize, float eps,
        bool normBeforeGate, device::DType dtype) override
    {
        KernelArguments a("gatedRmsNorm");
        a.dtype("dtype", dtype)
            .finite("eps", eps, false)
            .atLeast("rows", rows, 0)
            .atLeast("cols", cols, 0)
            .atLeast("groupSize", groupSize, 1)
            .stride("gateStride", gateStride, cols)
            .elements("gate", { rows, gateStride })
            .elements("in", { rows, cols });
        if (a.ok() && cols % groupSize != 0)
            return device::Status::error("gatedRmsNorm: groupSize " + std::to_string(groupSize)
                + " does not divide cols " + std::to_string(cols));
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("in", in, any).pointer("gate", gate, any).pointer("weight", weight, any);
        if (!a.ok())
            return a.status();
        return run("gatedRmsNorm", [&] {
            return kernels::gatedRmsNorm(m_stream, out, in, gate, static_cast<std::uint64_t>(gateStride), weight,
                static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols),
                static_cast<std::uint64_t>(groupSize), eps, normBeforeGate, dtype);
        });
    }

    device::Status copyColumns(void* out, const void* in, std::int64_t rows, std::int64_t cols, std::int64_t inStride,
        device::DType dtype) override
    {
        KernelArguments a("copyColumns");
        a.dtype("dtype", dtype)
            .atLeast("rows", rows, 0)
            .atLeast("cols", cols, 0)
            .stride("inStride", inStride, cols)
            .elements("in", { rows, inStride })
            .elements("out", { rows, cols });
        const bool any = a.count() > 0;
        a.pointer("out", out, any).pointer("in", in, any);
        if (!a.ok())
            return a.status();
        return run("copyColumns", [&] {
            return kernels::copyColumns(m_stream, out, in, static_cast<std::uint64_t>(rows),
                static_cast<std::uint64_t>(cols), static_cast<std::uint64_t>(inStride), dtype);
        });
    }

    device::Status sigmoidGate(
        void* out, const void* in, const void* gate, std::uint64_t count, device::DType dtype) override
    {
        KernelArguments a("sigmoidGate");
        a.dtype("dtype", dtype).elements("in", { static_cast<std::int64_t>(count) });
        if (a.ok() && count > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return device::Status::error("sigmoidGate: count beyond int64");
        a.pointer("out", out, count > 0).pointer("in", in, count > 0).pointer("gate", gate, count > 0);
        if (!a.ok())
            return a.status();
        return run("sigmoidGate", [&] { return kernels::sigmoidGate(m_stream, out, in, gate, count, dtype); });
    }

    device::Status gatedDeltaRule(void* out, const void* q, const void* k, const void* v, const void* b, const void* a,
        void* state, const void* aLog, const void* dtBias, const device::DeltaShape& shape,
        device::DType dtype) override
    {
        KernelArguments args("gatedDeltaRule");
        args.dtype("dtype", dtype).deltaShape(shape);
        const bool any = shape.batch > 0;
        const bool tokens = any && shape.seq > 0;
        args.pointer("out", out, tokens)
            .pointer("q", q, tokens)
            .pointer("k", k, tokens)
            .pointer("v", v, tokens)
            .pointer("b", b, tokens)
            .pointer("a", a, tokens)
            .pointer("state", state, any)
            .pointer("aLog", aLog, tokens)
            .pointer("dtBias", dtBias, tokens);
        if (!args.ok())
            return args.status();
        return run("gatedDeltaRule",
            [&] { return kernels::gatedDeltaRule(m_stream, out, q, k, v, b, a, state, aLog, dtBias, shape, dtype); });
    }

    // ---- the decoder's training kernels (ABI 4); every argument is checked first, as above -----------------

    device::Status attentionForward(void* out, void* lseF32, const void* q, const void* k, const void* v,
        const device::AttentionShape& shape, device::DType dtype) override
    {
        KernelArguments a("attentionForward");
        a.dtype("dtype", dtype).trainingAttention(shape);
        const bool any = a.count() > 0;
        const bool keys = any && shape.keys > 0;
        a.pointer("out", out, any).pointer("lseF32", lseF32, any).pointer("q", q, any);
        a.pointer("k", k, keys).pointer("v", v, keys);
        if (a.ok() && shape.headDim > kernels::kMaxHeadDim)
            return device::Status::error("attentionForward: headDim " + std::to_string(shape.headDim)
                + " is more than the fused kernel's " + std::to_string(kernels::kMaxHeadDim) + "; use eager attention");
        if (!a.ok())
            return a.status();
        return run("attentionForward",
            [&] { return kernels::attentionForward(m_stream, out, lseF32, q, k, v, shape, dtype); });
    }

    device::Status attentionBackward(void* dq, void* dk, void* dv, void* deltaF32, const void* dout, const void* q,
        const void* k, const void* v, const void* out, const void* lseF32, const device::AttentionShape& shape,
        device::DType dtype) override
    {
        KernelArguments a("attentionBackward");
        a.dtype("dtype", dtype).trainingAttention(shape);
        const bool queries = a.count() > 0;
        const bool keys = shape.batch > 0 && shape.keys > 0;
        a.pointer("dq", dq, queries).pointer("deltaF32", deltaF32, queries).pointer("dout", dout, queries);
        a.pointer("q", q, queries).pointer("out", out, queries).pointer("lseF32", lseF32, queries);
        a.pointer("dk", dk, keys).pointer("dv", dv, keys).pointer("k", k, keys).pointer("v", v, keys);
        if (a.ok() && shape.headDim > kernels::kMaxHeadDim)
            return device::Status::error("attentionBackward: headDim " + std::to_string(shape.headDim)
                + " is more than the fused kernel's " + std::to_string(kernels::kMaxHeadDim) + "; use eager attention");
        if (!a.ok())
            return a.status();
        return run("attentionBackward", [&] {
            return kernels::attentionBackward(m_stream, dq, dk, dv, deltaF32, dout, q, k, v, out, lseF32, shape, dtype);
        });
    }

    device::Status attentionEagerBackward(void* dq, void* dk, void* dv, void* dscores, const void* dout, const void* q,
        const void* k, const void* v, const void* probs, const device::AttentionShape& shape,
        device::DType dtype) override
    {
        KernelArguments a("attentionEagerBackward");
        a.dtype("dtype", dtype).trainingAttention(shape);
        const bool queries = a.count() > 0;
        const bool keys = shape.batch > 0 && shape.keys > 0;
        a.elements("probs", { shape.batch, shape.heads, shape.queries, shape.keys });
        const bool scores = a.count() > 0; // queries and keys: everything is read
        a.pointer("dq", dq, queries).pointer("dk", dk, keys).pointer("dv", dv, keys);
        a.pointer("dout", dout, scores).pointer("q", q, scores).pointer("k", k, scores).pointer("v", v, scores);
        a.pointer("dscores", dscores, scores).pointer("probs", probs, scores);
        if (!a.ok())
            return a.status();
        return run("attentionEagerBackward", [&] {
            return kernels::attentionEagerBackward(m_stream, dq, dk, dv, dscores, dout, q, k, v, probs, shape, dtype);
        });
    }

    device::Status ropeBackward(void* x, std::int64_t batch, std::int64_t seq, std::int64_t heads, std::int64_t headDim,
        std::int64_t positionStart, float theta, device::DType dtype) override
    {
        KernelArguments a("ropeBackward");
        ropeArguments(a, x, batch, seq, heads, headDim, positionStart, theta, dtype);
        if (!a.ok())
            return a.status();
        return run("ropeBackward", [&] {
            return kernels::ropeBackward(m_stream, x, static_cast<std::uint64_t>(batch),
                static_cast<std::uint64_t>(seq), static_cast<std::uint64_t>(heads), static_cast<std::uint64_t>(headDim),
                positionStart, theta, dtype);
        });
    }

    device::Status rmsNormBackward(void* dx, void* dweight, const void* dy, const void* x, const void* weight,
        std::int64_t rows, std::int64_t cols, float eps, float weightOffset, device::DType dtype) override
    {
        KernelArguments a("rmsNormBackward");
        a.dtype("dtype", dtype).finite("eps", eps, false).elements("x", { rows, cols });
        const bool any = a.count() > 0;
        a.pointer("dx", dx, any).pointer("dy", dy, any).pointer("x", x, any).pointer("weight", weight, any);
        if (a.ok() && !std::isfinite(weightOffset))
            return device::Status::error("rmsNormBackward: weightOffset is not finite");
        if (!a.ok())
            return a.status();
        device::Status status;
        if (!selected(status))
            return status;
        const auto r = static_cast<std::uint64_t>(rows);
        const auto c = static_cast<std::uint64_t>(cols);
        void* scratch = kernelScratch(kernels::rmsNormBackwardScratchBytes(r, c, dweight != nullptr), status);
        if (!status.ok)
            return status;
        return launched(
            kernels::rmsNormBackward(m_stream, dx, dweight, dy, x, weight, r, c, eps, weightOffset, scratch, dtype),
            "rmsNormBackward");
    }

    device::Status gatedActivationBackward(void* dgate, void* dup, const void* dout, const void* gate, const void* up,
        std::uint64_t count, device::Activation act, device::DType dtype) override
    {
        KernelArguments a("gatedActivationBackward");
        a.dtype("dtype", dtype).activation(act);
        const bool any = count > 0;
        a.pointer("dgate", dgate, any).pointer("dup", dup, any).pointer("dout", dout, any);
        a.pointer("gate", gate, any).pointer("up", up, any);
        if (!a.ok())
            return a.status();
        return run("gatedActivationBackward",
            [&] { return kernels::gatedActivationBackward(m_stream, dgate, dup, dout, gate, up, count, act, dtype); });
    }

    device::Status logSoftmaxRows(void* outF32, const void* inF32, std::int64_t rows, std::int64_t cols) override
    {
        KernelArguments a("logSoftmaxRows");
        a.elements("inF32", { rows, cols });
        a.pointer("outF32", outF32, a.count() > 0).pointer("inF32", inF32, a.count() > 0);
        if (!a.ok())
            return a.status();
        return run("logSoftmaxRows", [&] {
            return kernels::logSoftmaxRows(
                m_stream, outF32, inF32, static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols));
        });
    }

    device::Status nllLoss(void* lossF32, const void* logprobsF32, const void* labels, std::int64_t rows,
        std::int64_t cols, float scale, bool accumulate) override
    {
        KernelArguments a("nllLoss");
        a.elements("logprobsF32", { rows, cols });
        a.pointer("lossF32", lossF32).pointer("logprobsF32", logprobsF32, rows > 0 && cols > 0);
        a.pointer("labels", labels, rows > 0);
        if (a.ok() && !std::isfinite(scale))
            return device::Status::error("nllLoss: scale is not finite");
        if (!a.ok())
            return a.status();
        return run("nllLoss", [&] {
            return kernels::nllLoss(m_stream, lossF32, logprobsF32, labels, static_cast<std::uint64_t>(rows),
                static_cast<std::uint64_t>(cols), scale, accumulate);
        });
    }

    device::Status nllLossBackward(
        void* gradF32, const void* labels, std::int64_t rows, std::int64_t cols, float scale) override
    {
        KernelArguments a("nllLossBackward");
        a.elements("gradF32", { rows, cols });
        a.pointer("gradF32", gradF32, a.count() > 0).pointer("labels", labels, a.count() > 0);
        if (a.ok() && !std::isfinite(scale))
            return device::Status::error("nllLossBackward: scale is not finite");
        if (!a.ok())
            return a.status();
        return run("nllLossBackward", [&] {
            return kernels::nllLossBackward(
                m_stream, gradF32, labels, static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols), scale);
        });
    }

    device::Status logSoftmaxBackward(
        void* gradInF32, const void* gradOutF32, const void* logprobsF32, std::int64_t rows, std::int64_t cols) override
    {
        KernelArguments a("logSoftmaxBackward");
        a.elements("gradOutF32", { rows, cols });
        const bool any = a.count() > 0;
        a.pointer("gradInF32", gradInF32, any).pointer("gradOutF32", gradOutF32, any);
        a.pointer("logprobsF32", logprobsF32, any);
        if (!a.ok())
            return a.status();
        return run("logSoftmaxBackward", [&] {
            return kernels::logSoftmaxBackward(m_stream, gradInF32, gradOutF32, logprobsF32,
                static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols));
        });
    }

    device::Status embeddingBackward(void* dtable, const void* dout, const void* ids, std::int64_t tokens,
        std::int64_t hidden, std::int64_t vocab, float scale, device::DType dtype) override
    {
        KernelArguments a("embeddingBackward");
        a.dtype("dtype", dtype)
            .between("vocab", vocab, 1, std::numeric_limits<std::int32_t>::max())
            .elements("dtable", { vocab, hidden })
            .elements("dout", { tokens, hidden });
        const bool any = a.count() > 0;
        a.pointer("dtable", dtable, any).pointer("dout", dout, any).pointer("ids", ids, any);
        if (a.ok() && !std::isfinite(scale))
            return device::Status::error("embeddingBackward: scale is not finite");
        if (!a.ok())
            return a.status();
        return run("embeddingBackward", [&] {
            return kernels::embeddingBackward(m_stream, dtable, dout, ids, static_cast<std::uint64_t>(tokens),
                static_cast<std::uint64_t>(hidden), vocab, scale, dtype);
        });
    }

    device::Status sgdStep(void* param, const void* grad, std::uint64_t count, device::DType dtype, float lr) override
    {
        KernelArguments a("sgdStep");
        a.dtype("dtype", dtype).pointer("param", param, count > 0).pointer("grad", grad, count > 0);
        if (!a.ok())
            return a.status();
        return run("sgdStep", [&] { return kernels::sgdStep(m_stream, param, grad, count, dtype, lr); });
    }

    device::Status adamStepStates(void* param, const void* grad, void* m, void* v, std::uint64_t count,
        device::DType dtype, device::DType stateType, std::int64_t step, float lr, float beta1, float beta2, float eps,
        float weightDecay) override
    {
        KernelArguments a("adamStepStates");
        a.dtype("dtype", dtype).dtype("stateType", stateType).atLeast("step", step, 1);
        const bool any = count > 0;
        a.pointer("param", param, any).pointer("grad", grad, any).pointer("m", m, any).pointer("v", v, any);
        if (!a.ok())
            return a.status();
        return run("adamStepStates", [&] {
            return kernels::adamStepStates(
                m_stream, param, grad, m, v, count, dtype, stateType, step, lr, beta1, beta2, eps, weightDecay);
        });
    }

    device::Status adam8bitStep(void* param, const void* grad, void* state1, void* state2, void* absmax1, void* absmax2,
        std::uint64_t count, device::DType dtype, std::int64_t step, float lr, float beta1, float beta2, float eps,
        float weightDecay) override
    {
        KernelArguments a("adam8bitStep");
        a.dtype("dtype", dtype).atLeast("step", step, 1);
        const bool any = count > 0;
        a.pointer("param", param, any).pointer("grad", grad, any);
        a.pointer("state1", state1, any).pointer("state2", state2, any);
        a.pointer("absmax1", absmax1, any).pointer("absmax2", absmax2, any);
        if (!a.ok())
            return a.status();
        return run("adam8bitStep", [&] {
            return kernels::adam8bitStep(m_stream, param, grad, state1, state2, absmax1, absmax2, count, dtype, step,
                lr, beta1, beta2, eps, weightDecay);
        });
    }

protected:
    // rope() and ropeBackward() take the same arguments.
    static void ropeArguments(KernelArguments& a, const void* x, std::int64_t batch, std::int64_t seq,
        std::int64_t heads, std::int64_t headDim, std::int64_t positionStart, float theta, device::DType dtype)
    {
        a.dtype("dtype", dtype)
            .elements("x", { batch, seq, heads, headDim })
            .even("headDim", headDim)
            .position("positionStart", positionStart, seq)
            .finite("theta", theta, true);
        a.pointer("x", x, a.count() > 0);
    }

    // Note [Kernel scratch]: a kernel that needs working memory the interface gives it no buffer for
    // (rmsNormBackward's row scales and partial sums, Note [RMSNorm weight gradient]) gets it here: one raw
    // device buffer, grown on demand in steps of kScratchGranule and kept until the context closes, as cuBLAS keeps
    // its workspace. It is outside the caching allocator (backend.h: a kernel's scratch is the backend's business)
    // and shows up in the device-level reading only. One stream, so a kernel that reads it has finished before the
    // next one writes it; a larger buffer replaces it only after the device is idle (synchronize, then free).
    // nullptr for 0 bytes; nullptr with status set when the device has no room.
    void* kernelScratch(std::uint64_t bytes, device::Status& status)
    {
        status = device::Status::success();
        if (bytes <= m_scratchBytes)
            return bytes == 0 ? nullptr : m_scratch;
        if (m_scratch) {
            status = toStatus(GPURT(StreamSynchronize)(m_stream), ITERAGPU_DEVICE_PREFIX "StreamSynchronize");
            if (!status.ok)
                return nullptr;
            keep(GPURT(Free)(m_scratch), ITERAGPU_DEVICE_PREFIX "Free of the kernel scratch");
            m_scratch = nullptr;
            m_scratchBytes = 0;
        }
        const std::uint64_t rounded = (bytes + kScratchGranule - 1) / kScratchGranule * kScratchGranule;
        void* ptr = nullptr;
        status = toStatus(GPURT(Malloc)(&ptr, static_cast<std::size_t>(rounded)),
            ITERAGPU_DEVICE_PREFIX "Malloc of " + std::to_string(rounded) + " bytes of kernel scratch");
        if (!status.ok)
            return nullptr;
        m_scratch = ptr;
        m_scratchBytes = rounded;
        return m_scratch;
    }

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

    // Selects the device, then launches (launch() returns the launch's error) and returns its status.
    template <typename Launch> device::Status run(const char* kernel, Launch&& launch) const
    {
        device::Status status;
        if (!selected(status))
            return status;
        return launched(launch(), kernel);
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

    static constexpr std::uint64_t kScratchGranule = 1ULL << 20; // bytes

    device::DeviceInfo m_info;
    Stream m_stream = nullptr;
    void* m_scratch = nullptr; // Note [Kernel scratch]
    std::uint64_t m_scratchBytes = 0;
    MemPool m_pool = nullptr;
    bool m_poolSupported = false;
    std::string m_poolReason = "the stream-ordered pool is not configured";
    device::Status m_kept;
};

} // namespace iteragpu::gpu
