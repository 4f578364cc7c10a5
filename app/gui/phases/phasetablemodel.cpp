// SPDX-License-Identifier: Apache-2.0
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/application/localenumber.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <algorithm>

namespace iteragpu::gui {

namespace {
    const QString kDash = QStringLiteral("—");
}

PhaseTableModel::PhaseTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

QString PhaseTableModel::displayName(const protocol::PhaseResult& phase)
{
    return QString::fromStdString(protocol::phaseLabel(phase));
}

bool PhaseTableModel::isOutOfMemory(const protocol::PhaseResult& phase)
{
    // The device's status of the failed step, recorded by core; never the words of the error.
    return phase.status == protocol::PhaseStatus::Failed && phase.outOfMemory.value_or(false);
}

int PhaseTableModel::rowOf(const QString& name) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (displayName(m_rows[i].phase) == name)
            return static_cast<int>(i);
    return -1;
}

void PhaseTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void PhaseTableModel::upsert(const protocol::PhaseResult& phase, bool running)
{
    const auto it
        = std::find_if(m_rows.begin(), m_rows.end(), [&](const Row& r) { return r.phase.index == phase.index; });
    if (it != m_rows.end()) {
        it->phase = phase;
        it->running = running;
        const int row = static_cast<int>(std::distance(m_rows.begin(), it));
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        return;
    }
    // Rows stay in the run's phase order.
    const auto pos = std::upper_bound(
        m_rows.begin(), m_rows.end(), phase.index, [](int i, const Row& r) { return i < r.phase.index; });
    const int row = static_cast<int>(std::distance(m_rows.begin(), pos));
    beginInsertRows(QModelIndex(), row, row);
    m_rows.insert(pos, Row { phase, running });
    endInsertRows();
}

void PhaseTableModel::phaseStarted(const protocol::PhaseResult& phase) { upsert(phase, true); }

void PhaseTableModel::phaseFinished(const protocol::PhaseResult& phase) { upsert(phase, false); }

void PhaseTableModel::runFinished(const protocol::RunResult& result)
{
    for (const protocol::PhaseResult& phase : result.phases)
        upsert(phase, false);
    // A phase still marked running when the run ended did not finish.
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].running) {
            m_rows[i].running = false;
            emit dataChanged(index(static_cast<int>(i), 0), index(static_cast<int>(i), ColumnCount - 1));
        }
    }
}

void PhaseTableModel::setUnit(units::Unit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void PhaseTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int PhaseTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PhaseTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::optional<std::uint64_t> PhaseTableModel::bytesAt(const Row& row, int column) const
{
    const protocol::PhaseResult& p = row.phase;
    switch (column) {
    case ColBaselineAllocated:
        return p.baseline.allocated;
    case ColBaselineReserved:
        return p.baseline.reserved;
    case ColPeakAllocated:
        return p.peak.allocated;
    case ColPeakReserved:
        return p.peak.reserved;
    case ColFinalAllocated:
        return p.final.allocated;
    case ColFinalReserved:
        return p.final.reserved;
    case ColDeviceUsed:
        return p.deviceAfter.usedBytes ? p.deviceAfter.usedBytes : p.deviceAfter.processUsedBytes;
    case ColPredictedPeak:
        return p.predictedPeakAllocated;
    default:
        return std::nullopt;
    }
}

QString PhaseTableModel::statusText(const Row& row) const
{
    if (row.running)
        return tr("running…");
    switch (row.phase.status) {
    case protocol::PhaseStatus::Ok:
        return tr("ok");
    case protocol::PhaseStatus::Failed:
        return isOutOfMemory(row.phase) ? tr("out of memory") : tr("failed");
    case protocol::PhaseStatus::Interrupted:
        if (row.phase.iterationsDone && row.phase.iterationsPlanned)
            //: a phase that Stop cut short: %1 iterations (decode steps, warm-up runs) ran of the %2 planned
            return tr("interrupted (%1 of %2)").arg(*row.phase.iterationsDone).arg(*row.phase.iterationsPlanned);
        return tr("interrupted");
    case protocol::PhaseStatus::NotRun:
        break;
    }
    return tr("not run");
}

QString PhaseTableModel::formatAmount(std::uint64_t bytes) const
{
    //: %1 is an amount with two decimals, %2 the unit symbol GB or GiB
    return tr("%1 %2").arg(
        LocaleNumber::fixed(units::toUnit(bytes, m_unit), 2), QLatin1String(units::unitSymbol(m_unit)));
}

QVariant PhaseTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const protocol::PhaseResult& p = row.phase;
    const QLocale locale;
    const int column = index.column();
    const std::optional<std::uint64_t> bytes = bytesAt(row, column);

    // measured - predicted, signed, exact: the two must agree to the byte on sim and CUDA.
    std::optional<std::uint64_t> diffMagnitude;
    bool diffNegative = false;
    if (column == ColDifference && p.peak.allocated && p.predictedPeakAllocated) {
        diffNegative = *p.peak.allocated < *p.predictedPeakAllocated;
        diffMagnitude = diffNegative ? *p.predictedPeakAllocated - *p.peak.allocated
                                     : *p.peak.allocated - *p.predictedPeakAllocated;
    }

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case ColPhase:
            return displayName(p);
        case ColStatus:
            return statusText(row);
        case ColDifference:
            if (!diffMagnitude)
                return kDash;
            if (*diffMagnitude == 0)
                return tr("0 B (equal)");
            //: %1 is the sign (+ or −), %2 a byte count with thousands separators
            return tr("%1%2 B").arg(diffNegative ? QStringLiteral("−") : QStringLiteral("+"),
                LocaleNumber::integer(static_cast<qulonglong>(*diffMagnitude), locale));
        case ColDuration:
            if (!p.durationSeconds)
                return kDash;
            //: %1 is a duration in seconds
            return tr("%1 s").arg(LocaleNumber::fixed(*p.durationSeconds, 3, locale));
        default:
            return bytes ? formatAmount(*bytes) : kDash;
        }
    case Qt::ToolTipRole:
        switch (column) {
        case ColPhase:
            return QString::fromStdString(p.inputs);
        case ColStatus:
            return p.error.empty() ? QVariant() : QVariant(QString::fromStdString(p.error));
        case ColDifference:
            if (!diffMagnitude)
                return tr("No prediction or no measured peak for this phase.");
            {
                //: %1 is the sign, %2 the difference in the chosen unit
                QString text = tr("Measured peak allocated minus predicted: %1%2")
                                   .arg(diffNegative ? QStringLiteral("−") : QStringLiteral("+"),
                                       formatAmount(*diffMagnitude));
                // Routed from the data with no record to replay: the prediction assumed balanced routing.
                if (*diffMagnitude != 0 && p.routing && p.routing->rule == protocol::RoutingRule::Observed
                    && !p.routing->recorded)
                    text += QLatin1Char('\n')
                        + tr("The experts' routing was observed from the data but not recorded, so the prediction "
                             "assumed balanced round-robin routing.");
                return text;
            }
        case ColDeviceUsed: {
            const auto& d = p.deviceAfter;
            if (!d.usedBytes && !d.processUsedBytes)
                return tr("No device-level reading (null).");
            auto text = [&](const std::optional<std::uint64_t>& v) {
                return v ? LocaleNumber::integer(static_cast<qulonglong>(*v), locale) : kDash;
            };
            //: %1 used bytes, %2 free bytes, %3 total bytes, %4 bytes this process uses, %5 where that came from
            return tr("Driver: %1 bytes used, %2 free of %3\nThis process: %4 bytes (%5)")
                .arg(text(d.usedBytes), text(d.freeBytes), text(d.totalBytes), text(d.processUsedBytes),
                    d.processUsedSource.empty() ? kDash : QString::fromStdString(d.processUsedSource));
        }
        case ColDuration:
            return {};
        default:
            if (!bytes)
                return tr("No reading (null).");
            //: %1 is an exact byte count with thousands separators
            return tr("%1 bytes").arg(LocaleNumber::integer(static_cast<qulonglong>(*bytes), locale));
        }
    case Qt::TextAlignmentRole:
        if (column == ColPhase || column == ColStatus)
            return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (p.status == protocol::PhaseStatus::Failed && !row.running)
            return QBrush(QColor(180, 0, 0));
        if (p.status == protocol::PhaseStatus::NotRun && !row.running)
            return QBrush(QColor(130, 130, 130));
        if (column == ColDifference && diffMagnitude && *diffMagnitude != 0)
            return QBrush(QColor(170, 90, 0));
        return {};
    case Qt::FontRole:
        if (column == ColStatus && row.running) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case BytesRole:
        return bytes ? QVariant(static_cast<qulonglong>(*bytes)) : QVariant();
    case StatusRole:
        return row.running ? QStringLiteral("running") : QString::fromLatin1(protocol::phaseStatusName(p.status));
    default:
        return {};
    }
}

QVariant PhaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ColPeakAllocated:
        case ColPeakReserved:
            return tr("Maximum since the phase's peak reset. The two maxima may come from different moments; "
                      "their difference is not a state.");
        case ColDeviceUsed:
            return tr("Device-level reading after the phase (driver), never added to the allocator's counters");
        case ColDifference:
            return tr("Measured peak allocated minus predicted peak, in bytes");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ColPhase:
        return tr("Phase");
    case ColStatus:
        return tr("Status");
    case ColBaselineAllocated:
        return tr("Baseline allocated");
    case ColBaselineReserved:
        return tr("Baseline reserved");
    case ColPeakAllocated:
        return tr("Peak allocated");
    case ColPeakReserved:
        return tr("Peak reserved");
    case ColFinalAllocated:
        return tr("Final allocated");
    case ColFinalReserved:
        return tr("Final reserved");
    case ColDeviceUsed:
        return tr("Device-level used");
    case ColPredictedPeak:
        return tr("Predicted peak");
    case ColDifference:
        return tr("Measured − predicted");
    case ColDuration:
        return tr("Duration");
    default:
        return {};
    }
}

} // namespace iteragpu::gui
