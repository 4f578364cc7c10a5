// SPDX-License-Identifier: Apache-2.0
// The GGUF header reader against the fixtures of tests/data/gguf/make_gguf.py: the valid files (version 2, version
// 3, version 3 big-endian) give the bytes per ggml type the script computed on its own, every metadata type and the
// model's shape; each malformed file gets one clear line; every cut of a valid header and random byte flips never
// crash. The estimate sizes a GGUF file as stored.
#include "core/model/ggmltype.h"
#include "core/model/ggufreader.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizinginputs.h"
#include "core/units/inputerror.h"

#include <QTest>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

using namespace iteragpu;
using model::GgufReader;
using model::GgufValue;

namespace {

std::string dataDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/gguf/";
}

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

model::GgufSummary parseBytes(const std::string& bytes)
{
    std::istringstream in(bytes);
    return GgufReader::parse(in, bytes.size(), "memory.gguf");
}

// The error of reading a file, or "" when it reads.
std::string errorOf(const std::string& name)
{
    try {
        GgufReader::readFile(dataDir() + name);
    } catch (const units::InputError& e) {
        return e.what();
    }
    return {};
}

} // namespace

class TestGgufReader : public QObject {
    Q_OBJECT

private slots:
    void typeTable_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<quint64>("block");
        QTest::addColumn<quint64>("bytes");
        // Rows from ggml-common.h's static_asserts, written out by hand.
        QTest::addRow("F32") << "F32" << quint64(1) << quint64(4);
        QTest::addRow("Q4_0: half + 16") << "Q4_0" << quint64(32) << quint64(18);
        QTest::addRow("Q8_0: half + 32") << "Q8_0" << quint64(32) << quint64(34);
        QTest::addRow("Q2_K: 2 halves + 16 + 64") << "Q2_K" << quint64(256) << quint64(84);
        QTest::addRow("Q3_K: half + 64 + 32 + 12") << "Q3_K" << quint64(256) << quint64(110);
        QTest::addRow("Q4_K: 2 halves + 12 + 128") << "Q4_K" << quint64(256) << quint64(144);
        QTest::addRow("Q5_K") << "Q5_K" << quint64(256) << quint64(176);
        QTest::addRow("Q6_K: half + 16 + 192") << "Q6_K" << quint64(256) << quint64(210);
        QTest::addRow("Q8_K: float + 256 + 32") << "Q8_K" << quint64(256) << quint64(292);
        QTest::addRow("IQ2_XXS") << "IQ2_XXS" << quint64(256) << quint64(66);
        QTest::addRow("IQ3_S") << "IQ3_S" << quint64(256) << quint64(110);
        QTest::addRow("IQ1_M") << "IQ1_M" << quint64(256) << quint64(56);
        QTest::addRow("IQ4_XS") << "IQ4_XS" << quint64(256) << quint64(136);
        QTest::addRow("TQ1_0") << "TQ1_0" << quint64(256) << quint64(54);
        QTest::addRow("MXFP4: e8m0 + 16") << "MXFP4" << quint64(32) << quint64(17);
        QTest::addRow("BF16") << "BF16" << quint64(1) << quint64(2);
    }
    void typeTable()
    {
        QFETCH(QString, name);
        QFETCH(quint64, block);
        QFETCH(quint64, bytes);
        const model::GgmlTypeInfo* found = nullptr;
        for (const auto& t : model::ggmlTypes())
            if (name == QLatin1String(t.name))
                found = &t;
        QVERIFY(found);
        QCOMPARE(quint64(found->blockSize), block);
        QCOMPARE(quint64(found->typeSize), bytes);
        QCOMPARE(model::ggmlType(found->id), found);
        QVERIFY(!model::ggmlType(31)); // Q4_0_4_4, removed from GGUF files
        QCOMPARE(QLatin1String(model::removedGgmlTypeName(31)), QLatin1String("Q4_0_4_4"));
    }

    void validFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addRow("version 3") << "llama-v3.gguf";
        QTest::addRow("version 2") << "llama-v2.gguf";
        QTest::addRow("version 3, big-endian") << "llama-v3-big-endian.gguf";
    }
    void validFiles()
    {
        QFETCH(QString, file);
        const auto expected = nlohmann::json::parse(readBytes(dataDir() + "expected.json"))[file.toStdString()];
        const auto g = GgufReader::readFile(dataDir() + file.toStdString());
        QCOMPARE(g.version, expected["version"].get<std::uint32_t>());
        QCOMPARE(g.bigEndian, expected["big_endian"].get<bool>());
        QCOMPARE(g.tensors.size(), expected["tensors"].get<std::size_t>());
        QCOMPARE(g.metadata.size(), expected["metadata"].get<std::size_t>());
        QCOMPARE(g.totalBytes, expected["total_bytes"].get<std::uint64_t>());
        QCOMPARE(g.totalElements, expected["total_elements"].get<std::uint64_t>());
        QCOMPARE(g.byType.size(), expected["by_type"].size());
        for (const auto& [type, totals] : expected["by_type"].items()) {
            QVERIFY2(g.byType.count(type), type.c_str());
            QCOMPARE(g.byType.at(type).bytes, totals["bytes"].get<std::uint64_t>());
            QCOMPARE(g.byType.at(type).tensors, totals["tensors"].get<std::uint64_t>());
            QCOMPARE(g.byType.at(type).elements, totals["elements"].get<std::uint64_t>());
        }
        QCOMPARE(g.alignment, std::uint64_t(32));
        QCOMPARE(g.dataOffset % 32, std::uint64_t(0));
        QVERIFY(g.quantized());

        // Every metadata type, as written by the script.
        QCOMPARE(g.architecture(), std::string("llama"));
        QCOMPARE(g.find("fixture.every_type.u8")->unsignedValue, std::uint64_t(200));
        QCOMPARE(g.find("fixture.every_type.i8")->signedValue, std::int64_t(-100));
        QCOMPARE(g.find("fixture.every_type.u16")->unsignedValue, std::uint64_t(60000));
        QCOMPARE(g.find("fixture.every_type.i16")->signedValue, std::int64_t(-30000));
        QCOMPARE(g.find("fixture.every_type.i32")->signedValue, std::int64_t(-2000000000));
        QCOMPARE(g.find("fixture.every_type.u64")->unsignedValue, (std::uint64_t(1) << 63) + 5);
        QCOMPARE(g.find("fixture.every_type.i64")->signedValue, -(std::int64_t(1) << 62));
        QCOMPARE(g.find("fixture.every_type.f64")->floatValue, 0.25);
        QCOMPARE(g.find("llama.rope.freq_base")->floatValue, 500000.0);
        QCOMPARE(g.find("tokenizer.ggml.add_bos_token")->boolValue, true);
        const GgufValue* tokens = g.find("tokenizer.ggml.tokens");
        QCOMPARE(tokens->elementType, GgufValue::Type::String);
        QCOMPARE(tokens->length, std::uint64_t(32));
        QCOMPARE(tokens->items.at(31).text, std::string("tok31"));
        const GgufValue* nested = g.find("fixture.every_type.nested");
        QCOMPARE(nested->elementType, GgufValue::Type::Array);
        QCOMPARE(nested->items.size(), std::size_t(2));
        QCOMPARE(nested->items[0].items[2].unsignedValue, std::uint64_t(3));
        QCOMPARE(nested->items[1].items[0].unsignedValue, std::uint64_t(4));

        // The tensor infos: dims ne0 first, offsets aligned and increasing as the script laid them out.
        const auto& q = g.tensors.at(4);
        QCOMPARE(q.name, std::string("blk.0.attn_q.weight"));
        QCOMPARE(q.typeName, std::string("Q4_0"));
        QCOMPARE(q.dims, (std::vector<std::uint64_t> { 64, 64 }));
        QCOMPARE(q.bytes, std::uint64_t(64 * 64 / 32 * 18));

        const auto s = GgufReader::shape(g, file.toStdString());
        const auto& e = expected["shape"];
        QCOMPARE(s.layers, e["layers"].get<std::uint64_t>());
        QCOMPARE(s.hidden, e["hidden"].get<std::uint64_t>());
        QCOMPARE(s.heads, e["heads"].get<std::uint64_t>());
        QCOMPARE(s.kvHeads, e["kv_heads"].get<std::uint64_t>());
        QCOMPARE(s.intermediate, e["intermediate"].get<std::uint64_t>());
        QCOMPARE(s.vocab, e["vocab"].get<std::uint64_t>());
        QCOMPARE(s.headDim, e["head_dim"].get<std::uint64_t>());
        QCOMPARE(s.trainedContext, std::optional<std::uint64_t>(e["trained_context"].get<std::uint64_t>()));
        QCOMPARE(s.family, std::string("llama"));
        QVERIFY(!s.tieWordEmbeddings); // output.weight is there
        QCOMPARE(s.ropeTheta, std::optional<double>(500000.0));
        // The shape's parameters are the tensors' elements: the fixture has nothing else.
        QCOMPARE(s.parameters().total, g.totalElements);
    }

    void malformedFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("says");
        QTest::addRow("bad magic") << "bad-magic.gguf"
                                   << "not a GGUF file";
        QTest::addRow("version 1") << "version1.gguf"
                                   << "version 1";
        QTest::addRow("version 4") << "version4.gguf"
                                   << "version 4 is not supported";
        QTest::addRow("empty") << "empty.gguf"
                               << "truncated";
        QTest::addRow("truncated header") << "truncated-header.gguf"
                                          << "truncated";
        QTest::addRow("truncated data") << "truncated-data.gguf"
                                        << "beyond the data section";
        QTest::addRow("huge tensor count") << "huge-tensor-count.gguf"
                                           << "exceed the limit";
        QTest::addRow("huge metadata count") << "huge-metadata-count.gguf"
                                             << "exceed the limit";
        QTest::addRow("huge string") << "huge-string.gguf"
                                     << "exceeds the limit";
        QTest::addRow("huge array") << "huge-array.gguf"
                                    << "does not fit";
        QTest::addRow("arrays nested 9 deep") << "deep-array.gguf"
                                              << "nested deeper than 8";
        QTest::addRow("overlapping tensors") << "overlapping-tensors.gguf"
                                             << "overlap";
        QTest::addRow("unknown ggml type") << "unknown-type.gguf"
                                           << "unknown ggml type (99)";
        QTest::addRow("removed ggml type") << "removed-type.gguf"
                                           << "removed ggml type Q4_0_4_4";
        QTest::addRow("misaligned offset") << "misaligned-offset.gguf"
                                           << "not a multiple of the alignment";
        QTest::addRow("alignment not a power of two") << "bad-alignment.gguf"
                                                      << "not a power of two";
        QTest::addRow("bool of 2") << "bad-bool.gguf"
                                   << "a bool of 2";
        QTest::addRow("duplicate key") << "duplicate-key.gguf"
                                       << "appears twice";
        QTest::addRow("duplicate tensor") << "duplicate-tensor.gguf"
                                          << "appears twice";
        QTest::addRow("five dims") << "too-many-dims.gguf"
                                   << "5 dimensions";
        QTest::addRow("row not whole blocks") << "row-not-whole-blocks.gguf"
                                              << "not a multiple of its block";
        QTest::addRow("tensor beyond the file") << "tensor-beyond-file.gguf"
                                                << "beyond the data section";
        QTest::addRow("unknown value type") << "unknown-value-type.gguf"
                                            << "unknown value type 13";
        QTest::addRow("missing file") << "no-such.gguf"
                                      << "cannot open";
    }
    void malformedFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, says);
        const QString error = QString::fromStdString(errorOf(file.toStdString()));
        QVERIFY2(error.contains(says), qPrintable(error));
        QVERIFY2(!error.contains(QLatin1Char('\n')), qPrintable(error));
        QVERIFY2(error.contains(file), qPrintable(error)); // names the file
    }

    // Every cut of the valid file's header is refused with a line; so is a lying count in each place.
    void everyTruncationIsRefused()
    {
        const std::string good = readBytes(dataDir() + "llama-v3.gguf");
        const auto g = parseBytes(good);
        for (std::size_t n = 0; n < g.dataOffset; n += (n < 64 ? 1 : 7)) {
            bool refused = false;
            try {
                parseBytes(good.substr(0, n));
            } catch (const units::InputError&) {
                refused = true;
            }
            QVERIFY2(refused, qPrintable(QStringLiteral("a cut at %1 bytes was accepted").arg(n)));
        }
    }

    // Random byte flips in the header: each file reads or is refused with an InputError, nothing else (the
    // libFuzzer target tests/fuzz/fuzz_gguf.cpp runs the same call much longer).
    void randomFlipsNeverCrash()
    {
        const std::string good = readBytes(dataDir() + "llama-v3.gguf");
        const auto header = parseBytes(good).dataOffset;
        std::mt19937_64 random(15);
        int refused = 0;
        for (int i = 0; i < 3000; ++i) {
            std::string bytes = good;
            for (int k = 0; k < 1 + i % 4; ++k)
                bytes[random() % header] = static_cast<char>(random());
            try {
                parseBytes(bytes);
            } catch (const units::InputError&) {
                ++refused;
            }
        }
        QVERIFY(refused > 0);
    }

    void shapeNeedsItsKeys()
    {
        auto g = GgufReader::readFile(dataDir() + "llama-v3.gguf");
        g.metadata.erase("llama.block_count");
        try {
            GgufReader::shape(g, "x.gguf");
            QFAIL("a GGUF without block_count gave a shape");
        } catch (const units::InputError& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QLatin1String("llama.block_count")), e.what());
        }
    }

    // The estimate: weights as stored (the bytes per type above), the shape from the metadata, the largest
    // context capped at the GGUF's context_length.
    void estimateSizesAsStored()
    {
        sizing::SizingInputs in;
        in.ggufPath = dataDir() + "llama-v3.gguf";
        in.storageChosen = false;
        const auto request = sizing::makeRequest(in);
        QVERIFY(request.gguf);
        QVERIFY(request.shape);
        const auto e = sizing::SizingEngine::estimate(request);
        const auto expected = nlohmann::json::parse(readBytes(dataDir() + "expected.json"))["llama-v3.gguf"];
        QCOMPARE(e.bytesOf("weights"), expected["total_bytes"].get<std::uint64_t>());
        QCOMPARE(e.parameters, expected["total_elements"].get<std::uint64_t>());

        // A KV cache without a typed length takes the trained context (context_length 2048).
        in.kvCache = true;
        const auto kv = sizing::makeRequest(in);
        QCOMPARE(kv.kvCache->promptTokens, std::uint64_t(2048));
        // A GGUF with a config.json is two shapes: refused.
        in.configPath = "config.json";
        QVERIFY_THROWS_EXCEPTION(std::exception, sizing::makeRequest(in));
    }
};

QTEST_GUILESS_MAIN(TestGgufReader)
#include "tst_ggufreader.moc"
