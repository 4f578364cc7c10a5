// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/messagetext.h"
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/overwriteprompt.h"
#include "app/gui/report/phasediffmodel.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/report/resultcomparewidget.h"
#include "app/gui/report/resultexporter.h"
#include "app/gui/report/resultphasemodel.h"
#include "app/gui/report/safefilewriter.h"
#include "app/gui/report/sheetcontentbuilder.h"
#include "app/gui/report/sheettranslator.h"
#include "core/report/resultjson.h"
#include "core/sizing/sizingengine.h"
#include "core/units/units.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>
#include <QTranslator>
#include <nlohmann/json.hpp>
#include <unistd.h>

using namespace iteragpu;
using gui::DecisionSheetWriter;
using gui::ResultExporter;
using gui::SafeFileWriter;

namespace {

using units::kGiB;
using units::kMiB;

protocol::PhaseResult phase(int index, const char* name, protocol::PhaseStatus status, std::optional<quint64> peakAlloc,
    std::optional<quint64> peakReserved, std::optional<std::uint32_t> repeat = {})
{
    protocol::PhaseResult p;
    p.index = index;
    p.name = name;
    p.repeat = repeat;
    p.status = status;
    p.baseline = { 0, 0 };
    p.peak = { peakAlloc, peakReserved };
    p.final = { peakAlloc ? std::optional<std::uint64_t>(*peakAlloc / 2) : std::nullopt, peakReserved };
    p.predictedPeakAllocated = peakAlloc;
    p.durationSeconds = 0.25;
    if (status == protocol::PhaseStatus::Failed)
        p.error = "out of memory: tried to allocate 2.00 GiB (simulated)";
    return p;
}

// A simulated run: batch b; the warm repeat of batch 2 runs out of memory, and one reading is missing.
protocol::RunResult simulatedRun(std::uint64_t batch)
{
    protocol::RunResult r;
    r.identity.runId = batch;
    r.identity.appVersion = "0.1.0";
    r.identity.startedAtUtc = "2026-11-29T09:00:00Z";
    r.config.deviceId = "sim:0";
    r.config.batch = batch;
    r.config.context = 128;
    r.config.width = 1024;
    r.environment.backend = "sim";
    r.environment.device.id = "sim:0";
    r.environment.device.name = "Simulated device";
    r.environment.device.totalBytes = 16 * kGiB;
    r.environment.device.simulated = true;
    r.environment.allocatorBackend = "native";
    r.environment.os = "Linux";
    r.environment.simulated = true;
    r.simulated = true;
    r.config.warmup = 3;
    r.config.repeats = 5;
    r.phases.push_back(phase(0, "model_load", protocol::PhaseStatus::Ok, 4 * kGiB * batch, 6 * kGiB));
    r.phases.push_back(phase(1, "cold_forward", protocol::PhaseStatus::Ok, 8 * kGiB * batch, 12 * kGiB));
    r.phases.push_back(phase(2, "warm_forward", batch == 1 ? protocol::PhaseStatus::Ok : protocol::PhaseStatus::Failed,
        batch == 1 ? std::optional<quint64>(8 * kGiB) : std::nullopt, 12 * kGiB, 0u));
    r.completed = batch == 1;
    return r;
}

sizing::Estimate seedEstimate()
{
    sizing::SizingRequest request;
    request.parameters = 7'000'000'000ULL;
    request.bits = 16;
    request.reserve = sizing::Reserve::typed(4.0, units::Unit::GiB);
    return sizing::SizingEngine::estimate(request);
}

QImage chartImage()
{
    QImage image(320, 160, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setPen(Qt::blue);
    p.drawLine(0, 150, 320, 20);
    return image;
}

gui::SheetContent sheetContent(const QString& language, const protocol::RunResult& run, const sizing::Estimate& e)
{
    gui::SheetContentBuilder::Inputs in;
    in.estimate = &e;
    in.run = &run;
    in.choice = QStringLiteral("Keep batch 1 on the 16 GiB card.");
    in.title = QStringLiteral("7B, 16 bit");
    in.chart = chartImage();
    in.rawJsonFileName = QStringLiteral("run-batch1.json");
    return gui::SheetContentBuilder::build(in, gui::SheetTranslator(language));
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }

    void jsonRoundTrip_data()
    {
        QTest::addColumn<quint64>("batch");
        QTest::addRow("batch 1, all ok") << quint64(1);
        QTest::addRow("batch 2, out of memory, missing reading") << quint64(2);
    }

    void jsonRoundTrip()
    {
        QFETCH(quint64, batch);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("result.json"));
        const auto run = simulatedRun(batch);
        ResultExporter exporter;
        const auto out = exporter.exportJson(path, run);
        QVERIFY2(out.ok, qPrintable(out.message));
        QCOMPARE(out.written, QStringList { path });
        // The CLI's schema, bytes as integers, a missing reading as null (never 0).
        const auto json = nlohmann::json::parse(readAll(path).toStdString());
        QCOMPARE(json.at("schema").get<std::string>(), std::string(report::kResultSchema));
        protocol::RunResult back;
        QString error;
        QVERIFY2(ResultExporter::openResult(path, back, error), qPrintable(error));
        QCOMPARE(back.phases.size(), run.phases.size());
        for (std::size_t i = 0; i < run.phases.size(); ++i) {
            QCOMPARE(back.phases[i].name, run.phases[i].name);
            QCOMPARE(back.phases[i].status, run.phases[i].status);
            QCOMPARE(back.phases[i].peak.allocated, run.phases[i].peak.allocated);
            QCOMPARE(back.phases[i].peak.reserved, run.phases[i].peak.reserved);
            QCOMPARE(back.phases[i].error, run.phases[i].error);
        }
        QCOMPARE(back.config.batch, batch);
        QVERIFY(back.simulated);
        // Written again: identical bytes (nothing lost in the round trip).
        const QString again = dir.filePath(QStringLiteral("again.json"));
        QVERIFY(exporter.exportJson(again, back).ok);
        QCOMPARE(readAll(again), readAll(path));
    }

    void cliResultOpensInGui()
    {
        const QString cli = qEnvironmentVariable("ITERAGPU_CLI");
        if (cli.isEmpty() || !QFileInfo(cli).isExecutable())
            QSKIP("ITERAGPU_CLI is not set to the iteragpu executable");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cli.json"));
        QProcess process;
        process.start(cli,
            { QStringLiteral("measure"), QStringLiteral("--device"), QStringLiteral("sim:0"), QStringLiteral("--batch"),
                QStringLiteral("1"), QStringLiteral("--context"), QStringLiteral("16"), QStringLiteral("--width"),
                QStringLiteral("64"), QStringLiteral("--warmup"), QStringLiteral("1"), QStringLiteral("--repeats"),
                QStringLiteral("2"), QStringLiteral("--output"), path });
        QVERIFY(process.waitForFinished(120000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        gui::ResultCompareWidget widget;
        QVERIFY2(widget.openFile(gui::ResultCompareWidget::Side::A, path), qPrintable(widget.errorText()));
        QVERIFY(widget.result(gui::ResultCompareWidget::Side::A)->simulated);
        QVERIFY(widget.phaseModel(gui::ResultCompareWidget::Side::A)->rowCount() >= 3);
        // And the GUI's export of it is the same schema again: the CLI's reader takes it.
        const QString copy = dir.filePath(QStringLiteral("gui.json"));
        ResultExporter exporter;
        QVERIFY(exporter.exportJson(copy, *widget.result(gui::ResultCompareWidget::Side::A)).ok);
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::readResultFile(copy.toStdString(), back, error), error.c_str());
    }

    void sheetFormats_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("gib");
        for (const char* suffix : { "md", "html" }) {
            QTest::addRow("%s en", suffix)
                << QString::fromLatin1(suffix) << QStringLiteral("en") << QStringLiteral("13.04 GiB");
            QTest::addRow("%s de", suffix)
                << QString::fromLatin1(suffix) << QStringLiteral("de") << QStringLiteral("13,04 GiB");
            QTest::addRow("%s vi", suffix)
                << QString::fromLatin1(suffix) << QStringLiteral("vi") << QStringLiteral("13,04 GiB");
        }
    }

    void sheetFormats()
    {
        QFETCH(QString, suffix);
        QFETCH(QString, language);
        QFETCH(QString, gib);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sheet.") + suffix);
        const auto run = simulatedRun(1);
        const auto estimate = seedEstimate();
        const gui::SheetTranslator tr(language);
        ResultExporter exporter;
        const auto out = exporter.exportSheet(path, sheetContent(language, run, estimate), language);
        QVERIFY2(out.ok, qPrintable(out.message));
        const QString text = QString::fromUtf8(readAll(path));
        // Three sections kept apart and labelled, in the sheet's language.
        const QString computed = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Computed (estimate)"));
        const QString observed = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Observed"));
        const QString assumed = tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "Assumed"));
        const auto iComputed = text.indexOf(computed);
        const auto iObserved = text.indexOf(observed, iComputed + 1);
        const auto iAssumed = text.indexOf(assumed, iObserved + 1);
        QVERIFY2(iComputed > 0 && iObserved > iComputed && iAssumed > iObserved, qPrintable(text.left(400)));
        // The weights estimate, localized; the four counters with their units.
        QVERIFY2(text.contains(gib), qPrintable(gib));
        for (const char* counter :
            { "memory_allocated", "memory_reserved", "max_memory_allocated", "max_memory_reserved" })
            QVERIFY2(text.contains(QLatin1String(counter)), counter);
        QVERIFY(text.contains(QStringLiteral("GiB")));
        QVERIFY(text.contains(QStringLiteral("Keep batch 1 on the 16 GiB card.")));
        // Simulated, said so; the raw JSON referenced and attached.
        QVERIFY(text.contains(tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "simulated, not a GPU measurement"))));
        QVERIFY(text.contains(QStringLiteral("run-batch1.json")));
        QVERIFY(text.contains(QStringLiteral("<details>")));
        QVERIFY(text.contains(QLatin1String(report::kResultSchema)));
        // The chart: a PNG beside the Markdown, embedded in the HTML.
        if (suffix == QLatin1String("md")) {
            const QString chart = ResultExporter::chartPathFor(path);
            QVERIFY(QFileInfo::exists(chart));
            QVERIFY(!QImage(chart).isNull());
            QVERIFY(text.contains(QFileInfo(chart).fileName()));
            QCOMPARE(out.written, (QStringList { chart, path }));
        } else {
            QVERIFY(text.contains(QStringLiteral("data:image/png;base64,")));
            QVERIFY(text.contains(QStringLiteral("<html lang=\"") + language));
        }
    }

    void sheetPdf()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sheet.pdf"));
        const auto run = simulatedRun(2);
        const auto estimate = seedEstimate();
        ResultExporter exporter;
        const auto out
            = exporter.exportSheet(path, sheetContent(QStringLiteral("en"), run, estimate), QStringLiteral("en"));
        QVERIFY2(out.ok, qPrintable(out.message));
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        QVERIFY(pdf.size() > 2000);
        // The same content as the HTML (one source of blocks): failed phase and its reason are in it.
        const DecisionSheetWriter writer(sheetContent(QStringLiteral("en"), run, estimate), QStringLiteral("en"));
        const QString html = writer.html();
        QVERIFY(html.contains(QStringLiteral("failed (out of memory: tried to allocate 2.00 GiB (simulated))")));
        QVERIFY(html.contains(QStringLiteral("Phases passed: 2, failed: 1 (of 3)")));
    }

    void missingReadingIsADashNotZero()
    {
        const auto run = simulatedRun(2); // warm_forward#0 has no allocated peak
        const DecisionSheetWriter writer(sheetContent(QStringLiteral("en"), run, seedEstimate()), QStringLiteral("en"));
        const QString md = writer.markdown(QString());
        const auto line = md.section(QStringLiteral("| warm_forward#0 |"), 1, 1).section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(line.contains(QStringLiteral("—")), qPrintable(line));
        QVERIFY2(!line.contains(QStringLiteral("| 0.00 GiB")), qPrintable(line));
    }

    void refusesToOverwriteWithoutConsent_data()
    {
        QTest::addColumn<bool>("consent");
        QTest::addRow("user says no") << false;
        QTest::addRow("user says yes") << true;
    }

    void refusesToOverwriteWithoutConsent()
    {
        QFETCH(bool, consent);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("result.json"));
        QVERIFY(writeFile(path, "old content"));
        // The writer alone never replaces.
        const auto refused = SafeFileWriter::write(path, "new", SafeFileWriter::Existing::Refuse);
        QVERIFY(!refused.ok);
        QVERIFY(refused.refusedExisting);
        QVERIFY(refused.error.contains(QStringLiteral("already exists")));
        QCOMPARE(readAll(path), QByteArray("old content"));
        // Through the exporter, the question decides.
        ResultExporter exporter;
        int asked = 0;
        exporter.prompt()->setAnswer([&](const QString& p) {
            ++asked;
            return p == path && consent;
        });
        const auto out = exporter.exportJson(path, simulatedRun(1));
        QCOMPARE(asked, 1);
        QCOMPARE(out.ok, consent);
        QCOMPARE(out.declined, !consent);
        if (consent)
            QVERIFY(readAll(path).contains("iteragpu.measure/1"));
        else
            QCOMPARE(readAll(path), QByteArray("old content"));
        // A new path is written without asking.
        QVERIFY(exporter.exportJson(dir.filePath(QStringLiteral("new.json")), simulatedRun(1)).ok);
        QCOMPARE(asked, 1);
    }

    void writeFailuresAreReported_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reasonPart");
        QTest::addRow("full disk (/dev/full)") << QStringLiteral("/dev/full") << QStringLiteral("No space left");
        QTest::addRow("no such folder") << QStringLiteral("/nonexistent-folder-iteragpu/result.json")
                                        << QStringLiteral("folder does not exist");
        QTest::addRow("a folder, not a file") << QStringLiteral("/tmp") << QStringLiteral("folder");
    }

    void writeFailuresAreReported()
    {
        QFETCH(QString, path);
        QFETCH(QString, reasonPart);
        ResultExporter exporter;
        exporter.prompt()->setAnswer([](const QString&) { return true; });
        QSignalSpy log(&exporter, &ResultExporter::logMessage);
        const auto out = exporter.exportJson(path, simulatedRun(1));
        QVERIFY(!out.ok);
        QVERIFY(!out.declined);
        QVERIFY2(out.message.contains(reasonPart), qPrintable(out.message));
        QVERIFY(out.message.contains(QStringLiteral("Could not write")));
        QVERIFY(!out.message.contains(QLatin1Char('\n')));
        QCOMPARE(log.count(), 1);
        QCOMPARE(log.first().at(1).toBool(), true);
    }

    void readOnlyFolderKeepsTheOldFile()
    {
        if (::geteuid() == 0)
            QSKIP("running as root: a read-only folder is writable for root (the /dev/full row covers failures)");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("result.json"));
        QVERIFY(writeFile(path, "old content"));
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const auto out = SafeFileWriter::write(path, "new", SafeFileWriter::Existing::Replace);
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY(!out.ok);
        QVERIFY(!out.error.isEmpty());
        QCOMPARE(readAll(path), QByteArray("old content"));
    }

    void chartExports()
    {
        QTemporaryDir dir;
        ResultExporter exporter;
        const QString png = dir.filePath(QStringLiteral("chart.png"));
        QVERIFY(exporter.exportChartPng(png, chartImage()).ok);
        QCOMPARE(QImage(png).size(), QSize(320, 160));
        const QString svg = dir.filePath(QStringLiteral("chart.svg"));
        const auto out = exporter.exportChartSvg(svg, [](const QString& temp) {
            return writeFile(
                temp, "<svg xmlns=\"http://www.w3.org/2000/svg\"><line x1=\"0\" y1=\"0\" x2=\"9\" y2=\"9\"/></svg>");
        });
        QVERIFY2(out.ok, qPrintable(out.message));
        QVERIFY(readAll(svg).startsWith("<svg"));
        // A renderer that fails is a message, not an empty file.
        const QString bad = dir.filePath(QStringLiteral("bad.svg"));
        QVERIFY(!exporter.exportChartSvg(bad, [](const QString&) { return false; }).ok);
        QVERIFY(!QFileInfo::exists(bad));
        QVERIFY(!exporter.exportChartPng(dir.filePath(QStringLiteral("none.png")), QImage()).ok);
    }

    void compareTwoResults()
    {
        QTemporaryDir dir;
        ResultExporter exporter;
        const QString a = dir.filePath(QStringLiteral("batch1.json"));
        const QString b = dir.filePath(QStringLiteral("batch2.json"));
        QVERIFY(exporter.exportJson(a, simulatedRun(1)).ok);
        QVERIFY(exporter.exportJson(b, simulatedRun(2)).ok);
        gui::ResultCompareWidget widget;
        QAbstractItemModelTester testerA(widget.phaseModel(gui::ResultCompareWidget::Side::A),
            QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester testerB(widget.phaseModel(gui::ResultCompareWidget::Side::B),
            QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester testerDiff(widget.diffModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(widget.openFile(gui::ResultCompareWidget::Side::A, a));
        QCOMPARE(widget.diffModel()->rowCount(), 0); // one result: nothing to compare yet
        QVERIFY(widget.openFile(gui::ResultCompareWidget::Side::B, b));
        const auto* diff = widget.diffModel();
        QCOMPARE(diff->rowCount(), 3);
        QCOMPARE(diff->rows()[1].key, QStringLiteral("cold_forward"));
        // cold_forward: 8 GiB at batch 1, 16 GiB at batch 2: +8 GiB allocated, reserved unchanged.
        QCOMPARE(diff->data(diff->index(1, gui::PhaseDiffModel::ColAllocatedDelta), gui::PhaseDiffModel::DeltaBytesRole)
                     .toLongLong(),
            qint64(8 * kGiB));
        QCOMPARE(
            diff->data(diff->index(1, gui::PhaseDiffModel::ColAllocatedDelta)).toString(), QStringLiteral("+8.00 GiB"));
        QCOMPARE(diff->data(diff->index(1, gui::PhaseDiffModel::ColReservedDelta), gui::PhaseDiffModel::DeltaBytesRole)
                     .toLongLong(),
            qint64(0));
        // warm_forward#0 failed at batch 2 without an allocated peak: no difference is made up.
        QCOMPARE(diff->rows()[2].key, QStringLiteral("warm_forward#0"));
        QCOMPARE(diff->data(diff->index(2, gui::PhaseDiffModel::ColStatusB)).toString(), QStringLiteral("failed"));
        QVERIFY(!diff->data(diff->index(2, gui::PhaseDiffModel::ColAllocatedDelta), gui::PhaseDiffModel::DeltaBytesRole)
                     .isValid());
        QCOMPARE(diff->data(diff->index(2, gui::PhaseDiffModel::ColAllocatedDelta)).toString(), QStringLiteral("—"));
    }

    void unreadableResultIsAMessage_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addRow("not JSON") << QByteArray("{ this is not json");
        QTest::addRow("no schema") << QByteArray(R"({"phases": []})");
        QTest::addRow("wrong schema") << QByteArray(R"({"schema": "other/9", "phases": []})");
        QTest::addRow("empty") << QByteArray();
    }

    void unreadableResultIsAMessage()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(writeFile(path, content));
        gui::ResultCompareWidget widget;
        QSignalSpy log(&widget, &gui::ResultCompareWidget::logMessage);
        QVERIFY(!widget.openFile(gui::ResultCompareWidget::Side::A, path));
        QVERIFY(widget.errorText().startsWith(QStringLiteral("Could not open")));
        QVERIFY(!widget.result(gui::ResultCompareWidget::Side::A).has_value());
        QCOMPARE(log.count(), 1);
    }

    void reportActionsUseTheWindowsSources()
    {
        QWidget window;
        std::optional<protocol::RunResult> current;
        int chartRequests = 0;
        gui::ReportActions::Sources sources;
        sources.currentRun = [&] { return current; };
        sources.currentEstimate = [] { return std::optional<sizing::Estimate>(seedEstimate()); };
        sources.chartImage = [&](QSize) {
            ++chartRequests;
            return chartImage();
        };
        gui::ReportActions actions(&window, sources);
        QCOMPARE(actions.actions().size(), 7);
        for (QAction* a : actions.actions())
            QVERIFY(a->isSeparator() || !a->text().isEmpty());
        QSignalSpy log(&actions, &gui::ReportActions::logMessage);
        QTemporaryDir dir;
        // Nothing measured yet: JSON export says why, the sheet still has the estimate.
        QVERIFY(!actions.exportJsonTo(dir.filePath(QStringLiteral("none.json"))));
        QVERIFY(log.last().at(1).toBool());
        const QString early = dir.filePath(QStringLiteral("estimate.md"));
        QVERIFY(actions.exportSheetTo(early, QStringLiteral("en"), QString(), DecisionSheetWriter::Format::Markdown));
        QVERIFY(QString::fromUtf8(readAll(early)).contains(QStringLiteral("17.04 GiB")));
        QCOMPARE(chartRequests, 0); // no run, no chart
        // After a run: the JSON, then a sheet that names it and carries the chart.
        current = simulatedRun(1);
        const QString json = dir.filePath(QStringLiteral("run.json"));
        QVERIFY(actions.exportJsonTo(json));
        const QString sheet = dir.filePath(QStringLiteral("sheet.html"));
        QVERIFY(actions.exportSheetTo(
            sheet, QStringLiteral("es"), QStringLiteral("ok"), DecisionSheetWriter::Format::Html));
        const QString html = QString::fromUtf8(readAll(sheet));
        QVERIFY(html.contains(QStringLiteral("run.json")));
        QVERIFY(html.contains(QStringLiteral("13,04 GiB")));
        QCOMPARE(chartRequests, 1);
    }

    // With ITERAGPU_SCREENSHOT_DIR set: the sheet in each format, for a person to read.
    void samplesForReview()
    {
        const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("ITERAGPU_SCREENSHOT_DIR not set");
        ResultExporter exporter;
        exporter.prompt()->setAnswer([](const QString&) { return true; });
        const auto content = sheetContent(QStringLiteral("en"), simulatedRun(2), seedEstimate());
        for (const char* suffix : { "md", "html", "pdf" })
            QVERIFY(exporter
                        .exportSheet(QDir(dir).filePath(QStringLiteral("sheet.") + QLatin1String(suffix)), content,
                            QStringLiteral("en"))
                        .ok);
        // A picture of the PDF's document, first 1400 pixels, to look at.
        const auto doc = DecisionSheetWriter(content, QStringLiteral("en")).document();
        doc->setTextWidth(800);
        QImage page(800, 1400, QImage::Format_RGB32);
        page.fill(Qt::white);
        QPainter painter(&page);
        doc->drawContents(&painter, QRectF(0, 0, 800, 1400));
        painter.end();
        QVERIFY(page.save(QDir(dir).filePath(QStringLiteral("sheet-pdf-document.png"))));
    }

    void sheetLanguageIndependentOfUi()
    {
        // The UI stays English; the sheet is asked in German: German numbers, the UI's translators untouched.
        const auto translatorsBefore = QCoreApplication::instance()->findChildren<QTranslator*>().size();
        const DecisionSheetWriter writer(
            sheetContent(QStringLiteral("de"), simulatedRun(1), seedEstimate()), QStringLiteral("de"));
        QVERIFY(writer.languageLoaded());
        const QString md = writer.markdown(QString());
        QVERIFY(md.contains(QStringLiteral("14.000.000.000")));
        QVERIFY(md.contains(QStringLiteral("13,04 GiB")));
        // The sizing engine's assumptions (core, no Qt) are in German too, with German digit groups.
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/iteragpu_de.qm")));
        const auto estimate = seedEstimate();
        for (const auto& a : estimate.assumptions) {
            const QString text = gui::messageText(a, QLocale(QStringLiteral("de")),
                [&german](const char* context, const char* source) { return german.translate(context, source); });
            QVERIFY(text != QString::fromStdString(a.english()));
            QVERIFY2(md.contains(text), qPrintable(text));
        }
        QVERIFY(!md.contains(QStringLiteral("rounded up")));
        // The warm-up and cache policies come from the run's configuration, in the sheet's language.
        QVERIFY2(md.contains(QStringLiteral("Vorwärtsdurchläufe: 3")), qPrintable(md));
        QVERIFY(md.contains(QStringLiteral("gemessene Wiederholungen: 5")));
        QVERIFY(md.contains(QStringLiteral("kein empty_cache()")));
        QCOMPARE(QCoreApplication::instance()->findChildren<QTranslator*>().size(), translatorsBefore);
        QCOMPARE(QLocale().decimalPoint(), QStringLiteral("."));
        // An unknown language falls back to English and says so.
        const DecisionSheetWriter unknown(gui::SheetContent {}, QStringLiteral("xx"));
        QVERIFY(!unknown.languageLoaded());
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
