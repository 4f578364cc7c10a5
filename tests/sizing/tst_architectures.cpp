// SPDX-License-Identifier: Apache-2.0
// The architectures of tests/data/models: each committed config.json is read as its own architecture (no "read
// as" assumption), its parameter count equals the checkpoint's published count or names the difference, and its
// KV cache and recurrent state at 4 096 tokens equal a per-layer-kind formula written here, independently of the
// code. Unknown model_types are refused in one line; --assume-architecture reads them on purpose and says so.
#include "core/model/architectures.h"
#include "core/model/architecturesummary.h"
#include "core/model/configreader.h"
#include "core/sizing/kvcacheestimator.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizinginputs.h"
#include "core/sizing/weightestimator.h"
#include "core/units/inputerror.h"

#include <QDir>
#include <QTest>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using std::uint64_t;

namespace {

std::string modelsDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/models/";
}

nlohmann::json published(const std::string& slug)
{
    std::ifstream in(modelsDir() + slug + "/published.json");
    return nlohmann::json::parse(in);
}

model::ModelShape read(const std::string& slug) { return model::ConfigReader::readFile(modelsDir() + slug + "/config.json"); }

constexpr uint64_t T = 4096; // tokens
constexpr uint64_t B = 2; // bytes per element (bf16)

// 2 (K and V) x layers x KV heads x head_dim x tokens kept x bytes: one term per kind of layer.
constexpr uint64_t kv(uint64_t layers, uint64_t kvHeads, uint64_t headDim, uint64_t kept = T)
{
    return 2 * layers * kvHeads * headDim * kept * B;
}

// Mamba (d_inner channels, conv kernel k, d_state n): conv d_inner x k + ssm d_inner x n, per layer.
constexpr uint64_t mamba(uint64_t layers, uint64_t inner, uint64_t k, uint64_t n) { return layers * (inner * k + inner * n) * B; }

// Mamba2: conv (d_inner + 2 x groups x d_state) x k + ssm heads x head_dim x d_state.
constexpr uint64_t mamba2(uint64_t layers, uint64_t heads, uint64_t headDim, uint64_t groups, uint64_t n, uint64_t k)
{
    return layers * ((heads * headDim + 2 * groups * n) * k + heads * headDim * n) * B;
}

// Gated DeltaNet: conv (2 x key heads x key dim + value heads x value dim) x k + value heads x key dim x value dim.
constexpr uint64_t deltaNet(uint64_t layers, uint64_t kHeads, uint64_t kDim, uint64_t vHeads, uint64_t vDim, uint64_t k)
{
    return layers * ((2 * kHeads * kDim + vHeads * vDim) * k + vHeads * kDim * vDim) * B;
}

struct Cache {
    uint64_t kv = 0;
    uint64_t state = 0;
};

Cache cacheAt4096(const model::ModelShape& shape, bool latent = false)
{
    auto kv = sizing::KvCacheOptions::fromShape(shape, latent);
    kv.promptTokens = T;
    kv.dtype = sizing::ScalarType::BF16;
    const auto e = sizing::KvCacheEstimator::estimate(kv);
    return { e.bytes, e.stateBytes };
}

} // namespace

class TestArchitectures : public QObject {
    Q_OBJECT

private slots:
    void everyFixtureReadsAsItself_data()
    {
        QTest::addColumn<QString>("slug");
        const QDir dir(QString::fromStdString(modelsDir()));
        const auto slugs = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY(slugs.size() >= 30);
        for (const auto& s : slugs)
            QTest::addRow("%s", qPrintable(s)) << s;
    }
    void everyFixtureReadsAsItself()
    {
        QFETCH(QString, slug);
        const auto pub = published(slug.toStdString());
        if (pub.value("config_incomplete", false))
            QSKIP("the config.json found for this checkpoint is incomplete (published.json says what is missing)");
        const model::ModelShape s = read(slug.toStdString());
        QVERIFY(!s.assumedArchitecture);
        QVERIFY(!s.layerSpecs.empty());
        QCOMPARE(s.layerSpecs.size(), static_cast<std::size_t>(s.layers));
        for (const auto& n : s.notes)
            QVERIFY2(n.english().find("read as") == std::string::npos, n.english().c_str());

        // The count of the checkpoint: exact, or its difference named in published.json.
        const auto p = s.parameters();
        uint64_t apart = 0;
        for (const auto& part : s.apart)
            apart += part.parameters;
        const uint64_t difference = pub.value("difference_parameters", uint64_t { 0 });
        // The language model alone, where a count of it without the vision tower was published.
        if (pub.contains("text_parameters"))
            QCOMPARE(p.total, pub.at("text_parameters").get<uint64_t>());
        if (pub.value("parameters_check", std::string()) == "none")
            return;
        if (pub.value("parameters_exact", false)) {
            const uint64_t expected = pub.at("parameters").get<uint64_t>();
            const uint64_t ours = p.total + (pub.value("apart_in_published", false) ? apart : 0) + difference;
            QCOMPARE(ours, expected);
        } else if (pub.contains("parameters_non_embedding")) {
            QCOMPARE(p.total - p.embeddings - p.lmHead, pub.at("parameters_non_embedding").get<uint64_t>());
        } else if (pub.contains("parameters_rounded")) {
            // Half a unit of the figure's last digit ("7B": 0.5 B), written in published.json.
            const double rounded = pub.at("parameters_rounded").get<double>();
            const double tolerance = pub.at("rounded_tolerance").get<double>();
            const double ours = static_cast<double>(p.total + apart);
            QVERIFY2(std::abs(ours - rounded) / rounded <= tolerance,
                qPrintable(QStringLiteral("%1 against %2").arg(ours, 0, 'f', 0).arg(rounded, 0, 'f', 0)));
            if (pub.contains("unmodelled_in_published")) // what the published count holds that is not modelled
                QVERIFY(ours < rounded);
        } else {
            QFAIL("published.json has neither an exact nor a rounded count, nor says why it is not checked");
        }
        QVERIFY(p.active <= p.total);
    }

    void kvAt4096_data()
    {
        QTest::addColumn<QString>("slug");
        QTest::addColumn<bool>("latent");
        QTest::addColumn<quint64>("kvBytes");
        QTest::addColumn<quint64>("stateBytes");
        const auto row = [](const char* slug, uint64_t kvBytes, uint64_t state = 0, bool latent = false) {
            QTest::addRow("%s%s", slug, latent ? " latent" : "") << QString::fromLatin1(slug) << latent
                                                                 << quint64 { kvBytes } << quint64 { state };
        };
        row("llama-2-7b", kv(32, 32, 128));
        row("llama-3.1-8b", kv(32, 8, 128));
        row("mistral-7b-v0.1", kv(32, 8, 128)); // window 4 096 = the tokens
        row("mixtral-8x7b", kv(32, 8, 128));
        row("mistral-small-3.1-24b", kv(40, 8, 128));
        row("qwen2.5-7b", kv(28, 4, 128));
        row("qwen1.5-moe-a2.7b", kv(24, 16, 128));
        row("qwen3-8b", kv(36, 8, 128));
        row("qwen3-30b-a3b", kv(48, 4, 128));
        row("qwen3-235b-a22b", kv(94, 4, 128));
        // 12 gated full-attention layers and 36 gated DeltaNet layers (16 key heads of 128, 32 value heads of 128).
        row("qwen3-next-80b-a3b", kv(12, 2, 256), deltaNet(36, 16, 128, 32, 128, 4));
        row("gemma-7b", kv(28, 16, 256));
        row("gemma-2-9b", kv(42, 8, 256)); // 21 sliding layers of 4 096 = the tokens
        row("gemma-3-1b", kv(4, 1, 256) + kv(22, 1, 256, 512)); // 5 local : 1 global
        row("gemma-3-27b", kv(10, 16, 128) + kv(52, 16, 128, 1024));
        row("phi-4", kv(40, 10, 128));
        row("phi-3.5-moe", kv(32, 8, 128));
        // MLA decompressed (transformers): K 128 heads x (128 + 64), V 128 heads x 128 per token.
        row("deepseek-v2-lite", 27 * T * 16 * (192 + 128) * B);
        row("deepseek-v2-lite", 27 * T * (512 + 64) * B, 0, true);
        row("deepseek-v3", 61 * T * 128 * (192 + 128) * B);
        row("deepseek-v3", 61 * T * (512 + 64) * B, 0, true);
        row("kimi-k2", 61 * T * 64 * (192 + 128) * B);
        row("kimi-k2", 61 * T * (512 + 64) * B, 0, true);
        row("gpt-oss-20b", kv(12, 8, 64) + kv(12, 8, 64, 128)); // alternating full and 128-token windows
        row("gpt-oss-120b", kv(18, 8, 64) + kv(18, 8, 64, 128));
        row("granite-3.1-8b", kv(40, 8, 128));
        row("granite-3.1-3b-a800m", kv(32, 8, 64));
        row("olmo-2-7b", kv(32, 32, 128));
        row("command-r-v01", kv(40, 64, 128));
        row("command-r7b", kv(32, 8, 128)); // 24 sliding layers of 4 096 = the tokens, 8 global
        row("starcoder2-7b", kv(32, 4, 128));
        row("starcoder", kv(24, 1, 128)); // multi-query
        row("pythia-6.9b", kv(32, 32, 128));
        row("pythia-160m", kv(12, 12, 64));
        row("falcon-7b", kv(32, 1, 64)); // multi-query
        row("falcon-40b", kv(60, 8, 64));
        row("llama-4-scout", kv(48, 8, 128)); // 36 chunked layers of 8 192 > the tokens, 12 NoPE full
        // 4 attention layers and 28 Mamba layers (d_inner 8 192, d_conv 4, d_state 16).
        row("jamba-v0.1", kv(4, 8, 128), mamba(28, 8192, 4, 16));
        // 4 attention layers and 24 Mamba2 layers (128 heads of 64, 8 groups, d_state 128, conv 4); 24 MLP layers.
        row("nemotron-h-8b", kv(4, 8, 128), mamba2(24, 128, 64, 8, 128, 4));
    }
    void kvAt4096()
    {
        QFETCH(QString, slug);
        QFETCH(bool, latent);
        QFETCH(quint64, kvBytes);
        QFETCH(quint64, stateBytes);
        const Cache c = cacheAt4096(read(slug.toStdString()), latent);
        QCOMPARE(quint64 { c.kv }, kvBytes);
        QCOMPARE(quint64 { c.state }, stateBytes);
    }

    // The estimate lists the state as its own component and the KV by layer kind.
    void estimateListsCacheByKind()
    {
        sizing::SizingInputs in;
        in.configPath = modelsDir() + "qwen3-next-80b-a3b/config.json";
        in.kvCache = true;
        in.promptTokens = T;
        in.kvDtype = sizing::ScalarType::BF16;
        const auto e = sizing::SizingEngine::estimate(sizing::makeRequest(in));
        QCOMPARE(e.bytesOf("kv_cache"), kv(12, 2, 256));
        QCOMPARE(e.bytesOf("state_cache"), deltaNet(36, 16, 128, 32, 128, 4));
        QCOMPARE(e.kvByKind.size(), std::size_t { 2 });
        QVERIFY(!e.architecture.empty());
        QCOMPARE(e.architectureJson.at("parameters_total").get<uint64_t>(), uint64_t { 79674391296 });
        QCOMPARE(e.architectureJson.at("layers_by_kind").size(), std::size_t { 2 });
        // Each computation line says how it was counted and gives the component's bytes.
        for (const char* id : { "kv_cache", "state_cache" }) {
            bool found = false;
            for (const auto& line : e.computation)
                if (line.componentId == id) {
                    QCOMPARE(line.bytes, e.bytesOf(id));
                    found = true;
                }
            QVERIFY2(found, id);
        }
    }

    // Total and active parameters, and the parts counted apart, as the checkpoints' cards give them.
    void activeAndApart()
    {
        const auto v3 = read("deepseek-v3");
        QCOMPARE(v3.parameters().total, uint64_t { 671026419200 });
        QCOMPARE(v3.apart.size(), std::size_t { 1 });
        QCOMPARE(v3.apart.front().name, std::string("mtp"));
        QVERIFY(v3.parameters().active > 37'000'000'000ULL && v3.parameters().active < 38'000'000'000ULL); // "37B"
        const auto q = read("qwen3-30b-a3b");
        QVERIFY(q.parameters().active > 3'000'000'000ULL && q.parameters().active < 3'500'000'000ULL); // "A3B"
        const auto g = read("gemma-3-27b");
        QCOMPARE(g.apart.front().name, std::string("vision"));
        QCOMPARE(g.apart.front().parameters, uint64_t { 423060336 });
        const auto lines = model::ArchitectureSummary::of(read("gemma-3-1b")).lines();
        QCOMPARE(QString::fromStdString(lines.at(1).english()), QStringLiteral("22 x sliding-window attention, window 512 tokens"));
        QCOMPARE(QString::fromStdString(lines.at(2).english()), QStringLiteral("4 x full attention"));
    }

    // MXFP4 stores the experts in 4.25 bits and the rest in 16. gpt-oss-20b's experts are the 19 110 297 600
    // parameters Hugging Face lists as U8 for the checkpoint, the rest its 1 804 459 584 BF16 parameters
    // (tests/data/models/gpt-oss-20b/published.json).
    void mxfp4Weights()
    {
        sizing::SizingInputs in;
        in.configPath = modelsDir() + "gpt-oss-20b/config.json";
        in.storageChosen = false;
        const auto e = sizing::SizingEngine::estimate(sizing::makeRequest(in));
        const uint64_t experts = 24ULL * 32 * (2880ULL * 5760 + 2880ULL * 2880); // gate_up and down, no biases
        QCOMPARE(experts, uint64_t { 19110297600 });
        QCOMPARE(read("gpt-oss-20b").parameters().total - experts, uint64_t { 1804459584 });
        const uint64_t expertBytes = experts / 2 + experts / 32; // 4-bit codes, one e8m0 byte per 32
        QCOMPARE(e.bytesOf("weights"), expertBytes + 1804459584ULL * 2);
    }

    // fp8 with 128 x 128 blocks: one fp32 scale per block; DeepSeek-V3's file holds 41 540 496 of them with its
    // MTP layer (the language model's own are fewer).
    void fp8BlockScales()
    {
        sizing::SizingInputs in;
        in.configPath = modelsDir() + "deepseek-v3/config.json";
        in.storageChosen = false;
        const auto e = sizing::SizingEngine::estimate(sizing::makeRequest(in));
        const uint64_t weights = e.bytesOf("weights");
        QVERIFY(weights > 671'000'000'000ULL && weights < 700'000'000'000ULL);
        // The scales of the language model's fp8 linears: the file's 41 540 496 scale_inv values less its MTP
        // layer's 702 264 (one MoE layer: 256 x 3 x 16 x 56 + 3 x 16 x 56 for the experts, 11 448 for MLA).
        sizing::WeightOptions fp8;
        fp8.format = sizing::WeightFormat::FP8E4M3;
        fp8.fp8BlockRows = 128;
        fp8.fp8BlockColumns = 128;
        const auto w = sizing::WeightEstimator::estimate(read("deepseek-v3"), fp8);
        QCOMPARE(w.metadataBytes / 4, uint64_t { 41540496 - 702264 });
        bool named = false;
        for (const auto& a : e.assumptions)
            named = named || a.english().find("128 x 128") != std::string::npos;
        QVERIFY(named);
    }

    void unknownModelTypeIsRefused()
    {
        const std::string config = R"({"model_type": "mamba_future", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100})";
        try {
            model::ConfigReader::parse(config, "x/config.json");
            QFAIL("an unknown model_type was read");
        } catch (const units::InputError& e) {
            const std::string what = e.what();
            QVERIFY(what.find('\n') == std::string::npos);
            QVERIFY(what.find("'mamba_future' is not a known architecture") != std::string::npos);
            QVERIFY(what.find("qwen3_moe") != std::string::npos); // the known ones are listed
            QVERIFY(what.find("--assume-architecture") != std::string::npos);
        }
        const auto s = model::ConfigReader::parse(config, "x/config.json", { "llama" });
        QVERIFY(s.assumedArchitecture);
        QCOMPARE(s.architecture, std::string("llama"));
        QVERIFY(s.notes.front().english().find("model_type 'mamba_future' read as 'llama'") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(units::InputError, model::ConfigReader::parse(config, "x", { "no-such" }));
        QVERIFY_THROWS_EXCEPTION(units::InputError, model::ConfigReader::parse(R"({"hidden_size": 64})", "x"));
    }

    // Python's json writes NaN and Infinity bare: accepted where sizing does not read them, refused by name where
    // it does.
    void nonFiniteValues()
    {
        const std::string base = R"("model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100)";
        const auto ok = model::ConfigReader::parse(
            "{" + base + R"(, "time_step_limit": [0.0, Infinity], "x": NaN, "y": -Infinity, "s": "NaN, Infinity"})", "c");
        QCOMPARE(ok.hidden, uint64_t { 64 });
        try {
            model::ConfigReader::parse(R"({"model_type": "llama", "hidden_size": Infinity})", "c");
            QFAIL("an infinite size was read");
        } catch (const units::InputError& e) {
            QVERIFY(std::string(e.what()).find("'hidden_size' is Infinity") != std::string::npos);
        }
        QVERIFY_THROWS_EXCEPTION(
            units::InputError, model::ConfigReader::parse("{" + base + R"(, "rope_theta": NaN})", "c"));
        QVERIFY(read("nemotron-h-8b").layers == 52); // its time_step_limit holds Infinity
    }

    // Llama-4's and Pixtral's towers, counted by hand from transformers' modules on tiny configs; a tower key that
    // is missing or a size that is absurd is refused by name, never counted as 0.
    void visionTowersCountedApart()
    {
        const std::string text = R"("hidden_size": 8, "num_hidden_layers": 1, "num_attention_heads": 2,
            "intermediate_size": 16, "vocab_size": 10)";
        const auto llama4 = model::ConfigReader::parse(R"({"model_type": "llama4", "text_config": {"model_type":
            "llama4_text", "num_local_experts": 2, "num_experts_per_tok": 1, )" + text
                + R"(}, "vision_config": {"hidden_size": 4, "intermediate_size": 16, "num_hidden_layers": 2,
            "patch_size": 2, "image_size": 4, "projector_input_dim": 6, "projector_output_dim": 6,
            "vision_output_dim": 6}})",
            "c");
        // patch 3·2·2·4 = 48, class 4, positions (2·2 + 1)·4 = 20, two LayerNorms 16; a layer: q/k/v/o 4·(16 + 4)
        // = 80, fc1 4·16 + 16 = 80, fc2 16·4 + 4 = 68, two LayerNorms 16: 244, two of them 488; the adapter's fc1
        // 16·6 = 96 and fc2 6·6 = 36; the projector 6·8 = 48.
        QCOMPARE(llama4.apart.size(), std::size_t { 1 });
        QCOMPARE(llama4.apart[0].parameters, uint64_t { 48 + 4 + 20 + 16 + 488 + 96 + 36 + 48 });
        QVERIFY(llama4.apart[0].modelled && llama4.apart[0].loaded);
        QVERIFY(llama4.decoderUnsupported().empty());

        const auto pixtral = model::ConfigReader::parse(R"({"model_type": "mistral3", "text_config": {"model_type":
            "mistral", )" + text
                + R"(}, "vision_config": {"hidden_size": 4, "intermediate_size": 6, "num_hidden_layers": 2,
            "patch_size": 2}, "spatial_merge_size": 2, "vision_feature_layer": [-1, -2],
            "multimodal_projector_bias": true})",
            "c");
        // patch_conv 3·2·2·4 = 48, ln_pre 4; a layer: q/k/v/o 4·16 = 64, gate/up/down 3·24 = 72, two norms 8: 144,
        // two of them 288; the projector: norm 4, merging_layer 16·4 = 64, linear_1 (4·2)·8 + 8 = 72, linear_2 8·8
        // + 8 = 72.
        QCOMPARE(pixtral.apart.size(), std::size_t { 1 });
        QCOMPARE(pixtral.apart[0].parameters, uint64_t { 48 + 4 + 288 + 4 + 64 + 72 + 72 });

        try {
            model::ConfigReader::parse(R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text",
                "num_local_experts": 2, "num_experts_per_tok": 1, )" + text
                    + R"(}, "vision_config": {"hidden_size": 4, "intermediate_size": 16, "num_hidden_layers": 2,
                "patch_size": 2, "image_size": 4}})",
                "c");
            QFAIL("a Llama-4 tower without its projector's widths was counted");
        } catch (const units::InputError& e) {
            QVERIFY2(std::string(e.what()).find("projector_input_dim") != std::string::npos, e.what());
        }
        QVERIFY_THROWS_EXCEPTION(units::InputError,
            model::ConfigReader::parse(R"({"model_type": "mistral3", "text_config": {"model_type": "mistral", )" + text
                    + R"(}, "vision_config": {"hidden_size": 4294967297, "intermediate_size": 6,
                "num_hidden_layers": 2, "patch_size": 2}})",
                "c"));
    }

    void tableNamesEveryFamilyOfTheIssue()
    {
        for (const char* f : { "llama", "llama4", "mistral", "mistral3", "mixtral", "qwen2", "qwen2_moe", "qwen3",
                 "qwen3_moe", "qwen3_next", "gemma", "gemma2", "gemma3", "gemma3_text", "phi3", "phimoe", "deepseek_v2",
                 "deepseek_v3", "kimi_k2", "gpt_oss", "granite", "granitemoe", "granitemoehybrid", "olmo2", "cohere",
                 "cohere2", "starcoder2", "gpt_bigcode", "gpt_neox", "falcon", "jamba", "nemotron_h" })
            QVERIFY2(model::Architectures::known(f), f);
    }

    // A hybrid Granite-4.0-H layout (Mamba2 and attention layers, MoE with a shared MLP), counted by hand.
    void graniteHybridByHand()
    {
        const std::string config = R"({"model_type": "granitemoehybrid", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 32, "vocab_size": 100,
            "num_local_experts": 4, "num_experts_per_tok": 2, "shared_intermediate_size": 48,
            "layer_types": ["mamba", "attention"], "mamba_n_heads": 8, "mamba_d_head": 16, "mamba_d_state": 8,
            "mamba_n_groups": 1, "mamba_d_conv": 4, "mamba_expand": 2, "mamba_conv_bias": true,
            "mamba_proj_bias": false, "tie_word_embeddings": true})";
        const auto s = model::ConfigReader::parse(config, "g");
        const uint64_t h = 64, inner = 128, ds = 8, nh = 8, conv = inner + 2 * ds;
        const uint64_t mambaLayer = h * (2 * inner + 2 * ds + nh) + conv * 4 + conv + 3 * nh + inner + inner * h;
        const uint64_t attention = h * 64 + 2 * h * 32 + 64 * h;
        const uint64_t moe = h * 4 + 4 * 3 * h * 32 + 3 * h * 48;
        const uint64_t expected = 100 * h + mambaLayer + attention + 2 * moe + 2 * 2 * h + h;
        QCOMPARE(s.parameters().total, expected);
        // The decoder builds its Mamba2 layers (core/workloads/DECODER.md "State layers").
        QVERIFY2(s.decoderUnsupported().empty(), s.decoderUnsupported().c_str());
    }
};

QTEST_GUILESS_MAIN(TestArchitectures)
#include "tst_architectures.moc"
