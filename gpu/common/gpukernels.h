// SPDX-License-Identifier: Apache-2.0
#pragma once

// The workloads' kernels, written once for CUDA and HIP (see gpuruntime.h). Every kernel reads and writes its
// dtype through load()/store() and computes in float32; loops are grid-stride so any count fits one launch.
// Each launcher returns the runtime's error of the launch; execution errors surface at the next synchronize.

#include "gpu/common/gpuruntime.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace iteragpu::gpu::kernels {

// bfloat16 stored as its 16 bits; converted by hand so both runtimes (and HIP 5.2) agree to the bit.
struct Bf16 {
    unsigned short bits;
};

inline constexpr int kThreads = 256; // threads per block of the element-wise kernels
inline constexpr int kTile = 16; // edge of the portable GEMM's tile (kTile × kTile threads per block)
inline constexpr std::uint64_t kMaxBlocks = 1u << 20; // grid-stride loops cover the rest

__device__ __forceinline__ float load(const float* p, std::uint64_t i) { return p[i]; }
__device__ __forceinline__ float load(const __half* p, std::uint64_t i) { return __half2float(p[i]); }
__device__ __forceinline__ float load(const Bf16* p, std::uint64_t i)
{
    return __uint_as_float(static_cast<unsigned int>(p[i].bits) << 16);
}

__device__ __forceinline__ unsigned short floatToBf16Bits(float f)
{
    unsigned int u = __float_as_uint(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return 0x7fc0; // a quiet NaN stays a NaN
    u += 0x7fffu + ((u >> 16) & 1u); // round to nearest, ties to even
    return static_cast<unsigned short>(u >> 16);
}

__device__ __forceinline__ void store(float* p, std::uint64_t i, float v) { p[i] = v; }
__device__ __forceinline__ void store(__half* p, std::uint64_t i, float v) { p[i] = __float2half(v); }
__device__ __forceinline__ void store(Bf16* p, std::uint64_t i, float v) { p[i].bits = floatToBf16Bits(v); }

__device__ __forceinline__ std::uint64_t firstIndex()
{
    return static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ std::uint64_t gridStride() { return static_cast<std::uint64_t>(gridDim.x) * blockDim.x; }

// Counter-based RNG: element i of seed s is splitmix64(s + (i + 1) · golden ratio), its top 24 bits mapped to
// [-1, 1). Same value whatever the launch shape; tests/gpu/kernelchecks.h repeats the formula on the host.
__device__ __forceinline__ float hashUniform(std::uint64_t seed, std::uint64_t i)
{
    std::uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

inline constexpr float kGeluK = 0.7978845608028654f; // sqrt(2 / pi)
inline constexpr float kGeluC = 0.044715f;

// GELU, tanh approximation (PyTorch's approximate="tanh").
__device__ __forceinline__ float gelu(float x)
{
    const float u = kGeluK * (x + kGeluC * x * x * x);
    return 0.5f * x * (1.0f + tanhf(u));
}

__device__ __forceinline__ float geluGrad(float x)
{
    const float x2 = x * x;
    const float t = tanhf(kGeluK * (x + kGeluC * x2 * x));
    return 0.5f * (1.0f + t) + 0.5f * x * (1.0f - t * t) * kGeluK * (1.0f + 3.0f * kGeluC * x2);
}

__device__ __forceinline__ float activate(float x, int act) { return act == 0 ? gelu(x) : fmaxf(x, 0.0f); }
__device__ __forceinline__ float activateGrad(float x, int act)
{
    return act == 0 ? geluGrad(x) : (x > 0.0f ? 1.0f : 0.0f);
}

template <typename T> __global__ void fillRandomKernel(T* dst, std::uint64_t count, std::uint64_t seed, float scale)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(dst, i, hashUniform(seed, i) * scale);
}

template <typename T> __global__ void fillKernel(T* dst, std::uint64_t count, float value)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(dst, i, value);
}

template <typename T> __global__ void addBiasKernel(T* inout, const T* bias, std::uint64_t count, std::uint64_t cols)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(inout, i, load(inout, i) + load(bias, i % cols));
}

template <typename T> __global__ void activationKernel(T* out, const T* in, std::uint64_t count, int act)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(out, i, activate(load(in, i), act));
}

template <typename T> __global__ void activationBackwardKernel(T* grad, const T* preact, std::uint64_t count, int act)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(grad, i, load(grad, i) * activateGrad(load(preact, i), act));
}

// One thread per column: neighbouring threads read neighbouring addresses, the sum is float32.
template <typename T> __global__ void columnSumsKernel(T* out, const T* in, std::uint64_t rows, std::uint64_t cols)
{
    for (std::uint64_t c = firstIndex(); c < cols; c += gridStride()) {
        float sum = 0.0f;
        for (std::uint64_t r = 0; r < rows; ++r)
            sum += load(in, r * cols + c);
        store(out, c, sum);
    }
}

// grad = 2 (pred - target) / count; loss += block's sum of (pred - target)^2 / count (loss zeroed before).
template <typename T>
__global__ void mseLossKernel(float* loss, T* grad, const T* pred, const T* target, std::uint64_t count, float invCount)
{
    __shared__ float partial[kThreads];
    float sum = 0.0f;
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const float d = load(pred, i) - load(target, i);
        sum += d * d;
        store(grad, i, 2.0f * d * invCount);
    }
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (int half = kThreads / 2; half > 0; half /= 2) {
        if (static_cast<int>(threadIdx.x) < half)
            partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(loss, partial[0] * invCount);
}

// AdamW (decoupled weight decay, as torch.optim.AdamW): p -= lr·wd·p; m, v updated; p -= lr·m̂/(√v̂ + eps).
// correction1/2 = 1 - beta^step, computed on the host.
template <typename T>
__global__ void adamKernel(T* param, const T* grad, float* m, float* v, std::uint64_t count, float lr, float beta1,
    float beta2, float eps, float weightDecay, float correction1, float correction2)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        float p = load(param, i);
        const float g = load(grad, i);
        p -= lr * weightDecay * p;
        const float mi = beta1 * m[i] + (1.0f - beta1) * g;
        const float vi = beta2 * v[i] + (1.0f - beta2) * g * g;
        m[i] = mi;
        v[i] = vi;
        p -= lr * (mi / correction1) / (sqrtf(vi / correction2) + eps);
        store(param, i, p);
    }
}

// The portable GEMM (HIP has no BLAS in Debian): C[m,n] = op(A) op(B) (+ C), row-major, float32 accumulation,
// one kTile × kTile output tile per block, operands staged through shared memory tile by tile along k.
template <typename T>
__global__ void gemmTiledKernel(bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k, const T* a,
    const T* b, T* c, bool accumulate)
{
    __shared__ float tileA[kTile][kTile + 1];
    __shared__ float tileB[kTile][kTile + 1];
    const int tx = static_cast<int>(threadIdx.x);
    const int ty = static_cast<int>(threadIdx.y);
    const std::int64_t row = static_cast<std::int64_t>(blockIdx.y) * kTile + ty;
    const std::int64_t col = static_cast<std::int64_t>(blockIdx.x) * kTile + tx;
    float acc = 0.0f;
    for (std::int64_t k0 = 0; k0 < k; k0 += kTile) {
        const std::int64_t ka = k0 + tx; // tileA[ty][tx] = op(A)[row, ka]
        tileA[ty][tx]
            = (row < m && ka < k) ? load(a, static_cast<std::uint64_t>(transA ? ka * m + row : row * k + ka)) : 0.0f;
        const std::int64_t kb = k0 + ty; // tileB[ty][tx] = op(B)[kb, col]
        tileB[ty][tx]
            = (kb < k && col < n) ? load(b, static_cast<std::uint64_t>(transB ? col * k + kb : kb * n + col)) : 0.0f;
        __syncthreads();
        for (int i = 0; i < kTile; ++i)
            acc += tileA[ty][i] * tileB[i][tx];
        __syncthreads();
    }
    if (row < m && col < n) {
        const auto idx = static_cast<std::uint64_t>(row * n + col);
        if (accumulate)
            acc += load(c, idx);
        store(c, idx, acc);
    }
}

// ---- host side ---------------------------------------------------------------------------------------------

inline unsigned int blocksFor(std::uint64_t count)
{
    const std::uint64_t blocks = (count + kThreads - 1) / kThreads;
    return static_cast<unsigned int>(std::clamp<std::uint64_t>(blocks, 1, kMaxBlocks));
}

// Calls f with a null pointer of the storage type of dtype: f(static_cast<float*>(nullptr)) and so on.
template <typename F> Error withStorageType(device::DType dtype, F&& f)
{
    switch (dtype) {
    case device::DType::Float32:
        return f(static_cast<float*>(nullptr));
    case device::DType::Float16:
        return f(static_cast<__half*>(nullptr));
    case device::DType::BFloat16:
        return f(static_cast<Bf16*>(nullptr));
    }
    return GPURT(ErrorInvalidValue);
}

#define ITERAGPU_STORAGE(tag) std::remove_pointer_t<decltype(tag)>

inline Error fillRandom(Stream s, void* dst, std::uint64_t count, device::DType dtype, std::uint64_t seed, float scale)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(fillRandomKernel<T>, blocksFor(count), kThreads, s)(static_cast<T*>(dst), count, seed, scale);
        return GPURT(GetLastError)();
    });
}

inline Error fill(Stream s, void* dst, std::uint64_t count, device::DType dtype, float value)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(fillKernel<T>, blocksFor(count), kThreads, s)(static_cast<T*>(dst), count, value);
        return GPURT(GetLastError)();
    });
}

inline Error addBias(
    Stream s, void* inout, const void* bias, std::uint64_t rows, std::uint64_t cols, device::DType dtype)
{
    const std::uint64_t count = rows * cols; // the caller checked for overflow
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(addBiasKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(inout), static_cast<const T*>(bias), count, cols);
        return GPURT(GetLastError)();
    });
}

inline Error activation(
    Stream s, void* out, const void* in, std::uint64_t count, device::Activation act, device::DType dtype)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(activationKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), count, static_cast<int>(act));
        return GPURT(GetLastError)();
    });
}

inline Error activationBackward(
    Stream s, void* grad, const void* preact, std::uint64_t count, device::Activation act, device::DType dtype)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(activationBackwardKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(grad), static_cast<const T*>(preact), count, static_cast<int>(act));
        return GPURT(GetLastError)();
    });
}

inline Error columnSums(
    Stream s, void* out, const void* in, std::uint64_t rows, std::uint64_t cols, device::DType dtype)
{
    if (cols == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(columnSumsKernel<T>, blocksFor(cols), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), rows, cols);
        return GPURT(GetLastError)();
    });
}

inline Error mseLoss(
    Stream s, void* lossF32, void* grad, const void* pred, const void* target, std::uint64_t count, device::DType dtype)
{
    const Error zeroed = GPURT(MemsetAsync)(lossF32, 0, sizeof(float), s);
    if (zeroed != kSuccess || count == 0)
        return zeroed;
    const float invCount = static_cast<float>(1.0 / static_cast<double>(count));
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(mseLossKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<float*>(lossF32), static_cast<T*>(grad), static_cast<const T*>(pred),
            static_cast<const T*>(target), count, invCount);
        return GPURT(GetLastError)();
    });
}

inline Error adamStep(Stream s, void* param, const void* grad, void* m, void* v, std::uint64_t count,
    device::DType dtype, std::int64_t step, float lr, float beta1, float beta2, float eps, float weightDecay)
{
    if (count == 0)
        return kSuccess;
    const auto correction1 = static_cast<float>(1.0 - std::pow(static_cast<double>(beta1), static_cast<double>(step)));
    const auto correction2 = static_cast<float>(1.0 - std::pow(static_cast<double>(beta2), static_cast<double>(step)));
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(adamKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(param), static_cast<const T*>(grad), static_cast<float*>(m), static_cast<float*>(v), count, lr,
            beta1, beta2, eps, weightDecay, correction1, correction2);
        return GPURT(GetLastError)();
    });
}

inline constexpr std::int64_t kMaxGridY = 65535; // blocks along y, both runtimes

inline Error gemmPortable(Stream s, bool transA, bool transB, std::int64_t m, std::int64_t n, std::int64_t k,
    const void* a, const void* b, void* c, device::DType dtype, bool accumulate)
{
    if (m == 0 || n == 0)
        return kSuccess;
    const std::int64_t blocksY = (m + kTile - 1) / kTile;
    const std::int64_t blocksX = (n + kTile - 1) / kTile;
    if (blocksY > kMaxGridY || blocksX > 0x7fffffff)
        return GPURT(ErrorInvalidConfiguration);
    const dim3 grid(static_cast<unsigned int>(blocksX), static_cast<unsigned int>(blocksY));
    const dim3 block(kTile, kTile);
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(gemmTiledKernel<T>, grid, block, s)
        (transA, transB, m, n, k, static_cast<const T*>(a), static_cast<const T*>(b), static_cast<T*>(c), accumulate);
        return GPURT(GetLastError)();
    });
}

#undef ITERAGPU_STORAGE

} // namespace iteragpu::gpu::kernels
