// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/run/runcontroller.h"
#include "core/protocol/runsummary.h"

#include <QWidget>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace iteragpu::gui {

// Run / Stop, the current phase with its progress, the overall progress in phases, and the elapsed time.
// It follows a RunController; the buttons only ask, the controller decides.
class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(RunController* controller, QWidget* parent = nullptr);

    // Run is enabled only when the workload form is valid and a device is chosen.
    void setRunAllowed(bool allowed, const QString& reason = QString());
    // Forgets the last run (its phase, progress, elapsed time and summary): a file opened is not that run, and the
    // bar must not describe it. Ignored while a run goes on.
    void clear();

    QPushButton* runButton() const { return m_run; }
    QPushButton* stopButton() const { return m_stop; }
    QProgressBar* phaseBar() const { return m_phaseBar; }
    QProgressBar* overallBar() const { return m_overallBar; }
    QLabel* elapsedLabel() const { return m_elapsed; }

signals:
    void runRequested();
    void stopRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateButtons();
    void updateElapsed();
    void onPhaseStarted(const protocol::PhaseResult& phase);
    void onPhaseFinished(const protocol::PhaseResult& phase);
    void onProgress(int finished, int planned);
    void onStateChanged(RunController::State state);

    RunController* m_controller = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_stop = nullptr;
    QLabel* m_phaseLabel = nullptr;
    QProgressBar* m_phaseBar = nullptr;
    QLabel* m_overallLabel = nullptr;
    QProgressBar* m_overallBar = nullptr;
    QLabel* m_elapsed = nullptr;
    QTimer* m_tick = nullptr;
    QString m_currentPhase;
    QString m_runBlockedReason;
    bool m_runAllowed = false;
    int m_finished = 0;
    int m_planned = 0;
    bool m_cleared = false; // the elapsed time of the controller's last run is not shown
    std::optional<protocol::RunSummary> m_summary; // of the last run that ended
};

} // namespace iteragpu::gui
