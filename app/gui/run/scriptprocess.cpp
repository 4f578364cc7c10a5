// SPDX-License-Identifier: Apache-2.0
#include "app/gui/run/scriptprocess.h"

#include "core/buildinfo/buildtree.h"
#include "core/report/probestream.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QTimer>
#include <csignal>
#include <sys/types.h>

namespace iteragpu::gui {

namespace {

    bool holdsProbe(const QString& folder)
    {
        return !folder.isEmpty() && QFileInfo(folder + QStringLiteral("/iteragpu_probe/__init__.py")).isFile();
    }

} // namespace

ScriptProcess::ScriptProcess(QObject* parent)
    : QObject(parent)
    , m_stopTimer(new QTimer(this))
{
    m_stopTimer->setSingleShot(true);
    connect(m_stopTimer, &QTimer::timeout, this, [this] {
        if (!m_running || !m_process)
            return;
        if (m_stopStage == 1) {
            m_stopStage = 2;
            emit outputLine(tr("The program did not stop after Ctrl+C; sending SIGTERM."), true);
            m_process->terminate();
            m_stopTimer->start(m_stopGraceMs);
        } else {
            m_stopStage = 3;
            emit outputLine(tr("The program did not stop after SIGTERM; killing it."), true);
            m_process->kill();
        }
    });
}

ScriptProcess::~ScriptProcess()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

QString ScriptProcess::probeFolder()
{
    const QString appDir = QCoreApplication::applicationDirPath();
    const QString installed = QDir::cleanPath(appDir + QStringLiteral("/../" ITERAGPU_DATADIR_RELATIVE "/iteragpu/python"));
    if (holdsProbe(installed))
        return installed;
    const QString buildCopy = QDir::cleanPath(QStringLiteral(ITERAGPU_BUILD_PYTHON_DIR));
    if (buildinfo::runsFromBuildTree() && holdsProbe(buildCopy))
        return buildCopy;
    const QString configured = QDir::cleanPath(QStringLiteral(ITERAGPU_INSTALL_PYTHON_DIR));
    return holdsProbe(configured) ? configured : QString();
}

qint64 ScriptProcess::processId() const { return m_process ? m_process->processId() : 0; }

bool ScriptProcess::start(const ScriptRequest& request, QString& error)
{
    if (m_running) {
        error = tr("A script is still running; stop it first.");
        return false;
    }
    const QFileInfo script(request.script);
    if (request.script.isEmpty() || !script.isFile()) {
        //: %1 is the path the user gave
        error = tr("The script %1 does not exist.").arg(request.script);
        return false;
    }
    const QString probe = probeFolder();
    if (probe.isEmpty()) {
        error = tr("The Python probe (iteragpu_probe) is not installed beside the workbench.");
        return false;
    }
    const QString folder = request.workingFolder.isEmpty() ? script.absolutePath() : request.workingFolder;
    if (!QFileInfo(folder).isDir()) {
        //: %1 is a folder path
        error = tr("The working folder %1 does not exist.").arg(folder);
        return false;
    }

    m_request = request;
    m_header.reset();
    m_result.reset();
    m_phases.clear();
    m_open.reset();
    m_socketBuffer.clear();
    m_outBuffer[0].clear();
    m_outBuffer[1].clear();
    m_probeRunId = 0;
    m_probeRefusal.clear();
    m_stopRequested = false;
    m_stopStage = 0;
    m_lineRefused = false;

    delete m_server;
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    const QString name = QDir::temp().filePath(QStringLiteral("iteragpu-probe-%1-%2")
                                                   .arg(QCoreApplication::applicationPid())
                                                   .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0')));
    if (!m_server->listen(name)) {
        //: %1 is the system's reason
        error = tr("Cannot open the probe's event socket: %1").arg(m_server->errorString());
        return false;
    }
    connect(m_server, &QLocalServer::newConnection, this, &ScriptProcess::onConnection);

    delete m_process;
    m_process = new QProcess(this);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString pythonPath = env.value(QStringLiteral("PYTHONPATH"));
    env.insert(QStringLiteral("PYTHONPATH"), pythonPath.isEmpty() ? probe : probe + QLatin1Char(':') + pythonPath);
    env.insert(QStringLiteral("ITERAGPU_PROBE_SOCKET"), m_server->fullServerName());
    env.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1")); // the program's lines as they come
    m_process->setProcessEnvironment(env);
    m_process->setWorkingDirectory(folder);
    connect(m_process, &QProcess::readyReadStandardOutput, this,
        [this] { onOutput(QProcess::StandardOutput); });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] { onOutput(QProcess::StandardError); });
    connect(m_process, &QProcess::finished, this, &ScriptProcess::onProcessFinished);
    connect(m_process, &QProcess::errorOccurred, this, &ScriptProcess::onProcessError);
    m_running = true;
    m_process->start(request.python, QStringList { script.absoluteFilePath() } + request.arguments);
    return true;
}

void ScriptProcess::signalChild(int signal)
{
    const qint64 pid = processId();
    if (pid > 0)
        ::kill(static_cast<pid_t>(pid), signal);
}

void ScriptProcess::stop()
{
    if (!m_running || m_stopRequested)
        return;
    m_stopRequested = true;
    m_stopStage = 1;
    signalChild(SIGINT); // KeyboardInterrupt: the probe marks the phase interrupted and writes its file
    m_stopTimer->start(m_stopGraceMs);
}

void ScriptProcess::onConnection()
{
    while (QLocalSocket* socket = m_server->nextPendingConnection()) {
        if (m_socket) {
            emit outputLine(tr("A second probe connected; only the first one is followed."), true);
            socket->deleteLater();
            continue;
        }
        m_socket = socket;
        connect(m_socket, &QLocalSocket::readyRead, this, &ScriptProcess::onSocketData);
    }
}

void ScriptProcess::onSocketData()
{
    if (!m_socket)
        return;
    m_socketBuffer += m_socket->readAll();
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = m_socketBuffer.indexOf('\n', start);
        if (end < 0)
            break;
        handleLine(m_socketBuffer.mid(start, end - start));
        start = end + 1;
    }
    m_socketBuffer.remove(0, start);
    if (static_cast<std::size_t>(m_socketBuffer.size()) > report::kMaxProbeLineBytes) {
        emit outputLine(tr("The probe sent a line longer than the limit; the stream is no longer followed."), true);
        m_socketBuffer.clear();
        m_socket->disconnect(this);
        m_socket->abort();
        m_lineRefused = true;
    }
}

void ScriptProcess::handleLine(const QByteArray& line)
{
    if (line.trimmed().isEmpty() || m_lineRefused)
        return;
    report::ProbeEvent event;
    std::string error;
    if (!report::readProbeLine(std::string_view(line.constData(), static_cast<std::size_t>(line.size())), event,
            error)) {
        //: %1 is the reason in one line
        emit outputLine(tr("A line of the probe's stream was refused: %1").arg(QString::fromStdString(error)), true);
        return;
    }
    if (m_probeRunId == 0)
        m_probeRunId = event.runId;
    else if (event.runId != m_probeRunId)
        return; // a second Probe() in the same program: the first one is the run shown
    switch (event.kind) {
    case report::ProbeEvent::Kind::RunStarted:
        m_header = event.result;
        emit headerReady(event.result);
        break;
    case report::ProbeEvent::Kind::PhaseStarted:
        m_open = event.phase;
        emit phaseStarted(event.phase);
        break;
    case report::ProbeEvent::Kind::Samples:
        emit samplesReady(event.samples);
        break;
    case report::ProbeEvent::Kind::PhaseFinished:
        m_open.reset();
        m_phases.push_back(event.phase);
        emit phaseFinished(event.phase);
        break;
    case report::ProbeEvent::Kind::RunFinished:
        if (event.hasResult)
            m_result = event.result;
        break;
    }
}

void ScriptProcess::onOutput(QProcess::ProcessChannel channel)
{
    if (!m_process)
        return;
    const int i = channel == QProcess::StandardError ? 1 : 0;
    m_process->setReadChannel(channel);
    m_outBuffer[i] += m_process->readAll();
    qsizetype start = 0;
    for (;;) {
        const qsizetype end = m_outBuffer[i].indexOf('\n', start);
        if (end < 0)
            break;
        const QString line = QString::fromUtf8(m_outBuffer[i].mid(start, end - start)).trimmed();
        noteProbeLine(line, i == 1);
        emit outputLine(line, i == 1);
        start = end + 1;
    }
    m_outBuffer[i].remove(0, start);
    constexpr qsizetype kMaxOutputLine = 64 * 1024; // a line without an end is shown in pieces
    if (m_outBuffer[i].size() > kMaxOutputLine) {
        emit outputLine(QString::fromUtf8(m_outBuffer[i]), i == 1);
        m_outBuffer[i].clear();
    }
}

void ScriptProcess::noteProbeLine(const QString& line, bool standardError)
{
    // The probe says why it stops in one line on stderr before it exits (python/iteragpu_probe, _fail): that
    // line, not a guess, is why nothing was measured.
    static const QString prefix = QStringLiteral("iteragpu_probe: ");
    if (standardError && line.startsWith(prefix))
        m_probeRefusal = line.mid(prefix.size());
}

void ScriptProcess::onProcessError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return; // a crash or a kill ends in finished()
    //: %1 is the interpreter, e.g. python3; %2 the system's reason
    finish(tr("%1 could not be started: %2").arg(m_request.python, m_process->errorString()));
}

void ScriptProcess::onProcessFinished(int exitCode, QProcess::ExitStatus status)
{
    onOutput(QProcess::StandardOutput);
    onOutput(QProcess::StandardError);
    for (int i = 0; i < 2; ++i)
        if (!m_outBuffer[i].isEmpty()) {
            const QString line = QString::fromUtf8(m_outBuffer[i]).trimmed();
            noteProbeLine(line, i == 1);
            emit outputLine(line, i == 1);
        }
    // The child has exited: what it wrote on the socket is there to read (a connection not yet accepted too).
    if (m_server)
        onConnection();
    if (m_socket) {
        for (int round = 0; round < 20 && m_socket->waitForReadyRead(50); ++round)
            onSocketData();
        onSocketData();
    }
    QString reason;
    if (status == QProcess::CrashExit && m_stopRequested)
        reason = tr("The program was stopped.");
    else if (status == QProcess::CrashExit)
        //: %1 is the interpreter, e.g. python3
        reason = tr("%1 ended abnormally.").arg(m_request.python);
    else if (exitCode != 0)
        //: %1 is the program's exit code
        reason = tr("The program ended with exit code %1.").arg(exitCode);
    finish(reason);
}

void ScriptProcess::finish(const QString& reason)
{
    if (!m_running)
        return;
    m_running = false;
    m_stopTimer->stop();
    protocol::RunResult r;
    if (m_result) {
        r = *m_result;
        if (m_stopRequested)
            r.cancelled = true;
    } else {
        // The probe did not send its result (stopped by SIGTERM, a crash, no probe in the program): the phases
        // it streamed are what was measured.
        if (m_header)
            r = *m_header;
        r.config.workload = protocol::WorkloadKind::Script;
        if (!r.config.script) {
            protocol::ScriptSpec spec;
            spec.script = m_request.script.toStdString();
            for (const QString& a : m_request.arguments)
                spec.arguments.push_back(a.toStdString());
            spec.measuredBy = "iteragpu_probe";
            r.config.script = spec;
        }
        r.phases = m_phases;
        if (m_open) {
            protocol::PhaseResult open = *m_open;
            open.status = protocol::PhaseStatus::NotRun;
            open.error = "the program ended during this phase; its counters were not read";
            r.phases.push_back(open);
        }
        r.trialOrder.clear();
        for (const auto& p : r.phases)
            r.trialOrder.push_back(protocol::phaseLabel(p));
        r.completed = false;
        r.cancelled = m_stopRequested;
        if (!m_header && !m_probeRefusal.isEmpty())
            r.error = "the program ended before the probe measured anything; the probe said: "
                + m_probeRefusal.toStdString(); // its own reason, quoted, not a guess
        else if (!m_header)
            r.error = m_probeRunId == 0
                ? "the program ran without the probe speaking (it created no iteragpu_probe.Probe)"
                : "the probe's stream ended before its first event";
        else
            r.error = m_stopRequested ? "the program was stopped before the probe wrote its result"
                                      : "the program ended before the probe wrote its result";
    }
    if (!reason.isEmpty() && r.error.empty() && !r.completed)
        r.error = reason.toStdString();
    if (!reason.isEmpty())
        emit outputLine(reason, !m_stopRequested);
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    if (m_server) {
        m_server->close();
        m_server->deleteLater();
        m_server = nullptr;
    }
    emit finished(r);
}

} // namespace iteragpu::gui
