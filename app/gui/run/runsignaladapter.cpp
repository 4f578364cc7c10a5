// SPDX-License-Identifier: Apache-2.0
#include "app/gui/run/runsignaladapter.h"

namespace iteragpu::gui {

RunSignalAdapter::RunSignalAdapter(QObject* parent)
    : QObject(parent)
{
    registerMetaTypes();
}

void RunSignalAdapter::registerMetaTypes()
{
    qRegisterMetaType<iteragpu::gui::RunEventBatch>("iteragpu::gui::RunEventBatch");
    qRegisterMetaType<iteragpu::protocol::RunResult>("iteragpu::protocol::RunResult");
    qRegisterMetaType<iteragpu::protocol::RunConfig>("iteragpu::protocol::RunConfig");
    qRegisterMetaType<iteragpu::protocol::PhaseResult>("iteragpu::protocol::PhaseResult");
    qRegisterMetaType<std::vector<iteragpu::protocol::Sample>>("std::vector<iteragpu::protocol::Sample>");
}

void RunSignalAdapter::deliverLocked(std::uint64_t runId, bool force)
{
    if (m_pending.empty())
        return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - m_lastDelivery < kMinInterval)
        return;
    m_lastDelivery = now;
    RunEventBatch batch;
    batch.swap(m_pending);
    m_pending.reserve(batch.size());
    // Emitted on the worker thread; a queued connection copies the batch into the receiver's event loop.
    emit eventsReady(runId, batch);
}

void RunSignalAdapter::phaseStarted(std::uint64_t runId, const protocol::PhaseResult& phase)
{
    const std::lock_guard lock(m_mutex);
    if (runId != m_pendingRunId) {
        deliverLocked(m_pendingRunId, true);
        m_pendingRunId = runId;
    }
    m_pending.push_back(RunEvent { RunEvent::Kind::PhaseStarted, phase, {} });
    deliverLocked(runId, false);
}

void RunSignalAdapter::samplesReady(std::uint64_t runId, const std::vector<protocol::Sample>& batch)
{
    const std::lock_guard lock(m_mutex);
    if (runId != m_pendingRunId) {
        deliverLocked(m_pendingRunId, true);
        m_pendingRunId = runId;
    }
    // Consecutive sample batches merge into one event.
    if (!m_pending.empty() && m_pending.back().kind == RunEvent::Kind::Samples)
        m_pending.back().samples.insert(m_pending.back().samples.end(), batch.begin(), batch.end());
    else
        m_pending.push_back(RunEvent { RunEvent::Kind::Samples, {}, batch });
    deliverLocked(runId, false);
}

void RunSignalAdapter::phaseFinished(std::uint64_t runId, const protocol::PhaseResult& phase)
{
    const std::lock_guard lock(m_mutex);
    if (runId != m_pendingRunId) {
        deliverLocked(m_pendingRunId, true);
        m_pendingRunId = runId;
    }
    RunEvent event { RunEvent::Kind::PhaseFinished, phase, {} };
    event.phase.samples.clear(); // the timeline already has them from the sample stream
    m_pending.push_back(std::move(event));
    deliverLocked(runId, false);
}

void RunSignalAdapter::runFinished(std::uint64_t runId, const protocol::RunResult& result)
{
    {
        const std::lock_guard lock(m_mutex);
        deliverLocked(m_pendingRunId, true);
        m_pendingRunId = runId;
    }
    emit runEnded(runId, result);
}

} // namespace iteragpu::gui
