// SPDX-License-Identifier: Apache-2.0
// config.json and safetensors readers: the published families, exact parameter counts, and fuzz-style
// robustness (truncated files, lying offsets, huge lengths, deep nesting, random bytes): a clear error every time.
#include "core/model/configreader.h"
#include "core/model/safetensorsreader.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"

#include <QTemporaryDir>
#include <QTest>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

using namespace iteragpu;
using sizing::SizingError;

namespace {

std::string dataDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/sizing/";
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

// A safetensors file: 8-byte little-endian length (declaredLength, or the header's size), the header, dataBytes
// zero bytes of data.
void writeSafetensors(const std::string& path, const std::string& header, std::uint64_t dataBytes,
    std::optional<std::uint64_t> declaredLength = std::nullopt)
{
    std::ofstream out(path, std::ios::binary);
    std::uint64_t n = declaredLength.value_or(header.size());
    for (int i = 0; i < 8; ++i) {
        out.put(static_cast<char>(n & 0xff));
        n >>= 8;
    }
    out << header;
    out << std::string(dataBytes, '\0');
}

std::string tensor(
    const std::string& name, const std::string& dtype, const std::string& shape, std::uint64_t begin, std::uint64_t end)
{
    return "\"" + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape + ",\"data_offsets\":["
        + std::to_string(begin) + "," + std::to_string(end) + "]}";
}

// Runs f and checks it either succeeds or throws SizingError with a one-line message; anything else fails.
template <typename F> bool cleanOutcome(F f, std::string* message = nullptr)
{
    try {
        f();
        return true;
    } catch (const SizingError& e) {
        const std::string what = e.what();
        if (message)
            *message = what;
        return !what.empty() && what.find('\n') == std::string::npos;
    } catch (...) {
        return false;
    }
}

} // namespace

class TestModelReaders : public QObject {
    Q_OBJECT
private slots:
    void configFamilies_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<quint64>("parameters");
        QTest::addColumn<quint64>("kvHeads");
        QTest::addColumn<quint64>("headDim");
        QTest::addColumn<bool>("tied");
        QTest::addColumn<bool>("qkvBias");
        QTest::addColumn<quint64>("windowedLayers");
        QTest::addColumn<quint64>("experts");
        // Published parameter counts of these checkpoints.
        QTest::addRow("Llama-2-7B") << QByteArray("llama-2-7b") << quint64(6'738'415'616ULL) << quint64(32)
                                    << quint64(128) << false << false << quint64(0) << quint64(0);
        QTest::addRow("Mistral-7B-v0.1 GQA + window")
            << QByteArray("mistral-7b-v0.1") << quint64(7'241'732'096ULL) << quint64(8) << quint64(128) << false
            << false << quint64(32) << quint64(0);
        QTest::addRow("Qwen2-7B q/k/v bias, window off")
            << QByteArray("qwen2-7b") << quint64(7'615'616'512ULL) << quint64(4) << quint64(128) << false << true
            << quint64(0) << quint64(0);
        QTest::addRow("Qwen2 window from max_window_layers")
            << QByteArray("qwen2-7b-window") << quint64(7'615'616'512ULL) << quint64(4) << quint64(128) << false << true
            << quint64(7) << quint64(0);
        QTest::addRow("gemma-7b head_dim 256, tied by default")
            << QByteArray("gemma-7b") << quint64(8'537'680'896ULL) << quint64(16) << quint64(256) << true << false
            << quint64(0) << quint64(0);
        QTest::addRow("gemma-2-9b 4 norms, alternating window")
            << QByteArray("gemma-2-9b") << quint64(9'241'705'984ULL) << quint64(8) << quint64(256) << true << false
            << quint64(21) << quint64(0);
        QTest::addRow("Phi-3-mini") << QByteArray("phi-3-mini-4k") << quint64(3'821'079'552ULL) << quint64(32)
                                    << quint64(96) << false << false << quint64(32) << quint64(0);
        QTest::addRow("Mixtral-8x7B all experts")
            << QByteArray("mixtral-8x7b") << quint64(46'702'792'704ULL) << quint64(8) << quint64(128) << false << false
            << quint64(0) << quint64(8);
    }

    void configFamilies()
    {
        QFETCH(QByteArray, file);
        QFETCH(quint64, parameters);
        QFETCH(quint64, kvHeads);
        QFETCH(quint64, headDim);
        QFETCH(bool, tied);
        QFETCH(bool, qkvBias);
        QFETCH(quint64, windowedLayers);
        QFETCH(quint64, experts);
        const auto s = model::ConfigReader::readFile(dataDir() + file.toStdString() + ".config.json");
        QCOMPARE(s.parameters().total, parameters);
        QCOMPARE(s.kvHeads, kvHeads);
        QCOMPARE(s.headDim, headDim);
        QCOMPARE(s.tieWordEmbeddings, tied);
        QCOMPARE(s.qkvBias, qkvBias);
        QCOMPARE(s.experts, experts);
        quint64 windowed = 0;
        for (const auto& w : s.layerWindows)
            windowed += w.has_value();
        QCOMPARE(windowed, windowedLayers);
    }

    void tiedAndUntiedDifferByOneMatrix()
    {
        auto config = nlohmann::json::parse(readText(dataDir() + "llama-2-7b.config.json"));
        config["tie_word_embeddings"] = true;
        const auto tied = model::ConfigReader::fromJson(config);
        QCOMPARE(tied.parameters().total, 6'738'415'616ULL - 32000ULL * 4096);
        config.erase("tie_word_embeddings");
        QCOMPARE(model::ConfigReader::fromJson(config).parameters().total, 6'738'415'616ULL); // llama default: untied
        config["model_type"] = "gemma";
        QVERIFY(model::ConfigReader::fromJson(config).tieWordEmbeddings); // gemma default: tied
    }

    void attentionBiasAddsFourBiases()
    {
        auto config = nlohmann::json::parse(readText(dataDir() + "llama-2-7b.config.json"));
        config["attention_bias"] = true;
        QCOMPARE(model::ConfigReader::fromJson(config).parameters().total, 6'738'415'616ULL + 32ULL * 4 * 4096);
    }

    void kvHeadsDefaultToHeads()
    {
        auto config = nlohmann::json::parse(readText(dataDir() + "llama-2-7b.config.json"));
        config.erase("num_key_value_heads");
        QCOMPARE(model::ConfigReader::fromJson(config).kvHeads, quint64(32));
    }

    // The trained context travels with the shape (max_position_embeddings); absent means unknown, not 0.
    void trainedContextIsPartOfTheShape()
    {
        QCOMPARE(model::ConfigReader::readFile(dataDir() + "llama-2-7b.config.json").trainedContext,
            std::optional<std::uint64_t>(4096));
        QCOMPARE(model::ConfigReader::readFile(dataDir() + "qwen2-7b.config.json").trainedContext,
            std::optional<std::uint64_t>(131072));
        auto config = nlohmann::json::parse(readText(dataDir() + "llama-2-7b.config.json"));
        config.erase("max_position_embeddings");
        QVERIFY(!model::ConfigReader::fromJson(config).trainedContext);
    }

    void badConfigs_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("mentions");
        QTest::addRow("missing hidden_size")
            << QByteArray(readText(dataDir() + "missing-hidden.config.json").c_str()) << QByteArray("hidden_size");
        QTest::addRow("not JSON") << QByteArray("{\"hidden_size\": 40") << QByteArray("JSON");
        QTest::addRow("array") << QByteArray("[1, 2]") << QByteArray("object");
        QTest::addRow("string size") << QByteArray(
            "{\"hidden_size\":\"4096\",\"num_hidden_layers\":1,\"num_attention_heads\":1,"
            "\"intermediate_size\":1,\"vocab_size\":1}")
                                     << QByteArray("hidden_size");
        QTest::addRow("zero layers") << QByteArray(
            "{\"hidden_size\":64,\"num_hidden_layers\":0,\"num_attention_heads\":1,"
            "\"intermediate_size\":1,\"vocab_size\":1}")
                                     << QByteArray("num_hidden_layers");
        QTest::addRow("negative heads") << QByteArray(
            "{\"hidden_size\":64,\"num_hidden_layers\":2,\"num_attention_heads\":-4,"
            "\"intermediate_size\":1,\"vocab_size\":1}")
                                        << QByteArray("num_attention_heads");
        QTest::addRow("kv heads do not divide") << QByteArray(
            "{\"hidden_size\":64,\"num_hidden_layers\":2,\"num_attention_heads\":4,\"num_key_value_heads\":3,"
            "\"intermediate_size\":1,\"vocab_size\":1}")
                                                << QByteArray("num_key_value_heads");
        QTest::addRow("hidden not multiple of heads")
            << QByteArray("{\"hidden_size\":65,\"num_hidden_layers\":2,\"num_attention_heads\":4,"
                          "\"intermediate_size\":1,\"vocab_size\":1}")
            << QByteArray("head_dim");
        QTest::addRow("absurd layer count")
            << QByteArray("{\"hidden_size\":64,\"num_hidden_layers\":4000000000,\"num_attention_heads\":4,"
                          "\"intermediate_size\":1,\"vocab_size\":1}")
            << QByteArray("num_hidden_layers");
        QTest::addRow("string trained context") << QByteArray(
            "{\"hidden_size\":64,\"num_hidden_layers\":2,\"num_attention_heads\":4,"
            "\"intermediate_size\":1,\"vocab_size\":1,\"max_position_embeddings\":\"4k\"}")
                                                << QByteArray("max_position_embeddings");
        QTest::addRow("deep nesting") << QByteArray(100000, '[') << QByteArray("nested");
        QTest::addRow("empty") << QByteArray() << QByteArray("JSON");
        QTest::addRow("no model_type") << QByteArray("{\"model_type\":null,\"hidden_size\":64}") << QByteArray("no model_type");
    }

    void badConfigs()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, mentions);
        std::string message;
        bool threw = false;
        // Every row is a Llama config (the architecture is checked apart, unknownArchitecture).
        std::string config = text.toStdString();
        if (config.rfind("{\"hidden_size\"", 0) == 0)
            config.insert(1, "\"model_type\":\"llama\",");
        try {
            model::ConfigReader::parse(config, "test.json");
        } catch (const SizingError& e) {
            threw = true;
            message = e.what();
        }
        QVERIFY(threw);
        QVERIFY2(message.find(mentions.toStdString()) != std::string::npos, message.c_str());
        QVERIFY(message.find('\n') == std::string::npos);
    }

    void truncatedConfigsNeverCrash()
    {
        std::string full = readText(dataDir() + "mixtral-8x7b.config.json");
        while (!full.empty() && std::isspace(static_cast<unsigned char>(full.back())))
            full.pop_back(); // so that every strict prefix misses the closing brace
        int errors = 0;
        for (std::size_t n = 0; n < full.size(); ++n) {
            std::string message;
            QVERIFY(cleanOutcome([&] { model::ConfigReader::parse(full.substr(0, n)); }, &message));
            errors += !message.empty();
        }
        QCOMPARE(errors, static_cast<int>(full.size())); // every strict prefix is invalid JSON
    }

    void randomConfigsNeverCrash()
    {
        std::mt19937 rng(1234);
        const std::string alphabet = "{}[]\":,0123456789-.eE truefalsnl_abcdhiz\\";
        for (int i = 0; i < 2000; ++i) {
            std::string text(rng() % 200, ' ');
            for (auto& c : text)
                c = (i % 2) ? static_cast<char>(rng() % 256) : alphabet[rng() % alphabet.size()];
            QVERIFY(cleanOutcome([&] { model::ConfigReader::parse(text); }));
        }
    }

    void safetensorsHeader()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("model.safetensors")).toStdString();
        const std::string header = "{\"__metadata__\":{\"format\":\"pt\"},"
            + tensor("model.layers.0.self_attn.q_proj.weight", "BF16", "[4,4]", 0, 32) + ","
            + tensor("model.layers.1.self_attn.q_proj.weight", "BF16", "[4,4]", 32, 64) + ","
            + tensor("model.norm.weight", "F32", "[4]", 64, 80) + "}";
        writeSafetensors(path, header, 80);
        const auto s = model::SafetensorsReader::read(path);
        QCOMPARE(s.tensors.size(), std::size_t(3));
        QCOMPARE(s.totalBytes, quint64(80));
        QCOMPARE(s.totalElements, quint64(36));
        QCOMPARE(s.byDtype.at("BF16").bytes, quint64(64));
        QCOMPARE(s.byDtype.at("BF16").elements, quint64(32));
        QCOMPARE(s.byDtype.at("F32").elements, quint64(4));
        QCOMPARE(s.byModule.at("model.layers.*.self_attn.q_proj").tensors, quint64(2));
        QCOMPARE(s.metadata.at("format"), std::string("pt"));
        QVERIFY(!s.quantized());
        // The engine takes the stored bytes as the weights.
        sizing::SizingRequest r;
        r.checkpoint = s;
        const auto e = sizing::SizingEngine::estimate(r);
        QCOMPARE(e.bytesOf("weights"), quint64(80));
        QCOMPARE(e.parameters, quint64(36));
    }

    void quantizationTensorsDetected_data()
    {
        QTest::addColumn<QByteArray>("suffix");
        for (const char* s : { ".absmax", ".quant_map", ".scales", ".qweight", ".qzeros", ".g_idx" })
            QTest::addRow("%s", s) << QByteArray(s);
    }

    void quantizationTensorsDetected()
    {
        QFETCH(QByteArray, suffix);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("q.safetensors")).toStdString();
        writeSafetensors(
            path, "{" + tensor("model.layers.0.mlp.down_proj" + suffix.toStdString(), "U8", "[16]", 0, 16) + "}", 16);
        const auto s = model::SafetensorsReader::readFile(path);
        QVERIFY(s.quantized());
        QCOMPARE(s.quantizationTensors.at(suffix.toStdString()), quint64(1));
    }

    void shardedIndexAndFolder()
    {
        QTemporaryDir dir;
        nlohmann::json index;
        index["metadata"] = { { "total_size", 3 * 64 } };
        for (int i = 1; i <= 3; ++i) {
            const std::string shard = "model-0000" + std::to_string(i) + "-of-00003.safetensors";
            const std::string name = "model.layers." + std::to_string(i) + ".mlp.up_proj.weight";
            writeSafetensors(dir.filePath(QString::fromStdString(shard)).toStdString(),
                "{" + tensor(name, "F16", "[4,8]", 0, 64) + "}", 64);
            index["weight_map"][name] = shard;
        }
        const std::string indexPath = dir.filePath(QStringLiteral("model.safetensors.index.json")).toStdString();
        std::ofstream(indexPath) << index.dump();
        const auto fromIndex = model::SafetensorsReader::read(indexPath);
        QCOMPARE(fromIndex.files.size(), std::size_t(3));
        QCOMPARE(fromIndex.totalBytes, quint64(192));
        QCOMPARE(fromIndex.byModule.at("model.layers.*.mlp.up_proj").elements, quint64(96));
        const auto fromFolder = model::SafetensorsReader::read(dir.path().toStdString());
        QCOMPARE(fromFolder.totalBytes, quint64(192));
        // An index naming a missing shard, or one outside the folder, is refused.
        index["weight_map"]["extra.weight"] = "model-00009-of-00003.safetensors";
        std::ofstream(indexPath) << index.dump();
        QVERIFY_THROWS_EXCEPTION(SizingError, model::SafetensorsReader::read(indexPath));
        index["weight_map"]["extra.weight"] = "../elsewhere.safetensors";
        std::ofstream(indexPath) << index.dump();
        QVERIFY_THROWS_EXCEPTION(SizingError, model::SafetensorsReader::read(indexPath));
    }

    void lyingSafetensors_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<quint64>("dataBytes");
        QTest::addColumn<qint64>("declared"); // -1: the header's real length
        QTest::addColumn<QByteArray>("mentions");
        const auto t = [](const char* dtype, const char* shape, std::uint64_t b, std::uint64_t e) {
            return QByteArray::fromStdString("{" + tensor("w", dtype, shape, b, e) + "}");
        };
        QTest::addRow("length beyond file size")
            << t("F32", "[2]", 0, 8) << quint64(8) << qint64(4096) << QByteArray("beyond the file size");
        QTest::addRow("huge declared length")
            << t("F32", "[2]", 0, 8) << quint64(8) << qint64(1LL << 62) << QByteArray("exceeds");
        QTest::addRow("zero length") << t("F32", "[2]", 0, 8) << quint64(8) << qint64(0) << QByteArray("zero");
        QTest::addRow("offsets beyond data")
            << t("F32", "[2]", 0, 8) << quint64(4) << qint64(-1) << QByteArray("beyond the data area");
        QTest::addRow("begin after end") << t("F32", "[2]", 8, 0) << quint64(8) << qint64(-1)
                                         << QByteArray("begin after end");
        QTest::addRow("size does not match shape")
            << t("F32", "[3]", 0, 8) << quint64(12) << qint64(-1) << QByteArray("need");
        QTest::addRow("unknown dtype") << t("F99", "[2]", 0, 8) << quint64(8) << qint64(-1)
                                       << QByteArray("unknown dtype");
        QTest::addRow("negative dimension")
            << t("F32", "[-2]", 0, 8) << quint64(8) << qint64(-1) << QByteArray("non-negative");
        QTest::addRow("shape overflows") << t("F32", "[4294967296,4294967296,16]", 0, 8) << quint64(8) << qint64(-1)
                                         << QByteArray("overflows");
        QTest::addRow("overlapping tensors") << QByteArray::fromStdString(
            "{" + tensor("a", "F32", "[2]", 0, 8) + "," + tensor("b", "F32", "[2]", 4, 12) + "}")
                                             << quint64(12) << qint64(-1) << QByteArray("overlap");
        QTest::addRow("not JSON") << QByteArray("{\"w\": [") << quint64(0) << qint64(-1) << QByteArray("JSON");
        QTest::addRow("not an object") << QByteArray("[1,2,3]") << quint64(0) << qint64(-1) << QByteArray("object");
        QTest::addRow("no data_offsets") << QByteArray("{\"w\":{\"dtype\":\"F32\",\"shape\":[2]}}") << quint64(8)
                                         << qint64(-1) << QByteArray("data_offsets");
        QTest::addRow("deep nesting") << QByteArray(5000, '[') << quint64(0) << qint64(-1) << QByteArray("nested");
    }

    void lyingSafetensors()
    {
        QFETCH(QByteArray, header);
        QFETCH(quint64, dataBytes);
        QFETCH(qint64, declared);
        QFETCH(QByteArray, mentions);
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("bad.safetensors")).toStdString();
        writeSafetensors(path, header.toStdString(), dataBytes,
            declared >= 0 ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(declared)) : std::nullopt);
        std::string message;
        bool threw = false;
        try {
            model::SafetensorsReader::read(path);
        } catch (const SizingError& e) {
            threw = true;
            message = e.what();
        }
        QVERIFY(threw);
        QVERIFY2(message.find(mentions.toStdString()) != std::string::npos, message.c_str());
        QVERIFY(message.find('\n') == std::string::npos);
    }

    void truncatedSafetensorsNeverCrash()
    {
        QTemporaryDir dir;
        const std::string good = dir.filePath(QStringLiteral("good.safetensors")).toStdString();
        writeSafetensors(good,
            "{" + tensor("a.weight", "BF16", "[8,8]", 0, 128) + "," + tensor("b.bias", "F32", "[8]", 128, 160) + "}",
            160);
        const std::string bytes = readText(good);
        const std::string cut = dir.filePath(QStringLiteral("cut.safetensors")).toStdString();
        for (std::size_t n = 0; n < bytes.size(); ++n) {
            std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes.substr(0, n);
            std::string message;
            const bool clean = cleanOutcome([&] { model::SafetensorsReader::readFile(cut); }, &message);
            QVERIFY(clean);
            QVERIFY2(!message.empty(), std::to_string(n).c_str()); // every truncation is detected
        }
    }

    void randomSafetensorsNeverCrash()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("random.safetensors")).toStdString();
        std::mt19937_64 rng(42);
        for (int i = 0; i < 500; ++i) {
            std::string bytes(rng() % 300, '\0');
            for (auto& c : bytes)
                c = static_cast<char>(rng() & 0xff);
            if (i % 2 == 0 && bytes.size() >= 8) { // a plausible small length, random JSON-ish body
                const std::uint64_t n = bytes.size() - 8 - rng() % 4;
                for (int b = 0; b < 8; ++b)
                    bytes[b] = static_cast<char>((n >> (8 * b)) & 0xff);
                for (std::size_t k = 8; k < bytes.size(); ++k)
                    bytes[k] = "{}[]\":,0123456789FBU_dtypeshapedata_offsets"[rng() % 44];
            }
            std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
            QVERIFY(cleanOutcome([&] { model::SafetensorsReader::readFile(path); }));
        }
    }
};

QTEST_GUILESS_MAIN(TestModelReaders)
#include "tst_modelreaders.moc"
