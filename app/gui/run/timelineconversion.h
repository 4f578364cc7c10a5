// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/timeline/timelinephase.h"
#include "app/gui/timeline/timelinesample.h"
#include "core/protocol/runtypes.h"

#include <vector>

// From the core's run snapshots to what the timeline draws; the only place the chart meets core::protocol.
namespace iteragpu::gui {

TimelineSample toTimelineSample(const protocol::Sample& sample);
std::vector<TimelineSample> toTimelineSamples(const std::vector<protocol::Sample>& samples);
// The phase's band, outcome and peaks; name as PhaseTableModel::displayName writes it.
TimelinePhase toTimelinePhase(const protocol::PhaseResult& phase);

} // namespace iteragpu::gui
