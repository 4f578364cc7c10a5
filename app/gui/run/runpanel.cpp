// SPDX-License-Identifier: Apache-2.0
#include "app/gui/run/runpanel.h"
#include "app/gui/application/messagetext.h"

#include "app/gui/phases/phasetablemodel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTimer>

namespace iteragpu::gui {

RunPanel::RunPanel(RunController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("RunPanel"));
    m_run = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), QString(), this);
    m_stop = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), QString(), this);
    m_run->setObjectName(QStringLiteral("runButton"));
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_phaseLabel = new QLabel(this);
    m_phaseLabel->setMinimumWidth(120);
    m_phaseBar = new QProgressBar(this);
    m_phaseBar->setRange(0, 1);
    m_phaseBar->setValue(0);
    m_phaseBar->setTextVisible(false);
    m_phaseBar->setFixedWidth(90);
    m_overallLabel = new QLabel(this);
    m_overallBar = new QProgressBar(this);
    m_overallBar->setRange(0, 1);
    m_overallBar->setValue(0);
    m_overallBar->setTextVisible(false); // until a run plans its phases
    m_overallBar->setMinimumWidth(150);
    m_elapsed = new QLabel(this);
    m_elapsed->setMinimumWidth(m_elapsed->fontMetrics().horizontalAdvance(QStringLiteral("00:00:00.0")) + 8);
    m_elapsed->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_run);
    layout->addWidget(m_stop);
    layout->addSpacing(12);
    layout->addWidget(m_phaseLabel);
    layout->addWidget(m_phaseBar);
    layout->addSpacing(12);
    layout->addWidget(m_overallLabel);
    layout->addWidget(m_overallBar, 1);
    layout->addSpacing(8);
    layout->addWidget(m_elapsed);

    m_tick = new QTimer(this);
    m_tick->setInterval(100);
    connect(m_tick, &QTimer::timeout, this, &RunPanel::updateElapsed);
    connect(m_run, &QPushButton::clicked, this, &RunPanel::runRequested);
    connect(m_stop, &QPushButton::clicked, this, &RunPanel::stopRequested);
    connect(controller, &RunController::phaseStarted, this, &RunPanel::onPhaseStarted);
    connect(controller, &RunController::phaseFinished, this, &RunPanel::onPhaseFinished);
    connect(controller, &RunController::progressChanged, this, &RunPanel::onProgress);
    connect(controller, &RunController::stateChanged, this, &RunPanel::onStateChanged);
    connect(controller, &RunController::runStarted, this, [this] {
        m_cleared = false;
        m_summary.reset();
        m_currentPhase.clear();
        retranslateUi();
    });
    connect(controller, &RunController::runFinished, this, [this](const protocol::RunResult& result) {
        m_summary = protocol::summarize(result);
        retranslateUi();
    });
    retranslateUi();
    updateButtons();
    updateElapsed();
}

void RunPanel::setRunAllowed(bool allowed, const QString& reason)
{
    m_runAllowed = allowed;
    m_runBlockedReason = reason;
    updateButtons();
}

void RunPanel::clear()
{
    if (m_controller->isRunning())
        return;
    m_cleared = true;
    m_summary.reset();
    m_currentPhase.clear();
    m_finished = 0;
    m_planned = 0;
    m_phaseBar->setRange(0, 1);
    m_phaseBar->setValue(0);
    m_overallBar->setRange(0, 1);
    m_overallBar->setValue(0);
    m_overallBar->setTextVisible(false);
    updateElapsed();
    retranslateUi();
}

void RunPanel::updateButtons()
{
    const bool running = m_controller->isRunning();
    m_run->setEnabled(m_runAllowed && !running);
    m_stop->setEnabled(m_controller->state() == RunController::State::Running);
    m_run->setToolTip(m_runAllowed ? tr("Run the workload on the chosen device (Ctrl+R)") : m_runBlockedReason);
}

void RunPanel::updateElapsed()
{
    const qint64 ms = m_cleared ? 0 : m_controller->elapsedMs();
    const qint64 tenths = (ms / 100) % 10;
    const qint64 s = (ms / 1000) % 60;
    const qint64 m = (ms / 60000) % 60;
    const qint64 h = ms / 3600000;
    m_elapsed->setText(QStringLiteral("%1:%2:%3.%4")
                           .arg(h, 2, 10, QLatin1Char('0'))
                           .arg(m, 2, 10, QLatin1Char('0'))
                           .arg(s, 2, 10, QLatin1Char('0'))
                           .arg(tenths));
}

void RunPanel::onPhaseStarted(const protocol::PhaseResult& phase)
{
    m_currentPhase = PhaseTableModel::displayName(phase);
    // A phase's length is not known ahead: the bar is busy while it runs.
    m_phaseBar->setRange(0, 0);
    retranslateUi();
}

void RunPanel::onPhaseFinished(const protocol::PhaseResult& phase)
{
    Q_UNUSED(phase);
    m_phaseBar->setRange(0, 1);
    m_phaseBar->setValue(1);
}

void RunPanel::onProgress(int finished, int planned)
{
    m_finished = finished;
    m_planned = std::max(planned, 1);
    m_overallBar->setRange(0, m_planned);
    m_overallBar->setTextVisible(true);
    m_overallBar->setValue(std::min(finished, m_planned));
    retranslateUi();
}

void RunPanel::onStateChanged(RunController::State state)
{
    if (state == RunController::State::Running) {
        m_tick->start();
        m_phaseBar->setRange(0, 1);
        m_phaseBar->setValue(0);
    } else if (state == RunController::State::Idle) {
        m_tick->stop();
        m_phaseBar->setRange(0, 1);
        m_phaseBar->setValue(m_finished > 0 ? 1 : 0);
    }
    updateElapsed();
    updateButtons();
    retranslateUi();
}

void RunPanel::retranslateUi()
{
    m_run->setText(tr("&Run"));
    m_stop->setText(m_controller->state() == RunController::State::Stopping ? tr("Stopping…") : tr("&Stop"));
    m_stop->setToolTip(tr("Stop after the current step (a decode step, a warm-up run) or phase; what was measured is kept"));
    if (m_currentPhase.isEmpty())
        m_phaseLabel->setText(tr("Phase: —"));
    else
        //: %1 is a phase identifier such as cold_forward
        m_phaseLabel->setText(tr("Phase: %1").arg(m_currentPhase));
    m_overallLabel->setText(tr("Overall:"));
    //: progress bar text: %v phases done of %m planned
    m_overallBar->setFormat(tr("%v / %m phases"));
    // After a run, the bar's tooltip says how it ended, in core's words (the same counts as the status bar).
    m_overallBar->setToolTip(m_summary ? messageText(m_summary->message()) : QString());
    updateButtons();
}

void RunPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
}

} // namespace iteragpu::gui
