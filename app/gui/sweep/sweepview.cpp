// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/sweepview.h"
#include "app/gui/application/localenumber.h"

#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/report/resulttimeline.h"
#include "app/gui/run/timelineconversion.h"
#include "app/gui/sweep/sweepchart.h"
#include "app/gui/sweep/sweepcontroller.h"
#include "app/gui/sweep/sweepform.h"
#include "app/gui/sweep/sweeptext.h"
#include "app/gui/sweep/trialtablemodel.h"
#include "app/gui/timeline/timelinechart.h"
#include "core/report/resultjson.h"
#include "core/sweep/measureargs.h"
#include "core/sweep/sweepjson.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace iteragpu::gui {

namespace {

    bool allSimulated(const std::vector<std::string>& devices)
    {
        if (devices.empty())
            return false;
        for (const auto& d : devices)
            if (d.rfind("sim:", 0) != 0)
                return false;
        return true;
    }

    bool readSweep(const QString& folder, sweep::SweepRecord& record, QString& error)
    {
        std::string why;
        if (!sweep::readSweepFile(sweep::sweepFilePath(folder.toStdString()), record, why)) {
            error = QString::fromStdString(why);
            return false;
        }
        return true;
    }

} // namespace

SweepView::SweepView(QWidget* parent)
    : QWidget(parent)
    , m_controller(new SweepController(this))
{
    setObjectName(QStringLiteral("sweepView"));
    m_form = new SweepForm(this);
    auto* formScroll = new QScrollArea(this);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setMinimumWidth(
        m_form->minimumSizeHint().width() + formScroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 4);

    m_notice = new QLabel(this);
    m_notice->setObjectName(QStringLiteral("sweepNotice"));
    m_notice->setWordWrap(true);
    m_notice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notice->hide();
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("sweepSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_comparedLabel = new QLabel(this);
    m_comparedLabel->setWordWrap(true);
    m_clearCompare = new QPushButton(this);
    m_clearCompare->hide();
    auto* compareRow = new QVBoxLayout();
    compareRow->setContentsMargins(0, 0, 0, 0);
    compareRow->addWidget(m_comparedLabel);
    compareRow->addWidget(m_clearCompare, 0, Qt::AlignLeft);

    m_chart = new SweepChart(this);
    m_trials = new TrialTableModel(this);
    m_trialView = new QTableView(this);
    m_trialView->setObjectName(QStringLiteral("trialView"));
    m_trialView->setModel(m_trials);
    m_trialView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_trialView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_trialView->setAlternatingRowColors(true);
    m_trialView->setWordWrap(false);
    m_trialView->verticalHeader()->hide();
    m_trialView->verticalHeader()->setDefaultSectionSize(m_trialView->fontMetrics().height() + 6);
    m_trialView->horizontalHeader()->setStretchLastSection(true);
    m_timeline = new TimelineChart(this);
    m_timeline->setObjectName(QStringLiteral("trialTimeline"));
    m_timeline->setMinimumSize(240, 160);

    // Left: the form, then what the sweep found (it reads as the form's answer). Right: the chart over the
    // trials and the running trial's timeline, one tab each, so the chart keeps most of the height at 1024x700.
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 4, 0);
    leftLayout->setSpacing(4);
    leftLayout->addWidget(m_form);
    leftLayout->addWidget(m_notice);
    leftLayout->addWidget(m_summary);
    leftLayout->addLayout(compareRow);
    leftLayout->addStretch(1);
    formScroll->setWidget(left);

    m_lowerTabs = new QTabWidget(this);
    m_lowerTabs->setObjectName(QStringLiteral("sweepTabs"));
    m_lowerTabs->setDocumentMode(true);
    m_lowerTabs->addTab(m_trialView, QString());
    m_lowerTabs->addTab(m_timeline, QString());
    m_legend = new QLabel(this);
    m_legend->setObjectName(QStringLiteral("sweepLegend"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    auto* chartBox = new QWidget(this);
    auto* chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->setSpacing(0);
    chartLayout->addWidget(m_chart, 1);
    chartLayout->addWidget(m_legend);
    auto* vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(chartBox);
    vertical->addWidget(m_lowerTabs);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    vertical->setSizes({ 600, 340 }); // scaled to the real height at the first layout
    vertical->setChildrenCollapsible(false);

    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->addWidget(formScroll);
    m_split->addWidget(vertical);
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 1);
    m_split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_split);

    m_openAction = new QAction(this);
    m_openAction->setObjectName(QStringLiteral("openSweepAction"));
    m_compareAction = new QAction(this);
    m_compareAction->setObjectName(QStringLiteral("compareSweepAction"));
    connect(m_openAction, &QAction::triggered, this, &SweepView::chooseAndOpen);
    connect(m_compareAction, &QAction::triggered, this, &SweepView::chooseAndCompare);
    connect(m_clearCompare, &QPushButton::clicked, this, &SweepView::clearCompare);

    connect(m_form, &SweepForm::runRequested, this, &SweepView::startSweep);
    connect(m_form, &SweepForm::stopRequested, this, &SweepView::stopSweep);
    connect(m_controller, &SweepController::sweepStarted, this,
        [this](quint64, const sweep::SweepRecord& record) {
            m_record = record;
            m_compared.clear();
            showRecord();
            emit sweepChanged();
        });
    connect(m_controller, &SweepController::trialStarted, this, &SweepView::onTrialStarted);
    connect(m_controller, &SweepController::trialEvents, this, &SweepView::onTrialEvents);
    connect(m_controller, &SweepController::trialFinished, this, &SweepView::onTrialFinished);
    connect(m_controller, &SweepController::sweepFinished, this, &SweepView::onSweepFinished);
    connect(m_controller, &SweepController::errorOccurred, this, [this](const QString& message) {
        showNotice(message, true);
        emit logLine(message, true);
    });
    connect(m_controller, &SweepController::stateChanged, this, [this](SweepController::State state) {
        m_form->setRunning(state != SweepController::State::Idle);
        m_openAction->setEnabled(state == SweepController::State::Idle);
        m_form->stopButton()->setEnabled(state == SweepController::State::Running);
    });
    connect(m_trialView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            if (current.isValid() && !m_controller->isRunning())
                showTrialResult(current.row());
        });
    connect(m_trials, &QAbstractItemModel::headerDataChanged, this, &SweepView::fitColumns);

    retranslateUi();
    fitColumns();
    showRecord();
}

SweepView::~SweepView()
{
    // The sweep's worker reports to the controller: it ends (cancelled, its trials stopped) before the widgets go.
    delete m_controller;
    m_controller = nullptr;
}

void SweepView::setConfigProvider(ConfigProvider provider) { m_provider = std::move(provider); }
void SweepView::setWorkload(sweep::SweptWorkload workload) { m_form->setWorkload(workload); }
void SweepView::setDefaultDevice(const QString& deviceId) { m_form->setDefaultDevice(deviceId); }
void SweepView::setBlockedReason(const QString& reason) { m_form->setBlockedReason(reason); }
bool SweepView::isRunning() const { return m_controller && m_controller->isRunning(); }

void SweepView::setUnit(units::Unit unit)
{
    m_unit = unit;
    m_chart->setUnit(unit);
    m_legend->setText(m_chart->legendHtml());
    m_trials->setUnit(unit);
    m_timeline->setUnit(unit);
    showRecord();
}

void SweepView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        showRecord();
    }
}

void SweepView::retranslateUi()
{
    m_openAction->setText(tr("Open s&weep folder…"));
    m_compareAction->setText(tr("Add sweep to co&mpare…"));
    m_clearCompare->setText(tr("Clear compared"));
    m_lowerTabs->setTabText(0, tr("Trials"));
    m_lowerTabs->setTabText(1, tr("Trial timeline"));
    m_trials->retranslate();
}

void SweepView::fitColumns()
{
    m_trialView->resizeColumnsToContents();
    // Each column at least as wide as its title (Qt 6.4 cuts a header's text without an ellipsis).
    QHeaderView* header = m_trialView->horizontalHeader();
    const QFontMetrics fm(header->font());
    const int margin = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 6;
    for (int column = 0; column < m_trials->columnCount(); ++column) {
        const QString title = m_trials->headerData(column, Qt::Horizontal).toString();
        header->resizeSection(column, std::max(header->sectionSize(column), fm.horizontalAdvance(title) + margin));
    }
}

void SweepView::showNotice(const QString& text, bool error)
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

QString SweepView::noticeText() const { return m_notice->isHidden() ? QString() : m_notice->text(); }
QString SweepView::summaryText() const { return m_summary->text(); }

void SweepView::showRecord()
{
    fitColumns();
    std::vector<sweep::SweepRecord> drawn;
    if (m_record)
        drawn.push_back(*m_record);
    drawn.insert(drawn.end(), m_compared.begin(), m_compared.end());
    m_chart->setSweeps(drawn);
    m_legend->setText(m_chart->legendHtml());
    m_legend->setVisible(!drawn.empty());
    if (!m_record) {
        m_summary->setText(tr("Vary one dimension of the workload, one fresh measure process per value: choose it "
                              "on the left and run, or open a sweep folder (File menu)."));
        m_comparedLabel->clear();
        m_clearCompare->hide();
        return;
    }
    const sweep::SweepRecord& r = *m_record;
    QStringList parts;
    if (r.simulated)
        parts << tr("Simulated, not a GPU measurement.");
    parts << SweepText::boundary(r);
    if (const QString fit = SweepText::fit(r, m_unit); !fit.isEmpty())
        parts << fit;
    if (const QString cards = SweepText::extrapolation(r, 3); !cards.isEmpty())
        parts << cards;
    m_summary->setText(parts.join(QLatin1Char(' ')));
    if (r.fit) {
        QStringList tip;
        for (const auto& card : r.fit->cards)
            tip << SweepText::cardLine(card, r.spec.dimension, m_unit);
        m_summary->setToolTip(tip.join(QLatin1Char('\n')));
    } else {
        m_summary->setToolTip(QString());
    }
    if (m_compared.empty()) {
        m_comparedLabel->clear();
        m_comparedLabel->hide();
        m_clearCompare->hide();
    } else {
        QStringList lines;
        for (const auto& c : m_compared)
            //: %1 labels a compared sweep (its devices), %2 its boundary sentence
            lines << tr("Compared: %1. %2").arg(SweepText::label(c), SweepText::boundary(c));
        m_comparedLabel->setText(lines.join(QLatin1Char('\n')));
        m_comparedLabel->show();
        m_clearCompare->show();
    }
}

bool SweepView::startSweep()
{
    if (isRunning())
        return false;
    QString error;
    auto spec = m_form->spec(error);
    if (spec && m_form->folder().isEmpty())
        error = m_form->problem();
    if (!spec || !error.isEmpty()) {
        showNotice(error, true);
        return false;
    }
    const auto config = m_provider ? m_provider() : std::nullopt;
    if (!config) {
        showNotice(tr("The workload form has invalid values; no sweep was started."), true);
        return false;
    }
    const sweep::MeasureArgs args = sweep::measureArgsFor(*config, spec->dimension, allSimulated(spec->devices));
    if (!args.ok()) {
        //: %1 is the reason in one line
        showNotice(tr("The sweep cannot start: %1").arg(QString::fromStdString(args.error)), true);
        return false;
    }
    spec->measureArgs = args.args;
    showNotice(QString(), false);
    m_timeline->clear();
    m_timelineTrial.reset();
    const QString folder = m_form->folder();
    if (m_controller->start(*spec, folder) == 0)
        return false;
    m_folder = folder;
    //: %1 is the sweep folder, %2 the dimension varied
    emit logLine(tr("Sweep started in %1, varying %2.").arg(folder, SweepText::dimension(spec->dimension)), false);
    return true;
}

void SweepView::stopSweep()
{
    if (!m_controller->isRunning())
        return;
    m_controller->stop();
    emit logLine(tr("Stop requested: the running trials are stopped and marked interrupted; sweep.json keeps the "
                    "finished ones."),
        false);
}

void SweepView::onTrialStarted(const sweep::TrialRecord& trial)
{
    if (m_record) {
        bool found = false;
        for (auto& t : m_record->trials)
            if (t.index == trial.index) {
                t = trial;
                found = true;
            }
        if (!found)
            m_record->trials.push_back(trial);
    }
    m_trials->upsert(trial);
    // The timeline follows the trial started last.
    m_timeline->clear();
    m_timelineTrial = trial.index;
    m_timeline->setCapacityBytes(m_record ? SweepText::capacity(*m_record) : std::nullopt);
    const QString dim = m_record ? SweepText::dimension(m_record->spec.dimension) : QString();
    //: %1 trial number, %2 dimension name, %3 its value, %4 device id
    m_timelineLabel = tr("Trial %1: %2 %3 on %4")
                          .arg(QString::number(trial.index + 1), dim,
                              LocaleNumber::integer(static_cast<qulonglong>(trial.value)),
                              QString::fromStdString(trial.device));
    m_timelineSimulated = false;
    m_timeline->setDeviceLabel(m_timelineLabel);
}

void SweepView::onTrialEvents(quint64 trialIndex, const StreamEventBatch& events)
{
    if (!m_timelineTrial || *m_timelineTrial != trialIndex)
        return; // another trial running at once: the timeline shows one
    for (const report::StreamEvent& e : events) {
        if (e.simulated && !m_timelineSimulated) {
            m_timelineSimulated = true;
            m_timeline->setDeviceLabel(
                m_timelineLabel + QStringLiteral(" · ") + tr("simulated, not a GPU measurement"));
        }
        switch (e.kind) {
        case report::StreamEvent::Kind::PhaseStarted: {
            const double start = e.phase.startSeconds.value_or(m_timeline->store().lastSeconds());
            m_timeline->beginPhase(PhaseTableModel::displayName(e.phase), start, e.phase.predictedPeakAllocated);
            break;
        }
        case report::StreamEvent::Kind::Samples:
            m_timeline->addSamples(toTimelineSamples(e.samples));
            break;
        case report::StreamEvent::Kind::PhaseFinished:
            m_timeline->endPhase(toTimelinePhase(e.phase));
            break;
        case report::StreamEvent::Kind::RunFinished:
            m_timeline->refresh();
            break;
        }
    }
}

void SweepView::onTrialFinished(const sweep::TrialRecord& trial, const sweep::SweepRecord& record)
{
    m_record = record;
    m_trials->setTrials(record.trials);
    showRecord();
    //: %1 trial number, %2 dimension name, %3 value, %4 status (passed, failed, ...)
    QString line = tr("Trial %1 (%2 %3): %4.")
                       .arg(QString::number(trial.index + 1), SweepText::dimension(record.spec.dimension),
                           LocaleNumber::integer(static_cast<qulonglong>(trial.value)),
                           TrialTableModel::statusText(trial.status));
    if (!trial.error.empty())
        line += QLatin1Char(' ') + QString::fromStdString(trial.error);
    emit logLine(line, trial.status == sweep::TrialStatus::Error);
    emit sweepChanged();
}

void SweepView::onSweepFinished(const sweep::SweepRecord& record, const QString& error)
{
    m_record = record;
    m_trials->setTrials(record.trials);
    showRecord();
    QString text;
    if (record.complete)
        text = tr("Sweep complete.") + QLatin1Char(' ') + SweepText::boundary(record);
    else if (!record.stopReason.empty())
        //: %1 says why the sweep stopped, e.g. "interrupted"
        text = tr("Sweep stopped: %1.").arg(QString::fromStdString(record.stopReason));
    else
        text = tr("Sweep stopped.");
    if (!error.isEmpty() && !record.complete)
        text += QLatin1Char(' ') + error;
    showNotice(record.complete ? QString() : text, !record.complete && !error.isEmpty());
    emit logLine(text, !record.complete && !error.isEmpty());
    emit sweepChanged();
}

void SweepView::showTrialResult(int row)
{
    if (row < 0 || row >= m_trials->rowCount() || m_folder.isEmpty())
        return;
    const sweep::TrialRecord& trial = m_trials->trials()[static_cast<std::size_t>(row)];
    if (trial.resultFile.empty())
        return;
    protocol::RunResult result;
    std::string error;
    const QString path = QDir(m_folder).filePath(QString::fromStdString(trial.resultFile));
    if (!report::readResultFile(path.toStdString(), result, error)) {
        //: %1 is the result file, %2 the reason in one line
        showNotice(tr("The trial's result %1 cannot be read: %2").arg(path, QString::fromStdString(error)), true);
        return;
    }
    ResultTimeline::load(*m_timeline, result);
    m_timelineTrial = trial.index;
    const QString dim = m_record ? SweepText::dimension(m_record->spec.dimension) : QString();
    //: %1 trial number, %2 dimension name, %3 its value, %4 the device's label (id, simulated)
    m_timeline->setDeviceLabel(tr("Trial %1: %2 %3 on %4")
                                   .arg(QString::number(trial.index + 1), dim,
                                       LocaleNumber::integer(static_cast<qulonglong>(trial.value)),
                                       ResultTimeline::deviceLabelOf(result)));
}

bool SweepView::openFolder(const QString& folder, QString* error)
{
    if (isRunning()) {
        const QString text = tr("A sweep is running; stop it before opening another.");
        if (error)
            *error = text;
        showNotice(text, true);
        return false;
    }
    sweep::SweepRecord record;
    QString why;
    if (!readSweep(folder, record, why)) {
        //: %1 is the folder, %2 the reason in one line
        const QString text = tr("%1 cannot be opened as a sweep: %2").arg(folder, why);
        if (error)
            *error = text;
        showNotice(text, true);
        emit logLine(text, true);
        return false;
    }
    m_record = std::move(record);
    m_folder = folder;
    m_compared.clear();
    m_trials->setTrials(m_record->trials);
    m_form->showSpec(m_record->spec);
    m_timeline->clear();
    m_timelineTrial.reset();
    showNotice(QString(), false);
    showRecord();
    // The timeline shows the largest passing trial until another row is chosen.
    int row = -1;
    for (int i = 0; i < m_trials->rowCount(); ++i) {
        const auto& t = m_trials->trials()[static_cast<std::size_t>(i)];
        if (m_record->boundary.largestPassing && t.value == *m_record->boundary.largestPassing
            && t.status == sweep::TrialStatus::Passed)
            row = i;
    }
    if (row >= 0)
        m_trialView->selectRow(row);
    //: %1 is the sweep folder
    emit logLine(tr("Sweep opened from %1.").arg(folder), false);
    emit sweepChanged();
    return true;
}

bool SweepView::addCompare(const QString& folder, QString* error)
{
    sweep::SweepRecord record;
    QString why;
    QString text;
    if (!readSweep(folder, record, why))
        //: %1 is the folder, %2 the reason in one line
        text = tr("%1 cannot be opened as a sweep: %2").arg(folder, why);
    else if (!m_record)
        text = tr("Open or run a sweep first; the one added is compared with it.");
    else if (record.spec.dimension != m_record->spec.dimension)
        //: %1 and %2 are dimension names
        text = tr("The sweep varies %1, the one shown %2: only sweeps of the same dimension share a chart.")
                   .arg(SweepText::dimension(record.spec.dimension), SweepText::dimension(m_record->spec.dimension));
    if (!text.isEmpty()) {
        if (error)
            *error = text;
        showNotice(text, true);
        return false;
    }
    m_compared.push_back(std::move(record));
    showNotice(QString(), false);
    showRecord();
    return true;
}

void SweepView::clearCompare()
{
    m_compared.clear();
    showRecord();
}

void SweepView::chooseAndOpen()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open sweep folder"), m_folder);
    if (!dir.isEmpty())
        openFolder(dir);
}

void SweepView::chooseAndCompare()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Add sweep to compare"), m_folder);
    if (!dir.isEmpty())
        addCompare(dir);
}

} // namespace iteragpu::gui
