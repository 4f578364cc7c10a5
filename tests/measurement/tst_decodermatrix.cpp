// SPDX-License-Identifier: Apache-2.0
// The decoder's prediction equals its measurement to the byte (issue "Measure the model you sized", point 6):
// every family the config reader knows x {bf16, int8, nf4} x {dynamic, static, paged} x {eager, sdpa} x {native,
// async}, at small shapes, run through the Runner on the simulated device. The workload
// (core/workloads/decoderworkload) and the predictor (core/workloads/decoderpredictor) are written separately
// from core/workloads/DECODER.md, so a byte of difference in any phase means one of them does not follow it.
#include "core/model/configreader.h"
#include "core/protocol/phaseplan.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/sizing/kvcacheestimator.h"
#include "core/sizing/weightestimator.h"
#include "core/sizing/weightformat.h"
#include "core/units/inputerror.h"
#include "core/workloads/runpredictor.h"

#include <QDir>
#include <QTest>
#include <cstdlib>
#include <numeric>
#include <string>

using namespace iteragpu;

namespace {

// Tiny configs, one per family, each with what makes its family differ (windows, biases, head_dim, norms,
// experts, tied embeddings), read by the real config reader.
std::string familyConfig(const std::string& family)
{
    const std::string common = R"("hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
        "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72)";
    if (family == "llama")
        return R"({"model_type": "llama", )" + common + "}";
    if (family == "mistral")
        return R"({"model_type": "mistral", "sliding_window": 12, )" + common + "}";
    if (family == "qwen2")
        return R"({"model_type": "qwen2", )" + common + "}";
    if (family == "gemma")
        return R"({"model_type": "gemma", "head_dim": 16, )" + common + "}";
    if (family == "gemma2")
        return R"({"model_type": "gemma2", "head_dim": 16, "sliding_window": 12, )" + common + "}";
    if (family == "phi3")
        return R"({"model_type": "phi3", )" + common + "}";
    if (family == "qwen3") // q/k norms per head
        return R"({"model_type": "qwen3", "head_dim": 16, )" + common + "}";
    if (family == "qwen3_moe") // q/k norms, experts of moe_intermediate_size on every layer
        return R"({"model_type": "qwen3_moe", "head_dim": 16, "num_experts": 4, "num_experts_per_tok": 2,
            "moe_intermediate_size": 48, )" + common + "}";
    if (family == "gemma3_text") // 4 norms, q/k norms, 5 local : 1 global (here 2 : 1 over 3 layers)
        return R"({"model_type": "gemma3_text", "head_dim": 16, "sliding_window": 12, "sliding_window_pattern": 3, )"
            + common + "}";
    if (family == "qwen2_moe") // MoE on every 2nd layer, a gated shared expert, q/k/v biases
        return R"({"model_type": "qwen2_moe", "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 24,
            "decoder_sparse_step": 2, "shared_expert_intermediate_size": 40, )" + common + "}";
    if (family == "gpt_oss") // sinks, router and expert biases, attention biases, alternating windows
        return R"({"model_type": "gpt_oss", "num_local_experts": 4, "experts_per_token": 2, "sliding_window": 12,
            "head_dim": 16, )" + common + "}";
    if (family == "olmo2") // q/k norms over the whole projections
        return R"({"model_type": "olmo2", )" + common + "}";
    if (family == "cohere2") // one LayerNorm, attention and MLP in parallel, 2 sliding : 1 NoPE global
        return R"({"model_type": "cohere2", "sliding_window": 12, "sliding_window_pattern": 3, )" + common + "}";
    if (family == "starcoder2") // plain (not gated) MLP, biases everywhere, LayerNorms with biases, a window
        return R"({"model_type": "starcoder2", "sliding_window": 12, "hidden_act": "gelu_pytorch_tanh", )" + common
            + "}";
    if (family == "gpt_neox") // plain MLP, biases, LayerNorms with biases
        return R"({"model_type": "gpt_neox", "hidden_act": "gelu", )" + common + "}";
    if (family == "falcon") // multi-query, parallel attention and MLP of 4 x hidden, one LayerNorm with bias
        return R"({"model_type": "falcon", "hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
            "vocab_size": 72, "multi_query": true, "parallel_attn": true})";
    if (family == "phimoe") // LayerNorms with biases, experts, a bias on lm_head
        return R"({"model_type": "phimoe", "num_local_experts": 4, "num_experts_per_tok": 2,
            "attention_bias": true, "lm_head_bias": true, )" + common + "}";
    if (family == "granitemoe") // experts and a shared MLP without a gate
        return R"({"model_type": "granitemoe", "num_local_experts": 4, "num_experts_per_tok": 2,
            "shared_intermediate_size": 40, )" + common + "}";
    if (family == "gpt_bigcode") // learned positions (40, the run reaches 35), multi-query, plain MLP, biases
        return R"({"model_type": "gpt_bigcode", "n_embd": 32, "n_layer": 3, "n_head": 4, "n_positions": 40,
            "n_inner": 48, "vocab_size": 72})";
    if (family == "gemma3") // gemma3_text's layers and a SigLIP tower loaded beside them, never run
        return R"({"model_type": "gemma3", "text_config": {"model_type": "gemma3_text", "head_dim": 16,
            "sliding_window": 12, "sliding_window_pattern": 3, )"
            + common + R"(}, "vision_config": {"hidden_size": 16, "intermediate_size": 24, "num_hidden_layers": 2,
            "patch_size": 4, "image_size": 16}})";
    // Llama-4's composite config: the text model in text_config, its vision tower and projector loaded beside it,
    // never run.
    if (family == "llama4")
        return R"({"model_type": "llama4", "text_config": {"model_type": "llama4_text", "num_local_experts": 4,
            "num_experts_per_tok": 1, "interleave_moe_layer_step": 2, "intermediate_size_mlp": 64, )"
            + common + R"(}, "vision_config": {"hidden_size": 16, "intermediate_size": 64, "num_hidden_layers": 2,
            "patch_size": 4, "image_size": 16, "projector_input_dim": 24, "projector_output_dim": 24,
            "vision_output_dim": 24}})";
    // Mistral-3: mistral's layers and the Pixtral tower with its projector (two feature layers, biases).
    if (family == "mistral3")
        return R"({"model_type": "mistral3", "text_config": {"model_type": "mistral", "sliding_window": 12, )"
            + common + R"(}, "vision_config": {"hidden_size": 16, "intermediate_size": 24, "num_hidden_layers": 2,
            "patch_size": 4}, "spatial_merge_size": 2, "vision_feature_layer": [-1, -2],
            "multimodal_projector_bias": true})";
    // MoE every 2nd layer with a shared expert, a dense MLP of its own width, chunked layers (a 16-token ring: the
    // prompt of 21 and the decode cross a chunk) and a NoPE global layer.
    if (family == "llama4_text")
        return R"({"model_type": "llama4_text", "num_local_experts": 4, "num_experts_per_tok": 1,
            "interleave_moe_layer_step": 2, "intermediate_size_mlp": 64, "no_rope_layers": [1, 1, 0],
            "attention_chunk_size": 16, )" + common
            + "}";
    // Widths that are no multiple of 8 or 32 (hidden 40, head_dim 10: KV width 20, intermediate 36): the packed
    // layouts' last word or block of a row is partly empty (GPTQ's ceil(in / 8) rows, AWQ's ceil(out / 8) columns,
    // MXFP4's ceil(in / 32) blocks), dense and with experts.
    const std::string odd = R"("hidden_size": 40, "num_hidden_layers": 2, "num_attention_heads": 4,
        "num_key_value_heads": 2, "head_dim": 10, "intermediate_size": 36, "vocab_size": 72)";
    if (family == "llama_odd")
        return R"({"model_type": "llama", )" + odd + "}";
    if (family == "mixtral_odd")
        return R"({"model_type": "mixtral", "num_local_experts": 3, "num_experts_per_tok": 2, )" + odd + "}";
    // Multi-head latent attention (DECODER.md "MLA layers"): DeepSeek-V2 with q_proj straight from x (no
    // q_lora_rank), values narrower than the keys (6 against 8 + 4), a dense first layer, then experts with two
    // shared experts; DeepSeek-V3 with q_lora_rank, values wider than the keys, the score-correction bias and
    // attention biases.
    if (family == "deepseek_v2")
        return R"({"model_type": "deepseek_v2", "hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
            "num_key_value_heads": 4, "intermediate_size": 48, "vocab_size": 72, "kv_lora_rank": 16,
            "qk_nope_head_dim": 8, "qk_rope_head_dim": 4, "v_head_dim": 6, "n_routed_experts": 4,
            "num_experts_per_tok": 2, "moe_intermediate_size": 12, "n_shared_experts": 2,
            "first_k_dense_replace": 1, "moe_layer_freq": 1})";
    if (family == "deepseek_v3")
        return R"({"model_type": "deepseek_v3", "hidden_size": 32, "num_hidden_layers": 3, "num_attention_heads": 4,
            "num_key_value_heads": 4, "intermediate_size": 48, "vocab_size": 72, "q_lora_rank": 24,
            "kv_lora_rank": 16, "qk_nope_head_dim": 8, "qk_rope_head_dim": 4, "v_head_dim": 16,
            "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 12, "n_shared_experts": 1,
            "first_k_dense_replace": 1, "attention_bias": true})";
    // DECODER.md "State layers": Mamba2 (M), MLP-only (-) and attention-only (*) layers of one norm each.
    if (family == "nemotron_h")
        return R"({"model_type": "nemotron_h", "hybrid_override_pattern": "M-*M", "attention_head_dim": 8,
            "mamba_num_heads": 8, "mamba_head_dim": 8, "ssm_state_size": 16, "n_groups": 2, "conv_kernel": 4,
            "use_conv_bias": true, "mlp_hidden_act": "relu2", "hidden_size": 32, "num_hidden_layers": 4,
            "num_attention_heads": 4, "num_key_value_heads": 2, "intermediate_size": 48, "vocab_size": 72})";
    // Mamba2 and attention layers of two norms, each with experts and a shared MLP; biases on the projections.
    if (family == "granitemoehybrid")
        return R"({"model_type": "granitemoehybrid", "layer_types": ["mamba", "attention", "mamba"],
            "num_local_experts": 4, "num_experts_per_tok": 2, "shared_intermediate_size": 40, "mamba_n_heads": 4,
            "mamba_d_head": 16, "mamba_d_state": 8, "mamba_n_groups": 1, "mamba_d_conv": 3,
            "mamba_proj_bias": true, )"
            + common + "}";
    // Gated DeltaNet layers (2 key heads read by 4 value heads) beside an attention layer with a gated output and
    // q/k norms, MoE with a gated shared expert on every layer (DECODER.md "State layers").
    if (family == "qwen3_next")
        return R"({"model_type": "qwen3_next", "head_dim": 16, "full_attention_interval": 2,
            "linear_conv_kernel_dim": 4, "linear_key_head_dim": 8, "linear_num_key_heads": 2,
            "linear_num_value_heads": 4, "linear_value_head_dim": 6, "num_experts": 4, "num_experts_per_tok": 2,
            "moe_intermediate_size": 24, "shared_expert_intermediate_size": 40, )"
            + common + "}";
    // Mamba (v1) layers with Jamba's dt, B and C norms and one NoPE attention layer (period 4 from 2: layer 2), experts
    // on layers 1 and 3 (period 2 from 1: Mamba layers with MoE, the others dense), the dt rank "auto" (ceil(32 / 16)
    // = 2), biases on in_proj and out_proj (DECODER.md "The Mamba mixer").
    if (family == "jamba")
        return R"({"model_type": "jamba", "attn_layer_period": 4, "attn_layer_offset": 2, "expert_layer_period": 2,
            "expert_layer_offset": 1, "num_experts": 4, "num_experts_per_tok": 2, "mamba_d_state": 8,
            "mamba_d_conv": 4, "mamba_expand": 2, "mamba_dt_rank": "auto", "mamba_proj_bias": true,
            "hidden_size": 32, "num_hidden_layers": 4, "num_attention_heads": 4, "num_key_value_heads": 2,
            "intermediate_size": 48, "vocab_size": 72})";
    return R"({"model_type": "mixtral", "num_local_experts": 4, "num_experts_per_tok": 2, )" + common + "}";
}

// A DeepSeek-V2 of MLA layers and dense MLPs only.
std::string denseMlaConfig()
{
    return R"({"model_type": "deepseek_v2", "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4,
        "intermediate_size": 48, "vocab_size": 72, "kv_lora_rank": 16, "qk_nope_head_dim": 8, "qk_rope_head_dim": 4,
        "v_head_dim": 6})";
}

protocol::RunConfig decoderConfig(const std::string& family, protocol::WeightStorage storage,
    protocol::KvCacheKind cache, protocol::AttentionKind attention, protocol::AllocatorKind allocator)
{
    protocol::RunConfig c;
    c.workload = protocol::WorkloadKind::Decoder;
    c.dtype = device::DType::BFloat16;
    c.allocator = allocator;
    c.warmup = 1;
    c.repeats = 2;
    c.samplingHz = protocol::kMinSamplingHz;
    protocol::DecoderSpec d;
    d.shape = model::ConfigReader::parse(familyConfig(family), family + ".json");
    d.modelSource = family + ".json";
    d.storage = storage;
    // Several groups per linear (hidden 32, widths 24 to 128); fp8-e4m3 with DeepSeek-style block scales of
    // 16 x 16 (the last blocks short), fp8-e5m2 with one scale per tensor.
    d.quantGroup = 16;
    if (storage == protocol::WeightStorage::Fp8E4m3)
        d.fp8BlockRows = d.fp8BlockColumns = 16;
    d.cache = cache;
    d.attention = attention;
    d.promptTokens = 21; // not a multiple of the paged cache's 16-token blocks; longer than the windows
    d.generated = 14; // the decode crosses a block boundary (positions 21 .. 34)
    d.sequences = 2;
    d.decodeChunk = 5;
    c.decoder = d;
    return c;
}

std::uint64_t sum(const alloc::OwnerBytes& owners)
{
    return std::accumulate(owners.begin(), owners.end(), std::uint64_t { 0 });
}
std::uint64_t of(const alloc::OwnerBytes& owners, alloc::Owner owner) { return owners[std::size_t(owner)]; }

protocol::RunResult run(const protocol::RunConfig& c)
{
    sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
    return protocol::Runner::runBlocking(
        c, { "sim", backend.runtimeDescription(), true }, [&backend](device::Status& s) { return backend.open(0, s); },
        nullptr);
}

const protocol::PhaseResult* phase(const protocol::RunResult& r, const char* label)
{
    for (const auto& p : r.phases)
        if (protocol::phaseLabel(p) == label)
            return &p;
    return nullptr;
}

// Note [Owners add up] (core/alloc/cachingallocator.h), on a phase that ran: the peak moment is the phase's
// peak, and the owners add up to allocated at the baseline, at the peak moment and at the final reading.
bool ownersAddUp(const protocol::PhaseResult& p, const QByteArray& where)
{
    if (!p.peakMoment || !p.ownersAtBaseline || !p.ownersAtFinal) {
        qWarning("%s: no owners recorded", where.constData());
        return false;
    }
    const auto check = [&where](const char* what, std::uint64_t owners, std::optional<std::uint64_t> allocated) {
        if (allocated && owners == *allocated)
            return true;
        qWarning("%s: the owners %s add up to %llu, allocated is %llu", where.constData(), what,
            static_cast<unsigned long long>(owners), static_cast<unsigned long long>(allocated.value_or(0)));
        return false;
    };
    return check("at the peak moment", p.peakMoment->allocated, p.peak.allocated)
        && check("at the peak moment", sum(p.peakMoment->owners), p.peak.allocated)
        && check("at the baseline", sum(*p.ownersAtBaseline), p.baseline.allocated)
        && check("at the final reading", sum(*p.ownersAtFinal), p.final.allocated);
}

} // namespace

class TestDecoderMatrix : public QObject {
    Q_OBJECT
private slots:
    void predictedEqualsMeasured_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("storage");
        QTest::addColumn<int>("cache");
        QTest::addColumn<int>("attention");
        QTest::addColumn<int>("allocator");
        for (const char* family : { "llama", "mistral", "qwen2", "gemma", "gemma2", "phi3", "mixtral", "qwen3",
                 "qwen3_moe", "gemma3_text", "qwen2_moe", "gpt_oss", "olmo2", "cohere2", "starcoder2", "gpt_neox",
                 "falcon", "phimoe", "granitemoe", "llama4_text", "gpt_bigcode", "gemma3", "deepseek_v2",
                 "deepseek_v3", "nemotron_h", "granitemoehybrid", "qwen3_next", "llama4", "mistral3", "jamba" })
            for (auto storage :
                { protocol::WeightStorage::BFloat16, protocol::WeightStorage::Int8, protocol::WeightStorage::Nf4 })
                for (auto cache : { protocol::KvCacheKind::Dynamic, protocol::KvCacheKind::Static,
                         protocol::KvCacheKind::Paged })
                    for (auto attention : { protocol::AttentionKind::Eager, protocol::AttentionKind::Sdpa })
                        for (auto allocator : { protocol::AllocatorKind::Native, protocol::AllocatorKind::Async })
                            QTest::addRow("%s %s %s %s %s", family, protocol::weightStorageName(storage),
                                protocol::kvCacheName(cache), protocol::attentionName(attention),
                                protocol::allocatorName(allocator))
                                << QString::fromLatin1(family) << int(storage) << int(cache) << int(attention)
                                << int(allocator);
        // The formats of DECODER.md "Formats" beyond those, on families that differ in what is quantized: dense,
        // windows, experts with a shared expert, expert and attention biases (gpt_oss), plain MLPs with biases and
        // LayerNorms, multi-query, an lm_head bias.
        using protocol::WeightStorage;
        for (const char* family : { "llama", "mistral", "mixtral", "qwen2_moe", "gpt_oss", "starcoder2", "falcon",
                 "phimoe", "llama_odd", "mixtral_odd" })
            for (auto storage : { WeightStorage::Fp8E4m3, WeightStorage::Fp8E5m2, WeightStorage::GptqInt4,
                     WeightStorage::AwqInt4, WeightStorage::Fp4, WeightStorage::Mxfp4, WeightStorage::Nf4DoubleQuant })
                for (auto cache :
                    { protocol::KvCacheKind::Dynamic, protocol::KvCacheKind::Static, protocol::KvCacheKind::Paged })
                    for (auto attention : { protocol::AttentionKind::Eager, protocol::AttentionKind::Sdpa })
                        for (auto allocator : { protocol::AllocatorKind::Native, protocol::AllocatorKind::Async })
                            QTest::addRow("%s %s %s %s %s", family, protocol::weightStorageName(storage),
                                protocol::kvCacheName(cache), protocol::attentionName(attention),
                                protocol::allocatorName(allocator))
                                << QString::fromLatin1(family) << int(storage) << int(cache) << int(attention)
                                << int(allocator);
    }

    void predictedEqualsMeasured()
    {
        QFETCH(QString, family);
        QFETCH(int, storage);
        QFETCH(int, cache);
        QFETCH(int, attention);
        QFETCH(int, allocator);
        const auto config = decoderConfig(family.toStdString(), protocol::WeightStorage(storage),
            protocol::KvCacheKind(cache), protocol::AttentionKind(attention), protocol::AllocatorKind(allocator));
        QVERIFY2(protocol::validateConfig(config).empty(), protocol::validateConfig(config).c_str());
        const auto prediction = workloads::predictRun(config);
        QVERIFY2(prediction.error.empty(), prediction.error.c_str());

        sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
        const auto result = protocol::Runner::runBlocking(config, { "sim", backend.runtimeDescription(), true },
            [&backend](device::Status& s) { return backend.open(0, s); }, nullptr);
        QVERIFY2(result.error.empty(), result.error.c_str());
        QVERIFY(result.completed);
        const auto plan = protocol::planPhases(config);
        QCOMPARE(result.phases.size(), plan.size());
        QCOMPARE(prediction.phases.size(), plan.size());
        for (std::size_t i = 0; i < plan.size(); ++i) {
            const auto& measured = result.phases[i];
            const auto& predicted = prediction.phases[i];
            const QByteArray where = QByteArray::fromStdString(protocol::phaseLabel(measured));
            QVERIFY2(measured.status == protocol::PhaseStatus::Ok, where + ": " + measured.error.c_str());
            QVERIFY2(measured.peak.allocated && measured.baseline.allocated && measured.final.allocated, where);
            // Print the phase on a mismatch: QCOMPARE alone would not say which one.
            if (*measured.baseline.allocated != predicted.baselineAllocated
                || *measured.peak.allocated != predicted.peakAllocated
                || *measured.final.allocated != predicted.finalAllocated)
                qWarning("%s: measured baseline/peak/final %llu/%llu/%llu, predicted %llu/%llu/%llu", where.constData(),
                    static_cast<unsigned long long>(*measured.baseline.allocated),
                    static_cast<unsigned long long>(*measured.peak.allocated),
                    static_cast<unsigned long long>(*measured.final.allocated),
                    static_cast<unsigned long long>(predicted.baselineAllocated),
                    static_cast<unsigned long long>(predicted.peakAllocated),
                    static_cast<unsigned long long>(predicted.finalAllocated));
            QCOMPARE(*measured.baseline.allocated, predicted.baselineAllocated);
            QCOMPARE(*measured.peak.allocated, predicted.peakAllocated);
            QCOMPARE(*measured.final.allocated, predicted.finalAllocated);
            QCOMPARE(measured.predictedPeakAllocated, std::optional<std::uint64_t>(predicted.peakAllocated));
            if (predicted.peakReserved) {
                QVERIFY(measured.peak.reserved);
                QCOMPARE(*measured.peak.reserved, *predicted.peakReserved);
            }
            QVERIFY(ownersAddUp(measured, where));
            if (protocol::AllocatorKind(allocator) == protocol::AllocatorKind::Native) {
                QVERIFY2(measured.peakMoment->inactiveSplit && measured.largestFreeBlockAtEnd, where);
                QVERIFY(*measured.peakMoment->inactiveSplit <= measured.peakMoment->reserved);
            } else {
                QVERIFY2(!measured.peakMoment->inactiveSplit && !measured.largestFreeBlockAtEnd, where);
            }
        }
        // The prefill holds more than the weights: the phases did real work, not nothing.
        QVERIFY(*result.phases[2].peak.allocated > *result.phases[1].final.allocated);
        // What the owners say: model_load allocates the weights and nothing else, the prefill leaves a KV cache.
        const auto* load = phase(result, "model_load");
        const auto* prefill = phase(result, "prefill");
        QVERIFY(load && prefill);
        QCOMPARE(of(prefill->peakMoment->owners, alloc::Owner::Weights), *load->final.allocated);
        QCOMPARE(of(*load->ownersAtFinal, alloc::Owner::Weights), *load->final.allocated);
        QVERIFY(of(*prefill->ownersAtFinal, alloc::Owner::KvCache) > 0);
        QVERIFY(of(prefill->peakMoment->owners, alloc::Owner::Activation) > 0);
    }

    // The weights the decoder loads are the ones the sizing engine counts: its model_load, in requested bytes (the
    // stream-ordered pool's allocated), equals WeightEstimator's bytes of the same shape in each format, for every
    // family; so a layer the decoder built as another (a missing shared expert, a bias, a norm) fails here, and
    // the parameter count the prediction reports is the model's.
    void weightsEqualTheEstimate_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("storage");
        for (const char* family :
            { "llama", "gemma2", "mixtral", "qwen3_moe", "gemma3_text", "qwen2_moe", "gpt_oss", "olmo2", "cohere2",
                "starcoder2", "gpt_neox", "falcon", "phimoe", "granitemoe", "llama4_text", "llama_odd", "mixtral_odd",
                "gpt_bigcode", "gemma3", "deepseek_v2", "deepseek_v3", "nemotron_h", "granitemoehybrid", "qwen3_next",
                "llama4", "mistral3", "jamba" })
            for (auto storage : protocol::allWeightStorages())
                QTest::addRow("%s %s", family, protocol::weightStorageName(storage))
                    << QString::fromLatin1(family) << int(storage);
    }

    void weightsEqualTheEstimate()
    {
        QFETCH(QString, family);
        QFETCH(int, storage);
        const auto config = decoderConfig(family.toStdString(), protocol::WeightStorage(storage),
            protocol::KvCacheKind::Dynamic, protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Async);
        const auto prediction = workloads::predictRun(config);
        QVERIFY2(prediction.error.empty(), prediction.error.c_str());
        const auto& shape = config.decoder->shape;
        QCOMPARE(prediction.parameterCount, shape.parameters().total);
        // The sizing engine's format of the same name, with the run's group and fp8 blocks.
        sizing::WeightOptions options;
        const auto format = sizing::weightFormatFromName(protocol::weightStorageName(protocol::WeightStorage(storage)));
        QVERIFY(format);
        options.format = *format;
        options.groupSize = config.decoder->quantGroup;
        if (config.decoder->fp8BlockRows > 0) {
            options.fp8BlockRows = config.decoder->fp8BlockRows;
            options.fp8BlockColumns = config.decoder->fp8BlockColumns;
        }
        const auto estimate = sizing::WeightEstimator::estimate(shape, options);
        QCOMPARE(prediction.phases.at(0).name, std::string("model_load"));
        QCOMPARE(prediction.phases.at(0).finalAllocated, estimate.bytes);
    }

    // A model with learned positions has a row for each position a run reaches, and no more: a run beyond them
    // is refused before anything is allocated, not run off the end of the table.
    void learnedPositionsBoundTheRun()
    {
        auto c = decoderConfig("gpt_bigcode", protocol::WeightStorage::BFloat16, protocol::KvCacheKind::Dynamic,
            protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Async);
        c.decoder->generated = 19; // positions 0 .. 39 of 40
        QCOMPARE(QString::fromStdString(protocol::validateConfig(c)), QString());
        c.decoder->generated = 20;
        const std::string why = protocol::validateConfig(c);
        QVERIFY2(why.find("beyond the model's 40 learned positions") != std::string::npos, why.c_str());
        QVERIFY(!run(c).completed);
    }

    // The committed config.json of every family (tests/data/models): the decoder builds each one whose layers it
    // knows, and its prediction at a few tokens loads exactly the weights the sizing engine counts; the others are
    // refused with what their layers have (MLA, state layers, a vision tower, ...), never run as another model.
    void committedFixtures()
    {
        const char* data = std::getenv("ITERAGPU_TEST_DATA");
        const QDir models(QString::fromUtf8(data ? data : "tests/data") + QStringLiteral("/models"));
        const QStringList slugs = models.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(slugs.size() >= 30);
        // Built: every family whose layers DECODER.md describes.
        const QStringList built = { "command-r-v01", "command-r7b", "deepseek-r1", "deepseek-v2-lite", "deepseek-v3",
            "falcon-40b", "falcon-7b", "gemma-2-9b",
            "gemma-3-1b", "gemma-7b", "gpt-oss-120b", "gpt-oss-20b", "granite-3.1-3b-a800m", "granite-3.1-8b",
            "jamba-v0.1", "kimi-k2", "llama-2-7b", "llama-3.1-8b", "mistral-7b-v0.1", "mixtral-8x7b", "nemotron-h-8b", "olmo-2-7b",
            "phi-3.5-moe", "phi-4", "pythia-160m", "pythia-6.9b", "qwen1.5-moe-a2.7b", "qwen2.5-7b", "qwen3-235b-a22b",
            "qwen3-30b-a3b", "qwen3-8b", "qwen3-next-80b-a3b", "starcoder", "starcoder2-7b", "gemma-3-27b",
            "llama-4-scout", "mistral-small-3.1-24b" };
        int seen = 0;
        for (const QString& slug : slugs) {
            const QByteArray where = slug.toUtf8();
            const std::string path = models.filePath(slug + QStringLiteral("/config.json")).toStdString();
            model::ModelShape shape;
            try {
                shape = model::ConfigReader::readFile(path);
            } catch (const units::InputError& e) { // a fixture the reader refuses (tst_architectures says why)
                QVERIFY2(!built.contains(slug), where + ": " + e.what());
                continue;
            }
            const std::string unsupported = shape.decoderUnsupported();
            if (!built.contains(slug)) {
                QVERIFY2(!unsupported.empty(), where + ": built, but not listed as built");
                // Refused for what its layers are, checked here from the description itself.
                bool reason = shape.lmHeadBias;
                for (const auto& part : shape.apart)
                    reason = reason || (part.loaded && !part.modelled);
                for (const auto& l : shape.layerSpecs)
                    reason = reason || !l.attention.present || l.attention.outputGate
                        || l.state.kind != model::StateSpec::Kind::None;
                QVERIFY2(reason, where + ": refused without a reason in its layers: " + unsupported.c_str());
                continue;
            }
            QVERIFY2(unsupported.empty(), where + ": " + unsupported.c_str());
            ++seen;
            protocol::RunConfig c;
            c.workload = protocol::WorkloadKind::Decoder;
            c.dtype = device::DType::BFloat16;
            c.allocator = protocol::AllocatorKind::Async;
            c.samplingHz = protocol::kMinSamplingHz;
            protocol::DecoderSpec d;
            d.shape = shape;
            d.modelSource = path;
            d.storage = protocol::WeightStorage::BFloat16;
            d.promptTokens = 8;
            d.generated = 2;
            d.sequences = 1;
            c.decoder = d;
            const auto prediction = workloads::predictRun(c);
            QVERIFY2(prediction.error.empty(), where + ": " + prediction.error.c_str());
            QCOMPARE(prediction.parameterCount, shape.parameters().total);
            sizing::WeightOptions options;
            options.format = sizing::WeightFormat::BF16;
            QCOMPARE(prediction.phases.at(0).finalAllocated, sizing::WeightEstimator::estimate(shape, options).bytes);
        }
        QCOMPARE(seen, int(built.size()));
    }

    // An MLA model's cache as measured is the sizing engine's "decompressed" MLA cache (K [.., H, nope + rope] and
    // V [.., H, v] per head, transformers' caches), to the byte, not its latent one: the static cache at the end of
    // the prefill and the dynamic one once the generation is done, both C = P + G tokens of B sequences.
    void mlaCacheEqualsTheDecompressedEstimate_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("cache");
        for (const char* family : { "deepseek_v2", "deepseek_v3" })
            for (auto cache : { protocol::KvCacheKind::Static, protocol::KvCacheKind::Dynamic })
                QTest::addRow("%s %s", family, protocol::kvCacheName(cache)) << QString::fromLatin1(family) << int(cache);
    }

    void mlaCacheEqualsTheDecompressedEstimate()
    {
        QFETCH(QString, family);
        QFETCH(int, cache);
        const auto config = decoderConfig(family.toStdString(), protocol::WeightStorage::BFloat16,
            protocol::KvCacheKind(cache), protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Async);
        const auto r = run(config);
        QVERIFY2(r.completed, r.error.c_str());
        const auto* measured = phase(r, protocol::KvCacheKind(cache) == protocol::KvCacheKind::Static ? "prefill" : "decode#2");
        QVERIFY(measured && measured->ownersAtFinal);
        const auto& d = *config.decoder;
        const auto estimate = [&](bool latent) {
            auto o = sizing::KvCacheOptions::fromShape(d.shape, latent);
            o.promptTokens = d.promptTokens;
            o.generatedTokens = d.generated;
            o.sequences = d.sequences;
            o.dtype = sizing::ScalarType::BF16;
            o.staticCache = protocol::KvCacheKind(cache) == protocol::KvCacheKind::Static;
            return sizing::KvCacheEstimator::estimate(o).bytes;
        };
        const std::uint64_t cacheBytes = of(*measured->ownersAtFinal, alloc::Owner::KvCache);
        QCOMPARE(cacheBytes, estimate(false));
        QVERIFY(cacheBytes > estimate(true)); // the latent is what a serving engine keeps, not transformers
    }

    // The training step does not build MLA (DECODER.md "MLA layers"): refused in one line that says so, by the
    // validation and by the prediction, for a DeepSeek-V2 without experts (MoE is refused for its own reason).
    void mlaTrainingIsRefused()
    {
        auto c = decoderConfig("deepseek_v2", protocol::WeightStorage::BFloat16, protocol::KvCacheKind::Dynamic,
            protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Native);
        c.decoder->shape = model::ConfigReader::parse(denseMlaConfig(), "deepseek_v2.json");
        QVERIFY(c.decoder->shape.decoderUnsupported().empty());
        c.mode = protocol::Mode::Training;
        training::TrainingRecipe r;
        r.method = training::Method::Full;
        r.microBatch = 1;
        r.sequenceLength = 8;
        c.decoder->training = r;
        const std::string why = protocol::validateConfig(c);
        QVERIFY2(why.find("training step does not build multi-head latent attention") != std::string::npos, why.c_str());
        QCOMPARE(workloads::predictRun(c).error, why);
    }

    // DECODER.md "The state cache": a hybrid's prefill leaves its attention layers' KV cache and its state layers'
    // conv and ssm states, and together they are the sizing engine's kv_cache and state_cache of the same
    // shape, sequences and prompt (a dynamic cache holds the prompt's rows).
    void stateCacheEqualsTheEstimate_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addRow("nemotron_h") << QStringLiteral("nemotron_h");
        QTest::addRow("granitemoehybrid") << QStringLiteral("granitemoehybrid");
        QTest::addRow("qwen3_next") << QStringLiteral("qwen3_next");
        QTest::addRow("jamba") << QStringLiteral("jamba");
    }

    void stateCacheEqualsTheEstimate()
    {
        QFETCH(QString, family);
        const auto config = decoderConfig(family.toStdString(), protocol::WeightStorage::BFloat16,
            protocol::KvCacheKind::Dynamic, protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Async);
        const auto& shape = config.decoder->shape;
        auto options = sizing::KvCacheOptions::fromShape(shape);
        options.promptTokens = config.decoder->promptTokens;
        options.generatedTokens = 0;
        options.sequences = config.decoder->sequences;
        options.dtype = sizing::ScalarType::BF16;
        const auto estimate = sizing::KvCacheEstimator::estimate(options);
        QVERIFY(estimate.stateBytes > 0);
        QVERIFY(estimate.bytes > 0);
        const auto r = run(config);
        QVERIFY2(r.completed, r.error.c_str());
        const auto* prefill = phase(r, "prefill");
        QVERIFY(prefill && prefill->ownersAtFinal);
        QCOMPARE(of(*prefill->ownersAtFinal, alloc::Owner::KvCache), estimate.bytes + estimate.stateBytes);
        // The state does not grow: after the decode, only the attention layers' rows were added.
        const auto* decoded = phase(r, "decode#2");
        QVERIFY(decoded && decoded->ownersAtFinal);
        options.generatedTokens = config.decoder->generated;
        const auto grown = sizing::KvCacheEstimator::estimate(options);
        QCOMPARE(grown.stateBytes, estimate.stateBytes);
        QCOMPARE(of(*decoded->ownersAtFinal, alloc::Owner::KvCache), grown.bytes + grown.stateBytes);
    }

    // The matrix would pass if both sides ignored the options: the measured peaks must differ where the
    // inventory says they do.
    void optionsChangeTheMeasurement()
    {
        using protocol::AllocatorKind;
        using protocol::AttentionKind;
        using protocol::KvCacheKind;
        using protocol::WeightStorage;
        const auto peak = [](const protocol::RunConfig& c, const char* phase) {
            sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
            const auto r = protocol::Runner::runBlocking(c, { "sim", backend.runtimeDescription(), true },
                [&backend](device::Status& s) { return backend.open(0, s); }, nullptr);
            for (const auto& p : r.phases)
                if (protocol::phaseLabel(p) == phase && p.peak.allocated)
                    return *p.peak.allocated;
            return std::uint64_t(0);
        };
        const auto base = decoderConfig("llama", WeightStorage::BFloat16, KvCacheKind::Dynamic, AttentionKind::Sdpa,
            AllocatorKind::Native);
        auto eager = base;
        eager.decoder->attention = AttentionKind::Eager;
        QVERIFY(peak(eager, "prefill") > peak(base, "prefill")); // the scores and the float32 softmax
        auto staticCache = base;
        staticCache.decoder->cache = KvCacheKind::Static;
        QVERIFY(peak(staticCache, "prefill") > peak(base, "prefill")); // the whole capacity, at once
        auto nf4 = base;
        nf4.decoder->storage = WeightStorage::Nf4;
        QVERIFY(peak(nf4, "model_load") < peak(base, "model_load"));
        auto windowed = decoderConfig("mistral", WeightStorage::BFloat16, KvCacheKind::Static, AttentionKind::Sdpa,
            AllocatorKind::Native);
        auto unwindowed = windowed;
        for (auto& w : unwindowed.decoder->shape.layerWindows)
            w.reset();
        QVERIFY(peak(windowed, "prefill") < peak(unwindowed, "prefill")); // a 12-token ring instead of 35 rows
        auto more = base;
        more.decoder->sequences = 3;
        QVERIFY(peak(more, "decode#0") > peak(base, "decode#0"));
    }

    // The attention scores and their float32 softmax are activations: eager's share of the prefill's peak is
    // larger than sdpa's.
    void eagerHoldsMoreActivationsAtThePrefillPeak()
    {
        auto sdpa = decoderConfig("llama", protocol::WeightStorage::BFloat16, protocol::KvCacheKind::Dynamic,
            protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Native);
        sdpa.decoder->promptTokens = 64; // scores [2, 4, 64, 64]: larger than the MLP intermediates
        auto eager = sdpa;
        eager.decoder->attention = protocol::AttentionKind::Eager;
        const auto share = [](const protocol::RunConfig& c) {
            const auto r = run(c);
            const auto* p = phase(r, "prefill");
            if (!p || !p->peakMoment || p->peakMoment->allocated == 0)
                return -1.0;
            return double(of(p->peakMoment->owners, alloc::Owner::Activation)) / double(p->peakMoment->allocated);
        };
        const double eagerShare = share(eager);
        const double sdpaShare = share(sdpa);
        QVERIFY(sdpaShare > 0);
        QVERIFY2(
            eagerShare > sdpaShare, qPrintable(QStringLiteral("eager %1, sdpa %2").arg(eagerShare).arg(sdpaShare)));
        const auto r = run(sdpa);
        QCOMPARE(of(*phase(r, "prefill")->ownersAtFinal, alloc::Owner::Logits), std::uint64_t(0)); // freed
        QCOMPARE(of(*phase(r, "prefill")->ownersAtFinal, alloc::Owner::Other), std::uint64_t(0)); // all tagged
    }

    // The dense network's training step: gradients and the AdamW moments by their own owners.
    void denseTrainingOwners_data()
    {
        QTest::addColumn<int>("allocator");
        QTest::addRow("native") << int(protocol::AllocatorKind::Native);
        QTest::addRow("async") << int(protocol::AllocatorKind::Async);
    }

    void denseTrainingOwners()
    {
        QFETCH(int, allocator);
        protocol::RunConfig c;
        c.mode = protocol::Mode::Training;
        c.batch = 2;
        c.context = 16;
        c.width = 64;
        c.dtype = device::DType::BFloat16;
        c.allocator = protocol::AllocatorKind(allocator);
        c.warmup = 1;
        c.repeats = 1;
        c.samplingHz = protocol::kMinSamplingHz;
        const auto r = run(c);
        QVERIFY2(r.completed, r.error.c_str());
        for (const auto& p : r.phases)
            QVERIFY(ownersAddUp(p, QByteArray::fromStdString(protocol::phaseLabel(p))));
        const auto* optimizer = phase(r, "first_step.optimizer");
        QVERIFY(optimizer);
        const auto& atPeak = optimizer->peakMoment->owners;
        QVERIFY(of(atPeak, alloc::Owner::Gradient) > 0);
        QVERIFY(of(atPeak, alloc::Owner::OptimizerState) > 0);
        QCOMPARE(of(*optimizer->ownersAtFinal, alloc::Owner::Gradient), std::uint64_t(0)); // zero_grad(set_to_none)
        if (protocol::AllocatorKind(allocator) == protocol::AllocatorKind::Async) {
            // Requested sizes: two float32 moments per bfloat16 parameter, 4x the weights' bytes.
            QCOMPARE(of(*optimizer->ownersAtFinal, alloc::Owner::OptimizerState),
                4 * of(*optimizer->ownersAtFinal, alloc::Owner::Weights));
        }
        QCOMPARE(of(*phase(r, "model_load")->ownersAtFinal, alloc::Owner::Weights),
            *phase(r, "model_load")->final.allocated);
    }

    // On a simulated card, every phase that ran kernels carries its modelled device time; without a card there
    // is no model and the field stays empty (never 0).
    void modelledSecondsPerPhase()
    {
        auto config = decoderConfig("llama", protocol::WeightStorage::BFloat16, protocol::KvCacheKind::Dynamic,
            protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Native);
        sim::SimOptions options { sim::kDefaultSimCapacity, 0 };
        sim::SimCard card;
        card.name = "test card";
        card.capacityBytes = sim::kDefaultSimCapacity;
        card.peakBf16Flops = 1e12;
        card.peakFp32Flops = 1e11;
        card.memoryBandwidth = 1e11;
        options.card = card;
        options.speed = 0;
        sim::SimBackend paced(options);
        const auto r = protocol::Runner::runBlocking(config, { "sim", paced.runtimeDescription(), true },
            [&paced](device::Status& s) { return paced.open(0, s); }, nullptr);
        QVERIFY2(r.completed, r.error.c_str());
        for (const auto& p : r.phases) {
            QVERIFY2(p.modelledSeconds.has_value(), p.name.c_str());
            if (p.name == "prefill" || p.name == "decode")
                QVERIFY2(*p.modelledSeconds > 0, p.name.c_str());
        }
        sim::SimBackend plain(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
        const auto unpaced = protocol::Runner::runBlocking(config, { "sim", plain.runtimeDescription(), true },
            [&plain](device::Status& s) { return plain.open(0, s); }, nullptr);
        QVERIFY(unpaced.completed);
        for (const auto& p : unpaced.phases)
            QVERIFY(!p.modelledSeconds.has_value());
    }

    // The simulated device's routing is assumed, not computed (Note [Assumed routing]): balanced round-robin, so
    // each expert's slice is floor or ceil of T K / E rows, the ceil ones first.
    void simulatedRoutingIsBalanced_data()
    {
        QTest::addColumn<qint64>("tokens");
        QTest::addColumn<qint64>("k");
        QTest::addColumn<QList<qint64>>("loads");
        QTest::addRow("10 tokens, top 3 of 4: 30 = 8 + 8 + 7 + 7") << qint64(10) << qint64(3) << QList<qint64> { 8, 8, 7, 7 };
        QTest::addRow("a decode step: 1 token, top 2 of 8") << qint64(1) << qint64(2)
                                                            << QList<qint64> { 1, 1, 0, 0, 0, 0, 0, 0 };
        QTest::addRow("4 tokens, top 2 of 8: one each") << qint64(4) << qint64(2)
                                                        << QList<qint64> { 1, 1, 1, 1, 1, 1, 1, 1 };
        QTest::addRow("4096 tokens, top 8 of 256: 128 each") << qint64(4096) << qint64(8) << QList<qint64>(256, 128);
    }
    void simulatedRoutingIsBalanced()
    {
        QFETCH(qint64, tokens);
        QFETCH(qint64, k);
        QFETCH(QList<qint64>, loads);
        sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
        device::Status st;
        auto c = backend.open(0, st);
        QVERIFY2(st.ok, st.message.c_str());
        std::vector<std::int32_t> host(std::size_t(loads.size()), -1);
        QVERIFY(c->countRoutedTokens(nullptr, host.data(), nullptr, tokens, k, loads.size()).ok);
        for (qsizetype e = 0; e < loads.size(); ++e)
            QCOMPARE(qint64(host[std::size_t(e)]), loads[e]);
        QVERIFY(!c->countRoutedTokens(nullptr, host.data(), nullptr, tokens, qint64(loads.size()) + 1, loads.size()).ok);
    }

    // A MoE run on the simulated device names its assumed rule in its runtime and on every phase that ran a forward
    // (no loads recorded: the predictor computes the same rule) and is predicted to the byte.
    void simulatedMoePhasesRecordTheirRule()
    {
        auto config = decoderConfig("mixtral", protocol::WeightStorage::BFloat16, protocol::KvCacheKind::Dynamic,
            protocol::AttentionKind::Sdpa, protocol::AllocatorKind::Native);
        sim::SimBackend backend(sim::SimOptions { sim::kDefaultSimCapacity, 0 });
        const auto r = protocol::Runner::runBlocking(config, { "sim", backend.runtimeDescription(), true },
            [&backend](device::Status& s) { return backend.open(0, s); }, nullptr);
        QVERIFY2(r.completed, r.error.c_str());
        QVERIFY(backend.runtimeDescription().find("MoE routing assumed balanced round-robin") != std::string::npos);
        for (const auto& p : r.phases) {
            const bool forward = p.name != "model_load" && p.name != "inputs";
            QCOMPARE(p.routing.has_value(), forward);
            if (forward) {
                QCOMPARE(p.routing->rule, protocol::RoutingRule::Balanced);
                QVERIFY(!p.routing->recorded);
                QVERIFY(p.routing->loads.empty());
            }
            QCOMPARE(p.predictedPeakAllocated, p.peak.allocated);
        }
    }
};

QTEST_GUILESS_MAIN(TestDecoderMatrix)
#include "tst_decodermatrix.moc"
