// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/sweep/sweepevents.h"
#include "core/sweep/localexecutor.h"
#include "core/sweep/sweeprunner.h"

#include <QObject>
#include <QString>
#include <chrono>
#include <mutex>

namespace iteragpu::gui {

// Turns the sweep runner's observer calls (made on the sweep's worker thread) into Qt signals carrying value
// snapshots and the sweep id. The running trial's --stream lines are read on the worker (report::readStreamLine)
// and delivered in batches, at most one every kMinInterval; a trial's start and end flush what is pending first,
// so the UI sees each trial's events in order. Connect with Qt::QueuedConnection.
class SweepSignalAdapter : public QObject, public sweep::SweepObserver {
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kMinInterval { 33 };

    explicit SweepSignalAdapter(QObject* parent = nullptr);

    // The sweep the next calls belong to (set on the UI thread before the worker starts).
    void setSweepId(quint64 id);

    // sweep::SweepObserver, the worker thread.
    void trialStarted(const sweep::TrialRecord& trial) override;
    void trialFinished(const sweep::TrialRecord& trial, const sweep::SweepRecord& record) override;
    void streamLine(std::uint64_t trialIndex, const std::string& line) override;
    void sweepFinished(const sweep::SweepRecord& record) override;

    // Lines of the trials' streams that could not be read (not shown; counted for the tests and the log).
    int unreadableLines() const;

    static void registerMetaTypes();

signals:
    void trialBegan(quint64 sweepId, const iteragpu::sweep::TrialRecord& trial);
    void trialEvents(quint64 sweepId, quint64 trialIndex, const iteragpu::gui::StreamEventBatch& events);
    void trialEnded(quint64 sweepId, const iteragpu::sweep::TrialRecord& trial,
        const iteragpu::sweep::SweepRecord& record);
    void sweepEnded(quint64 sweepId, const iteragpu::sweep::SweepRecord& record);

private:
    void deliverLocked(bool force); // m_mutex held

    mutable std::mutex m_mutex;
    quint64 m_sweepId = 0;
    std::uint64_t m_pendingTrial = 0;
    StreamEventBatch m_pending;
    std::chrono::steady_clock::time_point m_lastDelivery {};
    int m_unreadable = 0;
};

} // namespace iteragpu::gui
