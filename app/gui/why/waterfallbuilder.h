// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/style/palette.h"
#include "app/gui/why/waterfallrow.h"
#include "core/protocol/runtypes.h"
#include "core/report/ledger.h"
#include "core/units/units.h"

#include <QCoreApplication>
#include <optional>
#include <vector>

namespace iteragpu::gui {

// The waterfall of one phase from its ledger (core/report/ledger.h): the estimate, the step to the peak allocated
// (the owners' estimate - measured lines, not in the estimate or formula), the peak allocated by owner, the
// allocator's step (reserved - allocated at the peak moment), reserved at the peak moment, reserved's change
// after that moment, the step outside the allocator, and the device-level reading at the phase's end. Every byte
// count is one of the ledger's totals or a sum of its lines; nothing is computed from text. The estimate's parts
// are split by what they estimate (core's EstimateTarget), so each measured level gets the estimate of that same
// level as its outline.
class WaterfallBuilder {
    Q_DECLARE_TR_FUNCTIONS(iteragpu::gui::WhyView)
public:
    static std::vector<WaterfallRow> build(const protocol::PhaseResult& phase, const report::PhaseLedger& ledger,
        const std::optional<report::PhaseEstimate>& estimate, const Palette& palette, units::Unit unit);
};

} // namespace iteragpu::gui
