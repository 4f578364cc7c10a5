// SPDX-License-Identifier: Apache-2.0
#pragma once

// A CPU emulation of the small part of the CUDA/HIP runtime that gpu/common uses, for tests only: with it the
// shared kernels and device context (gpu/common/gpukernels.h, gpucontext.h) compile with the host compiler and
// run on a machine without a GPU. Blocks run one after the other; the threads of a block run as fibers that
// meet at __syncthreads(), so __shared__ memory and barriers behave as on a device. "Device" memory is host memory,
// capped at kEmuCapacity; the stream-ordered pool keeps simple used/reserved counters in 2 MiB granules. Include this
// header before any gpu/common header.

#define ITERAGPU_HOST_EMULATION 1

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <math.h>
#include <mutex>
#include <tuple>
#include <ucontext.h>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
// AddressSanitizer must be told about each stack switch, or fibers look like stack overflows (dev-asan preset).
#include <sanitizer/common_interface_defs.h>
#define ITERAGPU_EMU_ASAN 1
#endif

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static

struct dim3 {
    unsigned int x = 1, y = 1, z = 1;
    dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1)
        : x(x_)
        , y(y_)
        , z(z_)
    {
    }
};

inline thread_local dim3 blockIdx;
inline thread_local dim3 threadIdx;
inline thread_local dim3 blockDim;
inline thread_local dim3 gridDim;

namespace iteragpu::emu {
inline std::mutex atomicMutex;
void yieldToScheduler();
} // namespace iteragpu::emu

inline void __syncthreads() { iteragpu::emu::yieldToScheduler(); }

inline float atomicAdd(float* address, float value)
{
    const std::lock_guard<std::mutex> lock(iteragpu::emu::atomicMutex);
    const float old = *address;
    *address = old + value;
    return old;
}

inline float __uint_as_float(unsigned int u)
{
    float f = 0.0f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

inline unsigned int __float_as_uint(float f)
{
    unsigned int u = 0;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

struct __half {
    std::uint16_t bits;
};

inline float __half2float(__half h)
{
    const std::uint32_t exponent = (h.bits >> 10) & 0x1fu;
    const std::uint32_t mantissa = h.bits & 0x3ffu;
    float value = 0.0f;
    if (exponent == 0)
        value = std::ldexp(static_cast<float>(mantissa), -24);
    else if (exponent == 31)
        value = mantissa ? NAN : INFINITY;
    else
        value = std::ldexp(static_cast<float>(mantissa | 0x400u), static_cast<int>(exponent) - 25);
    return (h.bits & 0x8000u) ? -value : value;
}

// float → binary16, round to nearest, ties to even (what __float2half does on the devices).
inline __half __float2half(float f)
{
    const std::uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    const float a = std::fabs(f);
    if (std::isnan(f))
        return { static_cast<std::uint16_t>(sign | 0x7e00) };
    if (a >= 65520.0f) // rounds to infinity
        return { static_cast<std::uint16_t>(sign | 0x7c00) };
    if (a < std::ldexp(1.0f, -14)) { // subnormal: a multiple of 2^-24
        const float q = std::nearbyint(std::ldexp(a, 24)); // default rounding mode: ties to even
        return { static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(q)) };
    }
    int e = 0;
    const float m = std::frexp(a, &e); // a = m · 2^e, m in [0.5, 1)
    float q = std::nearbyint(std::ldexp(m, 11)); // 11 significant bits
    if (q >= 2048.0f) {
        q /= 2.0f;
        e += 1;
    }
    const std::uint16_t exponent = static_cast<std::uint16_t>(e - 1 + 15);
    return { static_cast<std::uint16_t>(sign | (exponent << 10) | (static_cast<std::uint16_t>(q) & 0x3ff)) };
}

// ---- the runtime API subset -------------------------------------------------------------------------------

enum emuError_t {
    emuSuccess = 0,
    emuErrorInvalidValue = 1,
    emuErrorMemoryAllocation = 2,
    emuErrorInvalidConfiguration = 9,
    emuErrorInvalidDevice = 101,
};
enum emuMemPoolAttr {
    emuMemPoolAttrReleaseThreshold = 4,
    emuMemPoolAttrReservedMemCurrent = 5,
    emuMemPoolAttrReservedMemHigh = 6,
    emuMemPoolAttrUsedMemCurrent = 7,
    emuMemPoolAttrUsedMemHigh = 8,
};
enum emuMemcpyKind { emuMemcpyHostToDevice = 1, emuMemcpyDeviceToHost = 2 };
inline constexpr int emuDevAttrMemoryPoolsSupported = 115;
inline constexpr unsigned int emuStreamNonBlocking = 1;

struct emuStream {
    int unused = 0;
};
using emuStream_t = emuStream*;

struct emuMemPool {
    std::map<void*, std::uint64_t> sizes;
    std::uint64_t used = 0, usedHigh = 0, reserved = 0, reservedHigh = 0;
    std::uint64_t releaseThreshold = 0;
};
using emuMemPool_t = emuMemPool*;

struct emuDeviceProp {
    char name[256];
    std::size_t totalGlobalMem;
    int multiProcessorCount;
    int major;
    int minor;
};

namespace iteragpu::emu {

inline constexpr std::uint64_t kEmuCapacity = 1ULL << 30; // bytes of the emulated device
inline constexpr std::uint64_t kPoolGranule = 2ULL << 20; // bytes

struct State {
    std::mutex mutex;
    std::map<void*, std::uint64_t> raw;
    std::uint64_t rawBytes = 0;
    emuMemPool pool;
    emuError_t lastError = emuSuccess;
};

inline State& state()
{
    static State s;
    return s;
}

inline std::uint64_t inUse(State& s) { return s.rawBytes + s.pool.reserved; }

// The threads of one block as fibers (ucontext) on the calling thread. The scheduler runs every fiber in turn
// until it finishes or reaches __syncthreads(); a round ends when all did, so round r runs each thread from its
// barrier r-1 to its barrier r, which is the barrier's meaning (every thread of a block meets the same barriers).
struct FiberBlock {
    static constexpr std::size_t kStackBytes = 64 * 1024;
    std::vector<ucontext_t> fibers;
    std::vector<std::vector<char>> stacks;
    std::vector<char> done;
    ucontext_t scheduler {};
    std::size_t current = 0;
    std::function<void()> body;
    // AddressSanitizer's view of the stacks (unused without it).
    std::vector<void*> fakeStacks;
    const void* schedulerBottom = nullptr;
    std::size_t schedulerSize = 0;

    void resize(std::size_t threads)
    {
        fibers.resize(threads);
        if (stacks.size() < threads)
            stacks.resize(threads, std::vector<char>(kStackBytes));
        done.assign(threads, 0);
        fakeStacks.assign(threads, nullptr);
    }
};

inline thread_local FiberBlock* currentBlock = nullptr;

inline void fiberEntry()
{
    FiberBlock* block = currentBlock;
#if defined(ITERAGPU_EMU_ASAN)
    __sanitizer_finish_switch_fiber(nullptr, &block->schedulerBottom, &block->schedulerSize);
#endif
    block->body();
    block->done[block->current] = 1; // then uc_link returns to the scheduler
#if defined(ITERAGPU_EMU_ASAN)
    __sanitizer_start_switch_fiber(nullptr, block->schedulerBottom, block->schedulerSize); // this stack ends
#endif
}

inline void yieldToScheduler()
{
    FiberBlock* block = currentBlock;
    const std::size_t self = block->current;
#if defined(ITERAGPU_EMU_ASAN)
    __sanitizer_start_switch_fiber(&block->fakeStacks[self], block->schedulerBottom, block->schedulerSize);
#endif
    swapcontext(&block->fibers[self], &block->scheduler);
#if defined(ITERAGPU_EMU_ASAN)
    __sanitizer_finish_switch_fiber(block->fakeStacks[self], &block->schedulerBottom, &block->schedulerSize);
#endif
}

// Runs a kernel launch: blocks in turn, each block's threads as fibers.
template <typename... P> struct Launcher {
    dim3 grid;
    dim3 block;
    void (*kernel)(P...);

    template <typename... A> void operator()(A... args) const
    {
        const unsigned int threads = block.x * block.y * block.z;
        if (grid.x == 0 || grid.y == 0 || grid.z == 0 || threads == 0 || threads > 1024) {
            state().lastError = emuErrorInvalidConfiguration;
            return;
        }
        static thread_local FiberBlock fb;
        const auto k = kernel;
        fb.body = [&] { k(args...); };
        blockDim = block;
        gridDim = grid;
        for (unsigned int bz = 0; bz < grid.z; ++bz)
            for (unsigned int by = 0; by < grid.y; ++by)
                for (unsigned int bx = 0; bx < grid.x; ++bx) {
                    fb.resize(threads);
                    for (unsigned int t = 0; t < threads; ++t) {
                        getcontext(&fb.fibers[t]);
                        fb.fibers[t].uc_stack.ss_sp = fb.stacks[t].data();
                        fb.fibers[t].uc_stack.ss_size = FiberBlock::kStackBytes;
                        fb.fibers[t].uc_link = &fb.scheduler;
                        makecontext(&fb.fibers[t], fiberEntry, 0);
                    }
                    blockIdx = dim3(bx, by, bz);
                    currentBlock = &fb;
                    for (bool running = true; running;) {
                        running = false;
                        for (unsigned int t = 0; t < threads; ++t) {
                            if (fb.done[t])
                                continue;
                            running = true;
                            fb.current = t;
                            threadIdx = dim3(t % block.x, t / block.x % block.y, t / (block.x * block.y));
#if defined(ITERAGPU_EMU_ASAN)
                            void* fake = nullptr;
                            __sanitizer_start_switch_fiber(&fake, fb.stacks[t].data(), FiberBlock::kStackBytes);
#endif
                            swapcontext(&fb.scheduler, &fb.fibers[t]);
#if defined(ITERAGPU_EMU_ASAN)
                            __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
                        }
                    }
                    currentBlock = nullptr;
                }
    }
};

template <typename... P> Launcher<P...> launch(dim3 grid, dim3 block, void (*kernel)(P...))
{
    return { grid, block, kernel };
}

} // namespace iteragpu::emu

inline const char* emuGetErrorString(emuError_t e)
{
    switch (e) {
    case emuSuccess:
        return "no error";
    case emuErrorInvalidValue:
        return "invalid argument";
    case emuErrorMemoryAllocation:
        return "out of memory";
    case emuErrorInvalidConfiguration:
        return "invalid configuration argument";
    case emuErrorInvalidDevice:
        return "invalid device ordinal";
    }
    return "unknown error";
}

inline emuError_t emuGetLastError()
{
    auto& s = iteragpu::emu::state();
    const emuError_t e = s.lastError;
    s.lastError = emuSuccess;
    return e;
}

inline emuError_t emuGetDeviceCount(int* count)
{
    *count = 1;
    return emuSuccess;
}
inline emuError_t emuSetDevice(int index) { return index == 0 ? emuSuccess : emuErrorInvalidDevice; }
inline emuError_t emuRuntimeGetVersion(int* v)
{
    *v = 13000;
    return emuSuccess;
}
inline emuError_t emuDriverGetVersion(int* v)
{
    *v = 13000;
    return emuSuccess;
}
inline emuError_t emuGetDeviceProperties(emuDeviceProp* prop, int index)
{
    if (index != 0)
        return emuErrorInvalidDevice;
    std::strcpy(prop->name, "Host emulation");
    prop->totalGlobalMem = iteragpu::emu::kEmuCapacity;
    prop->multiProcessorCount = 1;
    prop->major = 0;
    prop->minor = 0;
    return emuSuccess;
}
inline emuError_t emuDeviceGetAttribute(int* value, int attribute, int)
{
    *value = attribute == emuDevAttrMemoryPoolsSupported ? 1 : 0;
    return emuSuccess;
}
inline emuError_t emuStreamCreateWithFlags(emuStream_t* stream, unsigned int)
{
    *stream = new emuStream;
    return emuSuccess;
}
inline emuError_t emuStreamDestroy(emuStream_t stream)
{
    delete stream;
    return emuSuccess;
}
inline emuError_t emuStreamSynchronize(emuStream_t) { return emuSuccess; }
inline emuError_t emuDeviceSynchronize() { return emuSuccess; }

inline emuError_t emuMalloc(void** ptr, std::size_t bytes)
{
    auto& s = iteragpu::emu::state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    if (bytes > iteragpu::emu::kEmuCapacity - iteragpu::emu::inUse(s))
        return emuErrorMemoryAllocation;
    *ptr = std::malloc(bytes == 0 ? 1 : bytes);
    s.raw[*ptr] = bytes;
    s.rawBytes += bytes;
    return emuSuccess;
}

inline emuError_t emuFree(void* ptr)
{
    auto& s = iteragpu::emu::state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    const auto it = s.raw.find(ptr);
    if (it == s.raw.end())
        return emuErrorInvalidValue;
    s.rawBytes -= it->second;
    s.raw.erase(it);
    std::free(ptr);
    return emuSuccess;
}

inline emuError_t emuDeviceGetDefaultMemPool(emuMemPool_t* pool, int)
{
    *pool = &iteragpu::emu::state().pool;
    return emuSuccess;
}

inline emuError_t emuMallocAsync(void** ptr, std::size_t bytes, emuStream_t)
{
    using namespace iteragpu::emu;
    auto& s = state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    auto& p = s.pool;
    const std::uint64_t needed = p.used + bytes;
    if (needed > p.reserved) {
        const std::uint64_t grow = (needed - p.reserved + kPoolGranule - 1) / kPoolGranule * kPoolGranule;
        if (grow > kEmuCapacity - inUse(s))
            return emuErrorMemoryAllocation;
        p.reserved += grow;
    }
    *ptr = std::malloc(bytes == 0 ? 1 : bytes);
    p.sizes[*ptr] = bytes;
    p.used += bytes;
    p.usedHigh = std::max(p.usedHigh, p.used);
    p.reservedHigh = std::max(p.reservedHigh, p.reserved);
    return emuSuccess;
}

inline emuError_t emuFreeAsync(void* ptr, emuStream_t)
{
    auto& s = iteragpu::emu::state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    auto& p = s.pool;
    const auto it = p.sizes.find(ptr);
    if (it == p.sizes.end())
        return emuErrorInvalidValue;
    p.used -= it->second;
    p.sizes.erase(it);
    std::free(ptr);
    return emuSuccess;
}

inline emuError_t emuMemPoolTrimTo(emuMemPool_t pool, std::size_t keep)
{
    const std::uint64_t granules = (pool->used + iteragpu::emu::kPoolGranule - 1) / iteragpu::emu::kPoolGranule;
    pool->reserved = std::min(pool->reserved, std::max<std::uint64_t>(keep, granules * iteragpu::emu::kPoolGranule));
    return emuSuccess;
}

inline emuError_t emuMemPoolGetAttribute(emuMemPool_t pool, emuMemPoolAttr attribute, void* value)
{
    std::uint64_t v = 0;
    switch (attribute) {
    case emuMemPoolAttrReleaseThreshold:
        v = pool->releaseThreshold;
        break;
    case emuMemPoolAttrReservedMemCurrent:
        v = pool->reserved;
        break;
    case emuMemPoolAttrReservedMemHigh:
        v = pool->reservedHigh;
        break;
    case emuMemPoolAttrUsedMemCurrent:
        v = pool->used;
        break;
    case emuMemPoolAttrUsedMemHigh:
        v = pool->usedHigh;
        break;
    }
    std::memcpy(value, &v, sizeof v);
    return emuSuccess;
}

inline emuError_t emuMemPoolSetAttribute(emuMemPool_t pool, emuMemPoolAttr attribute, void* value)
{
    std::uint64_t v = 0;
    std::memcpy(&v, value, sizeof v);
    switch (attribute) {
    case emuMemPoolAttrReleaseThreshold:
        pool->releaseThreshold = v;
        return emuSuccess;
    case emuMemPoolAttrReservedMemHigh:
        if (v != 0)
            return emuErrorInvalidValue; // as the runtimes: only a reset is allowed
        pool->reservedHigh = pool->reserved;
        return emuSuccess;
    case emuMemPoolAttrUsedMemHigh:
        if (v != 0)
            return emuErrorInvalidValue;
        pool->usedHigh = pool->used;
        return emuSuccess;
    default:
        return emuErrorInvalidValue;
    }
}

inline emuError_t emuMemGetInfo(std::size_t* freeBytes, std::size_t* totalBytes)
{
    auto& s = iteragpu::emu::state();
    const std::lock_guard<std::mutex> lock(s.mutex);
    *totalBytes = iteragpu::emu::kEmuCapacity;
    *freeBytes = iteragpu::emu::kEmuCapacity - iteragpu::emu::inUse(s);
    return emuSuccess;
}

inline emuError_t emuMemcpyAsync(void* dst, const void* src, std::size_t bytes, emuMemcpyKind, emuStream_t)
{
    std::memcpy(dst, src, bytes);
    return emuSuccess;
}

inline emuError_t emuMemsetAsync(void* dst, int value, std::size_t bytes, emuStream_t)
{
    std::memset(dst, value, bytes);
    return emuSuccess;
}
