// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "app/gui/run/scriptrequest.h"
#include "core/protocol/runtypes.h"

#include <QObject>
#include <QProcess>
#include <optional>
#include <vector>

class QLocalServer;
class QLocalSocket;
class QTimer;

namespace iteragpu::gui {

// One run of the user's own PyTorch program, measured from inside by python/iteragpu_probe. The program is a
// child process (QProcess); the probe streams its events as JSON lines over a local socket named in the child's
// ITERAGPU_PROBE_SOCKET, never over stdout, so the program's own output stays apart (outputLine). Events arrive on
// the UI thread, already batched by the probe (about 30 a second), in the same shapes as a native run's.
//
// stop() sends SIGINT (Python's KeyboardInterrupt: the probe records the interrupted phase and writes its file),
// then SIGTERM after stopGraceMs() (3 s), then SIGKILL after as long again. finished() always comes, once, with what was
// measured: the probe's own result when it sent one, otherwise the phases it streamed (marked cancelled).
class ScriptProcess : public QObject {
    Q_OBJECT
public:
    static constexpr int kStopGraceMs = 3000; // the default wait between SIGINT, SIGTERM and SIGKILL

    explicit ScriptProcess(QObject* parent = nullptr);
    ~ScriptProcess() override; // ends a child still running (SIGKILL) and waits for it

    // The folder holding the package iteragpu_probe: beside the executable when installed
    // (<prefix>/share/iteragpu/python), else the build tree's copy; empty when there is none.
    static QString probeFolder();

    // Starts the child; false with the reason in error when it cannot (no script, no probe, no socket).
    bool start(const ScriptRequest& request, QString& error);
    void stop();
    void setStopGraceMs(int ms) { m_stopGraceMs = ms; }
    int stopGraceMs() const { return m_stopGraceMs; }
    bool isRunning() const { return m_running; }
    qint64 processId() const;

signals:
    // The probe's header: configuration, workload, environment (device name and capacity), no phases yet.
    void headerReady(const iteragpu::protocol::RunResult& header);
    void phaseStarted(const iteragpu::protocol::PhaseResult& phase);
    void samplesReady(const std::vector<iteragpu::protocol::Sample>& samples);
    void phaseFinished(const iteragpu::protocol::PhaseResult& phase);
    // A line the program wrote on stdout (error false) or stderr (error true), or a line about the stream.
    void outputLine(const QString& line, bool error);
    void finished(const iteragpu::protocol::RunResult& result);

private:
    void onConnection();
    void onSocketData();
    void onOutput(QProcess::ProcessChannel channel);
    void noteProbeLine(const QString& line, bool standardError);
    void onProcessFinished(int exitCode, QProcess::ExitStatus status);
    void onProcessError(QProcess::ProcessError error);
    void handleLine(const QByteArray& line);
    void finish(const QString& reason);
    void signalChild(int signal);

    QProcess* m_process = nullptr;
    QLocalServer* m_server = nullptr;
    QLocalSocket* m_socket = nullptr;
    QTimer* m_stopTimer = nullptr;
    QByteArray m_socketBuffer;
    QByteArray m_outBuffer[2];
    ScriptRequest m_request;
    bool m_running = false;
    bool m_stopRequested = false;
    int m_stopStage = 0;
    int m_stopGraceMs = kStopGraceMs;
    bool m_lineRefused = false;
    std::uint64_t m_probeRunId = 0; // of the first probe that spoke; others are ignored
    QString m_probeRefusal; // the probe's own last line on stderr ("iteragpu_probe: ..."), what it said last
    std::optional<protocol::RunResult> m_header;
    std::optional<protocol::RunResult> m_result; // the probe's own, from run_finished
    std::vector<protocol::PhaseResult> m_phases; // finished, in order
    std::optional<protocol::PhaseResult> m_open; // started, not finished
};

} // namespace iteragpu::gui
