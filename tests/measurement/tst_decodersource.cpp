// SPDX-License-Identifier: Apache-2.0
// DecoderSource: what --model names (a preset, a config.json, a folder, a safetensors header with its config
// beside it) becomes the decoder's spec: the shape, where it came from, the storage of torch_dtype, rope_theta and
// rms_norm_eps or the family's default; every bad name gives one line.
#include "core/model/configreader.h"
#include "core/units/inputerror.h"
#include "core/workloads/decodersource.h"

#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using protocol::WeightStorage;
using workloads::DecoderSource;

Q_DECLARE_METATYPE(protocol::WeightStorage)

namespace {

std::string dataFile(const std::string& relative)
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/" + relative;
}

// The one line of the InputError that f throws; empty (and a failed check) when it throws none.
std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const units::InputError& e) {
        return e.what();
    }
    return {};
}

struct HeaderTensor {
    std::string name;
    std::string dtype;
    std::vector<std::uint64_t> shape;
};

// The float tensors a Llama-style checkpoint of shape m holds, in safetensors' names.
std::vector<HeaderTensor> llamaTensors(const model::ModelShape& m, const std::string& dtype)
{
    std::vector<HeaderTensor> t { { "model.embed_tokens.weight", dtype, { m.vocab, m.hidden } } };
    for (std::uint64_t l = 0; l < m.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        t.push_back({ p + "input_layernorm.weight", dtype, { m.hidden } });
        t.push_back({ p + "self_attn.q_proj.weight", dtype, { m.heads * m.headDim, m.hidden } });
        t.push_back({ p + "self_attn.k_proj.weight", dtype, { m.kvHeads * m.headDim, m.hidden } });
        t.push_back({ p + "self_attn.v_proj.weight", dtype, { m.kvHeads * m.headDim, m.hidden } });
        t.push_back({ p + "self_attn.o_proj.weight", dtype, { m.hidden, m.heads * m.headDim } });
        t.push_back({ p + "post_attention_layernorm.weight", dtype, { m.hidden } });
        t.push_back({ p + "mlp.gate_proj.weight", dtype, { m.intermediate, m.hidden } });
        t.push_back({ p + "mlp.up_proj.weight", dtype, { m.intermediate, m.hidden } });
        t.push_back({ p + "mlp.down_proj.weight", dtype, { m.hidden, m.intermediate } });
    }
    t.push_back({ "model.norm.weight", dtype, { m.hidden } });
    if (!m.tieWordEmbeddings)
        t.push_back({ "lm_head.weight", dtype, { m.vocab, m.hidden } });
    return t;
}

// A valid safetensors file of these tensors: the header and zero bytes of data.
void writeSafetensors(const std::string& path, const std::vector<HeaderTensor>& tensors)
{
    nlohmann::ordered_json header;
    std::uint64_t offset = 0;
    for (const auto& t : tensors) {
        std::uint64_t bytes = t.dtype == "F32" ? 4 : 2;
        for (auto d : t.shape)
            bytes *= d;
        header[t.name] = { { "dtype", t.dtype }, { "shape", t.shape }, { "data_offsets", { offset, offset + bytes } } };
        offset += bytes;
    }
    const std::string text = header.dump();
    std::ofstream out(path, std::ios::binary);
    std::uint64_t n = text.size();
    for (int i = 0; i < 8; ++i, n >>= 8)
        out.put(static_cast<char>(n & 0xff));
    out << text << std::string(offset, '\0');
}

void copyFile(const std::string& from, const std::string& to)
{
    std::filesystem::copy_file(from, to, std::filesystem::copy_options::overwrite_existing);
}

void writeText(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

} // namespace

class TestDecoderSource : public QObject {
    Q_OBJECT
private slots:
    void presets_data()
    {
        QTest::addColumn<QString>("named");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("family");
        QTest::addColumn<WeightStorage>("storage");
        QTest::addColumn<double>("ropeTheta");
        QTest::addColumn<double>("normEps");
        QTest::addColumn<quint64>("layers");
        // torch_dtype float16; rms_norm_eps 1e-5 in the config, rope_theta the family's 10000.
        QTest::addRow("id") << "llama-2-7b"
                            << "preset:llama-2-7b"
                            << "llama" << WeightStorage::Float16 << 10000.0 << 1e-5 << quint64(32);
        QTest::addRow("preset: prefix") << "preset:llama-2-7b"
                                        << "preset:llama-2-7b"
                                        << "llama" << WeightStorage::Float16 << 10000.0 << 1e-5 << quint64(32);
        // rope_theta 500000 in the config, rms_norm_eps Llama's 1e-6.
        QTest::addRow("llama-3-8b rope_theta") << "llama-3-8b"
                                               << "preset:llama-3-8b"
                                               << "llama" << WeightStorage::BFloat16 << 500000.0 << 1e-6
                                               << quint64(32);
        // "v0.1" is no file extension: still an id.
        QTest::addRow("id with a dot") << "mistral-7b-v0.1"
                                       << "preset:mistral-7b-v0.1"
                                       << "mistral" << WeightStorage::BFloat16 << 10000.0 << 1e-6 << quint64(32);
        QTest::addRow("by name, any case") << "GEMMA 7B"
                                           << "preset:gemma-7b"
                                           << "gemma" << WeightStorage::BFloat16 << 10000.0 << 1e-6 << quint64(28);
    }

    void presets()
    {
        QFETCH(QString, named);
        QFETCH(QString, source);
        QFETCH(QString, family);
        QFETCH(WeightStorage, storage);
        QFETCH(double, ropeTheta);
        QFETCH(double, normEps);
        QFETCH(quint64, layers);
        const auto spec = DecoderSource::resolve(named.toStdString());
        QCOMPARE(spec.modelSource, source.toStdString());
        QCOMPARE(spec.shape.family, family.toStdString());
        QCOMPARE(spec.storage, storage);
        QCOMPARE(spec.ropeTheta, static_cast<float>(ropeTheta));
        QCOMPARE(spec.normEps, static_cast<float>(normEps));
        QCOMPARE(spec.shape.layers, layers);
        // The counts keep DecoderSpec's defaults, for the caller to set.
        const protocol::DecoderSpec defaults;
        QCOMPARE(spec.promptTokens, defaults.promptTokens);
        QCOMPARE(spec.generated, defaults.generated);
        QCOMPARE(spec.sequences, defaults.sequences);
        QCOMPARE(spec.cache, defaults.cache);
        QCOMPARE(spec.attention, defaults.attention);
    }

    // The sizing engine's test configs: the same shape ConfigReader reads, the family's defaults where the
    // config is silent.
    void configFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<WeightStorage>("storage");
        QTest::addColumn<double>("ropeTheta");
        QTest::addColumn<double>("normEps");
        QTest::addRow("llama-2-7b") << "sizing/llama-2-7b.config.json" << WeightStorage::Float16 << 10000.0 << 1e-5;
        QTest::addRow("gemma-2-9b float32") << "sizing/gemma-2-9b.config.json" << WeightStorage::Float32 << 10000.0
                                            << 1e-6;
        QTest::addRow("mixtral: rope 1e6, eps 1e-5")
            << "sizing/mixtral-8x7b.config.json" << WeightStorage::BFloat16 << 1e6 << 1e-5;
        QTest::addRow("phi3: eps 1e-5") << "sizing/phi-3-mini-4k.config.json" << WeightStorage::BFloat16 << 10000.0
                                        << 1e-5;
        QTest::addRow("qwen2") << "sizing/qwen2-7b.config.json" << WeightStorage::BFloat16 << 10000.0 << 1e-6;
        QTest::addRow("tiny llama") << "measure/tiny-llama.config.json" << WeightStorage::BFloat16 << 500000.0 << 1e-5;
        QTest::addRow("tiny mistral") << "measure/tiny-mistral-window.config.json" << WeightStorage::Float16
                                      << 10000.0 << 1e-6;
    }

    void configFiles()
    {
        QFETCH(QString, file);
        QFETCH(WeightStorage, storage);
        QFETCH(double, ropeTheta);
        QFETCH(double, normEps);
        const std::string path = dataFile(file.toStdString());
        const auto spec = DecoderSource::resolve(path);
        const auto shape = model::ConfigReader::readFile(path);
        QCOMPARE(spec.modelSource, path);
        QCOMPARE(spec.shape.layers, shape.layers);
        QCOMPARE(spec.shape.hidden, shape.hidden);
        QCOMPARE(spec.shape.kvHeads, shape.kvHeads);
        QCOMPARE(spec.shape.headDim, shape.headDim);
        QCOMPARE(spec.shape.experts, shape.experts);
        QCOMPARE(spec.shape.layerWindows, shape.layerWindows);
        QCOMPARE(spec.storage, storage);
        QCOMPARE(spec.ropeTheta, static_cast<float>(ropeTheta));
        QCOMPARE(spec.normEps, static_cast<float>(normEps));
    }

    void folderWithConfig()
    {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        copyFile(dataFile("measure/tiny-mistral-window.config.json"), folder + "/config.json");
        const auto spec = DecoderSource::resolve(folder);
        QCOMPARE(spec.modelSource, folder + "/config.json");
        QCOMPARE(spec.shape.family, std::string("mistral"));
        QCOMPARE(spec.shape.layerWindows.front(), std::optional<std::uint64_t>(8));
    }

    // A header alone cannot give the attention heads: its config.json beside it gives the shape, the header is
    // checked against it.
    void safetensorsWithConfigBeside()
    {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        copyFile(dataFile("measure/tiny-llama.config.json"), folder + "/config.json");
        const auto shape = model::ConfigReader::readFile(folder + "/config.json");
        writeSafetensors(folder + "/model.safetensors", llamaTensors(shape, "BF16"));
        const auto spec = DecoderSource::resolve(folder + "/model.safetensors");
        QCOMPARE(spec.modelSource, folder + "/model.safetensors");
        QCOMPARE(spec.shape.layers, quint64(2));
        QCOMPARE(spec.shape.heads, quint64(4));
        QCOMPARE(spec.shape.kvHeads, quint64(2));
        QCOMPARE(spec.storage, WeightStorage::BFloat16);
        QCOMPARE(spec.ropeTheta, 500000.0f);

        // An index of shards works the same way.
        nlohmann::json index;
        for (const auto& t : llamaTensors(shape, "BF16"))
            index["weight_map"][t.name] = "model.safetensors";
        writeText(folder + "/model.safetensors.index.json", index.dump());
        const auto fromIndex = DecoderSource::resolve(folder + "/model.safetensors.index.json");
        QCOMPARE(fromIndex.shape.hidden, quint64(64));
    }

    // A config without torch_dtype: the header's embedding dtype says how the weights are stored.
    void safetensorsDtypeWhenConfigIsSilent()
    {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        auto config = nlohmann::json::parse(std::ifstream(dataFile("measure/tiny-llama.config.json")));
        config.erase("torch_dtype");
        writeText(folder + "/config.json", config.dump());
        const auto shape = model::ConfigReader::readFile(folder + "/config.json");
        writeSafetensors(folder + "/model.safetensors", llamaTensors(shape, "F32"));
        QCOMPARE(DecoderSource::resolve(folder + "/model.safetensors").storage, WeightStorage::Float32);
        // A config.json alone without torch_dtype: bf16.
        QCOMPARE(DecoderSource::resolve(folder + "/config.json").storage, WeightStorage::BFloat16);
    }

    void safetensorsErrors_data()
    {
        QTest::addColumn<QString>("tweak");
        QTest::addColumn<QString>("message");
        QTest::addRow("no config beside it") << "no-config" << "the model's config.json must be beside it";
        QTest::addRow("hidden differs") << "hidden" << "describe different models";
        QTest::addRow("kv heads differ") << "kv" << "model.layers.0.self_attn.k_proj.weight is [32, 64]";
        QTest::addRow("a layer more in the config") << "layers" << "the header holds 2 layers";
        QTest::addRow("untied without lm_head") << "lm_head" << "no lm_head.weight";
        QTest::addRow("not a decoder checkpoint") << "no-embed" << "no model.embed_tokens.weight";
    }

    void safetensorsErrors()
    {
        QFETCH(QString, tweak);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        auto config = nlohmann::json::parse(std::ifstream(dataFile("measure/tiny-llama.config.json")));
        const auto shape = model::ConfigReader::fromJson(config);
        auto tensors = llamaTensors(shape, "BF16");
        if (tweak == QLatin1String("hidden"))
            tensors.front().shape = { 256, 32 };
        if (tweak == QLatin1String("kv"))
            config["num_key_value_heads"] = 4;
        if (tweak == QLatin1String("layers"))
            config["num_hidden_layers"] = 3;
        if (tweak == QLatin1String("lm_head"))
            tensors.pop_back();
        if (tweak == QLatin1String("no-embed"))
            tensors.erase(tensors.begin());
        if (tweak != QLatin1String("no-config"))
            writeText(folder + "/config.json", config.dump());
        writeSafetensors(folder + "/model.safetensors", tensors);
        const std::string error = errorOf([&] { DecoderSource::resolve(folder + "/model.safetensors"); });
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void badNames_data()
    {
        QTest::addColumn<QString>("named");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown preset lists the ids") << "llama-9-1t"
                                                      << "'llama-9-1t' is neither a file nor a preset";
        QTest::addRow("unknown preset:") << "preset:nope" << "llama-2-7b, llama-3-8b";
        QTest::addRow("missing file") << "/nonexistent/config.json" << "/nonexistent/config.json: no such file";
        QTest::addRow("missing safetensors") << "weights.safetensors" << "no such file";
        QTest::addRow("empty") << "" << "no model named";
        QTest::addRow("not a config") << "gui/truncated.config.json" << "not valid JSON";
        QTest::addRow("shape incomplete") << "sizing/missing-hidden.config.json" << "hidden_size";
    }

    void badNames()
    {
        QFETCH(QString, named);
        QFETCH(QString, message);
        std::string name = named.toStdString();
        if (name.find(".config.json") != std::string::npos && name.front() != '/')
            name = dataFile(name);
        const std::string error = errorOf([&] { DecoderSource::resolve(name); });
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void folderWithoutConfig()
    {
        QTemporaryDir dir;
        const std::string error = errorOf([&] { DecoderSource::resolve(dir.path().toStdString()); });
        QVERIFY2(error.find("a folder without a config.json") != std::string::npos, error.c_str());
    }

    // rope_theta and rms_norm_eps are read as strictly as the other keys.
    void ropeAndEpsReadStrictly_data()
    {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("message");
        QTest::addRow("rope_theta text") << R"("rope_theta": "1e4")" << "'rope_theta' must be a number";
        QTest::addRow("rope_theta negative") << R"("rope_theta": -1)"
                                              << "'rope_theta' -1 is not a rotary base: it must be a positive number from 1.2e-38 to 3.4e+38 (float32's range, in which the rotary embedding is computed)";
        QTest::addRow("rope_theta zero") << R"("rope_theta": 0)"
                                          << "'rope_theta' 0 is not a rotary base: it must be a positive number from 1.2e-38 to 3.4e+38 (float32's range, in which the rotary embedding is computed)";
        QTest::addRow("eps text") << R"("rms_norm_eps": true)" << "'rms_norm_eps' must be a number";
        QTest::addRow("eps 1 or more") << R"("rms_norm_eps": 2)" << "'rms_norm_eps' must be less than 1";
        QTest::addRow("integer rope_theta") << R"("rope_theta": 500000)" << "";
        QTest::addRow("null: absent") << R"("rope_theta": null, "rms_norm_eps": null)" << "";
    }

    void ropeAndEpsReadStrictly()
    {
        QFETCH(QString, extra);
        QFETCH(QString, message);
        const std::string text = R"({"model_type": "llama", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 256, )"
            + extra.toStdString() + "}";
        const std::string error = errorOf([&] { model::ConfigReader::parse(text, "c.json"); });
        if (message.isEmpty()) {
            QVERIFY2(error.empty(), error.c_str());
            const auto shape = model::ConfigReader::parse(text, "c.json");
            QCOMPARE(shape.ropeTheta.has_value(), extra.contains(QLatin1String("500000")));
            QVERIFY(!shape.normEps);
        } else {
            QCOMPARE(error, "c.json: " + message.toStdString());
        }
    }
};

QTEST_GUILESS_MAIN(TestDecoderSource)
#include "tst_decodersource.moc"
