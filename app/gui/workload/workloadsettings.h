// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <optional>

namespace iteragpu::gui {

// The workload form's choices between starts (QSettings group "workload"), stored as values, never as text in
// the UI language, so a saved "1,000" can never come back as 1. load() takes only what is present and valid;
// anything else keeps the seeds' example (RunConfig's defaults). The device id is the device picker's business.
class WorkloadSettings {
public:
    static std::optional<protocol::RunConfig> load();
    static void save(const protocol::RunConfig& config);
    static void clear();
};

} // namespace iteragpu::gui
