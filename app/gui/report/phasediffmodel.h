// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <QAbstractTableModel>
#include <optional>

namespace iteragpu::gui {

// Two results compared phase by phase (e.g. batch 1 vs batch 2): phases matched by name and repeat, A's order
// first, then phases only B has. Per phase both statuses, both peaks (allocated and reserved, each its own
// maximum) and the signed difference B − A; a missing reading on either side gives no difference, never 0.
class PhaseDiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ColPhase,
        ColStatusA,
        ColStatusB,
        ColAllocatedA,
        ColAllocatedB,
        ColAllocatedDelta,
        ColReservedA,
        ColReservedB,
        ColReservedDelta,
        ColumnCount
    };
    enum Role { DeltaBytesRole = Qt::UserRole + 1 };

    struct Row {
        QString key;
        std::optional<protocol::PhaseStatus> statusA;
        std::optional<protocol::PhaseStatus> statusB;
        std::optional<quint64> allocatedA, allocatedB, reservedA, reservedB;
    };

    explicit PhaseDiffModel(QObject* parent = nullptr);

    void setResults(const protocol::RunResult& a, const protocol::RunResult& b);
    void clear();
    const QList<Row>& rows() const { return m_rows; }

    // B − A in bytes, nullopt when either is missing; saturated at the int64 limits.
    static std::optional<qint64> delta(std::optional<quint64> a, std::optional<quint64> b);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void retranslate();

private:
    QList<Row> m_rows;
};

} // namespace iteragpu::gui
