// SPDX-License-Identifier: Apache-2.0
// sizing::makeRequest (the one conversion of the user's choices), the "How it is computed" lines against the
// engine's components, the component-label table, the fit sentences with their caps and the KV values taken
// from the model.
#include "core/sizing/componentlabels.h"
#include "core/sizing/fitanalyzer.h"
#include "core/sizing/fitsentences.h"
#include "core/sizing/kvmodelvalues.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/sizinginputs.h"
#include "core/sizing/trainingestimator.h"
#include "core/units/units.h"

#include <QTest>
#include <cstdlib>
#include <functional>
#include <string>

using namespace iteragpu;
using namespace iteragpu::sizing;

Q_DECLARE_METATYPE(std::function<void(iteragpu::sizing::SizingInputs&)>)

namespace {

using Edit = std::function<void(SizingInputs&)>;

std::string config(const char* name)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/sizing/" + name + ".config.json";
}

GpuCard card(std::uint64_t bytes)
{
    GpuCard c;
    c.id = "test-card";
    c.name = "Test Card";
    c.reportedBytes = bytes;
    return c;
}

SizingInputs typedKv()
{
    SizingInputs in;
    in.parameters = 7'000'000'000ULL;
    in.bits = 16;
    in.kvCache = true;
    in.layers = 32;
    in.kvHeads = 8;
    in.headDim = 128;
    in.promptTokens = 8192;
    return in;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

class TestSizingInputs : public QObject {
    Q_OBJECT
private slots:
    // Every component the engine computes has one line whose bytes, computed again from the numbers the line
    // shows (Note [Lines recompute]), equal the component's; the reserve gets a line too.
    void linesMatchComponents_data()
    {
        QTest::addColumn<Edit>("edit");
        auto preset = [](const char* id, WeightFormat f) {
            return Edit([=](SizingInputs& in) {
                in.presetId = id;
                in.storage = f;
            });
        };
        QTest::addRow("typed 7e9 x 16 bit + 4 GiB") << Edit([](SizingInputs& in) {
            in.parameters = 7'000'000'000ULL;
            in.bits = 16;
            in.reserveValue = 4;
        });
        QTest::addRow("typed 3 bit, odd count") << Edit([](SizingInputs& in) {
            in.parameters = 1'000'000'007ULL;
            in.bits = 3;
        });
        for (const auto& info : allWeightFormats()) {
            const WeightFormat f = info.format;
            QTest::addRow("typed count, %s", info.name) << Edit([f](SizingInputs& in) {
                in.parameters = 6'738'415'616ULL;
                in.storage = f;
            });
            QTest::addRow("preset llama-2-7b, %s", info.name) << preset("llama-2-7b", f);
            QTest::addRow("config qwen2-7b, %s, tp 2", info.name) << Edit([f](SizingInputs& in) {
                in.configPath = config("qwen2-7b");
                in.storage = f;
                in.tensorParallel = 2;
            });
        }
        QTest::addRow("typed KV, 1 GiB") << Edit([](SizingInputs& in) { in = typedKv(); });
        QTest::addRow("typed KV, 3 sequences, generated, fp32") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.sequences = 3;
            in.generatedTokens = 1000;
            in.kvDtype = ScalarType::FP32;
        });
        QTest::addRow("typed KV, sliding window") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.slidingWindow = 4096;
        });
        QTest::addRow("typed KV, window longer than tokens") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.slidingWindow = 100000;
        });
        QTest::addRow("typed KV int8 with scales") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.kvDtype = ScalarType::INT8;
        });
        QTest::addRow("typed KV int4, window") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.kvDtype = ScalarType::INT4;
            in.slidingWindow = 1000;
        });
        QTest::addRow("typed KV, 3 bytes per element, static capacity") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.kvBytesPerElement = 3;
            in.staticCapacity = 10000;
        });
        QTest::addRow("mistral config, model's window, tp 4") << Edit([](SizingInputs& in) {
            in.configPath = config("mistral-7b-v0.1");
            in.kvCache = true;
            in.promptTokens = 8192;
            in.tensorParallel = 4;
        });
        QTest::addRow("gemma-2-9b config, alternating windows") << Edit([](SizingInputs& in) {
            in.configPath = config("gemma-2-9b");
            in.kvCache = true;
            in.promptTokens = 6000;
            in.sequences = 2;
        });
        QTest::addRow("preset, KV with typed layers over the model's") << Edit([](SizingInputs& in) {
            in.presetId = "mistral-7b-v0.1";
            in.kvCache = true;
            in.layers = 30;
            in.promptTokens = 9000;
        });
        QTest::addRow("LoRA, preset, reserve in GB") << Edit([](SizingInputs& in) {
            in.presetId = "llama-2-7b";
            in.mode = SizingMode::LoRA;
            in.loraRank = 64;
            in.reserveValue = 2.5;
            in.reserveUnit = units::Unit::GB;
        });
        QTest::addRow("LoRA, nf4, tp 2, all targets") << Edit([](SizingInputs& in) {
            in.presetId = "llama-3-8b";
            in.storage = WeightFormat::NF4;
            in.mode = SizingMode::LoRA;
            in.loraTargets = { "all-linear" };
            in.tensorParallel = 2;
        });
        const Optimizer optimizers[]
            = { Optimizer::SGD, Optimizer::SGDMomentum, Optimizer::Adam, Optimizer::AdamW, Optimizer::Adam8bit };
        for (const Optimizer opt : optimizers) {
            QTest::addRow("full training, %s, master, eval, export", optimizerName(opt)) << Edit([opt](SizingInputs& in) {
                in.presetId = "llama-2-7b";
                in.mode = SizingMode::FullTraining;
                in.optimizer = opt;
                in.masterWeights = true;
                in.evalBatch = 4;
                in.exportCopy = true;
                in.microBatch = 2;
                in.sequenceLength = 1024;
            });
            QTest::addRow("full training, %s, checkpointing, tp 4, fp32", optimizerName(opt))
                << Edit([opt](SizingInputs& in) {
                       in.configPath = config("qwen2-7b");
                       in.mode = SizingMode::FullTraining;
                       in.optimizer = opt;
                       in.checkpointing = true;
                       in.compute = ScalarType::FP32;
                       in.evalBatch = 1;
                       in.exportCopy = true;
                       in.tensorParallel = 4;
                   });
        }
        QTest::addRow("full training, typed count (no shape), KV generation phase") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.mode = SizingMode::FullTraining;
        });
    }

    void linesMatchComponents()
    {
        QFETCH(Edit, edit);
        SizingInputs in;
        edit(in);
        const Estimate e = SizingEngine::estimate(makeRequest(in));
        std::size_t expected = 0;
        for (const auto& c : e.components) {
            if (!c.bytes)
                continue;
            ++expected;
            int found = 0;
            for (const auto& line : e.computation) {
                if (line.componentId != c.id)
                    continue;
                ++found;
                QVERIFY2(line.bytes == *c.bytes,
                    (c.id + ": line " + std::to_string(line.bytes) + " vs component " + std::to_string(*c.bytes) + ": "
                        + line.english())
                        .c_str());
                // The result shown is the component's bytes, in digit groups.
                QVERIFY2(contains(line.english(), units::groupDigits(line.bytes) + " bytes"), line.english().c_str());
            }
            QVERIFY2(found == 1, c.id.c_str());
        }
        if (e.reserve.bytes > 0) {
            ++expected;
            const auto it = std::find_if(e.computation.begin(), e.computation.end(),
                [](const ComputationLine& l) { return l.componentId == "reserve"; });
            QVERIFY(it != e.computation.end());
            QCOMPARE(it->bytes, e.reserve.bytes);
            QCOMPARE(it->provenance, Provenance::Assumed);
        }
        QCOMPARE(e.computation.size(), expected);
        for (const auto& line : e.computation) {
            QCOMPARE(std::string(line.formula.context), std::string(kComputationContext));
            QVERIFY(!contains(line.english(), "%")); // every placeholder filled
        }
    }

    // Note [Compute format]: activations in the compute format. Gradients: with the model's shape the decoder's
    // inventory keeps each in its parameter's dtype (fp16 weights here, whatever the compute format or a gradient
    // type given, said in the assumptions); fp8 compute is not one the decoder runs, so Korthikanti et al.'s
    // estimate sizes it, with its gradients in the compute format unless a type is given.
    void computeFormatMeaning_data()
    {
        QTest::addColumn<int>("compute");
        QTest::addColumn<int>("gradient"); // -1: not given
        QTest::addColumn<int>("expectedGradientBits");
        QTest::addColumn<bool>("inventory");
        QTest::addRow("fp32 compute") << int(ScalarType::FP32) << -1 << 16 << true;
        QTest::addRow("fp16 compute") << int(ScalarType::FP16) << -1 << 16 << true;
        QTest::addRow("fp8 compute") << int(ScalarType::FP8E4M3) << -1 << 8 << false;
        QTest::addRow("fp32 compute, bf16 gradients given")
            << int(ScalarType::FP32) << int(ScalarType::BF16) << 16 << true;
    }

    void computeFormatMeaning()
    {
        QFETCH(int, compute);
        QFETCH(int, gradient);
        QFETCH(int, expectedGradientBits);
        QFETCH(bool, inventory);
        SizingInputs in;
        in.presetId = "llama-2-7b";
        in.storage = WeightFormat::FP16;
        in.compute = static_cast<ScalarType>(compute);
        if (gradient >= 0)
            in.gradientType = static_cast<ScalarType>(gradient);
        in.mode = SizingMode::FullTraining;
        in.sequenceLength = 512;
        in.microBatch = 1;
        const SizingRequest r = makeRequest(in);
        QCOMPARE(int(r.training->activationType), compute);
        const Estimate e = SizingEngine::estimate(r);
        QCOMPARE(e.trainingStep.has_value(), inventory);
        QCOMPARE(e.bytesOf("gradients"), e.parameters * static_cast<std::uint64_t>(expectedGradientBits) / 8);
        const auto& shape = *r.shape;
        if (inventory) {
            // A full fine-tune of 512 tokens, sdpa: per layer 8 tensors [512, 4 096] (h, x, q, k, v, attn, h1, x2),
            // 3 [512, 11 008] (g, u, act) in the compute format and the float32 lse [1, 32, 512]; + h_32 and hn.
            const std::uint64_t c = scalarBits(static_cast<ScalarType>(compute)) / 8;
            QCOMPARE(e.bytesOf("activations"),
                32 * (8 * 512 * 4096 * c + 3 * 512 * 11008 * c + 4 * 32 * 512) + 2 * 512 * 4096 * c);
        } else {
            QCOMPARE(e.bytesOf("activations"),
                shape.layers
                    * TrainingEstimator::layerActivations(
                        512, 1, shape.hidden, shape.heads, static_cast<ScalarType>(compute)));
        }
        QCOMPARE(e.bytesOf("weights"), e.parameters * 2); // fp16 storage whatever the compute format
    }

    void badInputs_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addRow("no model") << Edit([](SizingInputs&) {});
        QTest::addRow("zero parameters") << Edit([](SizingInputs& in) { in.parameters = 0; });
        QTest::addRow("bits 0") << Edit([](SizingInputs& in) {
            in.parameters = 7;
            in.bits = 0;
        });
        QTest::addRow("bits 65") << Edit([](SizingInputs& in) {
            in.parameters = 7;
            in.bits = 65;
        });
        QTest::addRow("preset and config") << Edit([](SizingInputs& in) {
            in.presetId = "llama-2-7b";
            in.configPath = config("qwen2-7b");
        });
        QTest::addRow("unknown preset") << Edit([](SizingInputs& in) { in.presetId = "no-such-model"; });
        QTest::addRow("KV without tokens") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.promptTokens = 0;
        });
        QTest::addRow("KV without dimensions, no model") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.headDim.reset();
        });
        QTest::addRow("KV with zero layers typed") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.layers = 0;
        });
        QTest::addRow("int4 compute") << Edit([](SizingInputs& in) {
            in.parameters = 7;
            in.compute = ScalarType::INT4;
        });
        QTest::addRow("negative reserve") << Edit([](SizingInputs& in) {
            in.parameters = 7;
            in.reserveValue = -1;
        });
        QTest::addRow("tensor parallel 0") << Edit([](SizingInputs& in) {
            in.parameters = 7;
            in.tensorParallel = 0;
        });
        QTest::addRow("micro-batch 0") << Edit([](SizingInputs& in) {
            in.presetId = "llama-2-7b";
            in.mode = SizingMode::FullTraining;
            in.microBatch = 0;
        });
    }

    void badInputs()
    {
        QFETCH(Edit, edit);
        SizingInputs in;
        edit(in);
        try {
            (void)makeRequest(in);
            QFAIL("no SizingError");
        } catch (const SizingError& e) {
            const std::string what = e.what();
            QVERIFY(!what.empty());
            QVERIFY2(what.find('\n') == std::string::npos, what.c_str());
        }
    }

    void trainedContextRead()
    {
        SizingInputs in;
        in.presetId = "llama-2-7b";
        QCOMPARE(makeRequest(in).shape->trainedContext, std::optional<std::uint64_t>(4096));
        in = {};
        in.configPath = config("mistral-7b-v0.1");
        QCOMPARE(makeRequest(in).shape->trainedContext, std::optional<std::uint64_t>(32768));
        in = {};
        in.parameters = 7;
        QVERIFY(!makeRequest(in).shape);
    }

    void componentLabelTable()
    {
        SizingInputs in;
        in.presetId = "llama-2-7b";
        in.mode = SizingMode::LoRA;
        in.masterWeights = true;
        in.evalBatch = 1;
        in.exportCopy = true;
        in.kvCache = true;
        in.promptTokens = 100;
        const Estimate e = SizingEngine::estimate(makeRequest(in));
        std::vector<std::string> ids { "reserve", "total" };
        for (const auto& c : e.components)
            ids.push_back(c.id);
        QVERIFY(std::find(ids.begin(), ids.end(), "lora_adapters") != ids.end());
        QVERIFY(std::find(ids.begin(), ids.end(), "logits") != ids.end());
        for (const auto& id : ids) {
            const i18n::Term t = componentLabel(id);
            QVERIFY2(std::string(t.context) == kComponentContext, id.c_str());
            QVERIFY(std::string(t.source).size() > 0);
        }
        for (const auto& c : e.components)
            QCOMPARE(c.label, componentLabelEnglish(c.id));
        QCOMPARE(componentLabelEnglish("kv_cache"), std::string("KV cache"));
        const i18n::Term unknown = componentLabel("something_new");
        QCOMPARE(std::string(unknown.context), std::string());
        QCOMPARE(std::string(unknown.source), std::string("something_new"));
    }

    void contextCaps_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<std::uint64_t>("cardBytes");
        QTest::addColumn<int>("cap");
        QTest::addColumn<QString>("sentencePart");
        QTest::addRow("memory") << Edit([](SizingInputs& in) { in = typedKv(); }) << 20 * units::kGiB
                                << int(FitLimit::Cap::Memory) << QStringLiteral("limited by memory");
        QTest::addRow("sliding window, typed numbers") << Edit([](SizingInputs& in) {
            in = typedKv();
            in.slidingWindow = 4096;
        }) << 20 * units::kGiB << int(FitLimit::Cap::SlidingWindow)
                                                       << QStringLiteral("sliding window of 4 096 tokens");
        QTest::addRow("trained context, memory allows more") << Edit([](SizingInputs& in) {
            in.presetId = "llama-2-7b";
            in.kvCache = true;
            in.promptTokens = 1000;
        }) << 80 * units::kGiB << int(FitLimit::Cap::TrainedContext)
                                                             << QStringLiteral("4 096 tokens per sequence, the model's trained context (memory would allow");
        QTest::addRow("trained context over the window (Mistral)") << Edit([](SizingInputs& in) {
            in.presetId = "mistral-7b-v0.1";
            in.kvCache = true;
            in.promptTokens = 1000;
        }) << 80 * units::kGiB << int(FitLimit::Cap::TrainedContext)
                                                                   << QStringLiteral("32 768 tokens per sequence, the model's trained context (memory sets no limit");
        QTest::addRow("memory below the trained context") << Edit([](SizingInputs& in) {
            in.presetId = "llama-2-7b";
            in.kvCache = true;
            in.promptTokens = 1000;
        }) << 14 * units::kGiB << int(FitLimit::Cap::Memory)
                                                          << QStringLiteral("limited by memory");
        QTest::addRow("does not fit") << Edit([](SizingInputs& in) { in = typedKv(); }) << 10 * units::kGiB
                                      << int(FitLimit::Cap::DoesNotFit) << QStringLiteral("not even with one token");
        QTest::addRow("training, memory") << Edit([](SizingInputs& in) {
            in.presetId = "llama-2-7b";
            in.mode = SizingMode::LoRA;
            in.storage = WeightFormat::NF4;
        }) << 16 * units::kGiB << int(FitLimit::Cap::Memory)
                                          << QStringLiteral("limited by memory");
        QTest::addRow("nothing to search") << Edit([](SizingInputs& in) {
            in.parameters = 7;
        }) << 16 * units::kGiB << int(FitLimit::Cap::NotApplicable)
                                           << QString();
    }

    void contextCaps()
    {
        QFETCH(Edit, edit);
        QFETCH(std::uint64_t, cardBytes);
        QFETCH(int, cap);
        QFETCH(QString, sentencePart);
        SizingInputs in;
        edit(in);
        const SizingRequest r = makeRequest(in);
        const GpuCard c = card(cardBytes);
        const FitLimit limit = FitSentences::largestContext(r, c);
        QCOMPARE(int(limit.cap), cap);
        const auto memory = FitAnalyzer::largestContext(r, c);
        if (limit.cap == FitLimit::Cap::Memory)
            QCOMPARE(limit.value, memory);
        if (limit.cap == FitLimit::Cap::TrainedContext) {
            QCOMPARE(limit.value, r.shape->trainedContext);
            QVERIFY(*memory > *r.shape->trainedContext);
        }
        const std::string sentence = FitSentences::contextSentence(limit, c.name).english();
        QVERIFY2(contains(sentence, sentencePart.toStdString()), sentence.c_str());
        QVERIFY(!contains(sentence, "no limit tokens"));
        QVERIFY(!contains(sentence, "%"));
        if (cap != int(FitLimit::Cap::NotApplicable))
            QVERIFY(contains(sentence, "Test Card"));
    }

    void batchCaps_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<std::uint64_t>("cardBytes");
        QTest::addColumn<int>("cap");
        QTest::addColumn<QString>("sentencePart");
        QTest::addRow("inference, memory") << Edit([](SizingInputs& in) { in = typedKv(); }) << 20 * units::kGiB
                                           << int(FitLimit::Cap::Memory) << QStringLiteral("sequences at once, limited by memory");
        QTest::addRow("training, memory") << Edit([](SizingInputs& in) {
            in.presetId = "llama-2-7b";
            in.mode = SizingMode::LoRA;
        }) << 80 * units::kGiB << int(FitLimit::Cap::Memory)
                                          << QStringLiteral("Largest micro-batch that fits on Test Card:");
        QTest::addRow("does not fit") << Edit([](SizingInputs& in) { in = typedKv(); }) << 10 * units::kGiB
                                      << int(FitLimit::Cap::DoesNotFit) << QStringLiteral("not even with one sequence");
    }

    void batchCaps()
    {
        QFETCH(Edit, edit);
        QFETCH(std::uint64_t, cardBytes);
        QFETCH(int, cap);
        QFETCH(QString, sentencePart);
        SizingInputs in;
        edit(in);
        const SizingRequest r = makeRequest(in);
        const GpuCard c = card(cardBytes);
        const FitLimit limit = FitSentences::largestBatch(r, c);
        QCOMPARE(int(limit.cap), cap);
        QCOMPARE(limit.value, FitAnalyzer::largestBatch(r, c));
        const std::string sentence = FitSentences::batchSentence(limit, c.name, r.training.has_value()).english();
        QVERIFY2(contains(sentence, sentencePart.toStdString()), sentence.c_str());
    }

    void kvValuesFromModel()
    {
        SizingInputs in;
        in.presetId = "mistral-7b-v0.1";
        KvModelValues v = KvModelValues::from(in);
        QVERIFY(v.hasModel);
        QCOMPARE(v.layers.value, std::optional<std::uint64_t>(32));
        QVERIFY(v.layers.fromModel && !v.layers.overridden);
        QCOMPARE(v.kvHeads.value, std::optional<std::uint64_t>(8));
        QCOMPARE(v.headDim.value, std::optional<std::uint64_t>(128));
        QCOMPARE(v.trainedContext.value, std::optional<std::uint64_t>(32768));
        QCOMPARE(v.modelWindows.size(), std::size_t(1));
        QCOMPARE(v.modelWindows[0].window, std::optional<std::uint64_t>(4096));
        QCOMPARE(v.modelWindows[0].layers, std::uint64_t(32));
        QVERIFY(v.windowsFromModel);

        in.kvHeads = 4;
        in.headDim = 128; // typed, equal to the model's: still the model's value
        in.slidingWindow = 2048;
        v = KvModelValues::from(in);
        QCOMPARE(v.kvHeads.value, std::optional<std::uint64_t>(4));
        QCOMPARE(v.kvHeads.modelValue, std::optional<std::uint64_t>(8));
        QVERIFY(v.kvHeads.overridden && !v.kvHeads.fromModel);
        QVERIFY(v.headDim.fromModel && !v.headDim.overridden);
        QVERIFY(!v.windowsFromModel);
        QCOMPARE(v.typedWindow, std::optional<std::uint64_t>(2048));

        in = {};
        in.configPath = config("gemma-2-9b");
        v = KvModelValues::from(in);
        QCOMPARE(v.modelWindows.size(), std::size_t(2)); // full attention and sliding layers alternate
        QVERIFY(!v.modelWindows[0].window);
        QCOMPARE(v.modelWindows[1].window, std::optional<std::uint64_t>(4096));
        QCOMPARE(v.modelWindows[0].layers + v.modelWindows[1].layers, *v.layers.value);

        in = {};
        in.layers = 12;
        v = KvModelValues::from(in);
        QVERIFY(!v.hasModel);
        QCOMPARE(v.layers.value, std::optional<std::uint64_t>(12));
        QVERIFY(!v.layers.fromModel && !v.layers.overridden);
        QVERIFY(!v.kvHeads.value);
    }
};

QTEST_GUILESS_MAIN(TestSizingInputs)
#include "tst_sizinginputs.moc"
