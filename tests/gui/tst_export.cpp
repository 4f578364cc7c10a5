// SPDX-License-Identifier: Apache-2.0
#include "app/gui/application/messagetext.h"
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/overwriteprompt.h"
#include "app/gui/report/phasediffmodel.h"
#include "app/gui/report/reportactions.h"
#include "app/gui/report/resultcomparewidget.h"
#include "app/gui/report/resultexporter.h"
#include "app/gui/report/resultphasemodel.h"
#include "app/gui/report/resultsource.h"
#include "app/gui/report/resulttimeline.h"
#include "app/gui/report/safefilewriter.h"
#include "app/gui/report/sheetcontentbuilder.h"
#include "core/engines/engineplansummary.h"
#include "core/engines/vllmplanner.h"
#include "core/sizing/devicecatalog.h"
#include "app/gui/report/sheettranslator.h"
#include "core/protocol/runsummary.h"
#include "core/report/resultjson.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizinginputs.h"
#include "core/units/units.h"
#include "core/verdict/deviceneedestimator.h"
#include "support/settingssandbox.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
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
    if (status == protocol::PhaseStatus::Failed) {
        p.error = "out of memory: tried to allocate 2.00 GiB (simulated)";
        p.outOfMemory = true;
    } else if (status == protocol::PhaseStatus::Ok) {
        p.outOfMemory = false;
    }
    return p;
}

// The run of the issue: 14 phases planned (inference, 10 repeats), 5 passed, cold... warm_forward#1 ran out of
// memory, 8 did not run; every phase that ran kept `samplesPerPhase` samples.
protocol::RunResult fourteenPhaseRun(std::size_t samplesPerPhase)
{
    protocol::RunResult r;
    r.identity.runId = 14;
    r.identity.startedAtUtc = "2026-11-29T10:00:00Z";
    r.config.deviceId = "sim:0";
    r.config.warmup = 3;
    r.config.repeats = 10;
    r.config.simCapacityBytes = 12 * kGiB;
    r.environment.backend = "sim";
    r.environment.device.id = "sim:0";
    r.environment.device.name = "Simulated device";
    r.environment.device.totalBytes = 80 * kGiB;
    r.environment.device.simulated = true;
    r.environment.simulated = true;
    r.simulated = true;
    const char* names[] = { "model_load", "inputs", "cold_forward", "warmup" };
    double t = 0.0;
    for (int i = 0; i < 14; ++i) {
        const bool warm = i >= 4;
        const auto status = i < 5 ? protocol::PhaseStatus::Ok
                                  : (i == 5 ? protocol::PhaseStatus::Failed : protocol::PhaseStatus::NotRun);
        const quint64 peak = (2 + static_cast<quint64>(i)) * kGiB;
        auto p = phase(i, warm ? "warm_forward" : names[i], status,
            status == protocol::PhaseStatus::NotRun ? std::nullopt : std::optional<quint64>(peak),
            status == protocol::PhaseStatus::NotRun ? std::nullopt : std::optional<quint64>(peak + kGiB),
            warm ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(i - 4)) : std::nullopt);
        if (status == protocol::PhaseStatus::NotRun) {
            p.baseline = {};
            p.final = {};
            p.outOfMemory.reset();
        } else {
            p.startSeconds = t;
            for (std::size_t k = 0; k < samplesPerPhase; ++k) {
                protocol::Sample sample;
                sample.t = t + 0.001 * static_cast<double>(k);
                sample.allocated = peak * (k + 1) / samplesPerPhase;
                sample.reserved = peak + kGiB;
                sample.phaseIndex = i;
                p.samples.push_back(sample);
            }
            t += 0.001 * static_cast<double>(samplesPerPhase);
            p.endSeconds = t;
        }
        r.phases.push_back(p);
    }
    return r;
}

// A LoRA fine-tune of Llama 2 7B: the estimate has LoRA adapters and logits.
sizing::Estimate loraEstimate()
{
    const auto presets = sizing::PresetLibrary::loadDefault();
    const auto* llama = presets.find("llama-2-7b");
    if (!llama)
        return {};
    sizing::SizingRequest request;
    request.shape = llama->shape;
    sizing::TrainingOptions training;
    training.mode = sizing::TrainingMode::LoRA;
    request.training = training;
    request.reserve = sizing::Reserve::typed(4.0, units::Unit::GiB);
    return sizing::SizingEngine::estimate(request);
}

int pdfPageCount(const QByteArray& pdf)
{
    // Each page object is written as "/Type /Page" (the page tree as "/Type /Pages").
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

// The chart embedded in an HTML sheet (a data: URL), as an image.
QImage chartOfHtml(const QString& html)
{
    const QString marker = QStringLiteral("data:image/png;base64,");
    const auto start = html.indexOf(marker);
    if (start < 0)
        return {};
    const auto end = html.indexOf(QLatin1Char('"'), start);
    const QByteArray base64 = html.mid(start + marker.size(), end - start - marker.size()).toLatin1();
    return QImage::fromData(QByteArray::fromBase64(base64), "PNG");
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
        QVERIFY(testsupport::settingsAreSandboxed());
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
        // Simulated, said so; the raw JSON referenced by its file beside the sheet, never pasted into it.
        QVERIFY(text.contains(tr.text(QT_TRANSLATE_NOOP("DecisionSheet", "simulated, not a GPU measurement"))));
        QVERIFY(text.contains(QStringLiteral("run-batch1.json")));
        QVERIFY(!text.contains(QStringLiteral("<details>")));
        QVERIFY(!text.contains(QLatin1String(report::kResultSchema)));
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
        // The status from PhaseResult::outOfMemory, the error's own words listed under the table, and core's
        // summary of the run.
        QVERIFY(html.contains(QStringLiteral("<td>warm_forward#0</td><td>out of memory</td>")));
        QVERIFY(html.contains(QStringLiteral("warm_forward#0: out of memory: tried to allocate 2.00 GiB (simulated)")));
        const QString summary = QString::fromStdString(protocol::summarize(run).message().english());
        QVERIFY2(summary.contains(QStringLiteral("out of memory in warm_forward#0")), qPrintable(summary));
        QVERIFY2(html.contains(summary.toHtmlEscaped()), qPrintable(summary));
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
            QVERIFY(readAll(path).contains("iteragpu.measure/2"));
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
        int shown = 0;
        gui::ReportActions::Sources sources;
        sources.currentEstimate = [] { return std::optional<sizing::Estimate>(seedEstimate()); };
        sources.showResult = [&](const protocol::RunResult&) {
            ++shown;
            return true;
        };
        gui::ReportActions actions(&window, sources);
        QCOMPARE(actions.actions().size(), 10); // with Import PyTorch snapshot… and the two trace exports
        for (QAction* a : actions.actions())
            QVERIFY(a->isSeparator() || !a->text().isEmpty());
        QSignalSpy log(&actions, &gui::ReportActions::logMessage);
        QTemporaryDir dir;
        // Nothing measured yet: JSON export says why, the sheet still has the estimate (and no chart, no JSON).
        QVERIFY(!actions.exportJsonTo(dir.filePath(QStringLiteral("none.json"))));
        QVERIFY(log.last().at(1).toBool());
        const QString early = dir.filePath(QStringLiteral("estimate.md"));
        QVERIFY(actions.exportSheetTo(early, QStringLiteral("en"), QString(), DecisionSheetWriter::Format::Markdown));
        QVERIFY(QString::fromUtf8(readAll(early)).contains(QStringLiteral("17.04 GiB")));
        QVERIFY(!QFileInfo::exists(ResultExporter::chartPathFor(early)));
        QVERIFY(!QFileInfo::exists(gui::ReportActions::jsonPathFor(early)));
        // After a run: the JSON, then a sheet that names where the run was saved and carries its chart.
        actions.setMeasured(simulatedRun(1));
        const QString json = dir.filePath(QStringLiteral("run.json"));
        QVERIFY(actions.exportJsonTo(json));
        QCOMPARE(actions.held(gui::ReportActions::Held::Measured)->source.kind(), gui::ResultSource::Kind::Saved);
        const QString sheet = dir.filePath(QStringLiteral("sheet.html"));
        QVERIFY(actions.exportSheetTo(sheet, QStringLiteral("es"), QStringLiteral("ok"),
            DecisionSheetWriter::Format::Html, /*writeJson=*/false));
        const QString html = QString::fromUtf8(readAll(sheet));
        QVERIFY(html.contains(QDir::toNativeSeparators(QFileInfo(json).absoluteFilePath()).toHtmlEscaped()));
        QVERIFY(html.contains(QStringLiteral("13,04 GiB")));
        QVERIFY(!chartOfHtml(html).isNull());
        QCOMPARE(shown, 0); // a measured run is already on the window's chart
    }

    // Issue 24, "a measured verdict outranks the estimate": real decoder runs on a simulated RTX 4090 (the CLI's
    // measure), 4 and 5 sequences of 8 192 prompt tokens. The 5-sequence run is out of memory in prefill; the sheet
    // says so before the estimate, flags the estimate that said it fits, and each run is described by its own
    // workload, so the two sheets differ in their header.
    void sheetAfterAnOutOfMemoryRunSaysSo()
    {
        QTemporaryDir dir;
        auto measure = [&](int sequences) {
            const QString out = dir.filePath(QStringLiteral("run%1.json").arg(sequences));
            QProcess p;
            p.start(QString::fromLocal8Bit(qgetenv("ITERAGPU_CLI")),
                { QStringLiteral("measure"), QStringLiteral("--model"), QStringLiteral("llama-3.1-8b"),
                    QStringLiteral("--format"), QStringLiteral("bf16"),
                    QStringLiteral("--device"), QStringLiteral("sim:0"), QStringLiteral("--sim-card"),
                    QStringLiteral("rtx-4090"), QStringLiteral("--sim-speed"), QStringLiteral("0"),
                    QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--repeats"), QStringLiteral("1"),
                    QStringLiteral("--prompt-tokens"), QStringLiteral("8192"), QStringLiteral("--generated"),
                    QStringLiteral("64"), QStringLiteral("--sequences"), QString::number(sequences),
                    QStringLiteral("--attention"), QStringLiteral("sdpa"), QStringLiteral("--output"), out });
            p.waitForFinished(120000);
            return out;
        };
        const QString passed = measure(4);
        const QString failed = measure(5);
        QVERIFY2(QFileInfo::exists(passed) && QFileInfo::exists(failed), "measure wrote no result");

        // The estimate the window holds: 4 sequences (22.60 GiB on the device, fits on the 23.99 GiB card).
        sizing::SizingInputs inputs;
        inputs.presetId = "llama-3.1-8b";
        inputs.storage = sizing::WeightFormat::BF16;
        inputs.kvCache = true;
        inputs.promptTokens = 8192;
        inputs.generatedTokens = 64;
        inputs.sequences = 4;
        inputs.kvDtype = sizing::ScalarType::BF16;
        inputs.attention = sizing::AttentionImpl::Sdpa;
        const auto request = sizing::makeRequest(inputs);
        const auto estimate = sizing::SizingEngine::estimate(request);
        const auto need = verdict::DeviceNeedEstimator::estimate(request, estimate);

        QWidget window;
        gui::ReportActions::Sources sources;
        sources.currentEstimate = [&] { return std::optional<sizing::Estimate>(estimate); };
        sources.currentNeed = [&] { return std::optional<verdict::DeviceNeed>(need); };
        gui::ReportActions actions(&window, sources);
        auto sheetOf = [&](const QString& result, const QString& language) {
            if (!actions.openResultFile(result))
                return QString();
            const QString path = dir.filePath(QFileInfo(result).baseName() + language + QStringLiteral(".md"));
            if (!actions.exportSheetTo(path, language, QString(), DecisionSheetWriter::Format::Markdown, false))
                return QString();
            return QString::fromUtf8(readAll(path));
        };
        const QString oom = sheetOf(failed, QStringLiteral("en"));
        QVERIFY2(oom.contains(QStringLiteral("Measured on the simulated card rtx-4090: out of memory in "
                                             "prefill at 5 sequence(s) x 8,192 prompt + 64 generated tokens.")),
            qPrintable(oom));
        QVERIFY2(oom.contains(QStringLiteral("The estimate said it fits (22.60 GiB needed of ")), qPrintable(oom));
        // The measurement comes first, the estimate's verdict after it.
        QVERIFY(oom.indexOf(QStringLiteral("out of memory in prefill")) >= 0);
        QVERIFY(oom.indexOf(QStringLiteral("out of memory in prefill")) < oom.indexOf(QStringLiteral("Catalog cards")));
        QVERIFY2(oom.contains(QStringLiteral("Workload: preset:llama-3.1-8b, bf16 weights, 5 sequence(s) x 8,192 "
                                             "prompt + 64 generated tokens, dynamic KV cache, sdpa attention")),
            qPrintable(oom));
        QVERIFY(!oom.contains(QStringLiteral("width 1,024")));

        const QString ok = sheetOf(passed, QStringLiteral("en"));
        QVERIFY2(ok.contains(QStringLiteral("Measured on the simulated card rtx-4090: fits, every phase "
                                            "passed at 4 sequence(s) x 8,192 prompt + 64 generated tokens")),
            qPrintable(ok));
        QVERIFY(!ok.contains(QStringLiteral("The estimate said")));
        QVERIFY(ok.contains(QStringLiteral("Workload: preset:llama-3.1-8b, bf16 weights, 4 sequence(s)")));

        // In German the sentence is the catalog's, with German digit groups.
        const QString de = sheetOf(failed, QStringLiteral("de"));
        QVERIFY2(!de.contains(QStringLiteral("out of memory in")), qPrintable(de));
        QVERIFY2(de.contains(QStringLiteral("8.192")), qPrintable(de));
        QVERIFY2(de.contains(QStringLiteral("22,60 GiB")), qPrintable(de));
    }

    // Defect 2: each held result carries its own source. A run, then another file opened: the run's sheet names
    // the run, the opened result's sheet names its file, and the compare view labels each side by its own source.
    void eachResultNamesItsOwnSource()
    {
        QWidget window;
        gui::ReportActions::Sources sources;
        sources.currentEstimate = [] { return std::optional<sizing::Estimate>(seedEstimate()); };
        gui::ReportActions actions(&window, sources);
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other-batch2.json"));
        QVERIFY(ResultExporter().exportJson(other, simulatedRun(2)).ok);

        actions.setMeasured(simulatedRun(1));
        QVERIFY(actions.openResultFile(other));
        QCOMPARE(actions.shown(), gui::ReportActions::Held::Opened);

        const QString runSheet = dir.filePath(QStringLiteral("run-sheet.md"));
        QVERIFY(actions.exportSheetTo(runSheet, QStringLiteral("en"), QString(), DecisionSheetWriter::Format::Markdown,
            /*writeJson=*/false, gui::ReportActions::Held::Measured));
        const QString runText = QString::fromUtf8(readAll(runSheet));
        QVERIFY2(runText.contains(QStringLiteral("Source of the run: measured in this session, not saved")),
            qPrintable(runText));
        QVERIFY2(!runText.contains(QStringLiteral("other-batch2")), qPrintable(runText));
        QVERIFY(runText.contains(QStringLiteral("batch 1, context 128")));

        const QString openedSheet = dir.filePath(QStringLiteral("opened-sheet.md"));
        QVERIFY(actions.exportSheetTo(
            openedSheet, QStringLiteral("en"), QString(), DecisionSheetWriter::Format::Markdown, false));
        const QString openedText = QString::fromUtf8(readAll(openedSheet));
        QVERIFY2(openedText.contains(QStringLiteral("Source of the run: opened from ")
                     + QDir::toNativeSeparators(QFileInfo(other).absoluteFilePath())),
            qPrintable(openedText));
        QVERIFY(openedText.contains(QStringLiteral("batch 2, context 128")));

        std::unique_ptr<gui::ResultCompareWidget> compare(actions.createCompareWidget(nullptr));
        QCOMPARE(compare->result(gui::ResultCompareWidget::Side::A)->config.batch, std::uint64_t(1));
        QCOMPARE(compare->label(gui::ResultCompareWidget::Side::A),
            QStringLiteral("run 1 (measured in this session, not saved)"));
        QCOMPARE(compare->result(gui::ResultCompareWidget::Side::B)->config.batch, std::uint64_t(2));
        QCOMPARE(compare->label(gui::ResultCompareWidget::Side::B), QStringLiteral("other-batch2.json"));

        // Saved: the run is then named by the file it was saved to, in the sheet and in the compare view.
        const QString saved = dir.filePath(QStringLiteral("run1.json"));
        QVERIFY(actions.exportJsonTo(saved, gui::ReportActions::Held::Measured));
        std::unique_ptr<gui::ResultCompareWidget> again(actions.createCompareWidget(nullptr));
        QVERIFY2(again->label(gui::ResultCompareWidget::Side::A)
                     .contains(QStringLiteral("saved to ") + QDir::toNativeSeparators(QFileInfo(saved).absoluteFilePath())),
            qPrintable(again->label(gui::ResultCompareWidget::Side::A)));
    }

    // Defect 7: the sheet stays a few pages; the raw result is a file beside it, equal to the run; the decision
    // (fit verdict for the target card and the catalog rows) is in it.
    void sheetIsShortWithJsonBeside_data()
    {
        QTest::addColumn<int>("samplesPerPhase");
        QTest::addRow("14 phases, 100 samples each") << 100;
        QTest::addRow("14 phases, 2048 samples each (the per-phase bound)") << 2048;
    }

    void sheetIsShortWithJsonBeside()
    {
        QFETCH(int, samplesPerPhase);
        QWidget window;
        const auto estimate = seedEstimate();
        const auto catalog = sizing::DeviceCatalog::loadDefault();
        QVERIFY(!catalog.cards().empty());
        const sizing::GpuCard& target = catalog.cards().front();
        gui::ReportActions::Sources sources;
        sources.currentEstimate = [&] { return std::optional<sizing::Estimate>(estimate); };
        sources.targetVerdict = [&] { return std::optional<sizing::FitVerdict>(sizing::FitAnalyzer::verdict(estimate, target)); };
        gui::ReportActions actions(&window, sources);
        const auto run = fourteenPhaseRun(static_cast<std::size_t>(samplesPerPhase));
        actions.setMeasured(run);
        QTemporaryDir dir;
        const QString pdfPath = dir.filePath(QStringLiteral("decision.pdf"));
        QVERIFY(actions.exportSheetTo(pdfPath, QStringLiteral("vi"), QStringLiteral("Thuê một thẻ"),
            DecisionSheetWriter::Format::Pdf));
        const QByteArray pdf = readAll(pdfPath);
        QVERIFY(pdf.startsWith("%PDF-"));
        // Measured: 4 A4 pages in en and vi (verdict with 12 catalog rows and the estimate; observed with the 14
        // phase rows; the chart; environment, assumptions and the raw-result note). The JSON is not in it, so the
        // count no longer grows with the samples (both rows give the same); 5 leaves room for longer languages
        // and a few more catalog cards, far from the 28 pages of the pasted JSON. The ledgers of the peak and the
        // failed phase (computed, observed and assumed lines apart) add about a page: 6.
        const int pages = pdfPageCount(pdf);
        QVERIFY2(pages >= 2 && pages <= 6, qPrintable(QString::number(pages)));
        QVERIFY(!pdf.contains("iteragpu.measure"));

        // The JSON beside the sheet: same base name, parses, equals the run.
        const QString jsonPath = dir.filePath(QStringLiteral("decision.json"));
        QVERIFY(QFileInfo::exists(jsonPath));
        protocol::RunResult back;
        QString error;
        QVERIFY2(ResultExporter::openResult(jsonPath, back, error), qPrintable(error));
        QCOMPARE(report::toJson(back).dump(), report::toJson(run).dump());

        // The sheet (HTML of the same blocks) names the JSON beside it and carries the verdict, the catalog rows,
        // core's summary and the out-of-memory phase.
        const QString htmlPath = dir.filePath(QStringLiteral("decision-en.html"));
        QVERIFY(actions.exportSheetTo(htmlPath, QStringLiteral("en"), QString(), DecisionSheetWriter::Format::Html));
        const QString html = QString::fromUtf8(readAll(htmlPath));
        QVERIFY(html.contains(QStringLiteral("decision-en.json, written beside this sheet")));
        QVERIFY(html.contains(QStringLiteral("<h2>Fit verdict</h2>")));
        const auto verdict = sizing::FitAnalyzer::verdict(estimate, target);
        const QString sentence = verdict.fits ? QStringLiteral("Fits on ") : QStringLiteral("Does not fit on ");
        QVERIFY2(html.contains(sentence + QString::fromStdString(target.name).toHtmlEscaped() + QLatin1Char(':')),
            qPrintable(html.left(3000)));
        for (const auto& card : catalog.cards())
            QVERIFY2(html.contains(QStringLiteral("<td>") + QString::fromStdString(card.name).toHtmlEscaped()
                         + QStringLiteral("</td>")),
                card.name.c_str());
        QVERIFY(html.contains(QStringLiteral("<td>warm_forward#1</td><td>out of memory</td>")));
        QVERIFY(html.contains(QStringLiteral("<td>warm_forward#9</td><td>not run</td>")));
        QVERIFY(html.contains(
            QStringLiteral("phases run: 6 of 14 (passed: 5, failed: 1, not run: 8); out of memory in warm_forward#1")));
        // A second export to the same name asks before replacing the JSON beside it.
        int asked = 0;
        actions.exporter()->prompt()->setAnswer([&](const QString&) {
            ++asked;
            return false;
        });
        QVERIFY(!actions.exportSheetTo(htmlPath, QStringLiteral("en"), QString(), DecisionSheetWriter::Format::Html));
        QCOMPARE(asked, 2); // the JSON, then the sheet
    }

    void componentLabelsFromCore()
    {
        const auto estimate = loraEstimate();
        QVERIFY(estimate.find("lora_adapters") && estimate.find("lora_adapters")->bytes);
        QVERIFY(estimate.find("logits") && estimate.find("logits")->bytes);
        gui::SheetContentBuilder::Inputs in;
        in.estimate = &estimate;
        const DecisionSheetWriter writer(
            gui::SheetContentBuilder::build(in, gui::SheetTranslator(QStringLiteral("en"))), QStringLiteral("en"));
        const QString md = writer.markdown(QString());
        QVERIFY2(md.contains(QStringLiteral("| LoRA adapters |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| Logits |")), qPrintable(md));
        QVERIFY(!md.contains(QStringLiteral("| lora_adapters |")));
        QVERIFY(!md.contains(QStringLiteral("| logits |")));
        QVERIFY(!md.contains(QStringLiteral("adapters |")) || md.contains(QStringLiteral("LoRA adapters |")));
    }

    // The sheet names the model's layers by kind, its MoE and its active parameters, in the sheet's language.
    void sheetNamesTheArchitecture()
    {
        sizing::SizingInputs inputs;
        inputs.presetId = "qwen3-30b-a3b";
        const auto estimate = sizing::SizingEngine::estimate(sizing::makeRequest(inputs));
        QVERIFY(!estimate.architecture.empty());
        for (const QString language : { QStringLiteral("en"), QStringLiteral("de") }) {
            gui::SheetContentBuilder::Inputs in;
            in.estimate = &estimate;
            const DecisionSheetWriter writer(gui::SheetContentBuilder::build(in, gui::SheetTranslator(language)), language);
            const QString md = writer.markdown(QString());
            QVERIFY2(md.contains(QStringLiteral("48 x ")), qPrintable(md));
            QVERIFY2(md.contains(QLocale(language).toString(qulonglong { 3353032704 })), qPrintable(md)); // active
            if (language == QLatin1String("en"))
                QVERIFY2(md.contains(QStringLiteral("MoE in 48 layers: 128 routed experts, 8 per token")), qPrintable(md));
            else
                QVERIFY2(!md.contains(QStringLiteral("routed experts")), qPrintable(md));
        }
    }

    // The serving engine's plan reaches the sheet in the sheet's language: vLLM's verdict on the target card (a
    // warning when it does not start) and its figures, the same numbers as core's planner.
    void sheetSaysWhetherTheEngineStarts()
    {
        sizing::SizingInputs inputs;
        inputs.presetId = "llama-3.1-8b";
        const auto request = sizing::makeRequest(inputs);
        const auto estimate = sizing::SizingEngine::estimate(request);
        const auto catalog = sizing::DeviceCatalog::loadDefault();
        for (const char* cardId : { "h100-sxm", "l4" }) {
            const auto* card = catalog.find(cardId);
            QVERIFY(card);
            engines::VllmOptions options;
            options.cardName = card->name;
            options.maxModelLen = 131072;
            const auto plan = engines::VllmPlanner::plan(request, options, card->capacityBytes(), card->capacityIsUsable());
            for (const QString language : { QStringLiteral("en"), QStringLiteral("de") }) {
                gui::SheetContentBuilder::Inputs in;
                in.estimate = &estimate;
                in.engine = { engines::EnginePlanSummary::verdict(plan) };
                for (const auto& line : engines::EnginePlanSummary::lines(plan))
                    in.engine.push_back(line);
                in.engineStarts = plan.starts;
                const auto content = gui::SheetContentBuilder::build(in, gui::SheetTranslator(language));
                QCOMPARE(content.engineStarts, plan.starts);
                const QString md = DecisionSheetWriter(content, language).markdown(QString());
                const bool en = language == QLatin1String("en");
                QVERIFY2(md.contains(en ? QStringLiteral("Serving engine") : QStringLiteral("Inferenz-Engine")), qPrintable(md));
                if (plan.starts)
                    QVERIFY2(md.contains(QLocale(language).toString(qulonglong { plan.kvCacheTokens })), qPrintable(md));
                else
                    QVERIFY2(md.contains(en ? QStringLiteral("vLLM does not start") : QStringLiteral("vLLM startet nicht")),
                        qPrintable(md));
            }
        }
    }

    // Defect 8 (sheet part): the sheet of an opened result carries that result's chart, not the live run's.
    void openedResultsSheetHasItsOwnChart()
    {
        QWidget window;
        gui::ReportActions::Sources sources;
        int liveChartRequests = 0;
        sources.chartImage = [&](QSize) {
            ++liveChartRequests;
            return chartImage();
        };
        gui::ReportActions actions(&window, sources);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("fourteen.json"));
        QVERIFY(ResultExporter().exportJson(file, fourteenPhaseRun(50)).ok);
        actions.setMeasured(simulatedRun(1));
        QVERIFY(actions.openResultFile(file));
        const QString sheet = dir.filePath(QStringLiteral("sheet.html"));
        QVERIFY(actions.exportSheetTo(sheet, QStringLiteral("en"), QString(), DecisionSheetWriter::Format::Html));
        const QImage embedded = chartOfHtml(QString::fromUtf8(readAll(sheet)));
        QVERIFY(!embedded.isNull());
        const QImage own = actions.chartOf(gui::ReportActions::Held::Opened);
        QCOMPARE(embedded.convertToFormat(QImage::Format_RGB32), own.convertToFormat(QImage::Format_RGB32));
        QVERIFY(embedded.convertToFormat(QImage::Format_RGB32)
            != actions.chartOf(gui::ReportActions::Held::Measured).convertToFormat(QImage::Format_RGB32));
        QCOMPARE(liveChartRequests, 0);
    }

    // With ITERAGPU_SCREENSHOT_DIR set: the sheet in each format, for a person to read.
    void samplesForReview_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addRow("en") << QStringLiteral("en");
        QTest::addRow("vi") << QStringLiteral("vi");
    }

    void samplesForReview()
    {
        QFETCH(QString, language);
        const QString dir = qEnvironmentVariable("ITERAGPU_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("ITERAGPU_SCREENSHOT_DIR not set");
        // The whole sheet as the window writes it: the 14-phase run with an out-of-memory phase, the seeds'
        // estimate with the first catalog card as the target.
        QWidget window;
        const auto estimate = seedEstimate();
        const auto catalog = sizing::DeviceCatalog::loadDefault();
        gui::ReportActions::Sources sources;
        sources.currentEstimate = [&] { return std::optional<sizing::Estimate>(estimate); };
        sources.targetVerdict = [&] {
            return std::optional<sizing::FitVerdict>(sizing::FitAnalyzer::verdict(estimate, catalog.cards().front()));
        };
        gui::ReportActions actions(&window, sources);
        actions.exporter()->prompt()->setAnswer([](const QString&) { return true; });
        actions.setMeasured(fourteenPhaseRun(200));
        const QString base = QDir(dir).filePath(QStringLiteral("sheet-") + language);
        QVERIFY(actions.exportSheetTo(base + QStringLiteral(".md"), language, QStringLiteral("Keep batch 2."),
            DecisionSheetWriter::Format::Markdown));
        QVERIFY(actions.exportSheetTo(
            base + QStringLiteral(".html"), language, QString(), DecisionSheetWriter::Format::Html));
        QVERIFY(actions.exportSheetTo(base + QStringLiteral(".pdf"), language, QStringLiteral("Keep batch 2."),
            DecisionSheetWriter::Format::Pdf));
        qInfo("%s.pdf: %d pages", qPrintable(base), pdfPageCount(readAll(base + QStringLiteral(".pdf"))));
        // Pictures of the pages as the PDF lays them out: A4 less 15 mm margins, at 96 dpi.
        gui::SheetContentBuilder::Inputs in;
        const auto run = fourteenPhaseRun(200);
        in.run = &run;
        in.estimate = &estimate;
        in.choice = QStringLiteral("Keep batch 2.");
        in.chart = gui::ResultTimeline::render(run, estimate.total(), units::Unit::GiB, gui::ReportActions::kChartSize);
        in.source = gui::ResultSource::measured();
        in.target = sizing::FitAnalyzer::verdict(estimate, catalog.cards().front());
        for (const auto& card : catalog.cards())
            in.catalog.push_back(sizing::FitAnalyzer::verdict(estimate, card));
        in.rawJsonFileName = QFileInfo(base).fileName() + QStringLiteral(".json");
        const auto doc = DecisionSheetWriter(gui::SheetContentBuilder::build(in, gui::SheetTranslator(language)), language)
                             .document();
        const QSizeF pageSize(180.0 / 25.4 * 96.0, 267.0 / 25.4 * 96.0);
        doc->setPageSize(pageSize);
        for (int i = 0; i < doc->pageCount(); ++i) {
            QImage page(pageSize.toSize(), QImage::Format_RGB32);
            page.fill(Qt::white);
            QPainter painter(&page);
            painter.translate(0, -i * pageSize.height());
            doc->drawContents(&painter, QRectF(QPointF(0, i * pageSize.height()), pageSize));
            painter.end();
            QVERIFY(page.save(base + QStringLiteral("-page") + QString::number(i + 1) + QStringLiteral(".png")));
        }
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
        // The warm-up and cache policies are core's messages for the run's configuration, in the sheet's language.
        const auto config = simulatedRun(1).config;
        const auto warmup = protocol::warmupPolicy(config);
        const auto cache = protocol::emptyCachePolicy(config);
        const auto sheetDe = gui::SheetTranslator(QStringLiteral("de"));
        const gui::TranslateFunction viaSheet
            = [&sheetDe](const char* context, const char* source) { return sheetDe.translate(context, source); };
        QVERIFY(md.contains(gui::messageText(warmup, QLocale(QStringLiteral("de")), viaSheet)));
        QVERIFY(md.contains(gui::messageText(cache, QLocale(QStringLiteral("de")), viaSheet)));
        // German words from the catalog's RunPolicy context, not the English passed through.
        QVERIFY(!german.translate(warmup.context, warmup.source).isEmpty());
        QVERIFY2(md.contains(QStringLiteral("Vorwärtsdurchläufe: 3")), qPrintable(md));
        QCOMPARE(QCoreApplication::instance()->findChildren<QTranslator*>().size(), translatorsBefore);
        QCOMPARE(QLocale().decimalPoint(), QStringLiteral("."));
        // An unknown language falls back to English and says so.
        const DecisionSheetWriter unknown(gui::SheetContent {}, QStringLiteral("xx"));
        QVERIFY(!unknown.languageLoaded());
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
