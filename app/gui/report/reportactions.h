// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/decisionsheetwriter.h"
#include "core/protocol/runtypes.h"
#include "core/sizing/estimate.h"

#include <QImage>
#include <QList>
#include <QObject>
#include <QSize>
#include <functional>
#include <optional>

class QAction;
class QWidget;

namespace iteragpu::gui {

class ResultExporter;

// The File-menu actions about results, ready to insert into the window: open a result, compare two, export the
// raw JSON, the decision sheet (Markdown / HTML / PDF, in any of the four languages) and the chart (PNG / SVG).
// The window hands in functions that give the current run, the current estimate and the chart, so this class
// needs no pointer to the window's parts. Every outcome is a logMessage() line (and a message box on failure).
class ReportActions : public QObject {
    Q_OBJECT
public:
    struct Sources {
        std::function<std::optional<protocol::RunResult>()> currentRun; // the last finished run, if any
        std::function<std::optional<sizing::Estimate>()> currentEstimate; // SizingPanel::estimate()
        std::function<QImage(QSize)> chartImage; // TimelineChart::toImage
        std::function<bool(const QString&)> writeChartSvg; // TimelineChart::writeSvg
    };

    ReportActions(QWidget* window, Sources sources);

    // In menu order: Open result…, Compare results…, separator, Export result (JSON)…, Export decision sheet…,
    // Export chart (PNG)…, Export chart (SVG)….
    QList<QAction*> actions() const;
    ResultExporter* exporter() const { return m_exporter; }

    // The run the sheet and the JSON export use: the current run, else the last result opened.
    std::optional<protocol::RunResult> run() const;

    // Non-interactive forms of the actions (the actions ask for a path first).
    bool exportJsonTo(const QString& path);
    bool exportSheetTo(const QString& path, const QString& language, const QString& choice,
        DecisionSheetWriter::Format format, bool attachRawJson = true);

    static constexpr QSize kChartSize { 1200, 600 }; // pixels of the exported chart image

public slots:
    void openResult();
    void compareResults();
    void exportJson();
    void exportSheet();
    void exportChartPng();
    void exportChartSvg();

signals:
    void logMessage(const QString& line, bool isError);

private:
    void retranslate();
    bool eventFilter(QObject* watched, QEvent* event) override;
    void report(bool ok, bool declined, const QString& message);
    QString savePath(const QString& title, const QString& name, const QString& filter);

    QWidget* m_window = nullptr;
    Sources m_sources;
    ResultExporter* m_exporter = nullptr;
    std::optional<protocol::RunResult> m_opened;
    QString m_lastJsonName; // the result file last written or opened, referenced by the sheet
    QAction* m_open = nullptr;
    QAction* m_compare = nullptr;
    QAction* m_separator = nullptr;
    QAction* m_json = nullptr;
    QAction* m_sheet = nullptr;
    QAction* m_png = nullptr;
    QAction* m_svg = nullptr;
};

} // namespace iteragpu::gui
