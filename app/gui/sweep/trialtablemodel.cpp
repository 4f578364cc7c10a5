// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/trialtablemodel.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sweep/bytescale.h"

#include <QBrush>
#include <QColor>
#include <QLocale>
#include <algorithm>

namespace iteragpu::gui {

TrialTableModel::TrialTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TrialTableModel::setTrials(const std::vector<sweep::TrialRecord>& trials)
{
    beginResetModel();
    m_trials = trials;
    std::stable_sort(m_trials.begin(), m_trials.end(),
        [](const sweep::TrialRecord& a, const sweep::TrialRecord& b) { return a.index < b.index; });
    endResetModel();
}

void TrialTableModel::clear() { setTrials({}); }

int TrialTableModel::rowOfIndex(std::uint64_t trialIndex) const
{
    for (std::size_t i = 0; i < m_trials.size(); ++i)
        if (m_trials[i].index == trialIndex)
            return static_cast<int>(i);
    return -1;
}

void TrialTableModel::upsert(const sweep::TrialRecord& trial)
{
    if (const int row = rowOfIndex(trial.index); row >= 0) {
        m_trials[static_cast<std::size_t>(row)] = trial;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    const auto at = std::find_if(m_trials.begin(), m_trials.end(),
        [&](const sweep::TrialRecord& t) { return t.index > trial.index; });
    const int row = static_cast<int>(at - m_trials.begin());
    beginInsertRows(QModelIndex(), row, row);
    m_trials.insert(at, trial);
    endInsertRows();
}

void TrialTableModel::setUnit(units::Unit unit)
{
    m_unit = unit;
    if (!m_trials.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void TrialTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_trials.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int TrialTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_trials.size());
}

int TrialTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString TrialTableModel::statusText(sweep::TrialStatus status)
{
    switch (status) {
    case sweep::TrialStatus::Pending:
        return tr("pending");
    case sweep::TrialStatus::Running:
        return tr("running");
    case sweep::TrialStatus::Passed:
        return tr("passed");
    case sweep::TrialStatus::Failed:
        return tr("failed");
    case sweep::TrialStatus::Error:
        return tr("error");
    case sweep::TrialStatus::Interrupted:
        return tr("interrupted");
    }
    return {};
}

std::optional<std::uint64_t> TrialTableModel::bytesAt(const sweep::TrialRecord& trial, int column) const
{
    switch (column) {
    case ColPeakAllocated:
        return trial.peakAllocated;
    case ColPeakReserved:
        return trial.peakReserved;
    case ColDevicePeak:
        return trial.devicePeak;
    default:
        return std::nullopt;
    }
}

QVariant TrialTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const sweep::TrialRecord& t = m_trials[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    const QLocale locale;
    const bool bytesColumn = column == ColPeakAllocated || column == ColPeakReserved || column == ColDevicePeak;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ColValue:
            return LocaleNumber::integer(static_cast<qulonglong>(t.value), locale);
        case ColStatus: {
            QString text = statusText(t.status);
            if (t.status == sweep::TrialStatus::Failed && t.outOfMemory)
                text = tr("out of memory");
            return text;
        }
        case ColFailedPhase:
            return t.failedPhase.empty() ? QStringLiteral("—") : QString::fromStdString(t.failedPhase);
        case ColWallTime:
            //: %1 is a duration in seconds
            return t.wallSeconds ? tr("%1 s").arg(LocaleNumber::fixed(*t.wallSeconds, 2, locale)) : QStringLiteral("—");
        case ColDevice:
            return t.device.empty() ? QStringLiteral("—") : QString::fromStdString(t.device);
        default:
            return ByteScale::readable(bytesAt(t, column), m_unit, locale);
        }
    case Qt::ToolTipRole:
        if (bytesColumn) {
            const auto b = bytesAt(t, column);
            //: %1 is an exact byte count
            return b ? tr("%1 bytes").arg(LocaleNumber::integer(static_cast<qulonglong>(*b), locale)) : tr("not read");
        }
        if (!t.error.empty())
            return QString::fromStdString(t.error);
        return {};
    case Qt::TextAlignmentRole:
        if (column == ColValue || bytesColumn || column == ColWallTime)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (column == ColStatus && (t.status == sweep::TrialStatus::Failed || t.status == sweep::TrialStatus::Error))
            return QBrush(QColor(0xb0, 0x1c, 0x1c));
        return {};
    case BytesRole:
        if (const auto b = bytesAt(t, column))
            return QVariant::fromValue<qulonglong>(*b);
        return {};
    case StatusRole:
        return QString::fromUtf8(sweep::trialStatusName(t.status).data(),
            static_cast<qsizetype>(sweep::trialStatusName(t.status).size()));
    default:
        return {};
    }
}

QVariant TrialTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ColValue:
        return tr("Value");
    case ColStatus:
        return tr("Status");
    case ColPeakAllocated:
        return tr("Peak allocated");
    case ColPeakReserved:
        return tr("Peak reserved");
    case ColDevicePeak:
        return tr("Device peak");
    case ColFailedPhase:
        return tr("Failed phase");
    case ColWallTime:
        return tr("Wall time");
    case ColDevice:
        return tr("Device");
    default:
        return {};
    }
}

} // namespace iteragpu::gui
