// SPDX-License-Identifier: Apache-2.0
// The decoder's training step: its prediction equals its measurement to the byte, phase by phase, on the
// simulated device, over the families the decoder trains x {full, LoRA, QLoRA} x {checkpointing on, off} x
// {eager, sdpa} x {hf, torchtune} x {eager PyTorch, compiled}, and the recipe options over a smaller set. The workload
// (core/workloads/decoderworkloadtraining.cpp) and the predictor (core/workloads/trainingreplay.cpp) are written
// separately from core/workloads/DECODER.md "Training": a byte of difference means one does not follow it.
#include "core/model/configreader.h"
#include "core/protocol/phaseplan.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/training/recipechoices.h"
#include "core/workloads/runpredictor.h"

#include <QTest>
#include <numeric>
#include <string>

using namespace iteragpu;
using training::Method;

namespace {

// Tiny configs of the dense families, read by the real config reader (the MoE ones do not train yet).
std::string familyConfig(const std::string& family)
{
    const std::string common = R"("hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
        "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72)";
    if (family == "mistral")
        return R"({"model_type": "mistral", "sliding_window": 12, )" + common + "}";
    if (family == "qwen2") // q/k/v biases
        return R"({"model_type": "qwen2", )" + common + "}";
    if (family == "gemma") // head_dim of its own, tied, sqrt(H) embedding scale
        return R"({"model_type": "gemma", "head_dim": 16, )" + common + "}";
    if (family == "gemma2") // 4 norms, alternating windows
        return R"({"model_type": "gemma2", "head_dim": 16, "sliding_window": 12, )" + common + "}";
    if (family == "qwen3") // q/k norms per head
        return R"({"model_type": "qwen3", "head_dim": 16, )" + common + "}";
    if (family == "gemma3_text")
        return R"({"model_type": "gemma3_text", "head_dim": 16, "sliding_window": 12, "sliding_window_pattern": 3, )"
            + common + "}";
    if (family == "olmo2") // q/k norms over the whole projections
        return R"({"model_type": "olmo2", )" + common + "}";
    if (family == "cohere2") // one LayerNorm, parallel attention and MLP, NoPE global layers
        return R"({"model_type": "cohere2", "sliding_window": 12, "sliding_window_pattern": 3, )" + common + "}";
    if (family == "starcoder2") // plain MLP, biases, LayerNorms with biases
        return R"({"model_type": "starcoder2", "sliding_window": 12, "hidden_act": "gelu_pytorch_tanh", )" + common
            + "}";
    if (family == "falcon") // multi-query, parallel, 4 x hidden, one LayerNorm with bias
        return R"({"model_type": "falcon", "hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
            "vocab_size": 72, "multi_query": true, "parallel_attn": true})";
    return R"({"model_type": "llama", )" + common + "}";
}

protocol::RunConfig trainingConfig(const std::string& family, const training::RecipeChoices& choices,
    protocol::AttentionKind attention, protocol::AllocatorKind allocator)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.mode = protocol::Mode::Training;
    c.dtype = device::DType::BFloat16;
    c.allocator = allocator;
    c.warmup = 1;
    c.repeats = 2;
    c.samplingHz = protocol::kMinSamplingHz;
    protocol::DecoderSpec d;
    d.shape = model::ConfigReader::parse(familyConfig(family), family + ".json");
    d.modelSource = family + ".json";
    d.storage = choices.method == Method::Qlora ? protocol::WeightStorage::Nf4 : protocol::WeightStorage::BFloat16;
    d.attention = attention;
    training::RecipeChoices given = choices;
    if (!given.microBatch)
        given.microBatch = 2;
    if (!given.sequenceLength)
        given.sequenceLength = 21; // longer than the windows, not a multiple of anything
    if (!given.rank && choices.method != Method::Full)
        given.rank = 4;
    d.training = training::resolveRecipe(given);
    c.decoder = d;
    return c;
}

std::uint64_t sum(const alloc::OwnerBytes& owners)
{
    return std::accumulate(owners.begin(), owners.end(), std::uint64_t { 0 });
}

// Runs the configuration on sim and compares every phase with the prediction; false (with the phase printed)
// on the first difference.
void compareWithPrediction(const protocol::RunConfig& config)
{
    QVERIFY2(protocol::validateConfig(config).empty(), protocol::validateConfig(config).c_str());
    const auto prediction = workloads::predictRun(config);
    QVERIFY2(prediction.error.empty(), prediction.error.c_str());
    sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
    const auto result = protocol::Runner::runBlocking(
        config, { "sim", backend.runtimeDescription(), true },
        [&backend](device::Status& s) { return backend.open(0, s); }, nullptr);
    QVERIFY2(result.error.empty(), result.error.c_str());
    QVERIFY(result.completed);
    const auto plan = protocol::planPhases(config);
    QCOMPARE(result.phases.size(), plan.size());
    QCOMPARE(prediction.phases.size(), plan.size());
    for (std::size_t i = 0; i < plan.size(); ++i) {
        const auto& measured = result.phases[i];
        const auto& predicted = prediction.phases[i];
        const QByteArray where = QByteArray::fromStdString(protocol::phaseLabel(measured));
        QVERIFY2(measured.status == protocol::PhaseStatus::Ok, where + ": " + measured.error.c_str());
        QVERIFY2(measured.peak.allocated && measured.baseline.allocated && measured.final.allocated, where);
        if (*measured.baseline.allocated != predicted.baselineAllocated
            || *measured.peak.allocated != predicted.peakAllocated
            || *measured.final.allocated != predicted.finalAllocated)
            qWarning("%s: measured baseline/peak/final %llu/%llu/%llu, predicted %llu/%llu/%llu", where.constData(),
                static_cast<unsigned long long>(*measured.baseline.allocated),
                static_cast<unsigned long long>(*measured.peak.allocated),
                static_cast<unsigned long long>(*measured.final.allocated),
                static_cast<unsigned long long>(predicted.baselineAllocated),
                static_cast<unsigned long long>(predicted.peakAllocated),
                static_cast<unsigned long long>(predicted.finalAllocated));
        QCOMPARE(*measured.baseline.allocated, predicted.baselineAllocated);
        QCOMPARE(*measured.peak.allocated, predicted.peakAllocated);
        QCOMPARE(*measured.final.allocated, predicted.finalAllocated);
        if (predicted.peakReserved) {
            QVERIFY(measured.peak.reserved);
            QCOMPARE(*measured.peak.reserved, *predicted.peakReserved);
        }
        // The owners at the peak moment, as the allocator counts them, and what the phase leaves.
        QVERIFY2(measured.peakMoment && measured.ownersAtFinal, where);
        if (predicted.ownersAtPeak) {
            for (std::size_t o = 0; o < alloc::kOwnerCount; ++o)
                if (measured.peakMoment->owners[o] != (*predicted.ownersAtPeak)[o])
                    qWarning("%s: owner %s at the peak: measured %llu, predicted %llu", where.constData(),
                        alloc::ownerName(alloc::Owner(o)),
                        static_cast<unsigned long long>(measured.peakMoment->owners[o]),
                        static_cast<unsigned long long>((*predicted.ownersAtPeak)[o]));
            QCOMPARE(measured.peakMoment->owners, *predicted.ownersAtPeak);
        }
        if (predicted.ownersAtFinal)
            QCOMPARE(*measured.ownersAtFinal, *predicted.ownersAtFinal);
        QCOMPARE(sum(measured.peakMoment->owners), *measured.peak.allocated);
    }
}

} // namespace

class TestDecoderTrainingMatrix : public QObject {
    Q_OBJECT
private slots:
    void predictedEqualsMeasured_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("method");
        QTest::addColumn<bool>("checkpointing");
        QTest::addColumn<int>("attention");
        QTest::addColumn<int>("framework");
        QTest::addColumn<bool>("compiled");
        for (const char* family : { "llama", "mistral", "qwen2", "gemma", "gemma2", "qwen3", "gemma3_text", "olmo2",
                 "cohere2", "starcoder2", "falcon" })
            for (Method method : { Method::Full, Method::Lora, Method::Qlora })
                for (bool checkpointing : { false, true })
                    for (auto attention : { protocol::AttentionKind::Eager, protocol::AttentionKind::Sdpa })
                        for (auto framework : { training::Framework::Hf, training::Framework::Torchtune })
                            for (bool compiled : { false, true })
                                QTest::addRow("%s %s %s %s %s %s", family, training::methodName(method),
                                    checkpointing ? "checkpointing" : "no-checkpointing",
                                    protocol::attentionName(attention), training::frameworkName(framework),
                                    compiled ? "compiled" : "eager-pytorch")
                                    << QString::fromLatin1(family) << int(method) << checkpointing << int(attention)
                                    << int(framework) << compiled;
    }
    void predictedEqualsMeasured()
    {
        QFETCH(QString, family);
        QFETCH(int, method);
        QFETCH(bool, checkpointing);
        QFETCH(int, attention);
        QFETCH(int, framework);
        QFETCH(bool, compiled);
        training::RecipeChoices c;
        c.framework = training::Framework(framework);
        c.method = Method(method);
        c.checkpointing = checkpointing;
        c.compiled = compiled;
        if (c.method != Method::Full) // every adapter target the layer has
            c.targets = training::parseLoraTargets("all-linear").targets;
        compareWithPrediction(trainingConfig(
            family.toStdString(), c, protocol::AttentionKind(attention), protocol::AllocatorKind::Native));
    }

    // The recipe's options, each on the families whose layers differ most, on both allocators.
    void options_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("variant");
        QTest::addColumn<int>("allocator");
        const char* variants[] = { "adamw", "sgd", "adam8bit", "adam8bit paged", "adamw paged", "in-backward",
            "master weights", "grad accum 3", "eval and export", "chunked loss 5", "fp32 adapters", "bf16 adapters",
            "qlora nf4-dq", "compiled chunked loss 5", "compiled eval and export", "compiled grad accum 3",
            "compiled in-backward", "compiled fp32" };
        for (const char* family : { "llama", "gemma2", "falcon" })
            for (int v = 0; v < int(std::size(variants)); ++v)
                for (auto allocator : { protocol::AllocatorKind::Native, protocol::AllocatorKind::Async })
                    QTest::addRow("%s %s %s", family, variants[v], protocol::allocatorName(allocator))
                        << QString::fromLatin1(family) << v << int(allocator);
    }
    void options()
    {
        QFETCH(QString, family);
        QFETCH(int, variant);
        QFETCH(int, allocator);
        training::RecipeChoices c;
        c.method = Method::Full;
        bool dq = false;
        bool fp32 = false;
        switch (variant) {
        case 0:
            c.optimizer = training::OptimizerKind::AdamW;
            break;
        case 1:
            c.optimizer = training::OptimizerKind::Sgd;
            break;
        case 2:
            c.optimizer = training::OptimizerKind::AdamW8bit;
            break;
        case 3:
            c.optimizer = training::OptimizerKind::AdamW8bit;
            c.pagedOptimizer = true;
            break;
        case 4:
            c.method = Method::Lora;
            c.pagedOptimizer = true;
            break;
        case 5:
            c.optimizerInBackward = true;
            break;
        case 6:
            c.masterWeights = true;
            break;
        case 7:
            c.method = Method::Lora;
            c.gradAccum = 3;
            break;
        case 8:
            c.method = Method::Lora;
            c.evalBatch = 3;
            c.exportCopy = true;
            break;
        case 9:
            c.lossChunks = 5;
            break;
        case 10:
            c.method = Method::Lora;
            c.adapterFp32 = true;
            break;
        case 11:
            c.method = Method::Lora;
            c.adapterFp32 = false;
            break;
        case 12:
            c.method = Method::Qlora;
            dq = true;
            break;
        case 13:
            c.compiled = true;
            c.lossChunks = 5;
            break;
        case 14:
            c.method = Method::Lora;
            c.compiled = true;
            c.evalBatch = 3;
            c.exportCopy = true;
            break;
        case 15:
            c.method = Method::Lora;
            c.compiled = true;
            c.gradAccum = 3;
            break;
        case 16:
            c.compiled = true;
            c.optimizerInBackward = true;
            break;
        case 17: // float32 compute: the compiled norms' input is float32 itself
            c.compiled = true;
            fp32 = true;
            break;
        default:
            break;
        }
        auto config = trainingConfig(
            family.toStdString(), c, protocol::AttentionKind::Sdpa, protocol::AllocatorKind(allocator));
        if (dq)
            config.decoder->storage = protocol::WeightStorage::Nf4DoubleQuant;
        if (fp32) {
            config.dtype = device::DType::Float32;
            config.decoder->storage = protocol::WeightStorage::Float32;
        }
        compareWithPrediction(config);
    }
};

QTEST_GUILESS_MAIN(TestDecoderTrainingMatrix)
#include "tst_decodertrainingmatrix.moc"
