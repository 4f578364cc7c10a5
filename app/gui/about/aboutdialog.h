// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/registry/backendregistry.h"

#include <QDialog>

#include <vector>

class QLabel;
class QTableWidget;
class QDialogButtonBox;

namespace iteragpu::gui {

// Version, git commit, Qt version, and for each GPU backend whether it was built and loaded (with the loader's
// own text when it did not).
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    AboutDialog(const std::vector<device::BackendStatus>& backends, QWidget* parent = nullptr);

    enum Column { ColBackend, ColBuilt, ColLoaded, ColDetail, ColumnCount };
    QTableWidget* backendTable() const { return m_table; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    std::vector<device::BackendStatus> m_backends;
    QLabel* m_title = nullptr;
    QLabel* m_text = nullptr;
    QTableWidget* m_table = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace iteragpu::gui
