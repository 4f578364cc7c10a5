// SPDX-License-Identifier: Apache-2.0
#include "app/gui/why/ledgermodel.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/why/signedbytes.h"

#include <QFont>
#include <QLocale>

namespace iteragpu::gui {

LedgerModel::LedgerModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void LedgerModel::setLedger(std::optional<report::PhaseLedger> ledger)
{
    beginResetModel();
    m_ledger = std::move(ledger);
    endResetModel();
}

void LedgerModel::setUnit(units::Unit unit)
{
    m_unit = unit;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void LedgerModel::retranslate()
{
    beginResetModel();
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

QModelIndex LedgerModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kSectionId);
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex LedgerModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kSectionId)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kSectionId);
}

int LedgerModel::rowCount(const QModelIndex& parent) const
{
    if (!m_ledger || parent.column() > 0)
        return 0;
    if (!parent.isValid())
        return static_cast<int>(m_ledger->sections.size());
    if (parent.internalId() != kSectionId)
        return 0;
    const auto& section = m_ledger->sections[static_cast<std::size_t>(parent.row())];
    return static_cast<int>(section.parts.size() + section.asides.size());
}

int LedgerModel::columnCount(const QModelIndex&) const { return ColumnCount; }

const report::LedgerLine* LedgerModel::lineAt(const QModelIndex& index, bool* aside) const
{
    *aside = false;
    const auto& sections = m_ledger->sections;
    if (index.internalId() == kSectionId)
        return &sections[static_cast<std::size_t>(index.row())].total;
    const auto& section = sections[static_cast<std::size_t>(index.internalId() - 1)];
    const auto row = static_cast<std::size_t>(index.row());
    if (row < section.parts.size())
        return &section.parts[row];
    *aside = true;
    return &section.asides[row - section.parts.size()];
}

QVariant LedgerModel::data(const QModelIndex& index, int role) const
{
    if (!m_ledger || !index.isValid())
        return {};
    const bool isSection = index.internalId() == kSectionId;
    const auto& section = m_ledger->sections[static_cast<std::size_t>(
        isSection ? index.row() : static_cast<int>(index.internalId() - 1))];
    bool aside = false;
    const report::LedgerLine* line = lineAt(index, &aside);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ColLine:
            return messageText(isSection ? section.title : line->label);
        case ColBytes:
            if (!line->bytes)
                return line->key == "origin" ? QVariant() : QVariant(QStringLiteral("—"));
            return SignedBytes::level(*line->bytes, m_unit);
        case ColSource:
            return line->key == "origin" ? QVariant() : messageText(report::ledgerSourceLabel(line->source));
        case ColCause:
            if (isSection && section.missing)
                //: %1 why a section of the ledger lacks figures, in words (from the ledger)
                return tr("missing: %1").arg(messageText(*section.missing));
            return line->cause ? messageText(report::ledgerCauseLabel(*line->cause)) : QVariant();
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (index.column() == ColBytes && line->bytes) {
            const std::int64_t b = *line->bytes;
            const QString count = LocaleNumber::integer(static_cast<qlonglong>(b));
            //: %1 a signed number of bytes with digit groups
            return tr("%1 bytes").arg(count);
        }
        if (index.column() == ColCause || (!line->bytes && section.missing))
            return data(index.siblingAtColumn(ColCause), Qt::DisplayRole);
        if (index.column() == ColLine) // the whole line where the column cuts it
            return data(index, Qt::DisplayRole);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == ColBytes ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::FontRole:
        if (isSection || aside) {
            QFont font;
            font.setBold(isSection);
            font.setItalic(aside);
            return font;
        }
        return {};
    case BytesRole:
        return line->bytes ? QVariant(static_cast<qlonglong>(*line->bytes)) : QVariant();
    case SourceRole:
        return static_cast<int>(line->source);
    case KeyRole:
        return isSection ? QString::fromLatin1(report::ledgerSectionName(section.kind))
                         : QString::fromStdString(line->key);
    case AsideRole:
        return aside;
    default:
        return {};
    }
}

QVariant LedgerModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ColLine:
        return tr("Line");
    case ColBytes:
        //: %1 is the unit symbol, GB or GiB, never translated
        return tr("Bytes (%1)").arg(QLatin1String(units::unitSymbol(m_unit)));
    case ColSource:
        return tr("Source");
    case ColCause:
        return tr("Cause");
    default:
        return {};
    }
}

} // namespace iteragpu::gui
