// SPDX-License-Identifier: Apache-2.0
#include "app/gui/widgets/rowtable.h"

#include <QHeaderView>
#include <QTableView>

namespace iteragpu::gui {

QTableView* makeRowTable(QWidget* parent, QAbstractItemModel* model, const char* name)
{
    auto* view = new QTableView(parent);
    view->setObjectName(QLatin1String(name));
    view->setModel(model);
    view->verticalHeader()->hide();
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setWordWrap(false);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return view;
}

} // namespace iteragpu::gui
