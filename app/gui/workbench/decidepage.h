// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>
#include <memory>

class QLabel;
class QTextBrowser;
class QTextDocument;
class QTimer;
class QToolButton;

namespace iteragpu::gui {

class ReportActions;

// The Decide step: the decision sheet as it would be exported now (the result shown, the estimate, the sweep),
// in the window's language, with the exports beside it. The preview is rebuilt each time the step is shown
// and, while it is shown, shortly after anything it reads changes (refreshSoon()); never while hidden.
class DecidePage : public QWidget {
    Q_OBJECT
public:
    DecidePage(ReportActions* actions, QWidget* parent = nullptr);
    ~DecidePage() override;

    QTextBrowser* preview() const { return m_preview; }
    // Rebuilds the preview now.
    void refresh();
    // Something the sheet reads changed: rebuild it soon if the page is in view.
    void refreshSoon();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    ReportActions* m_actions = nullptr;
    QLabel* m_intro = nullptr;
    QTextBrowser* m_preview = nullptr;
    std::unique_ptr<QTextDocument> m_document;
    QTimer* m_timer = nullptr;
    QList<QToolButton*> m_buttons;
};

} // namespace iteragpu::gui
