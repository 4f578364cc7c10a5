// SPDX-License-Identifier: Apache-2.0
// The Why view, the timeline's owner areas and the decision sheet's ledger, against core's ledger: the numbers the
// GUI shows are the ledger's own (compared as numbers, never as text), the owner bar adds up to the peak, another
// phase replaces what is shown, and a missing reading shows as missing.
#include "app/gui/report/decisionsheetwriter.h"
#include "app/gui/report/sheetcontentbuilder.h"
#include "app/gui/run/timelineconversion.h"
#include "app/gui/timeline/timelinechart.h"
#include "app/gui/why/ledgermodel.h"
#include "app/gui/why/ownerbar.h"
#include "app/gui/why/waterfallchart.h"
#include "app/gui/why/whyview.h"
#include "core/model/configreader.h"
#include "core/report/ledger.h"
#include "core/report/ledgerestimate.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QAreaSeries>
#include <QLineSeries>
#include <QTest>
#include <numeric>

using namespace iteragpu;
using report::LedgerSectionKind;
using Key = gui::WaterfallRow::Key;

namespace {

constexpr std::uint64_t kMiB = 1ULL << 20;

protocol::PhaseResult phase(int index, const char* name, std::uint64_t weights, std::uint64_t activations,
    std::uint64_t predicted)
{
    protocol::PhaseResult p;
    p.index = index;
    p.name = name;
    p.status = protocol::PhaseStatus::Ok;
    p.outOfMemory = false;
    p.startSeconds = index * 1.0;
    p.endSeconds = index * 1.0 + 0.9;
    const std::uint64_t peak = weights + activations;
    p.baseline = { weights, weights + 2 * kMiB };
    p.peak = { peak, peak + 6 * kMiB };
    p.final = { weights, peak + 6 * kMiB };
    alloc::PeakMoment moment;
    moment.owners[static_cast<std::size_t>(alloc::Owner::Weights)] = weights;
    moment.owners[static_cast<std::size_t>(alloc::Owner::Activation)] = activations;
    moment.allocated = peak;
    moment.reserved = peak + 4 * kMiB;
    moment.inactiveSplit = 1 * kMiB;
    p.peakMoment = moment;
    p.largestFreeBlockAtEnd = 2 * kMiB;
    p.predictedPeakAllocated = predicted;
    p.deviceBefore.processUsedBytes = weights + 520 * kMiB;
    p.deviceBefore.processUsedSource = "simulated";
    p.deviceAfter.processUsedBytes = peak + 6 * kMiB + 600 * kMiB;
    p.deviceAfter.processUsedSource = "simulated";
    return p;
}

// A dense run on sim:0 of three phases; the last one's readings are missing where `missing` says.
protocol::RunResult run(bool missing = false)
{
    protocol::RunResult r;
    r.config.deviceId = "sim:0";
    r.simulated = true;
    r.environment.simulated = true;
    r.phases.push_back(phase(0, "model_load", 400 * kMiB, 0, 400 * kMiB));
    r.phases.push_back(phase(1, "cold_forward", 400 * kMiB, 300 * kMiB, 650 * kMiB));
    r.phases.push_back(phase(2, "warm_forward", 400 * kMiB, 120 * kMiB, 500 * kMiB));
    if (missing) {
        auto& p = r.phases[2];
        p.peakMoment.reset();
        p.deviceAfter = {};
        p.predictedPeakAllocated.reset();
    }
    return r;
}

report::PhaseLedger coreLedger(const protocol::RunResult& r, std::size_t i)
{
    return report::buildPhaseLedger(r, i, report::estimateForPhase(r, i));
}

const gui::WaterfallRow* rowOf(const gui::WaterfallChart& chart, Key key)
{
    for (const auto& row : chart.rows())
        if (row.key == key)
            return &row;
    return nullptr;
}

QVariant bytesOf(const std::optional<std::int64_t>& b) { return b ? QVariant(static_cast<qlonglong>(*b)) : QVariant(); }

} // namespace

class TestWhy : public QObject {
    Q_OBJECT
private slots:
    void ledgerLinesAreCoresBytes_data()
    {
        QTest::addColumn<int>("phaseIndex");
        QTest::addRow("model_load") << 0;
        QTest::addRow("cold_forward") << 1;
        QTest::addRow("warm_forward") << 2;
    }

    void ledgerLinesAreCoresBytes()
    {
        QFETCH(int, phaseIndex);
        const auto r = run();
        gui::WhyView view;
        QAbstractItemModelTester tester(view.ledgerModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setResult(r);
        view.selectPhase(phaseIndex);
        const auto expected = coreLedger(r, static_cast<std::size_t>(phaseIndex));
        const gui::LedgerModel* model = view.ledgerModel();
        QCOMPARE(model->rowCount(), static_cast<int>(expected.sections.size()));
        for (int s = 0; s < model->rowCount(); ++s) {
            const auto& section = expected.sections[static_cast<std::size_t>(s)];
            const QModelIndex sectionIndex = model->index(s, 0);
            QCOMPARE(sectionIndex.data(gui::LedgerModel::BytesRole), bytesOf(section.total.bytes));
            QCOMPARE(model->rowCount(sectionIndex), static_cast<int>(section.parts.size() + section.asides.size()));
            for (std::size_t i = 0; i < section.parts.size() + section.asides.size(); ++i) {
                const auto& line = i < section.parts.size() ? section.parts[i] : section.asides[i - section.parts.size()];
                const QModelIndex lineIndex = model->index(static_cast<int>(i), 0, sectionIndex);
                QCOMPARE(lineIndex.data(gui::LedgerModel::KeyRole).toString(), QString::fromStdString(line.key));
                QCOMPARE(lineIndex.data(gui::LedgerModel::BytesRole), bytesOf(line.bytes));
                QCOMPARE(lineIndex.data(gui::LedgerModel::SourceRole).toInt(), static_cast<int>(line.source));
                QCOMPARE(lineIndex.data(gui::LedgerModel::AsideRole).toBool(), i >= section.parts.size());
            }
        }

        // The waterfall's levels are the ledger's totals and the phase's own readings.
        const auto& p = r.phases[static_cast<std::size_t>(phaseIndex)];
        const gui::WaterfallChart& chart = *view.waterfall();
        QCOMPARE(rowOf(chart, Key::Estimate)->to, expected.section(LedgerSectionKind::Estimate).total.bytes);
        QCOMPARE(rowOf(chart, Key::Estimate)->to, std::optional<std::int64_t>(*p.predictedPeakAllocated));
        QCOMPARE(rowOf(chart, Key::PeakAllocated)->to, std::optional<std::int64_t>(*p.peak.allocated));
        QCOMPARE(rowOf(chart, Key::Reserved)->to, std::optional<std::int64_t>(p.peakMoment->reserved));
        QCOMPARE(rowOf(chart, Key::Device)->to, std::optional<std::int64_t>(*p.deviceAfter.processUsedBytes));
        // Each step joins the levels around it, its bytes the ledger's section total.
        QCOMPARE(rowOf(chart, Key::ToAllocated)->to, rowOf(chart, Key::PeakAllocated)->to);
        QCOMPARE(rowOf(chart, Key::Allocator)->delta(), expected.section(LedgerSectionKind::Allocator).total.bytes);
        QCOMPARE(rowOf(chart, Key::Outside)->delta(), expected.section(LedgerSectionKind::Outside).total.bytes);
        QCOMPARE(rowOf(chart, Key::Outside)->to, rowOf(chart, Key::Device)->to);
        // The dense predictor estimates the whole allocated: the peak allocated's outline is the estimate.
        QCOMPARE(rowOf(chart, Key::PeakAllocated)->estimateOutline, std::optional<std::int64_t>(*p.predictedPeakAllocated));
        for (std::size_t i = 0; i < chart.rows().size(); ++i)
            QVERIFY2(chart.rows()[i].missing.isEmpty(), qPrintable(chart.valueText(i)));
        QVERIFY(view.headerText().contains(QString::fromStdString(expected.phase)));
    }

    // A decoder run: the header names the model measured, layer by layer (here Qwen3's q/k-normed layers, a
    // window on one of them).
    void decoderHeaderNamesTheLayers()
    {
        protocol::RunConfig c;
        c.workload = protocol::WorkloadKind::Decoder;
        c.dtype = device::DType::BFloat16;
        c.warmup = 0;
        c.repeats = 1;
        c.samplingHz = protocol::kMinSamplingHz;
        protocol::DecoderSpec d;
        d.shape = model::ConfigReader::parse(R"({"model_type": "qwen3", "hidden_size": 32, "num_hidden_layers": 3,
            "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16, "intermediate_size": 48,
            "vocab_size": 72, "use_sliding_window": true, "sliding_window": 8, "max_window_layers": 2})", "q.json");
        d.modelSource = "q.json";
        d.promptTokens = 12;
        d.generated = 2;
        c.decoder = d;
        sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
        const auto r = protocol::Runner::runBlocking(c, { "sim", backend.runtimeDescription(), true },
            [&backend](device::Status& s) { return backend.open(0, s); }, nullptr);
        QVERIFY2(r.completed, r.error.c_str());
        gui::WhyView view;
        view.setResult(r);
        view.selectPhase(2); // prefill
        const QString header = view.headerText();
        QVERIFY2(header.contains(QStringLiteral("qwen3, 3 layers")), qPrintable(header));
        QVERIFY2(header.contains(QStringLiteral("2 x full attention")), qPrintable(header));
        QVERIFY2(header.contains(QStringLiteral("1 x sliding-window attention, window 8 tokens")), qPrintable(header));
    }

    void ownerBarAddsUpToThePeak()
    {
        const auto r = run();
        gui::WhyView view;
        view.setResult(r);
        view.selectPhase(1);
        const gui::OwnerBar& bar = *view.ownerBar();
        QVERIFY(bar.missingText().isEmpty());
        QCOMPARE(bar.total(), std::optional<std::int64_t>(*r.phases[1].peak.allocated));
        std::int64_t sum = 0;
        for (const auto& part : bar.parts())
            sum += part.bytes.value();
        QCOMPARE(sum, *bar.total());
        QCOMPARE(bar.parts().size(), std::size_t(2)); // weights and activations; the owners holding nothing left out
        QCOMPARE(bar.parts()[0].key, QStringLiteral("weights"));
        QCOMPARE(bar.parts()[0].bytes, std::optional<std::int64_t>(400 * kMiB));
        QCOMPARE(bar.parts()[1].key, QStringLiteral("activations"));
        QCOMPARE(bar.parts()[1].bytes, std::optional<std::int64_t>(300 * kMiB));
        // The waterfall's peak allocated shows the same parts.
        const auto* allocated = rowOf(*view.waterfall(), Key::PeakAllocated);
        QCOMPARE(allocated->segments.size(), std::size_t(2));
        QCOMPARE(allocated->segments[1].bytes, std::int64_t(300 * kMiB));
    }

    void anotherPhaseReplacesTheLedger()
    {
        const auto r = run();
        gui::WhyView view;
        view.setResult(r);
        view.selectPhase(1);
        QCOMPARE(view.ledger()->phase, std::string("cold_forward"));
        QCOMPARE(view.ownerBar()->total(), std::optional<std::int64_t>(700 * kMiB));
        view.selectPhase(2);
        QCOMPARE(view.selectedPhase(), 2);
        QCOMPARE(view.ledger()->phase, std::string("warm_forward"));
        QCOMPARE(view.ownerBar()->total(), std::optional<std::int64_t>(520 * kMiB));
        QCOMPARE(rowOf(*view.waterfall(), Key::PeakAllocated)->to, std::optional<std::int64_t>(520 * kMiB));
        QVERIFY(view.headerText().contains(QStringLiteral("warm_forward")));
        // Out of range: nothing shown, and the view says what to do.
        view.selectPhase(7);
        QVERIFY(!view.ledger());
        QVERIFY(view.waterfall()->rows().empty());
        QVERIFY(!view.headerText().isEmpty());
    }

    void missingReadingsShowAsMissing()
    {
        const auto r = run(true);
        gui::WhyView view;
        view.setResult(r);
        view.selectPhase(2);
        const gui::WaterfallChart& chart = *view.waterfall();
        // No estimate, no owners at the peak, no device-level reading at the end: those rows say so, never 0.
        for (const Key key : { Key::Estimate, Key::ToAllocated, Key::Allocator, Key::Reserved, Key::Outside, Key::Device }) {
            const auto* row = rowOf(chart, key);
            QVERIFY(row);
            QVERIFY(!row->to || !row->from);
            QVERIFY(!row->missing.isEmpty());
            const auto index = static_cast<std::size_t>(row - chart.rows().data());
            QVERIFY(!chart.valueText(index).contains(QLatin1Char('0')));
        }
        // The peak allocated itself was read.
        QCOMPARE(rowOf(chart, Key::PeakAllocated)->to, std::optional<std::int64_t>(520 * kMiB));
        QVERIFY(!view.ownerBar()->missingText().isEmpty());
        // The ledger's missing lines are invalid bytes and a dash.
        const gui::LedgerModel* model = view.ledgerModel();
        const QModelIndex outside = model->index(static_cast<int>(LedgerSectionKind::Outside), 0);
        QVERIFY(!outside.data(gui::LedgerModel::BytesRole).isValid());
        QCOMPARE(model->index(outside.row(), gui::LedgerModel::ColBytes).data().toString(), QStringLiteral("—"));
        QVERIFY(!model->index(outside.row(), gui::LedgerModel::ColCause).data().toString().isEmpty());
    }

    void phaseNotRunSaysSo()
    {
        auto r = run();
        r.phases[2].status = protocol::PhaseStatus::NotRun;
        gui::WhyView view;
        view.setResult(r);
        view.selectPhase(2);
        QVERIFY(!view.ledger());
        QVERIFY(view.headerText().contains(QStringLiteral("warm_forward")));
        view.setRunning();
        QVERIFY(!view.ledger());
        QVERIFY(!view.result());
    }

    void timelineOwnerAreasStackToThePeak()
    {
        const auto r = run();
        gui::TimelineChart chart;
        chart.resize(900, 500);
        for (const auto& p : r.phases) {
            chart.beginPhase(QString::fromStdString(p.name), *p.startSeconds);
            chart.endPhase(gui::toTimelinePhase(p));
        }
        chart.refresh();
        QVERIFY(!chart.ownerColouring());
        QVERIFY(!chart.ownerAreas().drawn());
        QVERIFY(chart.ownerAreas().captionText().isEmpty());
        chart.ownerColouringAction()->trigger();
        QVERIFY(chart.ownerColouring());
        QVERIFY(chart.ownerAreas().drawn());
        QVERIFY(!chart.ownerAreas().captionText().isEmpty());
        // Per phase four points (start and end at 0 and at the level); the activations' upper edge is the peak.
        const QLineSeries* weights = chart.ownerAreas().series(alloc::Owner::Weights)->upperSeries();
        const QLineSeries* activations = chart.ownerAreas().series(alloc::Owner::Activation)->upperSeries();
        const QLineSeries* activationsLower = chart.ownerAreas().series(alloc::Owner::Activation)->lowerSeries();
        QCOMPARE(weights->count(), 4 * static_cast<int>(r.phases.size()));
        for (int i = 0; i < static_cast<int>(r.phases.size()); ++i) {
            const auto& p = r.phases[static_cast<std::size_t>(i)];
            QCOMPARE(weights->at(4 * i + 1).y(), units::toUnit(400 * kMiB, units::Unit::GiB));
            QCOMPARE(activationsLower->at(4 * i + 1).y(), units::toUnit(400 * kMiB, units::Unit::GiB));
            QCOMPARE(activations->at(4 * i + 1).y(), units::toUnit(*p.peak.allocated, units::Unit::GiB));
            QCOMPARE(activations->at(4 * i + 1).x(), *p.startSeconds);
            QCOMPARE(activations->at(4 * i + 2).x(), *p.endSeconds);
        }
        // The caption names the owners drawn, and only those.
        QVERIFY(!chart.ownerAreas().keyText(alloc::Owner::Weights).isEmpty());
        QVERIFY(!chart.ownerAreas().keyText(alloc::Owner::Activation).isEmpty());
        QVERIFY(chart.ownerAreas().keyText(alloc::Owner::KvCache).isEmpty());
        // An owner that held nothing anywhere has no points.
        QCOMPARE(chart.ownerAreas().series(alloc::Owner::KvCache)->upperSeries()->count(), 0);
        chart.setOwnerColouring(false);
        QVERIFY(!chart.ownerColouringAction()->isChecked());
        QCOMPARE(weights->count(), 0);
        QVERIFY(chart.ownerAreas().captionText().isEmpty());
    }

    void sheetHasTheLedgers()
    {
        auto r = run();
        // The last phase fails: the sheet explains the peak phase and the failed one.
        r.phases[2].status = protocol::PhaseStatus::Failed;
        r.phases[2].outOfMemory = true;
        r.phases[2].error = "out of memory";
        gui::SheetContentBuilder::Inputs in;
        in.run = &r;
        const gui::SheetTranslator tr(QStringLiteral("en"));
        const gui::SheetContent content = gui::SheetContentBuilder::build(in, tr);
        QCOMPARE(content.ledgers.size(), 2);
        QCOMPARE(content.ledgers[0].phase, QStringLiteral("cold_forward"));
        QVERIFY(content.ledgers[0].peak);
        QCOMPARE(content.ledgers[1].phase, QStringLiteral("warm_forward"));
        QVERIFY(content.ledgers[1].failed);
        // Every line of core's ledger is there once, in the group of its source, with its bytes.
        const auto expected = coreLedger(r, 1);
        qsizetype lines = 0;
        for (const auto& section : expected.sections)
            lines += static_cast<qsizetype>(section.parts.size() + 1 + section.asides.size());
        const auto& ledger = content.ledgers[0];
        QCOMPARE(ledger.computed.size() + ledger.observed.size() + ledger.assumed.size(), lines);
        const auto& allocatorTotal = expected.section(LedgerSectionKind::Allocator).total;
        const auto& byOwner = expected.section(LedgerSectionKind::ByOwner);
        bool foundOwnerTotal = false;
        for (const auto& e : ledger.observed)
            if (e.total && e.bytes == byOwner.total.bytes)
                foundOwnerTotal = true;
        QVERIFY(foundOwnerTotal);
        const auto& group = allocatorTotal.source == report::LedgerSource::Computed ? ledger.computed : ledger.observed;
        QVERIFY(std::any_of(group.begin(), group.end(), [&](const auto& e) { return e.total && e.bytes == allocatorTotal.bytes; }));
        QVERIFY(!ledger.assumed.isEmpty()); // the simulated context and workspace

        const gui::DecisionSheetWriter writer(content, QStringLiteral("en"));
        const QString md = writer.markdown(QString());
        QVERIFY(md.contains(QStringLiteral("## Why the peak exceeds the estimate")));
        QVERIFY(md.contains(QStringLiteral("### Ledger of cold_forward, the peak phase")));
        QVERIFY(md.contains(QStringLiteral("### Ledger of warm_forward, the failed phase")));
        const qsizetype computed = md.indexOf(QStringLiteral("\nComputed:"));
        const qsizetype observed = md.indexOf(QStringLiteral("\nObserved:"));
        const qsizetype assumed = md.indexOf(QStringLiteral("\nAssumed:"));
        QVERIFY(computed > 0 && observed > computed && assumed > observed);
        QVERIFY(writer.html().contains(QStringLiteral("Why the peak exceeds the estimate")));
    }
};

QTEST_MAIN(TestWhy)
#include "tst_why.moc"
