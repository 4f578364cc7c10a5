// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <QMetaType>
#include <vector>

namespace iteragpu::gui {

// One event of a run as the UI receives it: a value snapshot, nothing pointing into the worker.
struct RunEvent {
    enum class Kind { PhaseStarted, Samples, PhaseFinished };
    Kind kind = Kind::Samples;
    protocol::PhaseResult phase; // PhaseStarted, PhaseFinished
    std::vector<protocol::Sample> samples; // Samples
};

// The events gathered between two deliveries, in the order the worker produced them.
using RunEventBatch = std::vector<RunEvent>;

} // namespace iteragpu::gui

Q_DECLARE_METATYPE(iteragpu::gui::RunEventBatch)
Q_DECLARE_METATYPE(iteragpu::protocol::RunResult)
Q_DECLARE_METATYPE(iteragpu::protocol::RunConfig)
Q_DECLARE_METATYPE(iteragpu::protocol::PhaseResult)
Q_DECLARE_METATYPE(std::vector<iteragpu::protocol::Sample>)
