// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>
#include <functional>

class QWidget;

namespace iteragpu::gui {

// Asks the user before a file is replaced: a QMessageBox question, "No" by default. The question can be
// answered by a function instead (tests, scripted exports), so nothing modal blocks a headless run.
class OverwritePrompt : public QObject {
    Q_OBJECT
public:
    using Answer = std::function<bool(const QString& path)>;

    explicit OverwritePrompt(QWidget* parent = nullptr);

    // True when the path does not exist yet, or when the user agreed to replace it.
    bool mayWrite(const QString& path) const;

    // Replaces the dialog by a function (nullptr restores the dialog).
    void setAnswer(Answer answer) { m_answer = std::move(answer); }

private:
    QWidget* m_parentWidget = nullptr;
    Answer m_answer;
};

} // namespace iteragpu::gui
