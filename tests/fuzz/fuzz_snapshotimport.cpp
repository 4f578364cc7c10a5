// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: a PyTorch memory snapshot as 'iteragpu import' and File > Import PyTorch snapshot... read it
// (core/interop/picklereader.h, snapshotimport.h), with the limits of a small machine. Every input gives a run
// marked imported whose phases are in order and whose peaks are at least their baselines and finals, or a
// one-line error; nothing is executed, nothing crashes, leaks or hangs.
#include "core/interop/memoryvizexport.h"
#include "core/interop/snapshotimport.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    iteragpu::interop::PickleLimits limits;
    limits.maxValues = 200'000;
    limits.maxStack = 100'000;
    limits.maxMemo = 100'000;
    limits.maxTotalStringBytes = 8u << 20;
    iteragpu::protocol::RunResult result;
    std::string error;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    if (!iteragpu::interop::importSnapshot(input, "fuzz.pickle", result, error, limits)) {
        if (error.empty() || error.find('\n') != std::string::npos || result.imported)
            __builtin_trap(); // a refusal is one line and leaves nothing half-imported
        return 0;
    }
    if (!result.imported || result.phases.empty())
        __builtin_trap();
    double last = 0.0;
    for (const auto& p : result.phases) {
        if (!p.peak.allocated || *p.peak.allocated < *p.baseline.allocated || *p.peak.allocated < *p.final.allocated
            || *p.peak.reserved < *p.baseline.reserved || *p.peak.reserved < *p.final.reserved)
            __builtin_trap();
        if (*p.startSeconds < last || *p.endSeconds < *p.startSeconds)
            __builtin_trap();
        last = *p.startSeconds;
    }
    // What was imported exports again (the export walks the same trace).
    (void)iteragpu::interop::memoryVizPickle(result);
    return 0;
}
