// SPDX-License-Identifier: Apache-2.0
// The decoder's training step against published fine-tuning peaks (tests/data/training/published-finetunes.json,
// each with its source): the same recipe measured on the simulated card of the same kind, its peak allocated
// over every phase held to the published figure within 12 %. A row whose run used a habit the workload does not
// model (LoRA dropout, LitGPT's fused qkv) and lands beyond 12 % is marked an expected
// failure with that difference named, and its figures still print, so the distance is on record (README,
// "Fine-tuning").
#include "core/model/configreader.h"
#include "core/protocol/phaseplan.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/training/recipechoices.h"

#include <QTest>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using training::Method;

namespace {

nlohmann::json publishedRun(const std::string& id)
{
    std::ifstream in(qEnvironmentVariable("ITERAGPU_TEST_DATA").toStdString() + "/training/published-finetunes.json");
    const auto doc = nlohmann::json::parse(in);
    for (const auto& r : doc.at("runs"))
        if (r.at("id") == id)
            return r;
    return nullptr;
}

// A Llama-style config.json from the row's model numbers (the source's own builder or config).
std::string llamaConfig(const nlohmann::json& m)
{
    nlohmann::json c { { "model_type", "llama" }, { "hidden_size", m.at("hidden") },
        { "num_hidden_layers", m.at("layers") }, { "num_attention_heads", m.at("heads") },
        { "num_key_value_heads", m.at("kv_heads") }, { "head_dim", m.at("head_dim") },
        { "intermediate_size", m.at("intermediate") }, { "vocab_size", m.at("vocab") },
        { "tie_word_embeddings", m.at("tied") }, { "torch_dtype", "bfloat16" } };
    return c.dump();
}

struct Recipe {
    Method method = Method::Lora;
    training::Framework framework = training::Framework::Hf;
    const char* targets = "q_proj,v_proj";
    std::uint64_t rank = 8;
    bool adapterFp32 = false;
    std::uint64_t batch = 1, seq = 2048;
    bool checkpointing = false;
    training::OptimizerKind optimizer = training::OptimizerKind::AdamW;
    bool paged = false, inBackward = false;
    std::uint64_t lossChunks = 0;
    bool compiled = false; // torch.compile's fusions (DECODER.md "Compiled")
    protocol::WeightStorage storage = protocol::WeightStorage::BFloat16;
};

} // namespace

Q_DECLARE_METATYPE(Recipe)

class TestPublishedFinetunes : public QObject {
    Q_OBJECT
private slots:
    void peakWithinTwelvePercent_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<Recipe>("recipe");
        QTest::addColumn<QString>("card");
        QTest::addColumn<QString>("differs"); // empty: the recipe is what the workload models
        const auto row = [](const char* id, Recipe r, const char* card, const char* differs) {
            QTest::addRow("%s", id) << QString::fromLatin1(id) << r << QString::fromLatin1(card)
                                    << QString::fromLatin1(differs);
        };
        const char* litgpt = "LitGPT's lora_dropout 0.05 (a dropout copy and mask of each adapter's input), its "
                             "fused qkv projection and out-of-place rotary copies are not modelled";
        Recipe tt;
        tt.framework = training::Framework::Torchtune;
        tt.targets = "q_proj,v_proj,o_proj,gate_proj,up_proj,down_proj";
        tt.batch = 2;
        tt.checkpointing = true;
        tt.lossChunks = 8;
        tt.compiled = true; // the README's runs: compile: True
        // Compiled (DECODER.md "Compiled": fused norms, SwiGLU and cross-entropy): the LoRA and QLoRA rows land
        // within 12 % (+6.4 %, +7.0 %; +20.7 %, +38.4 % run eager), no longer expected to fail.
        row("tt-readme-l31-8b-lora-4090", tt, "rtx-4090", "");
        Recipe ttq = tt;
        ttq.method = Method::Qlora;
        ttq.storage = protocol::WeightStorage::Nf4;
        row("tt-readme-l31-8b-qlora-4090", ttq, "rtx-4090", "");
        Recipe ttf = tt;
        ttf.method = Method::Full;
        ttf.optimizer = training::OptimizerKind::AdamW8bit;
        ttf.paged = true;
        ttf.inBackward = true;
        // Compiled too: +1.2 % (+9.1 % run eager; its peak is the optimizer-in-backward step, not the loss).
        row("tt-readme-l31-8b-full-4090", ttf, "rtx-4090", "");
        Recipe packed; // full, AdamW in bf16, no checkpointing, the whole loss, eager PyTorch: what we model
        packed.method = Method::Full;
        packed.framework = training::Framework::Torchtune;
        packed.batch = 2;
        packed.seq = 4096;
        // Eager PyTorch's RMSNorm keeps a float32 copy of its input and SwiGLU keeps act(gate) beside gate and up
        // (DECODER.md "A norm", h): with them in the inventory the row lands within 12 % (-0.2 %; -15 % without).
        row("tt-flags-l32-3b-full-packed", packed, "a100-80gb", "");
        Recipe lit; // LoRA on q and v, rank 8, bf16-true (adapters bf16), no checkpointing, lm_head in chunks of 128
        lit.seq = 1304;
        lit.lossChunks = 11; // ceil(1304 / 128)
        // LitGPT's LoRA rows: its dropout copies, fused qkv and rotary copies are still not modelled (each adds
        // bytes, and these rows measure below the published figure), but with the norms' float32 copies and
        // SwiGLU's act(gate) the 16-bit LoRA rows land within 12 % (-7.5 %, -11.4 %, -6.4 %): no longer expected
        // to fail (-15.1 %, -22.5 %, -13.1 % without them). The QLoRA rows stay beyond it.
        row("litgpt-rt-l2-7b-lora-mb1", lit, "a100-40gb", "");
        Recipe lit2 = lit;
        lit2.batch = 2;
        lit2.lossChunks = 21; // ceil(2608 / 128)
        row("litgpt-rt-l2-7b-lora-mb2", lit2, "a100-40gb", "");
        Recipe litq = lit;
        litq.method = Method::Qlora;
        litq.storage = protocol::WeightStorage::Nf4;
        row("litgpt-rt-l2-7b-qlora-nf4-mb1", litq, "a100-40gb", litgpt);
        litq.storage = protocol::WeightStorage::Nf4DoubleQuant;
        row("litgpt-rt-l2-7b-qlora-nf4dq-mb1", litq, "a100-40gb", litgpt);
        row("litgpt-rt-l2-13b-lora-mb1", lit, "a100-40gb", "");
        litq.storage = protocol::WeightStorage::Nf4;
        row("litgpt-rt-l2-13b-qlora-nf4-mb1", litq, "a100-40gb", litgpt);
    }
    void peakWithinTwelvePercent()
    {
        QFETCH(QString, id);
        QFETCH(Recipe, recipe);
        QFETCH(QString, card);
        QFETCH(QString, differs);
        const nlohmann::json run = publishedRun(id.toStdString());
        QVERIFY2(!run.is_null(), qPrintable(id));
        const auto& figure = run.at("figure");
        const std::string unit = figure.at("unit");
        QVERIFY2(unit == "GiB" || unit == "GB", unit.c_str());
        const double published = figure.at("value").get<double>() * (unit == "GiB" ? 1073741824.0 : 1e9);

        protocol::RunConfig c;
        c.workload = protocol::WorkloadKind::Decoder;
        c.mode = protocol::Mode::Training;
        c.dtype = device::DType::BFloat16;
        c.warmup = 0;
        c.repeats = 1;
        c.samplingHz = protocol::kMinSamplingHz;
        c.simCard = card.toStdString();
        c.simSpeed = 0.0;
        protocol::DecoderSpec d;
        d.shape = model::ConfigReader::parse(llamaConfig(run.at("model").at("config")), id.toStdString());
        d.modelSource = run.at("model").at("hf_id").get<std::string>();
        d.storage = recipe.storage;
        d.attention = protocol::AttentionKind::Sdpa;
        training::RecipeChoices ch;
        ch.framework = recipe.framework;
        ch.method = recipe.method;
        if (recipe.method != Method::Full) {
            ch.targets = training::parseLoraTargets(recipe.targets).targets;
            ch.rank = recipe.rank;
            ch.adapterFp32 = recipe.adapterFp32;
        }
        ch.microBatch = recipe.batch;
        ch.sequenceLength = recipe.seq;
        ch.checkpointing = recipe.checkpointing;
        ch.optimizer = recipe.optimizer;
        ch.pagedOptimizer = recipe.paged;
        ch.optimizerInBackward = recipe.inBackward;
        ch.lossChunks = recipe.lossChunks;
        ch.compiled = recipe.compiled;
        d.training = training::resolveRecipe(ch);
        c.decoder = d;
        QVERIFY2(protocol::validateConfig(c).empty(), protocol::validateConfig(c).c_str());

        sim::SimBackend backend(sim::SimOptions { std::uint64_t(1) << 40, 0 }); // room: the peak is what is asked
        const auto result = protocol::Runner::runBlocking(c, { "sim", backend.runtimeDescription(), true },
            [&backend](device::Status& s) { return backend.open(0, s); }, nullptr);
        QVERIFY2(result.error.empty(), result.error.c_str());
        std::uint64_t peak = 0;
        for (const auto& p : result.phases) {
            QVERIFY2(p.status == protocol::PhaseStatus::Ok, p.error.c_str());
            peak = std::max(peak, p.peak.allocated.value_or(0));
        }
        const double off = (static_cast<double>(peak) - published) / published;
        qInfo("%s: measured peak allocated %.2f GiB on simulated %s, published %s (%.2f GiB): %+.1f %%",
            qPrintable(id), peak / 1073741824.0, qPrintable(card), figure.at("as_printed").get<std::string>().c_str(),
            published / 1073741824.0, 100.0 * off);
        if (!differs.isEmpty())
            QEXPECT_FAIL("", qPrintable(differs), Continue);
        QVERIFY2(std::fabs(off) <= 0.12, qPrintable(QStringLiteral("%1 %").arg(100.0 * off, 0, 'f', 1)));
    }
};

QTEST_GUILESS_MAIN(TestPublishedFinetunes)
#include "tst_publishedfinetunes.moc"
