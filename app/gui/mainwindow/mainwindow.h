// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/run/scriptrequest.h"
#include "core/registry/backendregistry.h"
#include "core/protocol/runtypes.h"
#include "core/units/units.h"

#include <QMainWindow>
#include <memory>
#include <optional>

class QAction;
class QActionGroup;
class QComboBox;
class QSplitter;
class QLabel;
class QMenu;
class QTabWidget;
class QTableView;
class QToolBar;

namespace iteragpu::gui {

class DecidePage;
class DeviceChoiceBox;
class DevicePicker;
class FileOpener;
class LogView;
class PhaseTableModel;
class QuickStartNote;
class ReportActions;
class RunController;
class RunPanel;
class RunWiring;
class SizingPanel;
class SweepView;
class TimelineChart;
class WhyView;
class WorkbenchSteps;
class WorkloadForm;

// The workbench window, laid out by the user's steps (WorkbenchSteps), each with the whole centre: Size (the
// sizing panel), Measure (the device picker and the workload form beside the live timeline, the phase table and
// the log under it), Explain (the Why view), Boundary (the Sweep view), Decide (the sheet's preview and export).
// Menus File, View (the steps, Ctrl+1 to Ctrl+5), Language, Help (Quick start, About); a tool bar with the run
// bar and the device choice, in view on every step. The geometry, the splits and the step shown are saved with
// QSettings and restored at the next start.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    device::BackendRegistry& registry() { return *m_registry; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* viewMenu() const { return m_viewMenu; }
    QMenu* languageMenu() const { return m_languageMenu; }
    QMenu* helpMenu() const { return m_helpMenu; }
    // File-menu entries for export go before this action (the separator above Quit).
    QAction* fileMenuInsertionPoint() const { return m_fileSeparator; }

    DevicePicker* devicePicker() const { return m_devicePicker; }
    WorkloadForm* workloadForm() const { return m_workloadForm; }
    TimelineChart* timeline() const { return m_timeline; }
    PhaseTableModel* phaseModel() const { return m_phaseModel; }
    QTableView* phaseView() const { return m_phaseView; }
    LogView* logView() const { return m_logView; }
    RunController* runController() const { return m_runController; }
    SizingPanel* sizingPanel() const { return m_sizingPanel; }
    ReportActions* reportActions() const { return m_reportActions; }
    // Opens files from the command line, drops and File > Open Recent, each where its kind belongs.
    FileOpener* fileOpener() const { return m_fileOpener; }
    RunPanel* runPanel() const { return m_runPanel; }
    // Why the selected phase peaked where it did: the Explain step.
    WhyView* whyView() const { return m_whyView; }
    // The Sweep view: the Boundary step.
    SweepView* sweepView() const { return m_sweepView; }
    // The steps in the centre, and the pages the window puts there.
    WorkbenchSteps* steps() const { return m_steps; }
    DecidePage* decidePage() const { return m_decidePage; }
    QuickStartNote* quickStartNote() const { return m_quickStart; }
    DeviceChoiceBox* deviceChoice() const { return m_deviceChoice; }
    // The Measure step's tabs under the chart: Phases and Log.
    QTabWidget* measureTabs() const { return m_bottomTabs; }
    // What Run would start now: the workload form's configuration on the chosen device, with its simulated card
    // and speed; nullopt while the form is invalid.
    std::optional<protocol::RunConfig> runConfig() const;
    // The banner above the chart: the last run's failure or stop, in words; empty when hidden.
    QString noticeText() const;

    units::Unit unit() const { return m_unit; }
    void setUnit(units::Unit unit);

    // Settings keys of the saved layout.
    static QString geometryKey();
    static QString stepKey();
    static QString layoutVersionKey();
    static QString splitKey(const QSplitter* split);

public slots:
    void showAbout();
    void showQuickStart();
    void switchLanguage(const QString& code);
    void startRun();
    void stopRun();
    // File > Run a PyTorch script...: the dialog, then startScript().
    void runScript();
    // Starts the user's program measured by the probe; its phases fill the timeline and the table live. The run
    // id, 0 when it did not start.
    std::uint64_t startScript(const iteragpu::gui::ScriptRequest& request);
    void resetLayout();

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void createWidgets();
    void createMeasurePage();
    void applyDefaultSplits();
    void fitPhaseColumns(); // each column at least as wide as its title
    void createMenus();
    void connectRun();
    void retranslateUi();
    void restoreLayout();
    void saveLayout();
    void updateRunAllowed();
    void updateEstimateLine();
    void showNotice(const QString& text, bool error);
    void onRunFinished(const protocol::RunResult& result);
    void createSizingAndReports();
    void showInWhyView(const protocol::RunResult& result);

    std::unique_ptr<device::BackendRegistry> m_registry;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_unitMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_fileSeparator = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_stopAction = nullptr;
    QAction* m_scriptAction = nullptr;
    QAction* m_resetZoomAction = nullptr;
    QAction* m_resetLayoutAction = nullptr;
    QAction* m_unitGBAction = nullptr;
    QAction* m_unitGiBAction = nullptr;
    QActionGroup* m_languageGroup = nullptr;
    QActionGroup* m_unitGroup = nullptr;
    QToolBar* m_runToolBar = nullptr;
    QComboBox* m_unitBox = nullptr;
    QLabel* m_unitLabel = nullptr;
    QLabel* m_notice = nullptr;
    QAction* m_quickStartAction = nullptr;
    QActionGroup* m_stepGroup = nullptr;
    QLabel* m_deviceLabel = nullptr;

    DevicePicker* m_devicePicker = nullptr;
    WorkloadForm* m_workloadForm = nullptr;
    TimelineChart* m_timeline = nullptr;
    PhaseTableModel* m_phaseModel = nullptr;
    QTableView* m_phaseView = nullptr;
    LogView* m_logView = nullptr;
    RunController* m_runController = nullptr;
    RunWiring* m_runWiring = nullptr; // what Run starts, the live feed, the finished run in words
    RunPanel* m_runPanel = nullptr;
    WorkbenchSteps* m_steps = nullptr;
    QSplitter* m_measureSplit = nullptr; // the left column | the chart and the tabs under it
    QSplitter* m_measureLeft = nullptr; // the device picker over the workload form
    QSplitter* m_measureRight = nullptr; // the chart over the phases and log tabs
    QTabWidget* m_bottomTabs = nullptr;
    DeviceChoiceBox* m_deviceChoice = nullptr;
    DecidePage* m_decidePage = nullptr;
    QuickStartNote* m_quickStart = nullptr;
    WhyView* m_whyView = nullptr;
    SweepView* m_sweepView = nullptr;
    SizingPanel* m_sizingPanel = nullptr;
    ReportActions* m_reportActions = nullptr;
    FileOpener* m_fileOpener = nullptr;
    std::optional<protocol::RunResult> m_lastResult; // the last finished run, for the exports
    units::Unit m_unit = units::Unit::GiB;
};

} // namespace iteragpu::gui
