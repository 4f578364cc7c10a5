// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// One line of 'iteragpu measure --stream' (JSON lines on stdout: phase_started, samples, phase_finished,
// run_finished), read back for a live view of a run in another process (a sweep's trial). The phases carry what
// the stream writes without samples: index, name, repeat, status, peaks, the prediction, the error and the times.
namespace iteragpu::report {

struct StreamEvent {
    enum class Kind { PhaseStarted, Samples, PhaseFinished, RunFinished };
    Kind kind = Kind::Samples;
    std::uint64_t runId = 0;
    bool simulated = false;
    protocol::PhaseResult phase; // PhaseStarted, PhaseFinished
    std::vector<protocol::Sample> samples; // Samples
    bool completed = false; // RunFinished
    bool cancelled = false; // RunFinished
    std::string error; // RunFinished: the run's error, empty when none
};

// Bounds of one line: longer lines, more samples or deeper nesting are refused (not truncated).
inline constexpr std::size_t kMaxStreamLineBytes = 8u << 20;
inline constexpr std::size_t kMaxStreamSamples = 200'000;
inline constexpr int kMaxStreamDepth = 8;

// Throws nothing: false with a one-line reason for a line that is not one of the four events as measure writes
// them (malformed JSON, an unknown event, a missing or mistyped field, a line over the bounds).
bool readStreamLine(std::string_view line, StreamEvent& event, std::string& error);

} // namespace iteragpu::report
