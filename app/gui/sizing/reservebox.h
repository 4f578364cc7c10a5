// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/devicecatalog.h"
#include "core/sizing/gpucard.h"
#include "core/sizing/reserve.h"
#include "core/sizing/sizinginputs.h"
#include "core/units/units.h"

#include <QGroupBox>
#include <QList>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSettings;
class QSpinBox;

namespace iteragpu::gui {

// The sizing panel's "Reserve and device" box: the reserve in GB or GiB, the device a run uses (from the device
// picker, shown only), the card the verdict is for (the run device, another detected device or any card of
// core's catalog: on a machine without a GPU the run device is the simulated card, rarely the one to buy), and
// the tensor-parallel degree.
class ReserveBox : public QGroupBox {
    Q_OBJECT
public:
    static constexpr double kSeedReserveGiB = sizing::kDefaultReserveGiB; // shared with the CLI

    // A device found on this machine, offered as a verdict target.
    struct Device {
        QString id; // "cuda:0"
        QString name;
        quint64 capacityBytes = 0;
    };

    explicit ReserveBox(QWidget* parent = nullptr);

    void fillInputs(sizing::SizingInputs& inputs) const; // reserve and tensor parallel
    void setReserve(double value, units::Unit unit);
    void setTensorParallel(int degree);

    void setCatalog(const sizing::DeviceCatalog* catalog); // not owned; nullptr: no catalog cards offered
    void setRunDevice(const QString& id, quint64 capacityBytes);
    void clearRunDevice();
    QString runDeviceId() const { return m_runId; }
    void setDetectedDevices(const QList<Device>& devices);

    // The verdict's target: "" for the run device, "card:<catalog id>" or "device:<device id>".
    QString targetKey() const;
    // By key, catalog id or catalog name; false (unchanged) when there is no such target.
    bool setTarget(const QString& keyOrCard);
    // The card the verdict is computed for; nullopt while the target is the run device and none is chosen.
    std::optional<sizing::GpuCard> targetCard() const;

    void resetToDefaults(); // 4 GiB, one device, the run device as target
    void saveSettings(QSettings& settings) const;
    void restoreSettings(QSettings& settings);

signals:
    void changed(); // the reserve or the tensor-parallel degree
    void targetChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void rebuildTargets();
    void updateRunDeviceText();

    const sizing::DeviceCatalog* m_catalog = nullptr;
    QString m_runId;
    std::optional<quint64> m_runCapacity;
    QList<Device> m_devices;
    QString m_wantedTarget; // kept while the chosen device is not (yet) listed

    QLabel* m_reserveLabel = nullptr;
    QDoubleSpinBox* m_reserveSpin = nullptr;
    QComboBox* m_reserveUnit = nullptr;
    QLabel* m_deviceCaption = nullptr;
    QLabel* m_deviceLabel = nullptr;
    QLabel* m_targetLabel = nullptr;
    QComboBox* m_targetCombo = nullptr;
    QLabel* m_tpLabel = nullptr;
    QSpinBox* m_tpSpin = nullptr;
};

} // namespace iteragpu::gui
