// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/reportactions.h"

#include "app/gui/report/exportsheetdialog.h"
#include "app/gui/report/resultcomparewidget.h"
#include "app/gui/report/resultexporter.h"
#include "app/gui/report/resulttimeline.h"
#include "app/gui/report/sheetcontentbuilder.h"
#include "app/gui/report/sheettranslator.h"
#include "core/sizing/fitanalyzer.h"
#include "core/verdict/devicefit.h"

#include <QAction>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <tuple>
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
    m_import = new QAction(this);
    m_import->setObjectName(QStringLiteral("importSnapshotAction"));
    m_memoryViz = new QAction(this);
    m_memoryViz->setObjectName(QStringLiteral("exportMemoryVizAction"));
    m_perfetto = new QAction(this);
    m_perfetto->setObjectName(QStringLiteral("exportPerfettoAction"));
    m_compare = new QAction(this);
    m_separator = new QAction(this);
    m_separator->setSeparator(true);
    m_json = new QAction(this);
    m_sheet = new QAction(this);
    m_png = new QAction(this);
    m_svg = new QAction(this);
    m_open->setShortcut(QKeySequence::Open);
    connect(m_open, &QAction::triggered, this, &ReportActions::openResult);
    connect(m_import, &QAction::triggered, this, &ReportActions::importSnapshot);
    connect(m_memoryViz, &QAction::triggered, this, &ReportActions::exportMemoryViz);
    connect(m_perfetto, &QAction::triggered, this, &ReportActions::exportPerfetto);
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
    return { m_open, m_import, m_compare, m_separator, m_json, m_memoryViz, m_perfetto, m_sheet, m_png, m_svg };
}

void ReportActions::retranslate()
{
    m_open->setText(tr("&Open result…"));
    m_import->setText(tr("&Import PyTorch snapshot…"));
    m_compare->setText(tr("&Compare two results…"));
    m_memoryViz->setText(tr("Export as &memory_viz snapshot…"));
    m_perfetto->setText(tr("Export as Per&fetto trace…"));
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
    if (!m_shown)
        return std::nullopt;
    const auto& h = held(*m_shown);
    return h ? std::optional<protocol::RunResult>(h->result) : std::nullopt;
}

std::optional<HeldResult>* ReportActions::slot(std::optional<Held> which)
{
    const auto w = which ? which : m_shown;
    if (!w)
        return nullptr;
    auto* h = *w == Held::Measured ? &m_measured : &m_opened;
    return h->has_value() ? h : nullptr;
}

void ReportActions::setMeasured(const protocol::RunResult& result)
{
    m_measured = HeldResult { result, ResultSource::measured() };
    m_shown = Held::Measured;
}

QString ReportActions::jsonPathFor(const QString& sheetPath)
{
    const QFileInfo info(sheetPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".json"));
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

bool ReportActions::exportJsonTo(const QString& path, std::optional<Held> which)
{
    auto* held = slot(which);
    if (!held) {
        const QString message = tr("There is no result to export yet: run a workload or open a result.");
        emit logMessage(message, true);
        report(false, false, message);
        return false;
    }
    const auto out = m_exporter->exportJson(path, (*held)->result);
    if (out.ok)
        (*held)->source = (*held)->source.afterSaving(QFileInfo(path).absoluteFilePath());
    report(out.ok, out.declined, out.message);
    return out.ok;
}

std::vector<sizing::FitVerdict> ReportActions::catalogVerdicts(
    const sizing::Estimate& estimate, const std::optional<verdict::DeviceNeed>& need) const
{
    if (!m_catalogTried) {
        m_catalogTried = true;
        try {
            m_catalog = sizing::DeviceCatalog::loadDefault();
        } catch (const std::exception&) {
            m_catalog.reset(); // the sheet then has no catalog rows; the sizing panel says why
        }
    }
    std::vector<sizing::FitVerdict> out;
    if (m_catalog) {
        for (const auto& card : m_catalog->cards())
            out.push_back(need ? verdict::DeviceFit::verdict(estimate, *need, card)
                               : sizing::FitAnalyzer::verdict(estimate, card));
    }
    return out;
}

QImage ReportActions::chartOf(Held which) const
{
    const auto& h = held(which);
    if (!h)
        return {};
    const auto estimate = m_sources.currentEstimate ? m_sources.currentEstimate() : std::nullopt;
    const auto total = estimate ? std::optional<std::uint64_t>(estimate->total()) : std::nullopt;
    const units::Unit unit = m_sources.unit ? m_sources.unit() : units::Unit::GiB;
    return ResultTimeline::render(h->result, total, unit, kChartSize);
}

SheetContentBuilder::Inputs ReportActions::sheetInputs(
    std::optional<HeldResult>* held, const std::optional<sizing::Estimate>& estimate, const QString& choice) const
{
    SheetContentBuilder::Inputs in;
    in.run = held ? &(*held)->result : nullptr;
    in.estimate = estimate ? &*estimate : nullptr;
    in.choice = choice;
    if (m_sources.currentSweep)
        std::tie(in.sweep, in.sweepFolder) = m_sources.currentSweep();
    if (estimate) {
        in.target = m_sources.targetVerdict ? m_sources.targetVerdict() : std::nullopt;
        in.need = m_sources.currentNeed ? m_sources.currentNeed() : std::nullopt;
        in.catalog = catalogVerdicts(*estimate, in.need);
        if (m_sources.enginePlan)
            std::tie(in.engine, in.engineStarts) = m_sources.enginePlan();
    }
    if (held) {
        in.chart = chartOf(held == &m_measured ? Held::Measured : Held::Opened);
        in.source = (*held)->source;
    }
    return in;
}

SheetContent ReportActions::previewSheet(const QString& language)
{
    const auto estimate = m_sources.currentEstimate ? m_sources.currentEstimate() : std::nullopt;
    const SheetTranslator translator(language);
    return SheetContentBuilder::build(sheetInputs(slot(std::nullopt), estimate, QString()), translator);
}

bool ReportActions::exportSheetTo(const QString& path, const QString& language, const QString& choice,
    DecisionSheetWriter::Format format, bool writeJson, std::optional<Held> which)
{
    auto* held = slot(which);
    const auto estimate = m_sources.currentEstimate ? m_sources.currentEstimate() : std::nullopt;
    SheetContentBuilder::Inputs in = sheetInputs(held, estimate, choice);
    if (held && writeJson) {
        // The raw result as a file beside the sheet, asked about like any file; the sheet names it only when it
        // was written, and a run measured here is then "saved to" it.
        const QString jsonPath = jsonPathFor(path);
        if (m_exporter->exportJson(jsonPath, (*held)->result).ok) {
            in.rawJsonFileName = QFileInfo(jsonPath).fileName();
            (*held)->source = (*held)->source.afterSaving(QFileInfo(jsonPath).absoluteFilePath());
            in.source = (*held)->source;
        }
    }
    const SheetTranslator translator(language);
    auto out = m_exporter->exportSheet(path, SheetContentBuilder::build(in, translator), language, format);
    report(out.ok, out.declined, out.message);
    return out.ok;
}

bool ReportActions::openResultFile(const QString& path)
{
    protocol::RunResult result;
    QString error;
    const bool read = ResultExporter::openResult(path, result, error);
    //: %1 is a file path
    const QString line = tr("Opened %1.").arg(QDir::toNativeSeparators(path));
    return hold(read, result, error, ResultSource::opened(QFileInfo(path).absoluteFilePath()), tr("Open result"), line);
}

bool ReportActions::importSnapshotFile(const QString& path)
{
    protocol::RunResult result;
    QString error;
    const bool read = ResultExporter::importSnapshot(path, result, error);
    //: %1 is a file path, %2 the number of phases
    const QString line = tr("Imported %1: %2 phase(s) rebuilt from a PyTorch memory snapshot, not measured by IteraGPU.")
                             .arg(QDir::toNativeSeparators(path))
                             .arg(result.phases.size());
    return hold(read, result, error, ResultSource::imported(QFileInfo(path).absoluteFilePath()),
        tr("Import PyTorch snapshot"), line);
}

bool ReportActions::hold(bool read, const protocol::RunResult& result, const QString& error, const ResultSource& source,
    const QString& title, QString line)
{
    if (!read) {
        emit logMessage(error, true);
        if (m_window && m_window->isVisible())
            QMessageBox::warning(m_window, title, error);
        return false;
    }
    m_opened = HeldResult { result, source };
    const bool shownNow = !m_sources.showResult || m_sources.showResult(result);
    if (shownNow)
        m_shown = Held::Opened;
    if (!shownNow)
        line += QLatin1Char(' ')
            + tr("The window keeps showing the run in progress; the result can be compared and exported.");
    emit logMessage(line, false);
    return true;
}

void ReportActions::importSnapshot()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import a PyTorch memory snapshot"), QString(),
        tr("PyTorch memory snapshots (*.pickle *.pkl);;All files (*)"));
    if (!path.isEmpty())
        importSnapshotFile(path);
}

bool ReportActions::exportTraceTo(const QString& path, TraceFormat format, std::optional<Held> which)
{
    auto* held = slot(which);
    if (!held) {
        const QString message = tr("There is no result to export yet: run a workload or open a result.");
        emit logMessage(message, true);
        report(false, false, message);
        return false;
    }
    const auto out = format == TraceFormat::MemoryViz ? m_exporter->exportMemoryViz(path, (*held)->result)
                                                      : m_exporter->exportPerfetto(path, (*held)->result);
    report(out.ok, out.declined, out.message);
    return out.ok;
}

void ReportActions::exportMemoryViz()
{
    if (!run()) {
        exportTraceTo(QString(), TraceFormat::MemoryViz); // says why
        return;
    }
    const QString path = savePath(tr("Export as a memory_viz snapshot"), QStringLiteral("snapshot.pickle"),
        tr("PyTorch memory snapshot (*.pickle)"));
    if (!path.isEmpty())
        exportTraceTo(path, TraceFormat::MemoryViz);
}

void ReportActions::exportPerfetto()
{
    if (!run()) {
        exportTraceTo(QString(), TraceFormat::Perfetto); // says why
        return;
    }
    const QString path = savePath(
        tr("Export as a Perfetto trace"), QStringLiteral("trace.json"), tr("Perfetto / Chrome JSON trace (*.json)"));
    if (!path.isEmpty())
        exportTraceTo(path, TraceFormat::Perfetto);
}

void ReportActions::openResult()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open a result"), QString(), tr("IteraGPU results (*.json);;All files (*)"));
    if (!path.isEmpty())
        openResultFile(path);
}

ResultCompareWidget* ReportActions::createCompareWidget(QWidget* parent) const
{
    auto* widget = new ResultCompareWidget(parent);
    connect(widget, &ResultCompareWidget::logMessage, this, &ReportActions::logMessage);
    auto label = [](const HeldResult& h) { return h.source.label(h.result.identity.runId); };
    if (m_measured && m_opened) {
        widget->setResult(ResultCompareWidget::Side::A, m_measured->result, label(*m_measured));
        widget->setResult(ResultCompareWidget::Side::B, m_opened->result, label(*m_opened));
    } else if (m_measured) {
        widget->setResult(ResultCompareWidget::Side::A, m_measured->result, label(*m_measured));
    } else if (m_opened) {
        widget->setResult(ResultCompareWidget::Side::A, m_opened->result, label(*m_opened));
    }
    return widget;
}

void ReportActions::compareResults()
{
    auto* dialog = new QDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Compare two results"));
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(createCompareWidget(dialog));
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
    // Which held result the sheet describes, each named by its source; the one shown first.
    QList<Held> choices;
    QStringList labels;
    for (Held which : { Held::Measured, Held::Opened }) {
        if (const auto& h = held(which)) {
            choices << which;
            labels << h->source.label(h->result.identity.runId);
        }
    }
    dialog.setResults(labels, m_shown ? static_cast<int>(choices.indexOf(*m_shown)) : 0);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const int index = dialog.resultIndex();
    const std::optional<Held> which
        = index >= 0 && index < choices.size() ? std::optional<Held>(choices[index]) : std::nullopt;
    exportSheetTo(dialog.path(), dialog.language(), dialog.choice(), dialog.format(), dialog.writeRawJson(), which);
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
