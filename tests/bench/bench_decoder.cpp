// SPDX-License-Identifier: Apache-2.0
// Decoder measurement benchmarks (plain main, std::chrono, median of 3 runs; never part of ctest): the whole
// `iteragpu measure --model ... --device sim:0 --sim-card h100-sxm --sim-speed 0` pipeline (prepareRun, the
// predictor, the workload on the simulated card through the caching allocator, the sampler at 1 kHz), for
//  1. Llama-2-7B, bf16, 4096 prompt tokens x 4 sequences, 256 generated (target: under 1 s wall, 200 MB resident);
//  2. a 70B shape (80 layers, hidden 8192, 64 heads, 8 KV heads), the same run (target: under 3 s);
//  3. the decode step's host cost (workload bookkeeping + allocator + sampler, everything the CPU does per step at
//     speed 0) against the step's modelled device time on the H100 (target: under 2 %).
// Resident memory is the process's peak (getrusage), the simulated memory being address-only.
#include "llamashape.h"
#include "core/protocol/runtypes.h"
#include "core/registry/backendregistry.h"
#include "core/runner/preparerun.h"
#include "core/runner/runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace iteragpu;
using Clock = std::chrono::steady_clock;

namespace {

protocol::RunConfig decoderRun(const model::ModelShape& shape, protocol::AttentionKind attention,
    protocol::KvCacheKind cache)
{
    protocol::RunConfig c;
    c.deviceId = "sim:0";
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.simCard = "h100-sxm";
    c.simSpeed = 0;
    c.simCapacityBytes = 1ULL << 50; // a 70B run needs more than one card; the pace stays the H100's
    protocol::DecoderSpec d;
    d.shape = shape;
    d.modelSource = "bench";
    d.promptTokens = 4096;
    d.sequences = 4;
    d.generated = 256;
    d.attention = attention;
    d.cache = cache;
    c.decoder = d;
    return c;
}

struct Timing {
    double wallSeconds = 0;
    double decodeHostSeconds = 0; // wall time of the decode phase at speed 0
    double decodeModelledSeconds = 0;
    bool ok = false;
    std::string error;
};

Timing runOnce(device::BackendRegistry& registry, const protocol::RunConfig& config)
{
    Timing t;
    const auto start = Clock::now();
    auto prepared = protocol::prepareRun(registry, config);
    if (prepared.failure != protocol::PreparedRun::Failure::None) {
        t.error = prepared.error;
        return t;
    }
    const auto result = protocol::Runner::runBlocking(config, prepared.backend, prepared.factory, nullptr);
    t.wallSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    t.ok = result.completed;
    t.error = result.error;
    for (const auto& p : result.phases)
        if (p.name == "decode") {
            t.decodeHostSeconds += p.durationSeconds.value_or(0);
            t.decodeModelledSeconds += p.modelledSeconds.value_or(0);
        }
    return t;
}

void bench(device::BackendRegistry& registry, const char* name, const protocol::RunConfig& config)
{
    std::vector<Timing> runs;
    for (int i = 0; i < 3; ++i)
        runs.push_back(runOnce(registry, config));
    if (!runs.front().ok) {
        std::printf("%-34s failed: %s\n", name, runs.front().error.c_str());
        return;
    }
    std::sort(runs.begin(), runs.end(), [](const Timing& a, const Timing& b) { return a.wallSeconds < b.wallSeconds; });
    const Timing& m = runs[1];
    const double steps = static_cast<double>(config.decoder->generated);
    std::printf("%-34s wall %7.3f s | decode step: host %8.1f us, modelled %8.1f us (%5.2f %%)\n", name, m.wallSeconds,
        m.decodeHostSeconds / steps * 1e6, m.decodeModelledSeconds / steps * 1e6,
        100.0 * m.decodeHostSeconds / m.decodeModelledSeconds);
}

} // namespace

int main()
{
    device::BackendRegistry registry;
    registry.loadFor("sim:0");
    const auto llama7 = llamaShape(32, 4096, 32, 32, 11008);
    const auto llama70 = llamaShape(80, 8192, 64, 8, 28672);
    using protocol::AttentionKind;
    using protocol::KvCacheKind;
    std::printf("measure on sim:0 as an H100 SXM at speed 0, 4096 prompt tokens x 4 sequences, 256 generated, "
                "3 warm prefills + 5 repeats, median of 3\n");
    bench(registry, "7B bf16 sdpa dynamic", decoderRun(llama7, AttentionKind::Sdpa, KvCacheKind::Dynamic));
    bench(registry, "7B bf16 eager dynamic", decoderRun(llama7, AttentionKind::Eager, KvCacheKind::Dynamic));
    bench(registry, "7B bf16 sdpa static", decoderRun(llama7, AttentionKind::Sdpa, KvCacheKind::Static));
    bench(registry, "7B bf16 sdpa paged", decoderRun(llama7, AttentionKind::Sdpa, KvCacheKind::Paged));
    bench(registry, "70B bf16 sdpa dynamic", decoderRun(llama70, AttentionKind::Sdpa, KvCacheKind::Dynamic));
    bench(registry, "70B bf16 sdpa paged", decoderRun(llama70, AttentionKind::Sdpa, KvCacheKind::Paged));
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("peak resident memory of the process: %.1f MB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
    return 0;
}
