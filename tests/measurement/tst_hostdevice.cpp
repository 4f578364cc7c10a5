// SPDX-License-Identifier: Apache-2.0
#include "core/runner/runner.h"
#include "core/model/configreader.h"
#include "core/workloads/densepredictor.h"
#include "core/workloads/runpredictor.h"
#include "core/units/units.h"
#include "hostdevicecontext.h"

#include <QTest>

using namespace iteragpu;

// The workload on real host memory with real float32 kernels: shapes, transposes and lifetimes are exercised on
// actual bytes (run the suite under ITERAGPU_SANITIZE to catch any out-of-range access).
class TestHostDevice : public QObject {
    Q_OBJECT
private slots:
    void workloadOnHostMemory_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("dtype");
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<quint64>("context");
        QTest::addColumn<quint64>("width");
        QTest::addRow("inference f32 2x8x16")
            << int(protocol::Mode::Inference) << int(device::DType::Float32) << 2ull << 8ull << 16ull;
        QTest::addRow("training f32 3x5x24")
            << int(protocol::Mode::Training) << int(device::DType::Float32) << 3ull << 5ull << 24ull;
        QTest::addRow("training bf16 2x7x40")
            << int(protocol::Mode::Training) << int(device::DType::BFloat16) << 2ull << 7ull << 40ull;
        QTest::addRow("inference f16 1x300x8")
            << int(protocol::Mode::Inference) << int(device::DType::Float16) << 1ull << 300ull << 8ull;
    }

    void workloadOnHostMemory()
    {
        QFETCH(int, mode);
        QFETCH(int, dtype);
        QFETCH(quint64, batch);
        QFETCH(quint64, context);
        QFETCH(quint64, width);
        protocol::RunConfig c;
        c.deviceId = "host:0";
        c.mode = protocol::Mode(mode);
        c.dtype = device::DType(dtype);
        c.batch = batch;
        c.context = context;
        c.width = width;
        c.warmup = 3;
        c.repeats = 4;
        const auto result = protocol::Runner::runBlocking(
            c, { "host", "host memory (tests)", false },
            [](device::Status& s) {
                s = device::Status::success();
                return std::unique_ptr<device::DeviceContext>(std::make_unique<HostDeviceContext>(64 * units::kMiB));
            },
            nullptr);
        QVERIFY2(result.completed, result.error.c_str());
        QVERIFY(!result.simulated);
        const auto prediction = workloads::predictWorkload(c);
        for (const auto& p : result.phases) {
            QCOMPARE(p.status, protocol::PhaseStatus::Ok);
            QCOMPARE(*p.peak.allocated, prediction.phases[std::size_t(p.index)].peakAllocated);
            QVERIFY(p.deviceAfter.freeBytes.has_value());
            QVERIFY(!p.deviceAfter.processUsedBytes.has_value()); // not read: null, never 0
        }
    }

    // The decoder on real host memory: every kernel writes its whole output and reads both ends of each input,
    // KV rows found through their layout (paged tables holding real block addresses), so a tensor smaller than
    // its kernel's reach, or a block never allocated, fails here (and under AddressSanitizer, at the byte).
    void decoderOnHostMemory_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<int>("storage");
        QTest::addColumn<int>("cache");
        QTest::addColumn<int>("attention");
        const QString llama = QStringLiteral(R"({"model_type": "llama", "hidden_size": 32, "num_hidden_layers": 2,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 40, "vocab_size": 50})");
        const QString mixtral = QStringLiteral(R"({"model_type": "mixtral", "hidden_size": 32, "num_hidden_layers": 2,
            "num_attention_heads": 4, "num_key_value_heads": 1, "intermediate_size": 24, "vocab_size": 50,
            "num_local_experts": 3, "num_experts_per_tok": 2, "sliding_window": 10})");
        const QString gemma2 = QStringLiteral(R"({"model_type": "gemma2", "hidden_size": 32, "num_hidden_layers": 3,
            "num_attention_heads": 2, "num_key_value_heads": 1, "head_dim": 24, "intermediate_size": 40,
            "vocab_size": 50, "sliding_window": 9})");
        // DECODER.md "State layers": Mamba2, MLP-only and attention-only layers; the convolution, the scan and the
        // gated norm read their column slices of in_proj's output at every row.
        const QString nemotronH = QStringLiteral(R"({"model_type": "nemotron_h", "hybrid_override_pattern": "M-*M",
            "attention_head_dim": 8, "mamba_num_heads": 6, "mamba_head_dim": 8, "ssm_state_size": 16, "n_groups": 2,
            "conv_kernel": 4, "mlp_hidden_act": "relu2", "hidden_size": 32, "num_hidden_layers": 4,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 40, "vocab_size": 50})");
        using protocol::AttentionKind;
        using protocol::KvCacheKind;
        using protocol::WeightStorage;
        const QString qwen3Next = QStringLiteral(R"({"model_type": "qwen3_next", "hidden_size": 32,
            "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 8,
            "intermediate_size": 40, "vocab_size": 50, "full_attention_interval": 2, "linear_conv_kernel_dim": 4,
            "linear_key_head_dim": 8, "linear_num_key_heads": 2, "linear_num_value_heads": 4,
            "linear_value_head_dim": 6, "num_experts": 3, "num_experts_per_tok": 2, "moe_intermediate_size": 16,
            "shared_expert_intermediate_size": 24})");
        QTest::addRow("qwen3_next int8 dynamic sdpa (gated DeltaNet, gated attention)")
            << qwen3Next << int(WeightStorage::Int8) << int(KvCacheKind::Dynamic) << int(AttentionKind::Sdpa);
        QTest::addRow("nemotron_h bf16 paged sdpa (state layers)")
            << nemotronH << int(WeightStorage::BFloat16) << int(KvCacheKind::Paged) << int(AttentionKind::Sdpa);
        QTest::addRow("nemotron_h nf4 static eager (state layers)")
            << nemotronH << int(WeightStorage::Nf4) << int(KvCacheKind::Static) << int(AttentionKind::Eager);
        QTest::addRow("llama bf16 paged sdpa") << llama << int(WeightStorage::BFloat16) << int(KvCacheKind::Paged)
                                               << int(AttentionKind::Sdpa);
        QTest::addRow("llama nf4-dq dynamic eager") << llama << int(WeightStorage::Nf4DoubleQuant)
                                                    << int(KvCacheKind::Dynamic) << int(AttentionKind::Eager);
        QTest::addRow("mixtral int8 paged eager (window)") << mixtral << int(WeightStorage::Int8)
                                                           << int(KvCacheKind::Paged) << int(AttentionKind::Eager);
        QTest::addRow("gemma2 fp32 static sdpa (windows)") << gemma2 << int(WeightStorage::Float32)
                                                           << int(KvCacheKind::Static) << int(AttentionKind::Sdpa);
        QTest::addRow("gemma2 nf4 dynamic eager (windows)") << gemma2 << int(WeightStorage::Nf4)
                                                            << int(KvCacheKind::Dynamic) << int(AttentionKind::Eager);
    }

    void decoderOnHostMemory()
    {
        QFETCH(QString, config);
        QFETCH(int, storage);
        QFETCH(int, cache);
        QFETCH(int, attention);
        protocol::RunConfig c;
        c.deviceId = "host:0";
        c.workload = protocol::WorkloadKind::Decoder;
        c.dtype = device::DType::BFloat16;
        c.warmup = 1;
        c.repeats = 1;
        protocol::DecoderSpec d;
        d.shape = model::ConfigReader::parse(config.toStdString());
        d.storage = protocol::WeightStorage(storage);
        d.cache = protocol::KvCacheKind(cache);
        d.attention = protocol::AttentionKind(attention);
        d.promptTokens = 19;
        d.generated = 16; // positions 19 .. 34: the paged ring and the windows wrap
        d.sequences = 2;
        d.decodeChunk = 6;
        c.decoder = d;
        const auto result = protocol::Runner::runBlocking(
            c, { "host", "host memory (tests)", false },
            [](device::Status& s) {
                s = device::Status::success();
                return std::unique_ptr<device::DeviceContext>(std::make_unique<HostDeviceContext>(64 * units::kMiB));
            },
            nullptr);
        QVERIFY2(result.completed, result.error.c_str());
        const auto prediction = workloads::predictRun(c);
        QCOMPARE(prediction.phases.size(), result.phases.size());
        for (const auto& p : result.phases) {
            QVERIFY2(p.status == protocol::PhaseStatus::Ok, (protocol::phaseLabel(p) + ": " + p.error).c_str());
            QCOMPARE(*p.peak.allocated, prediction.phases[std::size_t(p.index)].peakAllocated);
        }
    }

    void trainingLowersTheLossOnRealNumbers()
    {
        protocol::RunConfig c;
        c.mode = protocol::Mode::Training;
        c.batch = 4;
        c.context = 4;
        c.width = 8;
        c.warmup = 20;
        c.repeats = 0;
        std::vector<float> losses;
        const auto result = protocol::Runner::runBlocking(
            c, { "host", "", false },
            [&losses](device::Status& s) {
                s = device::Status::success();
                return std::unique_ptr<device::DeviceContext>(
                    std::make_unique<HostDeviceContext>(64 * units::kMiB, &losses));
            },
            nullptr);
        QVERIFY(result.completed);
        QCOMPARE(losses.size(), std::size_t(21)); // the first step + 20 warm-up steps
        QVERIFY2(losses.back() < losses.front(),
            (std::to_string(losses.front()) + " -> " + std::to_string(losses.back())).c_str());
    }
};

QTEST_GUILESS_MAIN(TestHostDevice)
#include "tst_hostdevice.moc"
