// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/run/runevent.h"
#include "app/gui/run/scriptrequest.h"
#include "core/registry/backendregistry.h"
#include "core/runner/runner.h"

#include <QElapsedTimer>
#include <QObject>
#include <memory>

namespace iteragpu::gui {

class RunSignalAdapter;
class ScriptProcess;

// Starts and stops runs from the UI thread. The run executes on the core's worker thread (protocol::Runner);
// its events arrive through RunSignalAdapter as queued, batched value snapshots tagged with the run id, and
// events of a run that is not the current one are dropped. Nothing here waits on a device.
class RunController : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Running, Stopping };

    explicit RunController(device::BackendRegistry& registry, QObject* parent = nullptr);
    ~RunController() override; // cancels a run still going and joins it

    // Starts a run of config on config.deviceId; returns its id, or 0 with errorOccurred() when it cannot start.
    std::uint64_t start(protocol::RunConfig config);
    // Starts the user's own PyTorch program, measured from inside by the probe (ScriptProcess); its events come
    // through the same signals as a native run's, tagged with a run id of the same counter. 0 when it cannot start.
    std::uint64_t startScript(const ScriptRequest& request);
    // Asks the run to stop after the current step or phase (Note [Stop within a phase]) (a script: Ctrl+C, then SIGTERM); what was measured is
    // kept.
    void stop();

    State state() const { return m_state; }
    bool isRunning() const { return m_state != State::Idle; }
    std::uint64_t currentRunId() const { return m_runId; }
    const protocol::RunConfig& currentConfig() const { return m_config; }
    qint64 elapsedMs() const { return m_elapsed.isValid() ? m_elapsed.elapsed() : 0; }
    // Phases the current run plans (an estimate from the configuration until the run ends).
    int plannedPhases() const { return m_plannedPhases; }
    int finishedPhases() const { return m_finishedPhases; }
    // Batches dropped because they belonged to a run that is not the current one.
    int droppedBatches() const { return m_dropped; }
    RunSignalAdapter* adapter() const { return m_adapter; }
    // The script runs' child process (its header and output lines are signals of its own).
    ScriptProcess* scriptProcess() const { return m_script; }
    bool runningScript() const { return isRunning() && m_scriptRun; }
    const protocol::RunResult& lastResult() const { return m_lastResult; }

    static int plannedPhaseCount(const protocol::RunConfig& config);

signals:
    void stateChanged(iteragpu::gui::RunController::State state);
    void runStarted(quint64 runId, const iteragpu::protocol::RunConfig& config);
    void phaseStarted(const iteragpu::protocol::PhaseResult& phase);
    void samplesReady(const std::vector<iteragpu::protocol::Sample>& samples);
    void phaseFinished(const iteragpu::protocol::PhaseResult& phase);
    void progressChanged(int finishedPhases, int plannedPhases);
    void runFinished(const iteragpu::protocol::RunResult& result);
    // A run could not start (invalid configuration, another run going): one line, for the UI and the log.
    void errorOccurred(const QString& message);

private:
    void onEvents(quint64 runId, const iteragpu::gui::RunEventBatch& events);
    void onRunEnded(quint64 runId, const iteragpu::protocol::RunResult& result);
    void setState(State state);

    device::BackendRegistry& m_registry;
    RunSignalAdapter* m_adapter = nullptr;
    ScriptProcess* m_script = nullptr;
    bool m_scriptRun = false; // the current or last run is a script's
    std::unique_ptr<protocol::Runner> m_runner;
    protocol::RunConfig m_config;
    protocol::RunResult m_lastResult;
    State m_state = State::Idle;
    std::uint64_t m_runId = 0;
    int m_plannedPhases = 0;
    int m_finishedPhases = 0;
    int m_dropped = 0;
    QElapsedTimer m_elapsed;
};

} // namespace iteragpu::gui
