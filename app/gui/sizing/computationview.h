// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/computationline.h"
#include "core/units/units.h"

#include <QStringList>
#include <QWidget>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace iteragpu::gui {

// "How it is computed", under the breakdown: one line per component from core's ComputationLines, the formula
// with the user's numbers, the result in bytes and in the chosen unit, and whether it is computed or assumed.
// The text is selectable and copied as plain text or as a Markdown table. Numbers follow the UI language.
class ComputationView : public QWidget {
    Q_OBJECT
public:
    explicit ComputationView(QWidget* parent = nullptr);

    void setLines(const std::vector<sizing::ComputationLine>& lines, units::Unit unit);
    void clear();

    // One line per component, as shown.
    QStringList lineTexts() const;
    // The line of one component id ("weights", "reserve"), as shown; empty when it has none.
    QString lineText(const QString& componentId) const;
    QString plainText() const;
    QString markdown() const;

public slots:
    void copyPlainText() const;
    void copyMarkdown() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Cells {
        QString component;
        QString formula;
        QString result; // in the chosen unit
        QString provenance;
        QString source; // empty when none
    };
    Cells cells(const sizing::ComputationLine& line) const;
    void retranslateUi();
    void render();

    std::vector<sizing::ComputationLine> m_lines;
    units::Unit m_unit = units::Unit::GiB;
    QLabel* m_title = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QPushButton* m_copyPlain = nullptr;
    QPushButton* m_copyMarkdown = nullptr;
};

} // namespace iteragpu::gui
