// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/run/scriptrequest.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace iteragpu::gui {

// File > Run a PyTorch script...: the script, its arguments, the working folder and the Python interpreter
// (python3 by default). The last choices are kept in QSettings. OK is enabled once the script exists.
class ScriptDialog : public QDialog {
    Q_OBJECT
public:
    explicit ScriptDialog(QWidget* parent = nullptr);

    ScriptRequest request() const;
    void setRequest(const ScriptRequest& request);
    QLineEdit* scriptEdit() const { return m_script; }
    QLineEdit* argumentsEdit() const { return m_arguments; }
    QLineEdit* folderEdit() const { return m_folder; }
    QLineEdit* pythonEdit() const { return m_python; }

    // Keeps the request for the next time the dialog opens.
    void remember() const;

private:
    void updateOk();
    QLineEdit* m_script = nullptr;
    QLineEdit* m_arguments = nullptr;
    QLineEdit* m_folder = nullptr;
    QLineEdit* m_python = nullptr;
    QLabel* m_hint = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace iteragpu::gui
