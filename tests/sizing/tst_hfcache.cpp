// SPDX-License-Identifier: Apache-2.0
// Models by id from a fake Hugging Face cache made here (refs, snapshots, config.json, a safetensors file): the
// id with and without a revision or with a commit, a model or revision not cached (one line naming where it
// looked), malformed refs and ids that would leave the cache, the folder chosen from the environment, the list
// for the picker, and the same id through the estimate (makeRequest) and the measure command's DecoderSource. A
// GPTQ checkpoint's config.json sizes as GPTQ without a typed format.
#include "core/model/hfcache.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizinginputs.h"
#include "core/sizing/weightestimator.h"
#include "core/units/inputerror.h"
#include "core/workloads/decodersource.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using model::HfCache;
namespace fs = std::filesystem;

namespace {

const std::string kMain = "0123456789abcdef0123456789abcdef01234567";
const std::string kV2 = "fedcba9876543210fedcba9876543210fedcba98";
const std::string kGptq = "1111111111111111111111111111111111111111";

void writeText(const fs::path& path, const std::string& text)
{
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

nlohmann::json tinyConfig(std::uint64_t context)
{
    return { { "model_type", "llama" }, { "hidden_size", 8 }, { "num_hidden_layers", 1 }, { "num_attention_heads", 2 },
        { "num_key_value_heads", 1 }, { "intermediate_size", 16 }, { "vocab_size", 10 },
        { "max_position_embeddings", context }, { "tie_word_embeddings", false }, { "torch_dtype", "bfloat16" } };
}

// A safetensors file of the tiny model in BF16, zero bytes of data.
void writeTinySafetensors(const fs::path& path)
{
    nlohmann::json header = nlohmann::json::object();
    std::uint64_t offset = 0;
    const auto add = [&](const std::string& name, std::vector<std::uint64_t> shape) {
        std::uint64_t n = 2;
        for (auto d : shape)
            n *= d;
        header[name] = { { "dtype", "BF16" }, { "shape", shape }, { "data_offsets", { offset, offset + n } } };
        offset += n;
    };
    add("model.embed_tokens.weight", { 10, 8 });
    add("model.layers.0.self_attn.q_proj.weight", { 8, 8 });
    add("model.layers.0.self_attn.k_proj.weight", { 4, 8 });
    add("model.layers.0.self_attn.v_proj.weight", { 4, 8 });
    add("model.layers.0.self_attn.o_proj.weight", { 8, 8 });
    add("model.layers.0.mlp.gate_proj.weight", { 16, 8 });
    add("model.layers.0.mlp.up_proj.weight", { 16, 8 });
    add("model.layers.0.mlp.down_proj.weight", { 8, 16 });
    add("model.layers.0.input_layernorm.weight", { 8 });
    add("model.layers.0.post_attention_layernorm.weight", { 8 });
    add("model.norm.weight", { 8 });
    add("lm_head.weight", { 10, 8 });
    const std::string text = header.dump();
    std::ofstream out(path, std::ios::binary);
    const std::uint64_t n = text.size();
    for (int i = 0; i < 8; ++i)
        out.put(static_cast<char>((n >> (8 * i)) & 0xff));
    out << text << std::string(offset, '\0');
}

std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestHfCache : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    fs::path m_root;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_root = fs::path(m_dir.path().toStdString()) / "hub";
        const fs::path llama = m_root / "models--org--tiny-llama";
        writeText(llama / "refs" / "main", kMain); // huggingface_hub writes no newline
        writeText(llama / "refs" / "v2", kV2 + "\n");
        writeText(llama / "refs" / "pr" / "1", kV2);
        writeText(llama / "snapshots" / kMain / "config.json", tinyConfig(4096).dump());
        writeTinySafetensors(llama / "snapshots" / kMain / "model.safetensors");
        writeText(llama / "snapshots" / kV2 / "config.json", tinyConfig(8192).dump());
        // A GPTQ checkpoint of which only config.json was downloaded.
        auto gptq = tinyConfig(2048);
        gptq["quantization_config"]
            = { { "quant_method", "gptq" }, { "bits", 4 }, { "group_size", 128 }, { "desc_act", false } };
        writeText(m_root / "models--org--tiny-gptq" / "refs" / "main", kGptq);
        writeText(m_root / "models--org--tiny-gptq" / "snapshots" / kGptq / "config.json", gptq.dump());
        // Damaged entries.
        writeText(m_root / "models--org--bad-ref" / "refs" / "main", "../../../../etc/passwd");
        writeText(m_root / "models--org--missing-snapshot" / "refs" / "main", kV2);
        fs::create_directories(m_root / "not-a-model");
        qputenv("HF_HUB_CACHE", QByteArray::fromStdString(m_root.string()));
    }

    void resolvesMainWithoutRevision()
    {
        const auto s = HfCache::resolve("org/tiny-llama");
        QCOMPARE(s.id, std::string("org/tiny-llama"));
        QCOMPARE(s.revision, std::string("main"));
        QCOMPARE(s.commit, kMain);
        QCOMPARE(s.folder, m_root / "models--org--tiny-llama" / "snapshots" / kMain);
        QCOMPARE(s.config, s.folder / "config.json");
        QCOMPARE(s.safetensors, s.folder);
    }

    void resolvesARevision_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("commit");
        QTest::addRow("branch") << "org/tiny-llama@v2" << QString::fromStdString(kV2);
        QTest::addRow("ref with a folder (pr/1)") << "org/tiny-llama@pr/1" << QString::fromStdString(kV2);
        QTest::addRow("commit hash directly")
            << QString::fromStdString("org/tiny-llama@" + kV2) << QString::fromStdString(kV2);
        QTest::addRow("main named") << "org/tiny-llama@main" << QString::fromStdString(kMain);
    }
    void resolvesARevision()
    {
        QFETCH(QString, id);
        QFETCH(QString, commit);
        const auto s = HfCache::resolve(id.toStdString());
        QCOMPARE(QString::fromStdString(s.commit), commit);
        QVERIFY(s.safetensors.empty() == (s.commit == kV2)); // v2's snapshot holds only config.json
    }

    void notCachedSaysWhereItLooked_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("says");
        QTest::addRow("model") << "org/absent"
                               << "is not in the local Hugging Face cache: no ";
        QTest::addRow("revision") << "org/tiny-llama@v9"
                                  << "cached revisions: main, pr/1, v2";
        QTest::addRow("snapshot missing") << "org/missing-snapshot"
                                          << "an incomplete download";
        QTest::addRow("malformed ref (a path)") << "org/bad-ref"
                                                << "malformed ref";
    }
    void notCachedSaysWhereItLooked()
    {
        QFETCH(QString, id);
        QFETCH(QString, says);
        const QString error = QString::fromStdString(errorOf([&] { HfCache::resolve(id.toStdString()); }));
        QVERIFY2(error.contains(says), qPrintable(error));
        QVERIFY2(error.contains(QString::fromStdString(m_root.string())), qPrintable(error));
        QVERIFY(!error.contains(QLatin1Char('\n')));
    }

    void idsThatLeaveTheCacheAreRefused_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addRow("parent") << "../x";
        QTest::addRow("parent as name") << "org/..";
        QTest::addRow("parent inside") << "a/../b";
        QTest::addRow("three parts") << "a/b/c";
        QTest::addRow("revision climbs") << "org/tiny-llama@../../../x";
        QTest::addRow("revision absolute") << "org/tiny-llama@/etc/passwd";
        QTest::addRow("revision empty segment") << "org/tiny-llama@pr//1";
        QTest::addRow("revision with '..' inside (git refuses it)") << "org/tiny-llama@v1..2";
        QTest::addRow("double dash") << "org--x/y";
        QTest::addRow("leading dot") << ".hidden/x";
        QTest::addRow("empty name") << "org/";
        QTest::addRow("space") << "org/a b";
        QTest::addRow("backslash") << "org\\x/y";
    }
    void idsThatLeaveTheCacheAreRefused()
    {
        QFETCH(QString, id);
        QVERIFY(!HfCache::isModelId(id.toStdString()));
        const QString error = QString::fromStdString(errorOf([&] { HfCache::resolve(id.toStdString()); }));
        QVERIFY2(error.contains(QLatin1String("is not a Hugging Face model id")), qPrintable(error));
    }

    void folderFromTheEnvironment()
    {
        const QByteArray hub = qgetenv("HF_HUB_CACHE");
        QCOMPARE(HfCache::defaultRoot(), m_root);
        qunsetenv("HF_HUB_CACHE");
        qputenv("HF_HOME", "/some/hf-home");
        QCOMPARE(HfCache::defaultRoot(), fs::path("/some/hf-home/hub"));
        qunsetenv("HF_HOME");
        const QByteArray home = qgetenv("HOME");
        qputenv("HOME", "/home/someone");
        QCOMPARE(HfCache::defaultRoot(), fs::path("/home/someone/.cache/huggingface/hub"));
        qputenv("HOME", home);
        qputenv("HF_HUB_CACHE", hub);
    }

    // $HF_HUB_CACHE is the user's environment and may hold anything: the error that names it (and the paths under
    // it) is one line with the controls escaped.
    void cacheFolderIsPrintedEscaped()
    {
        const QByteArray hub = qgetenv("HF_HUB_CACHE");
        qputenv("HF_HUB_CACHE", "/tmp/no-such\x1b[2J\x1b]0;owned\x07\nfolder\xd8\x9c");
        const std::string error = errorOf([] { HfCache::resolve("org/tiny-llama"); });
        qputenv("HF_HUB_CACHE", hub);
        QVERIFY2(error.find("is not in the local Hugging Face cache") != std::string::npos, error.c_str());
        QVERIFY2(error.find('\x1b') == std::string::npos && error.find('\n') == std::string::npos
                && error.find('\x07') == std::string::npos,
            error.c_str());
        QVERIFY2(
            error.find("/tmp/no-such\\x1b[2J\\x1b]0;owned\\x07\\nfolder\\u061c") != std::string::npos, error.c_str());
    }

    void listsTheCachedModels()
    {
        const auto models = HfCache::list();
        QStringList ids;
        for (const auto& m : models)
            ids << QString::fromStdString(m.id);
        QCOMPARE(ids,
            QStringList({ QStringLiteral("org/bad-ref"), QStringLiteral("org/missing-snapshot"),
                QStringLiteral("org/tiny-gptq"), QStringLiteral("org/tiny-llama") }));
        const auto& llama = models.back();
        QCOMPARE(llama.refs, (std::vector<std::string> { "main", "pr/1", "v2" }));
        QCOMPARE(llama.snapshots, std::size_t(2));
        QVERIFY(llama.hasConfig);
        QVERIFY(!models.front().hasConfig); // a malformed ref: listed, but nothing to size
        QVERIFY(HfCache::list(m_root / "absent").empty());
    }

    // The estimate's --model: config.json for the shape, the safetensors as stored, the trained context.
    void estimateByIdSizesTheSnapshot()
    {
        sizing::SizingInputs in;
        in.modelName = "org/tiny-llama";
        in.storageChosen = false;
        const auto r = sizing::makeRequest(in);
        QVERIFY(r.shape && r.checkpoint);
        QCOMPARE(r.shape->trainedContext, std::optional<std::uint64_t>(4096));
        const auto e = sizing::SizingEngine::estimate(r);
        QCOMPARE(e.bytesOf("weights"), r.checkpoint->totalBytes); // as stored
        QCOMPARE(e.parameters, r.shape->parameters().total);
        in.modelName = "org/tiny-llama@v2";
        QCOMPARE(sizing::makeRequest(in).shape->trainedContext, std::optional<std::uint64_t>(8192));
        QVERIFY(!sizing::makeRequest(in).checkpoint);
        in.presetId = "llama-2-7b";
        QVERIFY(errorOf([&] { sizing::makeRequest(in); }).find("--model names the whole model") == 0);
    }

    // Note: the GPTQ config gives the format; a typed one wins and the conflict is named.
    void gptqConfigSizesWithoutFormat()
    {
        sizing::SizingInputs in;
        in.modelName = "org/tiny-gptq";
        in.storageChosen = false;
        const auto r = sizing::makeRequest(in);
        QCOMPARE(r.weights.format, sizing::WeightFormat::GptqInt4);
        QCOMPARE(r.weights.groupSize, std::uint64_t(128));
        const auto e = sizing::SizingEngine::estimate(r);
        sizing::WeightOptions gptq;
        gptq.format = sizing::WeightFormat::GptqInt4;
        QCOMPARE(e.bytesOf("weights"), sizing::WeightEstimator::estimate(*r.shape, gptq).bytes);
        const auto english = i18n::english(e.assumptions);
        QVERIFY(std::any_of(english.begin(), english.end(), [](const std::string& a) {
            return a.find("quantization_config says (GPTQ 4-bit, group 128)") != std::string::npos;
        }));

        in.storageChosen = true;
        in.storage = sizing::WeightFormat::NF4;
        const auto typed = sizing::SizingEngine::estimate(sizing::makeRequest(in));
        const auto notes = i18n::english(typed.assumptions);
        QCOMPARE(std::count_if(notes.begin(), notes.end(),
                     [](const std::string& a) {
                         return a.find("conflict: config.json's quantization_config says GPTQ 4-bit, group 128, but "
                                       "the weights are sized as chosen: nf4")
                             != std::string::npos;
                     }),
            std::ptrdiff_t(1));
        sizing::WeightOptions nf4;
        nf4.format = sizing::WeightFormat::NF4;
        QCOMPARE(typed.bytesOf("weights"), sizing::WeightEstimator::estimate(*r.shape, nf4).bytes);
    }

    // The measure command's --model: the same snapshot, recorded by commit so a trial names it again.
    void measureByIdResolvesTheSnapshot()
    {
        const auto spec = workloads::DecoderSource::resolve("org/tiny-llama");
        QCOMPARE(spec.modelSource, "org/tiny-llama@" + kMain);
        QCOMPARE(spec.shape.hidden, std::uint64_t(8));
        QCOMPARE(spec.shape.trainedContext, std::optional<std::uint64_t>(4096));
        QCOMPARE(workloads::DecoderSource::resolve(spec.modelSource).shape.trainedContext, spec.shape.trainedContext);
        const std::string missing = errorOf([] { workloads::DecoderSource::resolve("org/absent"); });
        QVERIFY2(missing.find("not in the local Hugging Face cache") != std::string::npos, missing.c_str());
        // A GGUF file is measured too: its metadata gives the shape, the source names the file again.
        const char* dir = std::getenv("ITERAGPU_TEST_DATA");
        const std::string gguf = std::string(dir ? dir : "tests/data") + "/gguf/llama-v3.gguf";
        const auto fromGguf = workloads::DecoderSource::resolve(gguf);
        QCOMPARE(fromGguf.modelSource, gguf);
        QVERIFY(fromGguf.shape.layers > 0 && fromGguf.shape.hidden > 0);
        // A path that does not exist is still a path.
        const std::string path = errorOf([] { workloads::DecoderSource::resolve("some/dir/config.json"); });
        QVERIFY2(path.find("no such file or folder") != std::string::npos, path.c_str());
    }
};

QTEST_GUILESS_MAIN(TestHfCache)
#include "tst_hfcache.moc"
