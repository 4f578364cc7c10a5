// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/hostrawmemory.h"
#include "core/device/backend.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

// Test helper: a fake device whose memory is host memory (HostRawMemory) and whose kernels really compute on the
// CPU for float32 (half types: the output range is written, so AddressSanitizer sees any out-of-range shape).
// Used to run the dense workload on real bytes, not on the simulated memory model.
class HostDeviceContext : public iteragpu::device::DeviceContext {
public:
    // lossSink, when given, receives every float32 loss the device computes (it outlives the context).
    explicit HostDeviceContext(std::uint64_t capacity, std::vector<float>* lossSink = nullptr)
        : m_raw(capacity, true)
        , m_losses(lossSink)
    {
        m_info.id = "host:0";
        m_info.name = "host-backed fake device (tests)";
        m_info.totalBytes = capacity;
        m_info.arch = "host";
    }

    const iteragpu::device::DeviceInfo& info() const override { return m_info; }

    void* rawAlloc(std::uint64_t bytes, iteragpu::device::Status& status) override
    {
        return m_raw.allocate(bytes, status);
    }
    void rawFree(void* ptr) override { m_raw.release(ptr); }
    bool supportsAsyncPool() const override { return false; }
    void* poolAlloc(std::uint64_t, iteragpu::device::Status& status) override
    {
        status = iteragpu::device::Status::error("no pool on the host device");
        return nullptr;
    }
    void poolFree(void*) override { }
    iteragpu::device::PoolStats poolStats() override { return {}; }
    void poolResetPeaks() override { }
    void poolTrim(std::uint64_t) override { }
    iteragpu::device::Status synchronize() override { return ok(); }
    iteragpu::device::DeviceReading reading() override
    {
        iteragpu::device::DeviceReading r;
        r.freeBytes = m_raw.freeBytes();
        r.totalBytes = m_raw.totalBytes();
        return r; // no process usage: stays nullopt
    }
    iteragpu::device::Status copyToHost(void* dst, const void* src, std::uint64_t bytes) override
    {
        std::memcpy(dst, src, bytes);
        return ok();
    }
    iteragpu::device::Status fillRandom(
        void* dst, std::uint64_t count, iteragpu::device::DType dt, std::uint64_t seed, float scale) override
    {
        if (!f32(dt))
            return touch(dst, count, dt);
        std::uint64_t s = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        auto* p = static_cast<float*>(dst);
        for (std::uint64_t i = 0; i < count; ++i) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            p[i] = scale * (float((s >> 40) & 0xFFFF) / 32768.0f - 1.0f);
        }
        return ok();
    }
    iteragpu::device::Status fill(void* dst, std::uint64_t count, iteragpu::device::DType dt, float value) override
    {
        if (!f32(dt))
            return touch(dst, count, dt);
        std::fill_n(static_cast<float*>(dst), count, value);
        return ok();
    }
    iteragpu::device::Status gemm(bool ta, bool tb, std::int64_t m, std::int64_t n, std::int64_t k, const void* a,
        const void* b, void* c, iteragpu::device::DType dt, bool acc) override
    {
        if (!f32(dt))
            return touch(c, std::uint64_t(m * n), dt);
        const auto* A = static_cast<const float*>(a);
        const auto* B = static_cast<const float*>(b);
        auto* C = static_cast<float*>(c);
        for (std::int64_t i = 0; i < m; ++i)
            for (std::int64_t j = 0; j < n; ++j) {
                float sum = acc ? C[i * n + j] : 0.0f;
                for (std::int64_t p = 0; p < k; ++p)
                    sum += (ta ? A[p * m + i] : A[i * k + p]) * (tb ? B[j * k + p] : B[p * n + j]);
                C[i * n + j] = sum;
            }
        return ok();
    }
    iteragpu::device::Status addBias(
        void* inout, const void* bias, std::int64_t rows, std::int64_t cols, iteragpu::device::DType dt) override
    {
        if (!f32(dt))
            return touch(inout, std::uint64_t(rows * cols), dt);
        auto* x = static_cast<float*>(inout);
        const auto* b = static_cast<const float*>(bias);
        for (std::int64_t r = 0; r < rows; ++r)
            for (std::int64_t c = 0; c < cols; ++c)
                x[r * cols + c] += b[c];
        return ok();
    }
    iteragpu::device::Status activation(void* out, const void* in, std::uint64_t count, iteragpu::device::Activation,
        iteragpu::device::DType dt) override
    {
        if (!f32(dt))
            return touch(out, count, dt);
        auto* o = static_cast<float*>(out);
        const auto* x = static_cast<const float*>(in);
        for (std::uint64_t i = 0; i < count; ++i)
            o[i] = 0.5f * x[i] * (1.0f + std::erf(x[i] / std::sqrt(2.0f)));
        return ok();
    }
    iteragpu::device::Status activationBackward(void* grad, const void* preact, std::uint64_t count,
        iteragpu::device::Activation, iteragpu::device::DType dt) override
    {
        if (!f32(dt))
            return touch(grad, count, dt);
        auto* g = static_cast<float*>(grad);
        const auto* x = static_cast<const float*>(preact);
        for (std::uint64_t i = 0; i < count; ++i) {
            const float cdf = 0.5f * (1.0f + std::erf(x[i] / std::sqrt(2.0f)));
            const float pdf = std::exp(-0.5f * x[i] * x[i]) / std::sqrt(2.0f * float(M_PI));
            g[i] *= cdf + x[i] * pdf;
        }
        return ok();
    }
    iteragpu::device::Status columnSums(
        void* out, const void* in, std::int64_t rows, std::int64_t cols, iteragpu::device::DType dt) override
    {
        if (!f32(dt))
            return touch(out, std::uint64_t(cols), dt);
        auto* o = static_cast<float*>(out);
        const auto* x = static_cast<const float*>(in);
        for (std::int64_t c = 0; c < cols; ++c) {
            float s = 0.0f;
            for (std::int64_t r = 0; r < rows; ++r)
                s += x[r * cols + c];
            o[c] = s;
        }
        return ok();
    }
    iteragpu::device::Status mseLoss(void* loss, void* grad, const void* pred, const void* target, std::uint64_t count,
        iteragpu::device::DType dt) override
    {
        if (!f32(dt)) {
            *static_cast<float*>(loss) = 0.0f;
            return touch(grad, count, dt);
        }
        const auto* p = static_cast<const float*>(pred);
        const auto* t = static_cast<const float*>(target);
        auto* g = static_cast<float*>(grad);
        double sum = 0.0;
        for (std::uint64_t i = 0; i < count; ++i) {
            const float d = p[i] - t[i];
            sum += double(d) * d;
            g[i] = 2.0f * d / float(count);
        }
        *static_cast<float*>(loss) = float(sum / double(count));
        if (m_losses)
            m_losses->push_back(*static_cast<float*>(loss));
        return ok();
    }
    iteragpu::device::Status adamStep(void* param, const void* grad, void* m, void* v, std::uint64_t count,
        iteragpu::device::DType dt, std::int64_t step, float lr, float b1, float b2, float eps, float wd) override
    {
        auto* M = static_cast<float*>(m);
        auto* V = static_cast<float*>(v);
        M[count - 1] += 0.0f; // the float32 moments are always touched
        V[count - 1] += 0.0f;
        if (!f32(dt))
            return touch(param, count, dt);
        auto* p = static_cast<float*>(param);
        const auto* g = static_cast<const float*>(grad);
        const float c1 = 1.0f - std::pow(b1, float(step));
        const float c2 = 1.0f - std::pow(b2, float(step));
        for (std::uint64_t i = 0; i < count; ++i) {
            p[i] -= lr * wd * p[i];
            M[i] = b1 * M[i] + (1 - b1) * g[i];
            V[i] = b2 * V[i] + (1 - b2) * g[i] * g[i];
            p[i] -= lr * (M[i] / c1) / (std::sqrt(V[i] / c2) + eps);
        }
        return ok();
    }

    // The decoder's kernels (ABI 2) do not compute here: each writes its whole output range and reads the first
    // and last element of every input it would read (KV rows through their layout, paged tables included), so
    // AddressSanitizer sees any tensor that is smaller than its kernel's reach.
    iteragpu::device::Status copyToDevice(void* dst, const void* src, std::uint64_t bytes) override
    {
        std::memcpy(dst, src, bytes);
        return ok();
    }
    iteragpu::device::Status fillTokens(void* ids, std::uint64_t count, std::int64_t vocab, std::uint64_t seed) override
    {
        auto* out = static_cast<std::int32_t*>(ids);
        for (std::uint64_t i = 0; i < count; ++i)
            out[i] = static_cast<std::int32_t>((seed + i * 2654435761ULL) % static_cast<std::uint64_t>(vocab));
        return ok();
    }
    iteragpu::device::Status embedding(void* out, const void* table, const void* ids, std::int64_t tokens,
        std::int64_t hidden, std::int64_t vocab, float, iteragpu::device::DType dt) override
    {
        const auto* id = static_cast<const std::int32_t*>(ids);
        for (std::int64_t t = 0; t < tokens; ++t) {
            if (id[t] < 0 || id[t] >= vocab)
                return iteragpu::device::Status::error("token id out of range");
            readRange(table, std::uint64_t(id[t]) * std::uint64_t(hidden), std::uint64_t(hidden), dt);
        }
        return touch(out, std::uint64_t(tokens * hidden), dt);
    }
    iteragpu::device::Status rmsNorm(void* out, const void* in, const void* weight, std::int64_t rows,
        std::int64_t cols, float, float, iteragpu::device::DType dt) override
    {
        readRange(in, 0, std::uint64_t(rows * cols), dt);
        readRange(weight, 0, std::uint64_t(cols), dt);
        return touch(out, std::uint64_t(rows * cols), dt);
    }
    iteragpu::device::Status rope(void* x, std::int64_t b, std::int64_t s, std::int64_t h, std::int64_t d, std::int64_t,
        float, iteragpu::device::DType dt) override
    {
        return touch(x, std::uint64_t(b * s * h * d), dt);
    }
    iteragpu::device::Status gatedActivation(void* out, const void* gate, const void* up, std::uint64_t count,
        iteragpu::device::Activation, iteragpu::device::DType dt) override
    {
        readRange(gate, 0, count, dt);
        readRange(up, 0, count, dt);
        return touch(out, count, dt);
    }
    iteragpu::device::Status add(
        void* inout, const void* other, std::uint64_t count, iteragpu::device::DType dt) override
    {
        readRange(other, 0, count, dt);
        return touch(inout, count, dt);
    }
    iteragpu::device::Status sliceTokens(void* out, const void* in, std::int64_t batch, std::int64_t seq,
        std::int64_t hidden, std::int64_t index, iteragpu::device::DType dt) override
    {
        for (std::int64_t b = 0; b < batch; ++b)
            readRange(in, std::uint64_t((b * seq + index) * hidden), std::uint64_t(hidden), dt);
        return touch(out, std::uint64_t(batch * hidden), dt);
    }
    iteragpu::device::Status copyKv(void* dst, const iteragpu::device::KvLayout& dl, const void* src,
        const iteragpu::device::KvLayout& sl, std::int64_t batch, std::int64_t start, std::int64_t positions,
        iteragpu::device::DType dt) override
    {
        const std::uint64_t rowBytes = std::uint64_t(dl.heads * dl.headDim) * iteragpu::device::dtypeSize(dt);
        for (std::int64_t b = 0; b < batch; ++b)
            for (std::int64_t p = start; p < start + positions; ++p) {
                const auto* from = kvRow(src, sl, b, p, dt);
                auto* to = const_cast<unsigned char*>(kvRow(dst, dl, b, p, dt));
                if (!from || !to)
                    return iteragpu::device::Status::error("a KV row outside its layout");
                std::memcpy(to, from, rowBytes);
            }
        return ok();
    }
    iteragpu::device::Status copyRows(void* dst, std::int64_t dstStride, const void* src, std::int64_t srcStride,
        std::int64_t rows, std::int64_t cols, std::int64_t srcRepeat, iteragpu::device::DType dt) override
    {
        if (rows < 0 || cols < 0 || dstStride < cols || srcStride < cols || srcRepeat < 1)
            return iteragpu::device::Status::error("copyRows: bad strides or repeat");
        const std::uint64_t s = iteragpu::device::dtypeSize(dt);
        for (std::int64_t r = 0; r < rows; ++r)
            std::memcpy(static_cast<unsigned char*>(dst) + std::uint64_t(r * dstStride) * s,
                static_cast<const unsigned char*>(src) + std::uint64_t((r / srcRepeat) * srcStride) * s,
                std::uint64_t(cols) * s);
        return ok();
    }
    // The keys through `layout`, the values at the same positions valueDim() wide (backend.h).
    iteragpu::device::Status attention(void* out, const void* q, const void* k, const void* v,
        const iteragpu::device::KvLayout& layout, const iteragpu::device::AttentionShape& a,
        iteragpu::device::DType dt) override
    {
        if (auto st = readKeys(k, nullptr, layout, a, dt); !st.ok)
            return st;
        iteragpu::device::KvLayout values = layout;
        values.headDim = a.valueDim();
        if (auto st = readKeys(nullptr, v, values, a, dt); !st.ok)
            return st;
        readRange(q, 0, std::uint64_t(a.batch * a.queries * a.heads * a.headDim), dt);
        return touch(out, std::uint64_t(a.batch * a.queries * a.heads * a.valueDim()), dt);
    }
    iteragpu::device::Status attentionScores(void* scores, const void* q, const void* k,
        const iteragpu::device::KvLayout& layout, const iteragpu::device::AttentionShape& a,
        iteragpu::device::DType dt) override
    {
        if (auto st = readKeys(k, nullptr, layout, a, dt); !st.ok)
            return st;
        readRange(q, 0, std::uint64_t(a.batch * a.queries * a.heads * a.headDim), dt);
        return touch(scores, std::uint64_t(a.batch * a.heads * a.queries * a.keys), dt);
    }
    iteragpu::device::Status softmaxRows(
        void* out, const void* in, std::int64_t rows, std::int64_t cols, iteragpu::device::DType dt) override
    {
        readRange(in, 0, std::uint64_t(rows * cols), dt);
        return touch(out, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
    }
    iteragpu::device::Status attentionValues(void* out, const void* probs, const void* v,
        const iteragpu::device::KvLayout& layout, const iteragpu::device::AttentionShape& a,
        iteragpu::device::DType dt) override
    {
        if (layout.headDim != a.valueDim())
            return iteragpu::device::Status::error("attentionValues: the values' layout is not valueDim() wide");
        if (auto st = readKeys(nullptr, v, layout, a, dt); !st.ok)
            return st;
        readRange(probs, 0, std::uint64_t(a.batch * a.heads * a.queries * a.keys), dt);
        return touch(out, std::uint64_t(a.batch * a.queries * a.heads * a.valueDim()), dt);
    }
    iteragpu::device::Status convert(void* out, iteragpu::device::DType outType, const void* in,
        iteragpu::device::DType inType, std::uint64_t count) override
    {
        readRange(in, 0, count, inType);
        return touch(out, count, outType);
    }
    // A real top k of the logits (float32; the half types' logits are decoded from their bits, and are the zeros
    // the half kernels here write, so every token then picks experts 0..k-1: ties go to the lower index).
    iteragpu::device::Status routerTopK(void* indices, void* weights, const void* logits, std::int64_t tokens,
        std::int64_t experts, std::int64_t k, iteragpu::device::DType dt) override
    {
        if (k < 1 || k > experts)
            return iteragpu::device::Status::error("routerTopK: k must be in [1, experts]");
        auto* idx = static_cast<std::int32_t*>(indices);
        auto* w = static_cast<float*>(weights);
        std::vector<float> row(static_cast<std::size_t>(experts));
        std::vector<bool> taken(static_cast<std::size_t>(experts));
        for (std::int64_t t = 0; t < tokens; ++t) {
            float top = -INFINITY;
            for (std::int64_t e = 0; e < experts; ++e) {
                row[std::size_t(e)] = value(logits, std::uint64_t(t * experts + e), dt);
                top = std::max(top, row[std::size_t(e)]);
            }
            std::fill(taken.begin(), taken.end(), false);
            float sum = 0.0f;
            for (std::int64_t j = 0; j < k; ++j) {
                std::int64_t best = -1;
                for (std::int64_t e = 0; e < experts; ++e)
                    if (!taken[std::size_t(e)] && (best < 0 || row[std::size_t(e)] > row[std::size_t(best)]))
                        best = e;
                taken[std::size_t(best)] = true;
                idx[t * k + j] = static_cast<std::int32_t>(best);
                w[t * k + j] = std::exp(row[std::size_t(best)] - top);
                sum += w[t * k + j];
            }
            for (std::int64_t j = 0; j < k; ++j)
                w[t * k + j] /= sum;
        }
        return ok();
    }
    iteragpu::device::Status countRoutedTokens(void* counts, std::int32_t* hostCounts, const void* indices,
        std::int64_t tokens, std::int64_t k, std::int64_t experts) override
    {
        const auto* idx = static_cast<const std::int32_t*>(indices);
        auto* c = static_cast<std::int32_t*>(counts);
        std::fill_n(c, experts, 0);
        for (std::int64_t i = 0; i < tokens * k; ++i)
            if (idx[i] >= 0 && idx[i] < experts)
                ++c[idx[i]];
        std::memcpy(hostCounts, c, sizeof(std::int32_t) * std::size_t(experts));
        return ok();
    }
    iteragpu::device::Status routedTokens(void* tokenIdx, const void* indices, std::int64_t tokens, std::int64_t k,
        std::int64_t expert, std::int64_t rows) override
    {
        const auto* idx = static_cast<const std::int32_t*>(indices);
        auto* out = static_cast<std::int32_t*>(tokenIdx);
        std::int64_t n = 0;
        for (std::int64_t t = 0; t < tokens; ++t)
            for (std::int64_t j = 0; j < k; ++j)
                if (idx[t * k + j] == expert) {
                    if (n == rows)
                        return iteragpu::device::Status::error("routedTokens: more tokens than rows");
                    out[n++] = static_cast<std::int32_t>(t);
                }
        if (n != rows)
            return iteragpu::device::Status::error("routedTokens: fewer tokens than rows");
        return ok();
    }
    iteragpu::device::Status gatherRows(void* out, const void* in, const void* rowIdx, std::int64_t rows,
        std::int64_t cols, iteragpu::device::DType dt) override
    {
        const auto* idx = static_cast<const std::int32_t*>(rowIdx);
        const std::uint64_t row = std::uint64_t(cols) * iteragpu::device::dtypeSize(dt);
        for (std::int64_t r = 0; r < rows; ++r)
            std::memcpy(static_cast<unsigned char*>(out) + std::uint64_t(r) * row,
                static_cast<const unsigned char*>(in) + std::uint64_t(idx[r]) * row, row);
        return ok();
    }
    iteragpu::device::Status addRoutedRows(void* out, const void* y, const void* tokenIdx, const void* indices,
        const void* weights, std::int64_t rows, std::int64_t hidden, std::int64_t k, std::int64_t expert,
        iteragpu::device::DType dt) override
    {
        const auto* tok = static_cast<const std::int32_t*>(tokenIdx);
        const auto* idx = static_cast<const std::int32_t*>(indices);
        const auto* w = static_cast<const float*>(weights);
        for (std::int64_t r = 0; r < rows; ++r) {
            const std::int64_t t = tok[r];
            readRange(out, std::uint64_t(t * hidden), std::uint64_t(hidden), dt);
            if (!f32(dt))
                continue; // half types: the rows read, nothing computed (as the other half kernels here)
            float weight = 0.0f;
            for (std::int64_t j = 0; j < k; ++j)
                if (idx[t * k + j] == expert)
                    weight = w[t * k + j];
            auto* o = static_cast<float*>(out) + t * hidden;
            const auto* v = static_cast<const float*>(y) + r * hidden;
            for (std::int64_t c = 0; c < hidden; ++c)
                o[c] += weight * v[c];
        }
        return ok();
    }
    iteragpu::device::Status dequantizeInt8(void* out, const void* q, const void* scales, std::int64_t rows,
        std::int64_t cols, iteragpu::device::DType dt) override
    {
        readBytes(q, std::uint64_t(rows * cols));
        readBytes(scales, std::uint64_t(rows) * 4);
        return touch(out, std::uint64_t(rows * cols), dt);
    }
    iteragpu::device::Status dequantizeNf4(
        void* out, const iteragpu::device::Nf4Tensor& t, iteragpu::device::DType dt) override
    {
        const std::uint64_t blocks = (t.count + t.blockSize - 1) / t.blockSize;
        readBytes(t.packed, (t.count + 1) / 2);
        readBytes(t.quantMap, 16 * 4);
        readBytes(t.absmax, t.doubleQuant ? blocks : blocks * 4);
        if (t.doubleQuant) {
            readBytes(t.nestedScale, (blocks + 255) / 256 * 4);
            readBytes(t.nestedMap, 256 * 4);
            readBytes(t.offset, 4);
        }
        return touch(out, t.count, dt);
    }
    iteragpu::device::Status dequantizeFp8(
        void* out, const iteragpu::device::Fp8Tensor& t, iteragpu::device::DType dt) override
    {
        const auto up = [](std::int64_t a, std::int64_t b) { return std::uint64_t((a + b - 1) / b); };
        const std::uint64_t scales
            = t.blockRows > 0 && t.blockColumns > 0 ? up(t.rows, t.blockRows) * up(t.cols, t.blockColumns) : 1;
        readBytes(t.codes, std::uint64_t(t.rows * t.cols));
        readBytes(t.scaleInv, scales * 4);
        return touch(out, std::uint64_t(t.rows * t.cols), dt);
    }
    iteragpu::device::Status dequantizeInt4(
        void* out, const iteragpu::device::Int4Tensor& t, iteragpu::device::DType dt) override
    {
        const auto up = [](std::int64_t a, std::int64_t b) { return std::uint64_t((a + b - 1) / b); };
        const std::uint64_t groups = up(t.in, t.groupSize);
        readBytes(t.qweight, (t.awq ? std::uint64_t(t.in) * up(t.out, 8) : up(t.in, 8) * std::uint64_t(t.out)) * 4);
        readBytes(t.qzeros, groups * up(t.out, 8) * 4);
        readBytes(t.scales, groups * std::uint64_t(t.out) * 2);
        if (!t.awq)
            readBytes(t.gIdx, std::uint64_t(t.in) * 4);
        return touch(out, std::uint64_t(t.out * t.in), dt);
    }
    iteragpu::device::Status dequantizeMxfp4(
        void* out, const iteragpu::device::Mxfp4Tensor& t, iteragpu::device::DType dt) override
    {
        const std::uint64_t blocks = std::uint64_t(t.rows) * std::uint64_t((t.cols + 31) / 32);
        readBytes(t.blocks, blocks * 16);
        readBytes(t.scales, blocks);
        return touch(out, std::uint64_t(t.rows * t.cols), dt);
    }
    iteragpu::device::Status argmaxRows(
        void* out, const void* in, std::int64_t rows, std::int64_t cols, iteragpu::device::DType dt) override
    {
        readRange(in, 0, std::uint64_t(rows * cols), dt);
        return touch(out, std::uint64_t(rows), iteragpu::device::DType::Float32); // int32: 4 bytes each
    }
    // The state layers' kernels (ABI 5): every row of a strided operand read at both ends, the state read and
    // written whole.
    iteragpu::device::Status causalConv1d(void* out, const void* in, std::int64_t inStride, void* state,
        const void* weight, const void* bias, std::int64_t b, std::int64_t seq, std::int64_t ch, std::int64_t k,
        iteragpu::device::DType dt) override
    {
        readRows(in, b * seq, ch, inStride, dt);
        readRange(state, 0, std::uint64_t(b * ch * k), dt);
        readRange(weight, 0, std::uint64_t(ch * k), dt);
        if (bias)
            readRange(bias, 0, std::uint64_t(ch), dt);
        touch(state, std::uint64_t(b * ch * k), dt);
        return touch(out, std::uint64_t(b * seq * ch), dt);
    }
    iteragpu::device::Status ssmScan(void* y, const void* x, const void* dtIn, const void* bIn, const void* cIn,
        void* state, const void* aLog, const void* dSkip, const void* dtBias, const iteragpu::device::SsmShape& s,
        iteragpu::device::DType dt) override
    {
        const std::int64_t rows = s.batch * s.seq;
        readRows(x, rows, s.heads * s.headDim, s.xStride, dt);
        readRows(dtIn, rows, s.heads, s.dtStride, dt);
        readRows(bIn, rows, s.groups * s.stateSize, s.bcStride, dt);
        readRows(cIn, rows, s.groups * s.stateSize, s.bcStride, dt);
        for (const void* p : { aLog, dSkip, dtBias })
            readRange(p, 0, std::uint64_t(s.heads), dt);
        const auto states = std::uint64_t(s.batch * s.heads * s.headDim * s.stateSize);
        readRange(state, 0, states, dt);
        touch(state, states, dt);
        return touch(y, std::uint64_t(rows * s.heads * s.headDim), dt);
    }
    iteragpu::device::Status selectiveScan(void* y, const void* x, const void* dtIn, const void* bIn, const void* cIn,
        const void* z, void* state, const void* aLog, const void* dSkip, const void* dtBias,
        const iteragpu::device::SelectiveScanShape& s, iteragpu::device::DType dt) override
    {
        const std::int64_t rows = s.batch * s.seq;
        readRows(x, rows, s.channels, s.xStride, dt);
        readRows(dtIn, rows, s.channels, s.dtStride, dt);
        readRows(z, rows, s.channels, s.zStride, dt);
        readRows(bIn, rows, s.stateSize, s.bcStride, dt);
        readRows(cIn, rows, s.stateSize, s.bcStride, dt);
        readRange(aLog, 0, std::uint64_t(s.channels * s.stateSize), dt);
        for (const void* p : { dSkip, dtBias })
            readRange(p, 0, std::uint64_t(s.channels), dt);
        const auto states = std::uint64_t(s.batch * s.channels * s.stateSize);
        readRange(state, 0, states, dt);
        touch(state, states, dt);
        return touch(y, std::uint64_t(rows * s.channels), dt);
    }
    iteragpu::device::Status gatedRmsNorm(void* out, const void* in, const void* gate, std::int64_t gateStride,
        const void* weight, std::int64_t rows, std::int64_t cols, std::int64_t groupSize, float, bool normBeforeGate,
        iteragpu::device::DType dt) override
    {
        readRange(in, 0, std::uint64_t(rows * cols), dt);
        readRows(gate, rows, cols, gateStride, dt);
        readRange(weight, 0, std::uint64_t(normBeforeGate ? groupSize : cols), dt);
        return touch(out, std::uint64_t(rows * cols), dt);
    }
    iteragpu::device::Status copyColumns(void* out, const void* in, std::int64_t rows, std::int64_t cols,
        std::int64_t inStride, iteragpu::device::DType dt) override
    {
        readRows(in, rows, cols, inStride, dt);
        return touch(out, std::uint64_t(rows * cols), dt);
    }
    iteragpu::device::Status sigmoidGate(
        void* out, const void* in, const void* gate, std::uint64_t count, iteragpu::device::DType dt) override
    {
        readRange(in, 0, count, dt);
        readRange(gate, 0, count, dt);
        return touch(out, count, dt);
    }
    iteragpu::device::Status gatedDeltaRule(void* out, const void* q, const void* k, const void* v, const void* b,
        const void* a, void* state, const void* aLog, const void* dtBias, const iteragpu::device::DeltaShape& s,
        iteragpu::device::DType dt) override
    {
        const std::int64_t rows = s.batch * s.seq;
        readRows(q, rows, s.keyHeads * s.keyDim, s.qkvStride, dt);
        readRows(k, rows, s.keyHeads * s.keyDim, s.qkvStride, dt);
        readRows(v, rows, s.valueHeads * s.valueDim, s.qkvStride, dt);
        readRows(b, rows, s.valueHeads, s.abStride, dt);
        readRows(a, rows, s.valueHeads, s.abStride, dt);
        readRange(aLog, 0, std::uint64_t(s.valueHeads), dt);
        readRange(dtBias, 0, std::uint64_t(s.valueHeads), dt);
        const auto states = std::uint64_t(s.batch * s.valueHeads * s.keyDim * s.valueDim);
        readRange(state, 0, states, dt);
        touch(state, states, dt);
        return touch(out, std::uint64_t(rows * s.valueHeads * s.valueDim), dt);
    }

    // The training kernels (ABI 4): every operand's range read, every output's written.
    iteragpu::device::Status attentionForward(void* out, void* lse, const void* q, const void* k, const void* v,
        const iteragpu::device::AttentionShape& a, iteragpu::device::DType dt) override
    {
        readAttention(q, k, v, a, dt);
        touch(lse, std::uint64_t(a.batch * a.heads * a.queries), iteragpu::device::DType::Float32);
        return touch(out, qCount(a), dt);
    }
    iteragpu::device::Status attentionBackward(void* dq, void* dk, void* dv, void* delta, const void* dout,
        const void* q, const void* k, const void* v, const void* out, const void* lse,
        const iteragpu::device::AttentionShape& a, iteragpu::device::DType dt) override
    {
        readAttention(q, k, v, a, dt);
        readRange(dout, 0, qCount(a), dt);
        readRange(out, 0, qCount(a), dt);
        readRange(lse, 0, std::uint64_t(a.batch * a.heads * a.queries), iteragpu::device::DType::Float32);
        touch(delta, std::uint64_t(a.batch * a.heads * a.queries), iteragpu::device::DType::Float32);
        touch(dk, kvCount(a), dt);
        touch(dv, kvCount(a), dt);
        return touch(dq, qCount(a), dt);
    }
    iteragpu::device::Status attentionEagerBackward(void* dq, void* dk, void* dv, void* dscores, const void* dout,
        const void* q, const void* k, const void* v, const void* probs, const iteragpu::device::AttentionShape& a,
        iteragpu::device::DType dt) override
    {
        readAttention(q, k, v, a, dt);
        readRange(dout, 0, qCount(a), dt);
        readRange(probs, 0, std::uint64_t(a.batch * a.heads * a.queries * a.keys), dt);
        touch(dscores, std::uint64_t(a.batch * a.heads * a.queries * a.keys), dt);
        touch(dk, kvCount(a), dt);
        touch(dv, kvCount(a), dt);
        return touch(dq, qCount(a), dt);
    }
    iteragpu::device::Status ropeBackward(void* x, std::int64_t batch, std::int64_t seq, std::int64_t heads,
        std::int64_t headDim, std::int64_t start, float theta, iteragpu::device::DType dt) override
    {
        return rope(x, batch, seq, heads, headDim, start, theta, dt);
    }
    iteragpu::device::Status rmsNormBackward(void* dx, void* dw, const void* dy, const void* x, const void* w,
        std::int64_t rows, std::int64_t cols, float, float, iteragpu::device::DType dt) override
    {
        readRange(dy, 0, std::uint64_t(rows * cols), dt);
        readRange(x, 0, std::uint64_t(rows * cols), dt);
        readRange(w, 0, std::uint64_t(cols), dt);
        if (dw)
            touch(dw, std::uint64_t(cols), dt);
        return touch(dx, std::uint64_t(rows * cols), dt);
    }
    iteragpu::device::Status gatedActivationBackward(void* dg, void* du, const void* dout, const void* g, const void* u,
        std::uint64_t count, iteragpu::device::Activation, iteragpu::device::DType dt) override
    {
        readRange(dout, 0, count, dt);
        readRange(g, 0, count, dt);
        readRange(u, 0, count, dt);
        touch(dg, count, dt);
        return touch(du, count, dt);
    }
    iteragpu::device::Status logSoftmaxRows(void* out, const void* in, std::int64_t rows, std::int64_t cols) override
    {
        readRange(in, 0, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
        return touch(out, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
    }
    iteragpu::device::Status nllLoss(void* loss, const void* logprobs, const void* labels, std::int64_t rows,
        std::int64_t cols, float, bool) override
    {
        readRange(logprobs, 0, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
        readRange(labels, 0, std::uint64_t(rows), iteragpu::device::DType::Float32); // int32: 4 bytes too
        return touch(loss, 1, iteragpu::device::DType::Float32);
    }
    iteragpu::device::Status nllLossBackward(
        void* grad, const void* labels, std::int64_t rows, std::int64_t cols, float) override
    {
        readRange(labels, 0, std::uint64_t(rows), iteragpu::device::DType::Float32);
        return touch(grad, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
    }
    iteragpu::device::Status logSoftmaxBackward(
        void* gin, const void* gout, const void* logprobs, std::int64_t rows, std::int64_t cols) override
    {
        readRange(gout, 0, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
        readRange(logprobs, 0, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
        return touch(gin, std::uint64_t(rows * cols), iteragpu::device::DType::Float32);
    }
    iteragpu::device::Status embeddingBackward(void* table, const void* dout, const void* ids, std::int64_t tokens,
        std::int64_t hidden, std::int64_t vocab, float, iteragpu::device::DType dt) override
    {
        readRange(dout, 0, std::uint64_t(tokens * hidden), dt);
        readRange(ids, 0, std::uint64_t(tokens), iteragpu::device::DType::Float32);
        readRange(table, 0, std::uint64_t(vocab * hidden), dt);
        return ok();
    }
    iteragpu::device::Status sgdStep(
        void* param, const void* grad, std::uint64_t count, iteragpu::device::DType dt, float) override
    {
        readRange(grad, 0, count, dt);
        readRange(param, 0, count, dt);
        return ok();
    }
    iteragpu::device::Status adamStepStates(void* param, const void* grad, void* m, void* v, std::uint64_t count,
        iteragpu::device::DType dt, iteragpu::device::DType st, std::int64_t, float, float, float, float,
        float) override
    {
        readRange(grad, 0, count, dt);
        readRange(param, 0, count, dt);
        readRange(m, 0, count, st);
        readRange(v, 0, count, st);
        return ok();
    }
    iteragpu::device::Status adam8bitStep(void* param, const void* grad, void* s1, void* s2, void* a1, void* a2,
        std::uint64_t count, iteragpu::device::DType dt, std::int64_t, float, float, float, float, float) override
    {
        const std::uint64_t blocks = (count + 2047) / 2048;
        readRange(grad, 0, count, dt);
        readRange(param, 0, count, dt);
        readBytes(s1, count);
        readBytes(s2, count);
        readBytes(a1, blocks * 4);
        readBytes(a2, blocks * 4);
        return ok();
    }

private:
    static std::uint64_t qCount(const iteragpu::device::AttentionShape& a)
    {
        return std::uint64_t(a.batch * a.queries * a.heads * a.headDim);
    }
    static std::uint64_t kvCount(const iteragpu::device::AttentionShape& a)
    {
        return std::uint64_t(a.batch * a.keys * a.kvHeads * a.headDim);
    }
    static void readAttention(const void* q, const void* k, const void* v, const iteragpu::device::AttentionShape& a,
        iteragpu::device::DType dt)
    {
        readRange(q, 0, qCount(a), dt);
        readRange(k, 0, kvCount(a), dt);
        readRange(v, 0, kvCount(a), dt);
    }
    static void readBytes(const void* p, std::uint64_t bytes)
    {
        if (bytes == 0)
            return;
        const auto* c = static_cast<const volatile unsigned char*>(p);
        (void)c[0];
        (void)c[bytes - 1];
    }
    static void readRange(const void* p, std::uint64_t first, std::uint64_t count, iteragpu::device::DType dt)
    {
        const std::uint64_t s = iteragpu::device::dtypeSize(dt);
        readBytes(static_cast<const unsigned char*>(p) + first * s, count * s);
    }
    // `rows` rows of `cols` elements, row r starting at element r * stride (a column slice of a wider tensor).
    static void readRows(
        const void* p, std::int64_t rows, std::int64_t cols, std::int64_t stride, iteragpu::device::DType dt)
    {
        for (std::int64_t r = 0; r < rows; ++r)
            readRange(p, std::uint64_t(r * stride), std::uint64_t(cols), dt);
    }
    // The address of the K/V row of position p of sequence b (KvLayout's rules), nullptr for a block the table
    // has not filled in.
    static const unsigned char* kvRow(const void* data, const iteragpu::device::KvLayout& l, std::int64_t b,
        std::int64_t p, iteragpu::device::DType dt)
    {
        const std::uint64_t row = std::uint64_t(l.heads * l.headDim) * iteragpu::device::dtypeSize(dt);
        if (l.blockTable) {
            const auto* table = static_cast<const std::uint64_t*>(data);
            const std::uint64_t block = table[b * l.tableWidth + (p / l.blockSize) % l.tableWidth];
            if (block == 0)
                return nullptr;
            return reinterpret_cast<const unsigned char*>(block) + std::uint64_t(p % l.blockSize) * row;
        }
        const std::int64_t r = ((p - l.base) % l.capacity + l.capacity) % l.capacity;
        return static_cast<const unsigned char*>(data) + (std::uint64_t(b * l.capacity + r)) * row;
    }
    static iteragpu::device::Status readKeys(const void* k, const void* v, const iteragpu::device::KvLayout& l,
        const iteragpu::device::AttentionShape& a, iteragpu::device::DType dt)
    {
        const std::uint64_t row = std::uint64_t(l.heads * l.headDim) * iteragpu::device::dtypeSize(dt);
        const std::int64_t last = a.queryStart + a.queries - 1;
        for (std::int64_t b = 0; b < a.batch; ++b)
            for (std::int64_t p = a.keyStart; p < a.keyStart + a.keys && p <= last; ++p)
                for (const void* data : { k, v }) {
                    if (!data)
                        continue;
                    const auto* r = kvRow(data, l, b, p, dt);
                    if (!r)
                        return iteragpu::device::Status::error("attention reads a KV block that was never allocated");
                    readBytes(r, row);
                }
        return ok();
    }
    static bool f32(iteragpu::device::DType dt) { return dt == iteragpu::device::DType::Float32; }
    // Element i of a tensor as a float: bfloat16 is the top half of a float32; float16 decoded from its fields.
    static float value(const void* p, std::uint64_t i, iteragpu::device::DType dt)
    {
        if (f32(dt))
            return static_cast<const float*>(p)[i];
        const std::uint16_t h = static_cast<const std::uint16_t*>(p)[i];
        if (dt == iteragpu::device::DType::BFloat16) {
            const std::uint32_t bits = std::uint32_t(h) << 16;
            float f = 0.0f;
            std::memcpy(&f, &bits, sizeof f);
            return f;
        }
        const int exponent = (h >> 10) & 0x1f;
        const float mantissa = float(h & 0x3ff);
        const float magnitude = exponent == 0 ? std::ldexp(mantissa, -24)
            : exponent == 31                  ? (mantissa == 0.0f ? INFINITY : NAN)
                                              : std::ldexp(1.0f + mantissa / 1024.0f, exponent - 15);
        return (h & 0x8000) ? -magnitude : magnitude;
    }
    static iteragpu::device::Status ok() { return iteragpu::device::Status::success(); }
    static iteragpu::device::Status touch(void* dst, std::uint64_t count, iteragpu::device::DType dt)
    {
        std::memset(dst, 0, count * iteragpu::device::dtypeSize(dt));
        return ok();
    }

    iteragpu::alloc::HostRawMemory m_raw;
    iteragpu::device::DeviceInfo m_info;
    std::vector<float>* m_losses;
};
