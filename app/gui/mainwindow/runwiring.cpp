// SPDX-License-Identifier: Apache-2.0
#include "app/gui/mainwindow/runwiring.h"

#include "app/gui/devices/devicepicker.h"
#include "app/gui/log/logview.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/run/runcontroller.h"
#include "app/gui/run/scriptprocess.h"
#include "app/gui/run/timelineconversion.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/why/whyview.h"
#include "app/gui/workload/workloadform.h"
#include "core/protocol/runsummary.h"

#include <QStatusBar>

namespace iteragpu::gui {

RunWiring::RunWiring(const Views& views, QObject* parent)
    : QObject(parent)
    , m_devicePicker(views.devices)
    , m_workloadForm(views.workload)
    , m_timeline(views.timeline)
    , m_phaseModel(views.phases)
    , m_logView(views.log)
    , m_whyView(views.why)
    , m_runController(views.controller)
    , m_statusBar(views.status)
{
    // The live run: its phases and samples into the table, the timeline and the log as they arrive.
    RunController* rc = m_runController;
    connect(rc, &RunController::phaseStarted, this, [this](const protocol::PhaseResult& phase) {
        m_phaseModel->phaseStarted(phase);
        const double start = phase.startSeconds.value_or(m_timeline->store().lastSeconds());
        m_timeline->beginPhase(PhaseTableModel::displayName(phase), start, phase.predictedPeakAllocated);
    });
    connect(rc, &RunController::samplesReady, this,
        [this](const std::vector<protocol::Sample>& samples) { m_timeline->addSamples(toTimelineSamples(samples)); });
    connect(rc, &RunController::phaseFinished, this, [this](const protocol::PhaseResult& phase) {
        m_phaseModel->phaseFinished(phase);
        m_timeline->endPhase(toTimelinePhase(phase));
        if (phase.status == protocol::PhaseStatus::Failed) {
            const QString name = PhaseTableModel::displayName(phase);
            const QString error = QString::fromStdString(phase.error);
            //: %1 is a phase identifier, %2 the allocator's or the runtime's own error text
            const QString oom = tr("Out of memory in phase %1: %2");
            //: %1 is a phase identifier, %2 the runtime's own error text
            const QString failed = tr("Phase %1 failed: %2");
            m_logView->error((PhaseTableModel::isOutOfMemory(phase) ? oom : failed).arg(name, error));
        }
    });
    // A script's device is known once its probe speaks: the chart names it and draws its capacity.
    connect(rc->scriptProcess(), &ScriptProcess::headerReady, this, [this](const protocol::RunResult& header) {
        const auto& device = header.environment.device;
        //: %1 is the device id, e.g. cuda:0; %2 its name as PyTorch reports it
        m_timeline->setDeviceLabel(tr("%1 (%2) · your script, measured by iteragpu_probe")
                                       .arg(QString::fromStdString(header.config.deviceId),
                                           QString::fromStdString(device.name)));
        m_timeline->setCapacityBytes(
            device.totalBytes > 0 ? std::optional<std::uint64_t>(device.totalBytes) : std::nullopt);
        //: %1 what measures (iteragpu_probe 1.0 (PyTorch 2.5.1)), %2 the device id, %3 the device's name
        m_logView->info(tr("The probe (%1) measures on %2 (%3).")
                            .arg(QString::fromStdString(header.config.script ? header.config.script->measuredBy
                                                                             : std::string("iteragpu_probe")),
                                QString::fromStdString(header.config.deviceId), QString::fromStdString(device.name)));
    });
    connect(rc->scriptProcess(), &ScriptProcess::outputLine, this, [this](const QString& line, bool isError) {
        if (isError)
            m_logView->warning(line);
        else
            m_logView->info(line);
    });
}

std::optional<protocol::RunConfig> RunWiring::runConfig() const
{
    auto config = m_workloadForm->config();
    if (!config || !m_workloadForm->isValid())
        return std::nullopt;
    config->deviceId = m_devicePicker->currentDeviceId().toStdString();
    if (!m_devicePicker->currentIsSimulated())
        config->simCapacityBytes.reset();
    config->simCard = m_devicePicker->simCardId().toStdString();
    config->simSpeed = m_devicePicker->simSpeed();
    if (!config->simCard.empty())
        config->simCapacityBytes.reset(); // the card's reported capacity applies
    return config;
}

void RunWiring::startRun()
{
    if (m_runController->isRunning())
        return;
    auto config = runConfig();
    if (!config) {
        emit notice(tr("The workload form has invalid values; nothing was started."), true);
        return;
    }
    emit notice(QString(), false);
    m_phaseModel->clear();
    m_timeline->clear();
    m_whyView->setRunning();
    updateChartDevice();
    m_runWorkload = config->workload;
    emit runWorkloadChanged();
    const std::uint64_t runId = m_runController->start(*config);
    if (runId == 0)
        return;
    const QString device = QString::fromStdString(config->deviceId);
    QString line;
    if (config->workload == protocol::WorkloadKind::Decoder)
        //: %1 run number, %2 device id, %3 the workload form's sentence of what Run measures
        line = tr("Run %1 started on %2. %3").arg(QString::number(runId), device, m_workloadForm->measuresText());
    else
        //: %1 run number, %2 device id, %3 mode, %4 batch, %5 context, %6 width, %7 data type
        line = tr("Run %1 started on %2: %3, batch %4, context %5, width %6, %7.")
                   .arg(QString::number(runId), device, QLatin1String(protocol::modeName(config->mode)),
                       QString::number(config->batch), QString::number(config->context),
                       QString::number(config->width), QLatin1String(device::dtypeName(config->dtype)));
    if (m_devicePicker->currentIsSimulated())
        line += QLatin1Char(' ') + tr("Simulated, not a GPU measurement.");
    m_logView->info(line);
    m_statusBar->showMessage(tr("Running…"));
}

std::uint64_t RunWiring::startScript(const ScriptRequest& request)
{
    if (m_runController->isRunning())
        return 0;
    emit notice(QString(), false);
    m_phaseModel->clear();
    m_timeline->clear();
    m_whyView->setRunning();
    m_timeline->setDeviceLabel(tr("your script, measured by iteragpu_probe"));
    m_timeline->setCapacityBytes(std::nullopt);
    m_runWorkload = protocol::WorkloadKind::Script;
    const std::uint64_t runId = m_runController->startScript(request);
    emit runWorkloadChanged(); // the sizing panel's total is not the script's estimate: no line while it runs
    if (runId == 0)
        return 0;
    //: %1 run number, %2 the interpreter (python3), %3 the script and its arguments
    m_logView->info(tr("Run %1 started: %2 %3 (measured from inside by iteragpu_probe).")
                        .arg(QString::number(runId), request.python,
                            (QStringList { request.script } + request.arguments).join(QLatin1Char(' '))));
    m_statusBar->showMessage(tr("Running…"));
    return runId;
}

void RunWiring::stopRun()
{
    if (m_runController->state() != RunController::State::Running)
        return;
    const bool script = m_runController->runningScript();
    m_runController->stop();
    if (script)
        m_logView->warning(tr("Stop requested: the script gets Ctrl+C (then SIGTERM); what was measured is kept."));
    else
        m_logView->warning(
            tr("Stop requested: the run stops after the current step (a decode step, a warm-up run) or phase and keeps what was measured."));
    m_statusBar->showMessage(tr("Stopping after the current step…"));
}

void RunWiring::updateChartDevice()
{
    if (m_runController->isRunning())
        return; // the chart keeps describing the run that is going
    m_chartDevice.id = m_devicePicker->currentDeviceId();
    m_chartDevice.simulated = m_devicePicker->currentIsSimulated();
    const auto card = m_devicePicker->simCard();
    m_chartDevice.card = card ? QString::fromStdString(card->name) : QString();
    showChartDevice();
    m_timeline->setCapacityBytes(runCapacityBytes());
}

std::optional<std::uint64_t> RunWiring::runCapacityBytes() const
{
    // The one place the window says what a run would get: the device list's capacity (a simulated card's when
    // one is chosen), or the workload form's for the plain simulated device (core's prepareRun applies the same).
    if (m_devicePicker->currentIsSimulated() && !m_devicePicker->simCard()) {
        const auto config = m_workloadForm->config();
        if (config && config->simCapacityBytes)
            return config->simCapacityBytes;
    }
    return m_devicePicker->currentCapacityBytes();
}

void RunWiring::showChartDevice()
{
    // Composed in the language of the moment from what updateChartDevice kept: a switch rewrites it, during a
    // run too (the device is the run's).
    const ChartDevice& d = m_chartDevice;
    if (!d.card.isEmpty())
        //: %1 is the device id, e.g. sim:0; %2 the GPU catalog's card it stands in for, e.g. NVIDIA H100 80GB SXM
        m_timeline->setDeviceLabel(tr("%1 as %2 · simulated, not a GPU measurement").arg(d.id, d.card));
    else if (d.simulated)
        //: %1 is the device id, e.g. sim:0
        m_timeline->setDeviceLabel(tr("%1 · simulated, not a GPU measurement").arg(d.id));
    else
        m_timeline->setDeviceLabel(d.id);
}

void RunWiring::reportFinished(const protocol::RunResult& result)
{
    m_phaseModel->runFinished(result);
    for (const protocol::PhaseResult& phase : result.phases)
        if (phase.status == protocol::PhaseStatus::NotRun)
            m_timeline->endPhase(toTimelinePhase(phase));
    m_timeline->refresh();

    // The counts come from core's summary, the same the progress bar and the sheet show.
    const protocol::RunSummary counted = protocol::summarize(result);
    const int ok = static_cast<int>(counted.passed);
    const int failed = static_cast<int>(counted.failed);
    const int notRun = static_cast<int>(counted.notRun);
    const protocol::PhaseResult* failedPhase
        = counted.firstFailure ? &result.phases[*counted.firstFailure] : nullptr;
    const QString runId = QString::number(result.identity.runId);
    //: %1 run number; followed by counts of phases
    QString summary = tr("Run %1 finished:").arg(runId)
        + QLatin1Char(' ')
        //: %n number of phases that passed
        + tr("%n phase(s) ok", nullptr, ok);
    if (failed > 0)
        //: %n number of phases that failed
        summary += QStringLiteral(", ") + tr("%n failed", nullptr, failed);
    if (notRun > 0)
        //: %n number of phases that did not run
        summary += QStringLiteral(", ") + tr("%n not run", nullptr, notRun);
    summary += QLatin1Char('.');

    if (!result.error.empty()) {
        //: %1 run number, %2 the backend's or the runtime's own error text
        const QString text = tr("Run %1 could not measure: %2").arg(runId, QString::fromStdString(result.error));
        m_logView->error(text);
        emit notice(text, true);
        if (ok == 0 && failed == 0)
            summary = text; // not "0 phases ok": nothing was measured, and the reason is the news
    } else if (failedPhase) {
        const QString name = PhaseTableModel::displayName(*failedPhase);
        const QString error = QString::fromStdString(failedPhase->error);
        const QString text = PhaseTableModel::isOutOfMemory(*failedPhase)
            //: %1 is a phase identifier, %2 the error text; the phases measured before are kept
            ? tr("Out of memory in phase %1: %2. The phases before it are kept; the later ones did not run.")
                  .arg(name, error)
            //: %1 is a phase identifier, %2 the runtime's own error text
            : tr("Phase %1 failed: %2. The phases before it are kept; the later ones did not run.").arg(name, error);
        m_logView->warning(summary);
        emit notice(text, true);
    } else if (result.cancelled) {
        m_logView->warning(summary + QLatin1Char(' ') + tr("Stopped by the user; the measured phases are kept."));
        //: %n number of phases measured before the stop
        emit notice(tr("Stopped by the user after %n phase(s); what was measured is kept.", nullptr, ok), false);
    } else {
        m_logView->info(summary);
    }
    m_statusBar->showMessage(summary, 10000);
}

} // namespace iteragpu::gui
