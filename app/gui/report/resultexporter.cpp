// SPDX-License-Identifier: Apache-2.0
#include "app/gui/report/resultexporter.h"

#include "app/gui/report/overwriteprompt.h"
#include "app/gui/report/safefilewriter.h"
#include "core/interop/memoryvizexport.h"
#include "core/interop/perfettoexport.h"
#include "core/interop/snapshotimport.h"
#include "core/report/resultjson.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QWidget>
#include <nlohmann/json.hpp>

namespace iteragpu::gui {

ResultExporter::ResultExporter(QWidget* parent)
    : QObject(parent)
    , m_prompt(new OverwritePrompt(parent))
{
    m_prompt->setParent(this);
}

ResultExporter::Outcome ResultExporter::finish(Outcome outcome)
{
    emit logMessage(outcome.message, !outcome.ok && !outcome.declined);
    return outcome;
}

ResultExporter::Outcome ResultExporter::write(const QString& path, const QByteArray& bytes)
{
    Outcome out;
    if (!m_prompt->mayWrite(path)) {
        out.declined = true;
        //: %1 is a file path
        out.message = tr("%1 was not replaced.").arg(QDir::toNativeSeparators(path));
        return out;
    }
    const auto written = SafeFileWriter::write(path, bytes, SafeFileWriter::Existing::Replace);
    out.ok = written.ok;
    if (written.ok) {
        out.written << path;
        //: %1 is a file path
        out.message = tr("Saved %1.").arg(QDir::toNativeSeparators(path));
    } else {
        out.message = written.error;
    }
    return out;
}

ResultExporter::Outcome ResultExporter::exportJson(const QString& path, const protocol::RunResult& result)
{
    QByteArray bytes;
    try {
        bytes = QByteArray::fromStdString(report::toJson(result).dump(2) + "\n");
    } catch (const std::exception& e) {
        Outcome out;
        //: %1 is the reason
        out.message = tr("The result could not be converted to JSON: %1").arg(QString::fromStdString(e.what()));
        return finish(out);
    }
    return finish(write(path, bytes));
}

QString ResultExporter::chartPathFor(const QString& sheetPath)
{
    const QFileInfo info(sheetPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".chart.png"));
}

ResultExporter::Outcome ResultExporter::exportSheet(
    const QString& path, const SheetContent& content, const QString& language)
{
    const auto format = DecisionSheetWriter::formatForSuffix(QFileInfo(path).suffix());
    if (!format) {
        Outcome out;
        //: %1 is a file path
        out.message = tr("Unknown sheet format for %1: use .md, .html or .pdf.").arg(QDir::toNativeSeparators(path));
        return finish(out);
    }
    return exportSheet(path, content, language, *format);
}

ResultExporter::Outcome ResultExporter::exportSheet(
    const QString& path, const SheetContent& content, const QString& language, DecisionSheetWriter::Format format)
{
    const DecisionSheetWriter writer(content, language);
    QString chartName;
    Outcome chartOutcome;
    if (format == DecisionSheetWriter::Format::Markdown && !content.chart.isNull()) {
        const QString chartPath = chartPathFor(path);
        chartOutcome = exportChartPng(chartPath, content.chart);
        if (chartOutcome.ok)
            chartName = QFileInfo(chartPath).fileName();
    }
    Outcome out = write(path, writer.render(format, chartName));
    out.written = chartOutcome.written + out.written;
    if (out.ok && !writer.languageLoaded())
        //: %1 is a language code, e.g. "de"
        out.message
            += QLatin1Char(' ') + tr("The catalog for %1 could not be loaded; the sheet is in English.").arg(language);
    return finish(out);
}

ResultExporter::Outcome ResultExporter::exportChartPng(const QString& path, const QImage& image)
{
    if (image.isNull()) {
        Outcome out;
        out.message = tr("There is no chart to export.");
        return finish(out);
    }
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return finish(write(path, png));
}

ResultExporter::Outcome ResultExporter::exportChartSvg(
    const QString& path, const std::function<bool(const QString&)>& writeSvg)
{
    Outcome out;
    const QTemporaryDir temp;
    const QString tempPath = temp.isValid() ? temp.filePath(QStringLiteral("chart.svg")) : QString();
    if (tempPath.isEmpty() || !writeSvg || !writeSvg(tempPath)) {
        out.message = tr("The chart could not be rendered as SVG.");
        return finish(out);
    }
    QFile file(tempPath);
    if (!file.open(QIODevice::ReadOnly)) {
        out.message = tr("The chart could not be rendered as SVG.");
        return finish(out);
    }
    return finish(write(path, file.readAll()));
}

ResultExporter::Outcome ResultExporter::exportMemoryViz(const QString& path, const protocol::RunResult& result)
{
    QByteArray bytes;
    try {
        bytes = QByteArray::fromStdString(interop::memoryVizPickle(result));
    } catch (const std::exception& e) {
        Outcome out;
        //: %1 is the reason
        const QString text = tr("The run could not be converted to a memory snapshot: %1");
        out.message = text.arg(QString::fromStdString(e.what()));
        return finish(out);
    }
    return finish(write(path, bytes));
}

ResultExporter::Outcome ResultExporter::exportPerfetto(const QString& path, const protocol::RunResult& result)
{
    QByteArray bytes;
    try {
        bytes = QByteArray::fromStdString(interop::perfettoTrace(result).dump(1) + "\n");
    } catch (const std::exception& e) {
        Outcome out;
        //: %1 is the reason
        const QString text = tr("The run could not be converted to a Perfetto trace: %1");
        out.message = text.arg(QString::fromStdString(e.what()));
        return finish(out);
    }
    return finish(write(path, bytes));
}

bool ResultExporter::importSnapshot(const QString& path, protocol::RunResult& result, QString& error)
{
    std::string reason;
    bool ok = false;
    try {
        ok = interop::importSnapshotFile(QFile::encodeName(path).toStdString(), result, reason);
    } catch (const std::exception& e) {
        ok = false;
        reason = e.what();
    }
    if (!ok)
        //: %1 is the reason (it names the file)
        error = tr("Could not import the snapshot: %1").arg(QString::fromStdString(reason));
    return ok;
}

bool ResultExporter::openResult(const QString& path, protocol::RunResult& result, QString& error)
{
    std::string reason;
    bool ok = false;
    try {
        ok = report::readResultFile(QFile::encodeName(path).toStdString(), result, reason);
    } catch (const std::exception& e) {
        ok = false;
        reason = e.what();
    }
    if (!ok)
        //: %1 is a file path, %2 the reason
        error = tr("Could not open %1: %2").arg(QDir::toNativeSeparators(path), QString::fromStdString(reason));
    return ok;
}

} // namespace iteragpu::gui
