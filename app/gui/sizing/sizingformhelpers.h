// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <cstdint>

class QComboBox;
class QFormLayout;
class QSpinBox;
class QStackedWidget;
class QWidget;

// Small helpers shared by the sizing panel's input boxes (free functions, no state).
namespace iteragpu::gui::sizingform {

// A spin box with digit groups that reports every keystroke (the panel re-estimates as the user types).
QSpinBox* makeSpin(QWidget* parent, const char* name, int minimum, int maximum, int value);
// Narrow docks: a label goes above its field instead of pushing the form wider than the dock.
void tuneForm(QFormLayout* form);
// A stacked widget is as tall as its tallest page; only the current page counts here.
void fitStackToCurrent(QStackedWidget* stack);
void setComboTexts(QComboBox* combo, const QStringList& texts);
// Selects the item whose data is `data`; false (selection unchanged) when there is none.
bool selectData(QComboBox* combo, int data);
// A 64-bit count shown in an int spin box, clamped to its largest value.
int clampToInt(std::uint64_t value);

} // namespace iteragpu::gui::sizingform
