// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
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
        bool passed = false;
        bool outOfMemory = false;
        QString error;
        std::optional<quint64> peakAllocated;
        std::optional<quint64> peakReserved;
        std::optional<quint64> finalAllocated;
        std::optional<quint64> finalReserved;
        std::optional<quint64> predictedPeak;
    };

    QString title; // e.g. the model's name; may be empty
    QDateTime created;
    QString choice; // the decision, typed by the user
    bool simulated = false; // every observed figure then says "simulated, not a GPU measurement"

    // Computed
    std::optional<quint64> weightsBytes;
    QString weightsBasis; // "7 000 000 000 parameters × 16 bit", in the sheet's language
    QList<Component> estimate; // the components that add up to the total
    std::optional<quint64> estimateTotal;

    // Observed
    QString deviceId; // "cuda:0", "sim:0"
    QString deviceName;
    std::optional<quint64> deviceCapacity;
    QString backend; // allocator backend, e.g. "caching"
    QString maxLoad; // the largest load tried, e.g. "batch 2, context 128, width 1024, float32"
    QList<Phase> phases;
    std::optional<quint64> allocated; // the four counters at the end of the run, bytes
    std::optional<quint64> reserved;
    std::optional<quint64> maxAllocated;
    std::optional<quint64> maxReserved;
    QImage chart;

    // Environment: (name, value) as recorded by the run (driver, runtime, build, OS).
    QList<QPair<QString, QString>> environment;

    // Assumed
    QStringList assumptions;

    // The raw result the sheet was made from, attached.
    QString rawJsonFileName;
    QByteArray rawJson;
};

} // namespace iteragpu::gui
