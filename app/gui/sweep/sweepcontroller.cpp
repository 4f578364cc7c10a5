// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/sweepcontroller.h"

#include "app/gui/sweep/sweepsignaladapter.h"
#include "core/sweep/localexecutor.h"
#include "core/sweep/sweeprunner.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <cstdlib>

namespace iteragpu::gui {

struct SweepController::Job {
    std::unique_ptr<sweep::LocalExecutor> executor;
    std::unique_ptr<sweep::SweepRunner> runner;
    std::atomic<bool> cancel { false };
    std::thread thread;
    sweep::SweepRecord finalRecord;
    std::string error;
};

SweepController::SweepController(QObject* parent)
    : QObject(parent)
    , m_adapter(new SweepSignalAdapter(this))
{
    qRegisterMetaType<iteragpu::gui::SweepController::State>("iteragpu::gui::SweepController::State");
    connect(m_adapter, &SweepSignalAdapter::trialBegan, this, &SweepController::onTrialBegan, Qt::QueuedConnection);
    connect(m_adapter, &SweepSignalAdapter::trialEvents, this, &SweepController::onTrialEvents, Qt::QueuedConnection);
    connect(m_adapter, &SweepSignalAdapter::trialEnded, this, &SweepController::onTrialEnded, Qt::QueuedConnection);
}

SweepController::~SweepController()
{
    if (m_job)
        m_job->cancel = true;
    join();
}

void SweepController::join()
{
    if (m_job && m_job->thread.joinable())
        m_job->thread.join();
}

QString SweepController::trialProgram()
{
    const QString program = QString::fromStdString(sweep::measureProgram());
    if (QFileInfo(program).isExecutable() || std::getenv("ITERAGPU_MEASURE_PROGRAM"))
        return program;
    // Started from the build tree: the CLI is built in app/cli beside app/gui.
    const QString built = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../cli/iteragpu"));
    return QFileInfo(built).isExecutable() ? QDir::cleanPath(built) : program;
}

quint64 SweepController::start(const sweep::SweepSpec& spec, const QString& folder)
{
    if (m_state != State::Idle) {
        emit errorOccurred(tr("A sweep is still going; stop it first."));
        return 0;
    }
    if (spec.executor != "local") {
        //: %1 is the executor's name, e.g. slurm
        emit errorOccurred(tr("The workbench runs sweeps on this machine's devices only; the %1 executor is "
                              "available from the command line (iteragpu sweep --executor).")
                               .arg(QString::fromStdString(spec.executor)));
        return 0;
    }
    join(); // the previous sweep has ended already; this only joins its thread
    auto job = std::make_unique<Job>();
    job->executor = std::make_unique<sweep::LocalExecutor>(spec.devices, trialProgram().toStdString());
    if (const std::string reason = job->executor->unavailableReason(); !reason.empty()) {
        //: %1 is the reason in one line, e.g. "iteragpu not found"
        emit errorOccurred(tr("The sweep cannot start: %1").arg(QString::fromStdString(reason)));
        return 0;
    }
    job->runner = std::make_unique<sweep::SweepRunner>(folder.toStdString(), spec, *job->executor);
    std::string error;
    if (job->runner->create(error) != sweep::SweepRunner::OpenError::None) {
        //: %1 is the reason in one line
        emit errorOccurred(tr("The sweep cannot start: %1").arg(QString::fromStdString(error)));
        return 0;
    }
    const quint64 id = m_nextId++;
    m_sweepId = id;
    m_folder = folder;
    m_adapter->setSweepId(id);
    const sweep::SweepRecord first = job->runner->record();
    Job* raw = job.get();
    m_job = std::move(job);
    m_job->thread = std::thread([this, raw, id] {
        raw->runner->run(raw->cancel, m_adapter);
        raw->finalRecord = raw->runner->record();
        raw->error = raw->runner->error();
        // Back on the UI thread; dropped with the controller should it be gone by then.
        QMetaObject::invokeMethod(this, [this, id] { onWorkerDone(id); }, Qt::QueuedConnection);
    });
    setState(State::Running);
    emit sweepStarted(id, first);
    return id;
}

void SweepController::stop()
{
    if (m_state != State::Running || !m_job)
        return;
    m_job->cancel = true;
    setState(State::Stopping);
}

void SweepController::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void SweepController::onTrialBegan(quint64 id, const sweep::TrialRecord& trial)
{
    if (id != m_sweepId || m_state == State::Idle) {
        ++m_dropped;
        return;
    }
    emit trialStarted(trial);
}

void SweepController::onTrialEvents(quint64 id, quint64 trialIndex, const StreamEventBatch& events)
{
    if (id != m_sweepId || m_state == State::Idle) {
        ++m_dropped;
        return;
    }
    emit trialEvents(trialIndex, events);
}

void SweepController::onTrialEnded(quint64 id, const sweep::TrialRecord& trial, const sweep::SweepRecord& record)
{
    if (id != m_sweepId || m_state == State::Idle) {
        ++m_dropped;
        return;
    }
    emit trialFinished(trial, record);
}

void SweepController::onWorkerDone(quint64 id)
{
    if (id != m_sweepId || !m_job)
        return;
    join(); // the worker has returned from run(); this joins a thread that is ending
    const sweep::SweepRecord record = m_job->finalRecord;
    const QString error = QString::fromStdString(m_job->error);
    setState(State::Idle);
    emit sweepFinished(record, error);
}

} // namespace iteragpu::gui
