// SPDX-License-Identifier: Apache-2.0
// The sizing engine: every worked number of the seeds, each weight format, KV cache variants, training
// components, reserve, fit verdicts and the largest context / batch. Expected values are written as the
// arithmetic of the documented formula, never copied from the engine's output.
#include "core/model/configreader.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/estimatereport.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/kvcacheestimator.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/resourcepaths.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/trainingestimator.h"
#include "core/sizing/weightestimator.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>

using namespace iteragpu;
using namespace iteragpu::sizing;

namespace {

model::ModelShape fixture(const char* name)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    const std::string base = dir ? dir : "tests/data";
    return model::ConfigReader::readFile(base + "/sizing/" + name + ".config.json");
}

constexpr std::uint64_t k7B = 7'000'000'000ULL;

GpuCard card(std::uint64_t mib)
{
    GpuCard c;
    c.id = "test";
    c.name = "test card";
    c.reportedBytes = mib * units::kMiB;
    return c;
}

} // namespace

class TestSizingEngine : public QObject {
    Q_OBJECT
private slots:
    void seedWorkedNumbers_data()
    {
        QTest::addColumn<quint64>("bits");
        QTest::addColumn<double>("reserveGiB");
        QTest::addColumn<quint64>("weights");
        QTest::addColumn<quint64>("total");
        QTest::addColumn<QByteArray>("gib");
        QTest::addRow("7e9 x 16 bit") << quint64(16) << 0.0 << quint64(14'000'000'000ULL) << quint64(14'000'000'000ULL)
                                      << QByteArray("13.04 GiB");
        QTest::addRow("7e9 x 32 bit") << quint64(32) << 0.0 << quint64(28'000'000'000ULL) << quint64(28'000'000'000ULL)
                                      << QByteArray("26.08 GiB");
        QTest::addRow("7e9 x 4 bit compact")
            << quint64(4) << 0.0 << quint64(3'500'000'000ULL) << quint64(3'500'000'000ULL) << QByteArray("3.26 GiB");
        QTest::addRow("16 bit + 4 GiB reserve")
            << quint64(16) << 4.0 << quint64(14'000'000'000ULL) << quint64(14'000'000'000ULL + 4 * units::kGiB)
            << QByteArray("17.04 GiB");
    }

    void seedWorkedNumbers()
    {
        QFETCH(quint64, bits);
        QFETCH(double, reserveGiB);
        QFETCH(quint64, weights);
        QFETCH(quint64, total);
        QFETCH(QByteArray, gib);
        SizingRequest r;
        r.parameters = k7B;
        r.bits = bits;
        r.reserve = Reserve::typed(reserveGiB, units::Unit::GiB);
        const auto e = SizingEngine::estimate(r);
        QCOMPARE(e.bytesOf("weights"), weights);
        QCOMPARE(e.total(), total);
        QCOMPARE(QByteArray::fromStdString(units::format(e.total(), units::Unit::GiB)), gib);
    }

    void weightFormatsFromParameterCount_data()
    {
        QTest::addColumn<QByteArray>("format");
        QTest::addColumn<quint64>("expected");
        const std::uint64_t n = k7B;
        const std::uint64_t blocks64 = n / 64 + (n % 64 ? 1 : 0);
        const std::uint64_t groups128 = n / 128 + (n % 128 ? 1 : 0);
        QTest::addRow("fp32") << QByteArray("fp32") << quint64(4 * n);
        QTest::addRow("fp16") << QByteArray("fp16") << quint64(2 * n);
        QTest::addRow("bf16") << QByteArray("bf16") << quint64(2 * n);
        QTest::addRow("fp8 e4m3") << QByteArray("fp8-e4m3") << quint64(n);
        QTest::addRow("fp8 e5m2") << QByteArray("fp8-e5m2") << quint64(n);
        QTest::addRow("int8") << QByteArray("int8") << quint64(n);
        QTest::addRow("4-bit compact") << QByteArray("int4-compact") << quint64(3'500'000'000ULL);
        QTest::addRow("nf4: 4.5 bit") << QByteArray("nf4") << quint64(n / 2 + blocks64 * 4);
        QTest::addRow("fp4: 4.5 bit") << QByteArray("fp4") << quint64(n / 2 + blocks64 * 4);
        QTest::addRow("nf4 double quant")
            << QByteArray("nf4-dq") << quint64(n / 2 + blocks64 + (blocks64 / 256 + (blocks64 % 256 ? 1 : 0)) * 4);
        QTest::addRow("gptq int4 g128") << QByteArray("gptq-int4") << quint64(n / 2 + groups128 * 2 + groups128 / 2);
        QTest::addRow("awq int4 g128") << QByteArray("awq-int4") << quint64(n / 2 + groups128 * 2 + groups128 / 2);
    }

    void weightFormatsFromParameterCount()
    {
        QFETCH(QByteArray, format);
        QFETCH(quint64, expected);
        const auto f = weightFormatFromName(format.toStdString());
        QVERIFY(f.has_value());
        WeightOptions o;
        o.format = *f;
        const auto w = WeightEstimator::estimate(k7B, o);
        QCOMPARE(w.bytes, expected);
        QVERIFY(!w.assumptions.empty());
        QVERIFY(!std::string(weightFormatInfo(*f).assumptions).empty());
    }

    void bitsPerParameter_data()
    {
        QTest::addColumn<QByteArray>("format");
        QTest::addColumn<double>("bits");
        QTest::addRow("nf4") << QByteArray("nf4") << 4.5;
        QTest::addRow("nf4 double quant") << QByteArray("nf4-dq") << 4.127;
        QTest::addRow("gptq g128") << QByteArray("gptq-int4") << 4.15625;
    }

    void bitsPerParameter()
    {
        QFETCH(QByteArray, format);
        QFETCH(double, bits);
        WeightOptions o;
        o.format = *weightFormatFromName(format.toStdString());
        const std::uint64_t n = 64ULL * 256 * 1000 * 1000; // whole blocks and groups
        const auto w = WeightEstimator::estimate(n, o);
        QVERIFY2(
            std::abs(static_cast<double>(w.bytes) * 8.0 / static_cast<double>(n) - bits) < 0.001, format.constData());
    }

    void weightFormatsWithShape_data()
    {
        QTest::addColumn<QByteArray>("format");
        QTest::addColumn<quint64>("expected");
        // Llama-2-7B: 32 layers; linears q,k,v,o [4096 x 4096], gate/up [11008 x 4096], down [4096 x 11008].
        const std::uint64_t attn = 4096ULL * 4096; // one q/k/v/o tensor
        const std::uint64_t mlp = 4096ULL * 11008; // one gate/up/down tensor
        const std::uint64_t linear = 32 * (4 * attn + 3 * mlp);
        const std::uint64_t kept = 2 * 32000ULL * 4096 + 65 * 4096; // embeddings + lm_head + 65 norms, bf16
        QTest::addRow("bf16: everything 2 bytes") << QByteArray("bf16") << quint64(2 * 6'738'415'616ULL);
        QTest::addRow("nf4, kept modules in bf16")
            << QByteArray("nf4") << quint64(2 * kept + linear / 2 + linear / 64 * 4 + 7 * 32 * 64);
        QTest::addRow("int8, fp32 row scales")
            << QByteArray("int8") << quint64(2 * kept + linear + 32 * 4 * (4 * 4096 + 2 * 11008 + 4096));
        QTest::addRow("fp8, fp32 scale per tensor")
            << QByteArray("fp8-e4m3") << quint64(2 * kept + linear + 7 * 32 * 4);
        // AWQ g128: qweight in*out/2, fp16 scales (in/128)*out*2, zeros (in/128)*(out/8)*4.
        const auto awq = [](std::uint64_t in, std::uint64_t out) {
            return in * out / 2 + (in / 128) * out * 2 + (in / 128) * (out / 8) * 4;
        };
        QTest::addRow("awq int4 g128") << QByteArray(
            "awq-int4") << quint64(2 * kept + 32 * (4 * awq(4096, 4096) + 2 * awq(4096, 11008) + awq(11008, 4096)));
        QTest::addRow("gptq int4 g128 (+ g_idx)")
            << QByteArray("gptq-int4")
            << quint64(2 * kept + 32 * (4 * awq(4096, 4096) + 2 * awq(4096, 11008) + awq(11008, 4096))
                   + 32 * 4 * (6 * 4096 + 11008));
    }

    void weightFormatsWithShape()
    {
        QFETCH(QByteArray, format);
        QFETCH(quint64, expected);
        WeightOptions o;
        o.format = *weightFormatFromName(format.toStdString());
        const auto w = WeightEstimator::estimate(fixture("llama-2-7b"), o);
        QCOMPARE(w.bytes, expected);
    }

    void keptModulesCanBeChanged()
    {
        WeightOptions o;
        o.format = WeightFormat::Int4Compact;
        o.keptModules = std::vector<std::string> {};
        const auto shape = fixture("llama-2-7b");
        QCOMPARE(WeightEstimator::estimate(shape, o).bytes, 6'738'415'616ULL / 2);
        o.keptModules = std::vector<std::string> { "nonsense" };
        QVERIFY_THROWS_EXCEPTION(SizingError, WeightEstimator::estimate(shape, o));
    }

    void kvCache_data()
    {
        QTest::addColumn<quint64>("layers");
        QTest::addColumn<quint64>("kvHeads");
        QTest::addColumn<quint64>("headDim");
        QTest::addColumn<quint64>("prompt");
        QTest::addColumn<quint64>("generated");
        QTest::addColumn<quint64>("sequences");
        QTest::addColumn<quint64>("window"); // 0 = none
        QTest::addColumn<quint64>("capacity"); // 0 = dynamic cache
        QTest::addColumn<QByteArray>("dtype");
        QTest::addColumn<quint64>("expected");
        QTest::addRow("seed: 1 sequence = 1 GiB")
            << quint64(32) << quint64(8) << quint64(128) << quint64(8192) << quint64(0) << quint64(1) << quint64(0)
            << quint64(0) << QByteArray("fp16") << quint64(1'073'741'824ULL);
        QTest::addRow("seed: 4 sequences = 4 GiB")
            << quint64(32) << quint64(8) << quint64(128) << quint64(8192) << quint64(0) << quint64(4) << quint64(0)
            << quint64(0) << QByteArray("fp16") << quint64(4'294'967'296ULL);
        QTest::addRow("prompt + generated")
            << quint64(32) << quint64(8) << quint64(128) << quint64(8000) << quint64(192) << quint64(1) << quint64(0)
            << quint64(0) << QByteArray("bf16") << quint64(1'073'741'824ULL);
        QTest::addRow("sliding window 4096 of 8192")
            << quint64(32) << quint64(8) << quint64(128) << quint64(8192) << quint64(0) << quint64(1) << quint64(4096)
            << quint64(0) << QByteArray("fp16") << quint64(2ULL * 32 * 8 * 128 * 4096 * 2);
        QTest::addRow("window longer than tokens")
            << quint64(32) << quint64(8) << quint64(128) << quint64(1000) << quint64(0) << quint64(1) << quint64(4096)
            << quint64(0) << QByteArray("fp16") << quint64(2ULL * 32 * 8 * 128 * 1000 * 2);
        QTest::addRow("static cache: capacity, not use")
            << quint64(32) << quint64(8) << quint64(128) << quint64(1000) << quint64(24) << quint64(1) << quint64(0)
            << quint64(8192) << QByteArray("fp16") << quint64(1'073'741'824ULL);
        QTest::addRow("fp32 cache") << quint64(32) << quint64(8) << quint64(128) << quint64(8192) << quint64(0)
                                    << quint64(1) << quint64(0) << quint64(0) << QByteArray("fp32")
                                    << quint64(2'147'483'648ULL);
        QTest::addRow("fp8 cache") << quint64(32) << quint64(8) << quint64(128) << quint64(8192) << quint64(0)
                                   << quint64(1) << quint64(0) << quint64(0) << QByteArray("fp8_e4m3")
                                   << quint64(536'870'912ULL);
        // int8/int4: groups of 64 along head_dim (2 per vector), fp16 scale + fp16 zero = 4 bytes per group.
        const std::uint64_t groups = 2ULL * 8 * 2 * 32 * 8192;
        QTest::addRow("int8 cache + scales")
            << quint64(32) << quint64(8) << quint64(128) << quint64(8192) << quint64(0) << quint64(1) << quint64(0)
            << quint64(0) << QByteArray("int8") << quint64(536'870'912ULL + groups * 4);
        QTest::addRow("int4 cache + scales")
            << quint64(32) << quint64(8) << quint64(128) << quint64(8192) << quint64(0) << quint64(1) << quint64(0)
            << quint64(0) << QByteArray("int4") << quint64(268'435'456ULL + groups * 4);
    }

    void kvCache()
    {
        QFETCH(quint64, layers);
        QFETCH(quint64, kvHeads);
        QFETCH(quint64, headDim);
        QFETCH(quint64, prompt);
        QFETCH(quint64, generated);
        QFETCH(quint64, sequences);
        QFETCH(quint64, window);
        QFETCH(quint64, capacity);
        QFETCH(QByteArray, dtype);
        QFETCH(quint64, expected);
        KvCacheOptions o;
        o.layers = layers;
        o.kvHeads = kvHeads;
        o.headDim = headDim;
        o.promptTokens = prompt;
        o.generatedTokens = generated;
        o.sequences = sequences;
        if (window)
            o.slidingWindow = window;
        if (capacity) {
            o.staticCache = true;
            o.staticCapacity = capacity;
        }
        o.dtype = *scalarFromName(dtype.toStdString());
        QCOMPARE(KvCacheEstimator::estimate(o).bytes, expected);
    }

    void kvCacheFromConfig_data()
    {
        QTest::addColumn<QByteArray>("model");
        QTest::addColumn<quint64>("tokens");
        QTest::addColumn<quint64>("expected");
        // 2 x layers x kv_heads x head_dim x tokens x 2 bytes; windows cap the tokens of their layers.
        QTest::addRow("llama-2-7b MHA: 32 KV heads")
            << QByteArray("llama-2-7b") << quint64(4096) << quint64(2ULL * 32 * 32 * 128 * 4096 * 2);
        QTest::addRow("mistral GQA 8 heads, window 4096")
            << QByteArray("mistral-7b-v0.1") << quint64(8192) << quint64(2ULL * 32 * 8 * 128 * 4096 * 2);
        QTest::addRow("gemma-7b explicit head_dim 256")
            << QByteArray("gemma-7b") << quint64(8192) << quint64(2ULL * 28 * 16 * 256 * 8192 * 2);
        QTest::addRow("gemma-2-9b: even layers windowed")
            << QByteArray("gemma-2-9b") << quint64(8192) << quint64(2ULL * 8 * 256 * 2 * (21 * 8192 + 21 * 4096));
        QTest::addRow("qwen2-7b use_sliding_window false")
            << QByteArray("qwen2-7b") << quint64(32768) << quint64(2ULL * 28 * 4 * 128 * 32768 * 2);
        QTest::addRow("qwen2 window from layer 21")
            << QByteArray("qwen2-7b-window") << quint64(32768) << quint64(2ULL * 4 * 128 * 2 * (21 * 32768 + 7 * 4096));
        QTest::addRow("mixtral: window null")
            << QByteArray("mixtral-8x7b") << quint64(32768) << quint64(2ULL * 32 * 8 * 128 * 32768 * 2);
        QTest::addRow("phi-3-mini window 2047")
            << QByteArray("phi-3-mini-4k") << quint64(4096) << quint64(2ULL * 32 * 32 * 96 * 2047 * 2);
    }

    void kvCacheFromConfig()
    {
        QFETCH(QByteArray, model);
        QFETCH(quint64, tokens);
        QFETCH(quint64, expected);
        SizingRequest r;
        r.shape = fixture(model.constData());
        KvCacheOptions kv;
        kv.promptTokens = tokens;
        r.kvCache = kv;
        QCOMPARE(SizingEngine::estimate(r).bytesOf("kv_cache"), expected);
    }

    void kvCacheRejectsBadInput_data()
    {
        QTest::addColumn<int>("field");
        for (int i = 0; i < 6; ++i)
            QTest::addRow("zero field %d", i) << i;
    }

    void kvCacheRejectsBadInput()
    {
        QFETCH(int, field);
        KvCacheOptions o;
        o.layers = 32;
        o.kvHeads = 8;
        o.headDim = 128;
        o.promptTokens = 100;
        switch (field) {
        case 0:
            o.layers = 0;
            break;
        case 1:
            o.kvHeads = 0;
            break;
        case 2:
            o.headDim = 0;
            break;
        case 3:
            o.promptTokens = 0;
            break;
        case 4:
            o.sequences = 0;
            break;
        case 5:
            o.slidingWindow = 0;
            break;
        }
        QVERIFY_THROWS_EXCEPTION(SizingError, KvCacheEstimator::estimate(o));
    }

    void training_data()
    {
        QTest::addColumn<QByteArray>("optimizer");
        QTest::addColumn<bool>("master");
        QTest::addColumn<quint64>("gradients");
        QTest::addColumn<quint64>("states");
        QTest::addColumn<quint64>("masterBytes");
        const std::uint64_t n = k7B;
        QTest::addRow("sgd: no state") << QByteArray("sgd") << false << quint64(2 * n) << quint64(0) << quint64(0);
        QTest::addRow("sgd momentum: 1 copy")
            << QByteArray("sgd-momentum") << false << quint64(2 * n) << quint64(4 * n) << quint64(0);
        QTest::addRow("adam: 2 fp32") << QByteArray("adam") << false << quint64(2 * n) << quint64(8 * n) << quint64(0);
        QTest::addRow("adamw + master") << QByteArray("adamw") << true << quint64(2 * n) << quint64(8 * n)
                                        << quint64(4 * n);
        QTest::addRow("adam 8-bit + block scales") << QByteArray("adam8bit") << false << quint64(2 * n)
                                                   << quint64(2 * n + (n / 256 + (n % 256 ? 1 : 0)) * 8) << quint64(0);
    }

    void training()
    {
        QFETCH(QByteArray, optimizer);
        QFETCH(bool, master);
        QFETCH(quint64, gradients);
        QFETCH(quint64, states);
        QFETCH(quint64, masterBytes);
        SizingRequest r;
        r.parameters = k7B;
        r.weights.format = WeightFormat::BF16;
        TrainingOptions t;
        t.optimizer = *optimizerFromName(optimizer.toStdString());
        t.masterWeights = master;
        r.training = t;
        const auto e = SizingEngine::estimate(r);
        QCOMPARE(e.bytesOf("gradients"), gradients);
        QCOMPARE(e.bytesOf("optimizer_states"), states);
        QCOMPARE(e.bytesOf("master_weights"), masterBytes);
        QCOMPARE(e.bytesOf("weights"), quint64(2 * k7B));
        // Without a shape the activations are not computed: null, never 0.
        QVERIFY(e.find("activations") != nullptr);
        QVERIFY(!e.find("activations")->bytes.has_value());
        QCOMPARE(e.largestPhaseBytes, quint64(2 * k7B) + gradients + states + masterBytes);
    }

    void loraParameters_data()
    {
        QTest::addColumn<QByteArray>("model");
        QTest::addColumn<quint64>("rank");
        QTest::addColumn<quint64>("expected");
        // r x (in + out) per target and layer; q,k,v,o.
        QTest::addRow("llama-2-7b r16 qkvo")
            << QByteArray("llama-2-7b") << quint64(16) << quint64(32ULL * 4 * 16 * (4096 + 4096));
        QTest::addRow("mistral r16 qkvo (GQA k/v)")
            << QByteArray("mistral-7b-v0.1") << quint64(16) << quint64(32ULL * 16 * (2 * 8192 + 2 * (4096 + 1024)));
        QTest::addRow("llama-2-7b r64") << QByteArray("llama-2-7b") << quint64(64) << quint64(32ULL * 4 * 64 * 8192);
    }

    void loraParameters()
    {
        QFETCH(QByteArray, model);
        QFETCH(quint64, rank);
        QFETCH(quint64, expected);
        const auto shape = fixture(model.constData());
        QCOMPARE(TrainingEstimator::loraParameters(shape, rank, { "q_proj", "k_proj", "v_proj", "o_proj" }), expected);
        SizingRequest r;
        r.shape = shape;
        TrainingOptions t;
        t.mode = TrainingMode::LoRA;
        t.loraRank = rank;
        t.loraTargets = { "q_proj", "k_proj", "v_proj", "o_proj" }; // hf's default is q_proj, v_proj
        r.training = t;
        const auto e = SizingEngine::estimate(r);
        QVERIFY(e.trainingStep); // every adapter tensor is a multiple of 512 bytes here: no rounding
        QCOMPARE(e.bytesOf("lora_adapters"), expected * 4); // fp32 adapters (hf's default)
        QCOMPARE(e.bytesOf("gradients"), expected * 4); // the adapters' gradients, in their fp32 (AccumulateGrad)
        QCOMPARE(e.bytesOf("optimizer_states"), expected * 8); // AdamW's two moments in the adapters' fp32
    }

    // Llama-2-7B (H = 4 096, 32 heads of 128, I = 11 008, V = 32 000), a full fine-tune of 1 sequence of 2 048
    // tokens, sdpa, from the decoder's inventory: every linear's input kept, per layer h, x, q, attn, h1, x2 and
    // k, v (32 KV heads) [2 048, 4 096] bf16 = 16 777 216 each, g, u, act [2 048, 11 008] = 45 088 768 each, lse
    // float32 [1, 32, 2 048] = 262 144: 269 746 176; + the last layer's output and the final norm's. With
    // checkpointing the 33 layer inputs and hn. Korthikanti et al.'s formula (s*b*h*(34 + 5*a*s/h) per layer)
    // stays the estimate of models the inventory does not size (MoE, MLA, tensor parallelism).
    void activations_data()
    {
        QTest::addColumn<bool>("checkpointing");
        QTest::addColumn<quint64>("expected");
        const std::uint64_t x = 2048ULL * 4096 * 2;
        QTest::addRow("no recomputation") << false << quint64(32 * (8 * x + 3 * 2048ULL * 11008 * 2 + 4 * 32 * 2048) + 2 * x);
        QTest::addRow("full checkpointing") << true << quint64(33 * x + x);
    }

    void activations()
    {
        QFETCH(bool, checkpointing);
        QFETCH(quint64, expected);
        SizingRequest r;
        r.shape = fixture("llama-2-7b");
        TrainingOptions t;
        t.microBatch = 1;
        t.activationCheckpointing = checkpointing;
        r.training = t;
        const auto e = SizingEngine::estimate(r);
        QCOMPARE(e.bytesOf("activations"), expected);
        // logits [2 048, 32 000] bf16 + their float32 log-probabilities + the loss (512 bytes)
        QCOMPARE(e.bytesOf("logits"), quint64(2048ULL * 32000 * (2 + 4) + 512));
        const std::uint64_t korthikanti = 2048ULL * 4096 * 34 + 5ULL * 32 * 2048 * 2048;
        QCOMPARE(TrainingEstimator::layerActivations(2048, 1, 4096, 32, ScalarType::BF16), korthikanti);
    }

    // eval (the inventory): a forward without gradients of b sequences; its largest moment is the loss's,
    // logits [2 048 b, 32 000] bf16 with logits32 and logprobs in float32 (before the loss is made), beside its
    // own int32 eval_input_ids and eval_labels [b, 2 048].
    void evaluationPhase_data()
    {
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<quint64>("expected");
        for (std::uint64_t b : { 1, 2, 8 })
            QTest::addRow("eval batch %llu", static_cast<unsigned long long>(b))
                << quint64(b) << quint64(2048 * b * 32000 * (2 + 4 + 4) + 2 * (4 * 2048 * b));
    }

    void evaluationPhase()
    {
        QFETCH(quint64, batch);
        QFETCH(quint64, expected);
        SizingRequest r;
        r.shape = fixture("llama-2-7b");
        TrainingOptions t;
        t.evalBatch = batch;
        r.training = t;
        const auto e = SizingEngine::estimate(r);
        QCOMPARE(e.bytesOf("evaluation"), expected);
        const auto phase = std::find_if(e.phases.begin(), e.phases.end(), [](const Phase& p) { return p.id == "eval"; });
        QVERIFY(phase != e.phases.end());
        QCOMPARE(phase->bytes, e.bytesOf("weights") + e.bytesOf("inputs") + e.bytesOf("optimizer_states") + expected);
    }

    void sumOfComponentsAndLargestPhase()
    {
        SizingRequest r;
        r.shape = fixture("llama-2-7b");
        TrainingOptions t;
        t.evalBatch = 8;
        t.exportCopy = true;
        r.training = t;
        r.reserve = Reserve::typed(2, units::Unit::GB);
        const auto e = SizingEngine::estimate(r);
        std::uint64_t sum = 0;
        for (const auto& c : e.components)
            sum += c.bytes.value_or(0);
        QCOMPARE(e.sumOfComponents, sum);
        std::uint64_t largest = 0;
        for (const auto& p : e.phases)
            largest = std::max(largest, p.bytes);
        QCOMPARE(e.largestPhaseBytes, largest);
        // The decoder's phases: model_load, inputs, the first step's forward, loss, backward and optimizer, a
        // warm step, eval, checkpoint_save.
        QCOMPARE(e.phases.size(), std::size_t(9));
        QVERIFY(e.sumOfComponents > e.largestPhaseBytes);
        QCOMPARE(e.total(), e.largestPhaseBytes + 2'000'000'000ULL);
        QCOMPARE(e.totalSumOfComponents(), e.sumOfComponents + 2'000'000'000ULL);
        QCOMPARE(e.largestPhase, std::string("warm_step"));
    }

    void reserveKeepsTheTypedUnit_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("gib");
        QTest::addColumn<quint64>("bytes");
        QTest::addRow("4 GiB") << 4.0 << true << quint64(4 * units::kGiB);
        QTest::addRow("4 GB") << 4.0 << false << quint64(4 * units::kGB);
        QTest::addRow("1.5 GiB") << 1.5 << true << quint64(3 * units::kGiB / 2);
        QTest::addRow("0") << 0.0 << false << quint64(0);
    }

    void reserveKeepsTheTypedUnit()
    {
        QFETCH(double, value);
        QFETCH(bool, gib);
        QFETCH(quint64, bytes);
        const auto unit = gib ? units::Unit::GiB : units::Unit::GB;
        const auto r = Reserve::typed(value, unit);
        QCOMPARE(r.bytes, bytes);
        QCOMPARE(r.typedValue, value);
        QCOMPARE(r.unit, unit);
    }

    void reserveRejectsBadValues_data()
    {
        QTest::addColumn<double>("value");
        QTest::addRow("negative") << -1.0;
        QTest::addRow("NaN") << std::nan("");
        QTest::addRow("infinite") << HUGE_VAL;
        QTest::addRow("beyond 64 bits") << 1e12;
    }

    void reserveRejectsBadValues()
    {
        QFETCH(double, value);
        QVERIFY_THROWS_EXCEPTION(SizingError, Reserve::typed(value, units::Unit::GiB));
    }

    void overflowIsAnErrorNotAWrap_data()
    {
        QTest::addColumn<quint64>("parameters");
        QTest::addColumn<bool>("fits64");
        QTest::addRow("1e15 fp32 fits") << quint64(1'000'000'000'000'000ULL) << true;
        QTest::addRow("5e18 fp32 overflows") << quint64(5'000'000'000'000'000'000ULL) << false;
    }

    void overflowIsAnErrorNotAWrap()
    {
        QFETCH(quint64, parameters);
        QFETCH(bool, fits64);
        SizingRequest r;
        r.parameters = parameters;
        r.weights.format = WeightFormat::FP32;
        if (fits64) {
            QCOMPARE(SizingEngine::estimate(r).bytesOf("weights"), parameters * 4);
            r.training = TrainingOptions {};
            QCOMPARE(SizingEngine::estimate(r).bytesOf("optimizer_states"), parameters * 8);
        } else {
            QVERIFY_THROWS_EXCEPTION(SizingError, SizingEngine::estimate(r));
        }
    }

    void tensorParallelDividesPerDevice_data()
    {
        QTest::addColumn<quint64>("tp");
        QTest::addColumn<quint64>("kvHeadsPerDevice");
        QTest::addRow("tp 1") << quint64(1) << quint64(8);
        QTest::addRow("tp 2") << quint64(2) << quint64(4);
        QTest::addRow("tp 8") << quint64(8) << quint64(1);
        QTest::addRow("tp 16: KV heads replicated") << quint64(16) << quint64(1);
    }

    void tensorParallelDividesPerDevice()
    {
        QFETCH(quint64, tp);
        QFETCH(quint64, kvHeadsPerDevice);
        SizingRequest r;
        r.shape = fixture("mixtral-8x7b");
        r.weights.format = WeightFormat::BF16;
        KvCacheOptions kv;
        kv.promptTokens = 4096;
        r.kvCache = kv;
        r.tensorParallel = tp;
        r.reserve = Reserve::typed(1, units::Unit::GiB);
        const auto e = SizingEngine::estimate(r);
        const std::uint64_t weights = 2 * 46'702'792'704ULL;
        QCOMPARE(e.bytesOf("weights"), weights / tp + (weights % tp ? 1 : 0));
        QCOMPARE(e.bytesOf("kv_cache"), quint64(2ULL * 32 * kvHeadsPerDevice * 128 * 4096 * 2));
        QCOMPARE(e.reserve.bytes, units::kGiB); // the reserve is per device, never divided
    }

    void fitVerdict_data()
    {
        QTest::addColumn<quint64>("reportedMib");
        QTest::addColumn<bool>("fits");
        const std::uint64_t needed = 14'000'000'000ULL + 4 * units::kGiB;
        QTest::addRow("RTX 4090 24 564 MiB fits") << quint64(24564) << true;
        QTest::addRow("T4 15 360 MiB does not") << quint64(15360) << false;
        QTest::addRow("a fraction of a MiB short") << quint64(needed / units::kMiB) << false;
    }

    void fitVerdict()
    {
        QFETCH(quint64, reportedMib);
        QFETCH(bool, fits);
        SizingRequest r;
        r.parameters = k7B;
        r.bits = 16;
        r.reserve = Reserve::typed(4, units::Unit::GiB);
        const auto c = card(reportedMib);
        const auto v = FitAnalyzer::verdict(SizingEngine::estimate(r), c);
        const std::uint64_t needed = 14'000'000'000ULL + 4 * units::kGiB;
        QCOMPARE(v.neededPerDevice, needed);
        QCOMPARE(v.availablePerDevice, reportedMib * units::kMiB);
        QCOMPARE(v.fits, fits);
        QCOMPARE(v.margin, static_cast<qint64>(reportedMib * units::kMiB) - static_cast<qint64>(needed));
        QCOMPARE(v.dominantComponent, std::string("weights"));
    }

    void largestContextAndBatch()
    {
        SizingRequest r;
        r.parameters = k7B;
        r.bits = 16;
        KvCacheOptions kv;
        kv.layers = 32;
        kv.kvHeads = 8;
        kv.headDim = 128;
        kv.promptTokens = 8192;
        r.kvCache = kv;
        const auto c = card(81920); // A100 80GB
        const std::uint64_t perToken = 2ULL * 32 * 8 * 128 * 2;
        const std::uint64_t free = 81920ULL * units::kMiB - 14'000'000'000ULL;
        QCOMPARE(FitAnalyzer::largestContext(r, c), std::optional<std::uint64_t>(free / perToken));
        QCOMPARE(FitAnalyzer::largestBatch(r, c), std::optional<std::uint64_t>(free / (perToken * 8192)));
        const auto small = card(1024); // weights alone do not fit
        QVERIFY(!FitAnalyzer::largestContext(r, small).has_value());
        QVERIFY(!FitAnalyzer::largestBatch(r, small).has_value());
    }

    void largestTrainingBatch()
    {
        SizingRequest r;
        r.shape = fixture("llama-2-7b");
        TrainingOptions t;
        t.mode = TrainingMode::LoRA;
        t.activationCheckpointing = true;
        r.training = t;
        const auto c = card(81920);
        const auto batch = FitAnalyzer::largestBatch(r, c);
        QVERIFY(batch.has_value());
        r.training->microBatch = *batch;
        QVERIFY(SizingEngine::estimate(r).total() <= c.reportedBytes);
        r.training->microBatch = *batch + 1;
        QVERIFY(SizingEngine::estimate(r).total() > c.reportedBytes);
    }

    void catalogReportsCapacityNotMarketing_data()
    {
        QTest::addColumn<QByteArray>("id");
        QTest::addColumn<quint64>("mib");
        QTest::addRow("H200 141 GB") << QByteArray("h200-sxm") << quint64(143771);
        QTest::addRow("H100 80GB SXM") << QByteArray("h100-sxm") << quint64(81559);
        QTest::addRow("A100 80GB") << QByteArray("a100-80gb") << quint64(81920);
        QTest::addRow("A100 40GB") << QByteArray("a100-40gb") << quint64(40960);
        QTest::addRow("L40S") << QByteArray("l40s") << quint64(46068);
        QTest::addRow("RTX 4090") << QByteArray("rtx-4090") << quint64(24564);
        QTest::addRow("RTX 3090") << QByteArray("rtx-3090") << quint64(24576);
        QTest::addRow("MI300X") << QByteArray("mi300x") << quint64(196592);
        QTest::addRow("MI250X per GCD") << QByteArray("mi250x-gcd") << quint64(65520);
    }

    void catalogReportsCapacityNotMarketing()
    {
        QFETCH(QByteArray, id);
        QFETCH(quint64, mib);
        const auto catalog = DeviceCatalog::loadDefault();
        const auto* c = catalog.find(id.toStdString());
        QVERIFY(c != nullptr);
        QCOMPARE(c->reportedBytes, mib * units::kMiB);
        QVERIFY(!c->marketed.empty());
    }

    // The pace figures of the simulated cards (core/sim), as the vendors' datasheets give them: dense FLOP/s
    // (half the "with sparsity" figure), fp32 without TF32, bandwidth in bytes/s; 0 in a row means absent.
    void catalogHasThePaceFigures_data()
    {
        QTest::addColumn<QByteArray>("id");
        QTest::addColumn<double>("bf16");
        QTest::addColumn<double>("fp16");
        QTest::addColumn<double>("fp32");
        QTest::addColumn<double>("bandwidth");
        QTest::addRow("H100 SXM") << QByteArray("h100-sxm") << 989.5e12 << 989.5e12 << 67e12 << 3.35e12;
        QTest::addRow("H200 SXM") << QByteArray("h200-sxm") << 989.5e12 << 989.5e12 << 67e12 << 4.8e12;
        QTest::addRow("A100 80GB SXM") << QByteArray("a100-80gb") << 312e12 << 312e12 << 19.5e12 << 2.039e12;
        QTest::addRow("A100 40GB") << QByteArray("a100-40gb") << 312e12 << 312e12 << 19.5e12 << 1.555e12;
        QTest::addRow("L40S") << QByteArray("l40s") << 362.05e12 << 362.05e12 << 91.6e12 << 864e9;
        QTest::addRow("L4") << QByteArray("l4") << 121e12 << 121e12 << 30.3e12 << 300e9;
        QTest::addRow("T4 has no bf16") << QByteArray("t4") << 0.0 << 65e12 << 8.1e12 << 320e9;
        QTest::addRow("A10G has no datasheet") << QByteArray("a10g") << 0.0 << 0.0 << 0.0 << 0.0;
        QTest::addRow("RTX 4090 FP32 accumulate") << QByteArray("rtx-4090") << 165.2e12 << 165.2e12 << 82.6e12
                                                  << 1008e9;
        QTest::addRow("RTX 3090 FP32 accumulate") << QByteArray("rtx-3090") << 71e12 << 71e12 << 35.6e12 << 936e9;
        QTest::addRow("MI300X") << QByteArray("mi300x") << 1307.4e12 << 1307.4e12 << 163.4e12 << 5.3e12;
        QTest::addRow("MI250X per GCD") << QByteArray("mi250x-gcd") << 191.5e12 << 191.5e12 << 47.85e12
                                        << 1.6384e12;
    }

    void catalogHasThePaceFigures()
    {
        QFETCH(QByteArray, id);
        QFETCH(double, bf16);
        QFETCH(double, fp16);
        QFETCH(double, fp32);
        QFETCH(double, bandwidth);
        const auto catalog = DeviceCatalog::loadDefault();
        const auto* c = catalog.find(id.toStdString());
        QVERIFY(c != nullptr);
        auto check = [](const std::optional<double>& read, double expected) {
            if (expected == 0.0)
                return !read.has_value();
            return read.has_value() && *read == expected;
        };
        QVERIFY(check(c->peakBf16Flops, bf16));
        QVERIFY(check(c->peakFp16Flops, fp16));
        QVERIFY(check(c->peakFp32Flops, fp32));
        QVERIFY(check(c->memoryBandwidth, bandwidth));
        QVERIFY2(!c->paceSource.empty(), "every card says where its figures come from, or why there are none");
    }

    void catalogEveryFigureHasItsSource()
    {
        const auto catalog = DeviceCatalog::loadDefault();
        for (const auto& c : catalog.cards()) {
            if (!c.memoryBandwidth)
                continue;
            const bool named = c.paceSource.find("datasheet") != std::string::npos
                || c.paceSource.find("whitepaper") != std::string::npos
                || c.paceSource.find("specifications") != std::string::npos;
            QVERIFY2(named, c.id.c_str());
        }
    }

    void catalogRefusesAMalformedPaceFigure_data()
    {
        QTest::addColumn<QByteArray>("fields");
        QTest::addColumn<QString>("expected");
        const QByteArray src = R"(, "pace_source": "a datasheet")";
        QTest::addRow("a figure as text") << QByteArray(R"("peak_dense_flops": {"bf16": "989.5e12"})") + src
                                          << QStringLiteral("\"bf16\" must be a number above 0");
        QTest::addRow("zero") << QByteArray(R"("peak_dense_flops": {"fp16": 0})") + src
                              << QStringLiteral("\"fp16\" must be a number above 0");
        QTest::addRow("negative") << QByteArray(R"("memory_bandwidth_bytes_per_s": -3.35e12)") + src
                                  << QStringLiteral("\"memory_bandwidth_bytes_per_s\" must be a number above 0");
        QTest::addRow("null") << QByteArray(R"("peak_dense_flops": {"fp32": null})") + src
                              << QStringLiteral("\"fp32\" must be a number above 0");
        QTest::addRow("boolean") << QByteArray(R"("memory_bandwidth_bytes_per_s": true)") + src
                                 << QStringLiteral("\"memory_bandwidth_bytes_per_s\" must be a number above 0");
        QTest::addRow("not an object") << QByteArray(R"("peak_dense_flops": [989.5e12])") + src
                                       << QStringLiteral("\"peak_dense_flops\" must be an object");
        QTest::addRow("a typo in a dtype") << QByteArray(R"("peak_dense_flops": {"bfp16": 1e12})") + src
                                           << QStringLiteral("unknown data type \"bfp16\"");
        QTest::addRow("no source") << QByteArray(R"("memory_bandwidth_bytes_per_s": 3.35e12)")
                                   << QStringLiteral("no \"pace_source\"");
        QTest::addRow("a source that is not text") << QByteArray(R"("pace_source": 7)")
                                                   << QStringLiteral("\"pace_source\" must be a text");
    }

    void catalogRefusesAMalformedPaceFigure()
    {
        QFETCH(QByteArray, fields);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("gpus.json")).toStdString();
        std::ofstream(path) << R"({"cards":[{"id":"x1","name":"Card X","reported_mib":1000, )" << fields.toStdString()
                            << "}]}";
        try {
            DeviceCatalog::load(path);
            QFAIL("a malformed pace figure was read");
        } catch (const SizingError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(expected), e.what());
            QVERIFY2(what.contains(QLatin1String("'x1'")), e.what()); // names the card
            QVERIFY(!what.contains(QLatin1Char('\n')));
        }
    }

    void catalogReadsAPartialPace()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("gpus.json")).toStdString();
        std::ofstream(path) << R"({"cards":[{"id":"x1","name":"Card X","reported_mib":1000,)"
                            << R"("peak_dense_flops":{"fp32":8000000000000},"memory_bandwidth_bytes_per_s":3.2e11,)"
                            << R"("pace_source":"a datasheet"}, {"id":"x2","name":"Card Y","reported_mib":10}]})";
        const auto catalog = DeviceCatalog::load(path);
        const auto* x = catalog.find("x1");
        QVERIFY(x != nullptr);
        QCOMPARE(x->peakFp32Flops.value_or(-1.0), 8e12); // an integer in JSON reads as well
        QVERIFY(!x->peakBf16Flops && !x->peakFp16Flops);
        QCOMPARE(x->memoryBandwidth.value_or(-1.0), 3.2e11);
        const auto* y = catalog.find("x2");
        QVERIFY(y != nullptr);
        QVERIFY(!y->peakFp32Flops && !y->memoryBandwidth && y->paceSource.empty());
    }

    // Note [Usable capacity]: the catalog's usable totals, each from the published reading its source names (the
    // H100 from vLLM's log to 0.01 GiB, the A100 80GB from mixbench in MiB, the A100 40GB from deviceQuery in
    // bytes); 0 in a row means no published figure (the fit then uses the reported total).
    void catalogUsableCapacity_data()
    {
        QTest::addColumn<QByteArray>("id");
        QTest::addColumn<quint64>("usable");
        QTest::addRow("H100 80GB: 79.22 GiB in vLLM's log") << QByteArray("h100-sxm") << quint64(85061827297);
        QTest::addRow("A100 80GB: 81049 MiB") << QByteArray("a100-80gb") << quint64(81049) * units::kMiB;
        QTest::addRow("A100 40GB: 42298834944 B") << QByteArray("a100-40gb") << quint64(42298834944);
        QTest::addRow("L4: none published") << QByteArray("l4") << quint64(0);
        QTest::addRow("MI300X: none published") << QByteArray("mi300x") << quint64(0);
    }

    void catalogUsableCapacity()
    {
        QFETCH(QByteArray, id);
        QFETCH(quint64, usable);
        const auto catalog = DeviceCatalog::loadDefault();
        const auto* c = catalog.find(id.toStdString());
        QVERIFY(c != nullptr);
        if (usable == 0) {
            QVERIFY(!c->usableBytes);
            QVERIFY(!c->capacityIsUsable());
            QCOMPARE(c->capacityBytes(), c->reportedBytes);
            return;
        }
        QCOMPARE(c->usableBytes.value_or(0), usable);
        QVERIFY(c->usableBytes < c->reportedBytes); // below nvidia-smi's total
        QCOMPARE(c->capacityBytes(), usable);
        QVERIFY2(c->usableSource.find("https://") != std::string::npos, c->usableSource.c_str());
        // The fit verdict takes the usable total and says so.
        SizingRequest r;
        r.parameters = k7B;
        r.bits = 16;
        const FitVerdict v = FitAnalyzer::verdict(SizingEngine::estimate(r), *c);
        QCOMPARE(v.availablePerDevice, usable);
        QVERIFY(v.availableIsUsable);
    }

    void catalogRefusesAMalformedUsableCapacity_data()
    {
        QTest::addColumn<QByteArray>("fields");
        QTest::addColumn<QString>("expected");
        QTest::addRow("zero bytes") << QByteArray(R"("usable_bytes": 0, "usable_source": "s")")
                                    << QStringLiteral("\"usable_bytes\" must be a whole number above 0");
        QTest::addRow("a text") << QByteArray(R"("usable_mib": "900", "usable_source": "s")")
                                << QStringLiteral("\"usable_mib\" must be a whole number above 0");
        QTest::addRow("negative GiB") << QByteArray(R"("usable_gib": -1, "usable_source": "s")")
                                      << QStringLiteral("\"usable_gib\" must be a number above 0");
        QTest::addRow("two figures") << QByteArray(R"("usable_mib": 900, "usable_bytes": 9, "usable_source": "s")")
                                     << QStringLiteral("more than one of");
        QTest::addRow("no source") << QByteArray(R"("usable_mib": 900)") << QStringLiteral("no \"usable_source\"");
        QTest::addRow("above the reported total") << QByteArray(R"("usable_mib": 1001, "usable_source": "s")")
                                                  << QStringLiteral("above the reported total");
    }

    void catalogRefusesAMalformedUsableCapacity()
    {
        QFETCH(QByteArray, fields);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("gpus.json")).toStdString();
        std::ofstream(path) << R"({"cards":[{"id":"x1","name":"Card X","reported_mib":1000, )" << fields.toStdString()
                            << "}]}";
        try {
            DeviceCatalog::load(path);
            QFAIL("a malformed usable capacity was read");
        } catch (const SizingError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(expected), e.what());
            QVERIFY2(what.contains(QLatin1String("'x1'")), e.what());
        }
    }

    void resourceDirFromEnvironmentComesFirst()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("catalog")));
        const std::string path = dir.filePath(QStringLiteral("catalog/gpus.json")).toStdString();
        std::ofstream(path) << R"({"cards":[{"id":"only","name":"Only Card","reported_mib":1000}]})";
        const QByteArray saved = qgetenv("ITERAGPU_RESOURCE_DIR");
        qputenv("ITERAGPU_RESOURCE_DIR", dir.path().toLocal8Bit());
        const auto catalog = DeviceCatalog::loadDefault();
        qputenv("ITERAGPU_RESOURCE_DIR", saved);
        QCOMPARE(catalog.cards().size(), std::size_t(1));
        QCOMPARE(catalog.cards().front().reportedBytes, 1000 * units::kMiB);
        if (!saved.isEmpty())
            QCOMPARE(ResourcePaths::searchPath().front(), std::filesystem::path(saved.toStdString()));
    }

    void presetsNameTheirSource()
    {
        const auto library = PresetLibrary::loadDefault();
        QVERIFY(library.presets().size() >= 4);
        for (const auto& p : library.presets()) {
            QVERIFY2(p.source.find("huggingface.co/") != std::string::npos, p.id.c_str());
            QVERIFY(p.shape.parameters().total > 3'000'000'000ULL);
        }
        const auto* llama = library.find("llama-2-7b");
        QVERIFY(llama != nullptr);
        QCOMPARE(llama->shape.parameters().total, 6'738'415'616ULL);
    }

    void jsonHasEveryRequiredKey()
    {
        SizingRequest r;
        r.parameters = k7B;
        r.bits = 16;
        r.reserve = Reserve::typed(4, units::Unit::GiB);
        const auto j = EstimateReport::toJson(SizingEngine::estimate(r));
        QCOMPARE(j["parameters"].get<std::uint64_t>(), k7B);
        for (const char* key :
            { "weights", "kv_cache", "gradients", "optimizer_states", "activations", "reserve", "total" })
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["weights"]["bytes"].get<std::uint64_t>(), 14'000'000'000ULL);
        QVERIFY(j["kv_cache"].is_null());
        QCOMPARE(j["total"]["bytes"].get<std::uint64_t>(), 18'294'967'296ULL);
        QCOMPARE(j["reserve"]["unit"].get<std::string>(), std::string("GiB"));
        QVERIFY(j["assumptions"].is_array() && !j["assumptions"].empty());
    }
};

QTEST_GUILESS_MAIN(TestSizingEngine)
#include "tst_sizingengine.moc"
