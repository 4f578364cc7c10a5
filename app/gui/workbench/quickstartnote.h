// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace iteragpu::gui {

// "What to do first", above the Size step at a first start: the five steps in one line each. Closed with its
// button, it stays closed (a setting); Help > Quick start shows the same text at any time.
class QuickStartNote : public QFrame {
    Q_OBJECT
public:
    explicit QuickStartNote(QWidget* parent = nullptr);

    // Where to begin, in two lines (the note's text).
    static QString firstStep();
    // The quick start as rich text: where to begin, then the steps in order and what each is for.
    static QString text();
    // True once the user closed the note; a first start shows it.
    static bool dismissed();
    static QString settingsKey();

    QPushButton* closeButton() const { return m_close; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QLabel* m_label = nullptr;
    QPushButton* m_close = nullptr;
};

} // namespace iteragpu::gui
