// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QImage>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>

namespace iteragpu::gui {

// Everything a decision sheet shows, as plain values. It is filled from a run result and a sizing estimate
// (SheetContentBuilder) or by hand in tests; DecisionSheetWriter turns it into Markdown, HTML or PDF. A reading
// that is missing stays std::nullopt and is shown as a dash, never as 0.
struct SheetContent {
    // One computed component of the estimate; key is the JSON key ("weights", "kv_cache", "reserve", ...).
    struct Component {
        QString key;
        quint64 bytes = 0;
    };

    // One measured phase; the name is the technical identifier ("cold_forward") and is never translated.
    struct Phase {
        QString name;
        bool ran = true; // false: planned, did not run (after a failure or a stop)
        bool passed = false;
        bool outOfMemory = false; // PhaseResult::outOfMemory, from the device status
        QString error;
        std::optional<quint64> peakAllocated;
        std::optional<quint64> peakReserved;
        std::optional<quint64> finalAllocated;
        std::optional<quint64> finalReserved;
        std::optional<quint64> predictedPeak;
    };

    // One line of a phase's ledger (core/report/ledger.h), labels in the sheet's language. Bytes are signed (a
    // rest or a difference may be negative); nullopt: a reading it needs is missing.
    struct LedgerEntry {
        QString section; // the section's title
        QString line;
        std::optional<qint64> bytes;
        QString cause; // empty when the line has none
        bool total = false; // the section's total (its parts add up to it)
        bool words = false; // a line of words, not a figure (the estimate's origin): no bytes to show
    };

    // The ledger of one phase, its lines kept apart by where they come from.
    struct Ledger {
        QString phase; // protocol::phaseLabel, never translated
        bool peak = false; // the phase with the highest peak allocated
        bool failed = false; // the first failed phase
        QList<LedgerEntry> computed;
        QList<LedgerEntry> observed;
        QList<LedgerEntry> assumed;
        QStringList missing; // "section: reason", in the sheet's language
    };

    // The fit of the estimate on one card (core's FitAnalyzer verdict), for the decision.
    struct Fit {
        QString cardId;
        QString cardName;
        quint64 needed = 0; // bytes per device
        quint64 available = 0; // bytes the card reports
        qint64 margin = 0; // available - needed
        bool fits = false;
        QString dominantComponent; // component id
    };

    // The sweep the window holds (the Sweep view's), when there is one: the maximum load tried and the boundary
    // then come from its trials instead of the one run; the largest value on each card is the growth fit
    // extrapolated, assumed, never measured.
    struct Sweep {
        QString dimension; // "sequences", in the sheet's language
        QString folder; // where sweep.json is
        bool simulated = false;
        std::optional<quint64> maxTried; // sweep::summarizeSweep
        int withResult = 0; // passed + failed trials
        std::optional<quint64> largestPassing;
        std::optional<quint64> smallestFailing;
        QString failedPhase; // of the smallest failing value
        bool outOfMemory = false;
        bool exact = false; // the boundary is at the sweep's resolution
        // Per catalog card: its name with its capacity ("NVIDIA H100 80GB SXM (79.65 GiB)") and the largest value
        // the fit gives on it ("1 299 834", or the words for no limit / nothing fits).
        QList<QPair<QString, QString>> cards;
    };

    // What the run measured, which outranks the estimate (core's MeasuredVerdict), in the sheet's language.
    struct Measured {
        bool fits = false; // every planned phase passed
        bool decisive = false; // it passed or ran out of memory: the run answers "does it fit"
        QString sentence; // "Measured on the simulated card rtx-4090: out of memory in prefill at ..."
        QString disagreement; // the estimate said the opposite, with both figures; empty when they agree
    };

    QString title; // e.g. the model's name; may be empty
    QDateTime created;
    QString choice; // the decision, typed by the user
    bool simulated = false; // every observed figure then says "simulated, not a GPU measurement"

    // Decision: what the run measured, first when there is one; the estimate's verdict for the target card
    // chosen for it, and every catalog card.
    std::optional<Measured> measured;
    std::optional<Fit> target;
    // The serving engine's start-up plan on the target card (vLLM, llama.cpp): its verdict, then its figures, in
    // the sheet's language; empty when transformers was chosen.
    QStringList engine;
    bool engineStarts = false;
    QList<Fit> catalog;

    // Computed
    std::optional<quint64> weightsBytes;
    QString weightsBasis; // "7 000 000 000 parameters × 16 bit", in the sheet's language
    QStringList architecture; // the model's layers by kind, MoE, total and active parameters (core's summary)
    QList<Component> estimate; // the components that add up to the total
    std::optional<quint64> estimateTotal;
    // "How it is computed": (component key, the formula with its numbers) in the sheet's language.
    QList<QPair<QString, QString>> computation;

    // Observed
    QString deviceId; // "cuda:0", "sim:0"
    QString deviceName;
    std::optional<quint64> deviceCapacity;
    QString backend; // allocator backend, e.g. "caching"
    QString workload; // the run's own workload (core's describeWorkload): model, format, sequences, tokens, ...
    QString maxLoad; // the largest load tried, e.g. "4 sequence(s) x 8,192 prompt + 64 generated tokens"
    std::optional<Sweep> sweep;
    QString runSummary; // core's RunSummary sentence, in the sheet's language
    QList<Phase> phases; // every planned phase, the ones not run included
    std::optional<quint64> allocated; // the four counters at the end of the run, bytes
    std::optional<quint64> reserved;
    std::optional<quint64> maxAllocated;
    std::optional<quint64> maxReserved;
    QImage chart;
    // Why the peak exceeds the estimate: the ledger of the peak phase and of the failed phase (once when both
    // are the same phase).
    QList<Ledger> ledgers;

    // Environment: (name, value) as recorded by the run (driver, runtime, build, OS).
    QList<QPair<QString, QString>> environment;

    // Assumed
    QStringList assumptions;

    // Provenance: where the run comes from ("opened from /data/run.json"), in the sheet's language, and the raw
    // result written beside the sheet (file name only; empty when none was written).
    QString source;
    QString rawJsonFileName;
};

} // namespace iteragpu::gui
