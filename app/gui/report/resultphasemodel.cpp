// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/resultphasemodel.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sizing/bytetext.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace iteragpu::gui {

ResultPhaseModel::ResultPhaseModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ResultPhaseModel::setResult(const protocol::RunResult& result)
{
    beginResetModel();
    m_phases = result.phases;
    for (auto& p : m_phases)
        p.samples.clear(); // the table does not need them
    endResetModel();
}

void ResultPhaseModel::clear()
{
    beginResetModel();
    m_phases.clear();
    endResetModel();
}

QString ResultPhaseModel::phaseKey(const protocol::PhaseResult& phase)
{
    return QString::fromStdString(protocol::phaseLabel(phase));
}

QString ResultPhaseModel::statusText(protocol::PhaseStatus status)
{
    switch (status) {
    case protocol::PhaseStatus::Ok:
        return tr("ok");
    case protocol::PhaseStatus::Failed:
        return tr("failed");
    case protocol::PhaseStatus::NotRun:
        return tr("not run");
    case protocol::PhaseStatus::Interrupted:
        return tr("interrupted");
    }
    return {};
}

int ResultPhaseModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_phases.size());
}

int ResultPhaseModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::optional<quint64> ResultPhaseModel::bytesAt(const protocol::PhaseResult& p, int column) const
{
    switch (column) {
    case ColPeakAllocated:
        return p.peak.allocated;
    case ColPeakReserved:
        return p.peak.reserved;
    case ColFinalAllocated:
        return p.final.allocated;
    case ColFinalReserved:
        return p.final.reserved;
    case ColPredicted:
        return p.predictedPeakAllocated;
    default:
        return std::nullopt;
    }
}

QVariant ResultPhaseModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& p = m_phases[static_cast<std::size_t>(index.row())];
    const QLocale locale;
    const int col = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (col) {
        case ColPhase:
            return phaseKey(p);
        case ColStatus:
            return statusText(p.status);
        case ColDuration:
            //: %1 is a duration in seconds
            return p.durationSeconds ? tr("%1 s").arg(LocaleNumber::fixed(*p.durationSeconds, 3, locale))
                                     : QStringLiteral("—");
        default:
            return ByteText::optionalInUnit(bytesAt(p, col), units::Unit::GiB, locale);
        }
    case Qt::ToolTipRole:
        if (col == ColStatus && !p.error.empty())
            return QString::fromStdString(p.error);
        if (col == ColPhase && !p.inputs.empty())
            return QString::fromStdString(p.inputs);
        if (const auto b = bytesAt(p, col))
            return ByteText::full(*b, tr("bytes"), locale);
        return {};
    case Qt::ForegroundRole:
        if (col == ColStatus && p.status == protocol::PhaseStatus::Failed)
            return QBrush(QColor(0xb0, 0x1c, 0x1c));
        return {};
    case Qt::TextAlignmentRole:
        return col == ColPhase || col == ColStatus ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case BytesRole:
        if (const auto b = bytesAt(p, col))
            return QVariant::fromValue<qulonglong>(*b);
        return {};
    default:
        return {};
    }
}

QVariant ResultPhaseModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ColPhase:
        return tr("Phase");
    case ColStatus:
        return tr("Status");
    case ColPeakAllocated:
        return tr("Peak allocated");
    case ColPeakReserved:
        return tr("Peak reserved");
    case ColFinalAllocated:
        return tr("Final allocated");
    case ColFinalReserved:
        return tr("Final reserved");
    case ColPredicted:
        return tr("Predicted peak");
    case ColDuration:
        return tr("Duration");
    default:
        return {};
    }
}

void ResultPhaseModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_phases.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace iteragpu::gui
