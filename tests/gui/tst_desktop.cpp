// SPDX-License-Identifier: Apache-2.0
// The workbench as a desktop application: its command line (files, --language, --help and --version without a
// display), what a file is (core's classifyFile, the one answer for the command line, drops and Open Recent),
// files opened where their kind belongs, drag and drop onto the window, the recent-files menu across starts, and
// Qt's own strings in the window's language when Qt's catalogs are installed.
#include "app/gui/application/commandline.h"
#include "app/gui/application/labapplication.h"
#include "app/gui/application/recentfiles.h"
#include "app/gui/mainwindow/fileopener.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/sizing/sizingpanel.h"
#include "core/buildinfo/buildinfo.h"
#include "core/report/filekind.h"
#include "support/settingssandbox.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QMenu>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QSignalSpy>
#include <QUrl>
#include <sys/stat.h>

using namespace iteragpu;
using report::FileKind;

namespace {

QString testData(const QString& relative) { return qEnvironmentVariable("ITERAGPU_TEST_DATA") + QLatin1Char('/') + relative; }

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

FileKind kindOf(const QString& path) { return report::classifyFile(QFile::encodeName(path).toStdString()).kind; }

} // namespace

class TestDesktop : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(testsupport::settingsAreSandboxed()); }

    void commandLineTakesFilesAndALanguage()
    {
        const auto line = gui::LabCommandLine::parse(
            { QStringLiteral("iteragpu-lab"), QStringLiteral("--language"), QStringLiteral("vi"),
                QStringLiteral("a.json"), QStringLiteral("b folder") });
        QVERIFY(!line.exitNow);
        QCOMPARE(line.language, QStringLiteral("vi"));
        QCOMPARE(line.files, (QStringList { QStringLiteral("a.json"), QStringLiteral("b folder") }));
    }

    void commandLineRefusesWithTheUsageCode()
    {
        const auto unknownLanguage = gui::LabCommandLine::parse(
            { QStringLiteral("iteragpu-lab"), QStringLiteral("--language"), QStringLiteral("fr") });
        QVERIFY(unknownLanguage.exitNow);
        QCOMPARE(unknownLanguage.exitCode, gui::LabCommandLine::kExitUsage);
        QVERIFY2(unknownLanguage.output.contains(QStringLiteral("en, de, es, vi")), qPrintable(unknownLanguage.output));
        const auto unknownOption
            = gui::LabCommandLine::parse({ QStringLiteral("iteragpu-lab"), QStringLiteral("--frobnicate") });
        QVERIFY(unknownOption.exitNow);
        QCOMPARE(unknownOption.exitCode, gui::LabCommandLine::kExitUsage);
        QVERIFY(unknownOption.output.contains(QStringLiteral("frobnicate")));
    }

    void helpAndVersionWorkWithoutADisplay()
    {
        // The installed program, as help2man and a user on a headless machine run it: no QT_QPA_PLATFORM.
        const QString program = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/gui/iteragpu-lab");
        QVERIFY2(QFile::exists(program), qPrintable(program));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        for (const QString& option : { QStringLiteral("--version"), QStringLiteral("--help") }) {
            QProcess process;
            process.setProcessEnvironment(env);
            process.start(program, { option });
            QVERIFY(process.waitForFinished(30000));
            QCOMPARE(process.exitStatus(), QProcess::NormalExit);
            QCOMPARE(process.exitCode(), 0);
            const QString out = QString::fromUtf8(process.readAllStandardOutput());
            if (option == QLatin1String("--version")) {
                QVERIFY2(out.startsWith(QStringLiteral("iteragpu-lab ") + QString::fromStdString(BuildInfo::version())),
                    qPrintable(out));
            } else {
                QVERIFY2(out.contains(QStringLiteral("Usage: iteragpu-lab")), qPrintable(out));
                QVERIFY(out.contains(QStringLiteral("--language <CODE>")));
                QVERIFY(out.contains(QStringLiteral("[FILE...]")));
                QVERIFY(out.contains(QStringLiteral("Examples:")));
            }
        }
    }

    void filesAreToldApartByContent()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QCOMPARE(kindOf(testData(QStringLiteral("measurement/dense-v1.result.json"))), FileKind::Result);
        QCOMPARE(kindOf(testData(QStringLiteral("sizing/llama-2-7b.config.json"))), FileKind::ModelConfig);
        // The content decides, not the name: a result saved as config.json is a result.
        QFile::copy(testData(QStringLiteral("measurement/dense-v1.result.json")), dir.filePath(QStringLiteral("config.json")));
        QCOMPARE(kindOf(dir.filePath(QStringLiteral("config.json"))), FileKind::Result);
        QCOMPARE(kindOf(writeFile(dir, QStringLiteral("m.bin"), QByteArray("GGUF\x03\0\0\0", 8))), FileKind::Gguf);
        QCOMPARE(kindOf(writeFile(dir, QStringLiteral("s.bin"), QByteArray("\x80\x04\x95", 3))), FileKind::TorchSnapshot);
        QByteArray safetensors("\x02\0\0\0\0\0\0\0{}", 10);
        QCOMPARE(kindOf(writeFile(dir, QStringLiteral("w.bin"), safetensors)), FileKind::Safetensors);
        QCOMPARE(kindOf(writeFile(dir, QStringLiteral("sweep.json"), "{\"schema\": \"iteragpu.sweep/1\"}")),
            FileKind::Sweep);
        QCOMPARE(kindOf(dir.path()), FileKind::Sweep); // the folder now holds a sweep.json
        const report::FileClass other
            = report::classifyFile(QFile::encodeName(writeFile(dir, QStringLiteral("notes.txt"), "hello")).toStdString());
        QCOMPARE(other.kind, FileKind::Unknown);
        QVERIFY2(QString::fromStdString(other.error).startsWith(QStringLiteral("notes.txt: not a result")),
            other.error.c_str());
        const report::FileClass missing = report::classifyFile("/nonexistent/run.json");
        QCOMPARE(missing.kind, FileKind::Unknown);
        QCOMPARE(QString::fromStdString(missing.error), QStringLiteral("run.json: no such file or folder"));
        // A FIFO is never opened (a read would hang).
        const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("pipe")));
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        const report::FileClass pipe = report::classifyFile(fifo.toStdString());
        QCOMPARE(pipe.kind, FileKind::Unknown);
        QCOMPARE(QString::fromStdString(pipe.error), QStringLiteral("pipe: not a regular file"));
    }

    void openedFilesGoWhereTheirKindBelongs()
    {
        gui::MainWindow window;
        gui::FileOpener* opener = window.fileOpener();
        QVERIFY(opener);
        const QString result = testData(QStringLiteral("measurement/dense-v1.result.json"));
        QVERIFY(opener->open(result));
        QVERIFY(window.reportActions()->held(gui::ReportActions::Held::Opened).has_value());
        QVERIFY(opener->open(testData(QStringLiteral("sizing/llama-2-7b.config.json"))));
        QVERIFY(window.sizingPanel()->shape().has_value());
        QCOMPARE(window.sizingPanel()->shape()->hidden, std::uint64_t(4096)); // Llama-2-7B's hidden_size
        const QString gguf = testData(QStringLiteral("gguf/llama-v3.gguf"));
        QVERIFY(opener->open(gguf));
        QVERIFY(window.sizingPanel()->shape().has_value());
        // A PyTorch snapshot goes to the import (tests/data/snapshots, written by make_snapshot.py).
        const QString snapshot = testData(QStringLiteral("snapshots/snap_annotated_p4.pickle"));
        QVERIFY2(QFile::exists(snapshot), qPrintable(snapshot));
        QVERIFY(opener->open(snapshot));
        QVERIFY(window.reportActions()->held(gui::ReportActions::Held::Opened).has_value());
        QString error;
        QVERIFY(!opener->open(QStringLiteral("/nonexistent/run.json"), &error));
        QCOMPARE(error, QStringLiteral("run.json: no such file or folder"));
        // The recent list holds what opened, newest first, and not what failed.
        const QStringList recent = opener->recentFiles()->paths();
        QCOMPARE(recent.size(), 4);
        QCOMPARE(recent.first(), QFileInfo(snapshot).absoluteFilePath());
        QCOMPARE(recent.last(), QFileInfo(result).absoluteFilePath());
    }

    void droppedFilesOpen()
    {
        gui::MainWindow window;
        window.show();
        QVERIFY(window.acceptDrops());
        QMimeData data;
        data.setUrls({ QUrl::fromLocalFile(testData(QStringLiteral("measurement/dense-v1.result.json"))) });
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &drop);
        QVERIFY(drop.isAccepted());
        QVERIFY(window.reportActions()->held(gui::ReportActions::Held::Opened).has_value());
        // Text without files is not the window's to take.
        QMimeData text;
        text.setText(QStringLiteral("hello"));
        QDragEnterEvent textEnter(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        textEnter.ignore();
        QCoreApplication::sendEvent(&window, &textEnter);
        QVERIFY(!textEnter.isAccepted());
    }

    void recentFilesSurviveARestartAndShowWhatIsGone()
    {
        QTemporaryDir dir;
        const QString kept = writeFile(dir, QStringLiteral("kept.json"), "{}");
        const QString gone = writeFile(dir, QStringLiteral("gone.json"), "{}");
        {
            gui::RecentFiles recent;
            recent.clear();
            for (int i = 0; i < gui::RecentFiles::kMaxEntries + 3; ++i)
                recent.add(QStringLiteral("/tmp/never-%1.json").arg(i));
            QCOMPARE(recent.paths().size(), gui::RecentFiles::kMaxEntries);
            recent.add(gone);
            recent.add(kept);
            recent.add(gone); // again: moves first, not twice
            QCOMPARE(recent.paths().count(gone), 1);
        }
        QVERIFY(QFile::remove(gone));
        gui::RecentFiles next; // the next start
        QCOMPARE(next.paths().value(0), gone);
        QCOMPARE(next.paths().value(1), kept);
        emit next.menu()->aboutToShow();
        const QList<QAction*> actions = next.menu()->actions();
        QVERIFY(actions.size() >= 2);
        QCOMPARE(actions.at(0)->data().toString(), gone);
        QVERIFY(!actions.at(0)->isEnabled());
        QVERIFY(actions.at(1)->isEnabled());
        QSignalSpy spy(&next, &gui::RecentFiles::triggered);
        actions.at(1)->trigger();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), kept);
        next.clear();
        QVERIFY(next.paths().isEmpty());
    }

    void qtsOwnButtonsSpeakTheLanguage()
    {
        auto* app = static_cast<gui::LabApplication*>(QCoreApplication::instance());
        QVERIFY2(QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_de.qm")),
            "qt6-translations-l10n is not installed (packaging/debian-packages.txt lists it)");
        QVERIFY(app->setLanguage(QStringLiteral("de"), false));
        QVERIFY(app->qtCatalogLoaded());
        QDialogButtonBox box(QDialogButtonBox::Cancel);
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text().remove(QLatin1Char('&')), QStringLiteral("Abbrechen"));
        QVERIFY(app->setLanguage(QStringLiteral("en"), false));
        QVERIFY(!app->qtCatalogLoaded());
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestDesktop test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_desktop.moc"
