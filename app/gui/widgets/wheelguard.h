// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QWidget;

namespace iteragpu::gui {

// Keeps the mouse wheel from changing a setting while the user scrolls a form: a combo box or spin box takes the
// wheel only when it has the keyboard focus (after a click or Tab); otherwise the wheel goes to the scroll area
// around it. install() guards every combo box and spin box below a widget, present and added later.
class WheelGuard : public QObject {
    Q_OBJECT
public:
    static void install(QWidget* root);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QObject* parent);
    void guard(QWidget* widget);
};

} // namespace iteragpu::gui
