// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// One line of the event stream of python/iteragpu_probe (the user's own PyTorch program, measured from inside):
// the events of `iteragpu measure --stream` (phase_started, samples, phase_finished, run_finished) with the
// phases written whole (phaseToJson without samples), plus the run's header first and the whole result last:
//   {"event": "run_started", "run_id": N, "simulated": false, "result": <iteragpu.measure/2, no phases>}
//   {"event": "run_finished", ..., "completed": b, "cancelled": b, "error": s|null, "result": <the whole run>}
namespace iteragpu::report {

struct ProbeEvent {
    enum class Kind { RunStarted, PhaseStarted, Samples, PhaseFinished, RunFinished };
    Kind kind = Kind::Samples;
    std::uint64_t runId = 0;
    protocol::PhaseResult phase; // PhaseStarted, PhaseFinished
    std::vector<protocol::Sample> samples; // Samples
    bool hasResult = false; // RunStarted (the header: config, workload, environment) and RunFinished
    protocol::RunResult result;
    bool completed = false; // RunFinished
    bool cancelled = false; // RunFinished
    std::string error; // RunFinished: the run's error, empty when none
};

// Bounds of one line: a longer line, more samples or deeper nesting is refused, never truncated.
inline constexpr std::size_t kMaxProbeLineBytes = 64u << 20;
inline constexpr std::size_t kMaxProbeLineSamples = 200'000;
inline constexpr int kMaxProbeLineDepth = 12;

// Throws nothing: false with a one-line reason for a line that is not one of the probe's events. A simulated
// event is refused: the probe measures a GPU, never a simulation.
bool readProbeLine(std::string_view line, ProbeEvent& event, std::string& error);

} // namespace iteragpu::report
