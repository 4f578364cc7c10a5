// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/run/scriptrequest.h"
#include "core/protocol/runtypes.h"

#include <QObject>
#include <QString>
#include <cstdint>
#include <optional>

class QStatusBar;

namespace iteragpu::gui {

class DevicePicker;
class LogView;
class PhaseTableModel;
class RunController;
class TimelineChart;
class WhyView;
class WorkloadForm;

// The window's measurement, between the run bar and the views: what Run starts (the workload form's
// configuration on the device picker's device), starting, stopping and a script's run; the live feed of the run
// controller into the phase table, the timeline and the log; the chart's device and capacity; and the finished
// run's summary in the log, the banner (notice) and the status bar. MainWindow lays the views out and hands the
// result on to the sizing panel, the Why view and the reports.
class RunWiring : public QObject {
    Q_OBJECT
public:
    struct Views {
        DevicePicker* devices = nullptr;
        WorkloadForm* workload = nullptr;
        TimelineChart* timeline = nullptr;
        PhaseTableModel* phases = nullptr;
        LogView* log = nullptr;
        WhyView* why = nullptr;
        RunController* controller = nullptr;
        QStatusBar* status = nullptr;
    };

    RunWiring(const Views& views, QObject* parent);

    // What Run would start now: the workload form's configuration on the chosen device, with its simulated card
    // and speed; nullopt while the form is invalid.
    std::optional<protocol::RunConfig> runConfig() const;
    void startRun();
    std::uint64_t startScript(const ScriptRequest& request); // the run id, 0 when it did not start
    void stopRun();
    // The finished run in the phase table, the timeline, the log, the banner and the status bar.
    void reportFinished(const protocol::RunResult& result);

    // The chart's device (its title) and capacity from the device picker and the form, unless a run is going.
    void updateChartDevice();
    // The chart's title again, in the language of the moment.
    void showChartDevice();
    // The capacity a run would get: the device list's (a simulated card's when one is chosen), or the workload
    // form's for the plain simulated device (core's prepareRun applies the same).
    std::optional<std::uint64_t> runCapacityBytes() const;
    // The workload of the run going, or of the last started.
    protocol::WorkloadKind runWorkload() const { return m_runWorkload; }

signals:
    // The banner above the chart: a text to show (an error or a note), or empty to hide it.
    void notice(const QString& text, bool error);
    // A run or a script started: the window's estimate line follows its workload.
    void runWorkloadChanged();

private:
    DevicePicker* m_devicePicker;
    WorkloadForm* m_workloadForm;
    TimelineChart* m_timeline;
    PhaseTableModel* m_phaseModel;
    LogView* m_logView;
    WhyView* m_whyView;
    RunController* m_runController;
    QStatusBar* m_statusBar;
    struct ChartDevice {
        QString id;
        QString card; // the simulated card's name, empty when none
        bool simulated = false;
    } m_chartDevice; // what the chart's title names
    protocol::WorkloadKind m_runWorkload = protocol::WorkloadKind::Dense;
};

} // namespace iteragpu::gui
