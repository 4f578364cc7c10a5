// SPDX-License-Identifier: Apache-2.0
// The sizing engine's per-phase estimate (core/sizing/phaseestimator) against the decoder predictor's peak of the
// same run (issue 12, point 2): 7 families x a tiny and a realistic size x bf16/nf4 x eager/sdpa, prefill and
// decode within max(2 %, 64 MiB). The estimate is a formula from the model's anatomy, the predictor a replay of
// every allocation (core/workloads/DECODER.md); equal to the byte is not the goal, the tolerance is. Also: the
// parts add up to the peak, the new components' lines give their bytes, training's sdpa variant, the defaults.
#include "core/model/configreader.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/sizing/computationlines.h"
#include "core/sizing/inferenceactivations.h"
#include "core/sizing/phaseestimator.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/trainingestimator.h"
#include "core/workloads/runpredictor.h"

#include <QTest>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <string>

using namespace iteragpu;

namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;
constexpr std::uint64_t kAbsoluteTolerance = 64 * kMiB; // bytes
constexpr double kRelativeTolerance = 0.02;

// Tiny configs, one per family, each with what makes its family differ (as tests/measurement/tst_decodermatrix).
std::string tinyConfig(const std::string& family)
{
    const std::string common = R"("hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
        "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72)";
    if (family == "llama")
        return R"({"model_type": "llama", )" + common + "}";
    if (family == "mistral")
        return R"({"model_type": "mistral", "sliding_window": 12, )" + common + "}";
    if (family == "qwen2")
        return R"({"model_type": "qwen2", )" + common + "}";
    if (family == "gemma")
        return R"({"model_type": "gemma", "head_dim": 16, )" + common + "}";
    if (family == "gemma2")
        return R"({"model_type": "gemma2", "head_dim": 16, "sliding_window": 12, )" + common + "}";
    if (family == "phi3")
        return R"({"model_type": "phi3", )" + common + "}";
    return R"({"model_type": "mixtral", "num_local_experts": 4, "num_experts_per_tok": 2, )" + common + "}";
}

// Realistic sizes: the presets where there is one, else the published config.json's shape fields.
model::ModelShape realisticShape(const std::string& family)
{
    const char* preset = family == "llama" ? "llama-2-7b"
        : family == "mistral"              ? "mistral-7b-v0.1"
        : family == "qwen2"                ? "qwen2-7b"
        : family == "gemma"                ? "gemma-7b"
                                           : nullptr;
    if (preset) {
        const auto library = sizing::PresetLibrary::loadDefault();
        const auto* p = library.find(preset);
        if (!p)
            throw sizing::SizingError(std::string("preset missing: ") + preset);
        return p->shape;
    }
    if (family == "gemma2") // google/gemma-2-9b
        return model::ConfigReader::parse(R"({"model_type": "gemma2", "hidden_size": 3584, "num_hidden_layers": 42,
            "num_attention_heads": 16, "num_key_value_heads": 8, "head_dim": 256, "intermediate_size": 14336,
            "vocab_size": 256000, "sliding_window": 4096})",
            "gemma-2-9b.json");
    if (family == "phi3") // microsoft/Phi-3-mini-4k-instruct
        return model::ConfigReader::parse(R"({"model_type": "phi3", "hidden_size": 3072, "num_hidden_layers": 32,
            "num_attention_heads": 32, "num_key_value_heads": 32, "intermediate_size": 8192, "vocab_size": 32064,
            "sliding_window": 2047})",
            "phi-3-mini.json");
    // mistralai/Mixtral-8x7B-v0.1
    return model::ConfigReader::parse(R"({"model_type": "mixtral", "hidden_size": 4096, "num_hidden_layers": 32,
        "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 32000,
        "num_local_experts": 8, "num_experts_per_tok": 2, "sliding_window": null})",
        "mixtral-8x7b.json");
}

struct Run {
    model::ModelShape shape;
    bool nf4 = false;
    bool eager = false;
    std::uint64_t prompt = 0, generated = 0, sequences = 0;
    protocol::KvCacheKind cache = protocol::KvCacheKind::Dynamic;
};

protocol::RunConfig runConfig(const Run& run)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.warmup = 0;
    c.repeats = 0;
    protocol::DecoderSpec d;
    d.shape = run.shape;
    d.modelSource = run.shape.source;
    d.storage = run.nf4 ? protocol::WeightStorage::Nf4 : protocol::WeightStorage::BFloat16;
    d.cache = run.cache;
    d.attention = run.eager ? protocol::AttentionKind::Eager : protocol::AttentionKind::Sdpa;
    d.promptTokens = run.prompt;
    d.generated = run.generated;
    d.sequences = run.sequences;
    d.decodeChunk = 0;
    c.decoder = d;
    return c;
}

// The same run as the sizing engine's request: what the ledger builds from a RunConfig.
sizing::SizingRequest sizingRequest(const Run& run)
{
    sizing::SizingRequest r;
    r.shape = run.shape;
    r.weights.format = run.nf4 ? sizing::WeightFormat::NF4 : sizing::WeightFormat::BF16;
    r.weights.compute = sizing::ScalarType::BF16;
    r.weights.keptType = sizing::ScalarType::BF16;
    sizing::KvCacheOptions kv;
    kv.promptTokens = run.prompt;
    kv.generatedTokens = run.generated;
    kv.sequences = run.sequences;
    kv.dtype = sizing::ScalarType::BF16;
    kv.staticCache = run.cache == protocol::KvCacheKind::Static;
    kv.paged = run.cache == protocol::KvCacheKind::Paged;
    r.kvCache = kv;
    r.attention = run.eager ? sizing::AttentionImpl::Eager : sizing::AttentionImpl::Sdpa;
    return r;
}

std::uint64_t predictedPeak(const workloads::WorkloadPrediction& p, const char* phase)
{
    for (const auto& ph : p.phases)
        if (ph.name == phase)
            return ph.peakAllocated;
    return 0;
}

double mib(std::uint64_t bytes) { return static_cast<double>(bytes) / static_cast<double>(kMiB); }

std::string modelsDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/models/";
}

// The committed checkpoints' configs the decoder builds (tests/data/models/*/config.json), by folder name.
std::vector<std::string> decoderFixtures()
{
    std::vector<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(modelsDir())) {
        const auto config = entry.path() / "config.json";
        if (!std::filesystem::exists(config))
            continue;
        try {
            const auto shape = model::ConfigReader::readFile(config.string());
            if (shape.decoderUnsupported().empty())
                out.push_back(entry.path().filename().string());
        } catch (const std::exception&) {
            // A partial fixture (published.json says which): not a model to run.
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestPhaseEstimate : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qInfo("%-8s %-9s %-4s %-5s %-7s %-8s %14s %14s %10s %7s %-12s %s", "family", "size", "fmt", "attn", "cache",
            "phase", "predicted MiB", "estimate MiB", "diff MiB", "diff %", "stage", "within");
    }

    void withinGoal_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<bool>("realistic");
        QTest::addColumn<bool>("nf4");
        QTest::addColumn<bool>("eager");
        QTest::addColumn<int>("cache");
        for (const char* family : { "llama", "mistral", "qwen2", "gemma", "gemma2", "phi3", "mixtral" })
            for (bool realistic : { false, true })
                for (bool nf4 : { false, true })
                    for (bool eager : { true, false })
                        QTest::addRow("%s %s %s %s", family, realistic ? "realistic" : "tiny", nf4 ? "nf4" : "bf16",
                            eager ? "eager" : "sdpa")
                            << QString::fromLatin1(family) << realistic << nf4 << eager
                            << int(protocol::KvCacheKind::Dynamic);
        // The other caches, where the estimate knows their layout.
        for (const char* family : { "llama", "mistral", "gemma2" })
            for (auto cache : { protocol::KvCacheKind::Static, protocol::KvCacheKind::Paged })
                for (bool eager : { true, false })
                    QTest::addRow(
                        "%s realistic bf16 %s %s", family, eager ? "eager" : "sdpa", protocol::kvCacheName(cache))
                        << QString::fromLatin1(family) << true << false << eager << int(cache);
    }

    void withinGoal()
    {
        QFETCH(QString, family);
        QFETCH(bool, realistic);
        QFETCH(bool, nf4);
        QFETCH(bool, eager);
        QFETCH(int, cache);
        Run run;
        const std::string f = family.toStdString();
        run.shape = realistic ? realisticShape(f) : model::ConfigReader::parse(tinyConfig(f), f + ".json");
        run.nf4 = nf4;
        run.eager = eager;
        run.cache = protocol::KvCacheKind(cache);
        // The issue's case: 4 096 prompt tokens x 4 sequences, 256 generated. Tiny: a prompt longer than the windows.
        run.prompt = realistic ? 4096 : 21;
        run.generated = realistic ? 256 : 14;
        run.sequences = realistic ? 4 : 2;

        const auto config = runConfig(run);
        QVERIFY2(protocol::validateConfig(config).empty(), protocol::validateConfig(config).c_str());
        const auto prediction = workloads::predictRun(config);
        QVERIFY2(prediction.error.empty(), prediction.error.c_str());
        const auto phases = sizing::PhaseEstimator::estimate(sizingRequest(run));

        for (const char* name : { "model_load", "inputs", "prefill", "decode" }) {
            const auto* est = sizing::PhaseEstimator::forPhase(phases, name);
            QVERIFY2(est, name);
            const std::uint64_t predicted = predictedPeak(prediction, name);
            QVERIFY2(predicted > 0, name);
            const std::uint64_t estimate = est->peakAllocated;
            const double diff = static_cast<double>(estimate) - static_cast<double>(predicted);
            const double tolerance = std::max(
                kRelativeTolerance * static_cast<double>(predicted), static_cast<double>(kAbsoluteTolerance));
            const bool within = std::abs(diff) <= tolerance;
            qInfo("%-8s %-9s %-4s %-5s %-7s %-8s %14.2f %14.2f %+10.2f %+7.3f %-12s %s", f.c_str(),
                realistic ? "realistic" : "tiny", nf4 ? "nf4" : "bf16", eager ? "eager" : "sdpa",
                protocol::kvCacheName(run.cache), name, mib(predicted), mib(estimate), diff / kMiB,
                100.0 * diff / static_cast<double>(predicted), est->peakStage.c_str(), within ? "yes" : "NO");
            QVERIFY2(within,
                qPrintable(QStringLiteral("%1: estimate %2, predicted %3")
                               .arg(QLatin1String(name))
                               .arg(estimate)
                               .arg(predicted)));
            // The parts add up to the peak, the workspace (outside the allocator) aside.
            std::uint64_t sum = 0;
            for (const auto& part : est->parts)
                if (part.inAllocator)
                    sum += part.bytes;
            QCOMPARE(sum, estimate);
        }
        // The weights' tensor bytes are the workload's (DECODER.md "Formats"); what model_load's prediction holds
        // above them is the caching allocator's rounding (512 bytes, and a large block's remainder under 1 MiB
        // that is not split off), which the estimate leaves to the ledger's allocator lines.
        QVERIFY(sizing::PhaseEstimator::forPhase(phases, "model_load")->peakAllocated
            <= predictedPeak(prediction, "model_load"));
    }

    // Every committed checkpoint the decoder builds, bf16, at a prompt that crosses the smaller windows (Gemma-3-1B's
    // 512 fills while it decodes) x 2 sequences, run on the simulated card: the estimate of each phase against what
    // the run's tensors requested at the phase's peak (the allocator's rounding to whole blocks is the ledger's line
    // of its own, not the formula's). Not a tolerance of a share of the peak: the estimate is the bytes, within
    // what the allocated peak moment and the requested bytes differ by (a block's rounding) and 1 MiB.
    void everyFixture_data()
    {
        QTest::addColumn<QString>("slug");
        QTest::addColumn<bool>("eager");
        QTest::addColumn<int>("cache");
        const auto fixtures = decoderFixtures();
        QVERIFY(fixtures.size() >= 30);
        for (const auto& slug : fixtures)
            for (auto cache : { protocol::KvCacheKind::Dynamic, protocol::KvCacheKind::Static, protocol::KvCacheKind::Paged })
                for (bool eager : { false, true })
                    QTest::addRow("%s %s %s", slug.c_str(), eager ? "eager" : "sdpa", protocol::kvCacheName(cache))
                        << QString::fromStdString(slug) << eager << int(cache);
    }

    void everyFixture()
    {
        QFETCH(QString, slug);
        QFETCH(bool, eager);
        QFETCH(int, cache);
        Run run;
        run.shape = model::ConfigReader::readFile(modelsDir() + slug.toStdString() + "/config.json");
        run.eager = eager;
        run.cache = protocol::KvCacheKind(cache);
        run.prompt = 500;
        run.generated = 16;
        run.sequences = 2;
        const auto config = runConfig(run);
        QVERIFY2(protocol::validateConfig(config).empty(), protocol::validateConfig(config).c_str());
        sim::SimBackend backend(sim::SimOptions { 8ULL << 40, 0 });
        const auto result = protocol::Runner::runBlocking(config, { "sim", backend.runtimeDescription(), true },
            [&backend](device::Status& st) { return backend.open(0, st); }, nullptr);
        const auto phases = sizing::PhaseEstimator::estimate(sizingRequest(run));
        int compared = 0;
        for (const auto& ph : result.phases) {
            const std::string name = protocol::phaseLabel(ph);
            if (name != "prefill" && name != "decode")
                continue;
            QVERIFY2(ph.status == protocol::PhaseStatus::Ok, name.c_str());
            QVERIFY2(ph.peakMoment && ph.peakMoment->ownersRequested, name.c_str());
            const auto& owners = *ph.peakMoment->ownersRequested;
            const std::uint64_t requested = std::accumulate(owners.begin(), owners.end(), std::uint64_t { 0 });
            const auto* est = sizing::PhaseEstimator::forPhase(phases, name);
            QVERIFY2(est, name.c_str());
            const double diff = static_cast<double>(est->peakAllocated) - static_cast<double>(requested);
            qInfo("%-22s %-5s %-7s %-8s requested at the peak %12.2f MiB, estimate %12.2f MiB, %+9.3f MiB (%s)",
                qPrintable(slug), eager ? "eager" : "sdpa", protocol::kvCacheName(run.cache), name.c_str(),
                mib(requested), mib(est->peakAllocated), diff / kMiB, est->peakStage.c_str());
            QVERIFY2(std::abs(diff) <= static_cast<double>(kMiB),
                qPrintable(QStringLiteral("%1: estimate %2, requested at the peak %3")
                               .arg(QString::fromStdString(name))
                               .arg(est->peakAllocated)
                               .arg(requested)));
            ++compared;
        }
        QCOMPARE(compared, 2);
    }

    // The issue's "done when": Llama-2-7B bf16, 4 096 x 4 prompt tokens, eager: the scores are the prefill's
    // largest stage, and they are what today's estimate (weights + KV cache) leaves out.
    void eagerLlamaNamesTheScores()
    {
        Run run;
        run.shape = realisticShape("llama");
        run.eager = true;
        run.prompt = 4096;
        run.generated = 256;
        run.sequences = 4;
        const auto e = sizing::SizingEngine::estimate(sizingRequest(run));
        const auto* prefill = e.find("prefill_activations");
        QVERIFY(prefill && prefill->bytes);
        QCOMPARE(e.inferenceActivations->prefill.stage, std::string("attention"));
        // scores [4, 32, 4096, 4096] in bf16 + their float32 softmax: 6 bytes x 2^31 elements
        QCOMPARE(e.inferenceActivations->prefill.scores, 6ULL * 4 * 32 * 4096 * 4096);
        QCOMPARE(e.largestPhase, std::string("prefill"));
        QCOMPARE(e.phases.size(), std::size_t(2));
        bool attentionNamed = false;
        for (const auto& a : e.assumptions)
            attentionNamed = attentionNamed || a.english() == "attention: eager";
        QVERIFY(attentionNamed);
    }

    // Every line's bytes is its component's (Note [Lines recompute]), for the new components too.
    void linesGiveTheComponents_data()
    {
        QTest::addColumn<bool>("nf4");
        QTest::addColumn<bool>("eager");
        QTest::addColumn<qulonglong>("tp");
        QTest::addRow("bf16 eager") << false << true << 1ULL;
        QTest::addRow("nf4 sdpa") << true << false << 1ULL;
        QTest::addRow("nf4 eager tp 2") << true << true << 2ULL;
    }

    void linesGiveTheComponents()
    {
        QFETCH(bool, nf4);
        QFETCH(bool, eager);
        QFETCH(qulonglong, tp);
        Run run;
        run.shape = realisticShape("mixtral");
        run.nf4 = nf4;
        run.eager = eager;
        run.prompt = 1000;
        run.generated = 24;
        run.sequences = 3;
        auto request = sizingRequest(run);
        request.tensorParallel = tp;
        const auto e = sizing::SizingEngine::estimate(request);
        for (const char* id : { "prefill_activations", "decode_activations" })
            QVERIFY2(e.find(id), id);
        QCOMPARE(e.find("dequantization") != nullptr, nf4);
        std::size_t matched = 0;
        for (const auto& line : e.computation) {
            if (line.componentId == "reserve")
                continue;
            const auto* c = e.find(line.componentId);
            QVERIFY2(c && c->bytes, line.componentId.c_str());
            QCOMPARE(line.bytes, *c->bytes);
            QVERIFY(!line.english().empty());
            ++matched;
        }
        QCOMPARE(matched, e.components.size());
    }

    // Without an attention implementation the estimate is the one before: no new component, one inference phase.
    void withoutAttentionUnchanged()
    {
        Run run;
        run.shape = realisticShape("llama");
        run.prompt = 4096;
        run.generated = 256;
        run.sequences = 4;
        auto request = sizingRequest(run);
        request.attention.reset();
        const auto e = sizing::SizingEngine::estimate(request);
        QCOMPARE(e.components.size(), std::size_t(2));
        QCOMPARE(e.phases.size(), std::size_t(1));
        QCOMPARE(e.phases[0].id, std::string("inference"));
        QVERIFY(!e.inferenceActivations);
        // PhaseEstimator takes sdpa then.
        const auto phases = sizing::PhaseEstimator::estimate(request);
        request.attention = sizing::AttentionImpl::Sdpa;
        QCOMPARE(sizing::PhaseEstimator::forPhase(phases, "prefill")->peakAllocated,
            sizing::PhaseEstimator::forPhase(sizing::PhaseEstimator::estimate(request), "prefill")->peakAllocated);
        QCOMPARE(sizing::PhaseEstimator::forPhase(phases, "warm_prefill#2"),
            sizing::PhaseEstimator::forPhase(phases, "prefill"));
        QCOMPARE(
            sizing::PhaseEstimator::forPhase(phases, "decode#0"), sizing::PhaseEstimator::forPhase(phases, "decode"));
        QVERIFY(!sizing::PhaseEstimator::forPhase(phases, "cold_forward"));
    }

    // Training from the decoder's inventory: no choice is sdpa (the decoder's default, as for the phases); eager
    // keeps probs [B, heads, S, S] (bf16) for the backward instead of sdpa's attn [T, heads x 128] and float32
    // lse [B, heads, S] (hf's LoRA adapters on q and v: o_proj's input is not kept). Korthikanti et al.'s
    // formula, the estimate for a model the inventory does not size, keeps its s x s terms with eager only.
    void trainingSdpa()
    {
        sizing::SizingRequest r;
        r.shape = realisticShape("llama");
        r.weights.format = sizing::WeightFormat::NF4;
        sizing::TrainingOptions t;
        t.mode = sizing::TrainingMode::LoRA;
        t.microBatch = 4;
        t.sequenceLength = 2048;
        r.training = t;
        const auto before = sizing::SizingEngine::estimate(r);
        r.attention = sizing::AttentionImpl::Eager;
        const auto eager = sizing::SizingEngine::estimate(r);
        r.attention = sizing::AttentionImpl::Sdpa;
        const auto sdpa = sizing::SizingEngine::estimate(r);
        QVERIFY(sdpa.trainingStep && eager.trainingStep);
        QCOMPARE(sdpa.bytesOf("activations"), before.bytesOf("activations"));
        const std::uint64_t s = 2048, b = 4, h = 4096, a = 32, layers = 32;
        QCOMPARE(eager.bytesOf("activations") - sdpa.bytesOf("activations"),
            layers * (b * a * s * s * 2 - s * b * h * 2 - 4 * b * a * s));
        QCOMPARE(sizing::TrainingEstimator::layerActivations(s, b, h, a, sizing::ScalarType::BF16),
            s * b * h * 34 + 5 * a * s * s * b);
        QCOMPARE(sizing::TrainingEstimator::layerActivations(
                     s, b, h, a, sizing::ScalarType::BF16, 1, sizing::AttentionImpl::Sdpa),
            s * b * h * 34 + 4 * a * s * b);
        qInfo("LoRA 4 x 2048 activations: eager %.2f GiB, sdpa %.2f GiB",
            static_cast<double>(eager.bytesOf("activations")) / (1024.0 * kMiB),
            static_cast<double>(sdpa.bytesOf("activations")) / (1024.0 * kMiB));
        for (const auto& line : sdpa.computation)
            if (line.componentId == "activations")
                QCOMPARE(line.bytes, sdpa.bytesOf("activations"));
    }

    void refusals()
    {
        sizing::SizingRequest r;
        r.parameters = 7'000'000'000ULL;
        QVERIFY_THROWS_EXCEPTION(sizing::SizingError, sizing::PhaseEstimator::estimate(r));
        r.shape = realisticShape("llama");
        QVERIFY_THROWS_EXCEPTION(sizing::SizingError, sizing::PhaseEstimator::estimate(r));
        // Attention without tokens: the engine says the activations are not computed.
        r.attention = sizing::AttentionImpl::Sdpa;
        const auto e = sizing::SizingEngine::estimate(r);
        QVERIFY(!e.find("prefill_activations"));
        QCOMPARE(e.phases[0].id, std::string("inference"));
    }
};

QTEST_GUILESS_MAIN(TestPhaseEstimate)
#include "tst_phaseestimate.moc"
