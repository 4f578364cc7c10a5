// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/devices/devicelistmodel.h"
#include "core/sizing/gpucard.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeView;

namespace iteragpu::gui {

class SimCardBox;

// Chooses the device a run targets. Lists every device of every loaded backend and the simulated device sim:0,
// which is always there and marked "simulated, not a GPU measurement"; unavailable backends are greyed with
// their reason. With no GPU it says so and offers sim:0. While a simulated device is selected, its card and speed
// (SimCardBox) are chosen under the list.
class DevicePicker : public QWidget {
    Q_OBJECT
public:
    explicit DevicePicker(device::BackendRegistry& registry, QWidget* parent = nullptr);

    QString currentDeviceId() const { return m_current; }
    bool currentIsSimulated() const;
    std::optional<std::uint64_t> currentCapacityBytes() const;
    // The simulated card and speed for RunConfig::simCard / simSpeed; empty and 1 unless a sim device is selected.
    QString simCardId() const;
    double simSpeed() const;
    // The chosen card (its reported capacity) while a sim device is selected; nullopt for none or a GPU.
    std::optional<sizing::GpuCard> simCard() const;
    SimCardBox* simCardBox() const { return m_simCard; }
    // Selects an available device; false when there is none of that id.
    bool selectDevice(const QString& deviceId);
    void setUnit(units::Unit unit);
    // Disabled while a run uses the registry.
    void setRefreshEnabled(bool enabled);

    DeviceListModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }
    QLabel* noticeLabel() const { return m_notice; }
    QPushButton* refreshButton() const { return m_refresh; }

public slots:
    // Loads the backend modules again and re-reads their devices; keeps the selection when it still exists.
    void refresh();

signals:
    void currentDeviceChanged(const QString& deviceId);
    // The simulated card or its speed changed.
    void simCardChanged();
    // A line for the log after each refresh: devices found, backends unavailable.
    void refreshed(const QString& summary);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateNotice();
    void updateDetails();
    void followSimCard(); // the list shows the chosen card's capacity on the simulated rows
    void onSelectionChanged();

    device::BackendRegistry& m_registry;
    DeviceListModel* m_model = nullptr;
    QTreeView* m_view = nullptr;
    QLabel* m_notice = nullptr;
    QLabel* m_details = nullptr;
    QPushButton* m_refresh = nullptr;
    SimCardBox* m_simCard = nullptr;
    QString m_current;
    units::Unit m_unit = units::Unit::GiB;
};

} // namespace iteragpu::gui
