// SPDX-License-Identifier: Apache-2.0
#pragma once

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace iteragpu::gui {

// A read-only table of result rows as the panels show them: no row numbers, whole rows selected, one line per
// cell, columns as wide as their contents. `name` becomes the object name (tests find the view by it).
QTableView* makeRowTable(QWidget* parent, QAbstractItemModel* model, const char* name);

} // namespace iteragpu::gui
