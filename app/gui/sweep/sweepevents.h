// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/report/streamevent.h"
#include "core/sweep/sweeptypes.h"

#include <QMetaType>
#include <vector>

namespace iteragpu::gui {

// The stream events of one trial gathered between two deliveries, in the order the trial wrote them.
using StreamEventBatch = std::vector<report::StreamEvent>;

} // namespace iteragpu::gui

Q_DECLARE_METATYPE(iteragpu::gui::StreamEventBatch)
Q_DECLARE_METATYPE(iteragpu::sweep::TrialRecord)
Q_DECLARE_METATYPE(iteragpu::sweep::SweepRecord)
