// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/registry/backendregistry.h"
#include "core/units/units.h"

#include <QAbstractTableModel>
#include <optional>
#include <vector>

namespace iteragpu::gui {

// Every device of every loaded backend, the simulated device, and one greyed row per backend that did not load
// or has no device, with the loader's or the runtime's own reason.
class DeviceListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ColDevice, ColName, ColCapacity, ColDriver, ColRuntime, ColumnCount };
    enum Role { DeviceIdRole = Qt::UserRole + 1, CapacityBytesRole, AvailableRole, SimulatedRole };

    struct Row {
        QString id; // "cuda:0", "sim:0"; the backend's name for an unavailable backend
        QString backend;
        bool available = false;
        bool simulated = false;
        QString name;
        std::optional<std::uint64_t> capacityBytes; // reported by the runtime
        QString driver;
        QString runtime;
        QString reason; // why an unavailable backend is unavailable
        QString standIn; // a simulated device's card from the GPU catalog, empty for none
        std::optional<std::uint64_t> standInBytes; // that card's capacity, which the run gets

        // What a run on this device gets: the card's capacity when it stands in for one, else the runtime's.
        std::optional<std::uint64_t> runCapacityBytes() const { return standIn.isEmpty() ? capacityBytes : standInBytes; }
    };

    explicit DeviceListModel(QObject* parent = nullptr);

    // Re-reads the registry (it does not reload modules; BackendRegistry::load() does).
    void reload(device::BackendRegistry& registry);
    void setUnit(units::Unit unit);
    void retranslate();
    // The catalog card the simulated devices stand in for (name and capacity), or none: their rows then show
    // that card's capacity, the one a run gets, not the plain simulated device's.
    void setSimulatedCard(const QString& name, std::optional<std::uint64_t> capacityBytes);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    const std::vector<Row>& rows() const { return m_rows; }
    int rowOf(const QString& deviceId) const; // -1 when absent or unavailable
    bool hasGpu() const; // at least one available device that is not simulated

private:
    QString displayName(const Row& row) const;
    void applyStandIn(Row& row) const;

    std::vector<Row> m_rows;
    QString m_standIn;
    std::optional<std::uint64_t> m_standInBytes;
    units::Unit m_unit = units::Unit::GiB;
};

} // namespace iteragpu::gui
