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
class QDockWidget;
class QLabel;
class QMenu;
class QTabWidget;
class QTableView;
class QToolBar;

namespace iteragpu::gui {

class DevicePicker;
class FileOpener;
class LogView;
class PhaseTableModel;
class ReportActions;
class RunController;
class RunPanel;
class SizingPanel;
class SweepView;
class TimelineChart;
class WhyView;
class WorkloadForm;

// The workbench window. Menus File, View, Language, Help; a Run tool bar; the live timeline in the centre; docks
// for the device picker and the workload form (left), the phase table and the log (bottom), the sizing panel
// (left, a tab beside the workload form). addPanelDock() adds a panel dock and its toggle in the View menu.
// Docks and geometry are saved with QSettings and restored at the next start.
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
    // Why the selected phase peaked where it did: a tab beside the phase table.
    WhyView* whyView() const { return m_whyView; }
    QDockWidget* whyDock() const { return m_whyDock; }
    // The Sweep view: a tab of the centre beside the run's timeline.
    SweepView* sweepView() const { return m_sweepView; }
    QTabWidget* centralTabs() const { return m_centralTabs; }
    // What Run would start now: the workload form's configuration on the chosen device, with its simulated card
    // and speed; nullopt while the form is invalid.
    std::optional<protocol::RunConfig> runConfig() const;
    // The banner above the chart: the last run's failure or stop, in words; empty when hidden.
    QString noticeText() const;

    units::Unit unit() const { return m_unit; }
    void setUnit(units::Unit unit);

    // Adds a panel as a dock (right area by default) with a toggle in the View menu; the dock's object name
    // keys its saved layout. Call before the window is shown so the saved layout applies to it.
    QDockWidget* addPanelDock(const QString& objectName, const QString& title, QWidget* panel,
        Qt::DockWidgetArea area = Qt::RightDockWidgetArea);

    // Settings keys of the saved layout.
    static QString geometryKey();
    static QString stateKey();

public slots:
    void showAbout();
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
    void createDocks();
    void fitPhaseColumns(); // each column at least as wide as its title
    void createMenus();
    void connectRun();
    void retranslateUi();
    void restoreLayout();
    void saveLayout();
    void updateRunAllowed();
    void updateChartDevice();
    void updateEstimateLine();
    void showNotice(const QString& text, bool error);
    QDockWidget* makeDock(const QString& objectName, QWidget* content, Qt::DockWidgetArea area);
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
    QByteArray m_defaultState;

    DevicePicker* m_devicePicker = nullptr;
    WorkloadForm* m_workloadForm = nullptr;
    TimelineChart* m_timeline = nullptr;
    PhaseTableModel* m_phaseModel = nullptr;
    QTableView* m_phaseView = nullptr;
    LogView* m_logView = nullptr;
    RunController* m_runController = nullptr;
    RunPanel* m_runPanel = nullptr;
    QDockWidget* m_deviceDock = nullptr;
    QDockWidget* m_workloadDock = nullptr;
    QDockWidget* m_phasesDock = nullptr;
    QDockWidget* m_logDock = nullptr;
    QDockWidget* m_sizingDock = nullptr;
    QDockWidget* m_whyDock = nullptr;
    WhyView* m_whyView = nullptr;
    SweepView* m_sweepView = nullptr;
    QTabWidget* m_centralTabs = nullptr;
    SizingPanel* m_sizingPanel = nullptr;
    ReportActions* m_reportActions = nullptr;
    FileOpener* m_fileOpener = nullptr;
    std::optional<protocol::RunResult> m_lastResult; // the last finished run, for the exports
    units::Unit m_unit = units::Unit::GiB;
    protocol::WorkloadKind m_runWorkload = protocol::WorkloadKind::Dense; // of the run going or last started
};

} // namespace iteragpu::gui
