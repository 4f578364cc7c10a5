// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/run/runevent.h"
#include "core/runner/runner.h"

#include <QObject>
#include <chrono>
#include <mutex>

namespace iteragpu::gui {

// Turns the core's observer callbacks (called on the run's worker and sampler threads) into Qt signals that
// carry value snapshots and the run id. Events are gathered and delivered in batches, at most one batch every
// kMinInterval (about 30 a second), in the order they happened; the run's end is delivered at once with
// whatever is still pending. Connect with Qt::QueuedConnection to a receiver on the UI thread.
class RunSignalAdapter : public QObject, public protocol::RunObserver {
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kMinInterval { 33 };

    explicit RunSignalAdapter(QObject* parent = nullptr);

    // protocol::RunObserver, worker threads.
    void phaseStarted(std::uint64_t runId, const protocol::PhaseResult& phase) override;
    void samplesReady(std::uint64_t runId, const std::vector<protocol::Sample>& batch) override;
    void phaseFinished(std::uint64_t runId, const protocol::PhaseResult& phase) override;
    void runFinished(std::uint64_t runId, const protocol::RunResult& result) override;

    // Registers the snapshot types with Qt's meta-type system (idempotent).
    static void registerMetaTypes();

signals:
    void eventsReady(quint64 runId, const iteragpu::gui::RunEventBatch& events);
    void runEnded(quint64 runId, const iteragpu::protocol::RunResult& result);

private:
    // Called with m_mutex held; emits when forced or when the interval since the last delivery has passed.
    void deliverLocked(std::uint64_t runId, bool force);

    std::mutex m_mutex;
    std::uint64_t m_pendingRunId = 0;
    RunEventBatch m_pending;
    std::chrono::steady_clock::time_point m_lastDelivery {};
};

} // namespace iteragpu::gui
