// SPDX-License-Identifier: Apache-2.0
#include "app/gui/workbench/devicechoicebox.h"

#include "app/gui/devices/devicelistmodel.h"
#include "app/gui/devices/devicepicker.h"
#include "app/gui/sizing/bytetext.h"

#include <QEvent>

namespace iteragpu::gui {

DeviceChoiceBox::DeviceChoiceBox(DevicePicker* picker, QWidget* parent)
    : QComboBox(parent)
    , m_picker(picker)
{
    setObjectName(QStringLiteral("deviceChoice"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::activated, this, [this](int index) {
        const QString id = itemData(index).toString();
        if (!id.isEmpty() && id != m_picker->currentDeviceId())
            m_picker->selectDevice(id);
    });
    connect(m_picker, &DevicePicker::currentDeviceChanged, this, &DeviceChoiceBox::rebuild);
    connect(m_picker, &DevicePicker::simCardChanged, this, &DeviceChoiceBox::rebuild);
    connect(m_picker, &DevicePicker::refreshed, this, &DeviceChoiceBox::rebuild);
    rebuild();
}

void DeviceChoiceBox::setUnit(units::Unit unit)
{
    m_unit = unit;
    rebuild();
}

void DeviceChoiceBox::rebuild()
{
    if (m_rebuilding)
        return;
    m_rebuilding = true;
    const QSignalBlocker blocker(this);
    clear();
    const auto card = m_picker->simCard();
    for (const auto& row : m_picker->model()->rows()) {
        if (!row.available)
            continue;
        QString text;
        QString tip;
        if (row.simulated && card) {
            //: a device beside the steps: %1 its id (sim:0), %2 the catalog card it stands in for
            text = tr("%1 as %2").arg(row.id, QString::fromStdString(card->name));
            //: the device's tool tip: %1 its id (sim:0), %2 the card it stands in for, %3 the card's capacity
            tip = tr("%1, simulated as %2 (%3); not a GPU measurement")
                      .arg(row.id, QString::fromStdString(card->name), ByteText::inUnit(card->reportedBytes, m_unit));
        } else if (row.simulated) {
            //: a device beside the steps: %1 its id (sim:0)
            text = tr("%1 (simulated)").arg(row.id);
            //: the device's tool tip: %1 its id (sim:0)
            tip = tr("%1, the simulated device; its capacity is set on the Measure step").arg(row.id);
        } else {
            //: a device beside the steps: %1 its id (cuda:0), %2 its name
            text = tr("%1 · %2").arg(row.id, row.name);
            //: the device's tool tip: %1 its id, %2 its name, %3 its capacity
            tip = tr("%1, %2, %3").arg(row.id, row.name,
                row.capacityBytes ? ByteText::inUnit(*row.capacityBytes, m_unit) : tr("capacity unknown"));
        }
        // Long card names are cut in the middle; the tool tip has the whole name and the capacity.
        addItem(fontMetrics().elidedText(text, Qt::ElideMiddle, kMaxTextWidth), row.id);
        setItemData(count() - 1, tip, Qt::ToolTipRole);
    }
    if (count() == 0)
        addItem(tr("No device can run"), QString());
    const int current = findData(m_picker->currentDeviceId());
    setCurrentIndex(current >= 0 ? current : 0);
    const QString tip = itemData(currentIndex(), Qt::ToolTipRole).toString();
    //: %1 the chosen device's description
    setToolTip(tr("%1.\nThe device every step sizes for and every run measures on; its details, the refresh and "
                  "the simulated card are on the Measure step.")
                   .arg(tip));
    m_rebuilding = false;
}

void DeviceChoiceBox::changeEvent(QEvent* event)
{
    QComboBox::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        rebuild();
}

} // namespace iteragpu::gui
