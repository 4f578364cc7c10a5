// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/sheetcontent.h"
#include "core/protocol/runtypes.h"

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>

class QWidget;

namespace iteragpu::gui {

class OverwritePrompt;

// Every file the workbench writes about a run: the raw result JSON (the CLI's schema, core/report/resultjson),
// the decision sheet (Markdown with its chart PNG beside it, HTML, PDF) and the chart as PNG or SVG. Each file is
// written whole (SafeFileWriter); an existing path is replaced only when OverwritePrompt says the user agreed.
// Failures come back as one line and are also emitted as logMessage(); nothing is lost and nothing throws.
class ResultExporter : public QObject {
    Q_OBJECT
public:
    struct Outcome {
        bool ok = false;
        bool declined = false; // the user chose not to replace an existing file
        QString message; // what happened, one line (also emitted as logMessage)
        QStringList written; // paths written
    };

    explicit ResultExporter(QWidget* parent = nullptr);

    OverwritePrompt* prompt() const { return m_prompt; }

    Outcome exportJson(const QString& path, const protocol::RunResult& result);
    // The run's allocator trace as a PyTorch memory snapshot (pytorch.org/memory_viz) and as a Perfetto / Chrome
    // JSON trace (ui.perfetto.dev): core/interop, Note [memory_viz export] and Note [Perfetto export].
    Outcome exportMemoryViz(const QString& path, const protocol::RunResult& result);
    Outcome exportPerfetto(const QString& path, const protocol::RunResult& result);
    // Format from the suffix (.md, .html, .pdf). Markdown also writes <name>.chart.png beside it when the
    // content has a chart.
    Outcome exportSheet(const QString& path, const SheetContent& content, const QString& language);
    Outcome exportSheet(
        const QString& path, const SheetContent& content, const QString& language, DecisionSheetWriter::Format format);
    Outcome exportChartPng(const QString& path, const QImage& image);
    // writeSvg writes the chart to the temporary path it is given (TimelineChart::writeSvg); the bytes are then
    // written whole to path.
    Outcome exportChartSvg(const QString& path, const std::function<bool(const QString&)>& writeSvg);

    // Reads a result file written by the CLI or the GUI; false with a one-line reason.
    static bool openResult(const QString& path, protocol::RunResult& result, QString& error);
    // Imports a PyTorch memory snapshot (core/interop/snapshotimport.h); false with a one-line reason.
    static bool importSnapshot(const QString& path, protocol::RunResult& result, QString& error);

    // The companion chart file of a Markdown sheet: "sheet.md" -> "sheet.chart.png".
    static QString chartPathFor(const QString& sheetPath);

signals:
    void logMessage(const QString& line, bool isError);

private:
    Outcome write(const QString& path, const QByteArray& bytes);
    Outcome finish(Outcome outcome);

    OverwritePrompt* m_prompt = nullptr;
};

} // namespace iteragpu::gui
