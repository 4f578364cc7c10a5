// SPDX-License-Identifier: Apache-2.0
// File > Run a PyTorch script...: the user's program as a child process, measured from inside by
// python/iteragpu_probe, its phases filling the table and the timeline while it runs. PyTorch is the stand-in of
// tests/python/standin (it mimics the counters; nothing here is a measurement).
#include "app/gui/application/labapplication.h"
#include "app/gui/log/logview.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/run/runcontroller.h"
#include "app/gui/run/runpanel.h"
#include "app/gui/run/scriptdialog.h"
#include "app/gui/run/scriptprocess.h"
#include "app/gui/timeline/timelinechart.h"
#include "core/report/resultjson.h"
#include "support/settingssandbox.h"

#include <QStatusBar>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace iteragpu;

namespace {

constexpr int kTimeoutMs = 60'000;

// Screenshots are written only when ITERAGPU_SCREENSHOT_DIR names a folder (run under Xvfb for the README).
void saveShot(QWidget& window, const QString& name)
{
    const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QVERIFY(window.grab().save(QDir(dir).filePath(name)));
}

QString writeScript(const QTemporaryDir& dir, const QByteArray& body)
{
    const QString path = dir.filePath(QStringLiteral("job.py"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(body);
    return path;
}

// A program of three phases, slow enough to be watched: weights, a prefill, a decode that steps.
const QByteArray kThreePhases = R"(import sys, time, torch
from iteragpu_probe import Probe
print("hello from the script", flush=True)
print("a warning of the script", file=sys.stderr, flush=True)
probe = Probe("run.json", sampling_hz=200)
with probe.phase("model_load", inputs="weights"):
    weights = torch.cuda.standin_alloc(600 * 2**20)
    time.sleep(0.6)
with probe.phase("prefill", batch=4, tokens=512):
    activation = torch.cuda.standin_alloc(200 * 2**20)
    time.sleep(0.8)
    del activation
with probe.phase("decode", steps=20):
    cache = []
    for step in range(20):
        cache.append(torch.cuda.standin_alloc(8 * 2**20))
        time.sleep(0.06)
probe.close()
print("done", flush=True)
)";

} // namespace

class TestScriptRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(testsupport::settingsAreSandboxed());
        QSettings().clear();
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("python3 is not installed: a script cannot run");
        QVERIFY2(!gui::ScriptProcess::probeFolder().isEmpty(), "the build tree has no copy of iteragpu_probe");
        const QString standin = qEnvironmentVariable("ITERAGPU_SOURCE_DIR") + QStringLiteral("/tests/python/standin");
        QVERIFY(QFile::exists(standin + QStringLiteral("/torch/__init__.py")));
        qputenv("PYTHONPATH", standin.toUtf8());
        qputenv("ITERAGPU_STANDIN_CAPACITY", QByteArray::number(80LL * 1024 * 1024 * 1024));
    }

    void dialogDefaults()
    {
        gui::ScriptDialog dialog;
        QCOMPARE(dialog.request().python, QStringLiteral("python3"));
        auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        dialog.scriptEdit()->setText(QStringLiteral("/no/such/script.py"));
        QVERIFY(!ok->isEnabled());
        QTemporaryDir dir;
        dialog.scriptEdit()->setText(writeScript(dir, "print(1)\n"));
        QVERIFY(ok->isEnabled());
        dialog.argumentsEdit()->setText(QStringLiteral("--batch 4 --name \"two words\""));
        QCOMPARE(dialog.request().arguments,
            QStringList({ QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--name"),
                QStringLiteral("two words") }));
    }

    void phasesAppearLive_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::addRow("1280x800 en") << QSize(1280, 800) << QStringLiteral("en");
        QTest::addRow("1024x700 de") << QSize(1024, 700) << QStringLiteral("de");
    }

    // The phases appear while the program runs, its output goes to the log, and the result is the probe's file.
    void phasesAppearLive()
    {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        auto* app = qobject_cast<gui::LabApplication*>(qApp);
        QVERIFY(app->setLanguage(language));
        const auto backToEnglish = qScopeGuard([app] { app->setLanguage(QStringLiteral("en")); });
        QTemporaryDir dir;
        gui::ScriptRequest request;
        request.script = writeScript(dir, kThreePhases);
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        QSignalSpy phaseDone(window.runController(), &gui::RunController::phaseFinished);
        const std::uint64_t runId = window.startScript(request);
        QVERIFY(runId > 0);
        QVERIFY(window.runController()->isRunning());
        QVERIFY(window.runPanel()->stopButton()->isEnabled());
        // Mid-run: model_load done, prefill going; the table has its rows and the timeline its samples.
        QTRY_VERIFY_WITH_TIMEOUT(phaseDone.count() >= 1, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(window.phaseModel()->rowCount() >= 2, kTimeoutMs);
        QCOMPARE(finished.count(), 0);
        QVERIFY(window.timeline()->store().sampleCount() > 0);
        QVERIFY(window.timeline()->store().maxAllocated() >= 600ull * 1024 * 1024);
        QCOMPARE(PhaseTableModel_name(window, 0), QStringLiteral("model_load"));
        QTest::qWait(300);
        saveShot(window,
            size == QSize(1280, 800) && language == QLatin1String("en")
                ? QStringLiteral("probe-live-en.png")
                : QStringLiteral("probe-live-%1x%2-%3.png").arg(size.width()).arg(size.height()).arg(language));

        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeoutMs);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QCOMPARE(result.identity.runId, runId);
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.completed);
        QVERIFY(!result.simulated);
        QCOMPARE(result.config.workload, protocol::WorkloadKind::Script);
        QVERIFY(result.config.script);
        QVERIFY(result.config.script->measuredBy.find("iteragpu_probe") != std::string::npos);
        QCOMPARE(result.phases.size(), std::size_t(3));
        QCOMPARE(result.phases[0].peak.allocated, std::optional<std::uint64_t>(600ull << 20));
        QCOMPARE(result.phases[1].peak.allocated, std::optional<std::uint64_t>(800ull << 20));
        QCOMPARE(result.phases[2].final.allocated, std::optional<std::uint64_t>((600ull + 160) << 20));
        QVERIFY(!result.phases[2].samples.empty());
        QCOMPARE(window.phaseModel()->rowCount(), 3);
        const QString log = window.logView()->model()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("hello from the script")), qPrintable(log));
        QVERIFY(log.contains(QStringLiteral("a warning of the script")));
        QVERIFY(log.contains(QStringLiteral("done")));
        QVERIFY(!log.contains(QStringLiteral("\"event\""))); // the stream is not in the program's output
        // The probe's own file, read by core as every result is.
        protocol::RunResult fromFile;
        std::string error;
        QVERIFY2(report::readResultFile(dir.filePath(QStringLiteral("run.json")).toStdString(), fromFile, error),
            error.c_str());
        QCOMPARE(fromFile.phases.size(), std::size_t(3));
        QCOMPARE(fromFile.phases[1].peak.allocated, result.phases[1].peak.allocated);
        QVERIFY(!window.runController()->isRunning());
    }

    // Stop: Ctrl+C reaches the program; the probe records the interrupted phase and writes its file.
    void stopKeepsWhatWasMeasured()
    {
        QTemporaryDir dir;
        gui::ScriptRequest request;
        request.script = writeScript(dir, R"(import time, torch
from iteragpu_probe import Probe
probe = Probe("run.json")
with probe.phase("model_load"):
    weights = torch.cuda.standin_alloc(2**20)
with probe.phase("train"):
    while True:
        time.sleep(0.02)
)");
        gui::MainWindow window;
        // A long grace: however loaded the machine, Ctrl+C alone is what stops this program.
        window.runController()->scriptProcess()->setStopGraceMs(kTimeoutMs);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        QVERIFY(window.startScript(request) > 0);
        QTRY_VERIFY_WITH_TIMEOUT(window.phaseModel()->rowCount() >= 2, kTimeoutMs);
        window.stopRun();
        QCOMPARE(window.runController()->state(), gui::RunController::State::Stopping);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeoutMs);
        QVERIFY(!window.logView()->model()->toPlainText().contains(QStringLiteral("sending SIGTERM")));
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY(result.cancelled);
        QCOMPARE(result.phases.size(), std::size_t(2));
        QCOMPARE(result.phases[0].status, protocol::PhaseStatus::Ok);
        QCOMPARE(result.phases[1].status, protocol::PhaseStatus::Failed);
        QVERIFY(result.phases[1].error.find("interrupted") != std::string::npos);
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("run.json"))));
        QVERIFY(!window.noticeText().isEmpty());
    }

    // A program that ignores Ctrl+C gets SIGTERM after the grace period; the phases it streamed are kept.
    void stopEscalatesToSigterm()
    {
        QTemporaryDir dir;
        gui::ScriptRequest request;
        request.script = writeScript(dir, R"(import signal, time, torch
from iteragpu_probe import Probe
signal.signal(signal.SIGINT, signal.SIG_IGN)
probe = Probe("run.json")
with probe.phase("model_load"):
    weights = torch.cuda.standin_alloc(3 * 2**20)
with probe.phase("stubborn"):
    while True:
        time.sleep(0.02)
)");
        gui::MainWindow window;
        QCOMPARE(window.runController()->scriptProcess()->stopGraceMs(), gui::ScriptProcess::kStopGraceMs);
        constexpr int kGraceMs = 800;
        window.runController()->scriptProcess()->setStopGraceMs(kGraceMs);
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        QVERIFY(window.startScript(request) > 0);
        QTRY_VERIFY_WITH_TIMEOUT(window.phaseModel()->rowCount() >= 2, kTimeoutMs);
        QElapsedTimer clock;
        clock.start();
        window.stopRun();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeoutMs);
        QVERIFY(clock.elapsed() >= kGraceMs - 50); // Ctrl+C was ignored: SIGTERM came after the grace
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY(result.cancelled);
        QVERIFY(!result.completed);
        QCOMPARE(result.phases.size(), std::size_t(2));
        QCOMPARE(result.phases[0].status, protocol::PhaseStatus::Ok);
        QCOMPARE(result.phases[0].peak.allocated, std::optional<std::uint64_t>(3ull << 20));
        QCOMPARE(result.phases[1].status, protocol::PhaseStatus::NotRun);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("run.json")))); // SIGTERM: the probe wrote nothing
        QVERIFY(window.logView()->model()->toPlainText().contains(QStringLiteral("sending SIGTERM")));
    }

    // A program without the probe, or one that fails: one clear line, no hang.
    void aProgramWithoutTheProbe()
    {
        QTemporaryDir dir;
        gui::ScriptRequest request;
        request.script = writeScript(dir, "import sys\nprint('no probe here')\nsys.exit(4)\n");
        gui::MainWindow window;
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        QVERIFY(window.startScript(request) > 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeoutMs);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY(result.phases.empty());
        QVERIFY(result.error.find("without the probe") != std::string::npos);
        QVERIFY(window.logView()->model()->toPlainText().contains(QStringLiteral("exit code 4")));

        request.script = dir.filePath(QStringLiteral("missing.py"));
        QSignalSpy errors(window.runController(), &gui::RunController::errorOccurred);
        QCOMPARE(window.startScript(request), std::uint64_t(0));
        QCOMPARE(errors.count(), 1);
        QVERIFY(!window.runController()->isRunning());
    }

    // The probe refuses (here: PyTorch cannot be imported): the run's error and the status bar quote the probe's
    // own reason, not a guess at "no probe or no GPU", and do not count "0 phases ok".
    void aRefusalQuotesTheProbe()
    {
        QTemporaryDir dir;
        gui::ScriptRequest request;
        request.script = writeScript(dir,
            "import sys\nsys.modules['torch'] = None  # import torch fails as without PyTorch\n"
            "from iteragpu_probe import Probe\nProbe('run.json')\n");
        gui::MainWindow window;
        QSignalSpy finished(window.runController(), &gui::RunController::runFinished);
        QVERIFY(window.startScript(request) > 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kTimeoutMs);
        const auto result = finished.at(0).at(0).value<protocol::RunResult>();
        QVERIFY(result.phases.empty());
        QVERIFY2(result.error.find("the probe said: PyTorch is not installed") != std::string::npos,
            result.error.c_str());
        QVERIFY(result.error.find("no GPU") == std::string::npos);
        const QString status = window.statusBar()->currentMessage();
        QVERIFY2(status.contains(QStringLiteral("PyTorch is not installed")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("phase")), qPrintable(status));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("run.json"))));
    }

private:
    static QString PhaseTableModel_name(gui::MainWindow& window, int row)
    {
        return gui::PhaseTableModel::displayName(window.phaseModel()->phase(row));
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestScriptRun test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_scriptrun.moc"
