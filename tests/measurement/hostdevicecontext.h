// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/hostrawmemory.h"
#include "core/device/backend.h"

#include <cmath>
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

private:
    static bool f32(iteragpu::device::DType dt) { return dt == iteragpu::device::DType::Float32; }
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
