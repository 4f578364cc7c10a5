// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/owner.h"

#include <QString>
#include <cstdint>
#include <limits>
#include <optional>

namespace iteragpu::gui {

// One phase as the timeline draws it: a band from start to end, its outcome, and its peaks (bytes, from the
// phase's result) with the time the sampled counters were highest inside the band.
struct TimelinePhase {
    enum class State { Running, Ok, Failed, OutOfMemory, NotRun, Interrupted }; // Interrupted: cut short by Stop

    QString name; // technical identifier, never translated: "cold_forward"
    double startSeconds = 0.0; // NaN in a result that does not know it
    double endSeconds = std::numeric_limits<double>::quiet_NaN(); // NaN while running
    State state = State::Running;
    QString message; // the error text when it failed
    std::optional<std::uint64_t> peakAllocated; // bytes, from the phase result
    std::optional<std::uint64_t> peakReserved; // bytes, from the phase result
    double peakAllocatedSeconds = std::numeric_limits<double>::quiet_NaN(); // when the samples were highest
    double peakReservedSeconds = std::numeric_limits<double>::quiet_NaN();
    // The workload's predictor's peak allocated for this phase (PhaseResult::predictedPeakAllocated), known when
    // the phase begins; drawn as the phase's step of the prediction line.
    std::optional<std::uint64_t> predictedPeakAllocated;
    // What each owner (alloc::Owner) held at the moment the phase's allocated peak was reached (from the phase
    // result's peak moment); nullopt while running, for a phase not run, or a result that predates owners. The
    // samples carry totals only: this split belongs to the peak moment, not to every point of the band.
    std::optional<alloc::OwnerBytes> ownersAtPeak;
    std::uint64_t sampledMaxAllocated = 0; // bytes, highest sample inside the band
    std::uint64_t sampledMaxReserved = 0;

    bool finished() const { return state != State::Running; }
};

} // namespace iteragpu::gui
