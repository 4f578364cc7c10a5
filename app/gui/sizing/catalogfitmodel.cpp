// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/catalogfitmodel.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/sizing/breakdownmodel.h"
#include "app/gui/sizing/bytetext.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace iteragpu::gui {

CatalogFitModel::CatalogFitModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CatalogFitModel::setEntries(const QList<Entry>& entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

void CatalogFitModel::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

int CatalogFitModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int CatalogFitModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString CatalogFitModel::marginText(qint64 margin)
{
    const quint64 magnitude = margin < 0 ? static_cast<quint64>(-(margin + 1)) + 1 : static_cast<quint64>(margin);
    return (margin < 0 ? QStringLiteral("−") : QStringLiteral("+"))
        + ByteText::inUnit(magnitude, units::Unit::GiB, QLocale());
}

QVariant CatalogFitModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = m_entries[index.row()];
    const QLocale locale;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ColCard:
            return QString::fromStdString(e.card.name);
        case ColMarketed:
            return QString::fromStdString(e.card.marketed);
        case ColReported:
            return ByteText::inUnit(e.card.reportedBytes, units::Unit::GiB, locale);
        case ColDevices:
            return LocaleNumber::integer(e.verdict.tensorParallel, locale);
        case ColNeeded:
            return ByteText::inUnit(e.verdict.neededPerDevice, units::Unit::GiB, locale);
        case ColMargin:
            return marginText(e.verdict.margin);
        case ColVerdict:
            if (e.measuredFits)
                return *e.measuredFits ? tr("fits (measured)") : tr("out of memory (measured)");
            return e.verdict.fits ? tr("fits") : tr("does not fit");
        case ColDominant:
            return BreakdownModel::componentName(QString::fromStdString(e.verdict.dominantComponent));
        case ColSmallestTp:
            return e.smallestFittingTp ? LocaleNumber::integer(*e.smallestFittingTp, locale) : tr("more than 8");
        default:
            return {};
        }
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ColReported: {
            //: %1 is the exact capacity in bytes with GB and GiB, %2 the marketed capacity, e.g. "141 GB"
            QString tip = tr("Reported by the device: %1 (sold as %2)")
                              .arg(ByteText::full(e.card.reportedBytes, tr("bytes"), locale),
                                  QString::fromStdString(e.card.marketed));
            if (!e.card.note.empty())
                tip += QLatin1Char('\n') + QString::fromStdString(e.card.note);
            return tip;
        }
        case ColNeeded:
            return ByteText::full(e.verdict.neededPerDevice, tr("bytes"), locale);
        case ColMargin:
            //: %1 is a signed byte count
            return tr("%1 bytes").arg(LocaleNumber::integer(static_cast<qlonglong>(e.verdict.margin), locale));
        case ColVerdict:
            if (e.measuredFits && *e.measuredFits != e.verdict.fits)
                return e.verdict.fits ? tr("The estimate says it fits; the run on this card did not.")
                                      : tr("The estimate says it does not fit; the run on this card passed.");
            if (e.measuredFits)
                return tr("Measured on this card; the estimate agrees.");
            return e.card.note.empty() ? QVariant() : QString::fromStdString(e.card.note);
        case ColDevices:
            return tr("Tensor-parallel degree: weights and KV heads are divided among the devices; the need is per "
                      "device, several GPUs are not one memory pool.");
        default:
            return QString::fromStdString(e.card.note).isEmpty() ? QVariant() : QString::fromStdString(e.card.note);
        }
    case Qt::TextAlignmentRole:
        return index.column() == ColCard || index.column() == ColVerdict || index.column() == ColDominant
            ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (index.column() == ColVerdict || index.column() == ColMargin) {
            const bool fits = index.column() == ColVerdict && e.measuredFits ? *e.measuredFits : e.verdict.fits;
            return QBrush(fits ? QColor(0x1b, 0x7a, 0x2e) : QColor(0xb0, 0x1c, 0x1c));
        }
        return {};
    case FitsRole:
        return e.verdict.fits;
    case MeasuredRole:
        return e.measuredFits ? QVariant(*e.measuredFits) : QVariant();
    case NeededBytesRole:
        return QVariant::fromValue<qulonglong>(e.verdict.neededPerDevice);
    case ReportedBytesRole:
        return QVariant::fromValue<qulonglong>(e.card.reportedBytes);
    case MarginBytesRole:
        return QVariant::fromValue<qlonglong>(e.verdict.margin);
    default:
        return {};
    }
}

QVariant CatalogFitModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ColCard:
        return tr("Card");
    case ColMarketed:
        return tr("Sold as");
    case ColReported:
        return tr("Reported");
    case ColDevices:
        return tr("Devices");
    case ColNeeded:
        return tr("Needed per device");
    case ColMargin:
        return tr("Margin");
    case ColVerdict:
        return tr("Verdict");
    case ColDominant:
        return tr("Dominant");
    case ColSmallestTp:
        return tr("Smallest fitting TP");
    default:
        return {};
    }
}

void CatalogFitModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_entries.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace iteragpu::gui
