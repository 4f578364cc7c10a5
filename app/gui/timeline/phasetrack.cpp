// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/phasetrack.h"

#include <algorithm>
#include <cmath>

namespace iteragpu::gui {

void PhaseTrack::track(const TimelineSample& sample)
{
    if (m_phases.empty() || m_phases.back().finished())
        return;
    TimelinePhase& phase = m_phases.back();
    if (sample.allocated > phase.sampledMaxAllocated || std::isnan(phase.peakAllocatedSeconds)) {
        phase.sampledMaxAllocated = std::max(phase.sampledMaxAllocated, sample.allocated);
        phase.peakAllocatedSeconds = sample.seconds;
    }
    if (sample.reserved > phase.sampledMaxReserved || std::isnan(phase.peakReservedSeconds)) {
        phase.sampledMaxReserved = std::max(phase.sampledMaxReserved, sample.reserved);
        phase.peakReservedSeconds = sample.seconds;
    }
}

void PhaseTrack::begin(const QString& name, double seconds, std::optional<std::uint64_t> predictedPeakAllocated)
{
    TimelinePhase phase;
    phase.name = name;
    phase.startSeconds = seconds;
    phase.predictedPeakAllocated = predictedPeakAllocated;
    m_phases.push_back(phase);
}

void PhaseTrack::end(const TimelinePhase& result, double lastSeconds)
{
    auto it = std::find_if(m_phases.rbegin(), m_phases.rend(),
        [&](const TimelinePhase& p) { return p.name == result.name && !p.finished(); });
    if (it == m_phases.rend()) {
        m_phases.push_back(result);
        TimelinePhase& added = m_phases.back();
        if (std::isnan(added.startSeconds))
            added.startSeconds = std::isnan(added.endSeconds) ? lastSeconds : added.endSeconds;
        if (std::isnan(added.endSeconds))
            added.endSeconds = added.startSeconds;
    } else {
        TimelinePhase& phase = *it;
        if (!std::isnan(result.startSeconds))
            phase.startSeconds = result.startSeconds; // the worker's own clock, read after the baseline
        phase.endSeconds = std::isnan(result.endSeconds) ? lastSeconds : result.endSeconds;
        phase.state = result.state == TimelinePhase::State::Running ? TimelinePhase::State::Ok : result.state;
        phase.message = result.message;
        phase.peakAllocated = result.peakAllocated;
        phase.peakReserved = result.peakReserved;
        phase.ownersAtPeak = result.ownersAtPeak;
        if (result.predictedPeakAllocated)
            phase.predictedPeakAllocated = result.predictedPeakAllocated;
    }
}

int PhaseTrack::indexAt(double seconds, double lastSeconds) const
{
    for (int i = static_cast<int>(m_phases.size()) - 1; i >= 0; --i) {
        const TimelinePhase& p = m_phases[static_cast<std::size_t>(i)];
        const double end = std::isnan(p.endSeconds) ? lastSeconds : p.endSeconds;
        if (p.state != TimelinePhase::State::NotRun && seconds >= p.startSeconds && seconds <= end)
            return i;
    }
    return -1;
}

} // namespace iteragpu::gui
