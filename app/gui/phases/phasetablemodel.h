// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/units/units.h"

#include <QAbstractTableModel>
#include <optional>
#include <vector>

namespace iteragpu::gui {

// One row per phase of a run: status, baseline / peak / final allocated and reserved, the device-level
// reading, the predicted peak and measured - predicted, and the duration. Cells show the chosen unit in the
// language's number format; the tooltip has the exact bytes. A missing reading is an em dash, never 0. The two
// maxima (peak allocated, peak reserved) stay two columns: they may come from different moments, so their
// difference is not a state and is never shown as a "cache" figure.
class PhaseTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ColPhase,
        ColStatus,
        ColBaselineAllocated,
        ColBaselineReserved,
        ColPeakAllocated,
        ColPeakReserved,
        ColFinalAllocated,
        ColFinalReserved,
        ColDeviceUsed,
        ColPredictedPeak,
        ColDifference,
        ColDuration,
        ColumnCount
    };
    enum Role {
        BytesRole = Qt::UserRole + 1, // qulonglong, or an invalid QVariant when the reading is missing
        StatusRole, // "running", "ok", "failed", "not_run"
    };

    explicit PhaseTableModel(QObject* parent = nullptr);

    void clear();
    // A phase began: its row appears (or is updated) with the status "running".
    void phaseStarted(const protocol::PhaseResult& phase);
    void phaseFinished(const protocol::PhaseResult& phase);
    // The run's last word: every phase, the ones not run included.
    void runFinished(const protocol::RunResult& result);
    void setUnit(units::Unit unit);
    units::Unit unit() const { return m_unit; }
    // Re-reads headers and status words after a language change.
    void retranslate();

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const protocol::PhaseResult& phase(int row) const { return m_rows[static_cast<std::size_t>(row)].phase; }
    bool isRunning(int row) const { return m_rows[static_cast<std::size_t>(row)].running; }
    // "cold_forward", "warm_forward#2": core's protocol::phaseLabel(), the name the timeline, the sheet and the
    // files use too.
    static QString displayName(const protocol::PhaseResult& phase);
    // A failed phase whose device status was out of memory (PhaseResult::outOfMemory, recorded by core).
    static bool isOutOfMemory(const protocol::PhaseResult& phase);
    int rowOf(const QString& displayName) const;

private:
    struct Row {
        protocol::PhaseResult phase;
        bool running = false;
    };
    void upsert(const protocol::PhaseResult& phase, bool running);
    std::optional<std::uint64_t> bytesAt(const Row& row, int column) const;
    QString statusText(const Row& row) const;
    QString formatAmount(std::uint64_t bytes) const;

    std::vector<Row> m_rows;
    units::Unit m_unit = units::Unit::GiB;
};

} // namespace iteragpu::gui
