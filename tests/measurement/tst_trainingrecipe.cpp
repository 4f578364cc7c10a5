// SPDX-License-Identifier: Apache-2.0
// The training recipe's names, its validation, the framework profiles and the choices over them, and the decoder
// training's phase plan and configuration checks (core/training, core/protocol).
#include "core/model/modelshape.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/report/resultjson.h"
#include "core/training/frameworkprofile.h"
#include "core/training/recipechoices.h"
#include "core/training/trainingrecipe.h"

#include <QTest>

using namespace iteragpu;
using training::LoraTarget;
using training::Method;

namespace {

protocol::RunConfig trainingConfig(const training::TrainingRecipe& recipe)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.mode = protocol::Mode::Training;
    protocol::DecoderSpec d;
    d.shape.family = "llama";
    d.shape.layers = 2;
    d.shape.hidden = 64;
    d.shape.intermediate = 128;
    d.shape.heads = 4;
    d.shape.kvHeads = 2;
    d.shape.headDim = 16;
    d.shape.vocab = 256;
    d.storage = protocol::WeightStorage::BFloat16;
    d.training = recipe;
    c.decoder = d;
    c.dtype = device::DType::BFloat16;
    c.warmup = 1;
    c.repeats = 2;
    return c;
}

QStringList phaseNames(const protocol::RunConfig& c)
{
    QStringList names;
    for (const auto& p : protocol::planPhases(c))
        names << QString::fromStdString(p.name);
    return names;
}

} // namespace

class TestTrainingRecipe : public QObject {
    Q_OBJECT
private slots:
    void names()
    {
        for (Method m : { Method::Full, Method::Lora, Method::Qlora })
            QCOMPARE(training::methodFromName(training::methodName(m)), m);
        for (auto k : { training::OptimizerKind::AdamW, training::OptimizerKind::AdamW8bit, training::OptimizerKind::Sgd })
            QCOMPARE(training::optimizerKindFromName(training::optimizerKindName(k)), k);
        QCOMPARE(QString::fromLatin1(training::optimizerKindName(training::OptimizerKind::AdamW8bit)),
            QStringLiteral("adam8bit")); // estimate's spelling
        QVERIFY(!training::methodFromName("lora ").has_value());
        QVERIFY(!training::frameworkFromName("axolotl").has_value());
    }

    void targets_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("parsed");
        QTest::addColumn<bool>("ok");
        QTest::addRow("layer order, no repeats") << "v_proj,q_proj,v_proj" << "q_proj,v_proj" << true;
        QTest::addRow("all-linear") << "all-linear" << "q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj" << true;
        QTest::addRow("torchtune's") << "q_proj,v_proj,o_proj,gate_proj,up_proj,down_proj"
                                     << "q_proj,v_proj,o_proj,gate_proj,up_proj,down_proj" << true;
        QTest::addRow("unknown name") << "q_proj,lm_head" << "" << false;
        QTest::addRow("empty item") << "q_proj,,v_proj" << "" << false;
        QTest::addRow("empty") << "" << "" << false;
    }
    void targets()
    {
        QFETCH(QString, text);
        QFETCH(QString, parsed);
        QFETCH(bool, ok);
        const training::TargetList t = training::parseLoraTargets(text.toStdString());
        QCOMPARE(t.error.empty(), ok);
        if (ok)
            QCOMPARE(QString::fromStdString(training::loraTargetList(t.targets)), parsed);
        else
            QVERIFY(t.targets.empty());
    }

    void validation_data()
    {
        QTest::addColumn<int>("change");
        QTest::addColumn<QString>("fragment"); // empty: valid
        QTest::addRow("default lora") << 0 << "";
        QTest::addRow("rank 0") << 1 << "rank";
        QTest::addRow("no targets") << 2 << "target";
        QTest::addRow("master weights on lora") << 3 << "master weights";
        QTest::addRow("in-backward with accumulation") << 4 << "accumulate";
        QTest::addRow("zero micro-batch") << 5 << "at least 1 sequence";
        QTest::addRow("grad accum beyond limit") << 6 << "gradient accumulation";
        QTest::addRow("full ignores rank 0") << 7 << "";
    }
    void validation()
    {
        QFETCH(int, change);
        QFETCH(QString, fragment);
        training::TrainingRecipe r;
        switch (change) {
        case 1:
            r.rank = 0;
            break;
        case 2:
            r.targets.clear();
            break;
        case 3:
            r.masterWeights = true;
            break;
        case 4:
            r.optimizerInBackward = true;
            r.gradAccum = 2;
            break;
        case 5:
            r.microBatch = 0;
            break;
        case 6:
            r.gradAccum = training::kMaxGradAccum + 1;
            break;
        case 7:
            r.method = Method::Full;
            r.rank = 0;
            break;
        default:
            break;
        }
        const QString why = QString::fromStdString(training::validateRecipe(r));
        if (fragment.isEmpty())
            QVERIFY2(why.isEmpty(), qPrintable(why));
        else
            QVERIFY2(why.contains(fragment), qPrintable(why));
    }

    void profiles()
    {
        const auto tt = training::frameworkProfile(training::Framework::Torchtune, Method::Lora).recipe;
        QCOMPARE(tt.lossChunks, 8u);
        QVERIFY(tt.checkpointing);
        QVERIFY(!tt.adapterFp32);
        QCOMPARE(tt.targets.size(), std::size_t(6));
        const auto ttFull = training::frameworkProfile(training::Framework::Torchtune, Method::Full).recipe;
        QVERIFY(ttFull.optimizerInBackward);
        QVERIFY(ttFull.pagedOptimizer);
        QCOMPARE(ttFull.optimizer, training::OptimizerKind::AdamW8bit);
        const auto hf = training::frameworkProfile(training::Framework::Hf, Method::Lora).recipe;
        QCOMPARE(hf.lossChunks, 0u);
        QVERIFY(hf.adapterFp32);
        QVERIFY(!hf.checkpointing);
        QCOMPARE(QString::fromStdString(training::loraTargetList(hf.targets)), QStringLiteral("q_proj,v_proj"));
        for (auto f : { training::Framework::Hf, training::Framework::Torchtune })
            for (Method m : { Method::Full, Method::Lora, Method::Qlora }) {
                const auto p = training::frameworkProfile(f, m);
                QVERIFY(!p.source.empty() && !p.lossHabit.empty() && !p.optimizerHabit.empty());
                QVERIFY2(training::validateRecipe(p.recipe).empty(), training::frameworkName(f));
            }
    }

    void choicesOverProfile()
    {
        training::RecipeChoices c;
        c.framework = training::Framework::Torchtune;
        c.method = Method::Full;
        QVERIFY(training::resolveRecipe(c).optimizerInBackward);
        c.gradAccum = 4; // the profile's in-backward step cannot accumulate: asked for accumulation, it goes
        auto r = training::resolveRecipe(c);
        QVERIFY(!r.optimizerInBackward);
        QCOMPARE(r.gradAccum, 4u);
        QVERIFY(training::validateRecipe(r).empty());
        c.optimizer = training::OptimizerKind::AdamW; // another optimizer than the profile's paged 8-bit one
        QVERIFY(!training::resolveRecipe(c).pagedOptimizer);
        c.pagedOptimizer = true;
        QVERIFY(training::resolveRecipe(c).pagedOptimizer);
        c.checkpointing = false;
        QVERIFY(!training::resolveRecipe(c).checkpointing);

        training::RecipeChoices given;
        given.framework = training::Framework::Hf;
        given.method = Method::Lora;
        QVERIFY(training::profileDefaultsTaken(given).size() >= 4);
        given.targets = std::vector<LoraTarget> { LoraTarget::QProj };
        given.rank = 4;
        given.adapterFp32 = false;
        given.checkpointing = true;
        given.optimizer = training::OptimizerKind::Sgd;
        given.lossChunks = 2;
        QVERIFY(training::profileDefaultsTaken(given).empty());
    }

    void plan_data()
    {
        QTest::addColumn<int>("variant");
        QTest::addColumn<QStringList>("phases");
        const QStringList head { "model_load", "inputs", "first_step.forward", "first_step.loss", "first_step.backward" };
        QTest::addRow("lora") << 0
                              << head + QStringList { "first_step.optimizer", "warmup", "warm_step", "warm_step" };
        QTest::addRow("accumulation, eval, export")
            << 1
            << head
                + QStringList { "first_step.accumulate", "first_step.optimizer", "warmup", "warm_step", "warm_step",
                      "eval", "checkpoint_save" };
        QTest::addRow("optimizer in backward") << 2 << head + QStringList { "warmup", "warm_step", "warm_step" };
    }
    void plan()
    {
        QFETCH(int, variant);
        QFETCH(QStringList, phases);
        training::TrainingRecipe r;
        if (variant == 1) {
            r.gradAccum = 3;
            r.evalBatch = 1;
            r.exportCopy = true;
        }
        if (variant == 2) {
            r.method = Method::Full;
            r.optimizerInBackward = true;
        }
        const auto c = trainingConfig(r);
        QCOMPARE(phaseNames(c), phases);
        QCOMPARE(protocol::plannedPhaseCount(c), std::optional<std::uint64_t>(phases.size()));
        QVERIFY2(protocol::validateConfig(c).empty(), protocol::validateConfig(c).c_str());
        if (variant == 1) {
            const auto plan = protocol::planPhases(c);
            QCOMPARE(plan[5].iterations, 2u); // the other two micro-batches of the first step
        }
        for (const auto& p : protocol::planPhases(c))
            QVERIFY2(!protocol::phaseInputs(c, p).empty(), p.name.c_str());
    }

    void configRefusals_data()
    {
        QTest::addColumn<int>("variant");
        QTest::addColumn<QString>("fragment");
        QTest::addRow("qlora on bf16") << 0 << "nf4";
        QTest::addRow("lora on nf4") << 1 << "qlora";
        QTest::addRow("moe") << 2 << "MoE";
        QTest::addRow("no recipe") << 3 << "recipe";
        QTest::addRow("logits beyond 2^63") << 4 << "too large";
        QTest::addRow("master weights on fp32") << 5 << "float32";
    }
    void configRefusals()
    {
        QFETCH(int, variant);
        QFETCH(QString, fragment);
        training::TrainingRecipe r;
        auto c = trainingConfig(r);
        switch (variant) {
        case 0:
            c.decoder->training->method = Method::Qlora;
            break;
        case 1:
            c.decoder->storage = protocol::WeightStorage::Nf4;
            break;
        case 2:
            c.decoder->shape.experts = 8;
            c.decoder->shape.expertsPerToken = 2;
            break;
        case 3:
            c.decoder->training.reset();
            break;
        case 4:
            c.decoder->training->microBatch = 1u << 20;
            c.decoder->training->sequenceLength = 1u << 20;
            c.decoder->shape.vocab = 1u << 24;
            break;
        case 5:
            c.decoder->storage = protocol::WeightStorage::Float32;
            c.dtype = device::DType::Float32;
            c.decoder->training->method = Method::Full;
            c.decoder->training->masterWeights = true;
            break;
        default:
            break;
        }
        const QString why = QString::fromStdString(protocol::validateConfig(c));
        QVERIFY2(why.contains(fragment), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestTrainingRecipe)
#include "tst_trainingrecipe.moc"
