// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"
#include "core/units/units.h"

#include <QAbstractTableModel>
#include <vector>

namespace iteragpu::gui {

// One row per trial of a sweep, in trial order: the value, the status, peak allocated and reserved (the largest
// over the trial's phases), the device-level peak, the failed phase, the wall time and the device. Figures in a
// readable unit (ByteScale), exact bytes in the tooltip; a missing reading is an em dash, never 0.
class TrialTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ColValue,
        ColStatus,
        ColPeakAllocated,
        ColPeakReserved,
        ColDevicePeak,
        ColFailedPhase,
        ColWallTime,
        ColDevice,
        ColumnCount
    };
    enum Role {
        BytesRole = Qt::UserRole + 1, // qulonglong, or an invalid QVariant when the reading is missing
        StatusRole, // sweep::trialStatusName
    };

    explicit TrialTableModel(QObject* parent = nullptr);

    void setTrials(const std::vector<sweep::TrialRecord>& trials);
    // A trial started or finished: its row (by TrialRecord::index) is replaced, or added in index order.
    void upsert(const sweep::TrialRecord& trial);
    void clear();
    void setUnit(units::Unit unit);
    void retranslate();
    const std::vector<sweep::TrialRecord>& trials() const { return m_trials; }
    int rowOfIndex(std::uint64_t trialIndex) const; // -1 when absent

    static QString statusText(sweep::TrialStatus status);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::optional<std::uint64_t> bytesAt(const sweep::TrialRecord& trial, int column) const;

    std::vector<sweep::TrialRecord> m_trials;
    units::Unit m_unit = units::Unit::GiB;
};

} // namespace iteragpu::gui
