// SPDX-License-Identifier: Apache-2.0
#include "app/gui/sweep/sweepsignaladapter.h"

namespace iteragpu::gui {

SweepSignalAdapter::SweepSignalAdapter(QObject* parent)
    : QObject(parent)
{
    registerMetaTypes();
}

void SweepSignalAdapter::registerMetaTypes()
{
    qRegisterMetaType<iteragpu::gui::StreamEventBatch>("iteragpu::gui::StreamEventBatch");
    qRegisterMetaType<iteragpu::sweep::TrialRecord>("iteragpu::sweep::TrialRecord");
    qRegisterMetaType<iteragpu::sweep::SweepRecord>("iteragpu::sweep::SweepRecord");
}

void SweepSignalAdapter::setSweepId(quint64 id)
{
    const std::lock_guard lock(m_mutex);
    m_sweepId = id;
    m_pending.clear();
}

int SweepSignalAdapter::unreadableLines() const
{
    const std::lock_guard lock(m_mutex);
    return m_unreadable;
}

void SweepSignalAdapter::deliverLocked(bool force)
{
    if (m_pending.empty())
        return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - m_lastDelivery < kMinInterval)
        return;
    m_lastDelivery = now;
    StreamEventBatch batch;
    batch.swap(m_pending);
    emit trialEvents(m_sweepId, m_pendingTrial, batch);
}

void SweepSignalAdapter::trialStarted(const sweep::TrialRecord& trial)
{
    const std::lock_guard lock(m_mutex);
    deliverLocked(true);
    emit trialBegan(m_sweepId, trial);
}

void SweepSignalAdapter::streamLine(std::uint64_t trialIndex, const std::string& line)
{
    report::StreamEvent event;
    std::string error;
    const bool read = report::readStreamLine(line, event, error);
    const std::lock_guard lock(m_mutex);
    if (!read) {
        ++m_unreadable;
        return;
    }
    if (trialIndex != m_pendingTrial) {
        deliverLocked(true);
        m_pendingTrial = trialIndex;
    }
    // Consecutive sample lines merge into one event.
    if (event.kind == report::StreamEvent::Kind::Samples && !m_pending.empty()
        && m_pending.back().kind == report::StreamEvent::Kind::Samples)
        m_pending.back().samples.insert(m_pending.back().samples.end(), event.samples.begin(), event.samples.end());
    else
        m_pending.push_back(std::move(event));
    deliverLocked(false);
}

void SweepSignalAdapter::trialFinished(const sweep::TrialRecord& trial, const sweep::SweepRecord& record)
{
    const std::lock_guard lock(m_mutex);
    deliverLocked(true);
    emit trialEnded(m_sweepId, trial, record);
}

void SweepSignalAdapter::sweepFinished(const sweep::SweepRecord& record)
{
    const std::lock_guard lock(m_mutex);
    deliverLocked(true);
    emit sweepEnded(m_sweepId, record);
}

} // namespace iteragpu::gui
