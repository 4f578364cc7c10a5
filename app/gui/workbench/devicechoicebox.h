// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/units/units.h"

#include <QComboBox>

namespace iteragpu::gui {

class DevicePicker;

// The device choice in the window's tool bar, in view on every step: the devices the picker lists that can run,
// each with its capacity, and on sim:0 the catalog card it stands in for. Choosing here chooses in the picker and
// the other way round; the picker (on the Measure step) keeps the details, the refresh and the simulated card.
class DeviceChoiceBox : public QComboBox {
    Q_OBJECT
public:
    static constexpr int kMaxTextWidth = 240; // pixels: a longer device text is cut in the middle

    DeviceChoiceBox(DevicePicker* picker, QWidget* parent = nullptr);

    void setUnit(units::Unit unit);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();

    DevicePicker* m_picker = nullptr;
    units::Unit m_unit = units::Unit::GiB;
    bool m_rebuilding = false;
};

} // namespace iteragpu::gui
