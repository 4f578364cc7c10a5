// SPDX-License-Identifier: Apache-2.0
#include "app/gui/widgets/wheelguard.h"

#include <QAbstractSpinBox>
#include <QChildEvent>
#include <QComboBox>
#include <QWheelEvent>
#include <QWidget>

namespace iteragpu::gui {

WheelGuard::WheelGuard(QObject* parent)
    : QObject(parent)
{
}

void WheelGuard::install(QWidget* root)
{
    auto* guard = new WheelGuard(root);
    root->installEventFilter(guard); // sees children added later (ChildAdded)
    for (QWidget* w : root->findChildren<QWidget*>())
        guard->guard(w);
}

void WheelGuard::guard(QWidget* widget)
{
    if (qobject_cast<QComboBox*>(widget) || qobject_cast<QAbstractSpinBox*>(widget)) {
        // Without wheel focus a click focuses it, Tab too; the wheel alone does not.
        widget->setFocusPolicy(Qt::StrongFocus);
        widget->installEventFilter(this);
    } else if (widget->isWidgetType()) {
        widget->installEventFilter(this); // to see its own children added later
    }
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::ChildAdded) {
        auto* child = static_cast<QChildEvent*>(event)->child();
        if (child->isWidgetType())
            guard(static_cast<QWidget*>(child));
        return false;
    }
    if (event->type() == QEvent::Wheel) {
        auto* widget = qobject_cast<QWidget*>(watched);
        const bool input = qobject_cast<QComboBox*>(watched) || qobject_cast<QAbstractSpinBox*>(watched);
        if (widget && input && !widget->hasFocus()) {
            event->ignore(); // the parent (the scroll area) scrolls instead
            return true;
        }
    }
    return false;
}

} // namespace iteragpu::gui
