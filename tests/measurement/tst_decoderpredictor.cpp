// SPDX-License-Identifier: Apache-2.0
// The decoder's predictor (core/workloads/decoderpredictor) against expectations computed here, at tiny shapes,
// from core/workloads/DECODER.md's tensor list: every tensor below 1 MiB, so the caching allocator charges each
// exactly its size rounded up to kMinBlockSize (512 B; the small pool always splits), and the stream-ordered
// pool its requested size. The expected peaks are the maxima over the moments DECODER.md's order creates, each
// moment written out as the tensors live at it. Nothing here calls the predictor's helpers.
#include "core/alloc/cachingallocator.h"
#include "core/protocol/phaseplan.h"
#include "core/protocol/runtypes.h"
#include "core/sizing/weightestimator.h"
#include "core/workloads/decoderpredictor.h"
#include "core/workloads/densepredictor.h"
#include "core/workloads/runpredictor.h"

#include <QTest>
#include <algorithm>
#include <initializer_list>
#include <iterator>

using namespace iteragpu;
using protocol::AllocatorKind;
using protocol::AttentionKind;
using protocol::KvCacheKind;
using protocol::WeightStorage;
using u64 = std::uint64_t;

Q_DECLARE_METATYPE(protocol::WeightStorage)
Q_DECLARE_METATYPE(protocol::KvCacheKind)
Q_DECLARE_METATYPE(protocol::AttentionKind)
Q_DECLARE_METATYPE(protocol::AllocatorKind)

namespace {

u64 ceilDiv(u64 a, u64 b) { return (a + b - 1) / b; }

// 2 layers, hidden 64, 4 heads of 16, 2 KV heads, intermediate 96, vocab 128: every tensor under 1 MiB.
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

model::ModelShape tinyMistral(u64 window)
{
    auto m = tinyLlama();
    m.family = "mistral";
    m.layerWindows.assign(m.layers, window);
    return m;
}

model::ModelShape tinyMixtral()
{
    auto m = tinyLlama();
    m.family = "mixtral";
    m.experts = 4;
    m.expertsPerToken = 2;
    return m;
}

// Gemma-2: 4 norms per layer, tied embeddings, sliding and global layers alternating.
model::ModelShape tinyGemma2()
{
    auto m = tinyLlama();
    m.family = "gemma2";
    m.normsPerLayer = 4;
    m.tieWordEmbeddings = true;
    m.layerWindows = { 8, std::nullopt };
    return m;
}

model::ModelShape tinyQwen2()
{
    auto m = tinyLlama();
    m.family = "qwen2";
    m.qkvBias = true;
    m.tieWordEmbeddings = true;
    return m;
}

struct Case {
    model::ModelShape shape = tinyLlama();
    WeightStorage storage = WeightStorage::BFloat16;
    KvCacheKind cache = KvCacheKind::Dynamic;
    AttentionKind attention = AttentionKind::Sdpa;
    AllocatorKind allocator = AllocatorKind::Native;
    u64 B = 3, P = 5, G = 6, chunk = 0;
    std::uint32_t warmup = 0, repeats = 0;

    protocol::RunConfig config() const
    {
        protocol::RunConfig c;
        c.workload = protocol::WorkloadKind::Decoder;
        c.dtype = device::DType::BFloat16;
        c.allocator = allocator;
        c.warmup = warmup;
        c.repeats = repeats;
        protocol::DecoderSpec d;
        d.shape = shape;
        d.storage = storage;
        d.cache = cache;
        d.attention = attention;
        d.promptTokens = P;
        d.generated = G;
        d.sequences = B;
        d.decodeChunk = chunk;
        c.decoder = d;
        return c;
    }
};

// DECODER.md's byte counts for one case, as the allocator charges them.
class Expect {
public:
    explicit Expect(const Case& c)
        : k(c)
        , m(c.shape)
        , s(c.storage == WeightStorage::Float32 ? 4 : 2)
        , C(c.P + c.G)
    {
    }

    u64 charge(u64 bytes) const
    {
        if (k.allocator == AllocatorKind::Async)
            return bytes;
        return std::max<u64>(alloc::kMinBlockSize, ceilDiv(bytes, alloc::kMinBlockSize) * alloc::kMinBlockSize);
    }
    u64 sum(std::initializer_list<u64> parts) const
    {
        u64 t = 0;
        for (u64 p : parts)
            t += p;
        return t;
    }

    bool quantized() const
    {
        return k.storage == WeightStorage::Int8 || k.storage == WeightStorage::Nf4
            || k.storage == WeightStorage::Nf4DoubleQuant;
    }

    // "Formats": the stored tensors of one linear [out, in].
    std::vector<u64> linearTensors(u64 out, u64 in) const
    {
        const u64 n = out * in;
        switch (k.storage) {
        case WeightStorage::Int8:
            return { n, 4 * out };
        case WeightStorage::Nf4:
            return { ceilDiv(n, 2), 4 * ceilDiv(n, 64), 64 };
        case WeightStorage::Nf4DoubleQuant: {
            const u64 b = ceilDiv(n, 64);
            return { ceilDiv(n, 2), b, 4 * ceilDiv(b, 256), 1024, 64, 4 };
        }
        default:
            return { n * s };
        }
    }

    // "model_load", in order: every tensor's requested bytes.
    std::vector<u64> weights() const
    {
        std::vector<u64> w;
        auto lin = [&](u64 out, u64 in, bool bias) {
            for (u64 t : linearTensors(out, in))
                w.push_back(t);
            if (bias)
                w.push_back(out * s);
        };
        const u64 qw = m.heads * m.headDim, kvw = m.kvHeads * m.headDim;
        w.push_back(m.vocab * m.hidden * s);
        for (u64 l = 0; l < m.layers; ++l) {
            w.push_back(m.hidden * s);
            lin(qw, m.hidden, m.qkvBias);
            lin(kvw, m.hidden, m.qkvBias);
            lin(kvw, m.hidden, m.qkvBias);
            lin(m.hidden, qw, m.outputBias);
            for (u64 n = 1; n < m.normsPerLayer; ++n)
                w.push_back(m.hidden * s);
            if (m.experts == 0) {
                lin(m.intermediate, m.hidden, m.mlpBias);
                lin(m.intermediate, m.hidden, m.mlpBias);
                lin(m.hidden, m.intermediate, m.mlpBias);
            } else {
                w.push_back(m.experts * m.hidden * s);
                for (u64 e = 0; e < m.experts; ++e) {
                    lin(m.intermediate, m.hidden, false);
                    lin(m.intermediate, m.hidden, false);
                    lin(m.hidden, m.intermediate, false);
                }
            }
        }
        w.push_back(m.hidden * s);
        if (!m.tieWordEmbeddings)
            w.push_back(m.vocab * m.hidden * s);
        return w;
    }
    u64 weightsCharged() const
    {
        u64 t = 0;
        for (u64 b : weights())
            t += charge(b);
        return t;
    }

    u64 capacity(u64 l) const { return m.layerWindows[l] ? std::min(C, *m.layerWindows[l]) : C; }
    u64 ring(u64 l) const
    {
        const u64 blocks = ceilDiv(C, 16);
        return m.layerWindows[l] ? std::min(blocks, ceilDiv(*m.layerWindows[l], 16) + 1) : blocks;
    }
    u64 row() const { return k.B * m.kvHeads * m.headDim * s; } // [B, 1, Hk, D]
    u64 block() const { return 16 * m.kvHeads * m.headDim * s; }

    u64 inputsCharged() const
    {
        u64 t = charge(4 * k.B * k.P);
        if (k.cache == KvCacheKind::Paged)
            for (u64 l = 0; l < m.layers; ++l)
                t += 2 * charge(8 * k.B * ring(l));
        return t;
    }

    // Layer l's cache once position p is written (p = P - 1 after the prefill). Static: its capacity.
    u64 cache(u64 l, u64 p) const
    {
        switch (k.cache) {
        case KvCacheKind::Static:
            return 2 * charge(row() * capacity(l));
        case KvCacheKind::Paged:
            return 2 * k.B * std::min(p / 16 + 1, ring(l)) * charge(block());
        case KvCacheKind::Dynamic:
            break;
        }
        return 2 * charge(row() * std::min(p + 1, capacity(l)));
    }
    u64 caches(u64 p) const
    {
        u64 t = 0;
        for (u64 l = 0; l < m.layers; ++l)
            t += cache(l, p);
        return t;
    }
    u64 ids() const { return charge(4 * k.B); }

    // Highest allocated above the prefill's baseline (weights + inputs), and its final above it.
    u64 prefillPeakAbove() const
    {
        const u64 T = k.B * k.P;
        const u64 hid = charge(T * m.hidden * s), q = charge(T * m.heads * m.headDim * s);
        const u64 kv = charge(T * m.kvHeads * m.headDim * s), inter = charge(T * m.intermediate * s);
        const u64 qDeq = quantized() ? charge(m.heads * m.headDim * m.hidden * s) : 0;
        const u64 kvDeq = quantized() ? charge(m.kvHeads * m.headDim * m.hidden * s) : 0;
        const u64 upDeq = quantized() ? charge(m.intermediate * m.hidden * s) : 0;
        const u64 statics = k.cache == KvCacheKind::Static ? caches(0) : 0;
        std::vector<u64> moments { statics };
        u64 before = statics; // caches of the layers done, static ones from the start
        for (u64 l = 0; l < m.layers; ++l) {
            const bool becomes = k.cache == KvCacheKind::Dynamic && k.P <= capacity(l);
            // The cache layer l adds beside k and v while its attention runs (dynamic with P <= N_l: k and v).
            u64 own = 0;
            if (k.cache == KvCacheKind::Paged)
                own = cache(l, k.P - 1);
            if (k.cache == KvCacheKind::Dynamic && !becomes)
                own = cache(l, k.P - 1);
            const u64 base = before + hid;
            moments.push_back(base + hid + qDeq + q); // x, W_deq(q), q
            moments.push_back(base + hid + q + kvDeq + kv); // ... k
            moments.push_back(base + hid + q + kv + kvDeq + kv); // ... v
            if (k.cache == KvCacheKind::Dynamic && !becomes)
                moments.push_back(base + q + 2 * kv + charge(row() * capacity(l))); // kv.l.key, then value
            moments.push_back(base + q + 2 * kv + own); // the paged blocks, or the dynamic key and value
            const u64 width = k.cache == KvCacheKind::Static && k.P <= capacity(l) ? capacity(l) : k.P;
            const u64 scores = charge(k.B * m.heads * k.P * width * s);
            const u64 probs32 = charge(k.B * m.heads * k.P * width * 4);
            const u64 eager = k.attention == AttentionKind::Eager ? std::max(scores + probs32, probs32 + scores) : 0;
            moments.push_back(base + q + 2 * kv + own + q + eager); // attn (+ scores, probs32 / probs32, probs)
            const u64 kept = own + (becomes ? 2 * kv : 0); // q freed; k and v unless they are the cache
            const u64 oDeq = quantized() ? charge(m.hidden * m.heads * m.headDim * s) : 0;
            moments.push_back(base + kept + q + oDeq + hid); // attn, W_deq(o), o
            if (m.normsPerLayer == 4)
                moments.push_back(base + kept + hid + hid); // o, o2
            const u64 mlpBase = base + kept + hid; // x2
            if (m.experts == 0) {
                moments.push_back(mlpBase + upDeq + inter); // W_deq(gate), g
                moments.push_back(mlpBase + inter + upDeq + inter); // g, W_deq(up), u
                moments.push_back(mlpBase + inter + upDeq + hid); // g, W_deq(down), d
            } else {
                const u64 logits = charge(T * m.experts * s), topk = charge(T * m.expertsPerToken * 4);
                moments.push_back(mlpBase + logits + 2 * topk); // router_logits, topk_idx, topk_w
                const u64 routed = mlpBase + 2 * topk + hid; // d
                moments.push_back(routed + charge(4 * m.experts)); // expert_load, freed once copied to the host
                // The sim's balanced round-robin: expert e gets floor(T K / E) tokens, one more for e < T K mod E.
                // The previous hit expert's token_idx, state and y stay until the next ones are made.
                u64 prevTokens = 0, prevState = 0, prevY = 0;
                for (u64 e = 0; e < m.experts; ++e) {
                    const u64 n = T * m.expertsPerToken / m.experts + (e < T * m.expertsPerToken % m.experts ? 1 : 0);
                    if (n == 0)
                        continue;
                    const u64 tok = charge(4 * n), st = charge(n * m.hidden * s);
                    const u64 g = charge(n * m.intermediate * s), y = charge(n * m.hidden * s);
                    moments.push_back(routed + prevTokens + prevState + prevY + tok); // token_idx
                    moments.push_back(routed + prevState + prevY + tok + st); // state
                    moments.push_back(routed + prevY + tok + st + upDeq + g); // W_deq(w1), g
                    moments.push_back(routed + prevY + tok + st + g + upDeq + g); // g, W_deq(w3), u
                    moments.push_back(routed + prevY + tok + st + g + upDeq + y); // g, W_deq(w2), y
                    prevTokens = tok;
                    prevState = st;
                    prevY = y;
                }
            }
            if (m.normsPerLayer == 4)
                moments.push_back(base + kept + hid + hid); // d, d2
            before += kept;
        }
        const u64 last = charge(k.B * m.hidden * s), logits = charge(k.B * m.vocab * s);
        moments.push_back(before + hid + hid); // h, hn
        moments.push_back(before + hid + last); // hn, last
        moments.push_back(before + last + logits);
        moments.push_back(before + logits + ids());
        return *std::max_element(moments.begin(), moments.end());
    }

    // Highest allocated of a decode record whose steps write positions first..lastPos (float weights, dense MLP).
    u64 decodePeak(u64 first, u64 lastPos) const
    {
        const u64 hid = charge(k.B * m.hidden * s), q = charge(k.B * m.heads * m.headDim * s);
        const u64 kv = charge(k.B * m.kvHeads * m.headDim * s), inter = charge(k.B * m.intermediate * s);
        const u64 fixed = weightsCharged() + inputsCharged();
        std::vector<u64> moments { fixed + caches(first - 1) + ids() };
        for (u64 p = first; p <= lastPos; ++p) {
            for (u64 l = 0; l < m.layers; ++l) {
                u64 before = 0, after = 0; // caches, layers < l grown to p
                for (u64 o = 0; o < m.layers; ++o) {
                    before += o < l ? cache(o, p) : cache(o, p - 1);
                    after += o <= l ? cache(o, p) : cache(o, p - 1);
                }
                const u64 base = fixed + ids() + hid;
                moments.push_back(base + before + hid + q + 2 * kv); // x, q, k, v
                if (k.cache == KvCacheKind::Dynamic && std::min(p + 1, capacity(l)) > std::min(p, capacity(l))) {
                    const u64 oldOne = cache(l, p - 1) / 2, newOne = cache(l, p) / 2;
                    moments.push_back(base + before + q + 2 * kv + newOne); // new key beside the old one
                    moments.push_back(base + before - oldOne + newOne + q + 2 * kv + newOne); // new value
                }
                const u64 width = k.cache == KvCacheKind::Static ? capacity(l) : std::min(p + 1, capacity(l));
                const u64 eager = k.attention == AttentionKind::Eager
                    ? charge(k.B * m.heads * width * s) + charge(k.B * m.heads * width * 4)
                    : 0;
                moments.push_back(base + after + q + 2 * kv + q + eager); // attn
                moments.push_back(base + after + q + hid); // attn, o
                moments.push_back(base + after + hid + 2 * inter); // x2, g, u
                moments.push_back(base + after + hid + inter + hid); // x2, g, d
            }
            const u64 end = fixed + caches(p) + ids();
            const u64 logits = charge(k.B * m.vocab * s);
            moments.push_back(end + hid + hid); // h, hn
            moments.push_back(end + hid + logits); // hn, logits
            moments.push_back(end + logits + ids()); // logits, the new next_ids beside the old
        }
        return *std::max_element(moments.begin(), moments.end());
    }

    const Case& k;
    const model::ModelShape& m;
    const u64 s;
    const u64 C;
};

const workloads::PhasePrediction* phase(
    const workloads::WorkloadPrediction& p, const std::string& name, std::optional<std::uint32_t> repeat = {})
{
    for (const auto& ph : p.phases)
        if (ph.name == name && ph.repeat == repeat)
            return &ph;
    return nullptr;
}

sizing::WeightFormat sizingFormat(WeightStorage storage)
{
    switch (storage) {
    case WeightStorage::Float32:
        return sizing::WeightFormat::FP32;
    case WeightStorage::Float16:
        return sizing::WeightFormat::FP16;
    case WeightStorage::BFloat16:
        return sizing::WeightFormat::BF16;
    case WeightStorage::Int8:
        return sizing::WeightFormat::Int8;
    case WeightStorage::Nf4:
        return sizing::WeightFormat::NF4;
    case WeightStorage::Nf4DoubleQuant:
        return sizing::WeightFormat::NF4DoubleQuant;
    }
    return sizing::WeightFormat::BF16;
}

} // namespace

class TestDecoderPredictor : public QObject {
    Q_OBJECT
private slots:
    void phasesFollowThePlan()
    {
        Case c;
        c.G = 6;
        c.chunk = 4;
        c.warmup = 2;
        c.repeats = 2;
        const auto p = workloads::predictDecoder(c.config());
        QVERIFY2(p.error.empty(), p.error.c_str());
        const auto plan = protocol::planPhases(c.config());
        QCOMPARE(p.phases.size(), plan.size());
        const char* names[] = { "model_load", "inputs", "prefill", "decode", "decode", "warmup", "warm_prefill",
            "warm_prefill" };
        QCOMPARE(p.phases.size(), std::size(names));
        for (std::size_t i = 0; i < p.phases.size(); ++i) {
            QCOMPARE(p.phases[i].name, std::string(names[i]));
            QCOMPARE(p.phases[i].index, plan[i].index);
            QCOMPARE(p.phases[i].repeat, plan[i].repeat);
            if (i > 0) // each phase starts where the previous one ended
                QCOMPARE(p.phases[i].baselineAllocated, p.phases[i - 1].finalAllocated);
            QVERIFY(p.phases[i].peakAllocated >= p.phases[i].baselineAllocated);
            QVERIFY(p.phases[i].peakAllocated >= p.phases[i].finalAllocated);
            QVERIFY(p.phases[i].peakReserved.has_value());
            QVERIFY(*p.phases[i].peakReserved >= p.phases[i].peakAllocated);
        }
        QCOMPARE(p.parameterCount, c.shape.parameters().total);
        QVERIFY(!p.method.empty());
    }

    void modelLoad_data()
    {
        QTest::addColumn<int>("shapeKind"); // 0 llama, 1 mixtral, 2 gemma2, 3 qwen2
        QTest::addColumn<WeightStorage>("storage");
        const std::pair<int, const char*> shapes[] = { { 0, "llama" }, { 1, "mixtral" }, { 2, "gemma2" },
            { 3, "qwen2" } };
        const std::pair<WeightStorage, const char*> storages[] = { { WeightStorage::Float32, "fp32" },
            { WeightStorage::Float16, "fp16" }, { WeightStorage::BFloat16, "bf16" }, { WeightStorage::Int8, "int8" },
            { WeightStorage::Nf4, "nf4" }, { WeightStorage::Nf4DoubleQuant, "nf4-dq" } };
        for (const auto& [kind, shapeName] : shapes)
            for (const auto& [storage, storageName] : storages)
                QTest::addRow("%s %s", shapeName, storageName) << kind << storage;
    }

    // model_load: the sum of the rounded tensors (native), the sizing engine's weight bytes (async).
    void modelLoad()
    {
        QFETCH(int, shapeKind);
        QFETCH(WeightStorage, storage);
        Case c;
        c.shape = shapeKind == 0 ? tinyLlama()
            : shapeKind == 1     ? tinyMixtral()
            : shapeKind == 2     ? tinyGemma2()
                                 : tinyQwen2();
        c.storage = storage;
        sizing::WeightOptions options;
        options.format = sizingFormat(storage);
        options.keptType = sizing::ScalarType::BF16;
        const u64 sized = sizing::WeightEstimator::estimate(c.shape, options).bytes;
        for (auto allocator : { AllocatorKind::Native, AllocatorKind::Async }) {
            c.allocator = allocator;
            const Expect e(c);
            const auto p = workloads::predictDecoder(c.config());
            QVERIFY2(p.error.empty(), p.error.c_str());
            const auto* load = phase(p, "model_load");
            QVERIFY(load);
            QCOMPARE(load->baselineAllocated, u64(0));
            QCOMPARE(load->finalAllocated, e.weightsCharged());
            QCOMPARE(load->peakAllocated, e.weightsCharged());
            if (allocator == AllocatorKind::Async) {
                QCOMPARE(load->finalAllocated, sized); // the inventory is the sizing engine's, tensor by tensor
                QVERIFY(!load->peakReserved);
            } else {
                QVERIFY(load->finalAllocated > sized); // 512-byte rounding of the small tensors
            }
        }
    }

    void weightCountsAreTheShapes()
    {
        // Tied embeddings: one [V, H] matrix fewer; 4 norms: 2 per layer more.
        Case llama;
        Case tied;
        tied.shape.tieWordEmbeddings = true;
        Case gemma;
        gemma.shape.normsPerLayer = 4;
        const auto a = workloads::predictDecoder(llama.config());
        const auto b = workloads::predictDecoder(tied.config());
        const auto g = workloads::predictDecoder(gemma.config());
        const u64 embedding = 128 * 64 * 2, norm = 64 * 2;
        QCOMPARE(a.phases[0].finalAllocated - b.phases[0].finalAllocated, embedding);
        QCOMPARE(g.phases[0].finalAllocated - a.phases[0].finalAllocated, u64(2 /* layers */ * 2 /* norms */ * 512));
        QVERIFY(norm < 512); // each norm is charged one 512-byte block
        QCOMPARE(b.parameterCount, tied.shape.parameters().total);
    }

    void inputs_data()
    {
        QTest::addColumn<KvCacheKind>("cache");
        QTest::addColumn<AllocatorKind>("allocator");
        for (auto cache : { KvCacheKind::Dynamic, KvCacheKind::Static, KvCacheKind::Paged })
            for (auto allocator : { AllocatorKind::Native, AllocatorKind::Async })
                QTest::addRow("%s %s", protocol::kvCacheName(cache), protocol::allocatorName(allocator))
                    << cache << allocator;
    }

    void inputs()
    {
        QFETCH(KvCacheKind, cache);
        QFETCH(AllocatorKind, allocator);
        Case c;
        c.cache = cache;
        c.allocator = allocator;
        c.P = 37; // 4 * 3 * 37 = 444 B of ids; C = 43: 3 ring blocks, tables of 72 B
        const Expect e(c);
        const auto p = workloads::predictDecoder(c.config());
        const auto* in = phase(p, "inputs");
        QVERIFY(in);
        QCOMPARE(in->baselineAllocated, e.weightsCharged());
        QCOMPARE(in->finalAllocated - in->baselineAllocated, e.inputsCharged());
        if (cache == KvCacheKind::Paged)
            QCOMPARE(e.inputsCharged(), allocator == AllocatorKind::Native ? u64(512 + 4 * 512) : u64(444 + 4 * 72));
    }

    void prefill_data()
    {
        QTest::addColumn<int>("shapeKind"); // 0 llama, 1 mixtral, 2 gemma2, 3 qwen2, 4 mistral (window 8)
        QTest::addColumn<WeightStorage>("storage");
        QTest::addColumn<KvCacheKind>("cache");
        QTest::addColumn<AttentionKind>("attention");
        QTest::addColumn<quint64>("B");
        QTest::addColumn<quint64>("P");
        const auto bf16 = WeightStorage::BFloat16;
        const auto dyn = KvCacheKind::Dynamic, stat = KvCacheKind::Static, paged = KvCacheKind::Paged;
        const auto sdpa = AttentionKind::Sdpa, eager = AttentionKind::Eager;
        QTest::addRow("llama sdpa dynamic short") << 0 << bf16 << dyn << sdpa << quint64(3) << quint64(5);
        QTest::addRow("llama eager dynamic short") << 0 << bf16 << dyn << eager << quint64(3) << quint64(5);
        QTest::addRow("llama sdpa dynamic 64") << 0 << bf16 << dyn << sdpa << quint64(2) << quint64(64);
        QTest::addRow("llama eager dynamic 64") << 0 << bf16 << dyn << eager << quint64(2) << quint64(64);
        QTest::addRow("llama sdpa static") << 0 << bf16 << stat << sdpa << quint64(2) << quint64(40);
        QTest::addRow("llama eager static") << 0 << bf16 << stat << eager << quint64(2) << quint64(40);
        QTest::addRow("llama sdpa paged") << 0 << bf16 << paged << sdpa << quint64(2) << quint64(40);
        QTest::addRow("llama eager paged") << 0 << bf16 << paged << eager << quint64(2) << quint64(40);
        QTest::addRow("llama fp32") << 0 << WeightStorage::Float32 << dyn << eager << quint64(2) << quint64(9);
        QTest::addRow("mistral window dynamic") << 4 << bf16 << dyn << sdpa << quint64(2) << quint64(20);
        QTest::addRow("mistral window static eager") << 4 << bf16 << stat << eager << quint64(2) << quint64(20);
        QTest::addRow("mistral window paged") << 4 << bf16 << paged << eager << quint64(2) << quint64(40);
        QTest::addRow("mixtral sdpa") << 1 << bf16 << dyn << sdpa << quint64(3) << quint64(5);
        QTest::addRow("mixtral int8 eager") << 1 << WeightStorage::Int8 << dyn << eager << quint64(3) << quint64(7);
        QTest::addRow("gemma2 dynamic") << 2 << bf16 << dyn << sdpa << quint64(2) << quint64(12);
        QTest::addRow("gemma2 static eager") << 2 << bf16 << stat << eager << quint64(2) << quint64(12);
        QTest::addRow("qwen2 nf4") << 3 << WeightStorage::Nf4 << dyn << sdpa << quint64(3) << quint64(5);
        QTest::addRow("llama int8 W_deq") << 0 << WeightStorage::Int8 << dyn << sdpa << quint64(1) << quint64(3);
        QTest::addRow("llama nf4-dq eager paged")
            << 0 << WeightStorage::Nf4DoubleQuant << paged << eager << quint64(1) << quint64(17);
    }

    // The prefill's peak and final above its baseline, on both allocators, against the moments of DECODER.md.
    void prefill()
    {
        QFETCH(int, shapeKind);
        QFETCH(WeightStorage, storage);
        QFETCH(KvCacheKind, cache);
        QFETCH(AttentionKind, attention);
        QFETCH(quint64, B);
        QFETCH(quint64, P);
        Case c;
        c.shape = shapeKind == 0 ? tinyLlama()
            : shapeKind == 1     ? tinyMixtral()
            : shapeKind == 2     ? tinyGemma2()
            : shapeKind == 3     ? tinyQwen2()
                                 : tinyMistral(8);
        c.storage = storage;
        c.cache = cache;
        c.attention = attention;
        c.B = B;
        c.P = P;
        c.G = 6;
        for (auto allocator : { AllocatorKind::Native, AllocatorKind::Async }) {
            c.allocator = allocator;
            const Expect e(c);
            const auto p = workloads::predictDecoder(c.config());
            QVERIFY2(p.error.empty(), p.error.c_str());
            const auto* pre = phase(p, "prefill");
            QVERIFY(pre);
            QCOMPARE(pre->baselineAllocated, e.weightsCharged() + e.inputsCharged());
            QCOMPARE(pre->peakAllocated - pre->baselineAllocated, e.prefillPeakAbove());
            QCOMPARE(pre->finalAllocated - pre->baselineAllocated, e.caches(P - 1) + e.ids());
        }
    }

    // The eager attention adds its score buffers at the attention moment: with 64 prompt tokens they dominate.
    void eagerAddsScores()
    {
        Case c;
        c.B = 2;
        c.P = 64;
        const auto sdpa = workloads::predictDecoder(c.config());
        c.attention = AttentionKind::Eager;
        const auto eager = workloads::predictDecoder(c.config());
        const auto* a = phase(sdpa, "prefill");
        const auto* b = phase(eager, "prefill");
        // At layer 1's attention: h, q, k, v, attn, layer 0's cache, plus scores [2, 4, 64, 64] bf16 (64 KiB) and
        // probs32 (128 KiB). Without them the MLP moment (h, x2, g, u, both caches) is the peak.
        const u64 T = 128, h = T * 64 * 2, q = T * 64 * 2, kv = T * 32 * 2, g = T * 96 * 2;
        QCOMPARE(b->peakAllocated - b->baselineAllocated, h + q + 2 * kv + q + 2 * kv + 65536 + 131072);
        QCOMPARE(a->peakAllocated - a->baselineAllocated, h + h + 2 * g + 2 * 2 * kv);
        QCOMPARE(a->finalAllocated, b->finalAllocated);
    }

    // A static cache is allocated at the start of the prefill, at its capacity P + G (or the window), once.
    void staticCache()
    {
        Case c;
        c.cache = KvCacheKind::Static;
        c.B = 2;
        c.P = 10;
        c.G = 30; // [2, 40, 2, 16] bf16 = 5120 B per key
        c.repeats = 1;
        const auto p = workloads::predictDecoder(c.config());
        const auto* pre = phase(p, "prefill");
        QCOMPARE(pre->finalAllocated - pre->baselineAllocated, u64(2 * 2 * 5120 + 512));
        const auto* dec = phase(p, "decode");
        QCOMPARE(dec->finalAllocated, dec->baselineAllocated); // never reallocated
        const auto* warm = phase(p, "warm_prefill", 0u);
        QCOMPARE(warm->finalAllocated, pre->finalAllocated);
        c.shape = tinyMistral(8); // capacity min(40, 8)
        const auto w = workloads::predictDecoder(c.config());
        QCOMPARE(phase(w, "prefill")->finalAllocated - phase(w, "prefill")->baselineAllocated,
            u64(2 * 2 * 1024 /* [2, 8, 2, 16] bf16 */ + 512));
    }

    void decode_data()
    {
        QTest::addColumn<int>("shapeKind"); // 0 llama, 4 mistral (window 8)
        QTest::addColumn<KvCacheKind>("cache");
        QTest::addColumn<AttentionKind>("attention");
        QTest::addColumn<quint64>("P");
        QTest::addColumn<quint64>("G");
        QTest::addColumn<quint64>("chunk");
        const auto dyn = KvCacheKind::Dynamic, stat = KvCacheKind::Static, paged = KvCacheKind::Paged;
        const auto sdpa = AttentionKind::Sdpa, eager = AttentionKind::Eager;
        QTest::addRow("dynamic one record") << 0 << dyn << sdpa << quint64(5) << quint64(6) << quint64(0);
        QTest::addRow("dynamic chunks of 4") << 0 << dyn << sdpa << quint64(5) << quint64(10) << quint64(4);
        QTest::addRow("dynamic eager chunks") << 0 << dyn << eager << quint64(5) << quint64(10) << quint64(3);
        QTest::addRow("dynamic long") << 0 << dyn << sdpa << quint64(30) << quint64(40) << quint64(16);
        QTest::addRow("static eager") << 0 << stat << eager << quint64(5) << quint64(10) << quint64(4);
        QTest::addRow("paged crossing blocks") << 0 << paged << sdpa << quint64(5) << quint64(40) << quint64(7);
        QTest::addRow("paged eager") << 0 << paged << eager << quint64(16) << quint64(17) << quint64(0);
        QTest::addRow("window dynamic caps") << 4 << dyn << sdpa << quint64(5) << quint64(10) << quint64(2);
        QTest::addRow("window dynamic full") << 4 << dyn << eager << quint64(20) << quint64(5) << quint64(0);
        QTest::addRow("window paged ring") << 4 << paged << sdpa << quint64(5) << quint64(60) << quint64(10);
        QTest::addRow("window static") << 4 << stat << sdpa << quint64(5) << quint64(10) << quint64(0);
    }

    // Every decode record: baseline, peak and final from the caches at its first and last position.
    void decode()
    {
        QFETCH(int, shapeKind);
        QFETCH(KvCacheKind, cache);
        QFETCH(AttentionKind, attention);
        QFETCH(quint64, P);
        QFETCH(quint64, G);
        QFETCH(quint64, chunk);
        Case c;
        c.shape = shapeKind == 0 ? tinyLlama() : tinyMistral(8);
        c.cache = cache;
        c.attention = attention;
        c.B = 3;
        c.P = P;
        c.G = G;
        c.chunk = chunk;
        for (auto allocator : { AllocatorKind::Native, AllocatorKind::Async }) {
            c.allocator = allocator;
            const Expect e(c);
            const auto p = workloads::predictDecoder(c.config());
            QVERIFY2(p.error.empty(), p.error.c_str());
            const u64 records = chunk == 0 ? 1 : ceilDiv(G, chunk);
            u64 first = P;
            std::size_t seen = 0;
            for (u64 r = 0; r < records; ++r) {
                const u64 steps = chunk == 0 ? G : std::min(chunk, G - r * chunk);
                const auto* d = phase(p, "decode", chunk == 0 || records == 1 ? std::nullopt
                                                                              : std::optional<std::uint32_t>(r));
                QVERIFY(d);
                ++seen;
                const u64 last = first + steps - 1;
                const u64 fixed = e.weightsCharged() + e.inputsCharged() + e.ids();
                QCOMPARE(d->baselineAllocated, fixed + e.caches(first - 1));
                QCOMPARE(d->finalAllocated, fixed + e.caches(last));
                QCOMPARE(d->peakAllocated, e.decodePeak(first, last));
                first = last + 1;
            }
            QCOMPARE(first, P + G);
            QCOMPARE(std::count_if(p.phases.begin(), p.phases.end(), [](const auto& x) { return x.name == "decode"; }),
                static_cast<std::ptrdiff_t>(seen));
        }
    }

    // The dynamic cache grows by reallocation: its last growth holds the old and the new key at once, which a
    // static cache of the same final size never does.
    void dynamicGrowthHoldsOldAndNew()
    {
        Case c;
        c.B = 4;
        c.P = 100;
        c.G = 200;
        c.shape.kvHeads = 4;
        c.shape.heads = 4;
        const auto dyn = workloads::predictDecoder(c.config());
        c.cache = KvCacheKind::Static;
        const auto stat = workloads::predictDecoder(c.config());
        const auto* d = phase(dyn, "decode");
        const auto* s = phase(stat, "decode");
        QCOMPARE(d->finalAllocated, s->finalAllocated); // both hold [4, 300, 4, 16] per key and value at the end
        const u64 key = 4 * 300 * 4 * 16 * 2; // the last new key, beside its 299-row predecessor
        QVERIFY(d->peakAllocated >= s->finalAllocated + key);
        QVERIFY(d->peakAllocated > s->peakAllocated);
    }

    void warmPrefills_data()
    {
        QTest::addColumn<KvCacheKind>("cache");
        QTest::addColumn<AllocatorKind>("allocator");
        QTest::addColumn<bool>("emptyCache");
        for (auto cache : { KvCacheKind::Dynamic, KvCacheKind::Static, KvCacheKind::Paged })
            for (auto allocator : { AllocatorKind::Native, AllocatorKind::Async })
                for (bool empty : { false, true })
                    QTest::addRow("%s %s%s", protocol::kvCacheName(cache), protocol::allocatorName(allocator),
                        empty ? " empty_cache" : "")
                        << cache << allocator << empty;
    }

    // A warm prefill releases the generation and runs the prefill again: it ends where the cold prefill ended,
    // and peaks at the cold prefill's peak (or its own baseline, when the decoded cache was larger).
    void warmPrefills()
    {
        QFETCH(KvCacheKind, cache);
        QFETCH(AllocatorKind, allocator);
        QFETCH(bool, emptyCache);
        Case c;
        c.cache = cache;
        c.allocator = allocator;
        c.P = 20;
        c.G = 30;
        c.warmup = 3;
        c.repeats = 2;
        auto config = c.config();
        config.emptyCacheBetweenRepeats = emptyCache;
        const auto p = workloads::predictDecoder(config);
        QVERIFY2(p.error.empty(), p.error.c_str());
        const auto* pre = phase(p, "prefill");
        const auto* warmup = phase(p, "warmup");
        QVERIFY(warmup);
        const Expect e(c);
        QCOMPARE(pre->peakAllocated - pre->baselineAllocated, e.prefillPeakAbove());
        for (const auto* w : { warmup, phase(p, "warm_prefill", 0u), phase(p, "warm_prefill", 1u) }) {
            QVERIFY(w);
            QCOMPARE(w->finalAllocated, pre->finalAllocated);
            QCOMPARE(w->peakAllocated, std::max(w->baselineAllocated, pre->peakAllocated));
        }
        // The decoded cache (50 positions) is larger than the prompt's (20), except a static one.
        QCOMPARE(warmup->baselineAllocated > pre->finalAllocated, cache != KvCacheKind::Static);
    }

    // The stream-ordered pool counts requested bytes: the same inventory, no rounding.
    void asyncIsUnrounded()
    {
        Case c;
        c.allocator = AllocatorKind::Async;
        const auto p = workloads::predictDecoder(c.config());
        const Expect e(c);
        u64 requested = 0;
        for (u64 b : e.weights())
            requested += b;
        QCOMPARE(phase(p, "model_load")->finalAllocated, requested);
        QCOMPARE(phase(p, "inputs")->finalAllocated - requested, u64(4 * 3 * 5));
        for (const auto& ph : p.phases)
            QVERIFY(!ph.peakReserved);
        c.allocator = AllocatorKind::Native;
        const auto n = workloads::predictDecoder(c.config());
        for (std::size_t i = 0; i < p.phases.size(); ++i)
            QVERIFY(n.phases[i].peakAllocated > p.phases[i].peakAllocated);
    }

    void dispatch()
    {
        Case c;
        const auto decoder = workloads::predictRun(c.config());
        QCOMPARE(decoder.phases.size(), workloads::predictDecoder(c.config()).phases.size());
        QCOMPARE(decoder.phases[2].peakAllocated, workloads::predictDecoder(c.config()).phases[2].peakAllocated);
        protocol::RunConfig dense;
        const auto viaRun = workloads::predictRun(dense);
        const auto direct = workloads::predictWorkload(dense);
        QCOMPARE(viaRun.phases.size(), direct.phases.size());
        QCOMPARE(viaRun.parameterCount, direct.parameterCount);
        for (std::size_t i = 0; i < direct.phases.size(); ++i)
            QCOMPARE(viaRun.phases[i].peakAllocated, direct.phases[i].peakAllocated);
        // A dense configuration is not a decoder run.
        QVERIFY(!workloads::predictDecoder(dense).error.empty());
    }

    void invalidConfigurations()
    {
        Case absurd;
        absurd.P = 1000000000000ULL; // 1e12 tokens
        absurd.B = 1000000;
        auto p = workloads::predictDecoder(absurd.config());
        QVERIFY(!p.error.empty());
        QVERIFY(p.phases.empty());
        Case noPrompt;
        noPrompt.P = 0;
        QVERIFY(!workloads::predictDecoder(noPrompt.config()).error.empty());
        Case norms;
        norms.shape.normsPerLayer = 3;
        p = workloads::predictDecoder(norms.config());
        QVERIFY(p.error.find("norms") != std::string::npos);
        auto fp32Int8 = Case {}.config();
        fp32Int8.decoder->storage = WeightStorage::Int8;
        fp32Int8.dtype = device::DType::Float32;
        QVERIFY(!workloads::predictDecoder(fp32Int8).error.empty());
        // Large but valid: every product fits, the prediction is made (a 70B-sized vocabulary row, 1 token).
        Case big;
        big.shape.vocab = 1u << 30;
        big.P = 1;
        big.G = 1;
        big.B = 1;
        p = workloads::predictDecoder(big.config());
        QVERIFY2(p.error.empty(), p.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestDecoderPredictor)
#include "tst_decoderpredictor.moc"
