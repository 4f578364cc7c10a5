// SPDX-License-Identifier: Apache-2.0
// llama.cpp's memory plan (core/engines, Note [llama.cpp memory plan]): the KV buffer against llama.cpp's own
// formula on hand-computed cases, the model buffer's split by -ngl and --tensor-split, the refusals, and the
// accuracy against the published start-up logs of tests/data/engines/llamacpp-startups.json (goal: each buffer
// within 3 %).
#include "core/engines/llamacppplanner.h"
#include "core/units/inputerror.h"
#include "core/units/units.h"

#include <QTest>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <stdexcept>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using engines::LlamaCppOptions;
using engines::LlamaCppPlanner;
using engines::LlamaCppTensorList;

namespace {

std::string dataDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/";
}

nlohmann::json startups()
{
    std::ifstream in(dataDir() + "engines/llamacpp-startups.json");
    return nlohmann::json::parse(in);
}

// A Llama-style model: `layers` layers of full attention unless `window` names sliding ones.
model::ModelShape llamaShape(std::uint64_t layers, std::uint64_t hidden, std::uint64_t intermediate,
    std::uint64_t heads, std::uint64_t kvHeads, std::uint64_t headDim, std::uint64_t vocab)
{
    model::ModelShape s;
    s.family = "llama";
    s.layers = layers;
    s.hidden = hidden;
    s.intermediate = intermediate;
    s.heads = heads;
    s.kvHeads = kvHeads;
    s.headDim = headDim;
    s.vocab = vocab;
    s.trainedContext = 8192;
    return s;
}

model::ModelShape shapeOf(const nlohmann::json& c)
{
    auto s
        = llamaShape(c["layers"], c["hidden"], c["intermediate"], c["heads"], c["kv_heads"], c["head_dim"], c["vocab"]);
    s.tieWordEmbeddings = c.value("tied", false);
    s.qkvBias = c.value("qkv_bias", false);
    s.trainedContext = c["trained_context"].get<std::uint64_t>();
    return s;
}

LlamaCppOptions::CacheType cacheType(const std::string& name)
{
    using C = LlamaCppOptions::CacheType;
    static const std::map<std::string, C> types { { "f32", C::F32 }, { "f16", C::F16 }, { "bf16", C::BF16 },
        { "q8_0", C::Q8_0 }, { "q4_0", C::Q4_0 }, { "q4_1", C::Q4_1 }, { "q5_0", C::Q5_0 }, { "q5_1", C::Q5_1 },
        { "iq4_nl", C::IQ4_NL } };
    const auto it = types.find(name);
    if (it == types.end())
        throw std::invalid_argument("unknown cache type in the test data: " + name);
    return it->second;
}

double mibOf(std::uint64_t bytes) { return double(bytes) / double(units::kMiB); }
double relError(double ours, double logged) { return (ours - logged) / logged; }

engines::LlamaCppPlan planFor(const model::ModelShape& shape, const LlamaCppOptions& o,
    LlamaCppTensorList::FileType type = LlamaCppTensorList::FileType::F16)
{
    return LlamaCppPlanner::plan(shape, LlamaCppTensorList::fromShape(shape, type), o);
}

} // namespace

class TestLlamaCppPlan : public QObject {
    Q_OBJECT

private slots:
    // Note [llama.cpp memory plan], KV: n_layer x cells x (row(type_k, n_embd_k_gqa) + row(type_v, n_embd_v_gqa)).
    void testKvBuffer_data()
    {
        QTest::addColumn<QString>("typeK");
        QTest::addColumn<QString>("typeV");
        QTest::addColumn<quint64>("ctx");
        QTest::addColumn<quint64>("parallel");
        QTest::addColumn<bool>("unified");
        QTest::addColumn<quint64>("cells");
        QTest::addColumn<quint64>("bytes");
        // 32 layers, 8 KV heads x 128: 1024 elements a row; f16 2048 B, q8_0 32 blocks x 34 B = 1088 B, q4_0 32 x 18 =
        // 576 B.
        QTest::addRow("f16, 4096 cells") << "f16"
                                         << "f16" << quint64(4096) << quint64(1) << false << quint64(4096)
                                         << quint64(32ULL * 4096 * (2048 + 2048));
        QTest::addRow("q8_0 rows") << "q8_0"
                                   << "q8_0" << quint64(4096) << quint64(1) << false << quint64(4096)
                                   << quint64(32ULL * 4096 * (1088 + 1088));
        QTest::addRow("q4_0 rows") << "q4_0"
                                   << "q4_0" << quint64(4096) << quint64(1) << false << quint64(4096)
                                   << quint64(32ULL * 4096 * (576 + 576));
        QTest::addRow("K q8_0, V q4_0") << "q8_0"
                                        << "q4_0" << quint64(4096) << quint64(1) << false << quint64(4096)
                                        << quint64(32ULL * 4096 * (1088 + 576));
        QTest::addRow("-c 1000 padded to 1024")
            << "f16"
            << "f16" << quint64(1000) << quint64(1) << false << quint64(1024) << quint64(32ULL * 1024 * 4096);
        QTest::addRow("-np 4: 4 streams of 1024")
            << "f16"
            << "f16" << quint64(4096) << quint64(4) << false << quint64(4096) << quint64(32ULL * 4096 * 4096);
        QTest::addRow("-np 3: 3 streams of pad(1365) = 1536")
            << "f16"
            << "f16" << quint64(4096) << quint64(3) << false << quint64(4608) << quint64(32ULL * 4608 * 4096);
        QTest::addRow("-np 3 --kv-unified: 4096 shared")
            << "f16"
            << "f16" << quint64(4096) << quint64(3) << true << quint64(4096) << quint64(32ULL * 4096 * 4096);
    }
    void testKvBuffer()
    {
        QFETCH(QString, typeK);
        QFETCH(QString, typeV);
        QFETCH(quint64, ctx);
        QFETCH(quint64, parallel);
        QFETCH(bool, unified);
        QFETCH(quint64, cells);
        QFETCH(quint64, bytes);
        LlamaCppOptions o;
        o.ctxSize = ctx;
        o.parallel = parallel;
        o.kvUnified = unified;
        o.flashAttn = LlamaCppOptions::FlashAttention::On;
        o.cacheTypeK = cacheType(typeK.toStdString());
        o.cacheTypeV = cacheType(typeV.toStdString());
        const auto p = planFor(llamaShape(32, 4096, 14336, 32, 8, 128, 128256), o);
        QVERIFY(p.starts);
        QCOMPARE(p.kvCells, cells);
        QCOMPARE(p.kvBufferBytes(), bytes);
        QCOMPARE(p.devices.at(0).kvBufferBytes, bytes); // every layer offloaded: all of it on the GPU
        QCOMPARE(p.hostKvBufferBytes, quint64(0));
    }

    // Sliding-window layers: pad(min(n_ctx_seq, window + n_ubatch), 256) cells, unless --swa-full.
    void testSlidingWindow()
    {
        auto shape = llamaShape(4, 1024, 4096, 8, 8, 128, 32000);
        shape.layerWindows = { 1024, 1024, 1024, std::nullopt };
        LlamaCppOptions o;
        o.ctxSize = 8192;
        o.ubatchSize = 512;
        const auto p = planFor(shape, o);
        QCOMPARE(p.swaCells.value_or(0), quint64(1536)); // 1024 + 512, a multiple of 256
        const std::uint64_t perCell = 2 * 1024 * 2; // K and V, 8 x 128 f16
        QCOMPARE(p.kvBufferBytes(), quint64(8192 * perCell + 3 * 1536 * perCell));
        o.swaFull = true;
        const auto full = planFor(shape, o);
        QCOMPARE(full.kvBufferBytes(), quint64(4 * 8192 * perCell));
        o.swaFull = false;
        o.ubatchSize = 300; // 1324 -> 1536
        QCOMPARE(planFor(shape, o).swaCells.value_or(0), quint64(1536));
        o.ctxSize = 1024; // the window is capped by the full cache
        QCOMPARE(planFor(shape, o).swaCells.value_or(0), quint64(1024));
    }

    // Model buffers: f16, 4 layers of 512 (q, k, v, o 512 x 512; gate, up, down 512 x 1024; two norms), a vocabulary
    // of 1000: a layer is 4 x 524288 + 3 x 1048576 + 4096 = 5246976 bytes; token_embd and output 1024000 each;
    // output_norm 2048.
    void testModelSplit_data()
    {
        QTest::addColumn<int>("ngl"); // -1: the default (auto)
        QTest::addColumn<QString>("split");
        QTest::addColumn<quint64>("host");
        QTest::addColumn<quint64>("dev0");
        QTest::addColumn<quint64>("dev1");
        constexpr quint64 layer = 5246976, embd = 1024000, out = 1024000 + 2048;
        QTest::addRow("-ngl 0: all on the host")
            << 0 << "" << quint64(embd + 4 * layer + out) << quint64(0) << quint64(0);
        QTest::addRow("-ngl 1: the output layer first")
            << 1 << "" << quint64(embd + 4 * layer) << quint64(out) << quint64(0);
        QTest::addRow("-ngl 2: output and the last layer")
            << 2 << "" << quint64(embd + 3 * layer) << quint64(layer + out) << quint64(0);
        QTest::addRow("-ngl 4: layer 0 stays on the host")
            << 4 << "" << quint64(embd + layer) << quint64(3 * layer + out) << quint64(0);
        QTest::addRow("-ngl auto: all") << -1 << "" << quint64(embd) << quint64(4 * layer + out) << quint64(0);
        QTest::addRow("-ngl 99: clamped to 5") << 99 << "" << quint64(embd) << quint64(4 * layer + out) << quint64(0);
        QTest::addRow("-ts 1,1") << -1 << "1,1" << quint64(embd) << quint64(3 * layer) << quint64(layer + out);
        QTest::addRow("-ts 3,1") << -1 << "3,1" << quint64(embd) << quint64(4 * layer) << quint64(out);
        QTest::addRow("-ts 1,3") << -1 << "1,3" << quint64(embd) << quint64(2 * layer) << quint64(2 * layer + out);
    }
    void testModelSplit()
    {
        QFETCH(int, ngl);
        QFETCH(QString, split);
        QFETCH(quint64, host);
        QFETCH(quint64, dev0);
        QFETCH(quint64, dev1);
        LlamaCppOptions o;
        o.ctxSize = 512;
        if (ngl >= 0)
            o.nGpuLayers = std::uint64_t(ngl);
        if (!split.isEmpty()) {
            o.devices = 2;
            for (const auto& part : split.split(QLatin1Char(',')))
                o.tensorSplit.push_back(part.toDouble());
        }
        const auto p = planFor(llamaShape(4, 512, 1024, 8, 8, 64, 1000), o);
        QCOMPARE(p.hostModelBufferBytes, host);
        QCOMPARE(p.devices.at(0).modelBufferBytes, dev0);
        if (p.devices.size() > 1)
            QCOMPARE(p.devices.at(1).modelBufferBytes, dev1);
        QVERIFY(p.gpuLayers <= 5);
    }

    // llama-quant's choices for q4_k_m: q6_K for attn_v and ffn_down of use_more_bits layers and for output.weight;
    // Llama-3-8B gets 193 q4_K and 33 q6_K matrices (its GGUF's own type counts).
    void testQ4KMTypes()
    {
        const auto list = LlamaCppTensorList::fromShape(
            llamaShape(32, 4096, 14336, 32, 8, 128, 128256), LlamaCppTensorList::FileType::Q4_K_M);
        int q4k = 0, q6k = 0, f32 = 0;
        for (const auto& t : list.tensors()) {
            if (t.type == 12)
                ++q4k;
            else if (t.type == 14)
                ++q6k;
            else if (t.type == 0)
                ++f32;
        }
        QCOMPARE(q4k, 193);
        QCOMPARE(q6k, 33);
        QCOMPARE(f32, 65);
    }

    void testRefusals()
    {
        const auto shape = llamaShape(32, 4096, 14336, 32, 8, 128, 128256);
        LlamaCppOptions o;
        o.ctxSize = 4096;
        o.flashAttn = LlamaCppOptions::FlashAttention::Off;
        o.cacheTypeV = LlamaCppOptions::CacheType::Q8_0;
        const auto p = planFor(shape, o);
        QVERIFY(!p.starts);
        QVERIFY(p.reason.find("V cache quantization requires flash_attn") != std::string::npos);
        o.flashAttn = LlamaCppOptions::FlashAttention::Auto; // auto resolves on for a GPU
        QVERIFY(planFor(shape, o).starts);
        o.parallel = 0;
        QVERIFY_THROWS_EXCEPTION(units::InputError, planFor(shape, o));
        o.parallel = 1;
        o.devices = 2;
        o.tensorSplit = { 1.0 };
        QVERIFY_THROWS_EXCEPTION(units::InputError, planFor(shape, o));
        o.tensorSplit.clear();
        o.ubatchSize = 0;
        QVERIFY_THROWS_EXCEPTION(units::InputError, planFor(shape, o));
        // A q4_0 cache needs rows of whole 32-element blocks: a head width of 80 x 1 head is not.
        auto odd = llamaShape(2, 256, 512, 4, 1, 80, 1000);
        LlamaCppOptions q;
        q.ctxSize = 256;
        q.cacheTypeK = LlamaCppOptions::CacheType::Q4_0;
        QVERIFY_THROWS_EXCEPTION(units::InputError, planFor(odd, q));
        // -ngl above n_layer + 1 is clamped, as llama.cpp does (it offloads min(ngl, n_layer + 1) layers).
        LlamaCppOptions big;
        big.ctxSize = 512;
        big.nGpuLayers = 1000;
        QCOMPARE(planFor(shape, big).gpuLayers, quint64(33));
    }

    // The published start-ups: each buffer within 3 % (the goal); a miss is an expected failure with the
    // error measured, never a wider tolerance.
    void testAccuracy_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("figure");
        QTest::addColumn<double>("ours");
        QTest::addColumn<double>("logged");
        const auto logs = startups()["logs"];
        QVERIFY(logs.size() >= 10);
        qInfo("%-30s %-12s %10s %10s %8s", "log", "buffer", "logged", "ours", "error");
        std::map<std::string, std::pair<double, int>> means; // per buffer: sum of |error|, rows
        for (const auto& log : logs) {
            const auto shape = shapeOf(log["config"]);
            const auto& s = log["settings"];
            LlamaCppOptions o;
            o.ctxSize = s["n_ctx"];
            o.parallel = s.value("n_seq_max", 1);
            o.kvUnified = s.value("kv_unified", true);
            o.batchSize = s["n_batch"];
            o.ubatchSize = s["n_ubatch"];
            o.flashAttn = s["flash_attn"].get<bool>() ? LlamaCppOptions::FlashAttention::On
                                                      : LlamaCppOptions::FlashAttention::Off;
            o.cacheTypeK = cacheType(s["type_k"]);
            o.cacheTypeV = cacheType(s["type_v"]);
            o.nGpuLayers = s["ngl"].get<std::uint64_t>();
            o.devices = s.value("devices", 1);
            const auto fileType = LlamaCppTensorList::fileTypeFromName(log.value("file_type", std::string("f16")));
            const auto p = planFor(shape, o, fileType.value_or(LlamaCppTensorList::FileType::F16));
            const auto& mib = log["mib"];
            const std::string id = log["id"];
            const auto row = [&](const char* figure, double ours, double logged) {
                auto& m = means[figure];
                m.first += std::abs(relError(ours, logged));
                ++m.second;
                qInfo("%-30s %-12s %10.2f %10.2f %+7.2f%%", id.c_str(), figure, logged, ours,
                    100.0 * relError(ours, logged));
                QTest::addRow("%s %s", id.c_str(), figure)
                    << QString::fromStdString(id) << QString::fromLatin1(figure) << ours << logged;
            };
            if (mib.contains("kv_self"))
                row("kv_self", mibOf(p.kvBufferBytes()), mib["kv_self"]);
            if (log.contains("file_type")) {
                row("model", mibOf(p.devices.at(0).modelBufferBytes), mib["model"][0]);
                row("host_model", mibOf(p.hostModelBufferBytes), mib["host_model"]);
            }
            // A compute buffer the plan does not model (several GPUs) is said so, never compared as 0.
            if (mib.contains("compute")) {
                if (p.devices.at(0).computeBufferBytes)
                    row("compute", mibOf(*p.devices.at(0).computeBufferBytes), mib["compute"][0]);
                else
                    qInfo("%-30s %-12s %10.2f %10s", id.c_str(), "compute", mib["compute"][0].get<double>(), "not modelled");
            }
            if (mib.contains("host_compute")) {
                if (p.hostComputeBufferBytes)
                    row("host_compute", mibOf(*p.hostComputeBufferBytes), mib["host_compute"]);
                else
                    qInfo("%-30s %-12s %10.2f %10s", id.c_str(), "host_compute", mib["host_compute"].get<double>(), "not modelled");
            }
        }
        for (const auto& [figure, m] : means)
            qInfo("mean absolute error, %-12s %6.2f %% (%d logs)", figure.c_str(), 100.0 * m.first / m.second, m.second);
    }
    void testAccuracy()
    {
        QFETCH(QString, id);
        QFETCH(QString, figure);
        QFETCH(double, ours);
        QFETCH(double, logged);
        const double error = relError(ours, logged);
        // Named misses, with the error measured; the tolerance is not widened for them.
        static const std::map<std::string, const char*> gaps {
            { "llama31-8b-q40-vulkan-ctx16384-ub1024 compute",
                "the Vulkan backend's compute buffer (613.01 MiB logged) is not the CUDA one the plan sizes "
                "(517.00 MiB, -15.7 %)" },
            { "glm-z1-32b-cuda-ctx32768-fa compute",
                "glm4's graph is planned as a llama-style stack: 308.00 MiB against 353.00 MiB logged (-12.7 %)" },
            { "llama31-8b-iq4nl-k-ikfork-ctx1024 compute",
                "ik_llama.cpp (a fork) under llama-perplexity is not the mainline graph the plan models: 258.50 MiB "
                "against 266.50 MiB logged (-3.0 %)" },
        };
        const auto gap = gaps.find((id + " " + figure).toStdString());
        if (gap != gaps.end())
            QEXPECT_FAIL("", gap->second, Continue);
        QVERIFY2(std::abs(error) <= 0.03,
            qPrintable(QStringLiteral("%1 %2: %3 MiB against %4 MiB logged (%5 %)")
                           .arg(id, figure)
                           .arg(ours, 0, 'f', 2)
                           .arg(logged, 0, 'f', 2)
                           .arg(100.0 * error, 0, 'f', 2)));
    }
};

QTEST_GUILESS_MAIN(TestLlamaCppPlan)
#include "tst_llamacppplan.moc"
