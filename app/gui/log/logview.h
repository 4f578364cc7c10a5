// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/log/logmodel.h"

#include <QWidget>

class QTreeView;
class QToolButton;

namespace iteragpu::gui {

// The log panel: time-stamped events of the session (runs started and finished, out-of-memory phases,
// backend errors), newest at the bottom, following the end while the user does not scroll away.
class LogView : public QWidget {
    Q_OBJECT
public:
    explicit LogView(QWidget* parent = nullptr);

    LogModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }

public slots:
    void info(const QString& message) { add(LogModel::Level::Info, message); }
    void warning(const QString& message) { add(LogModel::Level::Warning, message); }
    void error(const QString& message) { add(LogModel::Level::Error, message); }
    void add(LogModel::Level level, const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    LogModel* m_model = nullptr;
    QTreeView* m_view = nullptr;
    QToolButton* m_copyButton = nullptr;
    QToolButton* m_clearButton = nullptr;
};

} // namespace iteragpu::gui
