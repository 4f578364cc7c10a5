// SPDX-License-Identifier: Apache-2.0
// core has no Qt, yet what it explains (sizing assumptions, notes from reading a config.json, what a storage
// format's byte count assumes) is shown in the GUI and in the decision sheet. core keeps each such sentence as a
// marked English template with its arguments (core/i18n/message.h); this suite checks that:
// - the English rendering, which the CLI and the JSON write, is the same sentence as before;
// - every message that a broad set of estimates produces has a translation in each catalog, and renders with
//   its numbers in the language's format and no placeholder left;
// - the same for the reasons a run configuration is refused (validateConfig, prepareRun), whose English the
//   CLI writes word for word as before.
#include "app/gui/application/localenumber.h"
#include "app/gui/application/messagetext.h"
#include "core/i18n/message.h"
#include "core/model/configreader.h"
#include "core/model/safetensorssummary.h"
#include "core/protocol/runlimits.h"
#include "core/protocol/runtypes.h"
#include "core/registry/backendregistry.h"
#include "core/runner/preparerun.h"
#include "core/sizing/presetlibrary.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/weightestimator.h"
#include "core/sizing/weightformat.h"
#include "core/units/units.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>

using namespace iteragpu;
using namespace iteragpu::sizing;

namespace {

model::ModelShape fixture(const char* name)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    const std::string base = dir ? dir : "tests/data";
    return model::ConfigReader::readFile(base + "/sizing/" + name + ".config.json");
}

std::vector<i18n::Message> messagesOf(const Estimate& e)
{
    std::vector<i18n::Message> all = e.assumptions;
    all.push_back(e.parameterSource);
    for (const auto& c : e.components)
        if (c.note.context[0] != '\0') // verbatim notes (a data type, an optimizer's name) are not translated
            all.push_back(c.note);
    return all;
}

// Estimates chosen so that together they produce every kind of message the sizing engine writes.
std::vector<i18n::Message> broadSetOfMessages()
{
    std::vector<i18n::Message> all;
    auto add = [&all](const SizingRequest& r) {
        try {
            const auto m = messagesOf(SizingEngine::estimate(r));
            all.insert(all.end(), m.begin(), m.end());
        } catch (const std::exception& e) {
            qWarning("estimate refused: %s", e.what());
            throw;
        }
    };
    {
        SizingRequest r; // typed parameters and bits, a reserve
        r.parameters = 7'000'000'000ULL;
        r.bits = 16;
        r.reserve = Reserve::typed(4, units::Unit::GiB);
        add(r);
    }
    for (const auto& info : allWeightFormats()) { // each storage format, typed and with a shape
        SizingRequest r;
        r.parameters = 7'000'000'000ULL;
        r.weights.format = info.format;
        add(r);
        r.parameters.reset();
        r.shape = fixture("mistral-7b-v0.1");
        add(r);
    }
    {
        SizingRequest r; // MoE, tensor parallel with more devices than KV heads, quantized KV cache, reserve per device
        r.shape = fixture("mixtral-8x7b");
        r.tensorParallel = 16;
        KvCacheOptions kv;
        kv.promptTokens = 4096;
        kv.generatedTokens = 512;
        kv.sequences = 2;
        kv.dtype = ScalarType::INT8;
        r.kvCache = kv;
        r.reserve = Reserve::typed(2, units::Unit::GB);
        add(r);
        r.tensorParallel = 2; // fewer devices than KV heads
        r.kvCache->dtype = ScalarType::FP16;
        r.kvCache->staticCache = true;
        add(r);
    }
    {
        SizingRequest r; // sliding windows
        r.shape = fixture("gemma-2-9b");
        KvCacheOptions kv;
        kv.promptTokens = 8192;
        r.kvCache = kv;
        add(r);
        r.shape = fixture("qwen2-7b-window");
        add(r);
    }
    for (const auto optimizer :
        { Optimizer::SGD, Optimizer::SGDMomentum, Optimizer::Adam, Optimizer::AdamW, Optimizer::Adam8bit }) {
        SizingRequest r; // training, LoRA and full, every optimizer, evaluation, export, checkpointing
        r.shape = fixture("llama-2-7b");
        TrainingOptions t;
        t.optimizer = optimizer;
        t.mode = optimizer == Optimizer::AdamW ? TrainingMode::LoRA : TrainingMode::Full;
        t.masterWeights = true;
        t.evalBatch = 4;
        t.exportCopy = true;
        t.activationCheckpointing = optimizer == Optimizer::Adam;
        r.training = t;
        add(r);
        r.shape.reset(); // without a shape (full training only): activations not computed
        r.parameters = 7'000'000'000ULL;
        r.training->mode = TrainingMode::Full;
        add(r);
    }
    {
        // Reading notes: a family the reader does not know, and one whose embeddings are tied by default.
        const auto shape = [](const char* text, const char* source, std::string assume = {}) {
            try {
                return model::ConfigReader::parse(text, source, { assume });
            } catch (const std::exception& e) {
                qWarning("config refused: %s", e.what());
                throw;
            }
        };
        auto falcon = shape(
            R"({"model_type": "falcon", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
                "intermediate_size": 11008, "vocab_size": 32000})",
            "falcon.json");
        SizingRequest r;
        r.shape = falcon;
        add(r);
        r.shape = shape(
            R"({"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32,
                "intermediate_size": 11008, "vocab_size": 32000, "use_sliding_window": false,
                "sliding_window": 4096})",
            "untyped.json", "llama");
        add(r);
    }
    {
        SizingRequest r; // a quantized safetensors checkpoint, its stored bytes taken as the weights
        model::SafetensorsSummary checkpoint;
        checkpoint.files = { "model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors" };
        checkpoint.totalElements = 3'500'000'000ULL;
        checkpoint.totalBytes = 3'900'000'000ULL;
        checkpoint.quantizationTensors[".absmax"] = 224;
        r.checkpoint = checkpoint;
        add(r);
    }
    return all;
}

// A refused run configuration and its reason's English, word for word as validateConfig wrote it as a string.
struct Refusal {
    const char* name;
    protocol::RunConfig config;
    std::string english;
};

protocol::RunConfig tinyDecoder()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    const std::string base = dir ? dir : "tests/data";
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.deviceId = "sim:0";
    c.dtype = device::DType::BFloat16;
    protocol::DecoderSpec d;
    d.shape = model::ConfigReader::readFile(base + "/measure/tiny-llama.config.json");
    d.promptTokens = 8;
    d.generated = 4;
    c.decoder = d;
    return c;
}

protocol::RunConfig dense()
{
    protocol::RunConfig c;
    c.deviceId = "sim:0";
    return c;
}

std::vector<Refusal> refusedConfigs()
{
    std::vector<Refusal> out;
    auto add = [&out](const char* name, protocol::RunConfig c, std::string english) {
        out.push_back({ name, std::move(c), std::move(english) });
    };
    auto c = dense();
    c.batch = 0;
    add("batch 0", c, "batch, context and width must be at least 1");
    c = dense();
    c.width = 2147483648ULL;
    add("width 2^31", c,
        "batch, context and width must be at most 2147483647 (the kernels index rows and columns as int)");
    c = dense();
    c.repeats = protocol::kMaxRepeats + 1;
    add("repeats", c, "warmup and repeats must be at most 1000000");
    c = dense();
    c.maxSamplesPerPhase = 1;
    add("samples", c, "samples per phase must be between 2 and 1000000");
    c = dense();
    c.simSpeed = -1;
    add("sim speed", c,
        "the simulated speed must be a number from 0 (as fast as possible) to 1000 (1 = real time), not -1");
    c = dense();
    c.workload = protocol::WorkloadKind::Script;
    add("script", c,
        "a script is measured from inside by the Python probe (iteragpu probe --path), not run by iteragpu");

    c = tinyDecoder();
    c.decoder->generated = protocol::kMaxGeneratedTokens + 1;
    add("generated", c, "at most 1000000000 generated tokens");
    c = tinyDecoder();
    c.decoder->sequences = 0;
    add("no sequence", c, "the decoder needs at least 1 sequence and 1 prompt token");
    c = tinyDecoder();
    c.decoder->sequences = 2147483648ULL;
    add("sequences 2^31", c, "sequences and prompt tokens must be at most 2147483647 (the kernels index rows as int)");
    c = tinyDecoder();
    c.decoder->sequences = 1ULL << 30;
    c.decoder->promptTokens = 1ULL << 30;
    add("too large", c,
        "the run is too large: 1073741824 sequences x 1073741824 prompt tokens + 4 generated would need a tensor "
        "beyond 2^63 bytes");
    c = tinyDecoder();
    c.decoder->ropeTheta = 0;
    add("rope theta", c,
        "the rotary base (rope_theta) 0 is not a rotary base: it must be a positive number from 1.2e-38 to 3.4e+38 "
        "(float32's range, in which the rotary embedding is computed)");
    c = tinyDecoder();
    c.decoder->storage = protocol::WeightStorage::Int8;
    c.dtype = device::DType::Float32;
    add("int8 in float32", c, "weights in int8 compute in 16 bit: choose float16 or bfloat16 as the compute dtype");
    c = tinyDecoder();
    c.decoder->shape.kvHeads = 3;
    c.decoder->shape.layerSpecs.clear();
    add("kv heads", c,
        "the decoder workload does not build this model yet: 'llama' has KV heads that do not divide the heads (layer "
        "0); 'iteragpu estimate' sizes it layer by layer");
    c = tinyDecoder();
    c.decoder->shape.layers = 200000;
    c.decoder->shape.layerSpecs.clear();
    add("layers", c, "the model's layer count 200000 is larger than 100 000 layers; not a real model");
    c = tinyDecoder();
    c.decoder->shape.layers = 3;
    add("layer list", c,
        "the decoder workload does not build this model yet: '" + c.decoder->shape.architecture
            + "' lists 2 layers of 3; 'iteragpu estimate' sizes it layer by layer");

    c = tinyDecoder();
    c.mode = protocol::Mode::Training;
    c.decoder->training = training::TrainingRecipe {};
    c.decoder->training->targets = { training::LoraTarget::QProj };
    c.decoder->training->sequenceLength = 16;
    c.decoder->training->rank = 0;
    add("lora rank", c, "the LoRA rank must be between 1 and 65536");
    c.decoder->training->rank = 8;
    c.decoder->training->method = training::Method::Qlora;
    add("qlora on bf16", c, "QLoRA trains adapters on a quantized base: choose nf4 or nf4-dq weights (--format nf4)");
    c.decoder->training->method = training::Method::Lora;
    c.decoder->storage = protocol::WeightStorage::Int8;
    add("lora on int8", c,
        "weights in int8 are frozen codes: the decoder trains on a 16-bit or float32 base, or adapters on an nf4 base "
        "(--method qlora)");

    c = tinyDecoder();
    c.vllm = protocol::VllmRun {};
    c.vllm->options.tensorParallel = 2;
    add("vllm tp", c,
        "one device cannot rehearse --tensor-parallel-size 2: vLLM shards the model over that many GPUs ('iteragpu "
        "estimate --engine vllm --tp N' plans it)");
    c.vllm->options.tensorParallel = 1;
    c.vllm->options.maxModelLen = 1ULL << 32;
    add("vllm max-model-len", c,
        "--max-model-len 4294967296 is above the rehearsal's limit of 2147483647 (the kernels index tokens and rows as "
        "int)");
    c.vllm->options.maxModelLen.reset();
    add("vllm unplanned", c, "vLLM's rehearsal needs its plan on the device's total (planVllmRun) before it runs");
    return out;
}

// What prepareRun refuses beyond the configuration: the device id, the device, the simulated options.
std::vector<Refusal> refusedPreparations()
{
    std::vector<Refusal> out;
    auto c = dense();
    c.deviceId = "tpu:0";
    out.push_back({ "backend", c, "unknown device backend 'tpu' in 'tpu:0': use cuda, hip or sim" });
    c.deviceId = "sim0";
    out.push_back({ "no colon", c, "invalid device id 'sim0': expected BACKEND:INDEX such as cuda:0, hip:0 or sim:0" });
    c.deviceId = "sim:7";
    out.push_back({ "index", c, "no device sim:7: " + std::to_string(sim::kSimDeviceCount) + " device(s) present" });
    c.deviceId = "sim:0";
    c.simCapacityBytes = units::kMiB;
    out.push_back({ "capacity", c,
        "the simulated capacity (1048576 bytes) must hold the simulated context and workspace (524288000 + 33554432 "
        "bytes)" });
    c.simCapacityBytes.reset();
    c.simCard = "h900";
    const auto catalog = sizing::DeviceCatalog::loadDefault();
    std::string ids;
    for (const auto& card : catalog.cards()) {
        std::string why;
        if (protocol::simCardOf(card, device::DType::Float32, why))
            ids += (ids.empty() ? "" : ", ") + card.id;
    }
    out.push_back({ "unknown card", c,
        "unknown simulated card 'h900': the GPU catalog (" + catalog.source()
            + ") has no such id or name; cards that can pace this run: " + ids });
    return out;
}

// Every template of a message and of those nested in it, with its terms, translated in the catalog.
void collectUntranslated(const QTranslator& catalog, const i18n::Message& m, QStringList& untranslated)
{
    const QString t = catalog.translate(m.context, m.source);
    if (t.isEmpty() || t == QString::fromUtf8(m.source))
        untranslated << QString::fromUtf8(m.source);
    for (const auto& a : m.args) {
        if (a.kind == i18n::Arg::Kind::Term && catalog.translate(a.term.context, a.term.source).isEmpty())
            untranslated << QString::fromUtf8(a.term.source);
        if (a.kind == i18n::Arg::Kind::Nested && a.message)
            collectUntranslated(catalog, *a.message, untranslated);
    }
}

} // namespace

class TestCoreMessages : public QObject {
    Q_OBJECT
private slots:
    void substituteIsOnePass()
    {
        QCOMPARE(i18n::substitute("%1 of %2", { "%2", "x" }), std::string("%2 of x"));
        QCOMPARE(i18n::substitute("%2 before %1", { "a", "b" }), std::string("b before a"));
        QCOMPARE(i18n::substitute("%1 and %3", { "a" }), std::string("a and %3"));
        QCOMPARE(i18n::substitute("100% sure: %1%", { "7" }), std::string("100% sure: 7%"));
    }

    // The CLI and the JSON write english(): the sentences people and scripts already read.
    void englishTextIsUnchanged()
    {
        SizingRequest r;
        r.parameters = 7'000'000'000ULL;
        r.bits = 16;
        r.reserve = Reserve::typed(4, units::Unit::GiB);
        KvCacheOptions kv;
        kv.layers = 32;
        kv.kvHeads = 8;
        kv.headDim = 128;
        kv.promptTokens = 8000;
        kv.generatedTokens = 192;
        kv.sequences = 4;
        r.kvCache = kv;
        const auto e = SizingEngine::estimate(r);
        const auto texts = i18n::english(e.assumptions);
        auto has = [&texts](const std::string& s) { return std::find(texts.begin(), texts.end(), s) != texts.end(); };
        QVERIFY(has("weights: 7000000000 parameters x 16 bits / 8, rounded up; no scales or other metadata (compact)"));
        QVERIFY(has("KV cache: 2 (K and V) x layers x 8 KV heads x head_dim 128 x tokens x bytes x 4 sequence(s); KV "
                    "heads, not query heads"));
        QVERIFY(has("KV cache: tokens = prompt 8000 + generated 192"));
        QVERIFY(has("reserve: 4 GiB as typed (4 294 967 296 bytes)"));
        QVERIFY(has("total = largest phase (inference) + reserve; sum of components adds every component once, as "
                    "some other tools do"));
        QCOMPARE(e.parameterSource.english(), std::string("typed"));
        const auto nf4 = WeightEstimator::estimate(7'000'000'000ULL, WeightOptions { WeightFormat::NF4 });
        QCOMPARE(nf4.assumptions.front().english(),
            "weights: " + std::string(weightFormatInfo(WeightFormat::NF4).assumptions));
    }

    void everyMessageIsTranslated_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addRow("de") << QStringLiteral("de");
        QTest::addRow("es") << QStringLiteral("es");
        QTest::addRow("vi") << QStringLiteral("vi");
    }

    void everyMessageIsTranslated()
    {
        QFETCH(QString, language);
        QTranslator catalog;
        QVERIFY(catalog.load(QStringLiteral(":/i18n/iteragpu_") + language + QStringLiteral(".qm")));
        const QLocale locale(language);
        const QString bytes = gui::LocaleNumber::integer(4'294'967'296ULL, locale); // the 4 GiB reserve, in the language's digit groups
        const gui::TranslateFunction translate
            = [&catalog](const char* context, const char* source) { return catalog.translate(context, source); };
        const auto messages = broadSetOfMessages();
        QSet<QString> sources;
        QStringList untranslated;
        QStringList unfilled;
        static const QRegularExpression placeholder(QStringLiteral("%[1-9]"));
        bool sawGroupedBytes = false;
        for (const auto& m : messages) {
            sources.insert(QString::fromUtf8(m.source));
            const QString t = catalog.translate(m.context, m.source);
            if (t.isEmpty() || t == QString::fromUtf8(m.source))
                untranslated << QString::fromUtf8(m.source);
            for (const auto& a : m.args)
                if (a.kind == i18n::Arg::Kind::Term && catalog.translate(a.term.context, a.term.source).isEmpty())
                    untranslated << QString::fromUtf8(a.term.source);
            const QString text = gui::messageText(m, locale, translate);
            if (text.contains(placeholder))
                unfilled << text;
            sawGroupedBytes = sawGroupedBytes || text.contains(bytes);
        }
        untranslated.removeDuplicates();
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1Char('\n'))));
        QVERIFY2(unfilled.isEmpty(), qPrintable(unfilled.join(QLatin1Char('\n'))));
        QVERIFY2(sawGroupedBytes, "the reserve's bytes were not written in the language's digit groups");
        // The estimates above reach most of the engine's sentences (not every branch at once).
        qInfo("%lld distinct sentences checked", static_cast<long long>(sources.size()));
        QVERIFY2(sources.size() >= 40, qPrintable(QString::number(sources.size())));
    }

    // A refusal's English is validateConfig's (and prepareRun's error), word for word as before it was a message.
    void runRefusalsKeepTheirEnglish()
    {
        QVERIFY(!protocol::configRefusal(dense()));
        QVERIFY2(protocol::validateConfig(tinyDecoder()).empty(), protocol::validateConfig(tinyDecoder()).c_str());
        for (const auto& r : refusedConfigs()) {
            const auto refusal = protocol::configRefusal(r.config);
            QVERIFY2(refusal, r.name);
            QCOMPARE(QString::fromStdString(refusal->english()), QString::fromStdString(r.english));
            QCOMPARE(QString::fromStdString(protocol::validateConfig(r.config)), QString::fromStdString(r.english));
            QCOMPARE(refusal->context, i18n::kRunRefusalContext);
        }
        device::BackendRegistry registry;
        registry.load();
        for (const auto& r : refusedPreparations()) {
            const auto prepared = protocol::prepareRun(registry, r.config);
            QVERIFY2(!prepared.ok() && prepared.reason, r.name);
            QCOMPARE(QString::fromStdString(prepared.error), QString::fromStdString(r.english));
            QCOMPARE(QString::fromStdString(prepared.reason->english()), QString::fromStdString(r.english));
        }
    }

    void runRefusalsAreTranslated_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("limit"); // "warmup and repeats must be at most 1000000": the number in the language
        QTest::addRow("de") << QStringLiteral("de") << QStringLiteral("1.000.000");
        QTest::addRow("es") << QStringLiteral("es") << QStringLiteral("1.000.000");
        QTest::addRow("vi") << QStringLiteral("vi") << QStringLiteral("1.000.000");
    }

    void runRefusalsAreTranslated()
    {
        QFETCH(QString, language);
        QFETCH(QString, limit);
        QTranslator catalog;
        QVERIFY(catalog.load(QStringLiteral(":/i18n/iteragpu_") + language + QStringLiteral(".qm")));
        const QLocale locale(language);
        const gui::TranslateFunction translate
            = [&catalog](const char* context, const char* source) { return catalog.translate(context, source); };
        std::vector<i18n::Message> messages;
        for (const auto& r : refusedConfigs())
            messages.push_back(*protocol::configRefusal(r.config));
        device::BackendRegistry registry;
        registry.load();
        for (const auto& r : refusedPreparations())
            messages.push_back(*protocol::prepareRun(registry, r.config).reason);
        QStringList untranslated;
        QStringList unfilled;
        static const QRegularExpression placeholder(QStringLiteral("%[1-9]"));
        for (const auto& m : messages) {
            collectUntranslated(catalog, m, untranslated);
            const QString text = gui::messageText(m, locale, translate);
            if (text.contains(placeholder) || text == QString::fromStdString(m.english()))
                unfilled << text;
        }
        untranslated.removeDuplicates();
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1Char('\n'))));
        QVERIFY2(unfilled.isEmpty(), qPrintable(unfilled.join(QLatin1Char('\n'))));
        // Numbers in the reader's format.
        auto repeats = dense();
        repeats.repeats = protocol::kMaxRepeats + 1;
        const QString text = gui::messageText(*protocol::configRefusal(repeats), locale, translate);
        QVERIFY2(text.contains(limit), qPrintable(text));
    }

    void storageFormatTextsAreTranslated_data() { everyMessageIsTranslated_data(); }

    void storageFormatTextsAreTranslated()
    {
        QFETCH(QString, language);
        QTranslator catalog;
        QVERIFY(catalog.load(QStringLiteral(":/i18n/iteragpu_") + language + QStringLiteral(".qm")));
        for (const auto& info : allWeightFormats()) {
            const QString paragraph = catalog.translate(i18n::kWeightFormatContext, info.assumptions);
            QVERIFY2(!paragraph.isEmpty() && paragraph != QString::fromUtf8(info.assumptions), info.name);
        }
    }
};

QTEST_MAIN(TestCoreMessages)
#include "tst_coremessages.moc"
