// SPDX-License-Identifier: Apache-2.0
// Cost of a cached malloc + free pair of the caching allocator (target: median <= 100 ns on the build machine).
// Usage: bench_allocator [pairs-per-round] [rounds]
#include "core/alloc/allocationtrace.h"
#include "core/alloc/cachingallocator.h"
#include "core/alloc/hostrawmemory.h"
#include "core/units/units.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <vector>

using namespace iteragpu;

namespace {

// CPU time of this thread: on a shared, overloaded build machine wall time also counts the time the thread
// waited for a core; both are printed.
double threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

struct Timing {
    double wallNs;
    double cpuNs;
};

Timing medianPairNs(alloc::CachingAllocator& a, std::uint64_t bytes, int pairs, int rounds)
{
    std::vector<double> perRound;
    std::vector<double> cpuPerRound;
    device::Status st;
    a.free(a.allocate(bytes, st)); // the block is cached from here on
    for (int r = 0; r < rounds; ++r) {
        const double c0 = threadCpuNs();
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < pairs; ++i) {
            void* p = a.allocate(bytes, st);
            a.free(p);
        }
        const auto t1 = std::chrono::steady_clock::now();
        const double c1 = threadCpuNs();
        perRound.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / pairs);
        cpuPerRound.push_back((c1 - c0) / pairs);
    }
    std::sort(perRound.begin(), perRound.end());
    std::sort(cpuPerRound.begin(), cpuPerRound.end());
    return { perRound[perRound.size() / 2], cpuPerRound[cpuPerRound.size() / 2] };
}

} // namespace

int main(int argc, char** argv)
{
    const int pairs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100000;
    const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 31;
    struct Row {
        const char* name;
        std::uint64_t bytes;
    };
    const Row rows[] = { { "512 B (small pool, split/merge)", 512 }, { "1 MiB (small pool)", units::kMiB },
        { "5 MiB (large pool, split/merge)", 5 * units::kMiB },
        { "11 MiB (large pool, whole block)", 11 * units::kMiB } };
    std::printf("cached malloc+free pair, median of %d rounds of %d pairs\n", rounds, pairs);
    {
        // Reference on the same machine: one glibc malloc + free pair of 512 bytes.
        std::vector<double> cpu;
        for (int r = 0; r < rounds; ++r) {
            const double c0 = threadCpuNs();
            for (int i = 0; i < pairs; ++i) {
                void* p = std::malloc(512 + std::size_t(i & 1));
                asm volatile("" : : "r"(p) : "memory");
                std::free(p);
            }
            cpu.push_back((threadCpuNs() - c0) / pairs);
        }
        std::sort(cpu.begin(), cpu.end());
        std::printf("  %-36s cpu %6.1f ns  (reference, not the caching allocator)\n", "glibc malloc+free 512 B",
            cpu[cpu.size() / 2]);
    }
    for (const auto& row : rows) {
        alloc::HostRawMemory raw(units::kGiB);
        alloc::CachingAllocator a(raw);
        const Timing plain = medianPairNs(a, row.bytes, pairs, rounds);
        alloc::AllocationTrace trace(65536);
        a.setTrace(&trace);
        const Timing traced = medianPairNs(a, row.bytes, pairs, rounds);
        std::printf("  %-36s cpu %6.1f ns  wall %6.1f ns   with trace: cpu %6.1f ns  wall %6.1f ns\n", row.name,
            plain.cpuNs, plain.wallNs, traced.cpuNs, traced.wallNs);
    }
    {
        // A fragmented cache: 20000 small blocks of random sizes, every other one freed, so the small pool holds
        // about 10000 free split blocks of many sizes between live ones. The pair then does a real best-fit
        // search, split and merge among them.
        alloc::HostRawMemory raw(4 * units::kGiB, false);
        alloc::CachingAllocator a(raw);
        std::mt19937_64 rng(7);
        std::vector<void*> blocks;
        device::Status st;
        for (int i = 0; i < 20000; ++i)
            blocks.push_back(a.allocate(512 * (1 + rng() % 128), st));
        for (std::size_t i = 0; i < blocks.size(); i += 2)
            a.free(blocks[i]);
        const Timing t = medianPairNs(a, 4096, pairs, rounds);
        std::printf("  %-36s cpu %6.1f ns  wall %6.1f ns   (%zu free blocks cached)\n", "4 KiB among 10000 free blocks",
            t.cpuNs, t.wallNs, a.cachedBlockCount());
    }
    return 0;
}
