// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/decisionsheetwriter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace iteragpu::gui {

// Asks what the decision sheet needs from the user: the choice made (free text), the sheet's language (the UI
// language by default, any of the four on request), the format and the file. Nothing is written here.
class ExportSheetDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportSheetDialog(QWidget* parent = nullptr);

    QString choice() const;
    void setChoice(const QString& text);
    QString language() const; // "en", "de", "es", "vi"
    void setLanguage(const QString& code);
    DecisionSheetWriter::Format format() const;
    void setFormat(DecisionSheetWriter::Format format);
    bool attachRawJson() const;
    QString path() const;
    void setPath(const QString& path);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void browse();
    void syncSuffix();

    QLabel* m_choiceLabel = nullptr;
    QPlainTextEdit* m_choice = nullptr;
    QLabel* m_languageLabel = nullptr;
    QComboBox* m_language = nullptr;
    QLabel* m_formatLabel = nullptr;
    QComboBox* m_format = nullptr;
    QCheckBox* m_attachJson = nullptr;
    QLabel* m_pathLabel = nullptr;
    QLineEdit* m_path = nullptr;
    QPushButton* m_browse = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace iteragpu::gui
