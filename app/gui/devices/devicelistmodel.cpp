// SPDX-License-Identifier: Apache-2.0
#include "app/gui/devices/devicelistmodel.h"
#include "app/gui/application/localenumber.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

namespace iteragpu::gui {

DeviceListModel::DeviceListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void DeviceListModel::reload(device::BackendRegistry& registry)
{
    std::vector<Row> rows;
    for (const device::BackendStatus& status : registry.statuses()) {
        device::Backend* backend = registry.backend(status.name);
        const QString backendName = QString::fromStdString(status.name);
        if (backend && status.loaded && status.deviceCount > 0) {
            const QString runtime = QString::fromStdString(backend->runtimeDescription());
            for (int i = 0; i < status.deviceCount; ++i) {
                const auto info = backend->deviceInfo(i);
                if (!info)
                    continue;
                Row row;
                row.id = QString::fromStdString(info->id);
                row.backend = backendName;
                row.available = true;
                row.simulated = info->simulated || backend->simulated();
                row.name = QString::fromStdString(info->name);
                row.capacityBytes = info->totalBytes;
                row.driver = QString::fromStdString(info->driverVersion);
                row.runtime = info->runtimeVersion.empty() ? runtime : QString::fromStdString(info->runtimeVersion);
                rows.push_back(row);
            }
            continue;
        }
        Row row;
        row.id = backendName;
        row.backend = backendName;
        if (!status.built)
            row.reason = tr("not built into this version");
        else if (!status.error.empty())
            row.reason = QString::fromStdString(status.error);
        else
            row.reason = tr("no device found");
        rows.push_back(row);
    }
    for (Row& row : rows)
        applyStandIn(row);
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void DeviceListModel::applyStandIn(Row& row) const
{
    row.standIn = row.simulated && row.available ? m_standIn : QString();
    row.standInBytes = row.standIn.isEmpty() ? std::nullopt : m_standInBytes;
}

void DeviceListModel::setSimulatedCard(const QString& name, std::optional<std::uint64_t> capacityBytes)
{
    m_standIn = name;
    m_standInBytes = capacityBytes;
    for (Row& row : m_rows)
        applyStandIn(row);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void DeviceListModel::setUnit(units::Unit unit)
{
    m_unit = unit;
    if (!m_rows.empty())
        emit dataChanged(index(0, ColCapacity), index(rowCount() - 1, ColCapacity));
}

void DeviceListModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int DeviceListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int DeviceListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString DeviceListModel::displayName(const Row& row) const
{
    if (!row.available) {
        //: %1 is the reason a GPU backend is unavailable, in the loader's or the runtime's own words
        return tr("unavailable: %1").arg(row.reason);
    }
    if (row.simulated && !row.standIn.isEmpty())
        //: %1 is the GPU catalog's card the simulated device stands in for
        return tr("Simulated device as %1: simulated, not a GPU measurement").arg(row.standIn);
    if (row.simulated)
        return tr("Simulated device: simulated, not a GPU measurement");
    return row.name;
}

QVariant DeviceListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const QLocale locale;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ColDevice:
            return row.id;
        case ColName:
            return displayName(row);
        case ColCapacity:
            if (!row.runCapacityBytes())
                return QStringLiteral("—");
            //: %1 is an amount, %2 the unit symbol GB or GiB
            return tr("%1 %2").arg(LocaleNumber::fixed(units::toUnit(*row.runCapacityBytes(), m_unit), 2, locale),
                QLatin1String(units::unitSymbol(m_unit)));
        case ColDriver:
            return row.driver.isEmpty() ? QStringLiteral("—") : row.driver;
        case ColRuntime:
            return row.runtime.isEmpty() ? QStringLiteral("—") : row.runtime;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (!row.available)
            return displayName(row);
        if (index.column() == ColCapacity && !row.standIn.isEmpty() && row.standInBytes) {
            //: %1 is a byte count with thousands separators, %2 the GPU catalog's card
            return tr("%1 bytes, the capacity of %2 that the simulated device stands in for")
                .arg(LocaleNumber::integer(static_cast<qulonglong>(*row.standInBytes), locale), row.standIn);
        }
        if (index.column() == ColCapacity && row.capacityBytes) {
            //: %1 is a byte count with thousands separators
            return tr("%1 bytes reported by the runtime")
                .arg(LocaleNumber::integer(static_cast<qulonglong>(*row.capacityBytes), locale));
        }
        if (row.simulated)
            return tr("The simulated device models memory only. Its figures are simulated, not a GPU measurement.");
        return displayName(row);
    case Qt::ForegroundRole:
        if (row.simulated)
            return QBrush(QColor(150, 80, 0));
        return {};
    case Qt::FontRole:
        if (row.simulated) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case DeviceIdRole:
        return row.id;
    case CapacityBytesRole:
        return row.runCapacityBytes() ? QVariant(static_cast<qulonglong>(*row.runCapacityBytes())) : QVariant();
    case AvailableRole:
        return row.available;
    case SimulatedRole:
        return row.simulated;
    default:
        return {};
    }
}

QVariant DeviceListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ColDevice:
        return tr("Device");
    case ColName:
        return tr("Name");
    case ColCapacity:
        return tr("Capacity");
    case ColDriver:
        return tr("Driver");
    case ColRuntime:
        return tr("Runtime");
    default:
        return {};
    }
}

Qt::ItemFlags DeviceListModel::flags(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= rowCount())
        return Qt::NoItemFlags;
    // Greyed: an unavailable backend cannot be chosen.
    if (!m_rows[static_cast<std::size_t>(index.row())].available)
        return Qt::ItemNeverHasChildren;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

int DeviceListModel::rowOf(const QString& deviceId) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].available && m_rows[i].id == deviceId)
            return static_cast<int>(i);
    return -1;
}

bool DeviceListModel::hasGpu() const
{
    for (const Row& row : m_rows)
        if (row.available && !row.simulated)
            return true;
    return false;
}

} // namespace iteragpu::gui
