// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/timeline/timelinephase.h"
#include "app/gui/timeline/timelinesample.h"

#include <QString>
#include <vector>

namespace iteragpu::gui {

// The timeline's phases in run order: a phase begins, the samples inside it tell when its counters were
// highest, and its result closes it (or adds it, for a phase that never began, e.g. not run).
class PhaseTrack {
public:
    void clear() { m_phases.clear(); }
    void begin(const QString& name, double seconds, std::optional<std::uint64_t> predictedPeakAllocated = {});
    // Closes the running phase of that name; lastSeconds (the last sample's time) stands in for a missing time.
    void end(const TimelinePhase& result, double lastSeconds);
    // Notes the sample in the running phase's sampled maxima and their times.
    void track(const TimelineSample& sample);

    const std::vector<TimelinePhase>& phases() const { return m_phases; }
    // The phase running at that time (the last one, where they touch), or -1; a phase not run is never found.
    int indexAt(double seconds, double lastSeconds) const;

private:
    std::vector<TimelinePhase> m_phases;
};

} // namespace iteragpu::gui
