// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/report/ledger.h"
#include "core/units/units.h"

#include <QAbstractItemModel>
#include <optional>

namespace iteragpu::gui {

// One phase's ledger as a tree: a row per section (its title and total), under it the section's parts (which add
// up to the total) and its asides (shown in italics, not part of the sum). Columns: the line, its bytes in the
// unit (exact bytes in the tooltip; signed: a rest or a difference may be negative), where it comes from
// (computed / observed / assumed, core's LedgerSource) and its cause. A missing reading is a dash with the
// section's reason, never 0. Labels are core's messages in the UI language.
class LedgerModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { ColLine, ColBytes, ColSource, ColCause, ColumnCount };
    enum Role {
        BytesRole = Qt::UserRole + 1, // qlonglong, or an invalid QVariant when missing
        SourceRole, // int(report::LedgerSource)
        KeyRole, // the line's key, or the section's name for a section row
        AsideRole, // bool
    };

    explicit LedgerModel(QObject* parent = nullptr);

    void setLedger(std::optional<report::PhaseLedger> ledger);
    const std::optional<report::PhaseLedger>& ledger() const { return m_ledger; }
    void setUnit(units::Unit unit);
    void retranslate();

    QModelIndex index(int row, int column, const QModelIndex& parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    static constexpr quintptr kSectionId = 0; // internal id of a section row; a line's is its section + 1
    const report::LedgerLine* lineAt(const QModelIndex& index, bool* aside) const;

    std::optional<report::PhaseLedger> m_ledger;
    units::Unit m_unit = units::Unit::GiB;
};

} // namespace iteragpu::gui
