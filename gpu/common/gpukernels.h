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
__device__ __forceinline__ std::uint64_t hashBits(std::uint64_t seed, std::uint64_t i)
{
    std::uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

__device__ __forceinline__ float hashUniform(std::uint64_t seed, std::uint64_t i)
{
    return static_cast<float>(hashBits(seed, i) >> 40) * (2.0f / 16777216.0f) - 1.0f;
}

// A token id in [0, vocab) from the same hash: the top 32 bits scaled by vocab (multiply-shift, vocab < 2^31).
__device__ __forceinline__ int hashToken(std::uint64_t seed, std::uint64_t i, std::uint64_t vocab)
{
    return static_cast<int>(((hashBits(seed, i) >> 32) * vocab) >> 32);
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

// SiLU (swish): x · sigmoid(x), as torch.nn.functional.silu.
__device__ __forceinline__ float silu(float x) { return x / (1.0f + expf(-x)); }

__device__ __forceinline__ float siluGrad(float x)
{
    const float s = 1.0f / (1.0f + expf(-x));
    return s * (1.0f + x * (1.0f - s));
}

// act is device::Activation as an int: 0 GELU (tanh), 1 ReLU, 2 SiLU; the context rejects any other value.
__device__ __forceinline__ float activate(float x, int act)
{
    return act == 0 ? gelu(x) : act == 2 ? silu(x) : fmaxf(x, 0.0f);
}
__device__ __forceinline__ float activateGrad(float x, int act)
{
    return act == 0 ? geluGrad(x) : act == 2 ? siluGrad(x) : (x > 0.0f ? 1.0f : 0.0f);
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

// The parameter's and the moments' storage types of an AdamW step as one template argument (a comma would split
// ITERAGPU_LAUNCH's argument).
template <typename P, typename S> struct AdamTypes {
    using Param = P;
    using State = S;
};

// AdamW (decoupled weight decay, as torch.optim.AdamW): p -= lr·wd·p; m, v updated; p -= lr·m̂/(√v̂ + eps). The
// moments are stored in Types::State (float32 for adamStep), the update uses them before that rounding.
// correction1/2 = 1 - beta^step, computed on the host.
template <typename Types>
__global__ void adamKernel(typename Types::Param* param, const typename Types::Param* grad, typename Types::State* m,
    typename Types::State* v, std::uint64_t count, float lr, float beta1, float beta2, float eps, float weightDecay,
    float correction1, float correction2)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        float p = load(param, i);
        const float g = load(grad, i);
        p -= lr * weightDecay * p;
        const float mi = beta1 * load(m, i) + (1.0f - beta1) * g;
        const float vi = beta2 * load(v, i) + (1.0f - beta2) * g * g;
        store(m, i, mi);
        store(v, i, vi);
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

// ---- the decoder's kernels (ABI 2) -------------------------------------------------------------------------

inline constexpr int kRowThreads = 256; // threads per block of the row reductions (RMSNorm, softmax, argmax)
inline constexpr int kMaxHeadDim = 256; // the fused attention keeps one query row per head in shared memory
inline constexpr int kAttnRows = 8; // query rows per block of the fused attention
inline constexpr int kAttnKeys = 16; // keys per tile of the fused attention
inline constexpr int kAttnThreads = kAttnRows * kAttnKeys; // one thread per (row, key) of a tile
inline constexpr int kAttnDimsPerThread = kMaxHeadDim / kAttnKeys; // output accumulators per thread
inline constexpr std::uint64_t kNestedBlock = 256; // absmax values per nested scale (double quantization)

__device__ __forceinline__ float negativeInfinity() { return __uint_as_float(0xff800000u); }

// Sum and maximum over the kRowThreads threads of a block; every thread gets the result. scratch is
// kRowThreads floats of shared memory, free again when the call returns.
__device__ __forceinline__ float blockSum(float v, float* scratch)
{
    const int tid = static_cast<int>(threadIdx.x);
    scratch[tid] = v;
    __syncthreads();
    for (int half = kRowThreads / 2; half > 0; half /= 2) {
        if (tid < half)
            scratch[tid] += scratch[tid + half];
        __syncthreads();
    }
    const float total = scratch[0];
    __syncthreads();
    return total;
}

__device__ __forceinline__ float blockMax(float v, float* scratch)
{
    const int tid = static_cast<int>(threadIdx.x);
    scratch[tid] = v;
    __syncthreads();
    for (int half = kRowThreads / 2; half > 0; half /= 2) {
        if (tid < half)
            scratch[tid] = fmaxf(scratch[tid], scratch[tid + half]);
        __syncthreads();
    }
    const float total = scratch[0];
    __syncthreads();
    return total;
}

// Where the K or V rows of a KvLayout live on the device: the contiguous buffer, or the block table.
struct KvRows {
    void* data = nullptr; // contiguous [batch, capacity, heads, headDim]; null when paged
    const std::uint64_t* table = nullptr; // paged: batch x tableWidth block addresses; null when contiguous
    std::int64_t heads = 0;
    std::int64_t headDim = 0;
    std::int64_t capacity = 0;
    std::int64_t base = 0;
    std::int64_t tableWidth = 0;
    std::int64_t blockSize = 0;
};

// The [heads, headDim] row of position p (p >= 0) of sequence b, as backend.h's KvLayout says; nullptr for a
// paged block the table does not hold (address 0), which reads as zeros and is never written. The contiguous
// ring uses the non-negative remainder, so a position before base still lands inside the buffer.
template <typename T> __device__ __forceinline__ T* kvRow(const KvRows& kv, std::int64_t b, std::int64_t p)
{
    const std::int64_t rowElements = kv.heads * kv.headDim;
    if (kv.table) {
        const std::uint64_t block = kv.table[b * kv.tableWidth + (p / kv.blockSize) % kv.tableWidth];
        if (block == 0)
            return nullptr;
        return reinterpret_cast<T*>(static_cast<std::uintptr_t>(block)) + (p % kv.blockSize) * rowElements;
    }
    std::int64_t row = (p - kv.base) % kv.capacity;
    if (row < 0)
        row += kv.capacity;
    return static_cast<T*>(kv.data) + (b * kv.capacity + row) * rowElements;
}

// AttentionShape::valueDim() on the device (backend.h is host code): the values' width per head.
__device__ __forceinline__ std::int64_t valueWidth(const device::AttentionShape& s)
{
    return s.valueHeadDim > 0 ? s.valueHeadDim : s.headDim;
}

// Key position p is visible to query position t (backend.h's AttentionShape): p <= t and, with a window, t - p < w.
__device__ __forceinline__ bool visible(std::int64_t t, std::int64_t p, std::int64_t window)
{
    return p <= t && (window <= 0 || t - p < window);
}

__global__ void fillTokensKernel(int* ids, std::uint64_t count, std::uint64_t vocab, std::uint64_t seed)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        ids[i] = hashToken(seed, i, vocab);
}

// An id outside [0, vocab) gives a row of zeros: a kernel cannot report it, and it must not read outside the table.
template <typename T>
__global__ void embeddingKernel(
    T* out, const T* table, const int* ids, std::uint64_t count, std::uint64_t hidden, std::int64_t vocab, float scale)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const int id = ids[i / hidden];
        const float v = (id >= 0 && id < vocab)
            ? load(table, static_cast<std::uint64_t>(id) * hidden + i % hidden) * scale
            : 0.0f;
        store(out, i, v);
    }
}

// One block per row (grid-stride over rows): the mean square in float32, then every element scaled. out may be in:
// all reads of a row end at the reduction's barrier, before its first write.
template <typename T>
__global__ void rmsNormKernel(
    T* out, const T* in, const T* weight, std::uint64_t rows, std::uint64_t cols, float eps, float weightOffset)
{
    __shared__ float scratch[kRowThreads];
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        const std::uint64_t row = r * cols;
        float sum = 0.0f;
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x) {
            const float x = load(in, row + c);
            sum += x * x;
        }
        const float inv = 1.0f / sqrtf(blockSum(sum, scratch) / static_cast<float>(cols) + eps);
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
            store(out, row + c, load(in, row + c) * inv * (load(weight, c) + weightOffset));
    }
}

// One thread per pair (d, d + half) of a [batch, seq, heads, headDim] row; inverse frequency 1 / theta^(2d / headDim)
// in float32, as Hugging Face's rotary embedding computes it.
// direction -1 rotates by the opposite angle: the inverse rotation, which is also its transpose (the backward).
template <typename T>
__global__ void ropeKernel(T* x, std::uint64_t pairs, std::uint64_t half, std::uint64_t heads, std::uint64_t seq,
    std::int64_t positionStart, float theta, float direction)
{
    const float headDim = static_cast<float>(2 * half);
    for (std::uint64_t i = firstIndex(); i < pairs; i += gridStride()) {
        const std::uint64_t d = i % half;
        const std::uint64_t row = i / half; // row of [batch, seq, heads]
        const std::int64_t position = positionStart + static_cast<std::int64_t>(row / heads % seq);
        const float invFreq = 1.0f / powf(theta, static_cast<float>(2 * d) / headDim);
        const float angle = static_cast<float>(position) * invFreq;
        const float c = cosf(angle);
        const float s = direction * sinf(angle);
        const std::uint64_t first = row * 2 * half + d;
        const float x1 = load(x, first);
        const float x2 = load(x, first + half);
        store(x, first, x1 * c - x2 * s);
        store(x, first + half, x2 * c + x1 * s);
    }
}

template <typename T>
__global__ void gatedActivationKernel(T* out, const T* gate, const T* up, std::uint64_t count, int act)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(out, i, activate(load(gate, i), act) * load(up, i));
}

template <typename T> __global__ void addKernel(T* inout, const T* other, std::uint64_t count)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(inout, i, load(inout, i) + load(other, i));
}

template <typename T>
__global__ void sliceTokensKernel(
    T* out, const T* in, std::uint64_t count, std::uint64_t seq, std::uint64_t hidden, std::uint64_t index)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const std::uint64_t b = i / hidden;
        store(out, i, load(in, (b * seq + index) * hidden + i % hidden));
    }
}

// One thread per element of the copied rows; count = batch x positions x heads x headDim.
template <typename T>
__global__ void copyKvKernel(
    KvRows dst, KvRows src, std::uint64_t count, std::int64_t positionStart, std::int64_t positions)
{
    const auto rowElements = static_cast<std::uint64_t>(dst.heads * dst.headDim);
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const std::uint64_t row = i / rowElements;
        const auto b = static_cast<std::int64_t>(row / static_cast<std::uint64_t>(positions));
        const std::int64_t p = positionStart + static_cast<std::int64_t>(row % static_cast<std::uint64_t>(positions));
        T* to = kvRow<T>(dst, b, p);
        const T* from = kvRow<T>(src, b, p);
        if (to)
            store(to, i % rowElements, from ? load(from, i % rowElements) : 0.0f);
    }
}

// One thread per copied element; count = rows x cols (backend.h's copyRows).
template <typename T>
__global__ void copyRowsKernel(T* dst, std::uint64_t dstStride, const T* src, std::uint64_t srcStride,
    std::uint64_t count, std::uint64_t cols, std::uint64_t srcRepeat)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const std::uint64_t r = i / cols;
        const std::uint64_t c = i % cols;
        store(dst, r * dstStride + c, load(src, (r / srcRepeat) * srcStride + c));
    }
}

// Note [Attention rows]: the query rows that share one KV head (the heads / kvHeads query heads of a group, each
// with its queries) are numbered r = g · queries + i, g the head within the group and i the query; a block of the
// fused attention takes kAttnRows consecutive rows, so a decode step (one query) still fills a block with the
// heads of a group, and K/V tiles are read once for all of them. A query that sees no key gets zeros (a masked
// row has no softmax; PyTorch would give NaN).
//
// Fused attention: per block, kAttnRows rows and the keys visible to any of them in tiles of kAttnKeys, an online
// softmax in float32 (running maximum and sum per row, the accumulators rescaled when the maximum grows). Nothing
// of size queries x keys is ever stored. Thread (row, lane) scores key `lane` of the tile for its row, then
// accumulates dimensions lane, lane + kAttnKeys, ... of its row's output. With lse (training's attentionForward),
// each row's log-sum-exp of its scaled scores goes to lse[b, h, i] too: max + log(sum), -inf for a row that sees
// no key.
// The key positions a block of query rows can see: from the first row's window start (or keyStart) to the last
// row's position (at most lastKey). rowPosition[r] < 0 marks a row the block does not hold; tMax < 0: none.
struct VisibleKeys {
    std::int64_t tMax = -1;
    std::int64_t lo = 0;
    std::int64_t hi = -1;
};
__device__ __forceinline__ VisibleKeys visibleKeys(
    const std::int64_t* rowPosition, int rows, const device::AttentionShape& s, std::int64_t lastKey)
{
    std::int64_t tMin = -1;
    std::int64_t tMax = -1;
    for (int r = 0; r < rows; ++r) {
        const std::int64_t t = rowPosition[r];
        if (t < 0)
            continue;
        tMin = tMin < 0 ? t : (t < tMin ? t : tMin);
        tMax = t > tMax ? t : tMax;
    }
    VisibleKeys v;
    v.tMax = tMax;
    v.hi = tMax < lastKey ? tMax : lastKey;
    v.lo = s.keyStart;
    if (s.window > 0 && tMin - s.window + 1 > v.lo)
        v.lo = tMin - s.window + 1;
    return v;
}

template <typename T>
__global__ void attentionKernel(T* out, float* lse, const T* q, KvRows keys, KvRows values, device::AttentionShape s)
{
    __shared__ float qs[kAttnRows][kMaxHeadDim];
    __shared__ float kv[kAttnKeys][kMaxHeadDim + 1]; // + 1: the lanes of a row read different banks
    __shared__ float ps[kAttnRows][kAttnKeys];
    __shared__ float rowMax[kAttnRows];
    __shared__ float rowSum[kAttnRows];
    __shared__ float rowScale[kAttnRows];
    __shared__ std::int64_t rowPosition[kAttnRows]; // query position, -1 for a row past the last

    const int tid = static_cast<int>(threadIdx.x);
    const int row = tid / kAttnKeys;
    const int lane = tid % kAttnKeys;
    const std::int64_t dim = s.headDim;
    const std::int64_t valueDim = valueWidth(s); // the values' and the output's width per head
    const std::int64_t group = s.heads / s.kvHeads;
    const std::int64_t rowsPerKv = group * s.queries;
    const std::int64_t tilesPerKv = (rowsPerKv + kAttnRows - 1) / kAttnRows;
    const std::int64_t items = s.batch * s.kvHeads * tilesPerKv;
    const std::int64_t lastKey = s.keyStart + s.keys - 1;

    for (std::int64_t item = blockIdx.x; item < items; item += gridDim.x) {
        const std::int64_t firstRow = item % tilesPerKv * kAttnRows;
        const std::int64_t kvHead = item / tilesPerKv % s.kvHeads;
        const std::int64_t b = item / tilesPerKv / s.kvHeads;
        // q[b, i, h, :] of row r, with the scale folded in.
        for (std::int64_t e = tid; e < kAttnRows * dim; e += kAttnThreads) {
            const std::int64_t r = firstRow + e / dim;
            float v = 0.0f;
            if (r < rowsPerKv) {
                const std::int64_t h = kvHead * group + r / s.queries;
                const std::int64_t i = r % s.queries;
                v = load(q, static_cast<std::uint64_t>(((b * s.queries + i) * s.heads + h) * dim + e % dim)) * s.scale;
            }
            qs[e / dim][e % dim] = v;
        }
        if (tid < kAttnRows) {
            const std::int64_t r = firstRow + tid;
            rowPosition[tid] = r < rowsPerKv ? s.queryStart + r % s.queries : -1;
            rowMax[tid] = negativeInfinity();
            rowSum[tid] = 0.0f;
        }
        float acc[kAttnDimsPerThread];
        for (int k = 0; k < kAttnDimsPerThread; ++k)
            acc[k] = 0.0f;
        __syncthreads();

        // The key positions any row of the block can see.
        const VisibleKeys seen = visibleKeys(rowPosition, kAttnRows, s, lastKey);
        const std::int64_t tMax = seen.tMax, lo = seen.lo, hi = seen.hi;

        for (std::int64_t p0 = lo; tMax >= 0 && p0 <= hi; p0 += kAttnKeys) {
            for (std::int64_t e = tid; e < kAttnKeys * dim; e += kAttnThreads) {
                const std::int64_t p = p0 + e / dim;
                const T* rowK = p <= hi ? kvRow<const T>(keys, b, p) : nullptr;
                kv[e / dim][e % dim] = rowK ? load(rowK, static_cast<std::uint64_t>(kvHead * dim + e % dim)) : 0.0f;
            }
            __syncthreads();
            {
                const std::int64_t t = rowPosition[row];
                const std::int64_t p = p0 + lane;
                float score = negativeInfinity();
                if (t >= 0 && p <= hi && visible(t, p, s.window)) {
                    score = 0.0f;
                    for (std::int64_t d = 0; d < dim; ++d)
                        score += qs[row][d] * kv[lane][d];
                }
                ps[row][lane] = score;
            }
            __syncthreads();
            if (lane == 0) {
                const float previous = rowMax[row];
                float m = previous;
                for (int j = 0; j < kAttnKeys; ++j)
                    m = fmaxf(m, ps[row][j]);
                if (m == negativeInfinity()) { // nothing visible to this row yet
                    rowScale[row] = 1.0f;
                    for (int j = 0; j < kAttnKeys; ++j)
                        ps[row][j] = 0.0f;
                } else {
                    float sum = 0.0f;
                    for (int j = 0; j < kAttnKeys; ++j) {
                        const float e = expf(ps[row][j] - m);
                        ps[row][j] = e;
                        sum += e;
                    }
                    const float alpha = expf(previous - m); // 0 while the row had no key
                    rowSum[row] = rowSum[row] * alpha + sum;
                    rowMax[row] = m;
                    rowScale[row] = alpha;
                }
            }
            __syncthreads();
            for (std::int64_t e = tid; e < kAttnKeys * valueDim; e += kAttnThreads) {
                const std::int64_t p = p0 + e / valueDim;
                const T* rowV = p <= hi ? kvRow<const T>(values, b, p) : nullptr;
                kv[e / valueDim][e % valueDim]
                    = rowV ? load(rowV, static_cast<std::uint64_t>(kvHead * valueDim + e % valueDim)) : 0.0f;
            }
            __syncthreads();
            const float alpha = rowScale[row];
            for (int k = 0; k < kAttnDimsPerThread; ++k) {
                const std::int64_t d = lane + static_cast<std::int64_t>(k) * kAttnKeys;
                if (d >= valueDim)
                    break;
                float a = acc[k] * alpha;
                for (int j = 0; j < kAttnKeys; ++j)
                    a += ps[row][j] * kv[j][d];
                acc[k] = a;
            }
            __syncthreads();
        }

        const std::int64_t r = firstRow + row;
        if (r < rowsPerKv) {
            const std::int64_t h = kvHead * group + r / s.queries;
            const std::int64_t i = r % s.queries;
            const float l = rowSum[row];
            const float inv = l > 0.0f ? 1.0f / l : 0.0f;
            const std::int64_t first = ((b * s.queries + i) * s.heads + h) * valueDim;
            for (int k = 0; k < kAttnDimsPerThread; ++k) {
                const std::int64_t d = lane + static_cast<std::int64_t>(k) * kAttnKeys;
                if (d >= valueDim)
                    break;
                store(out, static_cast<std::uint64_t>(first + d), acc[k] * inv);
            }
            if (lse && lane == 0)
                lse[(b * s.heads + h) * s.queries + i] = l > 0.0f ? rowMax[row] + logf(l) : negativeInfinity();
        }
        __syncthreads(); // qs and the row state are rewritten by the next item
    }
}

// Eager scores [batch, heads, queries, keys] = scale · q kᵀ, masked entries -inf: the portable GEMM's tiling with
// the head dimension as the inner dimension. Item = (batch · head, query tile, key tile), kTile x kTile threads.
template <typename T>
__global__ void attentionScoresKernel(T* scores, const T* q, KvRows keys, device::AttentionShape s)
{
    __shared__ float tileQ[kTile][kTile + 1];
    __shared__ float tileK[kTile][kTile + 1];
    const int tx = static_cast<int>(threadIdx.x);
    const int ty = static_cast<int>(threadIdx.y);
    const std::int64_t queryTiles = (s.queries + kTile - 1) / kTile;
    const std::int64_t keyTiles = (s.keys + kTile - 1) / kTile;
    const std::int64_t items = s.batch * s.heads * queryTiles * keyTiles;
    const std::int64_t group = s.heads / s.kvHeads;
    for (std::int64_t item = blockIdx.x; item < items; item += gridDim.x) {
        const std::int64_t keyTile = item % keyTiles;
        const std::int64_t queryTile = item / keyTiles % queryTiles;
        const std::int64_t bh = item / keyTiles / queryTiles;
        const std::int64_t b = bh / s.heads;
        const std::int64_t h = bh % s.heads;
        const std::int64_t qi = queryTile * kTile + ty; // query of this thread's row of tileQ and of its score
        const std::int64_t kjLoad = keyTile * kTile + ty; // key of this thread's row of tileK
        const std::int64_t kj = keyTile * kTile + tx; // key of this thread's score
        const T* rowK = kjLoad < s.keys ? kvRow<const T>(keys, b, s.keyStart + kjLoad) : nullptr;
        float acc = 0.0f;
        for (std::int64_t d0 = 0; d0 < s.headDim; d0 += kTile) {
            const std::int64_t d = d0 + tx;
            tileQ[ty][tx] = (qi < s.queries && d < s.headDim)
                ? load(q, static_cast<std::uint64_t>(((b * s.queries + qi) * s.heads + h) * s.headDim + d))
                : 0.0f;
            tileK[ty][tx]
                = (rowK && d < s.headDim) ? load(rowK, static_cast<std::uint64_t>((h / group) * s.headDim + d)) : 0.0f;
            __syncthreads();
            for (int i = 0; i < kTile; ++i)
                acc += tileQ[ty][i] * tileK[tx][i];
            __syncthreads();
        }
        if (qi < s.queries && kj < s.keys) {
            const bool seen = visible(s.queryStart + qi, s.keyStart + kj, s.window);
            store(scores, static_cast<std::uint64_t>((bh * s.queries + qi) * s.keys + kj),
                seen ? acc * s.scale : negativeInfinity());
        }
    }
}

// Eager output [batch, queries, heads, headDim] = outScale · probs · V. Item = (batch · head, query tile, dimension
// tile). The eager backward's dQ = scale · dS · K is the same product.
template <typename T>
__global__ void attentionValuesKernel(T* out, const T* probs, KvRows values, device::AttentionShape s, float outScale)
{
    __shared__ float tileP[kTile][kTile + 1];
    __shared__ float tileV[kTile][kTile + 1];
    const int tx = static_cast<int>(threadIdx.x);
    const int ty = static_cast<int>(threadIdx.y);
    const std::int64_t dim = valueWidth(s); // of V and of the output
    const std::int64_t queryTiles = (s.queries + kTile - 1) / kTile;
    const std::int64_t dimTiles = (dim + kTile - 1) / kTile;
    const std::int64_t items = s.batch * s.heads * queryTiles * dimTiles;
    const std::int64_t group = s.heads / s.kvHeads;
    for (std::int64_t item = blockIdx.x; item < items; item += gridDim.x) {
        const std::int64_t dimTile = item % dimTiles;
        const std::int64_t queryTile = item / dimTiles % queryTiles;
        const std::int64_t bh = item / dimTiles / queryTiles;
        const std::int64_t b = bh / s.heads;
        const std::int64_t h = bh % s.heads;
        const std::int64_t qi = queryTile * kTile + ty;
        const std::int64_t d = dimTile * kTile + tx;
        float acc = 0.0f;
        for (std::int64_t j0 = 0; j0 < s.keys; j0 += kTile) {
            const std::int64_t jp = j0 + tx; // key of this thread's tileP entry
            tileP[ty][tx] = (qi < s.queries && jp < s.keys)
                ? load(probs, static_cast<std::uint64_t>((bh * s.queries + qi) * s.keys + jp))
                : 0.0f;
            const std::int64_t jv = j0 + ty; // key of this thread's tileV row
            const T* rowV = jv < s.keys ? kvRow<const T>(values, b, s.keyStart + jv) : nullptr;
            tileV[ty][tx] = (rowV && d < dim) ? load(rowV, static_cast<std::uint64_t>((h / group) * dim + d)) : 0.0f;
            __syncthreads();
            for (int i = 0; i < kTile; ++i)
                acc += tileP[ty][i] * tileV[i][tx];
            __syncthreads();
        }
        if (qi < s.queries && d < dim)
            store(out, static_cast<std::uint64_t>(((b * s.queries + qi) * s.heads + h) * dim + d), acc * outScale);
    }
}

// One block per row: float32 softmax; a row that is -inf everywhere (fully masked) becomes zeros, not NaN.
template <typename T> __global__ void softmaxRowsKernel(float* out, const T* in, std::uint64_t rows, std::uint64_t cols)
{
    __shared__ float scratch[kRowThreads];
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        const std::uint64_t row = r * cols;
        float m = negativeInfinity();
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, load(in, row + c));
        m = blockMax(m, scratch);
        float sum = 0.0f;
        if (m != negativeInfinity())
            for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
                sum += expf(load(in, row + c) - m);
        const float total = blockSum(sum, scratch);
        const float inv = total > 0.0f ? 1.0f / total : 0.0f;
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
            out[row + c] = m != negativeInfinity() ? expf(load(in, row + c) - m) * inv : 0.0f;
    }
}

// The two storage types of a conversion as one template argument: a comma would split ITERAGPU_LAUNCH's argument.
template <typename O, typename I> struct ConvertTypes {
    using Out = O;
    using In = I;
};

template <typename Types>
__global__ void convertKernel(typename Types::Out* out, const typename Types::In* in, std::uint64_t count)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(out, i, load(in, i));
}

// One thread per token. The top k by (logit descending, index ascending), found k times by a scan for the best
// entry ranked after the previous pick, so no per-thread list is needed; the weights are the picks' softmax
// probabilities renormalised over the picks (the full softmax's denominator cancels). NaN logits are never
// picked; if fewer than k remain, the rest are index -1 with weight 0.
template <typename T>
__global__ void routerTopKKernel(
    int* indices, float* weights, const T* logits, std::uint64_t tokens, std::uint64_t experts, std::uint64_t k)
{
    for (std::uint64_t t = firstIndex(); t < tokens; t += gridStride()) {
        const std::uint64_t row = t * experts;
        float m = negativeInfinity();
        for (std::uint64_t e = 0; e < experts; ++e)
            m = fmaxf(m, load(logits, row + e));
        float previous = __uint_as_float(0x7f800000u); // +inf: every value ranks after it
        std::int64_t previousIndex = -1;
        float sum = 0.0f;
        for (std::uint64_t slot = 0; slot < k; ++slot) {
            std::int64_t best = -1;
            float bestValue = 0.0f;
            for (std::uint64_t e = 0; e < experts; ++e) {
                const float v = load(logits, row + e);
                const auto index = static_cast<std::int64_t>(e);
                const bool after = v < previous || (v == previous && index > previousIndex);
                if (after && (best < 0 || v > bestValue)) {
                    best = index;
                    bestValue = v;
                }
            }
            const float w = best < 0 ? 0.0f : expf(bestValue - m);
            indices[t * k + slot] = static_cast<int>(best);
            weights[t * k + slot] = w;
            sum += w;
            if (best >= 0) {
                previous = bestValue;
                previousIndex = best;
            }
        }
        const float inv = sum > 0.0f ? 1.0f / sum : 0.0f;
        for (std::uint64_t slot = 0; slot < k; ++slot)
            weights[t * k + slot] *= inv;
    }
}

// One thread per expert, each counting its picks over every token's top k in order: no atomics, so the counts
// are the same on every run (a MoE layer's loads are a few thousand entries; the scan reads them from cache).
__global__ void countRoutedKernel(int* counts, const int* indices, std::uint64_t picks, std::uint64_t experts)
{
    for (std::uint64_t e = firstIndex(); e < experts; e += gridStride()) {
        int count = 0;
        for (std::uint64_t i = 0; i < picks; ++i)
            count += indices[i] == static_cast<int>(e) ? 1 : 0;
        counts[e] = count;
    }
}

// One block: the tokens in chunks of kThreads, each chunk's flags ("token t picked expert") turned into write
// positions by a prefix sum in shared memory (Hillis-Steele), so the list comes out ascending. At most rows
// entries are written.
__global__ void routedTokensKernel(
    int* tokenIdx, const int* indices, std::uint64_t tokens, std::uint64_t k, int expert, std::uint64_t rows)
{
    __shared__ int scan[kThreads];
    std::uint64_t offset = 0;
    for (std::uint64_t base = 0; base < tokens; base += kThreads) {
        const std::uint64_t t = base + threadIdx.x;
        int flag = 0;
        if (t < tokens)
            for (std::uint64_t slot = 0; slot < k; ++slot)
                flag = indices[t * k + slot] == expert ? 1 : flag;
        scan[threadIdx.x] = flag;
        __syncthreads();
        for (int step = 1; step < kThreads; step *= 2) {
            const int add = static_cast<int>(threadIdx.x) >= step ? scan[threadIdx.x - step] : 0;
            __syncthreads();
            scan[threadIdx.x] += add;
            __syncthreads();
        }
        const std::uint64_t at = offset + static_cast<std::uint64_t>(scan[threadIdx.x] - flag);
        if (flag != 0 && at < rows)
            tokenIdx[at] = static_cast<int>(t);
        offset += static_cast<std::uint64_t>(scan[kThreads - 1]);
        __syncthreads(); // every thread has read the chunk's total before the next chunk overwrites it
    }
}

template <typename T>
__global__ void gatherRowsKernel(T* out, const T* in, const int* rowIdx, std::uint64_t count, std::uint64_t cols)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const auto row = static_cast<std::uint64_t>(rowIdx[i / cols]);
        store(out, i, load(in, row * cols + i % cols));
    }
}

// Element (r, c) of the expert's rows: its token's weight is the one at the slot where the token picked expert.
// The tokens of one expert are distinct, so no two threads write the same element.
template <typename T>
__global__ void addRoutedRowsKernel(T* out, const T* y, const int* tokenIdx, const int* indices, const float* weights,
    std::uint64_t count, std::uint64_t hidden, std::uint64_t k, int expert)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const auto t = static_cast<std::uint64_t>(tokenIdx[i / hidden]);
        float w = 0.0f;
        for (std::uint64_t slot = 0; slot < k; ++slot)
            if (indices[t * k + slot] == expert) {
                w = weights[t * k + slot];
                break;
            }
        const std::uint64_t o = t * hidden + i % hidden;
        store(out, o, load(out, o) + w * load(y, i));
    }
}

template <typename T>
__global__ void dequantizeInt8Kernel(
    T* out, const signed char* q, const float* scales, std::uint64_t count, std::uint64_t cols)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(out, i, static_cast<float>(q[i]) * scales[i / cols] / 127.0f);
}

// Element i: code in the low nibble of byte i / 2 when i is even, the high one when odd; absmax of block
// i / blockSize, itself decoded from its 8-bit code with double quantization.
template <typename T>
__global__ void dequantizeNf4Kernel(T* out, const unsigned char* packed, const void* absmax, const float* quantMap,
    const float* nestedScale, const float* nestedMap, const float* offset, std::uint64_t count, std::uint64_t blockSize)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const unsigned int byte = packed[i / 2];
        const unsigned int code = (i & 1u) ? (byte >> 4) : (byte & 0xfu);
        const std::uint64_t block = i / blockSize;
        const float scale = nestedMap
            ? nestedMap[static_cast<const unsigned char*>(absmax)[block]] * nestedScale[block / kNestedBlock]
                + offset[0]
            : static_cast<const float*>(absmax)[block];
        store(out, i, quantMap[code] * scale);
    }
}

// fp8 codes (backend.h's Fp8Tensor): e4m3 has no infinities, only 0x7f / 0xff are NaN (its largest value 0x7e is
// 448); e5m2 keeps IEEE's specials. Built from the bits, so every runtime agrees to the bit.
__device__ __forceinline__ float fp8Value(unsigned int code, bool e5m2)
{
    const unsigned int sign = (code & 0x80u) << 24;
    const unsigned int mantissaBits = e5m2 ? 2u : 3u;
    const unsigned int exponentMask = e5m2 ? 0x1fu : 0x0fu;
    const unsigned int bias = e5m2 ? 15u : 7u;
    const unsigned int e = (code >> mantissaBits) & exponentMask;
    const unsigned int m = code & ((1u << mantissaBits) - 1u);
    if (e5m2 && e == exponentMask)
        return __uint_as_float(sign | 0x7f800000u | (m << 21)); // infinity, or NaN when m != 0
    if (!e5m2 && e == exponentMask && m == 7u)
        return __uint_as_float(0x7fc00000u);
    if (e == 0) { // subnormal: m x 2^(1 - bias - mantissaBits)
        const float magnitude = static_cast<float>(m) * __uint_as_float((128u - bias - mantissaBits) << 23);
        return sign ? -magnitude : magnitude;
    }
    return __uint_as_float(sign | ((e + 127u - bias) << 23) | (m << (23u - mantissaBits)));
}

// An e8m0 scale: 2^(code - 127), 255 is NaN; code 0 is 2^-127, a float32 subnormal.
__device__ __forceinline__ float e8m0Value(unsigned int code)
{
    if (code == 255u)
        return __uint_as_float(0x7fc00000u);
    return code == 0u ? __uint_as_float(0x00400000u) : __uint_as_float(code << 23);
}

// e2m1 (OCP MX FP4): sign, 2 exponent bits, 1 mantissa bit.
__device__ __forceinline__ float e2m1Value(unsigned int code)
{
    const unsigned int magnitude = code & 7u;
    // 0, 0.5, 1, 1.5, 2, 3, 4, 6 in halves: 0 1 (subnormal), then (2 + mantissa) << (exponent - 1): 2 3 4 6 8 12
    const unsigned int halves = magnitude < 2u ? magnitude : (2u + (magnitude & 1u)) << ((magnitude >> 1) - 1u);
    const float v = static_cast<float>(halves) * 0.5f;
    return (code & 8u) ? -v : v;
}

template <typename T>
__global__ void dequantizeFp8Kernel(T* out, const unsigned char* codes, const float* scaleInv, std::uint64_t rows,
    std::uint64_t cols, std::uint64_t blockRows, std::uint64_t blockColumns, bool e5m2)
{
    const std::uint64_t count = rows * cols;
    const std::uint64_t scaleColumns = blockColumns > 0 ? (cols + blockColumns - 1) / blockColumns : 1;
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const std::uint64_t r = i / cols;
        const std::uint64_t c = i % cols;
        const float scale = blockRows > 0 ? scaleInv[(r / blockRows) * scaleColumns + c / blockColumns] : scaleInv[0];
        store(out, i, fp8Value(codes[i], e5m2) * scale);
    }
}

// AWQ's packing: column c of a word sits in nibble kAwqNibble[c % 8] (AutoAWQ packs the order 0 2 4 6 1 3 5 7).
__device__ __forceinline__ unsigned int awqNibble(std::uint64_t c)
{
    const unsigned int lane = static_cast<unsigned int>(c % 8);
    return (lane % 2) * 4 + lane / 2; // 0 4 1 5 2 6 3 7
}

// out [outRows, in], element (o, i): GPTQ's qweight [ceil(in / 8), out] or AWQ's [in, ceil(out / 8)] (backend.h's
// Int4Tensor). A g_idx beyond the groups is read as the last group, so no word is read out of range.
template <typename T>
__global__ void dequantizeInt4Kernel(T* out, const unsigned int* qweight, const unsigned int* qzeros,
    const __half* scales, const int* gIdx, std::uint64_t outRows, std::uint64_t in, std::uint64_t groupSize, bool awq)
{
    const std::uint64_t count = outRows * in;
    const std::uint64_t groups = (in + groupSize - 1) / groupSize;
    const std::uint64_t packedColumns = (outRows + 7) / 8;
    for (std::uint64_t idx = firstIndex(); idx < count; idx += gridStride()) {
        const std::uint64_t o = idx / in;
        const std::uint64_t i = idx % in;
        std::uint64_t g = i / groupSize;
        if (!awq) {
            const int stored = gIdx[i];
            g = stored < 0
                ? 0
                : (static_cast<std::uint64_t>(stored) < groups ? static_cast<std::uint64_t>(stored) : groups - 1);
        }
        const unsigned int codeShift = awq ? 4u * awqNibble(o) : 4u * static_cast<unsigned int>(i % 8);
        const unsigned int word = awq ? qweight[i * packedColumns + o / 8] : qweight[(i / 8) * outRows + o];
        const unsigned int zeroShift = awq ? 4u * awqNibble(o) : 4u * static_cast<unsigned int>(o % 8);
        const float code = static_cast<float>((word >> codeShift) & 0xfu);
        const float zero = static_cast<float>((qzeros[g * packedColumns + o / 8] >> zeroShift) & 0xfu);
        store(out, idx, (code - zero) * load(scales, g * outRows + o));
    }
}

// out [rows, cols]: gpt-oss's blocks [rows, ceil(cols / 32), 16] (value 2j of a block in the low nibble of byte j)
// and e8m0 scales [rows, ceil(cols / 32)].
template <typename T>
__global__ void dequantizeMxfp4Kernel(
    T* out, const unsigned char* blocks, const unsigned char* scales, std::uint64_t rows, std::uint64_t cols)
{
    const std::uint64_t count = rows * cols;
    const std::uint64_t perRow = (cols + 31) / 32;
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const std::uint64_t r = i / cols;
        const std::uint64_t c = i % cols;
        const std::uint64_t block = r * perRow + c / 32;
        const unsigned int byte = blocks[block * 16 + (c % 32) / 2];
        const unsigned int code = (c & 1u) ? (byte >> 4) : (byte & 0xfu);
        store(out, i, e2m1Value(code) * e8m0Value(scales[block]));
    }
}

// (a, ia) ranks before (b, ib): larger first, the lower index on ties; NaN ranks first, as torch.argmax has it.
__device__ __forceinline__ bool ranksBefore(float a, std::uint64_t ia, float b, std::uint64_t ib)
{
    const bool aNan = a != a;
    const bool bNan = b != b;
    if (aNan != bNan)
        return aNan;
    if (aNan)
        return ia < ib;
    return a > b || (a == b && ia < ib);
}

template <typename T> __global__ void argmaxRowsKernel(int* out, const T* in, std::uint64_t rows, std::uint64_t cols)
{
    __shared__ float bestValue[kRowThreads];
    __shared__ std::uint64_t bestIndex[kRowThreads];
    const int tid = static_cast<int>(threadIdx.x);
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        float value = negativeInfinity();
        std::uint64_t index = cols; // past the end: any element ranks before it
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x) {
            const float v = load(in, r * cols + c);
            if (ranksBefore(v, c, value, index)) {
                value = v;
                index = c;
            }
        }
        bestValue[tid] = value;
        bestIndex[tid] = index;
        __syncthreads();
        for (int half = kRowThreads / 2; half > 0; half /= 2) {
            if (tid < half
                && ranksBefore(bestValue[tid + half], bestIndex[tid + half], bestValue[tid], bestIndex[tid])) {
                bestValue[tid] = bestValue[tid + half];
                bestIndex[tid] = bestIndex[tid + half];
            }
            __syncthreads();
        }
        if (tid == 0)
            out[r] = static_cast<int>(bestIndex[0]);
        __syncthreads();
    }
}

// ---- the decoder's state-layer kernels (ABI 5), core/workloads/DECODER.md "State layers" -------------------

// softplus as torch.nn.functional.softplus (threshold 20: the input itself above it).
__device__ __forceinline__ float softplus(float x) { return x > 20.0f ? x : logf(1.0f + expf(x)); }

// One thread per (sequence, channel), its tokens in order: tap j of token t reads input t - (kernel - 1) + j, from
// the state before token 0 (state [batch, channels, kernel], oldest first). Then the state takes the last kernel
// inputs: entry i reads old entry seq + i (i + seq >= i), so ascending order overwrites only what was read.
template <typename T>
__global__ void causalConv1dKernel(T* out, const T* in, std::uint64_t inStride, T* state, const T* weight,
    const T* bias, std::uint64_t batch, std::uint64_t seq, std::uint64_t channels, std::uint64_t kernel)
{
    for (std::uint64_t i = firstIndex(); i < batch * channels; i += gridStride()) {
        const std::uint64_t b = i / channels, c = i % channels;
        T* st = state + i * kernel;
        const float shift = bias ? load(bias, c) : 0.0f;
        for (std::uint64_t t = 0; t < seq; ++t) {
            float acc = shift;
            for (std::uint64_t j = 0; j < kernel; ++j) {
                const std::int64_t u = static_cast<std::int64_t>(t + j) - static_cast<std::int64_t>(kernel - 1);
                const float v = u >= 0 ? load(in, (b * seq + static_cast<std::uint64_t>(u)) * inStride + c)
                                       : load(st, static_cast<std::uint64_t>(static_cast<std::int64_t>(kernel) + u));
                acc += v * load(weight, c * kernel + j);
            }
            store(out, (b * seq + t) * channels + c, silu(acc));
        }
        for (std::uint64_t e = 0; e < kernel; ++e) {
            const std::uint64_t from = seq + e; // position from - kernel relative to token 0
            const float v = from >= kernel ? load(in, (b * seq + (from - kernel)) * inStride + c) : load(st, from);
            store(st, e, v);
        }
    }
}

// One thread per (sequence, head, head channel p), its tokens in order, the N state entries of (h, p) read and
// written at every token (in the state's dtype, as the cache keeps them).
template <typename T>
__global__ void ssmScanKernel(T* y, const T* x, const T* dt, const T* bIn, const T* cIn, T* state, const T* aLog,
    const T* dSkip, const T* dtBias, device::SsmShape s)
{
    const auto batch = static_cast<std::uint64_t>(s.batch), seq = static_cast<std::uint64_t>(s.seq);
    const auto heads = static_cast<std::uint64_t>(s.heads), dim = static_cast<std::uint64_t>(s.headDim);
    const auto n = static_cast<std::uint64_t>(s.stateSize);
    const std::uint64_t perGroup = heads / static_cast<std::uint64_t>(s.groups);
    for (std::uint64_t i = firstIndex(); i < batch * heads * dim; i += gridStride()) {
        const std::uint64_t b = i / (heads * dim), h = i / dim % heads, p = i % dim;
        const std::uint64_t g = h / perGroup;
        const float a = -expf(load(aLog, h));
        const float skip = load(dSkip, h);
        T* st = state + i * n;
        for (std::uint64_t t = 0; t < seq; ++t) {
            const std::uint64_t row = b * seq + t;
            const float step = softplus(load(dt, row * static_cast<std::uint64_t>(s.dtStride) + h) + load(dtBias, h));
            const float decay = expf(step * a);
            const float xv = load(x, row * static_cast<std::uint64_t>(s.xStride) + h * dim + p);
            const std::uint64_t bc = row * static_cast<std::uint64_t>(s.bcStride) + g * n;
            float acc = 0.0f;
            for (std::uint64_t k = 0; k < n; ++k) {
                const float v = load(st, k) * decay + step * load(bIn, bc + k) * xv;
                store(st, k, v);
                acc += load(cIn, bc + k) * load(st, k);
            }
            store(y, row * heads * dim + h * dim + p, acc + skip * xv);
        }
    }
}

// Mamba's selective scan (ABI 6): one thread per (sequence, channel d), its tokens in order, the N state entries of
// d read and written at every token (in the state's dtype, as the cache keeps them), A[d, n] from aLog each time.
template <typename T>
__global__ void selectiveScanKernel(T* y, const T* x, const T* dt, const T* bIn, const T* cIn, const T* z, T* state,
    const T* aLog, const T* dSkip, const T* dtBias, device::SelectiveScanShape s)
{
    const auto batch = static_cast<std::uint64_t>(s.batch), seq = static_cast<std::uint64_t>(s.seq);
    const auto channels = static_cast<std::uint64_t>(s.channels), n = static_cast<std::uint64_t>(s.stateSize);
    for (std::uint64_t i = firstIndex(); i < batch * channels; i += gridStride()) {
        const std::uint64_t b = i / channels, d = i % channels;
        const float skip = load(dSkip, d);
        const float shift = load(dtBias, d);
        T* st = state + i * n;
        for (std::uint64_t t = 0; t < seq; ++t) {
            const std::uint64_t row = b * seq + t;
            const float step = softplus(load(dt, row * static_cast<std::uint64_t>(s.dtStride) + d) + shift);
            const float xv = load(x, row * static_cast<std::uint64_t>(s.xStride) + d);
            const std::uint64_t bc = row * static_cast<std::uint64_t>(s.bcStride);
            float acc = 0.0f;
            for (std::uint64_t k = 0; k < n; ++k) {
                const float decay = expf(-expf(load(aLog, d * n + k)) * step);
                const float v = load(st, k) * decay + step * load(bIn, bc + k) * xv;
                store(st, k, v);
                acc += load(cIn, bc + k) * load(st, k);
            }
            const float gate = silu(load(z, row * static_cast<std::uint64_t>(s.zStride) + d));
            store(y, row * channels + d, (acc + skip * xv) * gate);
        }
    }
}

// One block per (row, group): the mean square of in · silu(gate) over the group in float32, then each scaled.
// normBeforeGate (gated DeltaNet): the norm of in, its weight per column of the group, then the gate; else
// (Mamba2) the norm of in · silu(gate) with a weight per column.
template <typename T>
__global__ void gatedRmsNormKernel(T* out, const T* in, const T* gate, std::uint64_t gateStride, const T* weight,
    std::uint64_t rows, std::uint64_t cols, std::uint64_t groupSize, float eps, bool normBeforeGate)
{
    __shared__ float scratch[kRowThreads];
    const std::uint64_t groups = cols / groupSize;
    for (std::uint64_t item = blockIdx.x; item < rows * groups; item += gridDim.x) {
        const std::uint64_t r = item / groups, first = item % groups * groupSize;
        float sum = 0.0f;
        for (std::uint64_t c = first + threadIdx.x; c < first + groupSize; c += blockDim.x) {
            const float g = silu(load(gate, r * gateStride + c));
            const float v = load(in, r * cols + c) * (normBeforeGate ? 1.0f : g);
            sum += v * v;
        }
        const float inv = 1.0f / sqrtf(blockSum(sum, scratch) / static_cast<float>(groupSize) + eps);
        for (std::uint64_t c = first + threadIdx.x; c < first + groupSize; c += blockDim.x) {
            const float g = silu(load(gate, r * gateStride + c));
            const float x = load(in, r * cols + c);
            store(out, r * cols + c,
                normBeforeGate ? x * inv * load(weight, c - first) * g : x * g * inv * load(weight, c));
        }
    }
}

template <typename T>
__global__ void copyColumnsKernel(T* out, const T* in, std::uint64_t rows, std::uint64_t cols, std::uint64_t inStride)
{
    for (std::uint64_t i = firstIndex(); i < rows * cols; i += gridStride())
        store(out, i, load(in, i / cols * inStride + i % cols));
}

template <typename T> __global__ void sigmoidGateKernel(T* out, const T* in, const T* gate, std::uint64_t count)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(out, i, load(in, i) / (1.0f + expf(-load(gate, i))));
}

// One thread per (sequence, value head, value column j), its tokens in order: column j of S [keyDim, valueDim] is
// all it reads and writes (S^T k, the rank-1 update and S^T q are per column). The L2 norms of q and k are
// recomputed by each thread of the head.
template <typename T>
__global__ void gatedDeltaRuleKernel(T* out, const T* q, const T* k, const T* v, const T* bIn, const T* aIn, T* state,
    const T* aLog, const T* dtBias, device::DeltaShape s)
{
    const auto batch = static_cast<std::uint64_t>(s.batch), seq = static_cast<std::uint64_t>(s.seq);
    const auto hv = static_cast<std::uint64_t>(s.valueHeads), dv = static_cast<std::uint64_t>(s.valueDim);
    const auto dk = static_cast<std::uint64_t>(s.keyDim);
    const std::uint64_t perKey = hv / static_cast<std::uint64_t>(s.keyHeads);
    const auto qkv = static_cast<std::uint64_t>(s.qkvStride), ab = static_cast<std::uint64_t>(s.abStride);
    const float qScale = 1.0f / sqrtf(static_cast<float>(dk));
    for (std::uint64_t i = firstIndex(); i < batch * hv * dv; i += gridStride()) {
        const std::uint64_t b = i / (hv * dv), h = i / dv % hv, j = i % dv;
        const std::uint64_t kh = h / perKey;
        T* st = state + (b * hv + h) * dk * dv;
        const float a = -expf(load(aLog, h));
        for (std::uint64_t t = 0; t < seq; ++t) {
            const std::uint64_t row = b * seq + t;
            const std::uint64_t qk = row * qkv + kh * dk;
            float qq = 0.0f, kk = 0.0f;
            for (std::uint64_t d = 0; d < dk; ++d) {
                qq += load(q, qk + d) * load(q, qk + d);
                kk += load(k, qk + d) * load(k, qk + d);
            }
            const float qn = qScale / sqrtf(qq + 1e-6f), kn = 1.0f / sqrtf(kk + 1e-6f);
            const float beta = 1.0f / (1.0f + expf(-load(bIn, row * ab + h)));
            const float decay = expf(a * softplus(load(aIn, row * ab + h) + load(dtBias, h)));
            float recalled = 0.0f;
            for (std::uint64_t d = 0; d < dk; ++d) {
                const float sv = load(st, d * dv + j) * decay;
                store(st, d * dv + j, sv);
                recalled += load(st, d * dv + j) * load(k, qk + d) * kn;
            }
            const float u = load(v, row * qkv + h * dv + j) - recalled;
            float o = 0.0f;
            for (std::uint64_t d = 0; d < dk; ++d) {
                store(st, d * dv + j, load(st, d * dv + j) + beta * load(k, qk + d) * kn * u);
                o += load(st, d * dv + j) * load(q, qk + d) * qn;
            }
            store(out, row * hv * dv + h * dv + j, o);
        }
    }
}

// ---- the decoder's training kernels (ABI 4) ----------------------------------------------------------------

inline constexpr int kBwdRows = 8; // query rows per tile of the fused attention backward
inline constexpr int kBwdKeys = 8; // keys per tile of the fused attention backward
inline constexpr int kBwdLanes = 16; // threads that accumulate one row's (dQ) or one key's (dK, dV) dimensions
inline constexpr int kBwdThreads = kBwdRows * kBwdLanes;
inline constexpr int kBwdPairs = kBwdRows * kBwdKeys; // the (row, key) pairs of a tile
inline constexpr int kBwdDimsPerThread = kMaxHeadDim / kBwdLanes;
static_assert(kBwdRows == kBwdKeys && 2 * kBwdPairs == kBwdThreads, "half the threads score, half take dP");
inline constexpr std::uint64_t k8bitBlock = 2048; // elements per absmax of adam8bitStep's states
inline constexpr int k8bitPerThread = static_cast<int>(k8bitBlock / kRowThreads);
static_assert(k8bitBlock % kRowThreads == 0, "a thread block covers a quantization block exactly");
inline constexpr std::uint64_t kNormWeightChunks = 64; // row chunks of rmsNormBackward's weight gradient

// Training attention (backend.h, ABI 4): q, out, dq, dout [batch, queries, heads, headDim]; K, V, dK, dV
// contiguous [batch, keys, kvHeads, headDim], key j at position keyStart + j; lse and delta [batch, heads, queries].
__device__ __forceinline__ std::int64_t queryRow(
    const device::AttentionShape& s, std::int64_t b, std::int64_t i, std::int64_t h)
{
    return ((b * s.queries + i) * s.heads + h) * s.headDim;
}
__device__ __forceinline__ std::int64_t keyRow(
    const device::AttentionShape& s, std::int64_t b, std::int64_t j, std::int64_t kvHead)
{
    return ((b * s.keys + j) * s.kvHeads + kvHead) * s.headDim;
}
__device__ __forceinline__ std::int64_t rowStat(
    const device::AttentionShape& s, std::int64_t b, std::int64_t h, std::int64_t i)
{
    return (b * s.heads + h) * s.queries + i;
}

// delta[b, h, i] = dout · out of one query row (flash-attention's D), float32: one thread per row.
template <typename T>
__global__ void attentionDeltaKernel(float* delta, const T* dout, const T* out, device::AttentionShape s)
{
    const auto rows = static_cast<std::uint64_t>(s.batch * s.heads * s.queries);
    for (std::uint64_t r = firstIndex(); r < rows; r += gridStride()) {
        const auto row = static_cast<std::int64_t>(r);
        const std::int64_t i = row % s.queries;
        const std::int64_t h = row / s.queries % s.heads;
        const std::int64_t b = row / s.queries / s.heads;
        const auto first = static_cast<std::uint64_t>(queryRow(s, b, i, h));
        float sum = 0.0f;
        for (std::int64_t d = 0; d < s.headDim; ++d)
            sum += load(dout, first + d) * load(out, first + d);
        delta[r] = sum;
    }
}

// Note [Attention backward]: the fused backward recomputes each visible probability from the forward's lse,
// P = exp(scale q·k - lse), takes dP = dout·v and dS = P (dP - delta) (delta = dout·out, attentionDeltaKernel),
// then dQ = scale dS K, dK = scale dSᵀ Q and dV = Pᵀ dout; nothing of size queries x keys is stored. Two kernels,
// each the only writer of its outputs, so no block adds into another's (no atomics):
// * the query kernel takes kBwdRows query rows of one KV group (numbered as Note [Attention rows]) and walks the
//   keys they see in tiles of kBwdKeys, accumulating dQ;
// * the key kernel takes kBwdKeys keys of one KV head and walks, for each query head of its group, the queries
//   that see them in tiles of kBwdRows: dK and dV sum over the group's heads inside one block.
// In a tile, threads 0 .. kBwdPairs - 1 take the dot q·k of one (row, key) pair and the others its dout·v; then
// one of them makes the pair's P and dS, and every thread accumulates kBwdDimsPerThread dimensions (lane,
// lane + kBwdLanes, ...) of one row (query kernel) or key (key kernel). A row that sees no key (lse -inf) has
// P = 0 everywhere: its dQ is zeros, and it adds nothing to dK and dV.
template <typename T>
__global__ void attentionBackwardQueryKernel(T* dq, const T* dout, const T* q, const T* k, const T* v, const float* lse,
    const float* delta, device::AttentionShape s)
{
    __shared__ float qs[kBwdRows][kMaxHeadDim + 1]; // + 1: the pairs of a warp read different banks
    __shared__ float dos[kBwdRows][kMaxHeadDim + 1];
    __shared__ float ks[kBwdKeys][kMaxHeadDim + 1];
    __shared__ float vs[kBwdKeys][kMaxHeadDim + 1];
    __shared__ float pair[2][kBwdRows][kBwdKeys]; // [0]: q·k, then dS; [1]: dout·v
    __shared__ float rowLse[kBwdRows];
    __shared__ float rowDelta[kBwdRows];
    __shared__ std::int64_t rowPosition[kBwdRows]; // query position, -1 for a row past the last

    const int tid = static_cast<int>(threadIdx.x);
    const std::int64_t dim = s.headDim;
    const std::int64_t group = s.heads / s.kvHeads;
    const std::int64_t rowsPerKv = group * s.queries;
    const std::int64_t tilesPerKv = (rowsPerKv + kBwdRows - 1) / kBwdRows;
    const std::int64_t items = s.batch * s.kvHeads * tilesPerKv;
    const std::int64_t lastKey = s.keyStart + s.keys - 1;

    for (std::int64_t item = blockIdx.x; item < items; item += gridDim.x) {
        const std::int64_t firstRow = item % tilesPerKv * kBwdRows;
        const std::int64_t kvHead = item / tilesPerKv % s.kvHeads;
        const std::int64_t b = item / tilesPerKv / s.kvHeads;
        for (std::int64_t e = tid; e < kBwdRows * dim; e += kBwdThreads) {
            const std::int64_t r = firstRow + e / dim;
            float qv = 0.0f;
            float dov = 0.0f;
            if (r < rowsPerKv) {
                const auto at = static_cast<std::uint64_t>(
                    queryRow(s, b, r % s.queries, kvHead * group + r / s.queries) + e % dim);
                qv = load(q, at);
                dov = load(dout, at);
            }
            qs[e / dim][e % dim] = qv;
            dos[e / dim][e % dim] = dov;
        }
        if (tid < kBwdRows) {
            const std::int64_t r = firstRow + tid;
            rowPosition[tid] = -1;
            rowLse[tid] = negativeInfinity();
            rowDelta[tid] = 0.0f;
            if (r < rowsPerKv) {
                const std::int64_t at = rowStat(s, b, kvHead * group + r / s.queries, r % s.queries);
                rowPosition[tid] = s.queryStart + r % s.queries;
                rowLse[tid] = lse[at];
                rowDelta[tid] = delta[at];
            }
        }
        float acc[kBwdDimsPerThread];
        for (int n = 0; n < kBwdDimsPerThread; ++n)
            acc[n] = 0.0f;
        __syncthreads();

        // The key positions any row of the block can see (attentionKernel's bounds).
        const VisibleKeys seen = visibleKeys(rowPosition, kBwdRows, s, lastKey);
        const std::int64_t tMax = seen.tMax, lo = seen.lo, hi = seen.hi;

        for (std::int64_t p0 = lo; tMax >= 0 && p0 <= hi; p0 += kBwdKeys) {
            for (std::int64_t e = tid; e < kBwdKeys * dim; e += kBwdThreads) {
                const std::int64_t p = p0 + e / dim;
                float kv = 0.0f;
                float vv = 0.0f;
                if (p <= hi) {
                    const auto at = static_cast<std::uint64_t>(keyRow(s, b, p - s.keyStart, kvHead) + e % dim);
                    kv = load(k, at);
                    vv = load(v, at);
                }
                ks[e / dim][e % dim] = kv;
                vs[e / dim][e % dim] = vv;
            }
            __syncthreads();
            {
                const int which = tid / kBwdPairs;
                const int row = tid % kBwdPairs / kBwdKeys;
                const int key = tid % kBwdKeys;
                const float* x = which == 0 ? qs[row] : dos[row];
                const float* y = which == 0 ? ks[key] : vs[key];
                float dot = 0.0f;
                for (std::int64_t d = 0; d < dim; ++d)
                    dot += x[d] * y[d];
                pair[which][row][key] = dot;
            }
            __syncthreads();
            if (tid < kBwdPairs) {
                const int row = tid / kBwdKeys;
                const int key = tid % kBwdKeys;
                const std::int64_t t = rowPosition[row];
                const std::int64_t p = p0 + key;
                float ds = 0.0f;
                if (t >= 0 && p <= hi && visible(t, p, s.window) && rowLse[row] != negativeInfinity()) {
                    const float prob = expf(pair[0][row][key] * s.scale - rowLse[row]);
                    ds = prob * (pair[1][row][key] - rowDelta[row]);
                }
                pair[0][row][key] = ds;
            }
            __syncthreads();
            {
                const int row = tid / kBwdLanes;
                const int lane = tid % kBwdLanes;
                for (int n = 0; n < kBwdDimsPerThread; ++n) {
                    const std::int64_t d = lane + static_cast<std::int64_t>(n) * kBwdLanes;
                    if (d >= dim)
                        break;
                    float a = acc[n];
                    for (int j = 0; j < kBwdKeys; ++j)
                        a += pair[0][row][j] * ks[j][d];
                    acc[n] = a;
                }
            }
            __syncthreads();
        }

        const int row = tid / kBwdLanes;
        const int lane = tid % kBwdLanes;
        const std::int64_t r = firstRow + row;
        if (r < rowsPerKv) {
            const std::int64_t first = queryRow(s, b, r % s.queries, kvHead * group + r / s.queries);
            for (int n = 0; n < kBwdDimsPerThread; ++n) {
                const std::int64_t d = lane + static_cast<std::int64_t>(n) * kBwdLanes;
                if (d >= dim)
                    break;
                store(dq, static_cast<std::uint64_t>(first + d), acc[n] * s.scale);
            }
        }
        __syncthreads(); // the rows' state is rewritten by the next item
    }
}

// The key kernel of Note [Attention backward]: dK and dV of kBwdKeys keys of one KV head per item.
template <typename T>
__global__ void attentionBackwardKeyKernel(T* dk, T* dv, const T* dout, const T* q, const T* k, const T* v,
    const float* lse, const float* delta, device::AttentionShape s)
{
    __shared__ float qs[kBwdRows][kMaxHeadDim + 1];
    __shared__ float dos[kBwdRows][kMaxHeadDim + 1];
    __shared__ float ks[kBwdKeys][kMaxHeadDim + 1];
    __shared__ float vs[kBwdKeys][kMaxHeadDim + 1];
    __shared__ float pair[2][kBwdKeys][kBwdRows]; // [0]: q·k, then P; [1]: dout·v, then dS
    __shared__ float rowLse[kBwdRows];
    __shared__ float rowDelta[kBwdRows];
    __shared__ std::int64_t rowPosition[kBwdRows];

    const int tid = static_cast<int>(threadIdx.x);
    const std::int64_t dim = s.headDim;
    const std::int64_t group = s.heads / s.kvHeads;
    const std::int64_t keyTiles = (s.keys + kBwdKeys - 1) / kBwdKeys;
    const std::int64_t items = s.batch * s.kvHeads * keyTiles;

    for (std::int64_t item = blockIdx.x; item < items; item += gridDim.x) {
        const std::int64_t j0 = item % keyTiles * kBwdKeys;
        const std::int64_t kvHead = item / keyTiles % s.kvHeads;
        const std::int64_t b = item / keyTiles / s.kvHeads;
        const std::int64_t jEnd = j0 + kBwdKeys < s.keys ? j0 + kBwdKeys : s.keys; // past the tile's last key
        for (std::int64_t e = tid; e < kBwdKeys * dim; e += kBwdThreads) {
            const std::int64_t j = j0 + e / dim;
            float kv = 0.0f;
            float vv = 0.0f;
            if (j < jEnd) {
                const auto at = static_cast<std::uint64_t>(keyRow(s, b, j, kvHead) + e % dim);
                kv = load(k, at);
                vv = load(v, at);
            }
            ks[e / dim][e % dim] = kv;
            vs[e / dim][e % dim] = vv;
        }
        // The queries that see a key of the tile: position t >= its first key and, with a window, t < last + w.
        const std::int64_t pLo = s.keyStart + j0;
        const std::int64_t pHi = s.keyStart + jEnd - 1;
        const std::int64_t iLo = pLo - s.queryStart > 0 ? pLo - s.queryStart : 0;
        std::int64_t iHi = s.queries - 1;
        if (s.window > 0 && pHi + s.window - 1 - s.queryStart < iHi)
            iHi = pHi + s.window - 1 - s.queryStart;
        float accK[kBwdDimsPerThread];
        float accV[kBwdDimsPerThread];
        for (int n = 0; n < kBwdDimsPerThread; ++n) {
            accK[n] = 0.0f;
            accV[n] = 0.0f;
        }
        __syncthreads();

        for (std::int64_t g = 0; g < group; ++g) {
            const std::int64_t h = kvHead * group + g;
            for (std::int64_t i0 = iLo; i0 <= iHi; i0 += kBwdRows) {
                for (std::int64_t e = tid; e < kBwdRows * dim; e += kBwdThreads) {
                    const std::int64_t i = i0 + e / dim;
                    float qv = 0.0f;
                    float dov = 0.0f;
                    if (i <= iHi) {
                        const auto at = static_cast<std::uint64_t>(queryRow(s, b, i, h) + e % dim);
                        qv = load(q, at);
                        dov = load(dout, at);
                    }
                    qs[e / dim][e % dim] = qv;
                    dos[e / dim][e % dim] = dov;
                }
                if (tid < kBwdRows) {
                    const std::int64_t i = i0 + tid;
                    rowPosition[tid] = i <= iHi ? s.queryStart + i : -1;
                    rowLse[tid] = i <= iHi ? lse[rowStat(s, b, h, i)] : negativeInfinity();
                    rowDelta[tid] = i <= iHi ? delta[rowStat(s, b, h, i)] : 0.0f;
                }
                __syncthreads();
                {
                    const int which = tid / kBwdPairs;
                    const int key = tid % kBwdPairs / kBwdRows;
                    const int row = tid % kBwdRows;
                    const float* x = which == 0 ? qs[row] : dos[row];
                    const float* y = which == 0 ? ks[key] : vs[key];
                    float dot = 0.0f;
                    for (std::int64_t d = 0; d < dim; ++d)
                        dot += x[d] * y[d];
                    pair[which][key][row] = dot;
                }
                __syncthreads();
                if (tid < kBwdPairs) {
                    const int key = tid / kBwdRows;
                    const int row = tid % kBwdRows;
                    const std::int64_t t = rowPosition[row];
                    float prob = 0.0f;
                    float ds = 0.0f;
                    if (t >= 0 && j0 + key < jEnd && visible(t, pLo + key, s.window)
                        && rowLse[row] != negativeInfinity()) {
                        prob = expf(pair[0][key][row] * s.scale - rowLse[row]);
                        ds = prob * (pair[1][key][row] - rowDelta[row]);
                    }
                    pair[0][key][row] = prob;
                    pair[1][key][row] = ds;
                }
                __syncthreads();
                {
                    const int key = tid / kBwdLanes;
                    const int lane = tid % kBwdLanes;
                    for (int n = 0; n < kBwdDimsPerThread; ++n) {
                        const std::int64_t d = lane + static_cast<std::int64_t>(n) * kBwdLanes;
                        if (d >= dim)
                            break;
                        float ak = accK[n];
                        float av = accV[n];
                        for (int r = 0; r < kBwdRows; ++r) {
                            ak += pair[1][key][r] * qs[r][d];
                            av += pair[0][key][r] * dos[r][d];
                        }
                        accK[n] = ak;
                        accV[n] = av;
                    }
                }
                __syncthreads();
            }
        }

        const int key = tid / kBwdLanes;
        const int lane = tid % kBwdLanes;
        if (j0 + key < jEnd) {
            const std::int64_t first = keyRow(s, b, j0 + key, kvHead);
            for (int n = 0; n < kBwdDimsPerThread; ++n) {
                const std::int64_t d = lane + static_cast<std::int64_t>(n) * kBwdLanes;
                if (d >= dim)
                    break;
                store(dk, static_cast<std::uint64_t>(first + d), accK[n] * s.scale);
                store(dv, static_cast<std::uint64_t>(first + d), accV[n]);
            }
        }
        __syncthreads(); // ks and vs are rewritten by the next item
    }
}

// The eager backward's softmax step, in place on dscores [rows, cols] holding dP = dout · vᵀ (dtype, masked
// entries -inf, as attentionScoresKernel writes them): dS = P (dP - sum over the row of P dP), float32; entries
// with P = 0 (the masked ones) become 0. One block per row; a thread reads and writes the same elements.
template <typename T>
__global__ void softmaxBackwardRowsKernel(T* dscores, const T* probs, std::uint64_t rows, std::uint64_t cols)
{
    __shared__ float scratch[kRowThreads];
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        const std::uint64_t row = r * cols;
        float sum = 0.0f;
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x) {
            const float p = load(probs, row + c);
            if (p != 0.0f)
                sum += p * load(dscores, row + c);
        }
        const float total = blockSum(sum, scratch);
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x) {
            const float p = load(probs, row + c);
            store(dscores, row + c, p != 0.0f ? p * (load(dscores, row + c) - total) : 0.0f);
        }
    }
}

// dK or dV of the eager backward: out[b, j, kvHead, :] = scale · sum over the group's query heads h and queries i
// of w[b, h, i, j] · x[b, i, h, :] (w = dS and x = q for dK; w = probs and x = dout for dV), out contiguous
// [batch, keys, kvHeads, headDim]. The portable GEMM's tiling with the group's rows (h, i) as the inner dimension;
// item = (batch · kvHead, key tile, dimension tile), kTile x kTile threads, each the only writer of its element.
template <typename T>
__global__ void attentionKeyGradKernel(T* out, const T* w, const T* x, device::AttentionShape s, float scale)
{
    __shared__ float tileW[kTile][kTile + 1];
    __shared__ float tileX[kTile][kTile + 1];
    const int tx = static_cast<int>(threadIdx.x);
    const int ty = static_cast<int>(threadIdx.y);
    const std::int64_t keyTiles = (s.keys + kTile - 1) / kTile;
    const std::int64_t dimTiles = (s.headDim + kTile - 1) / kTile;
    const std::int64_t items = s.batch * s.kvHeads * keyTiles * dimTiles;
    const std::int64_t group = s.heads / s.kvHeads;
    const std::int64_t rowsPerKv = group * s.queries;
    for (std::int64_t item = blockIdx.x; item < items; item += gridDim.x) {
        const std::int64_t dimTile = item % dimTiles;
        const std::int64_t keyTile = item / dimTiles % keyTiles;
        const std::int64_t kvHead = item / dimTiles / keyTiles % s.kvHeads;
        const std::int64_t b = item / dimTiles / keyTiles / s.kvHeads;
        const std::int64_t jLoad = keyTile * kTile + tx; // key of this thread's tileW entry
        const std::int64_t dLoad = dimTile * kTile + tx; // dimension of this thread's tileX entry
        float acc = 0.0f;
        for (std::int64_t r0 = 0; r0 < rowsPerKv; r0 += kTile) {
            const std::int64_t r = r0 + ty; // the row (h, i) of this thread's loads
            float wv = 0.0f;
            float xv = 0.0f;
            if (r < rowsPerKv) {
                const std::int64_t h = kvHead * group + r / s.queries;
                const std::int64_t i = r % s.queries;
                if (jLoad < s.keys)
                    wv = load(w, static_cast<std::uint64_t>(rowStat(s, b, h, i) * s.keys + jLoad));
                if (dLoad < s.headDim)
                    xv = load(x, static_cast<std::uint64_t>(queryRow(s, b, i, h) + dLoad));
            }
            tileW[ty][tx] = wv;
            tileX[ty][tx] = xv;
            __syncthreads();
            for (int n = 0; n < kTile; ++n)
                acc += tileW[n][ty] * tileX[n][tx];
            __syncthreads();
        }
        const std::int64_t j = keyTile * kTile + ty;
        const std::int64_t d = dimTile * kTile + tx;
        if (j < s.keys && d < s.headDim)
            store(out, static_cast<std::uint64_t>(keyRow(s, b, j, kvHead) + d), acc * scale);
    }
}

// The backward of rmsNorm (y = x · inv · w', inv = 1 / sqrt(mean(x²) + eps), w' = weight + weightOffset):
// dx = inv · w' dy - inv³ / cols · x · sum over the row of (w' dy x). One block per row; dx may be dy or x: every
// read of the reductions ends at their barriers, then each thread reads and writes its own elements.
template <typename T>
__global__ void rmsNormBackwardKernel(T* dx, const T* dy, const T* x, const T* weight, std::uint64_t rows,
    std::uint64_t cols, float eps, float weightOffset)
{
    __shared__ float scratch[kRowThreads];
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        const std::uint64_t row = r * cols;
        float squares = 0.0f;
        float dot = 0.0f;
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x) {
            const float xv = load(x, row + c);
            squares += xv * xv;
            dot += (load(weight, c) + weightOffset) * load(dy, row + c) * xv;
        }
        const float inv = 1.0f / sqrtf(blockSum(squares, scratch) / static_cast<float>(cols) + eps);
        const float coefficient = inv * inv * inv * blockSum(dot, scratch) / static_cast<float>(cols);
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x) {
            const float g = inv * (load(weight, c) + weightOffset) * load(dy, row + c);
            store(dx, row + c, g - coefficient * load(x, row + c));
        }
    }
}

// Note [RMSNorm weight gradient]: dweight[c] = sum over rows of dy · x · inv(row), summed in float32 without
// atomics in three steps: inv of every row (a block per row), partial sums of chunks of rows per column (a thread
// per (chunk, column): neighbouring threads read neighbouring columns), then each column's chunks in order. The
// float32 row scales and partial sums live in the context's scratch (GpuContext, Note [Kernel scratch]); the
// order of the sums is fixed, so the result does not depend on the launch.
template <typename T>
__global__ void rmsNormInverseKernel(float* inv, const T* x, std::uint64_t rows, std::uint64_t cols, float eps)
{
    __shared__ float scratch[kRowThreads];
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        float squares = 0.0f;
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x) {
            const float xv = load(x, r * cols + c);
            squares += xv * xv;
        }
        const float total = blockSum(squares, scratch);
        if (threadIdx.x == 0)
            inv[r] = 1.0f / sqrtf(total / static_cast<float>(cols) + eps);
    }
}

template <typename T>
__global__ void rmsNormWeightPartialKernel(float* partial, const T* dy, const T* x, const float* inv,
    std::uint64_t rows, std::uint64_t cols, std::uint64_t chunks, std::uint64_t rowsPerChunk)
{
    for (std::uint64_t i = firstIndex(); i < chunks * cols; i += gridStride()) {
        const std::uint64_t c = i % cols;
        const std::uint64_t first = i / cols * rowsPerChunk;
        const std::uint64_t last = first + rowsPerChunk < rows ? first + rowsPerChunk : rows;
        float sum = 0.0f;
        for (std::uint64_t r = first; r < last; ++r)
            sum += load(dy, r * cols + c) * load(x, r * cols + c) * inv[r];
        partial[i] = sum;
    }
}

template <typename T>
__global__ void rmsNormWeightSumKernel(T* dweight, const float* partial, std::uint64_t cols, std::uint64_t chunks)
{
    for (std::uint64_t c = firstIndex(); c < cols; c += gridStride()) {
        float sum = 0.0f;
        for (std::uint64_t chunk = 0; chunk < chunks; ++chunk)
            sum += partial[chunk * cols + c];
        store(dweight, c, sum);
    }
}

template <typename T>
__global__ void gatedActivationBackwardKernel(
    T* dgate, T* dup, const T* dout, const T* gate, const T* up, std::uint64_t count, int act)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const float d = load(dout, i);
        const float g = load(gate, i);
        const float u = load(up, i);
        store(dgate, i, d * u * activateGrad(g, act));
        store(dup, i, d * activate(g, act));
    }
}

// One block per row of float32: out = in - (max + log(sum exp(in - max))); a row of -inf stays -inf. out may be in.
__global__ void logSoftmaxRowsKernel(float* out, const float* in, std::uint64_t rows, std::uint64_t cols)
{
    __shared__ float scratch[kRowThreads];
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        const std::uint64_t row = r * cols;
        float m = negativeInfinity();
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
            m = fmaxf(m, in[row + c]);
        m = blockMax(m, scratch);
        float sum = 0.0f;
        if (m != negativeInfinity())
            for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
                sum += expf(in[row + c] - m);
        const float total = blockSum(sum, scratch);
        const float logSum = m != negativeInfinity() ? m + logf(total) : negativeInfinity();
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
            out[row + c] = m != negativeInfinity() ? in[row + c] - logSum : negativeInfinity();
    }
}

// One block: loss[0] = (loss[0] when accumulating, else 0) - scale · sum over rows of logprobs[r, labels[r]], the
// sum in float32 in a fixed order. A label outside [0, cols) adds nothing (PyTorch's ignore_index; the caller's
// scale says what the mean is over).
__global__ void nllLossKernel(float* loss, const float* logprobs, const int* labels, std::uint64_t rows,
    std::uint64_t cols, float scale, bool accumulate)
{
    __shared__ float scratch[kRowThreads];
    float sum = 0.0f;
    for (std::uint64_t r = threadIdx.x; r < rows; r += blockDim.x) {
        const int label = labels[r];
        if (label >= 0 && static_cast<std::uint64_t>(label) < cols)
            sum += logprobs[r * cols + static_cast<std::uint64_t>(label)];
    }
    const float total = blockSum(sum, scratch);
    if (threadIdx.x == 0)
        loss[0] = (accumulate ? loss[0] : 0.0f) - scale * total;
}

__global__ void nllLossBackwardKernel(
    float* grad, const int* labels, std::uint64_t count, std::uint64_t cols, float scale)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride()) {
        const int label = labels[i / cols];
        grad[i] = (label >= 0 && static_cast<std::uint64_t>(label) == i % cols) ? -scale : 0.0f;
    }
}

// One block per row: gradIn = gradOut - exp(logprobs) · sum of the row's gradOut; gradIn may be gradOut.
__global__ void logSoftmaxBackwardKernel(
    float* gradIn, const float* gradOut, const float* logprobs, std::uint64_t rows, std::uint64_t cols)
{
    __shared__ float scratch[kRowThreads];
    for (std::uint64_t r = blockIdx.x; r < rows; r += gridDim.x) {
        const std::uint64_t row = r * cols;
        float sum = 0.0f;
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
            sum += gradOut[row + c];
        const float total = blockSum(sum, scratch);
        for (std::uint64_t c = threadIdx.x; c < cols; c += blockDim.x)
            gradIn[row + c] = gradOut[row + c] - expf(logprobs[row + c]) * total;
    }
}

// One thread per hidden column, walking the tokens in order: the only writer of its column of every row, so
// repeated ids add up without races or atomics (each addition rounded to dtype). An id outside [0, vocab) adds
// nothing, as embeddingKernel reads nothing for it.
template <typename T>
__global__ void embeddingBackwardKernel(T* dtable, const T* dout, const int* ids, std::uint64_t tokens,
    std::uint64_t hidden, std::int64_t vocab, float scale)
{
    for (std::uint64_t c = firstIndex(); c < hidden; c += gridStride())
        for (std::uint64_t t = 0; t < tokens; ++t) {
            const int id = ids[t];
            if (id < 0 || id >= vocab)
                continue;
            const std::uint64_t at = static_cast<std::uint64_t>(id) * hidden + c;
            store(dtable, at, load(dtable, at) + scale * load(dout, t * hidden + c));
        }
}

template <typename T> __global__ void sgdKernel(T* param, const T* grad, std::uint64_t count, float lr)
{
    for (std::uint64_t i = firstIndex(); i < count; i += gridStride())
        store(param, i, load(param, i) - lr * load(grad, i));
}

// Note [8-bit Adam states]: blocks of k8bitBlock elements, one float32 absmax per moment per block; state1 (m) is
// signed, value (code - 128) · absmax1 / 127 (codes 1 .. 255), state2 (v) unsigned, value code · absmax2 / 255.
// One thread block per quantization block, k8bitPerThread elements per thread (strided by kRowThreads, so reads
// are coalesced): dequantize, the AdamW update of adamKernel with the float32 moments, the block's new absmax of
// each moment (blockMax), and the moments requantized to it (round to nearest). Every thread has read the old
// absmax before the first blockMax's barrier, after which thread 0 writes the new one.
template <typename T>
__global__ void adam8bitKernel(T* param, const T* grad, unsigned char* state1, unsigned char* state2, float* absmax1,
    float* absmax2, std::uint64_t count, float lr, float beta1, float beta2, float eps, float weightDecay,
    float correction1, float correction2)
{
    __shared__ float scratch[kRowThreads];
    const std::uint64_t blocks = (count + k8bitBlock - 1) / k8bitBlock;
    for (std::uint64_t block = blockIdx.x; block < blocks; block += gridDim.x) {
        const std::uint64_t first = block * k8bitBlock + threadIdx.x;
        const float scale1 = absmax1[block] / 127.0f;
        const float scale2 = absmax2[block] / 255.0f;
        float m[k8bitPerThread];
        float v[k8bitPerThread];
        float max1 = 0.0f;
        float max2 = 0.0f;
        for (int n = 0; n < k8bitPerThread; ++n) {
            const std::uint64_t i = first + static_cast<std::uint64_t>(n) * kRowThreads;
            m[n] = 0.0f;
            v[n] = 0.0f;
            if (i >= count)
                continue;
            float p = load(param, i);
            const float g = load(grad, i);
            p -= lr * weightDecay * p;
            m[n] = beta1 * (static_cast<float>(static_cast<int>(state1[i]) - 128) * scale1) + (1.0f - beta1) * g;
            v[n] = beta2 * (static_cast<float>(state2[i]) * scale2) + (1.0f - beta2) * g * g;
            p -= lr * (m[n] / correction1) / (sqrtf(v[n] / correction2) + eps);
            store(param, i, p);
            max1 = fmaxf(max1, fabsf(m[n]));
            max2 = fmaxf(max2, v[n]);
        }
        const float new1 = blockMax(max1, scratch);
        const float new2 = blockMax(max2, scratch);
        if (threadIdx.x == 0) {
            absmax1[block] = new1;
            absmax2[block] = new2;
        }
        const float inv1 = new1 > 0.0f ? 127.0f / new1 : 0.0f;
        const float inv2 = new2 > 0.0f ? 255.0f / new2 : 0.0f;
        for (int n = 0; n < k8bitPerThread; ++n) {
            const std::uint64_t i = first + static_cast<std::uint64_t>(n) * kRowThreads;
            if (i >= count)
                continue;
            const float c1 = fminf(fmaxf(rintf(m[n] * inv1), -127.0f), 127.0f);
            const float c2 = fminf(fmaxf(rintf(v[n] * inv2), 0.0f), 255.0f);
            state1[i] = static_cast<unsigned char>(static_cast<int>(c1) + 128);
            state2[i] = static_cast<unsigned char>(static_cast<int>(c2));
        }
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

// 1 - beta^step, the bias correction of an Adam moment, in double on the host.
inline float adamCorrection(float beta, std::int64_t step)
{
    return static_cast<float>(1.0 - std::pow(static_cast<double>(beta), static_cast<double>(step)));
}

// AdamW with moments of stateType (adamStep: float32; adamStepStates: the caller's).
inline Error adamStepStates(Stream s, void* param, const void* grad, void* m, void* v, std::uint64_t count,
    device::DType dtype, device::DType stateType, std::int64_t step, float lr, float beta1, float beta2, float eps,
    float weightDecay)
{
    if (count == 0)
        return kSuccess;
    const float correction1 = adamCorrection(beta1, step);
    const float correction2 = adamCorrection(beta2, step);
    return withStorageType(dtype, [&](auto paramTag) {
        using P = ITERAGPU_STORAGE(paramTag);
        return withStorageType(stateType, [&](auto stateTag) {
            using S = ITERAGPU_STORAGE(stateTag);
            using Types = AdamTypes<P, S>;
            ITERAGPU_LAUNCH(adamKernel<Types>, blocksFor(count), kThreads, s)
            (static_cast<P*>(param), static_cast<const P*>(grad), static_cast<S*>(m), static_cast<S*>(v), count, lr,
                beta1, beta2, eps, weightDecay, correction1, correction2);
            return GPURT(GetLastError)();
        });
    });
}

inline Error adamStep(Stream s, void* param, const void* grad, void* m, void* v, std::uint64_t count,
    device::DType dtype, std::int64_t step, float lr, float beta1, float beta2, float eps, float weightDecay)
{
    return adamStepStates(
        s, param, grad, m, v, count, dtype, device::DType::Float32, step, lr, beta1, beta2, eps, weightDecay);
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

// ---- the decoder's launchers (ABI 2). Arguments are validated by the context (gpu/common/kernelarguments.h);
// these only pick the storage type and the launch shape.

// backend.h: for a paged layout the data pointer passed beside it is that tensor's block table (keys and values
// have one each); layout.blockTable only marks the layout paged and is never read.
inline KvRows kvRows(const void* data, const device::KvLayout& layout)
{
    KvRows rows;
    const bool paged = layout.blockTable != nullptr;
    rows.data = paged ? nullptr : const_cast<void*>(data);
    rows.table = paged ? static_cast<const std::uint64_t*>(data) : nullptr;
    rows.heads = layout.heads;
    rows.headDim = layout.headDim;
    rows.capacity = layout.capacity;
    rows.base = layout.base;
    rows.tableWidth = layout.tableWidth;
    rows.blockSize = layout.blockSize;
    return rows;
}

inline unsigned int blocksForItems(std::uint64_t items)
{
    return static_cast<unsigned int>(std::clamp<std::uint64_t>(items, 1, kMaxBlocks));
}

inline Error fillTokens(Stream s, void* ids, std::uint64_t count, std::uint64_t vocab, std::uint64_t seed)
{
    if (count == 0)
        return kSuccess;
    ITERAGPU_LAUNCH(fillTokensKernel, blocksFor(count), kThreads, s)(static_cast<int*>(ids), count, vocab, seed);
    return GPURT(GetLastError)();
}

inline Error embedding(Stream s, void* out, const void* table, const void* ids, std::uint64_t tokens,
    std::uint64_t hidden, std::int64_t vocab, float scale, device::DType dtype)
{
    const std::uint64_t count = tokens * hidden;
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(embeddingKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(table), static_cast<const int*>(ids), count, hidden, vocab, scale);
        return GPURT(GetLastError)();
    });
}

inline Error rmsNorm(Stream s, void* out, const void* in, const void* weight, std::uint64_t rows, std::uint64_t cols,
    float eps, float weightOffset, device::DType dtype)
{
    if (rows == 0 || cols == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(rmsNormKernel<T>, blocksForItems(rows), kRowThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), static_cast<const T*>(weight), rows, cols, eps, weightOffset);
        return GPURT(GetLastError)();
    });
}

// rope() with direction 1, ropeBackward() with -1 (ropeKernel).
inline Error rope(Stream s, void* x, std::uint64_t batch, std::uint64_t seq, std::uint64_t heads, std::uint64_t headDim,
    std::int64_t positionStart, float theta, device::DType dtype, float direction = 1.0f)
{
    const std::uint64_t half = headDim / 2;
    const std::uint64_t pairs = batch * seq * heads * half;
    if (pairs == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(ropeKernel<T>, blocksFor(pairs), kThreads, s)
        (static_cast<T*>(x), pairs, half, heads, seq, positionStart, theta, direction);
        return GPURT(GetLastError)();
    });
}

inline Error gatedActivation(Stream s, void* out, const void* gate, const void* up, std::uint64_t count,
    device::Activation act, device::DType dtype)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(gatedActivationKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(gate), static_cast<const T*>(up), count, static_cast<int>(act));
        return GPURT(GetLastError)();
    });
}

inline Error add(Stream s, void* inout, const void* other, std::uint64_t count, device::DType dtype)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(addKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(inout), static_cast<const T*>(other), count);
        return GPURT(GetLastError)();
    });
}

inline Error sliceTokens(Stream s, void* out, const void* in, std::uint64_t batch, std::uint64_t seq,
    std::uint64_t hidden, std::uint64_t index, device::DType dtype)
{
    const std::uint64_t count = batch * hidden;
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(sliceTokensKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), count, seq, hidden, index);
        return GPURT(GetLastError)();
    });
}

inline Error copyKv(Stream s, void* dst, const device::KvLayout& dstLayout, const void* src,
    const device::KvLayout& srcLayout, std::int64_t batch, std::int64_t positionStart, std::int64_t positions,
    device::DType dtype)
{
    const auto count = static_cast<std::uint64_t>(batch) * static_cast<std::uint64_t>(positions)
        * static_cast<std::uint64_t>(dstLayout.heads * dstLayout.headDim);
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(copyKvKernel<T>, blocksFor(count), kThreads, s)
        (kvRows(dst, dstLayout), kvRows(src, srcLayout), count, positionStart, positions);
        return GPURT(GetLastError)();
    });
}

inline Error copyRows(Stream s, void* dst, std::int64_t dstStride, const void* src, std::int64_t srcStride,
    std::int64_t rows, std::int64_t cols, std::int64_t srcRepeat, device::DType dtype)
{
    const auto count = static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols);
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(copyRowsKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(dst), static_cast<std::uint64_t>(dstStride), static_cast<const T*>(src),
            static_cast<std::uint64_t>(srcStride), count, static_cast<std::uint64_t>(cols),
            static_cast<std::uint64_t>(srcRepeat));
        return GPURT(GetLastError)();
    });
}

// The values' rows of the fused attention: the keys' layout at valueDim() per head (backend.h).
inline KvRows valueRows(const void* data, const device::KvLayout& layout, const device::AttentionShape& shape)
{
    KvRows rows = kvRows(data, layout);
    rows.headDim = shape.valueDim();
    return rows;
}

// The fused attention; lseF32 null for inference, training's attentionForward passes it.
inline Error attention(Stream s, void* out, const void* q, const void* k, const void* v, const device::KvLayout& layout,
    const device::AttentionShape& shape, device::DType dtype, void* lseF32 = nullptr)
{
    const auto group = static_cast<std::uint64_t>(shape.heads / shape.kvHeads);
    const std::uint64_t rowsPerKv = group * static_cast<std::uint64_t>(shape.queries);
    const std::uint64_t items = static_cast<std::uint64_t>(shape.batch) * static_cast<std::uint64_t>(shape.kvHeads)
        * ((rowsPerKv + kAttnRows - 1) / kAttnRows);
    if (items == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(attentionKernel<T>, blocksForItems(items), kAttnThreads, s)
        (static_cast<T*>(out), static_cast<float*>(lseF32), static_cast<const T*>(q), kvRows(k, layout),
            valueRows(v, layout, shape), shape);
        return GPURT(GetLastError)();
    });
}

inline Error attentionScores(Stream s, void* scores, const void* q, const void* k, const device::KvLayout& layout,
    const device::AttentionShape& shape, device::DType dtype)
{
    const auto tiles = [](std::int64_t n) { return static_cast<std::uint64_t>((n + kTile - 1) / kTile); };
    const std::uint64_t items
        = static_cast<std::uint64_t>(shape.batch * shape.heads) * tiles(shape.queries) * tiles(shape.keys);
    if (items == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(attentionScoresKernel<T>, blocksForItems(items), dim3(kTile, kTile), s)
        (static_cast<T*>(scores), static_cast<const T*>(q), kvRows(k, layout), shape);
        return GPURT(GetLastError)();
    });
}

inline Error attentionValues(Stream s, void* out, const void* probs, const void* v, const device::KvLayout& layout,
    const device::AttentionShape& shape, device::DType dtype)
{
    const auto tiles = [](std::int64_t n) { return static_cast<std::uint64_t>((n + kTile - 1) / kTile); };
    const std::uint64_t items
        = static_cast<std::uint64_t>(shape.batch * shape.heads) * tiles(shape.queries) * tiles(shape.valueDim());
    if (items == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(attentionValuesKernel<T>, blocksForItems(items), dim3(kTile, kTile), s)
        (static_cast<T*>(out), static_cast<const T*>(probs), kvRows(v, layout), shape, 1.0f);
        return GPURT(GetLastError)();
    });
}

inline Error softmaxRows(
    Stream s, void* outF32, const void* in, std::uint64_t rows, std::uint64_t cols, device::DType dtype)
{
    if (rows == 0 || cols == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(softmaxRowsKernel<T>, blocksForItems(rows), kRowThreads, s)
        (static_cast<float*>(outF32), static_cast<const T*>(in), rows, cols);
        return GPURT(GetLastError)();
    });
}

inline Error convert(
    Stream s, void* out, device::DType outType, const void* in, device::DType inType, std::uint64_t count)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(outType, [&](auto outTag) {
        using TO = ITERAGPU_STORAGE(outTag);
        return withStorageType(inType, [&](auto inTag) {
            using TI = ITERAGPU_STORAGE(inTag);
            using Types = ConvertTypes<TO, TI>;
            ITERAGPU_LAUNCH(convertKernel<Types>, blocksFor(count), kThreads, s)
            (static_cast<TO*>(out), static_cast<const TI*>(in), count);
            return GPURT(GetLastError)();
        });
    });
}

inline Error routerTopK(Stream s, void* indices, void* weights, const void* logits, std::uint64_t tokens,
    std::uint64_t experts, std::uint64_t k, device::DType dtype)
{
    if (tokens == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(routerTopKKernel<T>, blocksFor(tokens), kThreads, s)
        (static_cast<int*>(indices), static_cast<float*>(weights), static_cast<const T*>(logits), tokens, experts, k);
        return GPURT(GetLastError)();
    });
}

inline Error countRoutedTokens(Stream s, void* counts, const void* indices, std::uint64_t tokens, std::uint64_t k,
    std::uint64_t experts)
{
    if (experts == 0)
        return kSuccess;
    ITERAGPU_LAUNCH(countRoutedKernel, blocksFor(experts), kThreads, s)
    (static_cast<int*>(counts), static_cast<const int*>(indices), tokens * k, experts);
    return GPURT(GetLastError)();
}

inline Error routedTokens(Stream s, void* tokenIdx, const void* indices, std::uint64_t tokens, std::uint64_t k,
    int expert, std::uint64_t rows)
{
    if (rows == 0 || tokens == 0)
        return kSuccess;
    ITERAGPU_LAUNCH(routedTokensKernel, 1, kThreads, s)
    (static_cast<int*>(tokenIdx), static_cast<const int*>(indices), tokens, k, expert, rows);
    return GPURT(GetLastError)();
}

inline Error gatherRows(Stream s, void* out, const void* in, const void* rowIdx, std::uint64_t rows,
    std::uint64_t cols, device::DType dtype)
{
    const std::uint64_t count = rows * cols;
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(gatherRowsKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), static_cast<const int*>(rowIdx), count, cols);
        return GPURT(GetLastError)();
    });
}

inline Error addRoutedRows(Stream s, void* out, const void* y, const void* tokenIdx, const void* indices,
    const void* weights, std::uint64_t rows, std::uint64_t hidden, std::uint64_t k, int expert, device::DType dtype)
{
    const std::uint64_t count = rows * hidden;
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(addRoutedRowsKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(y), static_cast<const int*>(tokenIdx),
            static_cast<const int*>(indices), static_cast<const float*>(weights), count, hidden, k, expert);
        return GPURT(GetLastError)();
    });
}

inline Error dequantizeInt8(
    Stream s, void* out, const void* q, const void* scales, std::uint64_t rows, std::uint64_t cols, device::DType dtype)
{
    const std::uint64_t count = rows * cols;
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(dequantizeInt8Kernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const signed char*>(q), static_cast<const float*>(scales), count, cols);
        return GPURT(GetLastError)();
    });
}

inline Error dequantizeNf4(Stream s, void* out, const device::Nf4Tensor& t, device::DType dtype)
{
    if (t.count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(dequantizeNf4Kernel<T>, blocksFor(t.count), kThreads, s)
        (static_cast<T*>(out), static_cast<const unsigned char*>(t.packed), t.absmax,
            static_cast<const float*>(t.quantMap), t.doubleQuant ? static_cast<const float*>(t.nestedScale) : nullptr,
            t.doubleQuant ? static_cast<const float*>(t.nestedMap) : nullptr,
            t.doubleQuant ? static_cast<const float*>(t.offset) : nullptr, t.count, t.blockSize);
        return GPURT(GetLastError)();
    });
}

inline Error dequantizeFp8(Stream s, void* out, const device::Fp8Tensor& t, device::DType dtype)
{
    const std::uint64_t count = static_cast<std::uint64_t>(t.rows) * static_cast<std::uint64_t>(t.cols);
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(dequantizeFp8Kernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const unsigned char*>(t.codes), static_cast<const float*>(t.scaleInv),
            static_cast<std::uint64_t>(t.rows), static_cast<std::uint64_t>(t.cols),
            static_cast<std::uint64_t>(t.blockRows), static_cast<std::uint64_t>(t.blockColumns), t.e5m2);
        return GPURT(GetLastError)();
    });
}

inline Error dequantizeInt4(Stream s, void* out, const device::Int4Tensor& t, device::DType dtype)
{
    const std::uint64_t count = static_cast<std::uint64_t>(t.out) * static_cast<std::uint64_t>(t.in);
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(dequantizeInt4Kernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const unsigned int*>(t.qweight), static_cast<const unsigned int*>(t.qzeros),
            static_cast<const __half*>(t.scales), static_cast<const int*>(t.gIdx), static_cast<std::uint64_t>(t.out),
            static_cast<std::uint64_t>(t.in), static_cast<std::uint64_t>(t.groupSize), t.awq);
        return GPURT(GetLastError)();
    });
}

inline Error dequantizeMxfp4(Stream s, void* out, const device::Mxfp4Tensor& t, device::DType dtype)
{
    const std::uint64_t count = static_cast<std::uint64_t>(t.rows) * static_cast<std::uint64_t>(t.cols);
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(dequantizeMxfp4Kernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const unsigned char*>(t.blocks), static_cast<const unsigned char*>(t.scales),
            static_cast<std::uint64_t>(t.rows), static_cast<std::uint64_t>(t.cols));
        return GPURT(GetLastError)();
    });
}

inline Error argmaxRows(
    Stream s, void* out, const void* in, std::uint64_t rows, std::uint64_t cols, device::DType dtype)
{
    if (rows == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(argmaxRowsKernel<T>, blocksForItems(rows), kRowThreads, s)
        (static_cast<int*>(out), static_cast<const T*>(in), rows, cols);
        return GPURT(GetLastError)();
    });
}

// ---- the state layers' launchers (ABI 5). Arguments are validated by the context, as for the decoder's.

inline Error causalConv1d(Stream s, void* out, const void* in, std::uint64_t inStride, void* state, const void* weight,
    const void* bias, std::uint64_t batch, std::uint64_t seq, std::uint64_t channels, std::uint64_t kernel,
    device::DType dtype)
{
    if (batch == 0 || channels == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(causalConv1dKernel<T>, blocksFor(batch * channels), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), inStride, static_cast<T*>(state),
            static_cast<const T*>(weight), static_cast<const T*>(bias), batch, seq, channels, kernel);
        return GPURT(GetLastError)();
    });
}

inline Error ssmScan(Stream s, void* y, const void* x, const void* dt, const void* b, const void* c, void* state,
    const void* aLog, const void* dSkip, const void* dtBias, const device::SsmShape& shape, device::DType dtype)
{
    const auto threads = static_cast<std::uint64_t>(shape.batch * shape.heads * shape.headDim);
    if (threads == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(ssmScanKernel<T>, blocksFor(threads), kThreads, s)
        (static_cast<T*>(y), static_cast<const T*>(x), static_cast<const T*>(dt), static_cast<const T*>(b),
            static_cast<const T*>(c), static_cast<T*>(state), static_cast<const T*>(aLog), static_cast<const T*>(dSkip),
            static_cast<const T*>(dtBias), shape);
        return GPURT(GetLastError)();
    });
}

inline Error selectiveScan(Stream s, void* y, const void* x, const void* dt, const void* b, const void* c,
    const void* z, void* state, const void* aLog, const void* dSkip, const void* dtBias,
    const device::SelectiveScanShape& shape, device::DType dtype)
{
    const auto threads = static_cast<std::uint64_t>(shape.batch * shape.channels);
    if (threads == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(selectiveScanKernel<T>, blocksFor(threads), kThreads, s)
        (static_cast<T*>(y), static_cast<const T*>(x), static_cast<const T*>(dt), static_cast<const T*>(b),
            static_cast<const T*>(c), static_cast<const T*>(z), static_cast<T*>(state), static_cast<const T*>(aLog),
            static_cast<const T*>(dSkip), static_cast<const T*>(dtBias), shape);
        return GPURT(GetLastError)();
    });
}

inline Error gatedRmsNorm(Stream s, void* out, const void* in, const void* gate, std::uint64_t gateStride,
    const void* weight, std::uint64_t rows, std::uint64_t cols, std::uint64_t groupSize, float eps, bool normBeforeGate,
    device::DType dtype)
{
    if (rows == 0 || cols == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(gatedRmsNormKernel<T>, blocksForItems(rows * (cols / groupSize)), kRowThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), static_cast<const T*>(gate), gateStride,
            static_cast<const T*>(weight), rows, cols, groupSize, eps, normBeforeGate);
        return GPURT(GetLastError)();
    });
}

inline Error copyColumns(Stream s, void* out, const void* in, std::uint64_t rows, std::uint64_t cols,
    std::uint64_t inStride, device::DType dtype)
{
    if (rows == 0 || cols == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(copyColumnsKernel<T>, blocksFor(rows * cols), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), rows, cols, inStride);
        return GPURT(GetLastError)();
    });
}

inline Error sigmoidGate(
    Stream s, void* out, const void* in, const void* gate, std::uint64_t count, device::DType dtype)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(sigmoidGateKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(in), static_cast<const T*>(gate), count);
        return GPURT(GetLastError)();
    });
}

inline Error gatedDeltaRule(Stream s, void* out, const void* q, const void* k, const void* v, const void* b,
    const void* a, void* state, const void* aLog, const void* dtBias, const device::DeltaShape& shape,
    device::DType dtype)
{
    const auto threads = static_cast<std::uint64_t>(shape.batch * shape.valueHeads * shape.valueDim);
    if (threads == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(gatedDeltaRuleKernel<T>, blocksFor(threads), kThreads, s)
        (static_cast<T*>(out), static_cast<const T*>(q), static_cast<const T*>(k), static_cast<const T*>(v),
            static_cast<const T*>(b), static_cast<const T*>(a), static_cast<T*>(state), static_cast<const T*>(aLog),
            static_cast<const T*>(dtBias), shape);
        return GPURT(GetLastError)();
    });
}

// ---- the training launchers (ABI 4). Arguments are validated by the context, as for the decoder's.

// The contiguous K or V of a training step as a KvLayout: key j (position keyStart + j) at row j.
inline device::KvLayout trainingKvLayout(const device::AttentionShape& shape)
{
    device::KvLayout layout;
    layout.heads = shape.kvHeads;
    layout.headDim = shape.headDim;
    layout.capacity = std::max<std::int64_t>(shape.keys, 1);
    layout.base = shape.keyStart;
    return layout;
}

inline Error attentionForward(Stream s, void* out, void* lseF32, const void* q, const void* k, const void* v,
    const device::AttentionShape& shape, device::DType dtype)
{
    return attention(s, out, q, k, v, trainingKvLayout(shape), shape, dtype, lseF32);
}

// After each launch of a launcher that makes several: returns the launch's error when it failed, so the first
// failed launch is the one reported and nothing after it is launched.
#define ITERAGPU_LAUNCHED()                                                                                            \
    do {                                                                                                               \
        const Error launchError_ = GPURT(GetLastError)();                                                              \
        if (launchError_ != kSuccess)                                                                                  \
            return launchError_;                                                                                       \
    } while (false)

// Note [Attention backward]: delta, then the query kernel (dQ), then the key kernel (dK, dV).
inline Error attentionBackward(Stream s, void* dq, void* dk, void* dv, void* deltaF32, const void* dout, const void* q,
    const void* k, const void* v, const void* out, const void* lseF32, const device::AttentionShape& shape,
    device::DType dtype)
{
    const auto rows = static_cast<std::uint64_t>(shape.batch * shape.heads * shape.queries);
    const auto group = static_cast<std::uint64_t>(shape.heads / shape.kvHeads);
    const std::uint64_t queryItems = static_cast<std::uint64_t>(shape.batch * shape.kvHeads)
        * ((group * static_cast<std::uint64_t>(shape.queries) + kBwdRows - 1) / kBwdRows);
    const std::uint64_t keyItems = static_cast<std::uint64_t>(shape.batch * shape.kvHeads)
        * ((static_cast<std::uint64_t>(shape.keys) + kBwdKeys - 1) / kBwdKeys);
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        const auto* doutT = static_cast<const T*>(dout);
        const auto* qT = static_cast<const T*>(q);
        const auto* kT = static_cast<const T*>(k);
        const auto* vT = static_cast<const T*>(v);
        const auto* lse = static_cast<const float*>(lseF32);
        auto* delta = static_cast<float*>(deltaF32);
        if (rows > 0) {
            ITERAGPU_LAUNCH(attentionDeltaKernel<T>, blocksFor(rows), kThreads, s)
            (delta, doutT, static_cast<const T*>(out), shape);
            ITERAGPU_LAUNCHED();
            ITERAGPU_LAUNCH(attentionBackwardQueryKernel<T>, blocksForItems(queryItems), kBwdThreads, s)
            (static_cast<T*>(dq), doutT, qT, kT, vT, lse, delta, shape);
            ITERAGPU_LAUNCHED();
        }
        if (keyItems > 0) {
            ITERAGPU_LAUNCH(attentionBackwardKeyKernel<T>, blocksForItems(keyItems), kBwdThreads, s)
            (static_cast<T*>(dk), static_cast<T*>(dv), doutT, qT, kT, vT, lse, delta, shape);
            ITERAGPU_LAUNCHED();
        }
        return kSuccess;
    });
}

// The eager backward as the eager forward's kernels run it backwards: dP = dout · Vᵀ into dscores (the scores
// kernel, unscaled), dS in place (softmaxBackwardRowsKernel), dQ = scale · dS · K (the values kernel), then
// dK = scale · dSᵀ · Q and dV = probsᵀ · dout (attentionKeyGradKernel).
inline Error attentionEagerBackward(Stream s, void* dq, void* dk, void* dv, void* dscores, const void* dout,
    const void* q, const void* k, const void* v, const void* probs, const device::AttentionShape& shape,
    device::DType dtype)
{
    const auto tiles = [](std::int64_t n) { return static_cast<std::uint64_t>((n + kTile - 1) / kTile); };
    const auto bh = static_cast<std::uint64_t>(shape.batch * shape.heads);
    const auto rows = bh * static_cast<std::uint64_t>(shape.queries);
    const std::uint64_t scoreItems = bh * tiles(shape.queries) * tiles(shape.keys);
    const std::uint64_t queryItems = bh * tiles(shape.queries) * tiles(shape.headDim);
    const std::uint64_t keyItems
        = static_cast<std::uint64_t>(shape.batch * shape.kvHeads) * tiles(shape.keys) * tiles(shape.headDim);
    const device::KvLayout layout = trainingKvLayout(shape);
    device::AttentionShape unscaled = shape;
    unscaled.scale = 1.0f;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        auto* ds = static_cast<T*>(dscores);
        if (scoreItems > 0) {
            ITERAGPU_LAUNCH(attentionScoresKernel<T>, blocksForItems(scoreItems), dim3(kTile, kTile), s)
            (ds, static_cast<const T*>(dout), kvRows(v, layout), unscaled);
            ITERAGPU_LAUNCHED();
            ITERAGPU_LAUNCH(softmaxBackwardRowsKernel<T>, blocksForItems(rows), kRowThreads, s)
            (ds, static_cast<const T*>(probs), rows, static_cast<std::uint64_t>(shape.keys));
            ITERAGPU_LAUNCHED();
        }
        if (queryItems > 0) {
            ITERAGPU_LAUNCH(attentionValuesKernel<T>, blocksForItems(queryItems), dim3(kTile, kTile), s)
            (static_cast<T*>(dq), ds, kvRows(k, layout), shape, shape.scale);
            ITERAGPU_LAUNCHED();
        }
        if (keyItems > 0) {
            ITERAGPU_LAUNCH(attentionKeyGradKernel<T>, blocksForItems(keyItems), dim3(kTile, kTile), s)
            (static_cast<T*>(dk), ds, static_cast<const T*>(q), shape, shape.scale);
            ITERAGPU_LAUNCHED();
            ITERAGPU_LAUNCH(attentionKeyGradKernel<T>, blocksForItems(keyItems), dim3(kTile, kTile), s)
            (static_cast<T*>(dv), static_cast<const T*>(probs), static_cast<const T*>(dout), shape, 1.0f);
            ITERAGPU_LAUNCHED();
        }
        return kSuccess;
    });
}

inline Error ropeBackward(Stream s, void* x, std::uint64_t batch, std::uint64_t seq, std::uint64_t heads,
    std::uint64_t headDim, std::int64_t positionStart, float theta, device::DType dtype)
{
    return rope(s, x, batch, seq, heads, headDim, positionStart, theta, dtype, -1.0f);
}

// Note [RMSNorm weight gradient]: rows in at most kNormWeightChunks chunks of equal size (the last shorter).
inline std::uint64_t rmsNormRowsPerChunk(std::uint64_t rows)
{
    return std::max<std::uint64_t>(1, (rows + kNormWeightChunks - 1) / kNormWeightChunks);
}

// Float32 scratch rmsNormBackward needs: the row scales and the chunks' partial sums, with dweight only.
inline std::uint64_t rmsNormBackwardScratchBytes(std::uint64_t rows, std::uint64_t cols, bool withWeight)
{
    if (!withWeight || cols == 0)
        return 0;
    const std::uint64_t perChunk = rmsNormRowsPerChunk(rows);
    const std::uint64_t chunks = (rows + perChunk - 1) / perChunk;
    return (rows + chunks * cols) * sizeof(float);
}

// dweight (when not null) first, from dy and x before dx is written: dx may be either of them.
inline Error rmsNormBackward(Stream s, void* dx, void* dweight, const void* dy, const void* x, const void* weight,
    std::uint64_t rows, std::uint64_t cols, float eps, float weightOffset, void* scratch, device::DType dtype)
{
    if (cols == 0)
        return kSuccess;
    const std::uint64_t perChunk = rmsNormRowsPerChunk(rows);
    const std::uint64_t chunks = (rows + perChunk - 1) / perChunk;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        const auto* dyT = static_cast<const T*>(dy);
        const auto* xT = static_cast<const T*>(x);
        if (dweight) {
            auto* inv = static_cast<float*>(scratch);
            float* partial = inv + rows;
            if (rows > 0) {
                ITERAGPU_LAUNCH(rmsNormInverseKernel<T>, blocksForItems(rows), kRowThreads, s)
                (inv, xT, rows, cols, eps);
                ITERAGPU_LAUNCHED();
                ITERAGPU_LAUNCH(rmsNormWeightPartialKernel<T>, blocksFor(chunks * cols), kThreads, s)
                (partial, dyT, xT, inv, rows, cols, chunks, perChunk);
                ITERAGPU_LAUNCHED();
            }
            ITERAGPU_LAUNCH(rmsNormWeightSumKernel<T>, blocksFor(cols), kThreads, s)
            (static_cast<T*>(dweight), partial, cols, chunks);
            ITERAGPU_LAUNCHED();
        }
        if (rows > 0) {
            ITERAGPU_LAUNCH(rmsNormBackwardKernel<T>, blocksForItems(rows), kRowThreads, s)
            (static_cast<T*>(dx), dyT, xT, static_cast<const T*>(weight), rows, cols, eps, weightOffset);
            ITERAGPU_LAUNCHED();
        }
        return kSuccess;
    });
}

inline Error gatedActivationBackward(Stream s, void* dgate, void* dup, const void* dout, const void* gate,
    const void* up, std::uint64_t count, device::Activation act, device::DType dtype)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(gatedActivationBackwardKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(dgate), static_cast<T*>(dup), static_cast<const T*>(dout), static_cast<const T*>(gate),
            static_cast<const T*>(up), count, static_cast<int>(act));
        return GPURT(GetLastError)();
    });
}

inline Error logSoftmaxRows(Stream s, void* outF32, const void* inF32, std::uint64_t rows, std::uint64_t cols)
{
    if (rows == 0 || cols == 0)
        return kSuccess;
    ITERAGPU_LAUNCH(logSoftmaxRowsKernel, blocksForItems(rows), kRowThreads, s)
    (static_cast<float*>(outF32), static_cast<const float*>(inF32), rows, cols);
    return GPURT(GetLastError)();
}

// Always one launch: with no rows the loss is still written (0, or left as it was when accumulating).
inline Error nllLoss(Stream s, void* lossF32, const void* logprobsF32, const void* labels, std::uint64_t rows,
    std::uint64_t cols, float scale, bool accumulate)
{
    ITERAGPU_LAUNCH(nllLossKernel, 1, kRowThreads, s)
    (static_cast<float*>(lossF32), static_cast<const float*>(logprobsF32), static_cast<const int*>(labels), rows, cols,
        scale, accumulate);
    return GPURT(GetLastError)();
}

inline Error nllLossBackward(
    Stream s, void* gradF32, const void* labels, std::uint64_t rows, std::uint64_t cols, float scale)
{
    const std::uint64_t count = rows * cols;
    if (count == 0)
        return kSuccess;
    ITERAGPU_LAUNCH(nllLossBackwardKernel, blocksFor(count), kThreads, s)
    (static_cast<float*>(gradF32), static_cast<const int*>(labels), count, cols, scale);
    return GPURT(GetLastError)();
}

inline Error logSoftmaxBackward(
    Stream s, void* gradInF32, const void* gradOutF32, const void* logprobsF32, std::uint64_t rows, std::uint64_t cols)
{
    if (rows == 0 || cols == 0)
        return kSuccess;
    ITERAGPU_LAUNCH(logSoftmaxBackwardKernel, blocksForItems(rows), kRowThreads, s)
    (static_cast<float*>(gradInF32), static_cast<const float*>(gradOutF32), static_cast<const float*>(logprobsF32),
        rows, cols);
    return GPURT(GetLastError)();
}

inline Error embeddingBackward(Stream s, void* dtable, const void* dout, const void* ids, std::uint64_t tokens,
    std::uint64_t hidden, std::int64_t vocab, float scale, device::DType dtype)
{
    if (tokens == 0 || hidden == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(embeddingBackwardKernel<T>, blocksFor(hidden), kThreads, s)
        (static_cast<T*>(dtable), static_cast<const T*>(dout), static_cast<const int*>(ids), tokens, hidden, vocab,
            scale);
        return GPURT(GetLastError)();
    });
}

inline Error sgdStep(Stream s, void* param, const void* grad, std::uint64_t count, device::DType dtype, float lr)
{
    if (count == 0)
        return kSuccess;
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(sgdKernel<T>, blocksFor(count), kThreads, s)
        (static_cast<T*>(param), static_cast<const T*>(grad), count, lr);
        return GPURT(GetLastError)();
    });
}

inline Error adam8bitStep(Stream s, void* param, const void* grad, void* state1, void* state2, void* absmax1,
    void* absmax2, std::uint64_t count, device::DType dtype, std::int64_t step, float lr, float beta1, float beta2,
    float eps, float weightDecay)
{
    if (count == 0)
        return kSuccess;
    const float correction1 = adamCorrection(beta1, step);
    const float correction2 = adamCorrection(beta2, step);
    return withStorageType(dtype, [&](auto tag) {
        using T = ITERAGPU_STORAGE(tag);
        ITERAGPU_LAUNCH(adam8bitKernel<T>, blocksForItems((count + k8bitBlock - 1) / k8bitBlock), kRowThreads, s)
        (static_cast<T*>(param), static_cast<const T*>(grad), static_cast<unsigned char*>(state1),
            static_cast<unsigned char*>(state2), static_cast<float*>(absmax1), static_cast<float*>(absmax2), count, lr,
            beta1, beta2, eps, weightDecay, correction1, correction2);
        return GPURT(GetLastError)();
    });
}

#undef ITERAGPU_LAUNCHED
#undef ITERAGPU_STORAGE

} // namespace iteragpu::gpu::kernels
