// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/exportsheetdialog.h"

#include "app/gui/application/labapplication.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>

namespace iteragpu::gui {

namespace {

    QString suffixFor(DecisionSheetWriter::Format format)
    {
        switch (format) {
        case DecisionSheetWriter::Format::Markdown:
            return QStringLiteral("md");
        case DecisionSheetWriter::Format::Html:
            return QStringLiteral("html");
        case DecisionSheetWriter::Format::Pdf:
            return QStringLiteral("pdf");
        }
        return QStringLiteral("md");
    }

} // namespace

ExportSheetDialog::ExportSheetDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("ExportSheetDialog"));
    auto* form = new QFormLayout(this);
    m_resultLabel = new QLabel(this);
    m_result = new QComboBox(this);
    m_result->setObjectName(QStringLiteral("resultCombo"));
    m_choiceLabel = new QLabel(this);
    m_choice = new QPlainTextEdit(this);
    m_choice->setObjectName(QStringLiteral("choiceEdit"));
    m_choice->setTabChangesFocus(true);
    m_languageLabel = new QLabel(this);
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("languageCombo"));
    for (const QString& code : LabApplication::languages())
        m_language->addItem(LabApplication::nativeLanguageName(code), code); // each named in itself
    const auto* app = qobject_cast<LabApplication*>(qApp);
    setLanguage(app ? app->language() : QStringLiteral("en"));
    m_formatLabel = new QLabel(this);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("formatCombo"));
    m_format->addItem(QStringLiteral("Markdown (.md)"), static_cast<int>(DecisionSheetWriter::Format::Markdown));
    m_format->addItem(QStringLiteral("HTML (.html)"), static_cast<int>(DecisionSheetWriter::Format::Html));
    m_format->addItem(QStringLiteral("PDF (.pdf)"), static_cast<int>(DecisionSheetWriter::Format::Pdf));
    m_attachJson = new QCheckBox(this);
    m_attachJson->setObjectName(QStringLiteral("attachJson"));
    m_attachJson->setChecked(true);
    m_pathLabel = new QLabel(this);
    auto* pathRow = new QHBoxLayout;
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("pathEdit"));
    m_browse = new QPushButton(this);
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);

    form->addRow(m_resultLabel, m_result);
    m_resultLabel->hide();
    m_result->hide();
    form->addRow(m_choiceLabel, m_choice);
    form->addRow(m_languageLabel, m_language);
    form->addRow(m_formatLabel, m_format);
    form->addRow(QString(), m_attachJson);
    form->addRow(m_pathLabel, pathRow);
    form->addRow(m_buttons);

    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    m_path->setText(QDir(docs).filePath(QStringLiteral("decision-sheet.md")));

    connect(m_browse, &QPushButton::clicked, this, &ExportSheetDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportSheetDialog::syncSuffix);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_path, &QLineEdit::textChanged, this, [this](const QString& text) {
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!text.trimmed().isEmpty());
    });
    retranslateUi();
    resize(560, sizeHint().height());
}

QString ExportSheetDialog::choice() const { return m_choice->toPlainText(); }

QString ExportSheetDialog::language() const { return m_language->currentData().toString(); }

void ExportSheetDialog::setLanguage(const QString& code)
{
    const int index = m_language->findData(code);
    m_language->setCurrentIndex(index >= 0 ? index : 0);
}

DecisionSheetWriter::Format ExportSheetDialog::format() const
{
    return static_cast<DecisionSheetWriter::Format>(m_format->currentData().toInt());
}

void ExportSheetDialog::setFormat(DecisionSheetWriter::Format format)
{
    m_format->setCurrentIndex(m_format->findData(static_cast<int>(format)));
}

bool ExportSheetDialog::writeRawJson() const { return m_attachJson->isChecked(); }

void ExportSheetDialog::setResults(const QStringList& labels, int current)
{
    m_result->clear();
    m_result->addItems(labels);
    m_result->setCurrentIndex(current >= 0 && current < labels.size() ? current : 0);
    const bool choose = labels.size() > 1;
    m_resultLabel->setVisible(choose);
    m_result->setVisible(choose);
}

int ExportSheetDialog::resultIndex() const { return m_result->currentIndex(); }

QString ExportSheetDialog::path() const { return m_path->text().trimmed(); }

void ExportSheetDialog::syncSuffix()
{
    const QString current = path();
    if (current.isEmpty())
        return;
    const QFileInfo info(current);
    m_path->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + suffixFor(format())));
}

void ExportSheetDialog::browse()
{
    // The overwrite question is asked once, by the exporter, so the file dialog does not ask it too.
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the decision sheet"), m_path->text(),
        tr("Markdown (*.md);;HTML (*.html);;PDF (*.pdf)"), nullptr, QFileDialog::DontConfirmOverwrite);
    if (path.isEmpty())
        return;
    m_path->setText(path);
    if (const auto f = DecisionSheetWriter::formatForSuffix(QFileInfo(path).suffix()))
        setFormat(*f);
    else
        syncSuffix();
}

void ExportSheetDialog::retranslateUi()
{
    setWindowTitle(tr("Export the decision sheet"));
    m_choiceLabel->setText(tr("Choice made:"));
    m_choice->setPlaceholderText(
        tr("e.g. Rent one H100 80 GB: the peak of warm_forward at batch 2 fits with 9 GiB margin."));
    m_languageLabel->setText(tr("Language of the sheet:"));
    m_formatLabel->setText(tr("Format:"));
    m_resultLabel->setText(tr("Result:"));
    m_attachJson->setText(tr("Write the raw JSON result beside the sheet"));
    m_pathLabel->setText(tr("File:"));
    m_browse->setText(tr("Browse…"));
}

void ExportSheetDialog::changeEvent(QEvent* event)
{
    QDialog::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
