// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/estimate.h"

#include <QAbstractTableModel>
#include <QList>
#include <optional>

namespace iteragpu::gui {

// The sizing breakdown as a table: one row per component of the estimate, then the reserve (in the unit the
// user typed), the total that must fit (largest phase + reserve) and, when it differs, the sum of every
// component + reserve (the convention of tools that add everything up). Cells show the locale's numbers; the
// exact byte count is in the tooltip and in BytesRole.
class BreakdownModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ColComponent, ColBytes, ColGB, ColGiB, ColumnCount };
    enum Role { BytesRole = Qt::UserRole + 1, IdRole };

    struct Row {
        QString id; // component id, or "reserve", "total", "total_sum_of_components"
        QString note; // how it was computed (tooltip)
        std::optional<quint64> bytes; // nullopt: not computed
        bool inLargestPhase = true;
    };

    explicit BreakdownModel(QObject* parent = nullptr);

    void setEstimate(const sizing::Estimate& estimate);
    void clear();
    const QList<Row>& rows() const { return m_rows; }
    // The row of a component id; -1 when absent.
    int rowOf(const QString& id) const;

    // The translated name of a component id ("weights" -> "Weights").
    static QString componentName(const QString& id);
    // The phase's label in the language of the moment (core's sizing::phaseLabel), for an Estimate::largestPhase.
    static QString phaseName(const QString& id);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Re-emits the headers and every cell after a language switch (new words, new number format).
    void retranslate();

private:
    QList<Row> m_rows;
    QString m_reserveTyped; // "4 GiB" as typed
    QString m_largestPhase;
};

} // namespace iteragpu::gui
