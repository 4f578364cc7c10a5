// SPDX-License-Identifier: Apache-2.0
#include "app/gui/mainwindow/mainwindow.h"

#include "app/gui/about/aboutdialog.h"
#include "app/gui/application/labapplication.h"
#include "app/gui/application/recentfiles.h"
#include "app/gui/devices/devicepicker.h"
#include "app/gui/log/logview.h"
#include "app/gui/mainwindow/fileopener.h"
#include "app/gui/mainwindow/runwiring.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/report/resulttimeline.h"
#include "app/gui/run/runcontroller.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/run/scriptdialog.h"
#include "app/gui/run/scriptprocess.h"
#include "app/gui/run/timelineconversion.h"
#include "app/gui/sizing/sizingpanel.h"
#include "app/gui/sweep/sweepcontroller.h"
#include "app/gui/sweep/sweepview.h"
#include "core/sweep/measureargs.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/why/whyview.h"
#include "app/gui/workload/workloadform.h"
#include "app/gui/workbench/decidepage.h"
#include "app/gui/workbench/devicechoicebox.h"
#include "app/gui/workbench/quickstartnote.h"
#include "app/gui/workbench/workbenchsteps.h"
#include "core/verdict/measuredverdict.h"
#include "core/report/ledger.h"
#include "core/protocol/runsummary.h"
#include "core/sim/simbackend.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QComboBox>
#include <QMessageBox>
#include <QSplitter>
#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace iteragpu::gui {

namespace {
    constexpr int kLayoutVersion = 4; // bump when the splits change, so an old saved layout is not applied
    const QString kUnitKey = QStringLiteral("ui/unit");
    const QString kOwnerColoursKey = QStringLiteral("timeline/ownerColours");
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_registry(std::make_unique<device::BackendRegistry>())
{
    m_registry->load();
    setObjectName(QStringLiteral("MainWindow"));
    createWidgets();
    createMeasurePage();
    createMenus();
    createSizingAndReports();
    connectRun();
    retranslateUi();
    resize(1280, 800);
    applyDefaultSplits();
    restoreLayout();
    const QSettings settings;
    setUnit(settings.value(kUnitKey).toString() == QLatin1String("GB") ? units::Unit::GB : units::Unit::GiB);
    m_runWiring->updateChartDevice();
    updateRunAllowed();
    m_logView->info(m_devicePicker->model()->hasGpu()
            ? tr("Ready.")
            : tr("Ready. No GPU found: the simulated device sim:0 is selected (simulated, not a GPU measurement)."));
}

MainWindow::~MainWindow()
{
    // The run's worker opens devices through the registry: it must end before the registry goes.
    delete m_runController;
    m_runController = nullptr;
}

void MainWindow::createWidgets()
{
    m_runController = new RunController(*m_registry, this);

    m_timeline = new TimelineChart(this);
    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("runNotice"));
    m_notice->setWordWrap(true);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notice->hide();
    // The steps of the decision share the centre, one page each (WorkbenchSteps).
    m_steps = new WorkbenchSteps(this);
    setCentralWidget(m_steps);
    m_sweepView = new SweepView(this);
    m_steps->setPage(WorkbenchSteps::Step::Boundary, m_sweepView);

    m_devicePicker = new DevicePicker(*m_registry, this);
    m_workloadForm = new WorkloadForm(this);

    m_phaseModel = new PhaseTableModel(this);
    m_phaseView = new QTableView(this);
    m_phaseView->setObjectName(QStringLiteral("phaseView"));
    m_phaseView->setModel(m_phaseModel);
    m_phaseView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_phaseView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_phaseView->setAlternatingRowColors(true);
    m_phaseView->setWordWrap(false);
    m_phaseView->verticalHeader()->hide();
    m_phaseView->verticalHeader()->setDefaultSectionSize(m_phaseView->fontMetrics().height() + 6);
    m_phaseView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_phaseView->horizontalHeader()->setStretchLastSection(true);
    fitPhaseColumns();
    // The titles change with the language: the columns follow, so no title is cut.
    connect(m_phaseModel, &QAbstractItemModel::headerDataChanged, this, &MainWindow::fitPhaseColumns);

    m_logView = new LogView(this);
    m_whyView = new WhyView(this);
    m_steps->setPage(WorkbenchSteps::Step::Explain, m_whyView);
    // Every view the run feeds exists from here on: the run's wiring too, before anything is connected to it.
    m_runWiring = new RunWiring({ m_devicePicker, m_workloadForm, m_timeline, m_phaseModel, m_logView, m_whyView,
                                    m_runController, statusBar() },
        this);

    m_runPanel = new RunPanel(m_runController, this);
    m_runToolBar = addToolBar(QString());
    m_runToolBar->setObjectName(QStringLiteral("runToolBar"));
    m_runToolBar->setMovable(false);
    m_runToolBar->addWidget(m_runPanel);
    // The device choice and the unit sit at the right of the steps' tabs: in view on every step, and the run bar
    // keeps the tool bar's whole width for its phase and progress.
    m_deviceLabel = new QLabel(this);
    m_deviceChoice = new DeviceChoiceBox(m_devicePicker, this);
    m_deviceLabel->setBuddy(m_deviceChoice);
    m_unitLabel = new QLabel(this);
    m_unitBox = new QComboBox(this);
    m_unitBox->addItem(QStringLiteral("GiB"), static_cast<int>(units::Unit::GiB));
    m_unitBox->addItem(QStringLiteral("GB"), static_cast<int>(units::Unit::GB));
    m_unitLabel->setBuddy(m_unitBox);
    auto* corner = new QWidget(this);
    corner->setObjectName(QStringLiteral("stepsCorner"));
    auto* cornerLayout = new QHBoxLayout(corner);
    cornerLayout->setContentsMargins(8, 0, 4, 0);
    cornerLayout->setSpacing(4);
    cornerLayout->addWidget(m_deviceLabel);
    cornerLayout->addWidget(m_deviceChoice);
    cornerLayout->addSpacing(8);
    cornerLayout->addWidget(m_unitLabel);
    cornerLayout->addWidget(m_unitBox);
    m_steps->setCornerWidget(corner, Qt::TopRightCorner);
    connect(m_unitBox, &QComboBox::currentIndexChanged, this,
        [this] { setUnit(static_cast<units::Unit>(m_unitBox->currentData().toInt())); });
}

void MainWindow::fitPhaseColumns()
{
    // At least wide enough for the column's title (Qt 6.4 cuts a header's text without an ellipsis) and for a
    // byte figure in GiB; the phase column for names such as "warm_forward #5".
    QHeaderView* header = m_phaseView->horizontalHeader();
    const QFontMetrics fm(header->font());
    const int margin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 6;
    for (int column = 0; column < m_phaseModel->columnCount(); ++column) {
        int width = 112;
        if (column == PhaseTableModel::ColPhase)
            width = 130;
        else if (column == PhaseTableModel::ColStatus)
            width = 100;
        const QString title = m_phaseModel->headerData(column, Qt::Horizontal).toString();
        header->resizeSection(column, std::max(width, fm.horizontalAdvance(title) + margin));
    }
}

void MainWindow::createMeasurePage()
{
    // The Measure step: the device and the workload on the left, the live timeline on the right above the phase
    // table and the log (two tabs), each part in a splitter the user can move; the splits are remembered.
    auto* formScroll = new QScrollArea(this);
    formScroll->setObjectName(QStringLiteral("workloadScroll"));
    formScroll->setWidget(m_workloadForm);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The column never gets narrower than the form, so no field is cut off; the form scrolls vertically.
    formScroll->setMinimumWidth(
        m_workloadForm->minimumSizeHint().width() + formScroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 4);
    m_measureLeft = new QSplitter(Qt::Vertical, this);
    m_measureLeft->setObjectName(QStringLiteral("measureLeftSplit"));
    m_measureLeft->addWidget(m_devicePicker);
    m_measureLeft->addWidget(formScroll);
    m_measureLeft->setChildrenCollapsible(false);

    auto* chart = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chart);
    chartLayout->setContentsMargins(2, 2, 2, 2);
    chartLayout->setSpacing(2);
    chartLayout->addWidget(m_notice);
    chartLayout->addWidget(m_timeline, 1);
    m_bottomTabs = new QTabWidget(this);
    m_bottomTabs->setObjectName(QStringLiteral("measureTabs"));
    m_bottomTabs->setDocumentMode(true);
    m_bottomTabs->addTab(m_phaseView, QString());
    m_bottomTabs->addTab(m_logView, QString());
    m_measureRight = new QSplitter(Qt::Vertical, this);
    m_measureRight->setObjectName(QStringLiteral("measureRightSplit"));
    m_measureRight->addWidget(chart);
    m_measureRight->addWidget(m_bottomTabs);
    m_measureRight->setStretchFactor(0, 3);
    m_measureRight->setStretchFactor(1, 1);
    m_measureRight->setChildrenCollapsible(false);

    m_measureSplit = new QSplitter(Qt::Horizontal, this);
    m_measureSplit->setObjectName(QStringLiteral("measureSplit"));
    m_measureSplit->addWidget(m_measureLeft);
    m_measureSplit->addWidget(m_measureRight);
    m_measureSplit->setStretchFactor(1, 1);
    m_measureSplit->setChildrenCollapsible(false);
    m_steps->setPage(WorkbenchSteps::Step::Measure, m_measureSplit);
}

void MainWindow::applyDefaultSplits()
{
    // The form's column at its own width, the chart the rest; the device list at its height above the form; the
    // chart two thirds of the height above the phases.
    const int left = std::max(m_measureLeft->minimumSizeHint().width(), 400);
    m_measureSplit->setSizes({ left, std::max(1, width() - left) });
    m_measureLeft->setSizes({ 190, std::max(1, height() - 190) });
    m_measureRight->setSizes({ height() * 2 / 3, height() / 3 });
    m_bottomTabs->setCurrentIndex(0);
}

void MainWindow::createSizingAndReports()
{
    // The Size step: the sizing panel (computed) with the whole centre, its inputs left of its verdict and card
    // table; its estimate is the chart's estimate line, and the selected device is its fit target. At a first
    // start "what to do first" sits above it until closed.
    m_sizingPanel = new SizingPanel(this);
    auto* sizePage = new QWidget(this);
    auto* sizeLayout = new QVBoxLayout(sizePage);
    sizeLayout->setContentsMargins(2, 2, 2, 2);
    sizeLayout->setSpacing(4);
    m_quickStart = new QuickStartNote(sizePage);
    m_quickStart->setVisible(!QuickStartNote::dismissed());
    sizeLayout->addWidget(m_quickStart);
    sizeLayout->addWidget(m_sizingPanel, 1);
    m_steps->setPage(WorkbenchSteps::Step::Size, sizePage);
    connect(m_sizingPanel, &SizingPanel::estimateChanged, this, &MainWindow::updateEstimateLine);
    connect(m_sizingPanel, &SizingPanel::estimateCleared, this, &MainWindow::updateEstimateLine);
    // The workload form measures the sizing panel's model (Note [Which workload runs] in workloadform.h);
    // "Measure this model" takes its tokens and sequences over and shows the workload tab.
    connect(m_sizingPanel, &SizingPanel::sizedModelChanged, this, [this] {
        m_workloadForm->setSizedModel(m_sizingPanel->sizedModel());
        updateEstimateLine();
    });
    connect(m_sizingPanel, &SizingPanel::measureRequested, this, [this](const SizedModel& model) {
        m_workloadForm->takeOver(model);
        m_steps->setCurrentStep(WorkbenchSteps::Step::Measure);
    });
    m_workloadForm->setSizedModel(m_sizingPanel->sizedModel());
    connect(m_workloadForm, &WorkloadForm::changed, this, &MainWindow::updateEstimateLine);
    // The fit target is the capacity the run will have: on sim:0 the simulated capacity of the workload form.
    auto followDevice = [this] {
        const QString id = m_devicePicker->currentDeviceId();
        const std::optional<std::uint64_t> capacity = m_runWiring->runCapacityBytes();
        if (capacity && !id.isEmpty())
            m_sizingPanel->setDevice(id, *capacity, m_devicePicker->currentIsSimulated());
        else
            m_sizingPanel->clearDevice();
    };
    connect(m_devicePicker, &DevicePicker::currentDeviceChanged, this, followDevice);
    connect(m_devicePicker, &DevicePicker::simCardChanged, this, followDevice);
    connect(m_workloadForm, &WorkloadForm::changed, this, followDevice);
    followDevice();
    // The verdict may be for another card than the run's (defect 10): this machine's GPUs are offered beside the
    // catalog's cards.
    auto offerDevices = [this] {
        QList<SizingPanel::Device> devices;
        for (const auto& row : m_devicePicker->model()->rows()) {
            if (row.available && !row.simulated && row.capacityBytes)
                devices.append({ row.id, row.name, *row.capacityBytes });
        }
        m_sizingPanel->setDetectedDevices(devices);
    };
    connect(m_devicePicker, &DevicePicker::refreshed, this, offerDevices);
    offerDevices();
    updateEstimateLine();

    ReportActions::Sources sources;
    sources.currentEstimate = [this] { return m_sizingPanel->estimate(); };
    sources.targetVerdict = [this] { return m_sizingPanel->deviceVerdict(); };
    sources.currentNeed = [this] { return m_sizingPanel->need(); };
    sources.enginePlan = [this] { return std::pair { m_sizingPanel->engineMessages(), m_sizingPanel->engineStarts() }; };
    sources.unit = [this] { return m_unit; };
    sources.currentSweep = [this] {
        const auto& record = m_sweepView->record();
        return std::pair<const sweep::SweepRecord*, QString>(record ? &*record : nullptr, m_sweepView->folder());
    };
    // An opened result is shown as if it had just been measured: its phases in the table, its samples and bands
    // on the timeline. Not while a run is going: the window keeps describing that run.
    sources.showResult = [this](const protocol::RunResult& result) {
        if (m_runController->isRunning())
            return false;
        showNotice(QString(), false);
        m_runPanel->clear(); // the bar described the last run, not this file
        m_phaseModel->clear();
        m_phaseModel->runFinished(result);
        ResultTimeline::load(*m_timeline, result);
        showInWhyView(result);
        m_sizingPanel->setMeasured(verdict::MeasuredVerdict::of(result)); // it outranks the estimate
        return true;
    };
    sources.chartImage = [this](QSize size) { return m_timeline->toImage(size); };
    sources.writeChartSvg = [this](const QString& path) { return m_timeline->writeSvg(path); };
    m_reportActions = new ReportActions(this, std::move(sources));
    m_fileMenu->insertActions(m_fileSeparator, m_reportActions->actions());
    m_fileMenu->insertSeparator(m_reportActions->actions().value(0));
    connect(m_reportActions, &ReportActions::logMessage, this, [this](const QString& line, bool isError) {
        if (isError)
            m_logView->error(line);
        else
            m_logView->info(line);
    });
    // Files from the command line, dropped onto the window or picked in File > Open Recent.
    m_fileOpener = new FileOpener(this);
    m_fileMenu->insertMenu(m_fileSeparator, m_fileOpener->recentFiles()->menu());

    // The Decide step: the sheet's preview, rebuilt while in view when what it reads changes.
    m_decidePage = new DecidePage(m_reportActions, this);
    m_steps->setPage(WorkbenchSteps::Step::Decide, m_decidePage);
    connect(m_sizingPanel, &SizingPanel::estimateChanged, m_decidePage, &DecidePage::refreshSoon);
    connect(m_sizingPanel, &SizingPanel::estimateCleared, m_decidePage, &DecidePage::refreshSoon);
    connect(m_devicePicker, &DevicePicker::currentDeviceChanged, m_decidePage, &DecidePage::refreshSoon);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_runAction
        = m_fileMenu->addAction(style()->standardIcon(QStyle::SP_MediaPlay), QString(), this, &MainWindow::startRun);
    m_runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_stopAction
        = m_fileMenu->addAction(style()->standardIcon(QStyle::SP_MediaStop), QString(), this, &MainWindow::stopRun);
    m_stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_scriptAction = m_fileMenu->addAction(QString(), this, &MainWindow::runScript);
    m_scriptAction->setObjectName(QStringLiteral("runScriptAction"));
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_sweepView->openAction());
    m_fileMenu->addAction(m_sweepView->compareAction());
    m_fileSeparator = m_fileMenu->addSeparator();
    m_quitAction = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quitAction->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(QString());
    // One entry per step, Ctrl+1 to Ctrl+5.
    m_stepGroup = new QActionGroup(this);
    for (int i = 0; i < WorkbenchSteps::kStepCount; ++i) {
        QAction* action = m_viewMenu->addAction(QString());
        action->setCheckable(true);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        m_stepGroup->addAction(action);
        connect(action, &QAction::triggered, this,
            [this, i] { m_steps->setCurrentStep(static_cast<WorkbenchSteps::Step>(i)); });
    }
    connect(m_steps, &WorkbenchSteps::stepChanged, this, [this](WorkbenchSteps::Step step) {
        m_stepGroup->actions().value(static_cast<int>(step))->setChecked(true);
    });
    m_stepGroup->actions().value(static_cast<int>(m_steps->currentStep()))->setChecked(true);
    m_viewMenu->addSeparator();
    m_unitMenu = m_viewMenu->addMenu(QString());
    m_unitGroup = new QActionGroup(this);
    m_unitGiBAction = m_unitMenu->addAction(QString());
    m_unitGBAction = m_unitMenu->addAction(QString());
    for (QAction* a : { m_unitGiBAction, m_unitGBAction }) {
        a->setCheckable(true);
        m_unitGroup->addAction(a);
    }
    connect(m_unitGiBAction, &QAction::triggered, this, [this] { setUnit(units::Unit::GiB); });
    connect(m_unitGBAction, &QAction::triggered, this, [this] { setUnit(units::Unit::GB); });
    m_resetZoomAction = m_viewMenu->addAction(QString(), this, [this] { m_timeline->resetZoom(); });
    m_resetZoomAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_viewMenu->addAction(m_timeline->ownerColouringAction());
    m_timeline->setOwnerColouring(QSettings().value(kOwnerColoursKey, false).toBool());
    connect(m_timeline->ownerColouringAction(), &QAction::toggled, this,
        [](bool on) { QSettings().setValue(kOwnerColoursKey, on); });
    m_resetLayoutAction = m_viewMenu->addAction(QString(), this, &MainWindow::resetLayout);

    m_languageMenu = menuBar()->addMenu(QString());
    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    const QString current
        = qobject_cast<LabApplication*>(qApp) ? qobject_cast<LabApplication*>(qApp)->language() : QStringLiteral("en");
    for (const QString& code : LabApplication::languages()) {
        // Each language is named in its own language, never translated.
        QAction* action = m_languageMenu->addAction(LabApplication::nativeLanguageName(code));
        action->setCheckable(true);
        action->setData(code);
        action->setChecked(code == current);
        m_languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }

    m_helpMenu = menuBar()->addMenu(QString());
    m_quickStartAction = m_helpMenu->addAction(QString(), this, &MainWindow::showQuickStart);
    m_quickStartAction->setShortcut(QKeySequence::HelpContents);
    m_helpMenu->addSeparator();
    m_aboutAction = m_helpMenu->addAction(QString(), this, &MainWindow::showAbout);
}

void MainWindow::connectRun()
{
    connect(m_runWiring, &RunWiring::notice, this, &MainWindow::showNotice);
    connect(m_runWiring, &RunWiring::runWorkloadChanged, this, &MainWindow::updateEstimateLine);
    // The Sweep view runs what Measure would run: the same configuration, on the devices it lists.
    m_sweepView->setConfigProvider([this] { return runConfig(); });
    connect(m_sweepView, &SweepView::logLine, this, [this](const QString& text, bool error) {
        if (error)
            m_logView->error(text);
        else
            m_logView->info(text);
    });
    connect(m_sweepView->controller(), &SweepController::stateChanged, this, &MainWindow::updateRunAllowed);
    connect(m_sweepView->openAction(), &QAction::triggered, this,
        [this] { m_steps->setCurrentStep(WorkbenchSteps::Step::Boundary); });
    connect(m_runPanel, &RunPanel::runRequested, this, &MainWindow::startRun);
    connect(m_runPanel, &RunPanel::stopRequested, this, &MainWindow::stopRun);
    connect(m_workloadForm, &WorkloadForm::changed, this, [this] {
        updateRunAllowed();
        m_runWiring->updateChartDevice();
    });
    const auto followSimCard = [this] {
        const auto card = m_devicePicker->simCard();
        m_workloadForm->setSimCardCapacity(card ? std::optional<std::uint64_t>(card->capacityBytes()) : std::nullopt);
    };
    connect(m_devicePicker, &DevicePicker::currentDeviceChanged, this, [this, followSimCard] {
        m_workloadForm->setSimulatedDevice(m_devicePicker->currentIsSimulated());
        followSimCard();
        m_runWiring->updateChartDevice();
        updateRunAllowed();
    });
    connect(m_devicePicker, &DevicePicker::simCardChanged, this, [this, followSimCard] {
        followSimCard();
        m_runWiring->updateChartDevice();
    });
    followSimCard();
    connect(m_devicePicker, &DevicePicker::refreshed, m_logView, &LogView::info);

    // Selecting a phase highlights its band; clicking a band selects its row.
    connect(m_phaseView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            int band = -1;
            if (current.isValid()) {
                const QString name = PhaseTableModel::displayName(m_phaseModel->phase(current.row()));
                const auto& phases = m_timeline->phases();
                for (std::size_t i = 0; i < phases.size(); ++i)
                    if (phases[i].name == name)
                        band = static_cast<int>(i);
            }
            m_timeline->highlightPhase(band);
            // The Why view explains the selected phase: its position in the result's phases.
            int phaseIndex = -1;
            if (current.isValid() && m_whyView->result()) {
                const int index = m_phaseModel->phase(current.row()).index;
                const auto& phases = m_whyView->result()->phases;
                for (std::size_t i = 0; i < phases.size(); ++i)
                    if (phases[i].index == index)
                        phaseIndex = static_cast<int>(i);
            }
            if (phaseIndex >= 0)
                m_whyView->selectPhase(phaseIndex);
        });
    connect(m_timeline, &TimelineChart::phaseClicked, this, [this](int band) {
        if (band < 0)
            return;
        const int row = m_phaseModel->rowOf(m_timeline->phases()[static_cast<std::size_t>(band)].name);
        if (row >= 0)
            m_phaseView->selectRow(row);
    });

    RunController* rc = m_runController;
    connect(rc, &RunController::runFinished, this, &MainWindow::onRunFinished);
    connect(rc, &RunController::errorOccurred, this, [this](const QString& message) {
        m_logView->error(message);
        showNotice(message, true);
    });
    connect(rc, &RunController::stateChanged, this, [this](RunController::State state) {
        const bool idle = state == RunController::State::Idle;
        m_workloadForm->setLocked(!idle);
        m_devicePicker->setEnabled(idle);
        m_devicePicker->setRefreshEnabled(idle);
        m_stopAction->setEnabled(state == RunController::State::Running);
        m_scriptAction->setEnabled(idle);
        updateRunAllowed();
    });
}

void MainWindow::updateRunAllowed()
{
    QString reason;
    if (m_devicePicker->currentDeviceId().isEmpty())
        reason = tr("Choose a device first.");
    else if (!m_workloadForm->isValid())
        reason = tr("Correct the fields marked in red in the workload form first.");
    // One measurement at a time: a sweep's trials and a run would share the device.
    if (const auto config = m_workloadForm->config())
        m_sweepView->setWorkload(sweep::sweptWorkloadOf(*config));
    else
        m_sweepView->setWorkload(m_workloadForm->workload() == protocol::WorkloadKind::Decoder
                ? sweep::SweptWorkload::Decoder
                : sweep::SweptWorkload::Dense);
    m_sweepView->setDefaultDevice(m_devicePicker->currentDeviceId());
    m_sweepView->setBlockedReason(m_runController->isRunning() ? tr("A run is going; the sweep can start after it.")
                                                               : m_workloadForm->isValid() ? QString() : reason);
    if (reason.isEmpty() && m_sweepView->isRunning())
        reason = tr("A sweep is running; stop it or wait for its end.");
    const bool allowed = reason.isEmpty();
    m_runPanel->setRunAllowed(allowed, reason);
    if (m_runAction)
        m_runAction->setEnabled(allowed && !m_runController->isRunning());
    if (m_stopAction)
        m_stopAction->setEnabled(m_runController->state() == RunController::State::Running);
}




void MainWindow::updateEstimateLine()
{
    // The sizing engine's total is the reference line of the dense network only: a decoder run has its own
    // per-phase prediction, the step line (TimelineChart::beginPhase). While a run goes, its workload decides.
    const auto workload = m_runController->isRunning() ? m_runWiring->runWorkload() : m_workloadForm->workload();
    const auto& estimate = m_sizingPanel->estimate();
    m_timeline->setEstimateBytes(workload == protocol::WorkloadKind::Dense && estimate
            ? std::optional<std::uint64_t>(estimate->total())
            : std::nullopt);
}

void MainWindow::showNotice(const QString& text, bool error)
{
    if (text.isEmpty()) {
        m_notice->hide();
        return;
    }
    m_notice->setStyleSheet(error
            ? QStringLiteral("QLabel { background: #fde8e8; border: 1px solid #d08080; color: #8a0000; padding: 4px; }")
            : QStringLiteral("QLabel { background: #eef4fb; border: 1px solid #9ab; padding: 4px; }"));
    m_notice->setText(text);
    m_notice->show();
}

QString MainWindow::noticeText() const { return m_notice->isHidden() ? QString() : m_notice->text(); }


void MainWindow::runScript()
{
    if (m_runController->isRunning())
        return;
    ScriptDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    dialog.remember();
    startScript(dialog.request());
}




std::optional<protocol::RunConfig> MainWindow::runConfig() const { return m_runWiring->runConfig(); }
void MainWindow::startRun() { m_runWiring->startRun(); }
std::uint64_t MainWindow::startScript(const ScriptRequest& request) { return m_runWiring->startScript(request); }
void MainWindow::stopRun() { m_runWiring->stopRun(); }

void MainWindow::showInWhyView(const protocol::RunResult& result)
{
    // The peak phase until the user selects another (core's choice, the one the sheet explains too).
    m_whyView->setResult(result);
    const auto peak = report::peakPhaseIndex(result);
    m_whyView->selectPhase(peak ? static_cast<int>(*peak) : -1);
}


void MainWindow::onRunFinished(const protocol::RunResult& result)
{
    m_lastResult = result;
    showInWhyView(result);
    m_sizingPanel->setMeasured(verdict::MeasuredVerdict::of(result)); // it outranks the estimate
    m_reportActions->setMeasured(result);
    m_decidePage->refreshSoon();
    m_runWiring->reportFinished(result);
}

void MainWindow::setUnit(units::Unit unit)
{
    m_unit = unit;
    m_timeline->setUnit(unit);
    m_phaseModel->setUnit(unit);
    m_devicePicker->setUnit(unit);
    m_whyView->setUnit(unit);
    m_sweepView->setUnit(unit);
    m_deviceChoice->setUnit(unit);
    const QSignalBlocker blocker(m_unitBox);
    m_unitBox->setCurrentIndex(m_unitBox->findData(static_cast<int>(unit)));
    if (m_unitGiBAction) {
        m_unitGiBAction->setChecked(unit == units::Unit::GiB);
        m_unitGBAction->setChecked(unit == units::Unit::GB);
    }
    QSettings settings;
    settings.setValue(kUnitKey, QLatin1String(units::unitSymbol(unit)));
}

void MainWindow::retranslateUi()
{
    setWindowTitle(tr("IteraGPU Lab"));
    m_fileMenu->setTitle(tr("&File"));
    m_runAction->setText(tr("&Run"));
    m_stopAction->setText(tr("&Stop after the current step"));
    m_scriptAction->setText(tr("Run a &PyTorch script…"));
    m_scriptAction->setStatusTip(
        tr("Start your own PyTorch program measured from inside by iteragpu_probe; its phases appear live"));
    m_quitAction->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_unitMenu->setTitle(tr("&Unit"));
    // The unit symbols stay GB and GiB in every language.
    m_unitGiBAction->setText(tr("GiB (2^30 bytes)"));
    m_unitGBAction->setText(tr("GB (10^9 bytes)"));
    m_resetZoomAction->setText(tr("Reset &zoom"));
    m_resetLayoutAction->setText(tr("Reset &layout"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About IteraGPU Lab"));
    m_quickStartAction->setText(tr("&Quick start"));
    m_bottomTabs->setTabText(0, tr("Phases"));
    m_bottomTabs->setTabText(1, tr("Log"));
    for (int i = 0; i < WorkbenchSteps::kStepCount; ++i)
        //: View menu entry: %1 the step's number, %2 its name
        m_stepGroup->actions().value(i)->setText(
            tr("Step &%1: %2").arg(i + 1).arg(WorkbenchSteps::title(static_cast<WorkbenchSteps::Step>(i))));
    m_deviceLabel->setText(tr("&Device:"));
    m_runToolBar->setWindowTitle(tr("Run"));
    m_unitLabel->setText(tr("U&nit:"));
    m_phaseModel->retranslate();
    m_runWiring->showChartDevice();
}

void MainWindow::changeEvent(QEvent* event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

void MainWindow::switchLanguage(const QString& code)
{
    if (auto* app = qobject_cast<LabApplication*>(qApp)) {
        if (!app->setLanguage(code))
            statusBar()->showMessage(tr("The catalog of this language could not be loaded."), 5000);
    }
    for (QAction* action : m_languageGroup->actions())
        action->setChecked(action->data().toString() == code);
}

void MainWindow::showAbout()
{
    AboutDialog dialog(m_registry->statuses(), this);
    dialog.exec();
}

QString MainWindow::geometryKey() { return QStringLiteral("window/geometry"); }
QString MainWindow::stepKey() { return QStringLiteral("window/step"); }
QString MainWindow::layoutVersionKey() { return QStringLiteral("window/layoutVersion"); }

void MainWindow::restoreLayout()
{
    const QSettings settings;
    restoreGeometry(settings.value(geometryKey()).toByteArray());
    // Splits saved by an older layout (docks) are not applied: their version differs.
    if (settings.value(layoutVersionKey()).toInt() == kLayoutVersion) {
        m_measureSplit->restoreState(settings.value(splitKey(m_measureSplit)).toByteArray());
        m_measureLeft->restoreState(settings.value(splitKey(m_measureLeft)).toByteArray());
        m_measureRight->restoreState(settings.value(splitKey(m_measureRight)).toByteArray());
    }
    if (const auto step = WorkbenchSteps::fromKey(settings.value(stepKey()).toString()))
        m_steps->setCurrentStep(*step);
}

void MainWindow::saveLayout()
{
    QSettings settings;
    settings.setValue(geometryKey(), saveGeometry());
    settings.setValue(layoutVersionKey(), kLayoutVersion);
    for (QSplitter* split : { m_measureSplit, m_measureLeft, m_measureRight })
        settings.setValue(splitKey(split), split->saveState());
    settings.setValue(stepKey(), WorkbenchSteps::key(m_steps->currentStep()));
}

void MainWindow::resetLayout()
{
    applyDefaultSplits();
    m_steps->setCurrentStep(WorkbenchSteps::Step::Size);
    m_quickStart->show();
}

void MainWindow::showQuickStart()
{
    QMessageBox box(QMessageBox::Information, tr("Quick start"), QuickStartNote::text(), QMessageBox::Ok, this);
    box.setTextFormat(Qt::RichText);
    box.exec();
}

QString MainWindow::splitKey(const QSplitter* split)
{
    return QStringLiteral("window/") + split->objectName();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveLayout();
    if (m_runController->isRunning())
        m_runController->stop();
    QMainWindow::closeEvent(event);
}

} // namespace iteragpu::gui
