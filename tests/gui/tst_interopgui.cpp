// SPDX-License-Identifier: Apache-2.0
// File > Import PyTorch snapshot… and File > Export as memory_viz snapshot… / Perfetto trace…: a snapshot written
// in PyTorch's shape (tests/data/snapshots) shows in the phase table and the timeline like an opened result,
// marked imported (its source, the timeline's device line, the log, the decision sheet); the run shown exports
// to files Python loads and PyTorch's and Perfetto's readers accept; a malformed snapshot is one line in the log.
#include "app/gui/application/labapplication.h"
#include "app/gui/log/logview.h"
#include "app/gui/mainwindow/mainwindow.h"
#include "app/gui/phases/phasetablemodel.h"
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/report/resulttimeline.h"
#include "support/settingssandbox.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QSettings>
#include <QSize>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace iteragpu;

namespace {

QString snapshot(const char* name)
{
    return qEnvironmentVariable("ITERAGPU_TEST_DATA") + QStringLiteral("/snapshots/") + QLatin1String(name);
}

int python(const char* checker, const QString& file)
{
    QProcess p;
    p.start(QStringLiteral("python3"),
        { qEnvironmentVariable("ITERAGPU_SOURCE_DIR") + QStringLiteral("/tests/interop/") + QLatin1String(checker),
            file });
    if (!p.waitForFinished(60000))
        return -1;
    if (p.exitCode() != 0)
        qWarning("%s", p.readAllStandardError().constData());
    return p.exitCode();
}

} // namespace

class TestInteropGui : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(testsupport::settingsAreSandboxed());
        QSettings().clear();
    }

    void fileMenuHasTheActions()
    {
        gui::MainWindow window;
        QStringList names;
        for (QAction* a : window.menuBar()->actions().first()->menu()->actions())
            names << a->objectName();
        QVERIFY(names.contains(QStringLiteral("importSnapshotAction")));
        QVERIFY(names.contains(QStringLiteral("exportMemoryVizAction")));
        QVERIFY(names.contains(QStringLiteral("exportPerfettoAction")));
        for (QAction* a : window.findChildren<QAction*>())
            if (a->objectName() == QLatin1String("importSnapshotAction"))
                QCOMPARE(a->text(), QStringLiteral("&Import PyTorch snapshot…"));
    }

    void importedSnapshotIsShownMarkedImported()
    {
        gui::MainWindow window;
        window.show();
        gui::ReportActions* actions = window.reportActions();
        QAbstractItemModelTester tester(window.phaseModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy log(actions, &gui::ReportActions::logMessage);
        QVERIFY(actions->importSnapshotFile(snapshot("snap_annotated_p4.pickle")));
        QCOMPARE(log.count(), 1);
        QVERIFY(log.at(0).at(0).toString().contains(QStringLiteral("not measured by IteraGPU")));
        QCOMPARE(log.at(0).at(1).toBool(), false);

        // The phase table holds the snapshot's three record_function phases and their peaks.
        gui::PhaseTableModel* model = window.phaseModel();
        QCOMPARE(model->rowCount(), 3);
        QStringList phases;
        for (int row = 0; row < model->rowCount(); ++row)
            phases << model->index(row, gui::PhaseTableModel::ColPhase).data().toString();
        QCOMPARE(
            phases, QStringList({ QStringLiteral("model_load"), QStringLiteral("prefill"), QStringLiteral("decode") }));
        QCOMPARE(
            model->index(1, gui::PhaseTableModel::ColPeakAllocated).data(gui::PhaseTableModel::BytesRole).toULongLong(),
            98245566ull);

        // Held as imported: its source says so, and so do the timeline and the decision sheet.
        const auto& held = actions->held(gui::ReportActions::Held::Opened);
        QVERIFY(held);
        QCOMPARE(held->source.kind(), gui::ResultSource::Kind::Imported);
        QVERIFY(held->result.imported);
        QVERIFY(gui::ResultTimeline::deviceLabelOf(held->result).contains(QStringLiteral("imported")));
        QCOMPARE(actions->shown(), std::optional(gui::ReportActions::Held::Opened));
        QTemporaryDir dir;
        const QString sheet = dir.filePath(QStringLiteral("imported.md"));
        QVERIFY(
            actions->exportSheetTo(sheet, QStringLiteral("en"), QString(), gui::DecisionSheetWriter::Format::Markdown,
                /*writeJson=*/false));
        QFile sheetFile(sheet);
        QVERIFY(sheetFile.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(sheetFile.readAll())
                    .contains(QStringLiteral("imported from the PyTorch memory snapshot")));

        // The run shown exports to the viewers' formats.
        const QString pickle = dir.filePath(QStringLiteral("again.pickle"));
        QVERIFY(actions->exportTraceTo(pickle, gui::ReportActions::TraceFormat::MemoryViz));
        QCOMPARE(python("check_memory_viz.py", pickle), 0);
        const QString trace = dir.filePath(QStringLiteral("again.json"));
        QVERIFY(actions->exportTraceTo(trace, gui::ReportActions::TraceFormat::Perfetto));
        QCOMPARE(python("check_perfetto.py", trace), 0);
    }

    // Screenshots for looking at (written only when ITERAGPU_SCREENSHOT_DIR names a folder, under Xvfb).
    void screenshots_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        QTest::addRow("en 1400x900") << QStringLiteral("en") << QSize(1400, 900);
        QTest::addRow("de 1024x700") << QStringLiteral("de") << QSize(1024, 700);
    }
    void screenshots()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("ITERAGPU_SCREENSHOT_DIR is not set");
        auto* app = qobject_cast<gui::LabApplication*>(QCoreApplication::instance());
        QVERIFY(app);
        app->setLanguage(language);
        gui::MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.reportActions()->importSnapshotFile(snapshot("snap_oom_p4.pickle")));
        QTest::qWait(300);
        QVERIFY(window.grab().save(dir + QStringLiteral("/import-snapshot-") + language + QStringLiteral(".png")));
        app->setLanguage(QStringLiteral("en"));
    }

    void malformedSnapshotIsOneLine()
    {
        gui::MainWindow window;
        gui::ReportActions* actions = window.reportActions();
        QSignalSpy log(actions, &gui::ReportActions::logMessage);
        QVERIFY(!actions->importSnapshotFile(snapshot("bad_global_p4.pickle")));
        QCOMPARE(log.count(), 1);
        const QString line = log.at(0).at(0).toString();
        QVERIFY2(line.contains(QStringLiteral("STACK_GLOBAL")) && !line.contains(QLatin1Char('\n')), qPrintable(line));
        QCOMPARE(log.at(0).at(1).toBool(), true);
        QVERIFY(!actions->held(gui::ReportActions::Held::Opened));
        QCOMPARE(window.phaseModel()->rowCount(), 0);
    }

    void exportWithoutARunSaysWhy()
    {
        gui::MainWindow window;
        QSignalSpy log(window.reportActions(), &gui::ReportActions::logMessage);
        QTemporaryDir dir;
        QVERIFY(!window.reportActions()->exportTraceTo(
            dir.filePath(QStringLiteral("x.pickle")), gui::ReportActions::TraceFormat::MemoryViz));
        QCOMPARE(log.count(), 1);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.pickle"))));
    }
};

int main(int argc, char** argv)
{
    testsupport::sandboxSettings(); // before the application reads its settings
    gui::LabApplication app(argc, argv);
    app.setLanguage(QStringLiteral("en"));
    TestInteropGui test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_interopgui.moc"
