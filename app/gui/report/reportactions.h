// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/heldresult.h"
#include "app/gui/report/sheetcontentbuilder.h"
#include "core/protocol/runtypes.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/estimate.h"
#include "core/sizing/fitverdict.h"
#include "core/units/units.h"
#include "core/verdict/deviceneed.h"

#include <QImage>
#include <QList>
#include <QObject>
#include <QSize>
#include "core/i18n/message.h"

#include <functional>
#include <optional>
#include <utility>
#include <vector>

class QAction;
class QWidget;

namespace iteragpu::sweep {
struct SweepRecord;
}

namespace iteragpu::gui {

class ResultCompareWidget;
class ResultExporter;

// The File-menu actions about results, ready to insert into the window: open a result, compare two, export the
// raw JSON, the decision sheet (Markdown / HTML / PDF, in any of the four languages) and the chart (PNG / SVG).
// It holds the results the window has, each with its source (HeldResult): the last run measured in this session
// and the last result opened. The one the window shows is the default of every export; the sheet, the JSON and
// the compare view name the source of the result they describe. The window hands in functions for the estimate,
// the target verdict, its chart and a way to show an opened result, so this class needs no pointer to its parts.
// Every outcome is a logMessage() line (and a message box on failure).
class ReportActions : public QObject {
    Q_OBJECT
public:
    struct Sources {
        std::function<std::optional<sizing::Estimate>()> currentEstimate; // SizingPanel::estimate()
        // The verdict for the card chosen as the target (core's FitAnalyzer); nullopt when none is chosen.
        std::function<std::optional<sizing::FitVerdict>()> targetVerdict;
        // The one estimate of currentEstimate (SizingPanel::need()): the card table's need, and what a measured
        // run is held against.
        std::function<std::optional<verdict::DeviceNeed>()> currentNeed;
        std::function<QImage(QSize)> chartImage; // TimelineChart::toImage, for Export chart
        std::function<bool(const QString&)> writeChartSvg; // TimelineChart::writeSvg
        // Shows an opened result in the window (timeline and phase table); false when it cannot now (a run is
        // going), the result is then held without being shown.
        std::function<bool(const protocol::RunResult&)> showResult;
        std::function<units::Unit()> unit; // the window's unit, for the sheet's chart; GiB when unset
        // The sweep the window holds (nullptr when none) and its folder: the sheet's maximum load tried and
        // boundary come from it.
        std::function<std::pair<const sweep::SweepRecord*, QString>()> currentSweep;
        // The serving engine's plan on the target card (SizingPanel::engineMessages) and whether it starts.
        std::function<std::pair<std::vector<i18n::Message>, bool>()> enginePlan;
    };
    enum class Held { Measured, Opened };

    ReportActions(QWidget* window, Sources sources);

    // In menu order: Open result…, Import PyTorch snapshot…, Compare results…, separator, Export result (JSON)…,
    // Export as memory_viz snapshot…, Export as Perfetto trace…, Export decision sheet…, Export chart (PNG)…,
    // Export chart (SVG)….
    QList<QAction*> actions() const;
    ResultExporter* exporter() const { return m_exporter; }

    // A run finished in this session: held as "measured, not saved", and it is what the window shows.
    void setMeasured(const protocol::RunResult& result);
    const std::optional<HeldResult>& held(Held which) const { return which == Held::Measured ? m_measured : m_opened; }
    // The held result the window shows, if any.
    std::optional<Held> shown() const { return m_shown; }
    // The result the exports use by default: the one shown.
    std::optional<protocol::RunResult> run() const;

    // Non-interactive forms of the actions (the actions ask for a path first). `which` defaults to the result
    // shown. The sheet writes the raw result beside itself (<name>.json) when writeJson is set.
    bool openResultFile(const QString& path);
    // A PyTorch memory snapshot, held and shown like an opened result, its source "imported" (ResultSource).
    bool importSnapshotFile(const QString& path);
    enum class TraceFormat { MemoryViz, Perfetto };
    bool exportTraceTo(const QString& path, TraceFormat format, std::optional<Held> which = std::nullopt);
    bool exportJsonTo(const QString& path, std::optional<Held> which = std::nullopt);
    bool exportSheetTo(const QString& path, const QString& language, const QString& choice,
        DecisionSheetWriter::Format format, bool writeJson = true, std::optional<Held> which = std::nullopt);
    // The decision sheet of the result shown (or of the estimate alone), in one language, as the preview of the
    // Decide step shows it: what Export decision sheet would write, before a choice is typed.
    SheetContent previewSheet(const QString& language);
    // The compare view of the held results: the measured run on side A, the opened result on side B.
    ResultCompareWidget* createCompareWidget(QWidget* parent) const;
    // The chart of a held result as its sheet shows it (drawn from the result itself).
    QImage chartOf(Held which) const;

    // "sheet.pdf" -> "sheet.json": the raw result written beside a sheet.
    static QString jsonPathFor(const QString& sheetPath);

    static constexpr QSize kChartSize { 1200, 600 }; // pixels of the exported chart image

public slots:
    void openResult();
    void importSnapshot();
    void exportMemoryViz();
    void exportPerfetto();
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
    // Holds and shows a result read from a file (opened or imported), or shows the reader's error under title.
    bool hold(bool read, const protocol::RunResult& result, const QString& error, const ResultSource& source,
        const QString& title, QString line);
    QString savePath(const QString& title, const QString& name, const QString& filter);
    std::optional<HeldResult>* slot(std::optional<Held> which);
    // What every sheet is built from: the held result (or none), the estimate, the sweep, the verdicts.
    SheetContentBuilder::Inputs sheetInputs(std::optional<HeldResult>* held,
        const std::optional<sizing::Estimate>& estimate, const QString& choice) const;
    std::vector<sizing::FitVerdict> catalogVerdicts(
        const sizing::Estimate& estimate, const std::optional<verdict::DeviceNeed>& need) const;

    QWidget* m_window = nullptr;
    Sources m_sources;
    ResultExporter* m_exporter = nullptr;
    std::optional<HeldResult> m_measured;
    std::optional<HeldResult> m_opened;
    std::optional<Held> m_shown;
    mutable std::optional<sizing::DeviceCatalog> m_catalog; // loaded at the first sheet
    mutable bool m_catalogTried = false;
    QAction* m_open = nullptr;
    QAction* m_import = nullptr;
    QAction* m_memoryViz = nullptr;
    QAction* m_perfetto = nullptr;
    QAction* m_compare = nullptr;
    QAction* m_separator = nullptr;
    QAction* m_json = nullptr;
    QAction* m_sheet = nullptr;
    QAction* m_png = nullptr;
    QAction* m_svg = nullptr;
};

} // namespace iteragpu::gui
