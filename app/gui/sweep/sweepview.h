// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/sweep/sweepevents.h"
#include "core/protocol/runtypes.h"
#include "core/sweep/sweeptypes.h"
#include "core/units/units.h"

#include <QString>
#include <QWidget>
#include <functional>
#include <optional>
#include <vector>

class QAction;
class QLabel;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableView;

namespace iteragpu::gui {

class SweepChart;
class SweepController;
class SweepForm;
class TimelineChart;
class TrialTableModel;

// The Sweep view: one dimension of the workload varied, each value a trial in a fresh measure process. On the
// left the form (SweepForm); on the right what the sweep found (the boundary, the fit and the cards' largest
// values, assumed), the peak-vs-value chart (SweepChart), the trial table and the timeline of the running trial,
// filled live from its --stream lines (or, for a finished trial selected in the table, from its result file).
// Run takes the window's run configuration (the same Measure runs) as the base; the sweep runs on a worker thread
// (SweepController). A sweep folder can be opened later, and others added to compare on the same chart.
class SweepView : public QWidget {
    Q_OBJECT
public:
    using ConfigProvider = std::function<std::optional<protocol::RunConfig>()>;

    explicit SweepView(QWidget* parent = nullptr);
    ~SweepView() override;

    // What Run takes as the base: the window's run configuration (nullopt while the workload form is invalid).
    void setConfigProvider(ConfigProvider provider);
    void setWorkload(sweep::SweptWorkload workload);
    void setDefaultDevice(const QString& deviceId);
    // Why a sweep cannot start now besides the form's own fields; empty when it can.
    void setBlockedReason(const QString& reason);
    void setUnit(units::Unit unit);

    // Starts a sweep of the form's spec over the provider's configuration; false with the reason shown.
    bool startSweep();
    void stopSweep();
    bool isRunning() const;
    // Opens folder/sweep.json and shows it (replacing the compared sweeps); false with error set and shown.
    bool openFolder(const QString& folder, QString* error = nullptr);
    // Adds the sweep of folder to the chart, beside the one shown.
    bool addCompare(const QString& folder, QString* error = nullptr);
    void clearCompare();

    // The sweep shown (the one running, or the last opened); nullopt when none.
    const std::optional<sweep::SweepRecord>& record() const { return m_record; }
    QString folder() const { return m_folder; }
    const std::vector<sweep::SweepRecord>& compared() const { return m_compared; }
    // The line above the chart: boundary, fit, assumed extrapolation, simulated.
    QString summaryText() const;
    QString noticeText() const; // the last error or stop, empty when hidden

    QAction* openAction() const { return m_openAction; }
    QAction* compareAction() const { return m_compareAction; }
    SweepForm* form() const { return m_form; }
    SweepChart* chart() const { return m_chart; }
    TrialTableModel* trialModel() const { return m_trials; }
    QTableView* trialView() const { return m_trialView; }
    TimelineChart* trialTimeline() const { return m_timeline; }
    QTabWidget* lowerTabs() const { return m_lowerTabs; }
    SweepController* controller() const { return m_controller; }
    // The trial the timeline shows; nullopt when none.
    std::optional<std::uint64_t> timelineTrial() const { return m_timelineTrial; }

signals:
    // A sweep was opened, ran a trial or ended: the decision sheet takes its facts from record().
    void sweepChanged();
    // One line for the window's log.
    void logLine(const QString& text, bool error);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void showRecord();
    void showNotice(const QString& text, bool error);
    void onTrialStarted(const sweep::TrialRecord& trial);
    void onTrialEvents(quint64 trialIndex, const StreamEventBatch& events);
    void onTrialFinished(const sweep::TrialRecord& trial, const sweep::SweepRecord& record);
    void onSweepFinished(const sweep::SweepRecord& record, const QString& error);
    void showTrialResult(int row);
    void chooseAndOpen();
    void chooseAndCompare();
    void fitColumns();

    ConfigProvider m_provider;
    SweepController* m_controller = nullptr;
    SweepForm* m_form = nullptr;
    SweepChart* m_chart = nullptr;
    TrialTableModel* m_trials = nullptr;
    QTableView* m_trialView = nullptr;
    TimelineChart* m_timeline = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_legend = nullptr;
    QLabel* m_notice = nullptr;
    QLabel* m_comparedLabel = nullptr;
    QPushButton* m_clearCompare = nullptr;
    QSplitter* m_split = nullptr;
    QTabWidget* m_lowerTabs = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_compareAction = nullptr;
    std::optional<sweep::SweepRecord> m_record;
    QString m_folder;
    std::vector<sweep::SweepRecord> m_compared;
    std::optional<std::uint64_t> m_timelineTrial;
    QString m_timelineLabel; // "Trial 3: sequences 12 on sim:0"
    bool m_timelineSimulated = false;
    units::Unit m_unit = units::Unit::GiB;
};

} // namespace iteragpu::gui
