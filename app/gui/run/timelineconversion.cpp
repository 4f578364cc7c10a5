// SPDX-License-Identifier: Apache-2.0
#include "app/gui/run/timelineconversion.h"

#include "app/gui/phases/phasetablemodel.h"

#include <limits>

namespace iteragpu::gui {

TimelineSample toTimelineSample(const protocol::Sample& sample)
{
    return TimelineSample { sample.t, sample.allocated, sample.reserved, sample.deviceUsed };
}

std::vector<TimelineSample> toTimelineSamples(const std::vector<protocol::Sample>& samples)
{
    std::vector<TimelineSample> out;
    out.reserve(samples.size());
    for (const protocol::Sample& s : samples)
        out.push_back(toTimelineSample(s));
    return out;
}

TimelinePhase toTimelinePhase(const protocol::PhaseResult& phase)
{
    TimelinePhase p;
    p.name = PhaseTableModel::displayName(phase);
    p.startSeconds = phase.startSeconds.value_or(std::numeric_limits<double>::quiet_NaN());
    if (phase.endSeconds)
        p.endSeconds = *phase.endSeconds;
    switch (phase.status) {
    case protocol::PhaseStatus::Ok:
        p.state = TimelinePhase::State::Ok;
        break;
    case protocol::PhaseStatus::Failed:
        p.state
            = PhaseTableModel::isOutOfMemory(phase) ? TimelinePhase::State::OutOfMemory : TimelinePhase::State::Failed;
        break;
    case protocol::PhaseStatus::NotRun:
        p.state = TimelinePhase::State::NotRun;
        break;
    case protocol::PhaseStatus::Interrupted:
        p.state = TimelinePhase::State::Interrupted;
        break;
    }
    p.message = QString::fromStdString(phase.error);
    p.peakAllocated = phase.peak.allocated;
    p.peakReserved = phase.peak.reserved;
    p.predictedPeakAllocated = phase.predictedPeakAllocated;
    if (phase.peakMoment)
        p.ownersAtPeak = phase.peakMoment->owners;
    return p;
}

} // namespace iteragpu::gui
