// SPDX-License-Identifier: Apache-2.0
#include "core/sim/simbackend.h"

#include "core/sim/kernelcost.h"
#include "core/sim/simpacer.h"
#include "core/units/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <unordered_map>

namespace iteragpu::sim {

using device::DType;
using device::Status;

namespace {

constexpr std::uint64_t kSimAlignment = 512; // bytes; addresses handed out are aligned like a driver's
constexpr std::uint64_t kPoolGranularity = 2 * units::kMiB; // bytes; the simulated async pool maps in 2 MiB steps

class SimContext : public device::DeviceContext {
public:
    explicit SimContext(device::DeviceInfo info, SimOptions options)
        : m_info(std::move(info))
        , m_options(std::move(options))
        , m_pacer(m_options.speed)
        , m_kernelSeconds(static_cast<double>(m_options.kernelMicros) * 1e-6)
        , m_used(m_options.contextBytes + m_options.workspaceBytes) // outside any allocator, open to close
    {
        // The hot path multiplies: reciprocals of the roofs, once. A missing peak stays 0 (refused per kernel).
        if (m_options.card) {
            m_secondsPerByte = 1.0 / m_options.card->memoryBandwidth;
            for (const DType dtype : { DType::Float32, DType::Float16, DType::BFloat16 })
                if (const auto peak = m_options.card->peakFlops(dtype))
                    m_secondsPerFlop[static_cast<std::size_t>(dtype)] = 1.0 / *peak;
        }
    }

    const device::DeviceInfo& info() const override { return m_info; }

    void* rawAlloc(std::uint64_t bytes, Status& status) override
    {
        if (bytes > m_options.capacityBytes || m_used > m_options.capacityBytes - bytes) {
            status = Status::oom("simulated out of memory: tried to allocate " + std::to_string(bytes)
                + " bytes; capacity " + std::to_string(m_options.capacityBytes) + " bytes, "
                + std::to_string(m_options.capacityBytes - m_used) + " bytes free");
            return nullptr;
        }
        m_used += bytes;
        const std::uint64_t address = m_nextAddress;
        m_nextAddress += (bytes + kSimAlignment - 1) / kSimAlignment * kSimAlignment + kSimAlignment;
        m_sizes[address] = bytes;
        status = Status::success();
        return reinterpret_cast<void*>(address);
    }

    void rawFree(void* ptr) override
    {
        const auto it = m_sizes.find(reinterpret_cast<std::uint64_t>(ptr));
        if (it == m_sizes.end())
            return;
        m_used -= it->second;
        m_sizes.erase(it);
    }

    bool supportsAsyncPool() const override { return true; }

    void* poolAlloc(std::uint64_t bytes, Status& status) override
    {
        const std::uint64_t needed = m_poolUsed + bytes;
        if (needed > m_poolReserved) {
            const std::uint64_t grow = (needed - m_poolReserved + kPoolGranularity - 1) / kPoolGranularity
                * kPoolGranularity;
            if (grow > m_options.capacityBytes || m_used > m_options.capacityBytes - grow) {
                status = Status::oom("simulated out of memory in the stream-ordered pool: tried to allocate "
                    + std::to_string(bytes) + " bytes");
                return nullptr;
            }
            m_used += grow;
            m_poolReserved += grow;
        }
        m_poolUsed += bytes;
        m_poolUsedHigh = std::max(m_poolUsedHigh, m_poolUsed);
        m_poolReservedHigh = std::max(m_poolReservedHigh, m_poolReserved);
        const std::uint64_t address = m_nextAddress;
        m_nextAddress += (bytes + kSimAlignment - 1) / kSimAlignment * kSimAlignment + kSimAlignment;
        m_poolSizes[address] = bytes;
        status = Status::success();
        return reinterpret_cast<void*>(address);
    }

    void poolFree(void* ptr) override
    {
        const auto it = m_poolSizes.find(reinterpret_cast<std::uint64_t>(ptr));
        if (it == m_poolSizes.end())
            return;
        m_poolUsed -= it->second;
        m_poolSizes.erase(it);
    }

    device::PoolStats poolStats() override { return { m_poolUsed, m_poolUsedHigh, m_poolReserved, m_poolReservedHigh }; }

    void poolResetPeaks() override
    {
        m_poolUsedHigh = m_poolUsed;
        m_poolReservedHigh = m_poolReserved;
    }

    void poolTrim(std::uint64_t keepBytes) override
    {
        // Release whole unused granules above keepBytes, as cudaMemPoolTrimTo does.
        const std::uint64_t floor = std::max(keepBytes,
            (m_poolUsed + kPoolGranularity - 1) / kPoolGranularity * kPoolGranularity);
        if (m_poolReserved > floor) {
            m_used -= m_poolReserved - floor;
            m_poolReserved = floor;
        }
    }

    Status synchronize() override
    {
        m_pacer.settle(); // a synchronize returns when the device's queued kernels would have finished
        return Status::success();
    }

    device::DeviceReading reading() override
    {
        device::DeviceReading r;
        r.totalBytes = m_options.capacityBytes;
        r.freeBytes = m_options.capacityBytes - m_used;
        r.processUsedBytes = m_used;
        r.processUsedSource = "simulated";
        return r;
    }

    Status copyToHost(void* hostDst, const void*, std::uint64_t bytes) override
    {
        // Address-only memory: the copy has the right size and deterministic content (zeros), written only
        // into real host memory; an address-only host buffer of hostAlloc() is charged the time and not touched.
        const auto dst = reinterpret_cast<std::uint64_t>(hostDst);
        const auto held = m_hostSizes.upper_bound(dst);
        const bool addressOnly = held != m_hostSizes.begin() && dst - std::prev(held)->first < std::prev(held)->second;
        if (!addressOnly)
            std::memset(hostDst, 0, bytes);
        return charge(kernelcost::bytesOnly(static_cast<double>(bytes)), DType::Float32);
    }

    // The host copy is modelled like the device memory: an address (outside every mapping of the process, so
    // a stray read faults at once), its size kept, no byte of this machine's memory.
    void* hostAlloc(std::uint64_t bytes, Status& status) override
    {
        if (bytes == 0) {
            status = Status::success();
            return nullptr;
        }
        const std::uint64_t span = (bytes + kSimAlignment - 1) / kSimAlignment * kSimAlignment + kSimAlignment;
        if (bytes > kHostAddressSpan || m_nextHostAddress - kHostAddressBase > kHostAddressSpan - span) {
            status = Status::oom("simulated host out of address space: tried to hold " + std::to_string(bytes)
                + " bytes of host copies, " + std::to_string(m_hostUsed) + " already held");
            return nullptr;
        }
        const std::uint64_t address = m_nextHostAddress;
        m_nextHostAddress += span;
        m_hostSizes[address] = bytes;
        m_hostUsed += bytes;
        status = Status::success();
        return reinterpret_cast<void*>(address);
    }
    void hostFree(void* ptr) override
    {
        const auto it = m_hostSizes.find(reinterpret_cast<std::uint64_t>(ptr));
        if (it == m_hostSizes.end())
            return;
        m_hostUsed -= it->second;
        m_hostSizes.erase(it);
    }

    // Costs: Note [Kernel costs] in core/sim/kernelcost.h. Element-wise kernels are charged by their bytes alone.
    Status fillRandom(void*, std::uint64_t count, DType dtype, std::uint64_t, float) override
    {
        return charge(kernelcost::elementwise(n(count), 1, dtype), dtype);
    }
    Status fill(void*, std::uint64_t count, DType dtype, float) override
    {
        return charge(kernelcost::elementwise(n(count), 1, dtype), dtype);
    }
    Status gemm(bool, bool, std::int64_t m, std::int64_t n, std::int64_t k, const void*, const void*, void*,
        DType dtype, bool accumulate) override
    {
        if (m < 0 || n < 0 || k < 0)
            return negative("gemm");
        return charge(kernelcost::gemm(m, n, k, accumulate, dtype), dtype);
    }
    Status addBias(void*, const void*, std::int64_t rows, std::int64_t cols, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("addBias");
        return charge(kernelcost::elementwise(2 * n(rows) * n(cols) + n(cols), 1, dtype), dtype);
    }
    Status activation(void*, const void*, std::uint64_t count, device::Activation, DType dtype) override
    {
        return charge(kernelcost::elementwise(n(count), 2, dtype), dtype);
    }
    Status activationBackward(void*, const void*, std::uint64_t count, device::Activation, DType dtype) override
    {
        return charge(kernelcost::elementwise(n(count), 3, dtype), dtype);
    }
    Status columnSums(void*, const void*, std::int64_t rows, std::int64_t cols, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("columnSums");
        return charge(kernelcost::elementwise(n(rows) * n(cols) + n(cols), 1, dtype), dtype);
    }
    Status mseLoss(void*, void*, const void*, const void*, std::uint64_t count, DType dtype) override
    {
        return charge(kernelcost::bytesOnly(3 * n(count) * size(dtype) + 4), dtype);
    }
    Status adamStep(void*, const void*, void*, void*, std::uint64_t count, DType dtype, std::int64_t, float, float,
        float, float, float) override
    {
        return charge(kernelcost::bytesOnly(n(count) * (3 * size(dtype) + 16)), dtype);
    }

    // The training kernels (ABI 4): bytes as the table of Note [Kernel costs] says for each.
    Status attentionForward(void*, void*, const void*, const void*, const void*,
        const device::AttentionShape& shape, DType dtype) override
    {
        if (Status bad = checkShape(shape, "attentionForward"); !bad.ok)
            return bad;
        KernelCost c = kernelcost::attention(shape, dtype);
        c.bytes += 4.0 * n(shape.batch) * n(shape.heads) * n(shape.queries);
        return charge(c, dtype);
    }
    Status attentionBackward(void*, void*, void*, void*, const void*, const void*, const void*, const void*,
        const void*, const void*, const device::AttentionShape& shape, DType dtype) override
    {
        if (Status bad = checkShape(shape, "attentionBackward"); !bad.ok)
            return bad;
        return charge(kernelcost::attentionBackward(shape, dtype), dtype);
    }
    Status attentionEagerBackward(void*, void*, void*, void*, const void*, const void*, const void*, const void*,
        const void*, const device::AttentionShape& shape, DType dtype) override
    {
        if (Status bad = checkShape(shape, "attentionEagerBackward"); !bad.ok)
            return bad;
        return charge(kernelcost::attentionEagerBackward(shape, dtype), dtype);
    }
    Status ropeBackward(void* x, std::int64_t batch, std::int64_t seq, std::int64_t heads, std::int64_t headDim,
        std::int64_t start, float theta, DType dtype) override
    {
        return rope(x, batch, seq, heads, headDim, start, theta, dtype);
    }
    Status rmsNormBackward(void*, void*, const void*, const void*, const void*, std::int64_t rows,
        std::int64_t cols, float, float, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("rmsNormBackward");
        return charge(kernelcost::elementwise(3 * n(rows) * n(cols) + 2 * n(cols), 1, dtype), dtype);
    }
    Status gatedActivationBackward(void*, void*, const void*, const void*, const void*, std::uint64_t count,
        device::Activation, DType dtype) override
    {
        return charge(kernelcost::elementwise(n(count), 5, dtype), dtype);
    }
    Status logSoftmaxRows(void*, const void*, std::int64_t rows, std::int64_t cols) override
    {
        if (rows < 0 || cols < 0)
            return negative("logSoftmaxRows");
        return charge(kernelcost::bytesOnly(8 * n(rows) * n(cols)), DType::Float32);
    }
    Status nllLoss(void*, const void*, const void*, std::int64_t rows, std::int64_t cols, float, bool) override
    {
        if (rows < 0 || cols < 0)
            return negative("nllLoss");
        return charge(kernelcost::bytesOnly(8 * n(rows) + 4), DType::Float32);
    }
    Status nllLossBackward(void*, const void*, std::int64_t rows, std::int64_t cols, float) override
    {
        if (rows < 0 || cols < 0)
            return negative("nllLossBackward");
        return charge(kernelcost::bytesOnly(4 * n(rows) * n(cols) + 4 * n(rows)), DType::Float32);
    }
    Status logSoftmaxBackward(void*, const void*, const void*, std::int64_t rows, std::int64_t cols) override
    {
        if (rows < 0 || cols < 0)
            return negative("logSoftmaxBackward");
        return charge(kernelcost::bytesOnly(12 * n(rows) * n(cols)), DType::Float32);
    }
    Status embeddingBackward(void*, const void*, const void*, std::int64_t tokens, std::int64_t hidden,
        std::int64_t vocab, float, DType dtype) override
    {
        if (tokens < 0 || hidden < 0 || vocab < 0)
            return negative("embeddingBackward");
        return charge(kernelcost::bytesOnly(4 * n(tokens) + 3 * n(tokens) * n(hidden) * size(dtype)), dtype);
    }
    Status sgdStep(void*, const void*, std::uint64_t count, DType dtype, float) override
    {
        return charge(kernelcost::elementwise(n(count), 3, dtype), dtype);
    }
    Status adamStepStates(void*, const void*, void*, void*, std::uint64_t count, DType dtype, DType stateType,
        std::int64_t, float, float, float, float, float) override
    {
        return charge(kernelcost::bytesOnly(n(count) * (3 * size(dtype) + 4 * size(stateType))), dtype);
    }
    Status adam8bitStep(void*, const void*, void*, void*, void*, void*, std::uint64_t count, DType dtype,
        std::int64_t, float, float, float, float, float) override
    {
        const double blocks = std::ceil(n(count) / 2048.0);
        return charge(kernelcost::bytesOnly(n(count) * (3 * size(dtype) + 4) + 16 * blocks), dtype);
    }

    Status copyToDevice(void*, const void*, std::uint64_t bytes) override
    {
        // Address-only memory: nothing is read from the host buffer, nothing is kept.
        return charge(kernelcost::bytesOnly(static_cast<double>(bytes)), DType::Float32);
    }
    Status fillTokens(void*, std::uint64_t count, std::int64_t vocab, std::uint64_t) override
    {
        if (vocab <= 0)
            return Status::error("simulated fillTokens: the vocabulary must have at least one token");
        return charge(kernelcost::bytesOnly(4 * n(count)), DType::Float32);
    }
    Status embedding(void*, const void*, const void*, std::int64_t tokens, std::int64_t hidden, std::int64_t vocab,
        float, DType dtype) override
    {
        if (tokens < 0 || hidden < 0 || vocab < 0)
            return negative("embedding");
        return charge(kernelcost::bytesOnly(4 * n(tokens) + 2 * n(tokens) * n(hidden) * size(dtype)), dtype);
    }
    Status rmsNorm(void*, const void*, const void*, std::int64_t rows, std::int64_t cols, float, float,
        DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("rmsNorm");
        return charge(kernelcost::elementwise(2 * n(rows) * n(cols) + n(cols), 1, dtype), dtype);
    }
    Status rope(void*, std::int64_t batch, std::int64_t seq, std::int64_t heads, std::int64_t headDim,
        std::int64_t, float, DType dtype) override
    {
        if (batch < 0 || seq < 0 || heads < 0 || headDim < 0)
            return negative("rope");
        return charge(kernelcost::elementwise(n(batch) * n(seq) * n(heads) * n(headDim), 2, dtype), dtype);
    }
    Status gatedActivation(void*, const void*, const void*, std::uint64_t count, device::Activation,
        DType dtype) override
    {
        return charge(kernelcost::elementwise(n(count), 3, dtype), dtype);
    }
    Status add(void*, const void*, std::uint64_t count, DType dtype) override
    {
        return charge(kernelcost::elementwise(n(count), 3, dtype), dtype);
    }
    Status sliceTokens(void*, const void*, std::int64_t batch, std::int64_t seq, std::int64_t hidden,
        std::int64_t index, DType dtype) override
    {
        if (batch < 0 || seq < 0 || hidden < 0)
            return negative("sliceTokens");
        if (index < 0 || index >= seq)
            return Status::error("simulated sliceTokens: token " + std::to_string(index) + " of "
                + std::to_string(seq));
        return charge(kernelcost::elementwise(n(batch) * n(hidden), 2, dtype), dtype);
    }
    Status copyKv(void*, const device::KvLayout& dstLayout, const void*, const device::KvLayout& srcLayout,
        std::int64_t batch, std::int64_t positionStart, std::int64_t positions, DType dtype) override
    {
        if (batch < 0 || positionStart < 0 || positions < 0 || srcLayout.heads < 0 || srcLayout.headDim < 0)
            return negative("copyKv");
        if (dstLayout.heads != srcLayout.heads || dstLayout.headDim != srcLayout.headDim)
            return Status::error("simulated copyKv: the two layouts' rows differ ("
                + std::to_string(srcLayout.heads) + " x " + std::to_string(srcLayout.headDim) + " and "
                + std::to_string(dstLayout.heads) + " x " + std::to_string(dstLayout.headDim) + ")");
        return charge(
            kernelcost::elementwise(n(batch) * n(positions) * n(srcLayout.heads) * n(srcLayout.headDim), 2, dtype),
            dtype);
    }
    Status copyRows(void*, std::int64_t dstStride, const void*, std::int64_t srcStride, std::int64_t rows,
        std::int64_t cols, std::int64_t srcRepeat, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("copyRows");
        if (dstStride < cols || srcStride < cols || srcRepeat < 1)
            return Status::error("simulated copyRows: strides below the row's " + std::to_string(cols)
                + " elements or a repeat below 1");
        return charge(kernelcost::elementwise(n(rows) * n(cols), 2, dtype), dtype);
    }
    Status attention(void*, const void*, const void*, const void*, const device::KvLayout&,
        const device::AttentionShape& shape, DType dtype) override
    {
        if (Status bad = checkShape(shape, "attention"); !bad.ok)
            return bad;
        return charge(kernelcost::attention(shape, dtype), dtype);
    }
    Status attentionScores(void*, const void*, const void*, const device::KvLayout&,
        const device::AttentionShape& shape, DType dtype) override
    {
        if (Status bad = checkShape(shape, "attentionScores"); !bad.ok)
            return bad;
        return charge(kernelcost::attentionScores(shape, dtype), dtype);
    }
    Status softmaxRows(void*, const void*, std::int64_t rows, std::int64_t cols, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("softmaxRows");
        return charge(kernelcost::bytesOnly(n(rows) * n(cols) * (size(dtype) + 4)), dtype);
    }
    Status attentionValues(void*, const void*, const void*, const device::KvLayout&,
        const device::AttentionShape& shape, DType dtype) override
    {
        if (Status bad = checkShape(shape, "attentionValues"); !bad.ok)
            return bad;
        return charge(kernelcost::attentionValues(shape, dtype), dtype);
    }
    Status convert(void*, DType outType, const void*, DType inType, std::uint64_t count) override
    {
        return charge(kernelcost::bytesOnly(n(count) * (size(inType) + size(outType))), outType);
    }
    Status routerTopK(void*, void*, const void*, std::int64_t tokens, std::int64_t experts, std::int64_t k,
        DType dtype) override
    {
        if (tokens < 0 || experts < 0 || k < 0)
            return negative("routerTopK");
        if (k > experts)
            return Status::error("simulated routerTopK: top " + std::to_string(k) + " of "
                + std::to_string(experts) + " experts");
        return charge(kernelcost::bytesOnly(n(tokens) * n(experts) * size(dtype) + 8 * n(tokens) * n(k)), dtype);
    }
    // Note [Assumed routing]: the simulated device has no logits, so its routing is an assumption, not a result:
    // balanced round-robin, token t's j-th choice is expert (t k + j) mod experts (distinct within a token, since
    // k <= experts). The T k choices are then 0 .. T k - 1 mod experts, so expert e gets floor(T k / experts)
    // tokens, one more when e < T k mod experts (core/workloads/DECODER.md prefill k, "Routing").
    Status countRoutedTokens(void*, std::int32_t* hostCounts, const void*, std::int64_t tokens, std::int64_t k,
        std::int64_t experts) override
    {
        if (tokens < 0 || k < 0 || experts < 0)
            return negative("countRoutedTokens");
        if (k > experts)
            return Status::error("simulated countRoutedTokens: top " + std::to_string(k) + " of "
                + std::to_string(experts) + " experts");
        const std::int64_t choices = tokens * k;
        for (std::int64_t e = 0; e < experts; ++e) {
            const std::int64_t load = choices / experts + (e < choices % experts ? 1 : 0);
            if (load > std::numeric_limits<std::int32_t>::max())
                return Status::error("simulated countRoutedTokens: an expert's load exceeds int32");
            hostCounts[e] = static_cast<std::int32_t>(load);
        }
        // The count kernel reads the picks and writes the counts; then the counts go to the host.
        const Status counted = charge(kernelcost::bytesOnly(4 * n(tokens) * n(k) + 4 * n(experts)), DType::Float32);
        if (!counted.ok)
            return counted;
        return charge(kernelcost::bytesOnly(4 * n(experts)), DType::Float32);
    }
    Status routedTokens(void*, const void*, std::int64_t tokens, std::int64_t k, std::int64_t expert,
        std::int64_t rows) override
    {
        if (tokens < 0 || k < 0 || expert < 0 || rows < 0)
            return negative("routedTokens");
        return charge(kernelcost::bytesOnly(4 * n(tokens) * n(k) + 4 * n(rows)), DType::Float32);
    }
    Status gatherRows(void*, const void*, const void*, std::int64_t rows, std::int64_t cols, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("gatherRows");
        return charge(kernelcost::bytesOnly(4 * n(rows) + 2 * n(rows) * n(cols) * size(dtype)), dtype);
    }
    Status addRoutedRows(void*, const void*, const void*, const void*, const void*, std::int64_t rows,
        std::int64_t hidden, std::int64_t k, std::int64_t expert, DType dtype) override
    {
        if (rows < 0 || hidden < 0 || k < 0 || expert < 0)
            return negative("addRoutedRows");
        // Only the expert's rows: its token ids, their picks and weights, y read, out read and written.
        return charge(
            kernelcost::bytesOnly(4 * n(rows) + 8 * n(rows) * n(k) + 3 * n(rows) * n(hidden) * size(dtype)), dtype);
    }
    Status dequantizeInt8(void*, const void*, const void*, std::int64_t rows, std::int64_t cols, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("dequantizeInt8");
        return charge(kernelcost::bytesOnly(n(rows) * n(cols) * (1 + size(dtype)) + 4 * n(rows)), dtype);
    }
    Status dequantizeNf4(void*, const device::Nf4Tensor& tensor, DType dtype) override
    {
        if (tensor.blockSize == 0)
            return Status::error("simulated dequantizeNf4: a block size of 0");
        return charge(kernelcost::nf4Dequantize(tensor, dtype), dtype);
    }
    Status dequantizeFp8(void*, const device::Fp8Tensor& tensor, DType dtype) override
    {
        if (tensor.rows < 0 || tensor.cols < 0 || tensor.blockRows < 0 || tensor.blockColumns < 0)
            return negative("dequantizeFp8");
        if ((tensor.blockRows == 0) != (tensor.blockColumns == 0))
            return Status::error("simulated dequantizeFp8: a scale block needs both its rows and its columns");
        return charge(kernelcost::fp8Dequantize(tensor, dtype), dtype);
    }
    Status dequantizeInt4(void*, const device::Int4Tensor& tensor, DType dtype) override
    {
        if (tensor.out < 0 || tensor.in < 0)
            return negative("dequantizeInt4");
        if (tensor.groupSize <= 0)
            return Status::error("simulated dequantizeInt4: a group of 0 rows");
        return charge(kernelcost::int4Dequantize(tensor, dtype), dtype);
    }
    Status dequantizeMxfp4(void*, const device::Mxfp4Tensor& tensor, DType dtype) override
    {
        if (tensor.rows < 0 || tensor.cols < 0)
            return negative("dequantizeMxfp4");
        return charge(kernelcost::mxfp4Dequantize(tensor, dtype), dtype);
    }
    Status argmaxRows(void*, const void*, std::int64_t rows, std::int64_t cols, DType dtype) override
    {
        if (rows < 0 || cols < 0)
            return negative("argmaxRows");
        return charge(kernelcost::bytesOnly(n(rows) * n(cols) * size(dtype) + 4 * n(rows)), dtype);
    }
    // The state layers' kernels (ABI 5), Note [Kernel costs].
    Status causalConv1d(void*, const void*, std::int64_t inStride, void*, const void*, const void*, std::int64_t batch,
        std::int64_t seq, std::int64_t channels, std::int64_t kernel, DType dtype) override
    {
        if (batch < 0 || seq < 0 || channels < 0 || kernel < 1 || inStride < channels)
            return Status::error("simulated causalConv1d: a negative size, no taps or a stride below the channels");
        return charge(kernelcost::causalConv1d(batch, seq, channels, kernel, dtype), dtype);
    }
    Status ssmScan(void*, const void*, const void*, const void*, const void*, void*, const void*, const void*,
        const void*, const device::SsmShape& shape, DType dtype) override
    {
        if (shape.batch < 0 || shape.seq < 0 || shape.heads < 0 || shape.headDim < 0 || shape.stateSize < 0
            || shape.groups < 1 || shape.heads % shape.groups != 0)
            return Status::error("simulated ssmScan: a negative size, or groups that do not divide the heads");
        return charge(kernelcost::ssmScan(shape, dtype), dtype);
    }
    Status selectiveScan(void*, const void*, const void*, const void*, const void*, const void*, void*, const void*,
        const void*, const void*, const device::SelectiveScanShape& shape, DType dtype) override
    {
        if (shape.batch < 0 || shape.seq < 0 || shape.channels < 0 || shape.stateSize < 0
            || shape.xStride < shape.channels || shape.dtStride < shape.channels || shape.zStride < shape.channels
            || shape.bcStride < shape.stateSize)
            return Status::error("simulated selectiveScan: a negative size or a stride below its columns");
        return charge(kernelcost::selectiveScan(shape, dtype), dtype);
    }
    Status gatedRmsNorm(void*, const void*, const void*, std::int64_t gateStride, const void*, std::int64_t rows,
        std::int64_t cols, std::int64_t groupSize, float, bool, DType dtype) override
    {
        if (rows < 0 || cols < 0 || gateStride < cols || groupSize < 1 || cols % groupSize != 0)
            return Status::error("simulated gatedRmsNorm: a negative size, or groups that do not divide the columns");
        return charge(kernelcost::elementwise(3 * n(rows) * n(cols) + n(cols), 1, dtype), dtype);
    }
    Status copyColumns(
        void*, const void*, std::int64_t rows, std::int64_t cols, std::int64_t inStride, DType dtype) override
    {
        if (rows < 0 || cols < 0 || inStride < cols)
            return Status::error("simulated copyColumns: a negative size or a stride below the columns");
        return charge(kernelcost::elementwise(n(rows) * n(cols), 2, dtype), dtype);
    }
    Status sigmoidGate(void*, const void*, const void*, std::uint64_t count, DType dtype) override
    {
        return charge(kernelcost::elementwise(n(count), 3, dtype), dtype);
    }
    Status gatedDeltaRule(void*, const void*, const void*, const void*, const void*, const void*, void*, const void*,
        const void*, const device::DeltaShape& shape, DType dtype) override
    {
        if (shape.batch < 0 || shape.seq < 0 || shape.keyHeads < 1 || shape.keyDim < 0 || shape.valueHeads < 0
            || shape.valueDim < 0 || shape.valueHeads % shape.keyHeads != 0)
            return Status::error("simulated gatedDeltaRule: a negative size, or key heads that do not divide the "
                                 "value heads");
        return charge(kernelcost::gatedDeltaRule(shape, dtype), dtype);
    }

    std::optional<double> modelledSeconds() const override
    {
        if (!m_options.card)
            return std::nullopt; // no card, no model: the pace is kernelMicros of wall time, not a device's
        return m_modelledSeconds;
    }

private:
    static double n(std::uint64_t v) { return static_cast<double>(v); }
    static double n(std::int64_t v) { return static_cast<double>(v); }
    static double size(DType dtype) { return static_cast<double>(device::dtypeSize(dtype)); }
    static Status negative(const char* kernel)
    {
        return Status::error(std::string("simulated ") + kernel + ": a negative dimension");
    }
    static Status checkShape(const device::AttentionShape& s, const char* kernel)
    {
        if (s.batch < 0 || s.queries < 0 || s.heads < 0 || s.kvHeads < 0 || s.headDim < 0 || s.keys < 0
            || s.window < 0 || s.queryStart < 0 || s.keyStart < 0 || s.valueHeadDim < 0)
            return negative(kernel);
        if (s.kvHeads == 0 ? s.heads != 0 : s.heads % s.kvHeads != 0)
            return Status::error(std::string("simulated ") + kernel + ": " + std::to_string(s.heads)
                + " query heads cannot share " + std::to_string(s.kvHeads) + " KV heads");
        return Status::success();
    }

    // Note [Simulated time]: with a card, a kernel takes max(flops / peak(dtype), bytes / bandwidth) of
    // modelled time, added to modelledSeconds(); without one it takes kernelMicros and nothing is modelled. Either
    // way the pacer turns the time into wall time at the run's speed (speed 0: none).
    Status charge(const KernelCost& cost, DType dtype)
    {
        if (!m_options.card) {
            m_pacer.add(m_kernelSeconds);
            return Status::success();
        }
        double seconds = cost.bytes * m_secondsPerByte;
        if (cost.flops > 0.0) {
            const double perFlop = m_secondsPerFlop[static_cast<std::size_t>(dtype)];
            if (!(perFlop > 0.0))
                return Status::error("simulated " + m_options.card->name + ": the catalog has no peak "
                    + device::dtypeName(dtype) + " FLOP/s for this card, so a " + device::dtypeName(dtype)
                    + " kernel has no modelled time");
            seconds = std::max(seconds, cost.flops * perFlop);
        }
        m_modelledSeconds += seconds;
        m_pacer.add(seconds);
        return Status::success();
    }

    device::DeviceInfo m_info;
    SimOptions m_options;
    SimPacer m_pacer;
    double m_kernelSeconds = 0.0; // without a card: wall seconds per kernel at speed 1
    double m_secondsPerByte = 0.0;
    std::array<double, 3> m_secondsPerFlop { 0.0, 0.0, 0.0 }; // by DType; 0 where the card has no peak
    double m_modelledSeconds = 0.0;
    std::uint64_t m_used = 0; // raw allocations plus the simulated context and workspace
    std::uint64_t m_nextAddress = 0x7f0000000000ULL;
    std::unordered_map<std::uint64_t, std::uint64_t> m_sizes;
    std::unordered_map<std::uint64_t, std::uint64_t> m_poolSizes;
    // Address-only host copies: the upper half of the 64-bit space is never user memory on x86-64 or AArch64.
    static constexpr std::uint64_t kHostAddressBase = 0xffff900000000000ULL;
    static constexpr std::uint64_t kHostAddressSpan = 0x0000100000000000ULL; // 16 TiB of host copies at once
    std::uint64_t m_nextHostAddress = kHostAddressBase;
    std::map<std::uint64_t, std::uint64_t> m_hostSizes; // address -> bytes, ordered for the range lookup
    std::uint64_t m_hostUsed = 0;
    std::uint64_t m_poolUsed = 0;
    std::uint64_t m_poolUsedHigh = 0;
    std::uint64_t m_poolReserved = 0;
    std::uint64_t m_poolReservedHigh = 0;
};

} // namespace

SimBackend::SimBackend(SimOptions options)
    : m_options(options)
{
}

std::string SimBackend::runtimeDescription() { return runtimeDescription(m_options); }

std::string SimBackend::runtimeDescription(const SimOptions& options) const
{
    std::string text
        = "simulated device (address-only memory; time by a catalog card's roofline when one is chosen; MoE routing "
          "assumed balanced round-robin, not computed; not a GPU)";
    if (options.contextBytes > 0 || options.workspaceBytes > 0)
        text += "; outside the allocator, simulated with assumed sizes: CUDA context "
            + std::to_string(options.contextBytes) + " B, math library workspace "
            + std::to_string(options.workspaceBytes) + " B";
    return text;
}

namespace {

    bool positiveFinite(double v) { return std::isfinite(v) && v > 0.0; }

    std::optional<device::DeviceInfo> simDeviceInfo(int index, const SimOptions& options)
    {
        if (index < 0 || index >= kSimDeviceCount)
            return std::nullopt;
        device::DeviceInfo info;
        info.id = "sim:" + std::to_string(index);
        info.index = index;
        info.name = options.card ? "Simulated " + options.card->name + " (not a GPU measurement)"
                                 : std::string("Simulated device (not a GPU measurement)");
        info.totalBytes = options.capacityBytes;
        info.arch = "simulated";
        info.driverVersion = "simulated";
        info.runtimeVersion = "simulated";
        info.simulated = true;
        return info;
    }

} // namespace

namespace {
    i18n::Message refusal(const char* source, std::vector<i18n::Arg> args = {})
    {
        return { source, std::move(args), i18n::kRunRefusalContext };
    }
} // namespace

std::optional<i18n::Message> simSpeedRefusal(double speed)
{
    if (std::isfinite(speed) && speed >= 0.0 && speed <= kMaxSimSpeed)
        return std::nullopt;
    char given[32];
    std::snprintf(given, sizeof given, "%g", speed);
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g", kMaxSimSpeed);
    //: %1 is the largest speed (a number), %2 the value given
    return refusal(
        ITERAGPU_TRANSLATE_NOOP("RunRefusal",
            "the simulated speed must be a number from 0 (as fast as possible) to %1 (1 = real time), not %2"),
        { std::string(limit), std::string(given) });
}

std::optional<i18n::Message> simOptionsRefusal(const SimOptions& options)
{
    if (auto bad = simSpeedRefusal(options.speed))
        return bad;
    if (options.capacityBytes == 0)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the simulated capacity must be more than 0 bytes"));
    if (options.contextBytes > options.capacityBytes
        || options.workspaceBytes > options.capacityBytes - options.contextBytes)
        //: %1 is the capacity, %2 the context and %3 the workspace, each a number of bytes
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                           "the simulated capacity (%1 bytes) must hold the simulated context and workspace (%2 + %3 "
                           "bytes)"),
            { options.capacityBytes, options.contextBytes, options.workspaceBytes });
    if (const auto& card = options.card) {
        if (card->name.empty())
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the simulated card has no name"));
        if (!positiveFinite(card->memoryBandwidth))
            //: %1 is the card's name (e.g. NVIDIA H100 SXM)
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the simulated %1 needs a memory bandwidth above 0 bytes/s"),
                { card->name });
        for (const auto& peak : { card->peakFp32Flops, card->peakFp16Flops, card->peakBf16Flops })
            if (peak && !positiveFinite(*peak))
                //: %1 is the card's name (e.g. NVIDIA H100 SXM)
                return refusal(ITERAGPU_TRANSLATE_NOOP(
                                   "RunRefusal", "the simulated %1 has a peak FLOP/s that is not a number above 0"),
                    { card->name });
    }
    return std::nullopt;
}

std::string validateSimSpeed(double speed)
{
    const auto why = simSpeedRefusal(speed);
    return why ? why->english() : std::string();
}

std::string validateSimOptions(const SimOptions& options)
{
    const auto why = simOptionsRefusal(options);
    return why ? why->english() : std::string();
}

std::optional<device::DeviceInfo> SimBackend::deviceInfo(int index) { return simDeviceInfo(index, m_options); }

std::optional<device::DeviceInfo> SimBackend::deviceInfo(int index, const SimOptions& options) const
{
    return simDeviceInfo(index, options);
}

std::unique_ptr<device::DeviceContext> SimBackend::open(int index, Status& status)
{
    return open(index, m_options, status);
}

std::unique_ptr<device::DeviceContext> SimBackend::open(int index, const SimOptions& options, Status& status) const
{
    if (std::string invalid = validateSimOptions(options); !invalid.empty()) {
        status = Status::error(std::move(invalid));
        return nullptr;
    }
    auto info = simDeviceInfo(index, options);
    if (!info) {
        status = Status::error("no device sim:" + std::to_string(index) + ": the simulated backend has sim:0 to sim:"
            + std::to_string(kSimDeviceCount - 1));
        return nullptr;
    }
    status = Status::success();
    return std::make_unique<SimContext>(*info, options);
}

std::unique_ptr<SimBackend> makeSimBackend(SimOptions options) { return std::make_unique<SimBackend>(options); }

} // namespace iteragpu::sim
