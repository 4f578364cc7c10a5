// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/sheetcontent.h"
#include "app/gui/report/sheettranslator.h"
#include "core/protocol/runtypes.h"
#include "core/sizing/estimate.h"

#include <QImage>
#include <QString>

namespace iteragpu::gui {

// Fills a SheetContent from what the workbench holds: the sizing estimate (Computed), a run result (Observed,
// Environment) and what the user typed (the choice). Labels are written in the translator's language; the
// technical identifiers (phase names, counter names, device ids) stay as they are. Either input may be absent.
class SheetContentBuilder {
public:
    struct Inputs {
        const sizing::Estimate* estimate = nullptr;
        const protocol::RunResult* run = nullptr;
        QString choice;
        QString title;
        QImage chart;
        QString rawJsonFileName; // the result file the run was saved to or opened from (name only)
        bool attachRawJson = true;
    };

    static SheetContent build(const Inputs& inputs, const SheetTranslator& tr);
};

} // namespace iteragpu::gui
