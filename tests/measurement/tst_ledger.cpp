// SPDX-License-Identifier: Apache-2.0
// The ledger (core/report/ledger.h): Note [Ledger sums] over a matrix of simulated runs (the dense network in
// inference and training, decoder families, caches and attentions, native and async allocators, out-of-memory
// runs): whenever a section's total and parts are all known they add up to the byte; missing readings give
// null lines and say so; the simulated context and workspace show as outside the allocator exactly; the ledger of
// a result read back from its file is the ledger of the run.
#include "core/model/configreader.h"
#include "core/registry/backendregistry.h"
#include "core/report/ledger.h"
#include "core/report/ledgerestimate.h"
#include "core/report/ledgerjson.h"
#include "core/report/ledgertable.h"
#include "core/report/resultjson.h"
#include "core/runner/preparerun.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/units/units.h"

#include <QTest>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

using namespace iteragpu;
using report::LedgerSectionKind;

namespace {

std::string familyConfig(const std::string& family)
{
    const std::string common = R"("hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
        "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72)";
    if (family == "mistral")
        return R"({"model_type": "mistral", "sliding_window": 12, )" + common + "}";
    if (family == "gemma2")
        return R"({"model_type": "gemma2", "head_dim": 16, "sliding_window": 12, )" + common + "}";
    if (family == "mixtral")
        return R"({"model_type": "mixtral", "num_local_experts": 4, "num_experts_per_tok": 2, )" + common + "}";
    return R"({"model_type": "llama", )" + common + "}";
}

protocol::RunConfig denseConfig(protocol::Mode mode, protocol::AllocatorKind allocator)
{
    protocol::RunConfig c;
    c.mode = mode;
    c.allocator = allocator;
    c.batch = 2;
    c.context = 32;
    c.width = 256;
    c.dtype = device::DType::BFloat16;
    c.warmup = 1;
    c.repeats = 2;
    c.samplingHz = protocol::kMinSamplingHz;
    return c;
}

protocol::RunConfig decoderConfig(const std::string& family, protocol::WeightStorage storage,
    protocol::KvCacheKind cache, protocol::AttentionKind attention, protocol::AllocatorKind allocator)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.allocator = allocator;
    c.warmup = 1;
    c.repeats = 1;
    c.samplingHz = protocol::kMinSamplingHz;
    protocol::DecoderSpec d;
    d.shape = model::ConfigReader::parse(familyConfig(family), family + ".json");
    d.modelSource = family + ".json";
    d.storage = storage;
    d.cache = cache;
    d.attention = attention;
    d.promptTokens = 21;
    d.generated = 14;
    d.sequences = 2;
    d.decodeChunk = 5;
    c.decoder = d;
    return c;
}

// Through prepareRun, as the CLI and the window run: the simulated context and workspace the configuration names.
protocol::RunResult runOnSim(const protocol::RunConfig& config)
{
    device::BackendRegistry registry;
    registry.loadFor(config.deviceId);
    auto prepared = protocol::prepareRun(registry, config);
    if (!prepared.ok())
        qFatal("prepareRun: %s", prepared.error.c_str());
    return protocol::Runner::runBlocking(config, prepared.backend, prepared.factory, nullptr);
}

QString where(const report::PhaseLedger& ledger, const report::LedgerSection& section)
{
    return QString::fromStdString(ledger.phase + " / " + report::ledgerSectionName(section.kind));
}

// Note [Ledger sums]: true when the section is complete (total and every part known), after checking the sum.
bool checkSum(const report::PhaseLedger& ledger, const report::LedgerSection& section)
{
    if (!section.total.bytes)
        return false;
    std::int64_t sum = 0;
    for (const auto& part : section.parts) {
        if (!part.bytes)
            return false;
        sum += *part.bytes;
    }
    if (section.parts.empty())
        return false;
    if (sum != *section.total.bytes)
        qWarning("%s: parts %lld, total %lld", qPrintable(where(ledger, section)), static_cast<long long>(sum),
            static_cast<long long>(*section.total.bytes));
    return sum == *section.total.bytes;
}

void addMatrixRows()
{
    using protocol::AllocatorKind;
    using protocol::AttentionKind;
    using protocol::KvCacheKind;
    using protocol::Mode;
    using protocol::WeightStorage;
    QTest::addColumn<int>("row");
    // Rows are built in matrixConfig from the row number, so the table stays readable here.
    const char* names[] = { "dense inference native", "dense inference async", "dense training native",
        "dense training async", "dense training out of memory", "llama bf16 dynamic eager native",
        "llama nf4 paged sdpa async", "mistral int8 static sdpa native", "gemma2 bf16 paged eager native",
        "mixtral nf4 dynamic sdpa async", "llama bf16 static eager out of memory" };
    for (int i = 0; i < int(std::size(names)); ++i)
        QTest::addRow("%s", names[i]) << i;
}

protocol::RunConfig matrixConfig(int row)
{
    using protocol::AllocatorKind;
    using protocol::AttentionKind;
    using protocol::KvCacheKind;
    using protocol::Mode;
    using protocol::WeightStorage;
    switch (row) {
    case 0:
        return denseConfig(Mode::Inference, AllocatorKind::Native);
    case 1:
        return denseConfig(Mode::Inference, AllocatorKind::Async);
    case 2:
        return denseConfig(Mode::Training, AllocatorKind::Native);
    case 3:
        return denseConfig(Mode::Training, AllocatorKind::Async);
    case 4: {
        auto c = denseConfig(Mode::Training, AllocatorKind::Native);
        c.simContextBytes = 3 * units::kMiB;
        c.simWorkspaceBytes = 1 * units::kMiB;
        c.simCapacityBytes = 7 * units::kMiB; // 3 MiB left to the allocator: the first step runs out
        return c;
    }
    case 5:
        return decoderConfig(
            "llama", WeightStorage::BFloat16, KvCacheKind::Dynamic, AttentionKind::Eager, AllocatorKind::Native);
    case 6:
        return decoderConfig(
            "llama", WeightStorage::Nf4, KvCacheKind::Paged, AttentionKind::Sdpa, AllocatorKind::Async);
    case 7:
        return decoderConfig(
            "mistral", WeightStorage::Int8, KvCacheKind::Static, AttentionKind::Sdpa, AllocatorKind::Native);
    case 8:
        return decoderConfig(
            "gemma2", WeightStorage::BFloat16, KvCacheKind::Paged, AttentionKind::Eager, AllocatorKind::Native);
    case 9:
        return decoderConfig(
            "mixtral", WeightStorage::Nf4, KvCacheKind::Dynamic, AttentionKind::Sdpa, AllocatorKind::Async);
    default: {
        auto c = decoderConfig(
            "llama", WeightStorage::BFloat16, KvCacheKind::Static, AttentionKind::Eager, AllocatorKind::Native);
        c.decoder->promptTokens = 4096; // the eager scores of 2 x 4 heads x 4096^2 do not fit beside the context
        c.simContextBytes = 16 * units::kMiB;
        c.simWorkspaceBytes = 0;
        c.simCapacityBytes = 64 * units::kMiB;
        return c;
    }
    }
}

} // namespace

class TestLedger : public QObject {
    Q_OBJECT
private slots:
    void partsAddUpToTheByte_data() { addMatrixRows(); }

    void partsAddUpToTheByte()
    {
        QFETCH(int, row);
        const auto config = matrixConfig(row);
        const auto result = runOnSim(config);
        const bool outOfMemory = config.simCapacityBytes.has_value();
        QCOMPARE(result.completed, !outOfMemory);
        const auto ledgers = report::buildLedgers(result);
        QVERIFY(!ledgers.empty());
        int complete = 0;
        for (const auto& ledger : ledgers) {
            QCOMPARE(ledger.sections.size(), report::kLedgerSectionCount);
            QVERIFY(ledger.simulated);
            const auto& phase = result.phases[ledger.phaseIndex];
            for (const auto& section : ledger.sections) {
                const bool done = checkSum(ledger, section);
                // A section with every reading there is complete, and a complete one adds up (checkSum).
                if (!done && section.total.bytes) {
                    bool allKnown = !section.parts.empty();
                    for (const auto& part : section.parts)
                        allKnown = allKnown && part.bytes.has_value();
                    QVERIFY2(!allKnown, qPrintable(where(ledger, section) + QStringLiteral(": does not add up")));
                }
                if (done)
                    ++complete;
            }
            if (phase.status == protocol::PhaseStatus::Ok) {
                // Every reading is there on the simulated device: in time, allocator and outside are complete.
                for (const auto kind : { LedgerSectionKind::InTime, LedgerSectionKind::Outside })
                    QVERIFY2(checkSum(ledger, ledger.section(kind)), qPrintable(where(ledger, ledger.section(kind))));
                if (phase.peakMoment) {
                    QVERIFY(checkSum(ledger, ledger.section(LedgerSectionKind::ByOwner)));
                    QVERIFY(checkSum(ledger, ledger.section(LedgerSectionKind::Allocator)));
                }
                const auto& outside = ledger.section(LedgerSectionKind::Outside);
                QCOMPARE(outside.parts.back().key, std::string("unaccounted"));
                QCOMPARE(*outside.parts.back().bytes, std::int64_t(0)); // nothing else outside on sim:N
            }
            // The differences are the estimate minus the measured totals, line by line.
            const auto& differences = ledger.section(LedgerSectionKind::Differences);
            const auto& estimate = ledger.section(LedgerSectionKind::Estimate);
            if (checkSum(ledger, differences) && ledger.section(LedgerSectionKind::Allocator).asides[0].bytes) {
                const std::int64_t measured = *ledger.section(LedgerSectionKind::Allocator).asides[0].bytes
                    + *ledger.section(LedgerSectionKind::Outside).total.bytes;
                QCOMPARE(*differences.total.bytes, *estimate.total.bytes - measured);
            }
            // The table prints every line, and the JSON carries the same number of sections.
            const std::string table = report::ledgerTable(ledger);
            QVERIFY(table.find(ledger.phase) != std::string::npos);
            QCOMPARE(report::ledgerToJson(ledger)["sections"].size(), report::kLedgerSectionCount);
        }
        QVERIFY(complete > 0);
        // Built again from the result file's contents alone, the ledger is the same, line for line.
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(report::toJson(result), back, error), error.c_str());
        QCOMPARE(report::ledgersToJson(back).dump(), report::ledgersToJson(result).dump());
        if (outOfMemory) {
            const auto failed = report::failedPhaseIndex(result);
            QVERIFY(failed.has_value());
            QVERIFY(result.phases[*failed].outOfMemory.value_or(false));
        }
        const auto peak = report::peakPhaseIndex(result);
        QVERIFY(peak.has_value());
        for (const auto& p : result.phases)
            if (p.peak.allocated)
                QVERIFY(*p.peak.allocated <= *result.phases[*peak].peak.allocated);
    }

    // Note [Rounding inside allocated]: on the simulated device the decoder's weights as requested are the
    // estimate's to the byte, and what allocated counts beyond them (512-byte rounding, blocks left unsplit) is
    // the rounding line, never the weights'.
    void roundingInsideAllocatedIsItsOwnLine_data()
    {
        QTest::addColumn<int>("row");
        QTest::addRow("llama bf16 dynamic eager native") << 5;
        QTest::addRow("llama nf4 paged sdpa async") << 6;
        QTest::addRow("mistral int8 static sdpa native") << 7;
        QTest::addRow("gemma2 bf16 paged eager native") << 8;
        QTest::addRow("mixtral nf4 dynamic sdpa async") << 9;
    }

    void roundingInsideAllocatedIsItsOwnLine()
    {
        QFETCH(int, row);
        const auto config = matrixConfig(row);
        const auto result = runOnSim(config);
        QVERIFY(result.completed);
        const bool pool = config.allocator == protocol::AllocatorKind::Async;
        int checked = 0;
        for (const auto& ledger : report::buildLedgers(result)) {
            const auto& phase = result.phases[ledger.phaseIndex];
            if (phase.name != "model_load" || !phase.peakMoment)
                continue;
            QVERIFY(phase.peakMoment->ownersRequested.has_value());
            const auto w = static_cast<std::size_t>(alloc::Owner::Weights);
            const std::uint64_t held = phase.peakMoment->owners[w];
            const std::uint64_t requested = (*phase.peakMoment->ownersRequested)[w];
            QVERIFY(requested > 0 && requested <= held);
            if (pool)
                QCOMPARE(requested, held); // the pool counts the requested sizes
            std::optional<std::int64_t> weights, rounding;
            for (const auto& part : ledger.section(LedgerSectionKind::Differences).parts) {
                if (part.key == "weights")
                    weights = part.bytes;
                if (part.key == "rounding_in_allocated")
                    rounding = part.bytes;
            }
            QVERIFY(weights.has_value());
            QCOMPARE(*weights, std::int64_t(0));
            std::int64_t expected = 0;
            for (std::size_t i = 0; i < alloc::kOwnerCount; ++i)
                expected -= static_cast<std::int64_t>(
                    phase.peakMoment->owners[i] - (*phase.peakMoment->ownersRequested)[i]);
            if (expected == 0)
                QVERIFY(!rounding.has_value());
            else
                QCOMPARE(*rounding, expected);
            if (!pool)
                QVERIFY(expected < 0); // biases and norms of a few hundred bytes each are rounded to 512
            ++checked;
        }
        QCOMPARE(checked, 1);
    }

    void theDenseNetworkIsComparedWithItsPredictor()
    {
        const auto result = runOnSim(denseConfig(protocol::Mode::Inference, protocol::AllocatorKind::Native));
        const auto peak = report::peakPhaseIndex(result);
        QVERIFY(peak);
        const auto ledger = report::buildPhaseLedger(result, *peak, report::estimateForPhase(result, *peak));
        const auto& estimate = ledger.section(LedgerSectionKind::Estimate);
        QVERIFY(!estimate.missing);
        QCOMPARE(estimate.parts.size(), std::size_t(1));
        QCOMPARE(*estimate.total.bytes, std::int64_t(*result.phases[*peak].predictedPeakAllocated));
        const auto& differences = ledger.section(LedgerSectionKind::Differences);
        QCOMPARE(differences.parts.front().key, std::string("allocated"));
        QCOMPARE(*differences.parts.front().bytes, std::int64_t(0)); // the predictor is exact
        QCOMPARE(*differences.parts.front().cause, report::LedgerCause::Formula);
        // The assumed context and workspace are outside the allocator and not in the predictor: a difference
        // of exactly their (negative) size.
        const auto& outside = differences.parts.back();
        QCOMPARE(outside.key, std::string("outside"));
        QCOMPARE(*outside.bytes, -std::int64_t(sim::kDefaultSimContextBytes + sim::kDefaultSimWorkspaceBytes));
        QCOMPARE(*outside.cause, report::LedgerCause::NotInEstimate);
    }

    void theSimulatedContextIsOutsideTheAllocatorExactly_data()
    {
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("workspace");
        QTest::addRow("defaults") << quint64(sim::kDefaultSimContextBytes) << quint64(sim::kDefaultSimWorkspaceBytes);
        QTest::addRow("odd sizes") << quint64(123 * units::kMiB + 7) << quint64(5);
        QTest::addRow("none") << quint64(0) << quint64(0);
    }

    void theSimulatedContextIsOutsideTheAllocatorExactly()
    {
        QFETCH(quint64, context);
        QFETCH(quint64, workspace);
        auto config = denseConfig(protocol::Mode::Training, protocol::AllocatorKind::Native);
        config.simContextBytes = context;
        config.simWorkspaceBytes = workspace;
        const auto result = runOnSim(config);
        QVERIFY(result.completed);
        QVERIFY(result.environment.runtimeDescription.find("simulated") != std::string::npos);
        for (const auto& ledger : report::buildLedgers(result)) {
            const auto& outside = ledger.section(LedgerSectionKind::Outside);
            QCOMPARE(*outside.total.bytes, std::int64_t(context + workspace));
            QCOMPARE(outside.parts.size(), std::size_t(3));
            QCOMPARE(outside.parts[0].key, std::string("context"));
            QCOMPARE(*outside.parts[0].bytes, std::int64_t(context));
            QCOMPARE(outside.parts[0].source, report::LedgerSource::Assumed);
            QCOMPARE(*outside.parts[1].bytes, std::int64_t(workspace));
            QCOMPARE(*outside.parts[2].bytes, std::int64_t(0));
            QVERIFY(outside.total.label.english().find("simulated") != std::string::npos);
            // The device-level reading: the allocator's reserved plus exactly the context and workspace.
            const auto& phase = result.phases[ledger.phaseIndex];
            QCOMPARE(*phase.deviceAfter.processUsedBytes, *phase.final.reserved + context + workspace);
        }
    }

    void aCapacityThatCannotHoldTheContextIsRefused()
    {
        auto config = denseConfig(protocol::Mode::Inference, protocol::AllocatorKind::Native);
        config.simCapacityBytes = 100 * units::kMiB; // less than the default 500 MiB context
        device::BackendRegistry registry;
        registry.loadFor(config.deviceId);
        const auto prepared = protocol::prepareRun(registry, config);
        QCOMPARE(prepared.failure, protocol::PreparedRun::Failure::InvalidConfig);
        QVERIFY(prepared.error.find("context") != std::string::npos);
    }

    void missingReadingsGiveNullLines()
    {
        protocol::RunResult result;
        result.simulated = false;
        protocol::PhaseResult phase;
        phase.name = "cold_forward";
        phase.status = protocol::PhaseStatus::Ok;
        phase.peak.allocated = 1000;
        result.phases.push_back(phase);
        const auto ledger = report::buildPhaseLedger(result, 0, std::nullopt);
        QCOMPARE(ledger.sections.size(), report::kLedgerSectionCount);
        QVERIFY(ledger.section(LedgerSectionKind::Estimate).missing);
        QVERIFY(!ledger.section(LedgerSectionKind::Estimate).total.bytes);
        QVERIFY(ledger.section(LedgerSectionKind::ByOwner).missing);
        QCOMPARE(*ledger.section(LedgerSectionKind::ByOwner).total.bytes, std::int64_t(1000));
        const auto& inTime = ledger.section(LedgerSectionKind::InTime);
        QVERIFY(inTime.missing);
        for (const auto& part : inTime.parts)
            QVERIFY2(!part.bytes, part.key.c_str()); // baseline and final not read: no line guesses them
        QVERIFY(ledger.section(LedgerSectionKind::Allocator).missing);
        QVERIFY(!ledger.section(LedgerSectionKind::Allocator).total.bytes);
        const auto& outside = ledger.section(LedgerSectionKind::Outside);
        QVERIFY(outside.missing);
        QVERIFY(!outside.total.bytes);
        for (const auto& part : outside.parts)
            QVERIFY2(!part.bytes, part.key.c_str());
        QVERIFY(ledger.section(LedgerSectionKind::Differences).missing);
        QVERIFY(report::ledgerTable(ledger).find("n/a") != std::string::npos);
        QVERIFY(report::ledgerToJson(ledger)["sections"][4]["total"]["bytes"].is_null());
    }

    void aDeviceWithoutAProcessReadingUsesTheDriversUsed()
    {
        // A GPU whose process usage was not read (no NVML): driver used - reserved, named as including other
        // processes, and what was outside at the run's first reading; unaccounted may be negative.
        protocol::RunResult result;
        result.simulated = false;
        for (int i = 0; i < 2; ++i) {
            protocol::PhaseResult p;
            p.index = i;
            p.name = i == 0 ? "model_load" : "cold_forward";
            p.status = protocol::PhaseStatus::Ok;
            p.baseline = { i == 0 ? 0u : 600u, i == 0 ? 0u : 1000u };
            p.peak = { 900, 2000 };
            p.final = { 600, 1000 };
            p.deviceBefore.usedBytes = i == 0 ? 5000u : 6000u;
            p.deviceAfter.usedBytes = i == 0 ? 6000u : 5500u; // another process freed memory meanwhile
            result.phases.push_back(p);
        }
        const auto ledger = report::buildPhaseLedger(result, 1, std::nullopt);
        const auto& outside = ledger.section(LedgerSectionKind::Outside);
        QVERIFY(outside.total.label.english().find("other processes") != std::string::npos);
        QCOMPARE(*outside.total.bytes, std::int64_t(4500));
        QCOMPARE(outside.parts[0].key, std::string("at_first_reading"));
        QCOMPARE(*outside.parts[0].bytes, std::int64_t(5000));
        QCOMPARE(*outside.parts[1].bytes, std::int64_t(-500)); // negative, shown
        QVERIFY(checkSum(ledger, outside));
        QVERIFY(report::ledgerTable(ledger).find("-500 B") != std::string::npos);
        const auto& inTime = ledger.section(LedgerSectionKind::InTime);
        QVERIFY(checkSum(ledger, inTime));
        QCOMPARE(*inTime.parts[1].bytes, std::int64_t(0)); // kept
        QCOMPARE(*inTime.parts[2].bytes, std::int64_t(300)); // transient
    }

    // A decoder training run: its phases are compared with the sizing engine's phases of the same step, sized
    // from the decoder's inventory (DecoderTrainingSizer), each part counted for its owner.
    void aTrainingRunIsComparedWithTheStepsPhase()
    {
        protocol::RunResult r;
        r.config.workload = protocol::WorkloadKind::Decoder;
        r.config.mode = protocol::Mode::Training;
        protocol::DecoderSpec d;
        d.shape = model::ConfigReader::parse(familyConfig("llama"), "tiny.json");
        d.storage = protocol::WeightStorage::BFloat16;
        training::TrainingRecipe recipe; // hf's LoRA on q_proj and v_proj, float32 adapters
        recipe.microBatch = 2;
        recipe.sequenceLength = 16;
        d.training = recipe;
        r.config.decoder = d;
        for (const char* name : { "first_step.optimizer", "warm_step", "cold_forward" }) {
            protocol::PhaseResult p;
            p.name = name;
            r.phases.push_back(p);
        }
        r.phases[1].repeat = 0;
        const auto optimizer = report::estimateForPhase(r, 0);
        QVERIFY(optimizer.has_value());
        const auto owner = [](const report::PhaseEstimate& e, const std::string& key) {
            for (const auto& part : e.parts)
                if (part.key == key)
                    return std::optional<alloc::Owner>(part.owner);
            return std::optional<alloc::Owner>();
        };
        QCOMPARE(owner(*optimizer, "gradients"), std::optional<alloc::Owner>(alloc::Owner::Gradient));
        QCOMPARE(owner(*optimizer, "optimizer_states"), std::optional<alloc::Owner>(alloc::Owner::OptimizerState));
        QCOMPARE(owner(*optimizer, "lora_adapters"), std::optional<alloc::Owner>(alloc::Owner::Weights));
        const auto warm = report::estimateForPhase(r, 1);
        QVERIFY(warm.has_value());
        QCOMPARE(owner(*warm, "activations"), std::optional<alloc::Owner>(alloc::Owner::Activation));
        QVERIFY(!report::estimateForPhase(r, 2).has_value()); // not a phase of the step
    }

    void signedBytesAreWrittenWithTheirSign()
    {
        QCOMPARE(report::signedBytesText(std::nullopt), std::string("n/a"));
        QCOMPARE(report::signedBytesText(std::int64_t(0), true), std::string("0 B (0.00 GiB)"));
        QCOMPARE(report::signedBytesText(-std::int64_t(units::kGiB)), std::string("-1 073 741 824 B (-1.00 GiB)"));
        QCOMPARE(report::signedBytesText(std::int64_t(units::kGiB), true), std::string("+1 073 741 824 B (+1.00 GiB)"));
        // A small difference reads in MiB, not "-0.00 GiB".
        QCOMPARE(report::signedBytesText(-std::int64_t(1'946'112)), std::string("-1 946 112 B (-1.86 MiB)"));
        QCOMPARE(report::signedBytesText(std::numeric_limits<std::int64_t>::min()).substr(0, 1), std::string("-"));
    }
};

QTEST_GUILESS_MAIN(TestLedger)
#include "tst_ledger.moc"
