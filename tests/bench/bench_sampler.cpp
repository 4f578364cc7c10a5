// SPDX-License-Identifier: Apache-2.0
// Cost of one sample (counter read + ring buffer + phase record) and the sampler's achieved rate.
// Usage: bench_sampler [samples]
#include "core/alloc/cachingallocator.h"
#include "core/alloc/hostrawmemory.h"
#include "core/sampler/sampler.h"
#include "core/units/units.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <thread>

using namespace iteragpu;

namespace {
double threadCpuNs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}
} // namespace

int main(int argc, char** argv)
{
    const int samples = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1000000;
    alloc::HostRawMemory raw(units::kGiB);
    alloc::CachingAllocator allocator(raw);
    std::size_t delivered = 0;
    {
        sampler::Sampler s([&allocator] { return allocator.liveCounters(); }, 1000.0, 2048,
            [&delivered](const std::vector<protocol::Sample>& b) { delivered += b.size(); });
        s.beginPhase(0);
        const double c0 = threadCpuNs();
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < samples; ++i)
            s.sampleNow();
        const auto t1 = std::chrono::steady_clock::now();
        const double cpuNs = (threadCpuNs() - c0) / samples;
        const auto phase = s.endPhase();
        s.stop();
        std::printf(
            "sampleNow(): cpu %.1f ns, wall %.1f ns per sample over %d samples (phase kept %zu, thinned %llu, ring "
            "dropped %llu)\n",
            cpuNs, std::chrono::duration<double, std::nano>(t1 - t0).count() / samples, samples, phase.samples.size(),
            static_cast<unsigned long long>(phase.thinned), static_cast<unsigned long long>(s.samplesDropped()));
    }
    for (double hz : { 1000.0, 10000.0 }) {
        std::size_t got = 0;
        std::size_t batches = 0;
        sampler::Sampler s([&allocator] { return allocator.liveCounters(); }, hz, 2048,
            [&got, &batches](const std::vector<protocol::Sample>& b) {
                got += b.size();
                ++batches;
            });
        const auto t0 = std::chrono::steady_clock::now();
        s.start();
        std::this_thread::sleep_for(std::chrono::seconds(1));
        s.stop();
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("thread at %.0f Hz: %.0f samples/s achieved, %.1f deliveries/s\n", hz, got / secs, batches / secs);
    }
    return 0;
}
