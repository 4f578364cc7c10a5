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

// Asks what the decision sheet needs from the user: which held result it describes (each named by its source),
// the choice made (free text), the sheet's language (the UI language by default, any of the four on request), the
// format, the file and whether the raw JSON goes beside it. Nothing is written here.
class ExportSheetDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportSheetDialog(QWidget* parent = nullptr);

    QString choice() const;
    QString language() const; // "en", "de", "es", "vi"
    void setLanguage(const QString& code);
    DecisionSheetWriter::Format format() const;
    void setFormat(DecisionSheetWriter::Format format);
    bool writeRawJson() const;
    // The results the sheet may describe, by label; the row is hidden when there is at most one.
    void setResults(const QStringList& labels, int current);
    int resultIndex() const; // -1 without results
    QString path() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void browse();
    void syncSuffix();

    QLabel* m_resultLabel = nullptr;
    QComboBox* m_result = nullptr;
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
