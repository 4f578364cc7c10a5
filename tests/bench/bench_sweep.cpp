// SPDX-License-Identifier: Apache-2.0
// Sweep benchmarks (plain main, std::chrono; never part of ctest):
//  1. trials --find-max needs to reach the boundary at resolution 1, the worst over every boundary in [0, max],
//     against the target log2(max/min) + 3 (min = 1), with --max and without it (galloping);
//  2. the per-trial overhead of the fresh process on sim (start, open the simulated device, write the result
//     file): the wall time of the smallest trial, median of 20 (target: under 100 ms);
//  3. a real --find-max sequences sweep of Llama-2-7B on sim:0 (14 GiB, --sim-speed 0): its trials and wall time.
// The program of each trial: $ITERAGPU_MEASURE_PROGRAM, or the build tree's iteragpu given as the first argument.
#include "core/sweep/localexecutor.h"
#include "core/sweep/sweepplanner.h"
#include "core/sweep/sweeprunner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

using namespace iteragpu;
using namespace iteragpu::sweep;
using Clock = std::chrono::steady_clock;

namespace {

std::size_t trialsToBoundary(const SweepSpec& spec, std::uint64_t boundary)
{
    std::vector<TrialRecord> trials;
    for (;;) {
        const auto values = SweepPlanner::nextRound(spec, trials, 1);
        if (values.empty())
            return trials.size();
        for (const auto v : values) {
            TrialRecord t;
            t.index = trials.size();
            t.value = v;
            t.status = v <= boundary ? TrialStatus::Passed : TrialStatus::Failed;
            t.failedPhase = "prefill";
            trials.push_back(t);
        }
    }
}

SweepSpec spec(std::optional<std::uint64_t> max)
{
    SweepSpec s;
    s.mode = SweepMode::FindMax;
    s.dimension = Dimension::Sequences;
    s.min = 1;
    s.max = max;
    s.devices = { "sim:0" };
    return s;
}

} // namespace

int main(int argc, char** argv)
{
    std::printf("1. --find-max trials to the boundary at resolution 1 (min 1, every boundary 0..max)\n");
    for (const std::uint64_t max : { 64ull, 1024ull, 65536ull }) {
        std::size_t worst = 0;
        double mean = 0.0;
        const std::uint64_t step = std::max<std::uint64_t>(1, max / 4096);
        std::size_t n = 0;
        for (std::uint64_t b = 0; b <= max; b += step, ++n) {
            const std::size_t t = trialsToBoundary(spec(max), b);
            worst = std::max(worst, t);
            mean += double(t);
        }
        std::printf("   --max %6llu: worst %2zu trials, mean %.1f; target log2(max/min) + 3 = %.1f\n",
            static_cast<unsigned long long>(max), worst, mean / double(n), std::log2(double(max)) + 3.0);
    }
    for (const std::uint64_t b : { 10ull, 100ull, 1000ull }) {
        std::printf("   no --max, boundary %5llu: %2zu trials (galloping, 2 log2(B) + 3 = %.1f)\n",
            static_cast<unsigned long long>(b), trialsToBoundary(spec(std::nullopt), b),
            2.0 * std::log2(double(b)) + 3.0);
    }

    const char* env = std::getenv("ITERAGPU_MEASURE_PROGRAM");
    const std::string program = env != nullptr ? env : argc > 1 ? argv[1] : "";
    if (program.empty() || ::access(program.c_str(), X_OK) != 0) {
        std::printf("2./3. skipped: give the iteragpu to run (bench_sweep build/ci/app/cli/iteragpu)\n");
        return 0;
    }
    const auto folder = std::filesystem::temp_directory_path() / ("bench_sweep_" + std::to_string(::getpid()));
    std::filesystem::create_directories(folder);

    LocalExecutor executor({ "sim:0" }, program);
    std::vector<TrialRequest> round;
    for (std::uint64_t i = 0; i < 20; ++i) {
        TrialRequest r;
        r.index = i;
        r.value = 1;
        r.resultPath = (folder / ("overhead-" + std::to_string(i) + ".json")).string();
        r.args = { "--batch", "1", "--context", "1", "--width", "8", "--warmup", "0", "--repeats", "1", "--sim-speed",
            "0", "--ledger", "none", "--output", r.resultPath };
        round.push_back(r);
    }
    std::vector<double> walls;
    bool allOk = true;
    TrialCallbacks callbacks;
    callbacks.finished = [&](const TrialOutcome& o) {
        allOk = allOk && o.exitCode && *o.exitCode == 0;
        if (o.wallSeconds)
            walls.push_back(*o.wallSeconds * 1000.0);
    };
    std::atomic<bool> cancel { false };
    executor.runRound(round, callbacks, cancel);
    std::sort(walls.begin(), walls.end());
    if (walls.empty() || !allOk) {
        std::printf("2. the overhead trials did not run cleanly\n");
        return 1;
    }
    std::printf("2. per-trial overhead on sim (fresh process, open sim:0, write the result): median %.1f ms, min %.1f, "
                "max %.1f over %zu trials (target < 100 ms)\n",
        walls[walls.size() / 2], walls.front(), walls.back(), walls.size());

    SweepSpec s = spec(64);
    s.measureArgs = { "--model", "llama-2-7b", "--sim-capacity-gib", "14", "--sim-speed", "0", "--warmup", "0",
        "--repeats", "1", "--prompt-tokens", "512", "--generated", "4", "--ledger", "none" };
    SweepRunner runner((folder / "decoder").string(), s, executor);
    std::string error;
    if (runner.create(error) != SweepRunner::OpenError::None) {
        std::printf("3. %s\n", error.c_str());
        return 1;
    }
    const auto t0 = Clock::now();
    const auto outcome = runner.run(cancel);
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    const auto& b = runner.record().boundary;
    std::printf("3. Llama-2-7B --find-max sequences --max 64 on sim:0 (14 GiB, simulated): %s, boundary %s, %zu "
                "trials (target %.1f), %.2f s wall\n",
        outcome == SweepRunner::Outcome::Complete ? "complete" : "not complete",
        b.largestPassing ? std::to_string(*b.largestPassing).c_str() : "none", runner.record().trials.size(),
        std::log2(64.0) + 3.0, wall);
    std::filesystem::remove_all(folder);
    return 0;
}
