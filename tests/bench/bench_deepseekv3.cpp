// SPDX-License-Identifier: Apache-2.0
// DeepSeek-V3 on the decoder (plain main, std::chrono, median of 3 runs; never part of ctest): the committed
// config.json (tests/data/models/deepseek-v3: 61 layers, MLA, 3 dense + 58 MoE layers of 256 routed experts and
// one shared, fp8 with 128 x 128 block scales from its quantization_config), resolved as `iteragpu measure
// --config` resolves it, measured unpaced (--sim-speed 0) on sim:0 timed as an H200: 4 096 prompt tokens, one
// sequence, 64 decode steps, sdpa, dynamic cache. The model (684 GB) needs eight H200s; the simulated device gets
// eight H200s' capacity as one address space, so the run reaches its decode steps: the pace stays one H200's.
// Target (issue #22): at most 2 s wall and 200 MB resident per run. Resident memory is the process's peak
// (getrusage); the simulated memory is address-only.
#include "core/protocol/runtypes.h"
#include "core/registry/backendregistry.h"
#include "core/runner/preparerun.h"
#include "core/runner/runner.h"
#include "core/workloads/decodersource.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace iteragpu;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::uint64_t kH200Bytes = 143771ULL * 1024 * 1024; // the catalog's reported total of an H200 SXM (bytes)

struct Timing {
    double wallSeconds = 0;
    double predictSeconds = 0;
    double modelledSeconds = 0;
    std::uint64_t peakAllocated = 0;
    bool ok = false;
    bool predictedEqualsMeasured = true;
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
    for (const auto& p : result.phases) {
        t.modelledSeconds += p.modelledSeconds.value_or(0);
        if (p.peak.allocated)
            t.peakAllocated = std::max(t.peakAllocated, *p.peak.allocated);
        if (p.predictedPeakAllocated && p.peak.allocated && *p.predictedPeakAllocated != *p.peak.allocated)
            t.predictedEqualsMeasured = false;
    }
    return t;
}

} // namespace

int main()
{
    const std::string config = std::string(ITERAGPU_BENCH_DATA) + "/models/deepseek-v3/config.json";
    protocol::RunConfig c;
    c.deviceId = "sim:0";
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.simCard = "h200-sxm";
    c.simSpeed = 0;
    c.simCapacityBytes = 8 * kH200Bytes;
    try {
        protocol::DecoderSpec d = workloads::DecoderSource::resolve(config);
        d.promptTokens = 4096;
        d.sequences = 1;
        d.generated = 64;
        d.attention = protocol::AttentionKind::Sdpa;
        d.cache = protocol::KvCacheKind::Dynamic;
        c.decoder = d;
    } catch (const std::exception& e) {
        std::printf("cannot read %s: %s\n", config.c_str(), e.what());
        return 1;
    }
    device::BackendRegistry registry;
    registry.loadFor("sim:0");
    std::printf("DeepSeek-V3 (%s) on sim:0 as an H200 (capacity of 8), speed 0, 4096 prompt tokens x 1, 64 generated, "
                "median of 3\n",
        protocol::weightStorageName(c.decoder->storage));
    std::vector<Timing> runs;
    for (int i = 0; i < 3; ++i)
        runs.push_back(runOnce(registry, c));
    if (!runs.front().ok) {
        std::printf("failed: %s\n", runs.front().error.c_str());
        return 1;
    }
    std::sort(runs.begin(), runs.end(), [](const Timing& a, const Timing& b) { return a.wallSeconds < b.wallSeconds; });
    const Timing& m = runs[1];
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("wall %.3f s (target 2 s) | peak allocated %.2f GB | modelled device time %.1f s | predicted == "
                "measured: %s\n",
        m.wallSeconds, static_cast<double>(m.peakAllocated) / 1e9, m.modelledSeconds,
        m.predictedEqualsMeasured ? "yes" : "NO");
    std::printf("peak resident memory of the process: %.1f MB (target 200 MB)\n",
        static_cast<double>(usage.ru_maxrss) / 1024.0);
    return 0;
}
