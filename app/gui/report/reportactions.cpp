// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/reportactions.h"

#include "app/gui/report/exportsheetdialog.h"
#include "app/gui/report/resultcomparewidget.h"
#include "app/gui/report/resultexporter.h"
#include "app/gui/report/sheetcontentbuilder.h"
#include "app/gui/report/sheettranslator.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QWidget>

namespace iteragpu::gui {

ReportActions::ReportActions(QWidget* window, Sources sources)
    : QObject(window)
    , m_window(window)
    , m_sources(std::move(sources))
    , m_exporter(new ResultExporter(window))
{
    m_exporter->setParent(this);
    connect(m_exporter, &ResultExporter::logMessage, this, &ReportActions::logMessage);
    m_open = new QAction(this);
    m_compare = new QAction(this);
    m_separator = new QAction(this);
    m_separator->setSeparator(true);
    m_json = new QAction(this);
    m_sheet = new QAction(this);
    m_png = new QAction(this);
    m_svg = new QAction(this);
    m_open->setShortcut(QKeySequence::Open);
    connect(m_open, &QAction::triggered, this, &ReportActions::openResult);
    connect(m_compare, &QAction::triggered, this, &ReportActions::compareResults);
    connect(m_json, &QAction::triggered, this, &ReportActions::exportJson);
    connect(m_sheet, &QAction::triggered, this, &ReportActions::exportSheet);
    connect(m_png, &QAction::triggered, this, &ReportActions::exportChartPng);
    connect(m_svg, &QAction::triggered, this, &ReportActions::exportChartSvg);
    if (m_window)
        m_window->installEventFilter(this);
    retranslate();
}

QList<QAction*> ReportActions::actions() const
{
    return { m_open, m_compare, m_separator, m_json, m_sheet, m_png, m_svg };
}

void ReportActions::retranslate()
{
    m_open->setText(tr("&Open result…"));
    m_compare->setText(tr("&Compare two results…"));
    m_json->setText(tr("Export result as &JSON…"));
    m_sheet->setText(tr("Export &decision sheet…"));
    m_png->setText(tr("Export chart as &PNG…"));
    m_svg->setText(tr("Export chart as &SVG…"));
}

bool ReportActions::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::eventFilter(watched, event);
}

std::optional<protocol::RunResult> ReportActions::run() const
{
    if (m_sources.currentRun) {
        if (auto current = m_sources.currentRun())
            return current;
    }
    return m_opened;
}

void ReportActions::report(bool ok, bool declined, const QString& message)
{
    if (!ok && !declined && m_window && m_window->isVisible())
        QMessageBox::warning(m_window, tr("Export failed"), message);
}

QString ReportActions::savePath(const QString& title, const QString& name, const QString& filter)
{
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    // The exporter asks before replacing a file, once; the file dialog does not ask too.
    return QFileDialog::getSaveFileName(
        m_window, title, QDir(docs).filePath(name), filter, nullptr, QFileDialog::DontConfirmOverwrite);
}

bool ReportActions::exportJsonTo(const QString& path)
{
    const auto current = run();
    if (!current) {
        const QString message = tr("There is no result to export yet: run a workload or open a result.");
        emit logMessage(message, true);
        report(false, false, message);
        return false;
    }
    const auto out = m_exporter->exportJson(path, *current);
    if (out.ok)
        m_lastJsonName = QFileInfo(path).fileName();
    report(out.ok, out.declined, out.message);
    return out.ok;
}

bool ReportActions::exportSheetTo(const QString& path, const QString& language, const QString& choice,
    DecisionSheetWriter::Format format, bool attachRawJson)
{
    const auto current = run();
    const auto estimate = m_sources.currentEstimate ? m_sources.currentEstimate() : std::nullopt;
    SheetContentBuilder::Inputs in;
    in.run = current ? &*current : nullptr;
    in.estimate = estimate ? &*estimate : nullptr;
    in.choice = choice;
    in.chart = current && m_sources.chartImage ? m_sources.chartImage(kChartSize) : QImage();
    in.rawJsonFileName = m_lastJsonName;
    in.attachRawJson = attachRawJson;
    const SheetTranslator translator(language);
    const auto out = m_exporter->exportSheet(path, SheetContentBuilder::build(in, translator), language, format);
    report(out.ok, out.declined, out.message);
    return out.ok;
}

void ReportActions::openResult()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open a result"), QString(), tr("IteraGPU results (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    protocol::RunResult result;
    QString error;
    if (!ResultExporter::openResult(path, result, error)) {
        emit logMessage(error, true);
        QMessageBox::warning(m_window, tr("Open result"), error);
        return;
    }
    m_opened = result;
    m_lastJsonName = QFileInfo(path).fileName();
    //: %1 is a file path
    emit logMessage(tr("Opened %1.").arg(QDir::toNativeSeparators(path)), false);
    auto* dialog = new QDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(QFileInfo(path).fileName());
    auto* layout = new QVBoxLayout(dialog);
    auto* widget = new ResultCompareWidget(dialog);
    widget->setResult(ResultCompareWidget::Side::A, result, QFileInfo(path).fileName());
    connect(widget, &ResultCompareWidget::logMessage, this, &ReportActions::logMessage);
    layout->addWidget(widget);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(1000, 600);
    dialog->show();
}

void ReportActions::compareResults()
{
    auto* dialog = new QDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Compare two results"));
    auto* layout = new QVBoxLayout(dialog);
    auto* widget = new ResultCompareWidget(dialog);
    connect(widget, &ResultCompareWidget::logMessage, this, &ReportActions::logMessage);
    if (const auto current = run())
        widget->setResult(
            ResultCompareWidget::Side::A, *current, m_lastJsonName.isEmpty() ? tr("current run") : m_lastJsonName);
    layout->addWidget(widget);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(1200, 700);
    dialog->show();
}

void ReportActions::exportJson()
{
    if (!run()) {
        exportJsonTo(QString()); // says why
        return;
    }
    const QString path = savePath(tr("Export result as JSON"), QStringLiteral("result.json"), tr("JSON (*.json)"));
    if (!path.isEmpty())
        exportJsonTo(path);
}

void ReportActions::exportSheet()
{
    ExportSheetDialog dialog(m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    exportSheetTo(dialog.path(), dialog.language(), dialog.choice(), dialog.format(), dialog.attachRawJson());
}

void ReportActions::exportChartPng()
{
    const QString path = savePath(tr("Export chart as PNG"), QStringLiteral("chart.png"), tr("PNG image (*.png)"));
    if (path.isEmpty())
        return;
    const QImage image = m_sources.chartImage ? m_sources.chartImage(kChartSize) : QImage();
    const auto out = m_exporter->exportChartPng(path, image);
    report(out.ok, out.declined, out.message);
}

void ReportActions::exportChartSvg()
{
    const QString path = savePath(tr("Export chart as SVG"), QStringLiteral("chart.svg"), tr("SVG image (*.svg)"));
    if (path.isEmpty())
        return;
    const auto out = m_exporter->exportChartSvg(path, m_sources.writeChartSvg);
    report(out.ok, out.declined, out.message);
}

} // namespace iteragpu::gui
