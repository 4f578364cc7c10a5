// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/sweep/sweepevents.h"
#include "core/sweep/localexecutor.h"
#include "core/sweep/sweeprunner.h"

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <thread>

namespace iteragpu::gui {

class SweepSignalAdapter;

// Starts and stops sweeps from the UI thread. The sweep runs on its own worker thread (sweep::SweepRunner::run,
// each trial a fresh 'iteragpu measure' process on a local device); its progress arrives through
// SweepSignalAdapter as queued value snapshots tagged with the sweep id, and those of a sweep that is not the
// current one are dropped. Stop sets the runner's cancel flag: the running trials are stopped and marked
// interrupted, and sweep.json keeps what finished. Nothing here waits on a trial.
class SweepController : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Running, Stopping };

    explicit SweepController(QObject* parent = nullptr);
    ~SweepController() override; // cancels a sweep still going and joins its thread

    // A new sweep of spec into folder (created, or empty); returns its id, or 0 with errorOccurred() when it
    // cannot start (an invalid spec, a folder that holds other files or a sweep, no measure program).
    quint64 start(const sweep::SweepSpec& spec, const QString& folder);
    void stop();

    State state() const { return m_state; }
    bool isRunning() const { return m_state != State::Idle; }
    quint64 currentSweepId() const { return m_sweepId; }
    QString currentFolder() const { return m_folder; }
    int droppedDeliveries() const { return m_dropped; }
    SweepSignalAdapter* adapter() const { return m_adapter; }

    // The program each trial runs: sweep::measureProgram(), or the build tree's app/cli/iteragpu beside
    // app/gui/ when that names no executable file.
    static QString trialProgram();

signals:
    void stateChanged(iteragpu::gui::SweepController::State state);
    void sweepStarted(quint64 sweepId, const iteragpu::sweep::SweepRecord& record);
    void trialStarted(const iteragpu::sweep::TrialRecord& trial);
    void trialEvents(quint64 trialIndex, const iteragpu::gui::StreamEventBatch& events);
    void trialFinished(const iteragpu::sweep::TrialRecord& trial, const iteragpu::sweep::SweepRecord& record);
    // The sweep ended (complete, interrupted, stopped or unwritable); error is its last error line, if any.
    void sweepFinished(const iteragpu::sweep::SweepRecord& record, const QString& error);
    void errorOccurred(const QString& message);

private:
    struct Job;
    void onTrialBegan(quint64 id, const sweep::TrialRecord& trial);
    void onTrialEvents(quint64 id, quint64 trialIndex, const StreamEventBatch& events);
    void onTrialEnded(quint64 id, const sweep::TrialRecord& trial, const sweep::SweepRecord& record);
    void onWorkerDone(quint64 id);
    void setState(State state);
    void join();

    SweepSignalAdapter* m_adapter = nullptr;
    std::unique_ptr<Job> m_job;
    State m_state = State::Idle;
    quint64 m_sweepId = 0;
    quint64 m_nextId = 1;
    QString m_folder;
    int m_dropped = 0;
};

} // namespace iteragpu::gui
