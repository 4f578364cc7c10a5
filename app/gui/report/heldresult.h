// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/resultsource.h"
#include "core/protocol/runtypes.h"

namespace iteragpu::gui {

// A result the window holds, with where it comes from (ResultSource). The sheet, the JSON export and the compare
// view take one of these, so a result is never separated from its provenance.
struct HeldResult {
    protocol::RunResult result;
    ResultSource source = ResultSource::measured();
};

} // namespace iteragpu::gui
