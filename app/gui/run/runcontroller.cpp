// SPDX-License-Identifier: Apache-2.0
#include "app/gui/run/runcontroller.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/run/runsignaladapter.h"
#include "app/gui/run/scriptprocess.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runsummary.h"
#include "core/runner/preparerun.h"

namespace iteragpu::gui {

RunController::RunController(device::BackendRegistry& registry, QObject* parent)
    : QObject(parent)
    , m_registry(registry)
    , m_adapter(new RunSignalAdapter(this))
{
    qRegisterMetaType<iteragpu::gui::RunController::State>("iteragpu::gui::RunController::State");
    connect(m_adapter, &RunSignalAdapter::eventsReady, this, &RunController::onEvents, Qt::QueuedConnection);
    connect(m_adapter, &RunSignalAdapter::runEnded, this, &RunController::onRunEnded, Qt::QueuedConnection);

    // A script's events arrive on this thread already; they take the native run's path from here on.
    m_script = new ScriptProcess(this);
    connect(m_script, &ScriptProcess::phaseStarted, this, [this](const protocol::PhaseResult& phase) {
        onEvents(m_runId, { RunEvent { RunEvent::Kind::PhaseStarted, phase, {} } });
        // The program decides how many phases there are: the one going counts as planned once it starts.
        if (m_state != State::Idle && m_plannedPhases < m_finishedPhases + 1) {
            m_plannedPhases = m_finishedPhases + 1;
            emit progressChanged(m_finishedPhases, m_plannedPhases);
        }
    });
    connect(m_script, &ScriptProcess::samplesReady, this, [this](const std::vector<protocol::Sample>& samples) {
        onEvents(m_runId, { RunEvent { RunEvent::Kind::Samples, {}, samples } });
    });
    connect(m_script, &ScriptProcess::phaseFinished, this, [this](const protocol::PhaseResult& phase) {
        onEvents(m_runId, { RunEvent { RunEvent::Kind::PhaseFinished, phase, {} } });
    });
    connect(m_script, &ScriptProcess::finished, this, [this](protocol::RunResult result) {
        result.identity.runId = m_runId;
        onRunEnded(m_runId, result);
    });
}

RunController::~RunController()
{
    if (m_runner) {
        m_runner->cancel();
        m_runner->wait();
    }
}

int RunController::plannedPhaseCount(const protocol::RunConfig& config)
{
    return static_cast<int>(protocol::planPhases(config).size());
}

std::uint64_t RunController::start(protocol::RunConfig config)
{
    if (m_state != State::Idle) {
        emit errorOccurred(tr("A run is still going; stop it first."));
        return 0;
    }
    // Validation, device id, backend, the run's open options and vLLM's plan on the device, once, in core (the CLI
    // does the same).
    protocol::PreparedRun prepared = protocol::prepareRun(m_registry, config);
    if (!prepared.ok()) {
        // core's reason in the UI language (English where it has no message)
        const QString reason = prepared.reason ? messageText(*prepared.reason) : QString::fromStdString(prepared.error);
        if (prepared.failure == protocol::PreparedRun::Failure::InvalidConfig)
            //: %1 is the reason in one line
            emit errorOccurred(tr("The run cannot start: %1").arg(reason));
        else if (prepared.failure == protocol::PreparedRun::Failure::BackendUnavailable)
            //: %1 is a device id such as cuda:0
            emit errorOccurred(tr("The backend of %1 is not loaded; choose another device.")
                                   .arg(QString::fromStdString(config.deviceId)));
        else
            emit errorOccurred(reason);
        return 0;
    }
    const protocol::BackendDescription description = prepared.backend;
    protocol::DeviceFactory factory = std::move(prepared.factory);
    config = std::move(prepared.config); // the run as it goes (vLLM's plan made on the device)

    if (m_runner)
        m_runner->wait(); // the previous run has delivered its end already; this only joins its thread
    m_runner = std::make_unique<protocol::Runner>();
    m_config = config;
    m_scriptRun = false;
    m_plannedPhases = plannedPhaseCount(config);
    m_finishedPhases = 0;
    m_lastResult = {};
    const std::uint64_t runId = m_runner->start(config, description, factory, m_adapter);
    if (runId == 0) {
        emit errorOccurred(tr("The run could not start."));
        return 0;
    }
    m_runId = runId;
    m_elapsed.start();
    setState(State::Running);
    emit runStarted(runId, config);
    emit progressChanged(m_finishedPhases, m_plannedPhases);
    return runId;
}

std::uint64_t RunController::startScript(const ScriptRequest& request)
{
    if (m_state != State::Idle) {
        emit errorOccurred(tr("A run is still going; stop it first."));
        return 0;
    }
    QString error;
    if (!m_script->start(request, error)) {
        //: %1 is the reason in one line
        emit errorOccurred(tr("The script cannot start: %1").arg(error));
        return 0;
    }
    m_config = protocol::RunConfig {};
    m_config.workload = protocol::WorkloadKind::Script;
    m_config.deviceId.clear();
    m_scriptRun = true;
    m_plannedPhases = 0; // the program decides how many
    m_finishedPhases = 0;
    m_lastResult = {};
    m_runId = protocol::Runner::nextRunId();
    m_elapsed.start();
    setState(State::Running);
    emit runStarted(m_runId, m_config);
    emit progressChanged(m_finishedPhases, m_plannedPhases);
    return m_runId;
}

void RunController::stop()
{
    if (m_state != State::Running)
        return;
    if (m_scriptRun) {
        m_script->stop();
    } else {
        if (!m_runner)
            return;
        m_runner->cancel();
    }
    setState(State::Stopping);
}

void RunController::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void RunController::onEvents(quint64 runId, const RunEventBatch& events)
{
    if (runId != m_runId || m_state == State::Idle) {
        ++m_dropped; // a late batch of a cancelled or replaced run
        return;
    }
    for (const RunEvent& event : events) {
        switch (event.kind) {
        case RunEvent::Kind::PhaseStarted:
            emit phaseStarted(event.phase);
            break;
        case RunEvent::Kind::Samples:
            emit samplesReady(event.samples);
            break;
        case RunEvent::Kind::PhaseFinished:
            ++m_finishedPhases;
            m_plannedPhases = std::max(m_plannedPhases, m_finishedPhases);
            emit phaseFinished(event.phase);
            emit progressChanged(m_finishedPhases, m_plannedPhases);
            break;
        }
    }
}

void RunController::onRunEnded(quint64 runId, const protocol::RunResult& result)
{
    if (runId != m_runId || m_state == State::Idle) {
        ++m_dropped;
        return;
    }
    if (m_runner && !m_scriptRun)
        m_runner->wait(); // the worker has sent its last event; this joins a thread that is returning
    m_lastResult = result;
    // The bar ends where the run ended: phases that ran (passed or failed) of those planned, from core's summary,
    // the same numbers the status bar and the sheet give. A failed or stopped run never reads "14 / 14".
    const protocol::RunSummary summary = protocol::summarize(result);
    m_plannedPhases = static_cast<int>(summary.planned);
    m_finishedPhases = static_cast<int>(summary.ran());
    emit progressChanged(m_finishedPhases, m_plannedPhases);
    setState(State::Idle);
    emit runFinished(result);
}

} // namespace iteragpu::gui
