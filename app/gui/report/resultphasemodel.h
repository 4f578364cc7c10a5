// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <QAbstractTableModel>
#include <optional>

namespace iteragpu::gui {

// The phases of one saved result, read-only: status, peak and final allocated / reserved (two maxima, never
// subtracted), predicted peak, duration. Cells in GiB with the locale's numbers, exact bytes in the tooltip.
class ResultPhaseModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ColPhase,
        ColStatus,
        ColPeakAllocated,
        ColPeakReserved,
        ColFinalAllocated,
        ColFinalReserved,
        ColPredicted,
        ColDuration,
        ColumnCount
    };
    enum Role { BytesRole = Qt::UserRole + 1 };

    explicit ResultPhaseModel(QObject* parent = nullptr);

    void setResult(const protocol::RunResult& result);
    void clear();
    const std::vector<protocol::PhaseResult>& phases() const { return m_phases; }

    // "warm_forward#2" for repeats, the plain name otherwise.
    static QString phaseKey(const protocol::PhaseResult& phase);
    static QString statusText(protocol::PhaseStatus status);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void retranslate();

private:
    std::optional<quint64> bytesAt(const protocol::PhaseResult& phase, int column) const;
    std::vector<protocol::PhaseResult> m_phases;
};

} // namespace iteragpu::gui
