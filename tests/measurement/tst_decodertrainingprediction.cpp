// SPDX-License-Identifier: Apache-2.0
// The decoder training step's predictor (core/workloads/decodertrainingpredictor) against peaks computed here by
// hand from core/workloads/DECODER.md "Training", and against invariants over a matrix of recipes. The tiny model
// keeps every tensor below 1 MiB, so the caching allocator charges each exactly its size rounded up to
// kMinBlockSize (512 B; the small pool always splits) and the stream-ordered pool its requested size. Nothing here
// calls the predictor's helpers; the arithmetic is written out in the comments.
#include "core/alloc/cachingallocator.h"
#include "core/alloc/owner.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/workloads/decoderpredictor.h"
#include "core/workloads/decodertrainingpredictor.h"
#include "core/workloads/runpredictor.h"

#include <QTest>
#include <algorithm>
#include <iterator>
#include <numeric>

using namespace iteragpu;
using alloc::Owner;
using protocol::AllocatorKind;
using protocol::AttentionKind;
using protocol::WeightStorage;
using training::Method;
using training::OptimizerKind;
using u64 = std::uint64_t;

Q_DECLARE_METATYPE(training::Method)
Q_DECLARE_METATYPE(training::OptimizerKind)
Q_DECLARE_METATYPE(protocol::AttentionKind)
Q_DECLARE_METATYPE(protocol::AllocatorKind)

namespace {

constexpr u64 ceilDiv(u64 a, u64 b) { return (a + b - 1) / b; }
// The caching allocator's charge of one small tensor: a multiple of 512 B, at least 512 B.
constexpr u64 charge(u64 bytes)
{
    return std::max<u64>(alloc::kMinBlockSize, ceilDiv(bytes, alloc::kMinBlockSize) * alloc::kMinBlockSize);
}

// 2 layers, hidden 64, 4 heads of 16, 2 KV heads, intermediate 96 (gated), vocab 128, RMSNorms, no biases.
model::ModelShape tinyLlama()
{
    model::ModelShape m;
    m.family = "llama";
    m.layers = 2;
    m.hidden = 64;
    m.intermediate = 96;
    m.heads = 4;
    m.kvHeads = 2;
    m.headDim = 16;
    m.vocab = 128;
    m.layerWindows.assign(m.layers, std::nullopt);
    return m;
}

struct Case {
    model::ModelShape shape = tinyLlama();
    WeightStorage storage = WeightStorage::BFloat16;
    AttentionKind attention = AttentionKind::Sdpa;
    AllocatorKind allocator = AllocatorKind::Native;
    std::uint32_t warmup = 0, repeats = 0;
    training::TrainingRecipe r = loraQv();

    // LoRA rank 2 on q_proj and v_proj, float32 adapters, 1 sequence of 8 tokens, AdamW, nothing else.
    static training::TrainingRecipe loraQv()
    {
        training::TrainingRecipe r;
        r.method = Method::Lora;
        r.targets = { training::LoraTarget::QProj, training::LoraTarget::VProj };
        r.rank = 2;
        r.adapterFp32 = true;
        r.microBatch = 1;
        r.sequenceLength = 8;
        r.gradAccum = 1;
        r.optimizer = OptimizerKind::AdamW;
        return r;
    }

    protocol::RunConfig config() const
    {
        protocol::RunConfig c;
        c.mode = protocol::Mode::Training;
        c.workload = protocol::WorkloadKind::Decoder;
        c.dtype = device::DType::BFloat16;
        c.allocator = allocator;
        c.warmup = warmup;
        c.repeats = repeats;
        protocol::DecoderSpec d;
        d.shape = shape;
        d.storage = storage;
        d.attention = attention;
        d.training = r;
        c.decoder = d;
        return c;
    }
};

const workloads::PhasePrediction& phase(
    const workloads::WorkloadPrediction& p, const std::string& name, std::optional<std::uint32_t> repeat = {})
{
    for (const auto& ph : p.phases)
        if (ph.name == name && ph.repeat == repeat)
            return ph;
    static const workloads::PhasePrediction none;
    return none;
}

workloads::WorkloadPrediction predict(const Case& c)
{
    auto p = workloads::predictDecoderTraining(c.config());
    if (!p.error.empty())
        qWarning("%s", p.error.c_str());
    return p;
}

u64 owner(const std::optional<alloc::OwnerBytes>& owners, Owner o)
{
    return owners ? (*owners)[static_cast<std::size_t>(o)] : ~u64(0);
}
u64 sum(const std::optional<alloc::OwnerBytes>& owners)
{
    return owners ? std::accumulate(owners->begin(), owners->end(), u64(0)) : ~u64(0);
}

// ---- The tiny llama's bytes in bf16 (s = 2), B = 1, S = 8: T = 8 tokens, each charged as the allocator does ----

// model_load: embed_tokens [128, 64] 16384; per layer input_layernorm 128 -> 512, q_proj [64, 64] 8192,
// k_proj and v_proj [32, 64] 4096 each, o_proj 8192, post_attention_layernorm 512, gate/up [96, 64] and
// down [64, 96] 12288 each: 62464 per layer; model.norm 512; lm_head 16384.
constexpr u64 kWeights = 16384 + 2 * 62464 + 512 + 16384; // 158208
static_assert(62464 == charge(128) + 8192 + 2 * 4096 + 8192 + charge(128) + 3 * 12288);
// LoRA rank 2, float32 (a = 4): q: A [2, 64] 512, B [64, 2] 512; v: A [2, 64] 512, B [32, 2] 256 -> 512.
constexpr u64 kAdapters = 2 * (512 + 512 + 512 + charge(256)); // 4096 charged (3584 requested)
constexpr u64 kInputs = 512 + 512; // input_ids and labels int32 [1, 8]: 32 B each
constexpr u64 kBase = kWeights + kAdapters + kInputs; // 163328: what the step finds

constexpr u64 kHid = 1024; // [T, H] = 8 * 64 * 2
constexpr u64 kQ = 1024; // [T, Hq*D] = 8 * 64 * 2: q, attn, dq
constexpr u64 kKv = 512; // [T, Hk*D] = 8 * 32 * 2: k, v
constexpr u64 kInter = 1536; // [T, I] = 8 * 96 * 2: g, u, act_g, act
// An RMSNorm of [T, H] (DECODER.md "A norm"): norm32 float32 [T, H] 2048, rstd float32 [T] 32 B -> 512, normed
// [T, H] (s) 1024, its output 1024.
constexpr u64 kNorm32 = 2048;
constexpr u64 kRstd = charge(8 * 4);
constexpr u64 kLse = charge(1 * 4 * 8 * 4); // float32 [B, Hq, S] = 128 B -> 512: lse, delta
// LoRA on q (in 64, out 64) and v (in 64, out 32), a = 4: lora_x [T, 64] 2048, lora_mid [T, 2] 64 -> 512,
// lora_out q [T, 64] 2048 / v [T, 32] 1024, lora_cast q [T, 64] (s) 1024 / v [T, 32] 512.
constexpr u64 kLoraX = 2048, kLoraMid = charge(8 * 2 * 4);
constexpr u64 kLogits = 2048; // [T, V] = 8 * 128 * 2
constexpr u64 kLogits32 = 4096; // float32 [T, V]: logits32, logprobs, dlogprobs, dlogits32
constexpr u64 kLoss = charge(4); // float32 [1]

// What one LoRA (q, v) layer keeps after its forward for the backward, without its output h2: its two RMSNorms'
// norm32 and rstd (their weights are frozen: normed is not kept), q, k, v, the adapters' lora_x and lora_mid of q
// and v, attn and lse (sdpa), g, u and act_g. x, x2 and act are not saved: no linear that reads them saves its
// input (a != s: the adapters save lora_x); nor are h and h1, which no norm reads in the backward (each is freed
// after its residual).
constexpr u64 kLayerKept
    = 2 * (kNorm32 + kRstd) + kQ + 2 * kKv + 2 * (kLoraX + kLoraMid) + kQ + kLse + 3 * kInter; // 18432

} // namespace

class TestDecoderTrainingPrediction : public QObject {
    Q_OBJECT
private slots:
    void phasesFollowThePlan()
    {
        Case c;
        c.r.gradAccum = 2;
        c.r.evalBatch = 1;
        c.r.exportCopy = true;
        c.warmup = 1;
        c.repeats = 2;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        const auto plan = protocol::planPhases(c.config());
        const char* names[] = { "model_load", "inputs", "first_step.forward", "first_step.loss", "first_step.backward",
            "first_step.accumulate", "first_step.optimizer", "warmup", "warm_step", "warm_step", "eval",
            "checkpoint_save" };
        QCOMPARE(p.phases.size(), plan.size());
        QCOMPARE(p.phases.size(), std::size(names));
        for (std::size_t i = 0; i < p.phases.size(); ++i) {
            const auto& ph = p.phases[i];
            QCOMPARE(ph.name, std::string(names[i]));
            QCOMPARE(ph.index, plan[i].index);
            QCOMPARE(ph.repeat, plan[i].repeat);
            if (i > 0) // each phase starts where the previous one ended
                QCOMPARE(ph.baselineAllocated, p.phases[i - 1].finalAllocated);
            QVERIFY(ph.peakAllocated >= ph.baselineAllocated);
            QVERIFY(ph.peakAllocated >= ph.finalAllocated);
            QVERIFY(ph.peakReserved && *ph.peakReserved >= ph.peakAllocated);
            // The owners add up to the allocated bytes, at the peak and at the end.
            QCOMPARE(sum(ph.ownersAtPeak), ph.peakAllocated);
            QCOMPARE(sum(ph.ownersAtFinal), ph.finalAllocated);
        }
        QCOMPARE(p.parameterCount, c.shape.parameters().total);
        // The same through predictDecoder and predictRun.
        for (const auto& other : { workloads::predictDecoder(c.config()), workloads::predictRun(c.config()) }) {
            QVERIFY2(other.error.empty(), other.error.c_str());
            QCOMPARE(other.phases.size(), p.phases.size());
            for (std::size_t i = 0; i < p.phases.size(); ++i) {
                QCOMPARE(other.phases[i].peakAllocated, p.phases[i].peakAllocated);
                QCOMPARE(other.phases[i].peakReserved, p.phases[i].peakReserved);
                QCOMPARE(other.phases[i].finalAllocated, p.phases[i].finalAllocated);
            }
        }
    }

    void modelLoadAndInputs()
    {
        Case c;
        const auto p = predict(c);
        QCOMPARE(phase(p, "model_load").finalAllocated, kWeights + kAdapters);
        QCOMPARE(owner(phase(p, "model_load").ownersAtFinal, Owner::Weights), kWeights + kAdapters);
        QCOMPARE(phase(p, "inputs").finalAllocated, kBase);
        // The pool counts the requested bytes: the adapters are 4 * (512 + 512 + 512 + 256) / 2 = 3584.
        c.allocator = AllocatorKind::Async;
        const auto pool = predict(c);
        QCOMPARE(phase(pool, "model_load").finalAllocated - phase(pool, "model_load").baselineAllocated,
            u64(16384 + 2 * (128 + 8192 + 4096 + 4096 + 8192 + 128 + 3 * 12288) + 128 + 16384 + 3584));
        QCOMPARE(phase(pool, "inputs").finalAllocated - phase(pool, "inputs").baselineAllocated, u64(64));
        QVERIFY(!phase(pool, "inputs").peakReserved);
    }

    // LoRA q, v rank 2 on the 2-layer model, sdpa, no checkpointing, the whole logits, AdamW: every phase.
    void loraStepByHand()
    {
        Case c;
        c.warmup = 1;
        c.repeats = 1;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());

        // first_step.forward. A layer, above what it finds (h and the layers before it):
        //   input_layernorm: norm32 2048, rstd 512, normed 1024 (3584), x 1024 (4608), free normed (3584);
        //   q 1024 with its adapter: lora_x 2048, lora_mid 512, lora_out 2048, lora_cast 1024 (10240); lora_out
        //   and lora_cast freed (7168); k 512; v 512 with lora_x 2048, lora_mid 512, lora_out 1024, lora_cast 512
        //   (12288); lora_out and lora_cast freed (10752); free x (9728); attn 1024, lse 512 (11264); o 1024
        //   (12288); h1 1024 (13312), free h (12288), free o (11264); post_attention_layernorm: norm32 2048,
        //   rstd 512, normed 1024, x2 1024 (15872), free normed (14848); g 1536, u 1536 (17920); free x2
        //   (16896); act_g 1536, act 1536 (19968); d 1024 (20992), the layer's peak; free act (19456); h2 1024
        //   (20480), free d, free h1: 18432 kept + h2, its h gone.
        constexpr u64 layerPeak = 20992;
        const auto& fwd = phase(p, "first_step.forward");
        QCOMPARE(fwd.baselineAllocated, kBase);
        // h (the embedding) 1024, layer 0 keeps 18432 + h2 (its h freed), layer 1 peaks over them at
        // kBase + 19456 + 20992 = 203776. Then layer 1 keeps 18432 + h2 (kBase + 37888), and model.norm: norm32
        // 2048, free h2, rstd 512, normed 1024, hn 1024: kBase + 41472, the forward's peak; free normed.
        QVERIFY(kBase + (kLayerKept + kHid) + layerPeak < kBase + 2 * kLayerKept + kNorm32 + kRstd + 2 * kHid);
        const u64 forwardEnd = kBase + 2 * kLayerKept + kNorm32 + kRstd + kHid; // model.norm's norm32, rstd, hn
        QCOMPARE(fwd.peakAllocated, forwardEnd + kHid); // normed beside hn: 204800
        QCOMPARE(fwd.finalAllocated, forwardEnd); // 203776

        // first_step.loss: logits 2048; hn freed (lm_head is frozen); logits32 4096, logprobs 4096 (the peak);
        // free logits32; loss 512.
        const auto& loss = phase(p, "first_step.loss");
        QCOMPARE(loss.peakAllocated, forwardEnd + kLogits - kHid + 2 * kLogits32); // 212992
        const u64 lossEnd = forwardEnd + kLogits - kHid + kLogits32 + kLoss; // 209408
        QCOMPARE(loss.finalAllocated, lossEnd);
        QCOMPARE(owner(loss.ownersAtFinal, Owner::Logits), kLogits);

        // first_step.backward: the loss's backward first: dlogprobs 4096 and dlogits32 4096 beside logprobs and
        // logits, the peak. Then lm_head and model.norm free logits, logprobs, the loss, hn's gradient and
        // model.norm's norm32 and rstd (its backward: norm_x 1024 and dh 1024 beside them and dhn, base + 42496);
        // layer 1's highest moment (dh 1024 beside dact, dg and du 1536 each) is base + 42496 too, below it.
        const auto& bwd = phase(p, "first_step.backward");
        QCOMPARE(bwd.baselineAllocated, lossEnd);
        QCOMPARE(bwd.peakAllocated, lossEnd + 2 * kLogits32); // 217600
        // At that moment: the weights and adapters, and as activations the inputs, both layers' saved tensors,
        // model.norm's norm32 and rstd, logprobs, the loss, dlogprobs and dlogits32 (no h: each went at its
        // residual, the last at model.norm's norm32); the logits.
        QCOMPARE(owner(bwd.ownersAtPeak, Owner::Weights), kWeights + kAdapters);
        QCOMPARE(owner(bwd.ownersAtPeak, Owner::Logits), kLogits);
        QCOMPARE(owner(bwd.ownersAtPeak, Owner::Activation),
            kInputs + 2 * kLayerKept + kNorm32 + kRstd + kLogits32 + kLoss + 2 * kLogits32);
        QCOMPARE(owner(bwd.ownersAtPeak, Owner::Gradient), u64(0));
        // It leaves the adapters' gradients (one 512-byte block each, 8 of them) and nothing else.
        QCOMPARE(bwd.finalAllocated, kBase + kAdapters);
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::Gradient), kAdapters);

        // first_step.optimizer: AdamW's exp_avg and exp_avg_sq per adapter tensor, of its dtype: 2 x the
        // adapters' bytes, each rounded to a 512-byte block (v's B: 256 B -> 512), made while the gradients live;
        // then the gradients are freed.
        const auto& opt = phase(p, "first_step.optimizer");
        QCOMPARE(opt.peakAllocated - opt.baselineAllocated, 2 * kAdapters); // 8192
        QCOMPARE(opt.finalAllocated, kBase + 2 * kAdapters);
        QCOMPARE(owner(opt.ownersAtFinal, Owner::OptimizerState), 2 * kAdapters);
        QCOMPARE(owner(opt.ownersAtFinal, Owner::Gradient), u64(0));

        // A warm step: the first step's highest moment with the states beside it; it leaves what it found.
        const auto& warm = phase(p, "warm_step", 0);
        QCOMPARE(warm.peakAllocated, lossEnd + 2 * kLogits32 + 2 * kAdapters); // 225792
        QCOMPARE(warm.finalAllocated, warm.baselineAllocated);
        QCOMPARE(phase(p, "warmup").peakAllocated, warm.peakAllocated);
    }

    // The same step with activation checkpointing: a layer's forward frees everything at its last use but its
    // input h and its output h2; model.norm (not checkpointed) saves as in the plain step.
    void checkpointedForwardByHand()
    {
        Case c;
        c.r.checkpointing = true;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        // A layer, above what it finds: norm32 2048, rstd 512, normed 1024 (3584); free norm32, rstd; x 1024
        // (2048); free normed (1024); q 1024, q's lora_x 2048, lora_mid 512 (4608); lora_x freed, lora_out 2048
        // (4608), lora_mid freed, lora_cast 1024 (5120); q's adapter gone (2048); k 512; v 512 (3072), v's lora_x
        // 2048, lora_mid 512 (5632); lora_x freed, lora_out 1024, lora_mid freed, lora_cast 512 (4608); free x
        // (2048: q, k, v); attn, lse (3584); free lse, q, k, v; o (2048), free attn; h1 (h kept), free o (1024);
        // norm32, rstd, normed (4608); free norm32, rstd; x2 (3072); free normed; g, u (5120); free x2 (4096);
        // act_g (5632); free g; act (5632); free act_g, u; d (3584); free act; h2; free d, h1: h2 only.
        constexpr u64 layerPeak = 5632;
        const auto& fwd = phase(p, "first_step.forward");
        QCOMPARE(fwd.peakAllocated, kBase + kHid + kHid + layerPeak); // layer 1 over h and layer 0's h2: 171008
        // model.norm over the three h: norm32 2048, free the last h2, rstd 512, normed 1024, hn 1024 (kBase +
        // 6656, below), free normed: the two layers' h, its norm32, rstd and hn.
        QCOMPARE(fwd.finalAllocated, kBase + 2 * kHid + kNorm32 + kRstd + kHid); // 168960
        // The backward recomputes each layer before its own backward, and ends where the plain one does.
        QCOMPARE(phase(p, "first_step.backward").finalAllocated, kBase + kAdapters);
        QVERIFY(fwd.peakAllocated < phase(predict(Case {}), "first_step.forward").peakAllocated);
    }

    // Eager attention: scores [1, 4, 8, 8] 512, probs32 float32 1024, probs 512 (saved), then attn; attn is not
    // saved (o_proj has no adapter), lse does not exist.
    void eagerForwardByHand()
    {
        Case c;
        c.attention = AttentionKind::Eager;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        // A layer: 9728 kept after v and free x (as sdpa: norm32, rstd, q, k, v, the adapters'); attn 1024
        // (10752), scores 512, probs32 1024 (12288); free scores; probs 512 (12288); free probs32; o 1024
        // (12288), free attn; h1, free h, free o (10240); norm32, rstd, normed, x2 (14848); free normed; g, u
        // (16896); free x2; act_g, act (18944); d (19968), the layer's peak; free act; h2, free d, free h1: the
        // input norm's 2560, q, k, v, the adapters' 5120, probs, the MLP norm's 2560, g, u, act_g = 17408 kept.
        constexpr u64 kept = 2 * (kNorm32 + kRstd) + 2 * kKv + kQ + 2 * (kLoraX + kLoraMid) + 512 + 3 * kInter;
        static_assert(kept == 17408);
        const auto& fwd = phase(p, "first_step.forward");
        // Layer 1 peaks at kBase + (kept + kHid) + 19968 = kBase + 38400; model.norm after it (norm32, free h2,
        // rstd, normed, hn) at kBase + 2 * kept + 2048 + 512 + 2 * 1024 = kBase + 39424, the forward's peak.
        QCOMPARE(fwd.peakAllocated, kBase + 2 * kept + kNorm32 + kRstd + 2 * kHid);
        QCOMPARE(fwd.finalAllocated, kBase + 2 * kept + kNorm32 + kRstd + kHid);
        QCOMPARE(phase(p, "first_step.backward").finalAllocated, kBase + kAdapters);

        // S = 64, where the scores are large: T = 64, [T, H] and [T, Hq*D] 8192, [T, Hk*D] 4096, [T, I] 12288,
        // norm32 [64, 64] float32 16384, rstd [64] float32 256 -> 512, lora_x [64, 64] float32 16384, lora_mid
        // 512; scores and probs [1, 4, 64, 64] 32768, probs32 65536. After v and free x a layer keeps norm32 and
        // rstd, q 8192, k and v 8192, the adapters' 2 x (16384 + 512): 67072 above its h; attn first, as in
        // inference (75264); scores, probs32 (173568); free scores; probs (173568); free probs32 (108032); o, free
        // attn; h1, free h, free o (99840); norm32, rstd, normed, x2 (133120), free normed; g, u (149504); free
        // x2; act_g, act (165888); d (174080), now above the scores' moment; free act; h2, free d, h1: the layer
        // keeps 153600 and h2 8192. Layer 1 peaks at 153600 + 8192 + 174080 = 335872 over the base; model.norm
        // after it: 2 x 153600 + norm32 16384 + rstd 512 + normed 8192 + hn 8192 = 340480, the forward's peak.
        c.r.sequenceLength = 64;
        const auto wide = predict(c);
        QCOMPARE(phase(wide, "first_step.forward").peakAllocated, kBase + 2 * 153600 + 16384 + 512 + 8192 + 8192);
    }

    // The loss in 4 chunks of 2 rows: logits.c [2, 128] 512 each, then per chunk logits32 and logprobs.c
    // float32 [2, 128] 1024 each.
    void chunkedLossByHand()
    {
        Case c;
        c.r.lossChunks = 4;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        const u64 forwardEnd = kBase + 2 * kLayerKept + kNorm32 + kRstd + kHid; // as in loraStepByHand
        const auto& loss = phase(p, "first_step.loss");
        QCOMPARE(loss.baselineAllocated, forwardEnd);
        // 4 logits.c (2048), hn freed, loss 512; chunk 3's logits32 beside the 4 logprobs.c: the peak.
        QCOMPARE(loss.peakAllocated, forwardEnd + 4 * 512 - kHid + kLoss + 4 * 1024 + 1024); // 210432
        QCOMPARE(loss.finalAllocated, forwardEnd + 4 * 512 - kHid + kLoss + 4 * 1024); // 209408
        QVERIFY(loss.peakAllocated < phase(predict(Case {}), "first_step.loss").peakAllocated);
        // The backward, chunk 3 first: dlogprobs.3 and dlogits32.3 1024 each beside everything the loss left.
        QCOMPARE(phase(p, "first_step.backward").peakAllocated, loss.finalAllocated + 2 * 1024);
    }

    // A full fine-tune: every weight is a parameter; the optimizer's growth is its states.
    // The same LoRA step compiled (DECODER.md "Compiled"): each RMSNorm is out and rstd, its input saved (h, h1
    // and the last h2 stay); the gated MLP makes act directly (no act_g); the loss is one fused kernel per chunk
    // that keeps lse float32 [rows] and makes dlogits directly in the backward.
    void compiledStepByHand()
    {
        Case c;
        c.r.compiled = true;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        // A layer, above what it finds (its input h, kept: the input norm saved it):
        //   input_layernorm: x 1024, rstd 512 (1536); q 1024 with lora_x 2048, lora_mid 512, lora_out 2048,
        //   lora_cast 1024 (8192); lora_out, lora_cast freed (5120); k 512, v 512 (6144) with lora_x 2048,
        //   lora_mid 512, lora_out 1024, lora_cast 512 (10240); lora_out, lora_cast freed (8704); free x (7680);
        //   attn 1024, lse 512 (9216); o 1024 (10240); h1 1024 (11264), h kept, free o (10240);
        //   post_attention_layernorm: x2 1024, rstd 512 (11776), h1 kept; g 1536, u 1536 (14848); free x2
        //   (13824); act 1536 (15360); d 1024 (16384), the layer's peak; free act (14848); h2 1024 (15872); free d
        //   (14848): 13824 kept + h2.
        constexpr u64 layerPeak = 16384;
        constexpr u64 kept = 2 * kRstd + kQ + 2 * kKv + 2 * (kLoraX + kLoraMid) + kQ + kLse + kHid + 2 * kInter;
        static_assert(kept == 13824);
        // Layer 1 peaks at kBase + (h 1024 + 13824 + h2 1024) + 16384 = kBase + 32256; model.norm after it keeps
        // the last h2 and makes hn 1024 and rstd 512: kBase + 2 * (1024 + 13824) + 1024 + 1024 + 512 = kBase +
        // 32256 too, the forward's peak and its end.
        const u64 forwardEnd = kBase + 2 * (kHid + kept) + kHid + kHid + kRstd; // 195584
        const auto& fwd = phase(p, "first_step.forward");
        QCOMPARE(fwd.peakAllocated, kBase + (kHid + kept + kHid) + layerPeak);
        QCOMPARE(fwd.peakAllocated, forwardEnd);
        QCOMPARE(fwd.finalAllocated, forwardEnd);
        QVERIFY(fwd.peakAllocated < phase(predict(Case {}), "first_step.forward").peakAllocated);
        // first_step.loss: logits 2048 (forwardEnd + 2048), hn freed; lse float32 [8] 32 B -> 512, loss 512: no
        // logits32, no logprobs.
        const auto& loss = phase(p, "first_step.loss");
        const u64 lossEnd = forwardEnd + kLogits - kHid + charge(8 * 4) + kLoss; // 197632
        QCOMPARE(loss.peakAllocated, forwardEnd + kLogits);
        QCOMPARE(loss.finalAllocated, lossEnd);
        // first_step.backward: dlogits 2048 (no dlogprobs, no dlogits32), free lse (lossEnd + 1536); dhn 1024
        // (lossEnd + 2560), the peak; then free dlogits, the loss and the logits (forwardEnd less hn, plus dhn);
        // model.norm's dh 1024 without norm_x, then its rstd and the last h2 freed; layer 1's highest moment (dact,
        // dg, du 1536 each over dh: forwardEnd + 3072) stays below.
        const auto& bwd = phase(p, "first_step.backward");
        QCOMPARE(bwd.peakAllocated, lossEnd + kLogits - charge(8 * 4) + kHid); // 200192
        QCOMPARE(owner(bwd.ownersAtPeak, Owner::Logits), kLogits);
        QCOMPARE(bwd.finalAllocated, kBase + kAdapters);

        // In 4 chunks of 2 rows: 4 logits.c 512 (forwardEnd + 2048), hn freed, loss 512, lse.c float32 [2] 8 B
        // -> 512 each: forwardEnd + 2048 - 1024 + 512 + 4 * 512 = forwardEnd + 3584, the loss's peak and end.
        c.r.lossChunks = 4;
        const auto chunked = predict(c);
        const auto& closs = phase(chunked, "first_step.loss");
        QCOMPARE(closs.peakAllocated, forwardEnd + 3584);
        QCOMPARE(closs.finalAllocated, forwardEnd + 3584);
        // The backward, chunk 3 first: dlogits.3 512 (+512), free lse.3, dhn.3 [2, 64] 256 B -> 512, free
        // dlogits.3: each chunk trades its lse.c for its dhn.c. Then dhn 1024 beside the four dhn.c: the loss's
        // end + 1024, the peak.
        QCOMPARE(phase(chunked, "first_step.backward").peakAllocated, closs.finalAllocated + kHid);
    }

    void fullOptimizerByHand_data()
    {
        QTest::addColumn<OptimizerKind>("optimizer");
        QTest::addColumn<bool>("paged");
        QTest::addColumn<u64>("growth"); // first_step.optimizer: peak above its baseline
        QTest::addColumn<u64>("kept"); // the states left on the device
        // AdamW: exp_avg and exp_avg_sq of each weight's size and dtype: 2 x the weights, each tensor charged.
        QTest::addRow("adamw") << OptimizerKind::AdamW << false << 2 * kWeights << 2 * kWeights;
        // 8-bit: per tensor of n elements state1, state2 uint8 [n] and absmax1, absmax2 float32 [ceil(n/2048)]:
        //   embedding and lm_head n = 8192: 8192 + 8192 + 512 + 512 each;
        //   per layer: 2 norms n = 64: 4 x 512 each; q, o n = 4096: 4096 + 4096 + 512 + 512; k, v n = 2048:
        //   2048 + 2048 + 512 + 512; gate, up, down n = 6144: 6144 + 6144 + 512 + 512;
        //   model.norm: 4 x 512.
        constexpr u64 layer8bit = 2 * 2048 + 2 * 9216 + 2 * 5120 + 3 * 13312;
        constexpr u64 states8bit = 2 * 17408 + 2 * layer8bit + 2048;
        QTest::addRow("adam8bit") << OptimizerKind::AdamW8bit << false << states8bit << states8bit;
        QTest::addRow("sgd") << OptimizerKind::Sgd << false << u64(0) << u64(0);
        // Paged: one optimizer_page of a tensor's states at a time, freed at once; the largest is
        // the embedding's or lm_head's 2 x 16384 (a new 32768-byte block each time, below 1 MiB).
        QTest::addRow("adamw paged") << OptimizerKind::AdamW << true << u64(2 * 16384) << u64(0);
        QTest::addRow("sgd paged") << OptimizerKind::Sgd << true << u64(0) << u64(0); // nothing to page
    }

    void fullOptimizerByHand()
    {
        QFETCH(OptimizerKind, optimizer);
        QFETCH(bool, paged);
        QFETCH(u64, growth);
        QFETCH(u64, kept);
        Case c;
        c.r.method = Method::Full;
        c.r.optimizer = optimizer;
        c.r.pagedOptimizer = paged;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        QCOMPARE(phase(p, "model_load").finalAllocated, kWeights); // no adapters
        const auto& bwd = phase(p, "first_step.backward");
        // Every weight has its gradient, one tensor of its size each, and nothing else is left.
        QCOMPARE(bwd.finalAllocated, kWeights + kInputs + kWeights);
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::Gradient), kWeights);
        const auto& opt = phase(p, "first_step.optimizer");
        QCOMPARE(opt.peakAllocated - opt.baselineAllocated, growth);
        QCOMPARE(opt.finalAllocated, kWeights + kInputs + kept);
        QCOMPARE(owner(opt.ownersAtFinal, Owner::OptimizerState), kept);
    }

    // Master weights (full, bf16 weights, SGD to see them alone): float32 master [n] made on the first step and
    // kept, grad32 float32 [n] beside it during each parameter's step. The last parameter, lm_head (n = 8192),
    // holds every master and its own grad32 at its step: the peak.
    void masterWeightsByHand()
    {
        Case c;
        c.r.method = Method::Full;
        c.r.optimizer = OptimizerKind::Sgd;
        c.r.masterWeights = true;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        // float32 copies: embedding and lm_head 32768; per layer norms 256 -> 512 (2 of them), q, o 16384, k, v
        // 8192, gate, up, down 24576; model.norm 512.
        constexpr u64 masters = 2 * 32768 + 2 * (2 * 512 + 2 * 16384 + 2 * 8192 + 3 * 24576) + 512;
        const auto& opt = phase(p, "first_step.optimizer");
        QCOMPARE(opt.peakAllocated - opt.baselineAllocated, masters + 32768);
        QCOMPARE(opt.finalAllocated, kWeights + kInputs + masters);
        // A warm step makes no master again: only grad32 and the step's activations.
        c.repeats = 1;
        const auto warm = phase(predict(c), "warm_step", 0);
        QCOMPARE(warm.finalAllocated, warm.baselineAllocated);
    }

    // LoRA with its states paged: each adapter tensor's page (2 x its bytes) lives only during its step.
    void pagedLoraByHand()
    {
        Case c;
        c.r.pagedOptimizer = true;
        c.repeats = 1;
        const auto p = predict(c);
        const auto& opt = phase(p, "first_step.optimizer");
        QCOMPARE(opt.peakAllocated - opt.baselineAllocated, u64(1024)); // q's A or B: 2 x 512
        QCOMPARE(opt.finalAllocated, kBase);
        QCOMPARE(owner(opt.ownersAtFinal, Owner::OptimizerState), u64(0));
        QCOMPARE(phase(p, "warm_step", 0).finalAllocated, kBase);
    }

    // The optimizer in the backward: each adapter tensor stepped as its gradient is made, its gradient freed
    // right after; the states are made in the backward and no gradient is left.
    void optimizerInBackwardByHand()
    {
        Case c;
        c.r.optimizerInBackward = true;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        QVERIFY(phase(p, "first_step.optimizer").name.empty()); // not planned
        const auto& bwd = phase(p, "first_step.backward");
        QCOMPARE(bwd.finalAllocated, kBase + 2 * kAdapters);
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::Gradient), u64(0));
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::OptimizerState), 2 * kAdapters);
        // The loss's backward is still the highest moment: no state exists yet there.
        QCOMPARE(bwd.peakAllocated, bwd.baselineAllocated + 2 * kLogits32);
    }

    // eval with 2 sequences: its ids and labels, one forward freeing every tensor at its last use, the loss.
    void evalByHand()
    {
        Case c;
        c.r.evalBatch = 2; // T = 16: [T, H] 2048, [T, Hq*D] 2048, [T, Hk*D] 1024, [T, I] 3072
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        const auto& eval = phase(p, "eval");
        QCOMPARE(eval.baselineAllocated, kBase + 2 * kAdapters);
        QCOMPARE(eval.finalAllocated, eval.baselineAllocated);
        // ids, labels 512 each, then h 2048. A layer peaks at 12800 above the ids: h, x, q 2048 each, k, v 1024
        // each, v's lora_x [16, 64] float32 4096 and lora_mid 512 (its norms lower: h, norm32 [16, 64] float32
        // 4096, rstd 512, normed 2048 = 8704). model.norm: norm32 4096 beside h; free h; rstd 512, normed 2048
        // (7680 above the baseline); free norm32, rstd; hn 2048; free normed. The loss: logits [16, 128] 4096;
        // free hn; logits32 [16, 128] float32 8192; free logits; logprobs 8192: 17408 above the baseline, the
        // peak.
        QCOMPARE(eval.peakAllocated, eval.baselineAllocated + 1024 + 2 * 8192);
    }

    void checkpointSaveByHand()
    {
        Case c;
        c.r.exportCopy = true;
        const auto p = predict(c);
        const auto& save = phase(p, "checkpoint_save");
        // A 16-bit copy of each adapter tensor: [2, 64] and [64, 2] 256 B, [32, 2] 128 B: 8 blocks of 512.
        QCOMPARE(save.peakAllocated - save.baselineAllocated, u64(8 * 512));
        QCOMPARE(save.finalAllocated, save.baselineAllocated);
        QCOMPARE(owner(save.ownersAtPeak, Owner::Activation) - owner(save.ownersAtFinal, Owner::Activation),
            u64(8 * 512)); // a transient copy: an activation, as the text's owners say
    }

    // Layer kinds beside the tiny llama's: whatever the layer, the backward frees every activation, and a full
    // fine-tune's gradients are the weights' sizes (eval and checkpoint_save leave nothing).
    void layerKinds_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<Method>("method");
        QTest::addColumn<bool>("checkpointing");
        QTest::addColumn<AttentionKind>("attention");
        const char* kinds[] = { "gemma2 (4 norms, tied)", "parallel (1 norm)", "qk norms per head",
            "qk norms over the projection", "biases and LayerNorms", "plain MLP", "sinks" };
        for (int kind = 0; kind < int(std::size(kinds)); ++kind)
            for (auto method : { Method::Full, Method::Lora })
                for (bool ckpt : { false, true })
                    for (auto attention : { AttentionKind::Sdpa, AttentionKind::Eager })
                        QTest::addRow("%s %s%s %s", kinds[kind], training::methodName(method), ckpt ? " ckpt" : "",
                            protocol::attentionName(attention))
                            << kind << method << ckpt << attention;
    }

    void layerKinds()
    {
        QFETCH(int, kind);
        QFETCH(Method, method);
        QFETCH(bool, checkpointing);
        QFETCH(AttentionKind, attention);
        Case c;
        auto& m = c.shape;
        const auto specs = [&m] {
            for (u64 l = 0; l < m.layers; ++l)
                m.layerSpecs.push_back(m.uniformLayer(l));
            m.finalNormParameters = m.hidden;
        };
        switch (kind) {
        case 0:
            m.family = "gemma2";
            m.normsPerLayer = 4;
            m.tieWordEmbeddings = true;
            break;
        case 1:
            m.normsPerLayer = 1;
            break;
        case 2:
            m.qkNorm = true;
            break;
        case 3:
            specs();
            for (auto& l : m.layerSpecs)
                l.attention.qkNormParameters = (m.heads + m.kvHeads) * m.headDim;
            break;
        case 4:
            specs();
            m.finalNormParameters = 2 * m.hidden;
            for (auto& l : m.layerSpecs) {
                l.normParameters = 2 * 2 * m.hidden;
                l.attention.qkvBias = l.attention.outputBias = l.mlp.bias = true;
            }
            break;
        case 5:
            specs();
            for (auto& l : m.layerSpecs)
                l.mlp.gated = false;
            break;
        case 6:
            specs();
            for (auto& l : m.layerSpecs)
                l.attention.sinks = true;
            break;
        }
        c.attention = attention;
        c.r.method = method;
        c.r.checkpointing = checkpointing;
        c.r.targets = { training::LoraTarget::QProj, training::LoraTarget::OProj, training::LoraTarget::GateProj,
            training::LoraTarget::UpProj, training::LoraTarget::DownProj };
        c.r.adapterFp32 = kind % 2 == 0; // a != s and a = s
        c.r.evalBatch = 2;
        c.r.exportCopy = true;
        c.repeats = 2;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        const u64 weights = phase(p, "model_load").finalAllocated;
        const auto& inputs = phase(p, "inputs");
        const u64 ids = inputs.finalAllocated - inputs.baselineAllocated;
        const auto& bwd = phase(p, "first_step.backward");
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::Activation), ids);
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::Logits), u64(0));
        const u64 grads = owner(bwd.ownersAtFinal, Owner::Gradient);
        if (method == Method::Full) // every weight (the sinks' [4] excepted: no kernel reads them) has one
            QCOMPARE(grads, weights - (kind == 6 ? 2 * 512 : 0));
        else
            QVERIFY(grads > 0 && grads < weights);
        const auto& opt = phase(p, "first_step.optimizer");
        QCOMPARE(opt.finalAllocated, weights + ids + 2 * grads); // AdamW: two states per gradient's size
        QCOMPARE(phase(p, "warm_step", 1).peakAllocated, phase(p, "warm_step", 0).peakAllocated);
        for (const char* name : { "warm_step", "eval", "checkpoint_save" }) {
            const auto& ph = std::string(name) == "warm_step" ? phase(p, name, 0) : phase(p, name);
            QCOMPARE(ph.finalAllocated, ph.baselineAllocated);
        }
    }

    // A step beyond the 64-bit address space is an error, never a wrapped size: each tensor of a full fine-tune
    // of a 2^30 x 2^29 embedding fits (validateConfig), but the weights (2^61 B), their gradients and AdamW's
    // two states do not fit together.
    void tooLarge()
    {
        Case c;
        c.shape.layers = 1;
        c.shape.vocab = u64(1) << 30;
        c.shape.hidden = u64(1) << 29;
        c.shape.heads = c.shape.kvHeads = 1;
        c.shape.headDim = 2;
        c.shape.intermediate = 1;
        c.shape.layerWindows.assign(1, std::nullopt);
        c.r.method = Method::Full;
        c.r.sequenceLength = 1;
        QVERIFY(protocol::validateConfig(c.config()).empty());
        const auto p = workloads::predictDecoderTraining(c.config());
        QVERIFY(!p.error.empty());
        QVERIFY(p.phases.empty());
        // With SGD (no state) the same step fits.
        c.r.optimizer = OptimizerKind::Sgd;
        const auto sgd = workloads::predictDecoderTraining(c.config());
        QVERIFY2(sgd.error.empty(), sgd.error.c_str());
    }

    void invalidConfigurations()
    {
        Case moe;
        moe.shape.experts = 4;
        moe.shape.expertsPerToken = 2;
        QVERIFY(!workloads::predictDecoderTraining(moe.config()).error.empty());
        Case qloraOnBf16;
        qloraOnBf16.r.method = Method::Qlora;
        QVERIFY(!workloads::predictDecoderTraining(qloraOnBf16.config()).error.empty());
        // An inference configuration is not a training run; a training one without its mode neither.
        protocol::RunConfig inference = Case {}.config();
        inference.decoder->training.reset();
        inference.mode = protocol::Mode::Inference;
        QVERIFY(!workloads::predictDecoderTraining(inference).error.empty());
        QVERIFY(workloads::predictDecoder(inference).error.empty()); // the inference predictor's
        protocol::RunConfig noMode = Case {}.config();
        noMode.mode = protocol::Mode::Inference;
        QVERIFY(!workloads::predictDecoder(noMode).error.empty());
    }

    // ---- Invariants over the matrix of recipes ----

    void invariants_data()
    {
        QTest::addColumn<Method>("method");
        QTest::addColumn<bool>("checkpointing");
        QTest::addColumn<AttentionKind>("attention");
        QTest::addColumn<u64>("lossChunks");
        QTest::addColumn<OptimizerKind>("optimizer");
        QTest::addColumn<bool>("paged");
        QTest::addColumn<bool>("inBackward");
        QTest::addColumn<u64>("gradAccum");
        QTest::addColumn<AllocatorKind>("allocator");
        for (auto method : { Method::Full, Method::Lora, Method::Qlora })
            for (bool ckpt : { false, true })
                for (auto attention : { AttentionKind::Sdpa, AttentionKind::Eager })
                    for (u64 chunks : { u64(0), u64(4) })
                        for (auto optimizer : { OptimizerKind::AdamW, OptimizerKind::AdamW8bit, OptimizerKind::Sgd })
                            for (bool paged : { false, true })
                                for (int schedule : { 0, 1, 2 }) // accumulate 1, accumulate 2, in backward
                                    for (auto allocator : { AllocatorKind::Native, AllocatorKind::Async }) {
                                        const bool inBackward = schedule == 2;
                                        const u64 accum = schedule == 1 ? 2 : 1;
                                        QTest::addRow("%s%s %s loss/%llu %s%s%s accum%llu %s",
                                            training::methodName(method), ckpt ? " ckpt" : "",
                                            protocol::attentionName(attention), static_cast<unsigned long long>(chunks),
                                            training::optimizerKindName(optimizer), paged ? " paged" : "",
                                            inBackward ? " in-backward" : "", static_cast<unsigned long long>(accum),
                                            protocol::allocatorName(allocator))
                                            << method << ckpt << attention << chunks << optimizer << paged << inBackward
                                            << accum << allocator;
                                    }
    }

    void invariants()
    {
        QFETCH(Method, method);
        QFETCH(bool, checkpointing);
        QFETCH(AttentionKind, attention);
        QFETCH(u64, lossChunks);
        QFETCH(OptimizerKind, optimizer);
        QFETCH(bool, paged);
        QFETCH(bool, inBackward);
        QFETCH(u64, gradAccum);
        QFETCH(AllocatorKind, allocator);
        Case c;
        c.shape.vocab = 4096; // a large vocabulary beside T = 16 tokens: the logits dominate the loss
        c.attention = attention;
        c.allocator = allocator;
        c.storage = method == Method::Qlora ? WeightStorage::Nf4 : WeightStorage::BFloat16;
        c.warmup = 1;
        c.repeats = 3;
        c.r.method = method;
        c.r.targets = { training::LoraTarget::QProj, training::LoraTarget::KProj, training::LoraTarget::VProj,
            training::LoraTarget::OProj, training::LoraTarget::GateProj, training::LoraTarget::UpProj,
            training::LoraTarget::DownProj };
        c.r.microBatch = 2;
        c.r.checkpointing = checkpointing;
        c.r.lossChunks = lossChunks;
        c.r.optimizer = optimizer;
        c.r.pagedOptimizer = paged;
        c.r.optimizerInBackward = inBackward;
        c.r.gradAccum = gradAccum;
        c.r.evalBatch = 3;
        c.r.exportCopy = true;
        const auto p = predict(c);
        QVERIFY2(p.error.empty(), p.error.c_str());
        QCOMPARE(p.phases.size(), protocol::planPhases(c.config()).size());
        const bool native = allocator == AllocatorKind::Native;
        for (std::size_t i = 0; i < p.phases.size(); ++i) {
            const auto& ph = p.phases[i];
            if (i > 0)
                QCOMPARE(ph.baselineAllocated, p.phases[i - 1].finalAllocated);
            QVERIFY(ph.peakAllocated >= std::max(ph.baselineAllocated, ph.finalAllocated));
            QCOMPARE(ph.peakReserved.has_value(), native);
            QCOMPARE(sum(ph.ownersAtPeak), ph.peakAllocated);
            QCOMPARE(sum(ph.ownersAtFinal), ph.finalAllocated);
        }
        const auto& inputs = phase(p, "inputs");
        const u64 weights = phase(p, "model_load").finalAllocated;
        const u64 ids = inputs.finalAllocated - inputs.baselineAllocated;

        // Checkpointing lowers the forward's peak with more than one layer; it changes no state of the optimizer.
        Case other = c;
        other.r.checkpointing = !checkpointing;
        const auto flipped = predict(other);
        const auto& ckptForward = phase(checkpointing ? p : flipped, "first_step.forward");
        const auto& plainForward = phase(checkpointing ? flipped : p, "first_step.forward");
        QVERIFY(ckptForward.peakAllocated < plainForward.peakAllocated);
        QVERIFY(ckptForward.finalAllocated < plainForward.finalAllocated);

        // A chunked loss lowers the loss's peak (V = 4096: the float32 logits are one chunk's at a time).
        other = c;
        other.r.lossChunks = lossChunks == 0 ? 4 : 0;
        const auto otherLoss = predict(other);
        const auto& chunked = phase(lossChunks > 0 ? p : otherLoss, "first_step.loss");
        const auto& whole = phase(lossChunks > 0 ? otherLoss : p, "first_step.loss");
        QVERIFY(chunked.peakAllocated < whole.peakAllocated);

        // The backward leaves the gradients only (none when stepped inside it); the step leaves none; AdamW's states
        // are two of each gradient; paged states leave nothing on the device between steps.
        const auto& bwd = phase(p, "first_step.backward");
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::Activation), ids);
        QCOMPARE(owner(bwd.ownersAtFinal, Owner::Logits), u64(0));
        const std::string afterStep = inBackward ? "first_step.backward" : "first_step.optimizer";
        const auto& stepped = phase(p, afterStep);
        QCOMPARE(owner(stepped.ownersAtFinal, Owner::Gradient), u64(0));
        QCOMPARE(owner(stepped.ownersAtFinal, Owner::Activation), ids);
        const u64 states = owner(stepped.ownersAtFinal, Owner::OptimizerState);
        if (paged || optimizer == OptimizerKind::Sgd)
            QCOMPARE(states, u64(0));
        else
            QVERIFY(states > 0);
        if (inBackward)
            QCOMPARE(bwd.finalAllocated, weights + ids + states);
        else
            QVERIFY(owner(bwd.ownersAtFinal, Owner::Gradient) > 0);
        if (optimizer == OptimizerKind::AdamW && !paged && !inBackward)
            QCOMPARE(states, 2 * owner(bwd.ownersAtFinal, Owner::Gradient));
        QCOMPARE(owner(phase(flipped, afterStep).ownersAtFinal, Owner::OptimizerState), states);

        // Warm steps: equal peaks, each leaves what it found (the states and nothing else).
        const auto& warm0 = phase(p, "warm_step", 0);
        for (std::uint32_t r = 0; r < 3; ++r) {
            const auto& warm = phase(p, "warm_step", r);
            QCOMPARE(warm.peakAllocated, warm0.peakAllocated);
            QCOMPARE(warm.peakReserved, warm0.peakReserved);
            QCOMPARE(warm.finalAllocated, warm.baselineAllocated);
            QCOMPARE(warm.finalAllocated, stepped.finalAllocated);
            QCOMPARE(owner(warm.ownersAtFinal, Owner::OptimizerState), states);
        }
        QCOMPARE(phase(p, "warmup").peakAllocated, warm0.peakAllocated);

        // eval and checkpoint_save leave nothing behind.
        for (const char* name : { "eval", "checkpoint_save" }) {
            const auto& ph = phase(p, name);
            QVERIFY(ph.peakAllocated > ph.baselineAllocated);
            QCOMPARE(ph.finalAllocated, ph.baselineAllocated);
        }
    }
};

QTEST_GUILESS_MAIN(TestDecoderTrainingPrediction)
#include "tst_decodertrainingprediction.moc"
