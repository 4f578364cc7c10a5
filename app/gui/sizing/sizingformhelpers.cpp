// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sizing/sizingformhelpers.h"

#include <QComboBox>
#include <QFormLayout>
#include <QSpinBox>
#include <QStackedWidget>
#include <algorithm>
#include <limits>

namespace iteragpu::gui::sizingform {

QSpinBox* makeSpin(QWidget* parent, const char* name, int minimum, int maximum, int value)
{
    auto* spin = new QSpinBox(parent);
    spin->setObjectName(QLatin1String(name));
    spin->setRange(minimum, maximum);
    spin->setValue(value);
    spin->setGroupSeparatorShown(true);
    spin->setKeyboardTracking(true);
    return spin;
}

void tuneForm(QFormLayout* form)
{
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

void fitStackToCurrent(QStackedWidget* stack)
{
    for (int i = 0; i < stack->count(); ++i) {
        QWidget* page = stack->widget(i);
        const bool current = i == stack->currentIndex();
        page->setSizePolicy(QSizePolicy::Preferred, current ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    }
    stack->updateGeometry();
}

void setComboTexts(QComboBox* combo, const QStringList& texts)
{
    for (int i = 0; i < combo->count() && i < texts.size(); ++i)
        combo->setItemText(i, texts[i]);
}

bool selectData(QComboBox* combo, int data)
{
    const int index = combo->findData(data);
    if (index < 0)
        return false;
    combo->setCurrentIndex(index);
    return true;
}

int clampToInt(std::uint64_t value)
{
    return static_cast<int>(std::min<std::uint64_t>(value, static_cast<std::uint64_t>(std::numeric_limits<int>::max())));
}

} // namespace iteragpu::gui::sizingform
