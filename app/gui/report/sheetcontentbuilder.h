// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/resultsource.h"
#include "app/gui/report/sheetcontent.h"
#include "app/gui/report/sheettranslator.h"
#include "core/i18n/message.h"
#include "core/protocol/runtypes.h"
#include "core/sizing/estimate.h"
#include "core/sizing/fitverdict.h"
#include "core/sweep/sweeptypes.h"
#include "core/verdict/deviceneed.h"

#include <QImage>
#include <QString>
#include <optional>
#include <vector>

namespace iteragpu::gui {

// Fills a SheetContent from what the workbench holds: the sizing estimate (Computed) with core's fit verdicts
// (Decision), a run result with its source (Observed, Environment) and what the user typed (the choice). Labels
// are written in the translator's language; the technical identifiers (phase names, counter names, device ids)
// stay as they are. Every fact comes from core: phase labels, out of memory, the run summary, the policies.
// Any input may be absent.
class SheetContentBuilder {
public:
    struct Inputs {
        const sizing::Estimate* estimate = nullptr;
        const protocol::RunResult* run = nullptr;
        QString choice;
        QString title;
        QImage chart; // the chart of `run` (ResultTimeline::render)
        std::optional<ResultSource> source; // where `run` comes from
        QString rawJsonFileName; // the raw result written beside the sheet (name only); empty: none
        std::optional<sizing::FitVerdict> target; // the verdict for the card chosen as the target
        std::vector<sizing::FitVerdict> catalog; // the verdict for each catalog card
        // The one estimate (core/verdict) of the sizing request: a measured run that says otherwise is flagged.
        std::optional<verdict::DeviceNeed> need;
        // The sweep the window holds and its folder: the maximum load tried and the boundary come from it.
        const sweep::SweepRecord* sweep = nullptr;
        QString sweepFolder;
        // The serving engine's plan on the target card (core's EnginePlanSummary: the verdict first); empty: none.
        std::vector<i18n::Message> engine;
        bool engineStarts = false;
    };

    static SheetContent build(const Inputs& inputs, const SheetTranslator& tr);
};

} // namespace iteragpu::gui
