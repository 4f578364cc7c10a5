// SPDX-License-Identifier: Apache-2.0
// core has no Qt, yet what it explains (sizing assumptions, notes from reading a config.json, what a storage
// format's byte count assumes) is shown in the GUI and in the decision sheet. core keeps each such sentence as a
// marked English template with its arguments (core/i18n/message.h); this suite checks that:
// - the English rendering, which the CLI and the JSON write, is the same sentence as before;
// - every message that a broad set of estimates produces has a translation in each catalog, and renders with
//   its numbers in the language's format and no placeholder left.
#include "app/gui/application/localenumber.h"
#include "app/gui/application/messagetext.h"
#include "core/i18n/message.h"
#include "core/model/configreader.h"
#include "core/model/safetensorssummary.h"
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
