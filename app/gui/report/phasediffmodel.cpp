// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/phasediffmodel.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/report/resultphasemodel.h"
#include "app/gui/sizing/bytetext.h"
#include "app/gui/sizing/catalogfitmodel.h"

#include <QBrush>
#include <QColor>
#include <QLocale>
#include <limits>

namespace iteragpu::gui {

PhaseDiffModel::PhaseDiffModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

std::optional<qint64> PhaseDiffModel::delta(std::optional<quint64> a, std::optional<quint64> b)
{
    if (!a || !b)
        return std::nullopt;
    constexpr auto kMax = static_cast<quint64>(std::numeric_limits<qint64>::max());
    if (*b >= *a) {
        const quint64 d = *b - *a;
        return d > kMax ? std::numeric_limits<qint64>::max() : static_cast<qint64>(d);
    }
    const quint64 d = *a - *b;
    return d > kMax ? std::numeric_limits<qint64>::min() : -static_cast<qint64>(d);
}

void PhaseDiffModel::setResults(const protocol::RunResult& a, const protocol::RunResult& b)
{
    beginResetModel();
    m_rows.clear();
    auto rowFor = [this](const QString& key) -> Row& {
        for (Row& r : m_rows) {
            if (r.key == key)
                return r;
        }
        m_rows.append(Row { key, {}, {}, {}, {}, {}, {} });
        return m_rows.last();
    };
    for (const auto& p : a.phases) {
        Row& r = rowFor(ResultPhaseModel::phaseKey(p));
        r.statusA = p.status;
        r.allocatedA = p.peak.allocated;
        r.reservedA = p.peak.reserved;
    }
    for (const auto& p : b.phases) {
        Row& r = rowFor(ResultPhaseModel::phaseKey(p));
        r.statusB = p.status;
        r.allocatedB = p.peak.allocated;
        r.reservedB = p.peak.reserved;
    }
    endResetModel();
}

void PhaseDiffModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

int PhaseDiffModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PhaseDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PhaseDiffModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[index.row()];
    const QLocale locale;
    auto status
        = [](std::optional<protocol::PhaseStatus> s) { return s ? ResultPhaseModel::statusText(*s) : tr("absent"); };
    auto deltaFor = [&r](int column) -> std::optional<qint64> {
        if (column == ColAllocatedDelta)
            return delta(r.allocatedA, r.allocatedB);
        if (column == ColReservedDelta)
            return delta(r.reservedA, r.reservedB);
        return std::nullopt;
    };
    auto bytesFor = [&r](int column) -> std::optional<quint64> {
        switch (column) {
        case ColAllocatedA:
            return r.allocatedA;
        case ColAllocatedB:
            return r.allocatedB;
        case ColReservedA:
            return r.reservedA;
        case ColReservedB:
            return r.reservedB;
        default:
            return std::nullopt;
        }
    };
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case ColPhase:
            return r.key;
        case ColStatusA:
            return status(r.statusA);
        case ColStatusB:
            return status(r.statusB);
        case ColAllocatedDelta:
        case ColReservedDelta: {
            const auto d = deltaFor(col);
            return d ? CatalogFitModel::marginText(*d) : QStringLiteral("—");
        }
        default:
            return ByteText::optionalInUnit(bytesFor(col), units::Unit::GiB, locale);
        }
    case Qt::ToolTipRole:
        if (const auto d = deltaFor(col))
            //: %1 is a signed byte count
            return tr("B − A: %1 bytes").arg(LocaleNumber::integer(static_cast<qlonglong>(*d), locale));
        if (const auto b = bytesFor(col))
            return ByteText::full(*b, tr("bytes"), locale);
        return {};
    case Qt::ForegroundRole:
        if ((col == ColStatusA && r.statusA == protocol::PhaseStatus::Failed)
            || (col == ColStatusB && r.statusB == protocol::PhaseStatus::Failed))
            return QBrush(QColor(0xb0, 0x1c, 0x1c));
        return {};
    case Qt::TextAlignmentRole:
        return col <= ColStatusB ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                 : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case DeltaBytesRole:
        if (const auto d = deltaFor(col))
            return QVariant::fromValue<qlonglong>(*d);
        return {};
    default:
        return {};
    }
}

QVariant PhaseDiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ColPhase:
        return tr("Phase");
    case ColStatusA:
        return tr("Status A");
    case ColStatusB:
        return tr("Status B");
    case ColAllocatedA:
        return tr("Peak allocated A");
    case ColAllocatedB:
        return tr("Peak allocated B");
    case ColAllocatedDelta:
        return tr("Δ allocated");
    case ColReservedA:
        return tr("Peak reserved A");
    case ColReservedB:
        return tr("Peak reserved B");
    case ColReservedDelta:
        return tr("Δ reserved");
    default:
        return {};
    }
}

void PhaseDiffModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace iteragpu::gui
