// SPDX-License-Identifier: Apache-2.0
#include "core/runner/runner.h"
#include "core/alloc/cachingallocator.h"
#include "core/alloc/devicerawmemory.h"
#include "core/model/configreader.h"
#include "core/report/resultjson.h"
#include "core/workloads/densepredictor.h"
#include "core/workloads/runpredictor.h"
#include "core/workloads/workload.h"
#include "core/protocol/phaseplan.h"
#include "core/units/units.h"
#include "hostdevicecontext.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace iteragpu;

namespace {

// The host device, keeping what the decoder's cache writes were and every float32 logit it reduced.
class RecordingHostContext : public HostDeviceContext {
public:
    using HostDeviceContext::HostDeviceContext;
    struct KvWrite {
        const void* dst = nullptr;
        device::KvLayout layout;
        std::int64_t start = 0;
        std::int64_t positions = 0;
    };
    device::Status copyKv(void* dst, const device::KvLayout& dl, const void* src, const device::KvLayout& sl,
        std::int64_t batch, std::int64_t start, std::int64_t positions, device::DType dt) override
    {
        writes.push_back({ dst, dl, start, positions });
        return HostDeviceContext::copyKv(dst, dl, src, sl, batch, start, positions, dt);
    }
    device::Status argmaxRows(void* out, const void* in, std::int64_t rows, std::int64_t cols, device::DType dt) override
    {
        if (dt == device::DType::Float32)
            for (std::int64_t i = 0; i < rows * cols; ++i)
                finite = finite && std::isfinite(static_cast<const float*>(in)[i]);
        ++reductions;
        return HostDeviceContext::argmaxRows(out, in, rows, cols, dt);
    }
    std::vector<KvWrite> writes;
    bool finite = true;
    int reductions = 0;
};

// The host device, keeping the rows of every gatherRows call: each routed expert's slice n_e, in order.
class SliceRecordingContext : public HostDeviceContext {
public:
    SliceRecordingContext(std::uint64_t capacity, std::vector<std::int64_t>& slices)
        : HostDeviceContext(capacity)
        , m_slices(slices)
    {
    }
    device::Status gatherRows(
        void* out, const void* in, const void* rowIdx, std::int64_t rows, std::int64_t cols, device::DType dt) override
    {
        m_slices.push_back(rows);
        return HostDeviceContext::gatherRows(out, in, rowIdx, rows, cols, dt);
    }

private:
    std::vector<std::int64_t>& m_slices;
};

// A tiny DeepSeek (3 layers: dense, then experts with a shared one): V2 without q_lora_rank, values of 6; V3
// with q_lora_rank, values of 16, the score-correction bias and attention biases.
std::string mlaConfig(bool v3)
{
    return std::string(R"({"model_type": ")") + (v3 ? "deepseek_v3" : "deepseek_v2")
        + R"(", "hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4, "intermediate_size": 40,
        "vocab_size": 50, "kv_lora_rank": 16, "qk_nope_head_dim": 8, "qk_rope_head_dim": 4,
        "n_routed_experts": 3, "num_experts_per_tok": 2, "moe_intermediate_size": 12, "n_shared_experts": 1,
        "first_k_dense_replace": 1, )"
        + (v3 ? R"("q_lora_rank": 24, "v_head_dim": 16, "attention_bias": true})" : R"("v_head_dim": 6})");
}

} // namespace

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
        // DECODER.md "The Mamba mixer": Jamba's Mamba layers (experts on one of them) beside a NoPE attention layer;
        // the scan reads z from in_proj's rows, the norms dt, B and C copied out of x_proj's.
        const QString jamba = QStringLiteral(R"({"model_type": "jamba", "hidden_size": 32, "num_hidden_layers": 3,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 40, "vocab_size": 50,
            "attn_layer_period": 3, "attn_layer_offset": 1, "expert_layer_period": 3, "expert_layer_offset": 2,
            "num_experts": 3, "num_experts_per_tok": 2, "mamba_d_state": 8, "mamba_d_conv": 4, "mamba_expand": 2,
            "mamba_dt_rank": 4})");
        QTest::addRow("jamba bf16 paged sdpa (Mamba layers)")
            << jamba << int(WeightStorage::BFloat16) << int(KvCacheKind::Paged) << int(AttentionKind::Sdpa);
        QTest::addRow("jamba gptq-int4 dynamic eager (Mamba layers)")
            << jamba << int(WeightStorage::GptqInt4) << int(KvCacheKind::Dynamic) << int(AttentionKind::Eager);
        QTest::addRow("nemotron_h bf16 paged sdpa (state layers)")
            << nemotronH << int(WeightStorage::BFloat16) << int(KvCacheKind::Paged) << int(AttentionKind::Sdpa);
        QTest::addRow("nemotron_h nf4 static eager (state layers)")
            << nemotronH << int(WeightStorage::Nf4) << int(KvCacheKind::Static) << int(AttentionKind::Eager);
        // Learned positions up to the last one the run reaches (19 + 16 = 35 of 35), a tower loaded beside the model.
        const QString bigcode = QStringLiteral(R"({"model_type": "gpt_bigcode", "n_embd": 32, "n_layer": 2,
            "n_head": 4, "n_positions": 35, "n_inner": 40, "vocab_size": 50})");
        const QString gemma3 = QStringLiteral(R"({"model_type": "gemma3", "text_config": {"hidden_size": 32,
            "num_hidden_layers": 2, "num_attention_heads": 2, "num_key_value_heads": 1, "head_dim": 16,
            "intermediate_size": 40, "vocab_size": 50, "sliding_window": 9}, "vision_config": {"hidden_size": 16,
            "intermediate_size": 24, "num_hidden_layers": 1, "patch_size": 4, "image_size": 8}})");
        QTest::addRow("gpt_bigcode bf16 static eager (learned positions)")
            << bigcode << int(WeightStorage::BFloat16) << int(KvCacheKind::Static) << int(AttentionKind::Eager);
        QTest::addRow("gemma3 nf4 paged sdpa (a vision tower loaded)")
            << gemma3 << int(WeightStorage::Nf4) << int(KvCacheKind::Paged) << int(AttentionKind::Sdpa);
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
        // DECODER.md "Formats" beyond those (fp8-e4m3 with 16 x 16 blocks, groups of 16 rows): every stored
        // tensor read to its last byte by its dequantization, as its layout says.
        QTest::addRow("llama fp8-e4m3 blocks paged sdpa")
            << llama << int(WeightStorage::Fp8E4m3) << int(KvCacheKind::Paged) << int(AttentionKind::Sdpa);
        QTest::addRow("llama fp8-e5m2 dynamic sdpa")
            << llama << int(WeightStorage::Fp8E5m2) << int(KvCacheKind::Dynamic) << int(AttentionKind::Sdpa);
        QTest::addRow("gemma2 gptq-int4 static eager")
            << gemma2 << int(WeightStorage::GptqInt4) << int(KvCacheKind::Static) << int(AttentionKind::Eager);
        QTest::addRow("mixtral awq-int4 paged sdpa")
            << mixtral << int(WeightStorage::AwqInt4) << int(KvCacheKind::Paged) << int(AttentionKind::Sdpa);
        QTest::addRow("llama fp4 dynamic eager")
            << llama << int(WeightStorage::Fp4) << int(KvCacheKind::Dynamic) << int(AttentionKind::Eager);
        QTest::addRow("mixtral mxfp4 dynamic sdpa (experts)")
            << mixtral << int(WeightStorage::Mxfp4) << int(KvCacheKind::Dynamic) << int(AttentionKind::Sdpa);
        QTest::addRow("deepseek_v2 bf16 paged eager (mla)") << QString::fromStdString(mlaConfig(false))
                                                            << int(WeightStorage::BFloat16) << int(KvCacheKind::Paged)
                                                            << int(AttentionKind::Eager);
        QTest::addRow("deepseek_v3 nf4 dynamic sdpa (mla)") << QString::fromStdString(mlaConfig(true))
                                                            << int(WeightStorage::Nf4) << int(KvCacheKind::Dynamic)
                                                            << int(AttentionKind::Sdpa);
        QTest::addRow("deepseek_v3 fp32 static eager (mla)") << QString::fromStdString(mlaConfig(true))
                                                             << int(WeightStorage::Float32) << int(KvCacheKind::Static)
                                                             << int(AttentionKind::Eager);
    }

    // An MLA layer on host memory in float32 (DECODER.md "MLA layers"): the cache is the decompressed K [.., H,
    // nope + rope] and V [.., H, v] per head, as transformers' StaticCache holds it: its tensors have those sizes,
    // the prefill writes rows 0 .. P-1 and each decode step the row of its position, every write through a layout
    // of those widths; the logits stay finite.
    void mlaLayerOnHostMemory_data()
    {
        QTest::addColumn<bool>("v3");
        QTest::addRow("deepseek_v2 (q_proj, values narrower)") << false;
        QTest::addRow("deepseek_v3 (q_lora_rank, values wider)") << true;
    }

    void mlaLayerOnHostMemory()
    {
        QFETCH(bool, v3);
        protocol::RunConfig c;
        c.deviceId = "host:0";
        c.workload = protocol::WorkloadKind::Decoder;
        c.dtype = device::DType::Float32;
        c.warmup = 0;
        c.repeats = 1;
        protocol::DecoderSpec d;
        d.shape = model::ConfigReader::parse(mlaConfig(v3));
        d.storage = protocol::WeightStorage::Float32;
        d.cache = protocol::KvCacheKind::Static;
        d.attention = protocol::AttentionKind::Sdpa;
        d.promptTokens = 7;
        d.generated = 3;
        d.sequences = 2;
        c.decoder = d;
        const std::int64_t heads = 4, keyDim = 8 + 4, valueDim = v3 ? 16 : 6, rows = 7 + 3;

        RecordingHostContext context(64 * units::kMiB);
        alloc::DeviceRawMemory raw(context);
        alloc::CachingAllocator allocator(raw);
        {
            auto workload = workloads::makeWorkload(context, allocator, c);
            QVERIFY(workload);
            for (const auto& phase : workload->plan()) {
                context.writes.clear();
                const device::Status status = workload->runPhase(phase);
                QVERIFY2(status.ok, (phase.name + ": " + status.message).c_str());
                if (phase.kind != protocol::PhaseKind::Prefill && phase.kind != protocol::PhaseKind::Decode)
                    continue;
                // Per layer a key write then a value write (a decode step each), positions as the phase says.
                const std::size_t steps = phase.kind == protocol::PhaseKind::Prefill ? 1 : phase.iterations;
                QCOMPARE(context.writes.size(), steps * 3 * 2);
                for (std::size_t i = 0; i < context.writes.size(); ++i) {
                    const auto& w = context.writes[i];
                    const bool value = i % 2 == 1;
                    QCOMPARE(w.layout.heads, heads);
                    QCOMPARE(w.layout.headDim, value ? valueDim : keyDim);
                    QCOMPARE(w.layout.capacity, rows);
                    if (phase.kind == protocol::PhaseKind::Prefill) {
                        QCOMPARE(w.start, std::int64_t(0));
                        QCOMPARE(w.positions, std::int64_t(7));
                    } else {
                        QCOMPARE(w.start, std::int64_t(7 + i / 6));
                        QCOMPARE(w.positions, std::int64_t(1));
                    }
                }
            }
            int keys = 0, values = 0;
            for (const auto& t : workload->heldTensors()) {
                if (t.name.size() > 4 && t.name.compare(t.name.size() - 4, 4, ".key") == 0) {
                    QCOMPARE(t.bytes, std::uint64_t(2 * rows * heads * keyDim * 4));
                    ++keys;
                } else if (t.name.size() > 6 && t.name.compare(t.name.size() - 6, 6, ".value") == 0) {
                    QCOMPARE(t.bytes, std::uint64_t(2 * rows * heads * valueDim * 4));
                    ++values;
                }
            }
            QCOMPARE(keys, 3);
            QCOMPARE(values, 3);
        }
        QVERIFY(context.reductions > 0);
        QVERIFY(context.finite);
        QCOMPARE(allocator.counters().allocatedCurrent, std::uint64_t(0));
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
        d.quantGroup = 16;
        if (d.storage == protocol::WeightStorage::Fp8E4m3)
            d.fp8BlockRows = d.fp8BlockColumns = 16;
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
        // The host device routes from its data: the predictor replays the loads each phase recorded.
        workloads::RoutingReplay observed;
        for (const auto& p : result.phases)
            observed.push_back(p.routing);
        const auto prediction = workloads::predictRun(c, protocol::planPhases(c), observed);
        QVERIFY2(prediction.error.empty(), prediction.error.c_str());
        QCOMPARE(prediction.phases.size(), result.phases.size());
        for (const auto& p : result.phases) {
            QVERIFY2(p.status == protocol::PhaseStatus::Ok, (protocol::phaseLabel(p) + ": " + p.error).c_str());
            QCOMPARE(*p.peak.allocated, prediction.phases[std::size_t(p.index)].peakAllocated);
            QCOMPARE(p.predictedPeakAllocated, std::optional(*p.peak.allocated)); // the runner's replay
        }
    }

    // Real float32 routing (a top 2 of 4 experts from the router's logits): each hit expert gathers exactly its
    // load's rows, an expert no token picked gathers nothing and allocates nothing, and the run's recorded loads,
    // replayed, predict every phase to the byte.
    void moeExpertsRunOnTheirSlices()
    {
        protocol::RunConfig c;
        c.deviceId = "host:0";
        c.workload = protocol::WorkloadKind::Decoder;
        c.dtype = device::DType::Float32;
        c.warmup = 0;
        c.repeats = 1;
        protocol::DecoderSpec d;
        d.shape = model::ConfigReader::parse(R"({"model_type": "mixtral", "hidden_size": 32, "num_hidden_layers": 2,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 24, "vocab_size": 50,
            "num_local_experts": 4, "num_experts_per_tok": 2})");
        d.storage = protocol::WeightStorage::Float32;
        d.promptTokens = 7;
        d.generated = 3;
        d.sequences = 1;
        c.decoder = d;
        std::vector<std::int64_t> slices;
        const auto result = protocol::Runner::runBlocking(
            c, { "host", "host memory (tests)", false },
            [&slices](device::Status& s) {
                s = device::Status::success();
                return std::unique_ptr<device::DeviceContext>(
                    std::make_unique<SliceRecordingContext>(64 * units::kMiB, slices));
            },
            nullptr);
        QVERIFY2(result.completed, result.error.c_str());
        std::vector<std::int64_t> hit; // the nonzero loads of every MoE layer call, in run order
        bool someExpertIdle = false;
        for (const auto& p : result.phases) {
            if (p.name == "model_load" || p.name == "inputs") {
                QVERIFY(!p.routing);
                continue;
            }
            QVERIFY2(p.routing, protocol::phaseLabel(p).c_str());
            QCOMPARE(p.routing->rule, protocol::RoutingRule::Observed);
            QVERIFY(p.routing->recorded);
            const std::uint64_t tokens = p.name == "decode" ? 1 : 7;
            const std::size_t passes = p.name == "decode" ? 3 : 1;
            QCOMPARE(p.routing->loads.size(), 2 * passes); // two MoE layers per pass
            for (const auto& call : p.routing->loads) {
                QCOMPARE(call.size(), std::size_t(4));
                std::uint64_t sum = 0;
                for (const std::uint32_t n : call) {
                    QVERIFY(n <= tokens);
                    sum += n;
                    if (n > 0)
                        hit.push_back(n);
                    else
                        someExpertIdle = true;
                }
                QCOMPARE(sum, 2 * tokens);
            }
            QCOMPARE(p.predictedPeakAllocated, std::optional(*p.peak.allocated));
        }
        QVERIFY(someExpertIdle); // a decode step's one token picks 2 of the 4: two experts run nothing
        QCOMPARE(slices, hit);

        // The saved file replays: its recorded loads, read back, predict each phase as measured.
        protocol::RunResult back;
        std::string error;
        QVERIFY2(report::fromJson(report::toJson(result), back, error), error.c_str());
        workloads::RoutingReplay observed;
        for (const auto& p : back.phases)
            observed.push_back(p.routing);
        const auto replay = workloads::predictRun(back.config, protocol::planPhases(back.config), observed);
        QVERIFY2(replay.error.empty(), replay.error.c_str());
        for (const auto& p : result.phases)
            QCOMPARE(replay.phases[std::size_t(p.index)].peakAllocated, *p.peak.allocated);
        // A record that is not this run's (a call missing, loads that do not add up) is refused, not replayed.
        auto missing = observed;
        missing[2]->loads.pop_back();
        const auto short_ = workloads::predictRun(c, protocol::planPhases(c), missing);
        QVERIFY2(short_.error.find("MoE layer calls") != std::string::npos, short_.error.c_str());
        auto forged = observed;
        std::uint32_t& first = forged[2]->loads[0][0];
        first = first > 0 ? first - 1 : first + 1;
        const auto wrong = workloads::predictRun(c, protocol::planPhases(c), forged);
        QVERIFY2(wrong.error.find("add up to") != std::string::npos, wrong.error.c_str());
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
