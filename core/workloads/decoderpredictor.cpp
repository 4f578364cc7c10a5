// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/decoderpredictor.h"
#include "core/workloads/decoderreplay.h"

#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"
#include "core/workloads/decodertrainingpredictor.h"
#include "core/workloads/decoderweights.h"
#include "core/workloads/ledger.h"

#include <algorithm>
#include <memory>

namespace iteragpu::workloads {

namespace {

    namespace checked = units::checked;
    using protocol::AttentionKind;
    using protocol::KvCacheKind;
    using protocol::PhaseKind;
    using protocol::WeightStorage;

    constexpr const char* kWhat = "a tensor of the decoder";
    constexpr std::uint64_t kIdBytes = 4; // int32 token ids and top-k indices
    constexpr std::uint64_t kFloat32Bytes = 4; // probs32, top-k weights, quantization scales
    constexpr std::uint64_t kTableEntryBytes = 8; // uint64 block address of a paged block table

    // What protocol::validateConfig leaves to the decoder's own rules: here only that it is a decoder run (the
    // layers' norms are checked as the inventory is made, DECODER.md "Layers").
    std::string validateDecoder(const protocol::RunConfig& config)
    {
        if (config.workload != protocol::WorkloadKind::Decoder || !config.decoder)
            return "not a decoder run: the configuration has no decoder workload";
        return {};
    }

    // The byte counts of one decoder run (DECODER.md), every product checked once here so that the replay below
    // multiplies only values already known to fit.
    struct Inventory {
        // One forward pass of one layer with Q query positions per sequence (P in a prefill, 1 in a decode
        // step), T = B·Q.
        struct Pass {
            std::uint64_t q = 0; // [T, Hq·D]: q (MLA: q, query and key)
            std::uint64_t attn = 0; // [T, Hq·Dv]
            std::uint64_t kv = 0; // [T, Hk·D]: k
            std::uint64_t value = 0; // [T, Hk·Dv]: v
            // MLA ("MLA layers"): q_a and q_a_n [T, Rq], ckv [T, Rkv + Dr], kv_n [T, Rkv], kv [T, Hq·(Dn + Dv)],
            // q_pe [T, Hq·Dr], k_pe [T, Dr].
            std::uint64_t qA = 0, ckv = 0, kvN = 0, kvUp = 0, qPe = 0, kPe = 0;
            std::uint64_t inter = 0; // [T, I]: g and u
            std::uint64_t sharedInter = 0; // [T, S]
            std::uint64_t sharedGate = 0; // [T, 1]
            std::uint64_t routerLogits = 0; // [T, E]
            std::uint64_t topk = 0; // [T, K] int32 and float32 alike
            std::uint64_t scoresPerKey = 0; // [B, Hq, Q, 1] (s): eager scores and probs per key of the width
            std::uint64_t probs32PerKey = 0; // [B, Hq, Q, 1] float32
            // A Mamba2 mixer (DECODER.md "The Mamba2 mixer"): zxbcdt [T, Wi], xBC [T, Cc], y and y_norm [T, Is].
            std::uint64_t zxbcdt = 0;
            std::uint64_t xbc = 0;
            std::uint64_t y = 0;
            // A gated DeltaNet mixer: qkvz [T, Wd] (zxbcdt), qkv [T, Cd] (xbc), core and y [T, Vd] (y), and these.
            std::uint64_t ba = 0; // [T, 2 Hv]
            std::uint64_t beta = 0; // [T, Hv] (s)
            std::uint64_t g = 0; // [T, Hv] float32
            std::uint64_t qGate = 0; // a gated attention output's q_proj [T, 2 Hq D]
            // A Mamba mixer ("The Mamba mixer"): xz [T, 2 Is] (zxbcdt), xc, delta and y [T, Is] (y), and these.
            std::uint64_t ssmParams = 0; // [T, R + 2 N]
            std::uint64_t dt = 0; // [T, R]
            std::uint64_t bc = 0; // [T, N]: B, and C
            std::uint64_t tokens = 0; // T
        };
        struct Layer {
            std::uint64_t capacity = 0; // N_l
            std::uint64_t ring = 0; // R_l (paged)
            std::uint64_t table = 0; // bytes of one block table (paged)
            std::uint64_t cacheRow = 0; // [B, 1, Hk, D]: a dynamic or static key tensor per row it holds
            std::uint64_t valueRow = 0; // [B, 1, Hk, Dv]: the value tensor's
            std::uint64_t block = 0; // [16, Hk, D]: one paged key block
            std::uint64_t valueBlock = 0; // [16, Hk, Dv]: one paged value block
            bool mla = false;
            bool qLora = false; // MLA with q_lora_rank
            std::uint64_t norms = 2; // n_l
            bool qkNorm = false;
            bool moe = false;
            bool gated = true;
            std::uint64_t experts = 0; // E
            std::uint64_t topK = 0; // K
            std::uint64_t hiddenRow = 0; // [1, H]: a row of an expert's state and y
            std::uint64_t interRow = 0; // [1, I]: a row of an expert's g and u
            bool shared = false;
            bool sharedGate = false;
            bool attention = true; // else no KV cache (DECODER.md "The state cache")
            bool state = false; // a Mamba2 mixer
            bool delta = false; // a gated DeltaNet mixer
            bool mamba = false; // a Mamba (Jamba) mixer
            std::uint64_t xProjDeq = 0, dtProjDeq = 0; // W_deq of x_proj and dt_proj
            bool outputGate = false;
            std::uint64_t baDeq = 0, qGateDeq = 0; // W_deq of in_proj_ba and of a gated q_proj
            bool mlp = true;
            std::uint64_t convState = 0; // state.l.conv [B, Cc, K]
            std::uint64_t ssmState = 0; // state.l.ssm [B, Hs, Ds, N]
            std::uint64_t inProjDeq = 0, outProjDeq = 0; // W_deq of in_proj and out_proj when quantized
            Pass prefill;
            Pass decode;
            // Transient W_deq of each quantized linear, [out, in] in the compute dtype; 0 for float formats.
            std::uint64_t qDeq = 0, kvDeq = 0, oDeq = 0, upDeq = 0, downDeq = 0, sharedUpDeq = 0, sharedDownDeq = 0;
            std::uint64_t qADeq = 0, kvADeq = 0, kvBDeq = 0; // MLA: q_a_proj, kv_a_proj_with_mqa, kv_b_proj
        };

        std::uint64_t sequences = 0; // B
        std::uint64_t prompt = 0; // P
        std::uint64_t generated = 0; // G
        std::uint64_t positions = 0; // C = P + G
        std::uint64_t hiddenPrefill = 0; // [B·P, H]: h, x, o, x2, d, hn and the Gemma-2 o2 / d2
        std::uint64_t hiddenDecode = 0; // [B, H]
        std::vector<Layer> layers;
        std::uint64_t inputIds = 0; // int32 [B, P]
        bool learnedPositions = false; // position_ids int32 [T] and pos [T, H] after h ("prefill" 1)
        std::uint64_t nextIds = 0; // int32 [B]
        std::uint64_t last = 0; // [B, H]
        std::uint64_t logits = 0; // [B, V]
        std::vector<std::uint64_t> weights; // model_load's tensors, in order (decoderWeights)
        std::uint64_t s = 0;
    };

    Inventory::Pass passSizes(const model::LayerSpec& spec, std::uint64_t sequences, std::uint64_t queries,
        std::uint64_t positions, std::uint64_t s)
    {
        const auto& a = spec.attention;
        const auto& mlp = spec.mlp;
        const std::uint64_t t = checked::mul(sequences, queries, kWhat);
        Inventory::Pass p;
        p.tokens = t;
        p.q = checked::mul({ t, a.heads, a.headDim, s }, kWhat);
        p.attn = checked::mul({ t, a.heads, a.valueHeadDim, s }, kWhat);
        p.kv = checked::mul({ t, a.kvHeads, a.headDim, s }, kWhat);
        p.value = checked::mul({ t, a.kvHeads, a.valueHeadDim, s }, kWhat);
        if (a.layout == model::AttentionSpec::Layout::Mla) {
            p.qA = checked::mul({ t, a.qLoraRank, s }, kWhat);
            p.ckv = checked::mul({ t, checked::add(a.kvLoraRank, a.qkRopeHeadDim, kWhat), s }, kWhat);
            p.kvN = checked::mul({ t, a.kvLoraRank, s }, kWhat);
            p.kvUp = checked::mul({ t, a.heads, checked::add(a.qkNopeHeadDim, a.valueHeadDim, kWhat), s }, kWhat);
            p.qPe = checked::mul({ t, a.heads, a.qkRopeHeadDim, s }, kWhat);
            p.kPe = checked::mul({ t, a.qkRopeHeadDim, s }, kWhat);
        }
        p.inter = checked::mul({ t, mlp.intermediate, s }, kWhat);
        p.sharedInter = checked::mul({ t, mlp.sharedIntermediate, s }, kWhat);
        p.sharedGate = checked::mul(t, s, kWhat);
        p.routerLogits = checked::mul({ t, mlp.experts, s }, kWhat);
        p.topk = checked::mul({ t, mlp.expertsPerToken, kIdBytes }, kWhat);
        p.scoresPerKey = checked::mul({ sequences, a.heads, queries, s }, kWhat);
        p.probs32PerKey = checked::mul({ sequences, a.heads, queries, kFloat32Bytes }, kWhat);
        if (spec.state.kind == model::StateSpec::Kind::Mamba2) {
            const auto& st = spec.state;
            const std::uint64_t channels = st.convChannels();
            p.zxbcdt
                = checked::mul({ t, checked::add(checked::add(st.inner, channels, kWhat), st.heads, kWhat), s }, kWhat);
            p.xbc = checked::mul({ t, channels, s }, kWhat);
            p.y = checked::mul({ t, st.inner, s }, kWhat);
        } else if (spec.state.kind == model::StateSpec::Kind::Mamba) {
            const auto& st = spec.state;
            p.zxbcdt = checked::mul({ t, 2, st.inner, s }, kWhat);
            p.y = checked::mul({ t, st.inner, s }, kWhat);
            p.ssmParams
                = checked::mul({ t, checked::add(st.dtRank, checked::mul(2, st.stateSize, kWhat), kWhat), s }, kWhat);
            p.dt = checked::mul({ t, st.dtRank, s }, kWhat);
            p.bc = checked::mul({ t, st.stateSize, s }, kWhat);
        } else if (spec.state.kind == model::StateSpec::Kind::GatedDeltaNet) {
            const auto& st = spec.state;
            const std::uint64_t channels = st.convChannels();
            p.zxbcdt = checked::mul({ t, checked::add(channels, st.inner, kWhat), s }, kWhat);
            p.xbc = checked::mul({ t, channels, s }, kWhat);
            p.y = checked::mul({ t, st.inner, s }, kWhat);
            p.ba = checked::mul({ t, 2, st.heads, s }, kWhat);
            p.beta = checked::mul({ t, st.heads, s }, kWhat);
            p.g = checked::mul({ t, st.heads, kFloat32Bytes }, kWhat);
        }
        if (a.outputGate)
            p.qGate = checked::mul(p.q, 2, kWhat);
        // The widest attention reads every position: the products below stay under these bounds.
        checked::mul(p.probs32PerKey, positions, kWhat);
        checked::mul(p.scoresPerKey, positions, kWhat);
        return p;
    }

    Inventory makeInventory(const protocol::RunConfig& config)
    {
        const auto& d = *config.decoder;
        const auto& m = d.shape;
        const WeightStorage storage = d.storage;
        const bool quantized = protocol::weightStorageQuantized(storage);
        Inventory inv;
        inv.s = device::dtypeSize(protocol::decoderComputeDType(config));
        const std::uint64_t s = inv.s;
        inv.sequences = d.sequences;
        inv.prompt = d.promptTokens;
        inv.generated = d.generated;
        inv.positions = checked::add(d.promptTokens, d.generated, "prompt plus generated tokens");
        inv.hiddenPrefill = checked::mul({ d.sequences, d.promptTokens, m.hidden, s }, kWhat);
        inv.hiddenDecode = checked::mul({ d.sequences, m.hidden, s }, kWhat);
        inv.inputIds = checked::mul({ d.sequences, d.promptTokens, kIdBytes }, kWhat);
        inv.learnedPositions = m.positionEmbeddings > 0;
        inv.nextIds = checked::mul(d.sequences, kIdBytes, kWhat);
        inv.last = checked::mul({ d.sequences, m.hidden, s }, kWhat);
        inv.logits = checked::mul({ d.sequences, m.vocab, s }, kWhat);
        DecoderWeights weights = decoderWeights(config);
        inv.weights = std::move(weights.tensors);

        const std::uint64_t blocks = checked::ceilDiv(inv.positions, protocol::kPagedBlockTokens);
        inv.layers.resize(m.layers);
        for (std::uint64_t l = 0; l < m.layers; ++l) {
            const model::LayerSpec spec = m.layerSpecs.empty() ? m.uniformLayer(l) : m.layerSpecs.at(l);
            const auto& a = spec.attention;
            const auto& mlp = spec.mlp;
            auto& layer = inv.layers[l];
            // A sliding layer's window, or a chunked layer's chunk: both keep a ring of that many positions.
            std::optional<std::uint64_t> window = m.layerWindows.empty() ? std::nullopt : m.layerWindows[l];
            if (a.span == model::AttentionSpec::Span::Chunked)
                window = a.window;
            layer.capacity = window ? std::min(inv.positions, *window) : inv.positions;
            layer.ring = window
                ? std::min(blocks, checked::add(checked::ceilDiv(*window, protocol::kPagedBlockTokens), 1, kWhat))
                : blocks;
            layer.table = checked::mul({ kTableEntryBytes, d.sequences, layer.ring }, kWhat);
            layer.cacheRow = checked::mul({ d.sequences, a.kvHeads, a.headDim, s }, kWhat);
            layer.valueRow = checked::mul({ d.sequences, a.kvHeads, a.valueHeadDim, s }, kWhat);
            checked::mul(layer.cacheRow, inv.positions, kWhat); // the largest cache tensors
            checked::mul(layer.valueRow, inv.positions, kWhat);
            layer.block = checked::mul({ protocol::kPagedBlockTokens, a.kvHeads, a.headDim, s }, kWhat);
            layer.valueBlock = checked::mul({ protocol::kPagedBlockTokens, a.kvHeads, a.valueHeadDim, s }, kWhat);
            layer.mla = a.layout == model::AttentionSpec::Layout::Mla;
            layer.qLora = layer.mla && a.qLoraRank > 0;
            layer.norms = weights.layers[l].norms;
            layer.qkNorm = a.qkNormParameters > 0;
            layer.moe = mlp.kind == model::MlpSpec::Kind::Moe;
            layer.gated = mlp.gated;
            layer.experts = layer.moe ? mlp.experts : 0;
            layer.topK = layer.moe ? mlp.expertsPerToken : 0;
            layer.hiddenRow = checked::mul(m.hidden, s, kWhat);
            layer.interRow = checked::mul(mlp.intermediate, s, kWhat);
            layer.shared = layer.moe && mlp.sharedIntermediate > 0;
            layer.sharedGate = layer.shared && mlp.sharedExpertGate;
            layer.attention = a.present;
            layer.mlp = mlp.kind != model::MlpSpec::Kind::None;
            layer.state = spec.state.kind == model::StateSpec::Kind::Mamba2;
            layer.delta = spec.state.kind == model::StateSpec::Kind::GatedDeltaNet;
            layer.mamba = spec.state.kind == model::StateSpec::Kind::Mamba;
            layer.outputGate = a.outputGate;
            if (layer.mamba) { // "The state cache"; in_proj, x_proj, dt_proj and out_proj are quantized linears
                const auto& st = spec.state;
                layer.convState = checked::mul({ d.sequences, st.convStateElements(), s }, kWhat);
                layer.ssmState = checked::mul({ d.sequences, st.recurrentStateElements(), s }, kWhat);
                if (quantized && storage != WeightStorage::Mxfp4) {
                    layer.inProjDeq = checked::mul({ 2, st.inner, m.hidden, s }, kWhat);
                    layer.xProjDeq = checked::mul(
                        { checked::add(st.dtRank, checked::mul(2, st.stateSize, kWhat), kWhat), st.inner, s }, kWhat);
                    layer.dtProjDeq = checked::mul({ st.inner, st.dtRank, s }, kWhat);
                    layer.outProjDeq = checked::mul({ st.inner, m.hidden, s }, kWhat);
                }
            }
            if (layer.delta) {
                const auto& st = spec.state;
                layer.convState = checked::mul({ d.sequences, st.convStateElements(), s }, kWhat);
                layer.ssmState = checked::mul({ d.sequences, st.recurrentStateElements(), s }, kWhat);
                if (quantized && storage != WeightStorage::Mxfp4) { // mxfp4: the routed experts only
                    layer.inProjDeq
                        = checked::mul({ checked::add(st.convChannels(), st.inner, kWhat), m.hidden, s }, kWhat);
                    layer.baDeq = checked::mul({ 2, st.heads, m.hidden, s }, kWhat);
                    layer.outProjDeq = checked::mul({ st.inner, m.hidden, s }, kWhat);
                }
            }
            if (layer.state) {
                const auto& st = spec.state;
                layer.convState = checked::mul({ d.sequences, st.convStateElements(), s }, kWhat);
                layer.ssmState = checked::mul({ d.sequences, st.recurrentStateElements(), s }, kWhat);
                if (quantized && storage != WeightStorage::Mxfp4) { // mxfp4: the routed experts only
                    const std::uint64_t width
                        = checked::add(checked::add(st.inner, st.convChannels(), kWhat), st.heads, kWhat);
                    layer.inProjDeq = checked::mul({ width, m.hidden, s }, kWhat);
                    layer.outProjDeq = checked::mul({ st.inner, m.hidden, s }, kWhat);
                }
            }
            layer.prefill = passSizes(spec, d.sequences, d.promptTokens, inv.positions, s);
            layer.decode = passSizes(spec, d.sequences, 1, inv.positions, s);

            const std::uint64_t qOut = checked::mul(a.heads, a.headDim, kWhat);
            const std::uint64_t kvOut = checked::mul(a.kvHeads, a.headDim, kWhat);
            if (storage == WeightStorage::Mxfp4) { // only the routed experts are quantized ("Formats")
                if (layer.moe)
                    layer.upDeq = layer.downDeq = checked::mul({ mlp.intermediate, m.hidden, s }, kWhat);
            } else if (quantized) {
                if (layer.mla) { // every MLA projection is quantized, the latent norms are not
                    layer.qADeq = checked::mul({ a.qLoraRank, m.hidden, s }, kWhat);
                    layer.qDeq = checked::mul({ qOut, layer.qLora ? a.qLoraRank : m.hidden, s }, kWhat);
                    layer.kvADeq
                        = checked::mul({ checked::add(a.kvLoraRank, a.qkRopeHeadDim, kWhat), m.hidden, s }, kWhat);
                    layer.kvBDeq = checked::mul(
                        { a.heads, checked::add(a.qkNopeHeadDim, a.valueHeadDim, kWhat), a.kvLoraRank, s }, kWhat);
                    layer.oDeq = checked::mul({ m.hidden, a.heads, a.valueHeadDim, s }, kWhat);
                } else {
                    layer.qDeq = checked::mul({ qOut, m.hidden, s }, kWhat);
                    layer.kvDeq = checked::mul({ kvOut, m.hidden, s }, kWhat);
                    layer.oDeq = layer.qDeq;
                    layer.qGateDeq = checked::mul(layer.qDeq, 2, kWhat);
                }
                layer.upDeq = checked::mul({ mlp.intermediate, m.hidden, s }, kWhat);
                layer.downDeq = layer.upDeq;
                if (layer.shared)
                    layer.sharedUpDeq = layer.sharedDownDeq = checked::mul({ mlp.sharedIntermediate, m.hidden, s }, kWhat);
            }
        }
        return inv;
    }

    // The workload's allocations and frees, in DECODER.md's order. Each live tensor is a LedgerBlock held here.
    class Script {
    public:
        Script(Ledger& ledger, const protocol::RunConfig& config, const RoutingReplay* observed)
            : m_l(ledger)
            , m_shape(config.decoder->shape)
            , m_inv(makeInventory(config))
            , m_eager(config.decoder->attention == AttentionKind::Eager)
            , m_cache(config.decoder->cache)
            , m_kv(m_shape.layers)
            , m_observed(observed)
        {
        }

        // The phase about to be replayed: its recorded routing, if the run recorded one, is read call by call.
        void beginPhase(std::size_t index)
        {
            m_phaseRouting = nullptr;
            m_call = 0;
            if (m_observed && index < m_observed->size()) {
                const auto& r = (*m_observed)[index];
                if (r && r->rule == protocol::RoutingRule::Observed && r->recorded)
                    m_phaseRouting = &*r;
            }
        }
        // The recorded calls must all have been read: a record longer than the run's MoE calls is not this run's.
        void endPhase(const std::string& name) const
        {
            if (m_phaseRouting && m_call != m_phaseRouting->loads.size())
                throw units::InputError("the routing recorded for phase " + name + " has "
                    + std::to_string(m_phaseRouting->loads.size()) + " MoE layer calls; the run makes "
                    + std::to_string(m_call));
        }

        void modelLoad()
        {
            for (const std::uint64_t bytes : m_inv.weights)
                m_l.allocate(bytes);
        }

        void inputs()
        {
            m_inputIds = m_l.allocate(m_inv.inputIds);
            if (m_cache == KvCacheKind::Paged)
                for (const auto& layer : m_inv.layers) {
                    if (!layer.attention)
                        continue;
                    m_l.allocate(layer.table); // key_table
                    m_l.allocate(layer.table); // value_table
                }
        }

        void prefill()
        {
            if (m_cache == KvCacheKind::Static && !m_staticAllocated) {
                for (std::size_t l = 0; l < m_kv.size(); ++l) {
                    const auto& shape = m_inv.layers[l];
                    if (!shape.attention)
                        continue;
                    m_kv[l].key = m_l.allocate(shape.cacheRow * shape.capacity);
                    m_kv[l].value = m_l.allocate(shape.valueRow * shape.capacity);
                }
                m_staticAllocated = true;
            }
            if (!m_statesAllocated) { // the state cache: once, then zero-filled in place (no allocation)
                for (const auto& shape : m_inv.layers)
                    if (shape.state || shape.delta || shape.mamba) {
                        m_states.push_back(m_l.allocate(shape.convState));
                        m_states.push_back(m_l.allocate(shape.ssmState));
                    }
                m_statesAllocated = true;
            }
            const std::uint64_t hidden = m_inv.hiddenPrefill;
            LedgerBlock h = m_l.allocate(hidden);
            positions(m_inv.inputIds, hidden);
            for (std::size_t l = 0; l < m_kv.size(); ++l)
                layer(l, hidden, true, 0);
            const LedgerBlock hn = m_l.allocate(hidden);
            m_l.release(h);
            const LedgerBlock last = m_l.allocate(m_inv.last);
            m_l.release(hn);
            const LedgerBlock logits = m_l.allocate(m_inv.logits); // lm_head is never quantized: no W_deq
            m_l.release(last);
            m_nextIds = m_l.allocate(m_inv.nextIds);
            m_l.release(logits);
            m_position = m_inv.prompt;
        }

        // Learned positions after h: position_ids (int32, one per token, as the ids), pos [T, H], both freed.
        void positions(std::uint64_t ids, std::uint64_t hidden)
        {
            if (!m_inv.learnedPositions)
                return;
            const LedgerBlock positionIds = m_l.allocate(ids);
            const LedgerBlock pos = m_l.allocate(hidden);
            m_l.release(positionIds);
            m_l.release(pos);
        }

        // `steps` decode steps from the position the generation has reached.
        void decode(std::uint64_t steps)
        {
            const std::uint64_t hidden = m_inv.hiddenDecode;
            for (std::uint64_t step = 0; step < steps; ++step, ++m_position) {
                const LedgerBlock h = m_l.allocate(hidden);
                positions(m_inv.nextIds, hidden);
                for (std::size_t l = 0; l < m_kv.size(); ++l)
                    layer(l, hidden, false, m_position);
                const LedgerBlock hn = m_l.allocate(hidden);
                m_l.release(h);
                const LedgerBlock logits = m_l.allocate(m_inv.logits);
                m_l.release(hn);
                const LedgerBlock next = m_l.allocate(m_inv.nextIds);
                m_l.release(m_nextIds);
                m_nextIds = next;
                m_l.release(logits);
            }
        }

        void warmPrefill()
        {
            m_l.release(m_nextIds);
            for (std::size_t l = 0; l < m_kv.size(); ++l) {
                auto& kv = m_kv[l];
                if (!m_inv.layers[l].attention)
                    continue;
                if (m_cache == KvCacheKind::Dynamic) {
                    m_l.release(kv.key);
                    m_l.release(kv.value);
                    kv.rows = 0;
                } else if (m_cache == KvCacheKind::Paged) {
                    for (const auto& block : kv.blocks)
                        m_l.release(block);
                    kv.blocks.clear();
                    kv.ringBlocks = 0;
                }
            }
            prefill();
        }

        // DecoderWorkload::releaseAfterForward: next_ids, then each attention layer's dynamic key and value, then
        // input_ids (DecoderReplay, for vLLM's profile run).
        void releaseAfterForward()
        {
            if (m_cache != KvCacheKind::Dynamic)
                throw units::InputError("the decoder's forward is released after a dynamic cache only");
            m_l.release(m_nextIds);
            for (std::size_t l = 0; l < m_kv.size(); ++l) {
                if (!m_inv.layers[l].attention || m_noCache)
                    continue;
                m_l.release(m_kv[l].key);
                m_l.release(m_kv[l].value);
                m_kv[l].rows = 0;
            }
            m_l.release(m_inputIds);
        }

        void writeNoCache()
        {
            if (m_cache != KvCacheKind::Dynamic || m_inv.generated > 0)
                throw units::InputError("a prefill without a cache needs a dynamic cache and no decode");
            m_noCache = true;
        }

        std::uint64_t decodeStepsLeft() const { return m_inv.generated - m_stepsDone; }
        void countSteps(std::uint64_t steps) { m_stepsDone += steps; }

    private:
        // The KV cache of one layer: the dynamic or static key and value, or the paged blocks in allocation order
        // (per ring block: for each sequence, key then value).
        struct LayerCache {
            LedgerBlock key;
            LedgerBlock value;
            std::uint64_t rows = 0; // dynamic: rows held
            std::vector<LedgerBlock> blocks;
            std::uint64_t ringBlocks = 0; // paged: ring blocks 0..ringBlocks-1 have their blocks
        };

        // y = linear(x, W): W_deq first when the weight is quantized (deqBytes > 0), freed once y exists.
        LedgerBlock linear(std::uint64_t deqBytes, std::uint64_t outBytes)
        {
            if (deqBytes == 0)
                return m_l.allocate(outBytes);
            const LedgerBlock deq = m_l.allocate(deqBytes);
            const LedgerBlock y = m_l.allocate(outBytes);
            m_l.release(deq);
            return y;
        }

        // The next `count` ring blocks of a layer: for each block, for each sequence, key then value.
        void allocateBlocks(LayerCache& kv, const Inventory::Layer& shape, std::uint64_t count)
        {
            for (std::uint64_t j = 0; j < count; ++j, ++kv.ringBlocks)
                for (std::uint64_t b = 0; b < m_inv.sequences; ++b) {
                    kv.blocks.push_back(m_l.allocate(shape.block));
                    kv.blocks.push_back(m_l.allocate(shape.valueBlock));
                }
        }

        // One layer of a pass (DECODER.md prefill step 2, with the decode's changes); `position` is the decoded
        // token's position p in a decode step; `hidden` the bytes of a [T, H] tensor.
        void layer(std::size_t index, std::uint64_t hidden, bool isPrefill, std::uint64_t position)
        {
            const auto& shape = m_inv.layers[index];
            const auto& pass = isPrefill ? shape.prefill : shape.decode;
            const bool mixer = shape.attention || shape.state || shape.delta || shape.mamba;
            const bool parallel = shape.norms == 1 && mixer && shape.mlp;
            const bool fourNorms = shape.norms == 4;

            const LedgerBlock x = m_l.allocate(hidden);
            if (shape.state) {
                mamba2(shape, pass, x, hidden);
            } else if (shape.delta) {
                deltaNet(shape, pass, x, hidden);
            } else if (shape.mamba) {
                mamba(shape, pass, x, hidden);
            } else if (shape.attention) {
                attention(index, x, hidden, isPrefill, position, parallel);
            }
            if (!shape.mlp)
                return;
            // Parallel, or an MLP-only layer: the MLP reads x, no x2 of its own.
            const LedgerBlock x2 = parallel || !mixer ? x : m_l.allocate(hidden);
            const LedgerBlock d = shape.moe ? moe(shape, pass, hidden)
                                            : mlp(shape.gated, pass.inter, shape.upDeq, shape.downDeq, hidden);
            m_l.release(x2);
            residual(d, hidden, fourNorms);
        }

        // DECODER.md "The Mamba2 mixer" a-g, from x (freed here).
        void mamba2(
            const Inventory::Layer& shape, const Inventory::Pass& pass, const LedgerBlock& x, std::uint64_t hidden)
        {
            const LedgerBlock zxbcdt = linear(shape.inProjDeq, pass.zxbcdt);
            const LedgerBlock xbc = m_l.allocate(pass.xbc);
            const LedgerBlock y = m_l.allocate(pass.y);
            const LedgerBlock yNorm = m_l.allocate(pass.y);
            const LedgerBlock o = linear(shape.outProjDeq, hidden);
            for (const LedgerBlock* t : { &x, &zxbcdt, &xbc, &y, &yNorm })
                m_l.release(*t);
            m_l.release(o);
        }

        // DECODER.md "The Mamba mixer" a-i, from x (freed here).
        void mamba(
            const Inventory::Layer& shape, const Inventory::Pass& pass, const LedgerBlock& x, std::uint64_t hidden)
        {
            const LedgerBlock xz = linear(shape.inProjDeq, pass.zxbcdt);
            const LedgerBlock xc = m_l.allocate(pass.y);
            const LedgerBlock params = linear(shape.xProjDeq, pass.ssmParams);
            const LedgerBlock dt = m_l.allocate(pass.dt);
            const LedgerBlock b = m_l.allocate(pass.bc);
            const LedgerBlock c = m_l.allocate(pass.bc);
            const LedgerBlock delta = linear(shape.dtProjDeq, pass.y);
            const LedgerBlock y = m_l.allocate(pass.y);
            const LedgerBlock o = linear(shape.outProjDeq, hidden);
            for (const LedgerBlock* t : { &x, &xz, &xc, &params, &dt, &b, &c, &delta, &y })
                m_l.release(*t);
            m_l.release(o);
        }

        // DECODER.md "The gated DeltaNet mixer" a-h, from x (freed here).
        void deltaNet(
            const Inventory::Layer& shape, const Inventory::Pass& pass, const LedgerBlock& x, std::uint64_t hidden)
        {
            const LedgerBlock qkvz = linear(shape.inProjDeq, pass.zxbcdt);
            const LedgerBlock ba = linear(shape.baDeq, pass.ba);
            const LedgerBlock qkv = m_l.allocate(pass.xbc);
            const LedgerBlock beta = m_l.allocate(pass.beta);
            const LedgerBlock g = m_l.allocate(pass.g);
            const LedgerBlock core = m_l.allocate(pass.y);
            const LedgerBlock y = m_l.allocate(pass.y);
            const LedgerBlock o = linear(shape.outProjDeq, hidden);
            for (const LedgerBlock* t : { &x, &qkvz, &ba, &qkv, &beta, &g, &core, &y })
                m_l.release(*t);
            m_l.release(o);
        }

        // An attention layer's steps a-i (prefill step 2, with the decode's changes), from x (kept when parallel).
        void attention(std::size_t index, const LedgerBlock& x, std::uint64_t hidden, bool isPrefill,
            std::uint64_t position, bool parallel)
        {
            const auto& shape = m_inv.layers[index];
            const auto& pass = isPrefill ? shape.prefill : shape.decode;
            auto& kv = m_kv[index];
            const std::uint64_t capacity = shape.capacity;
            const bool fourNorms = shape.norms == 4;

            LedgerBlock q, k, v, gate;
            std::vector<LedgerBlock> mlaParts; // q, q_pe, ckv, k_pe, kv: freed after query, key and value
            if (shape.mla) { // "MLA layers" b and c
                LedgerBlock projected;
                if (shape.qLora) {
                    const LedgerBlock qa = linear(shape.qADeq, pass.qA);
                    const LedgerBlock qan = m_l.allocate(pass.qA);
                    m_l.release(qa);
                    projected = linear(shape.qDeq, pass.q);
                    m_l.release(qan);
                } else {
                    projected = linear(shape.qDeq, pass.q);
                }
                const LedgerBlock ckv = linear(shape.kvADeq, pass.ckv);
                if (!parallel)
                    m_l.release(x);
                const LedgerBlock kvn = m_l.allocate(pass.kvN);
                const LedgerBlock up = linear(shape.kvBDeq, pass.kvUp);
                m_l.release(kvn);
                const LedgerBlock qpe = m_l.allocate(pass.qPe);
                const LedgerBlock kpe = m_l.allocate(pass.kPe);
                q = m_l.allocate(pass.q); // query
                k = m_l.allocate(pass.kv); // key: Hk = Hq
                v = m_l.allocate(pass.value);
                mlaParts = { projected, qpe, ckv, kpe, up };
            } else {
                if (shape.outputGate) { // "The gated attention output": q_gate, then the two halves as copies
                    const LedgerBlock qGate = linear(shape.qGateDeq, pass.qGate);
                    gate = m_l.allocate(pass.q);
                    q = m_l.allocate(pass.q);
                    m_l.release(qGate);
                } else {
                    q = linear(shape.qDeq, pass.q);
                }
                k = linear(shape.kvDeq, pass.kv);
                v = linear(shape.kvDeq, pass.kv);
                if (!parallel)
                    m_l.release(x);
            }
            if (shape.qkNorm) { // q and k each through their norm into a new tensor
                const LedgerBlock qn = m_l.allocate(pass.q);
                m_l.release(q);
                q = qn;
                const LedgerBlock kn = m_l.allocate(pass.kv);
                m_l.release(k);
                k = kn;
            }

            bool becameCache = false;
            std::uint64_t width = 0;
            if (isPrefill) {
                const std::uint64_t prompt = m_inv.prompt;
                width = prompt;
                if (m_cache == KvCacheKind::Static) {
                    if (prompt <= capacity)
                        width = capacity;
                } else if (m_cache == KvCacheKind::Paged) {
                    const std::uint64_t touched
                        = std::min(checked::ceilDiv(prompt, protocol::kPagedBlockTokens), shape.ring);
                    allocateBlocks(kv, shape, touched);
                } else if (m_noCache) {
                    // DECODER.md "A prefill without a cache": k and v are freed after the attention
                } else if (prompt <= capacity) {
                    kv.key = k;
                    kv.value = v;
                    kv.rows = prompt;
                    becameCache = true;
                } else {
                    kv.key = m_l.allocate(shape.cacheRow * capacity);
                    kv.value = m_l.allocate(shape.valueRow * capacity);
                    kv.rows = capacity;
                }
            } else {
                if (m_cache == KvCacheKind::Static) {
                    width = capacity;
                } else if (m_cache == KvCacheKind::Paged) {
                    const std::uint64_t j = (position / protocol::kPagedBlockTokens) % shape.ring;
                    // Ring blocks come into being in order, so block j exists once j blocks before it do.
                    if (j >= kv.ringBlocks)
                        allocateBlocks(kv, shape, 1);
                    width = std::min(position + 1, capacity);
                } else {
                    if (kv.rows < capacity) {
                        const LedgerBlock key = m_l.allocate(shape.cacheRow * (kv.rows + 1));
                        m_l.release(kv.key);
                        kv.key = key;
                        const LedgerBlock value = m_l.allocate(shape.valueRow * (kv.rows + 1));
                        m_l.release(kv.value);
                        kv.value = value;
                        ++kv.rows;
                    }
                    width = kv.rows; // min(p + 1, N_l)
                }
            }

            const LedgerBlock attn = m_l.allocate(pass.attn);
            if (m_eager) {
                const LedgerBlock scores = m_l.allocate(pass.scoresPerKey * width);
                const LedgerBlock probs32 = m_l.allocate(pass.probs32PerKey * width);
                m_l.release(scores);
                const LedgerBlock probs = m_l.allocate(pass.scoresPerKey * width);
                m_l.release(probs32);
                m_l.release(probs);
            }
            m_l.release(q);
            if (!becameCache) {
                m_l.release(k);
                m_l.release(v);
            }
            for (const LedgerBlock& part : mlaParts)
                m_l.release(part);
            LedgerBlock o;
            if (shape.outputGate) {
                const LedgerBlock gated = m_l.allocate(pass.q);
                m_l.release(attn);
                m_l.release(gate);
                o = linear(shape.oDeq, hidden);
                m_l.release(gated);
            } else {
                o = linear(shape.oDeq, hidden);
                m_l.release(attn);
            }
            residual(o, hidden, fourNorms);
        }

        // h += y (Gemma-2: through its own RMSNorm output first), then y is freed.
        void residual(const LedgerBlock& y, std::uint64_t hiddenBytes, bool fourNorms)
        {
            if (fourNorms) {
                const LedgerBlock normed = m_l.allocate(hiddenBytes);
                m_l.release(y);
                m_l.release(normed);
            } else {
                m_l.release(y);
            }
        }

        // A dense MLP (the layer's, an expert, the shared expert): its output [T, H], its intermediates freed.
        LedgerBlock mlp(bool gated, std::uint64_t inter, std::uint64_t upDeq, std::uint64_t downDeq, std::uint64_t hidden)
        {
            if (!gated) {
                const LedgerBlock u = linear(upDeq, inter);
                const LedgerBlock d = linear(downDeq, hidden);
                m_l.release(u);
                return d;
            }
            const LedgerBlock g = linear(upDeq, inter);
            const LedgerBlock u = linear(upDeq, inter);
            m_l.release(u);
            const LedgerBlock d = linear(downDeq, hidden);
            m_l.release(g);
            return d;
        }

        // Each expert's load n_e in one MoE layer call of T tokens (DECODER.md prefill k, "Routing"): the phase's
        // recorded loads when the run routed from its data, else the simulated device's balanced round-robin, where
        // the T K choices are t K + j mod E, so expert e gets floor(T K / E), one more for e < T K mod E.
        std::vector<std::uint64_t> expertLoads(const Inventory::Layer& shape, std::uint64_t tokens)
        {
            const std::uint64_t choices = checked::mul(tokens, shape.topK, kWhat);
            std::vector<std::uint64_t> loads(shape.experts);
            if (!m_phaseRouting) {
                for (std::uint64_t e = 0; e < shape.experts; ++e)
                    loads[e] = choices / shape.experts + (e < choices % shape.experts ? 1 : 0);
                return loads;
            }
            if (m_call >= m_phaseRouting->loads.size())
                throw units::InputError("the routing recorded for a phase has fewer MoE layer calls than the run makes");
            const auto& seen = m_phaseRouting->loads[m_call++];
            if (seen.size() != shape.experts)
                throw units::InputError("a recorded MoE layer call has " + std::to_string(seen.size())
                    + " experts' loads; its layer has " + std::to_string(shape.experts) + " experts");
            std::uint64_t sum = 0;
            for (std::uint64_t e = 0; e < shape.experts; ++e) {
                if (seen[e] > tokens)
                    throw units::InputError("a recorded expert's load exceeds the tokens of its pass");
                loads[e] = seen[e];
                sum += seen[e];
            }
            if (sum != choices)
                throw units::InputError("a recorded MoE layer call's loads add up to " + std::to_string(sum)
                    + ", not to its tokens times the experts per token (" + std::to_string(choices) + ")");
            return loads;
        }

        // DECODER.md prefill k, MoE: the router and its top k, d, the loads, then each hit expert on its own slice
        // (the previous expert's token_idx, state and y freed once the next ones exist), then the shared expert.
        LedgerBlock moe(const Inventory::Layer& shape, const Inventory::Pass& pass, std::uint64_t hidden)
        {
            const LedgerBlock logits = m_l.allocate(pass.routerLogits); // the router is never quantized
            const LedgerBlock topkIdx = m_l.allocate(pass.topk);
            const LedgerBlock topkW = m_l.allocate(pass.topk);
            m_l.release(logits);
            const LedgerBlock d = m_l.allocate(hidden);
            m_l.release(m_l.allocate(kIdBytes * shape.experts)); // expert_load, copied to the host
            const std::vector<std::uint64_t> loads = expertLoads(shape, pass.tokens);
            std::optional<LedgerBlock> tokens, state, y;
            for (std::uint64_t e = 0; e < shape.experts; ++e) {
                const std::uint64_t n = loads[e];
                if (n == 0)
                    continue; // nothing allocated, nothing run
                const LedgerBlock nextTokens = m_l.allocate(kIdBytes * n);
                if (tokens)
                    m_l.release(*tokens);
                tokens = nextTokens;
                const LedgerBlock nextState = m_l.allocate(shape.hiddenRow * n);
                if (state)
                    m_l.release(*state);
                state = nextState;
                const LedgerBlock nextY = mlp(shape.gated, shape.interRow * n, shape.upDeq, shape.downDeq, shape.hiddenRow * n);
                if (y)
                    m_l.release(*y);
                y = nextY;
            }
            for (const auto& last : { tokens, state, y })
                if (last)
                    m_l.release(*last);
            if (shape.shared) {
                if (shape.sharedGate)
                    m_l.release(m_l.allocate(pass.sharedGate)); // never quantized
                m_l.release(mlp(shape.gated, pass.sharedInter, shape.sharedUpDeq, shape.sharedDownDeq, hidden));
            }
            m_l.release(topkIdx);
            m_l.release(topkW);
            return d;
        }

        Ledger& m_l;
        const model::ModelShape& m_shape;
        const Inventory m_inv;
        const bool m_eager;
        const KvCacheKind m_cache;
        std::vector<LayerCache> m_kv;
        LedgerBlock m_nextIds;
        LedgerBlock m_inputIds;
        bool m_noCache = false; // DECODER.md "A prefill without a cache"
        bool m_staticAllocated = false;
        std::vector<LedgerBlock> m_states; // the state cache, conv then ssm per state layer
        bool m_statesAllocated = false;
        std::uint64_t m_position = 0; // the next decode step's position p
        std::uint64_t m_stepsDone = 0;
        const RoutingReplay* m_observed = nullptr;
        const protocol::PhaseRouting* m_phaseRouting = nullptr; // the phase's recorded loads, when replayed
        std::size_t m_call = 0; // MoE layer calls of the phase replayed so far
    };

} // namespace

WorkloadPrediction predictDecoder(const protocol::RunConfig& config)
{
    return predictDecoder(config, protocol::planPhases(config));
}

WorkloadPrediction predictDecoder(const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan)
{
    return predictDecoder(config, plan, nullptr);
}

WorkloadPrediction predictDecoder(
    const protocol::RunConfig& config, const std::vector<protocol::PlannedPhase>& plan, const RoutingReplay* observed)
{
    if (config.workload == protocol::WorkloadKind::Decoder && config.decoder && config.decoder->training)
        return predictDecoderTraining(config, plan); // DECODER.md "Training"
    WorkloadPrediction out;
    out.error = validateDecoder(config);
    if (out.error.empty())
        out.error = protocol::validateConfig(config);
    if (!out.error.empty())
        return out;
    try {
        out.parameterCount = config.decoder->shape.parameters().total;
        const std::unique_ptr<Ledger> ledger = makeLedger(config.allocator);
        out.method = ledger->method();
        Script script(*ledger, config, observed);
        const std::uint64_t chunk = config.decoder->decodeChunk;
        for (const auto& phase : plan) {
            if (phase.emptyCacheBefore)
                ledger->emptyCache();
            PhasePrediction p;
            p.index = phase.index;
            p.name = phase.name;
            p.repeat = phase.repeat;
            p.baselineAllocated = ledger->current();
            ledger->resetPeak();
            script.beginPhase(static_cast<std::size_t>(phase.index));
            switch (phase.kind) {
            case PhaseKind::ModelLoad:
                script.modelLoad();
                break;
            case PhaseKind::Inputs:
                script.inputs();
                break;
            case PhaseKind::Prefill:
                script.prefill();
                break;
            case PhaseKind::Decode: {
                const std::uint64_t left = script.decodeStepsLeft();
                const std::uint64_t steps = chunk == 0 ? left : std::min(chunk, left);
                script.decode(steps);
                script.countSteps(steps);
                break;
            }
            case PhaseKind::Warmup:
                for (std::uint32_t i = 0; i < phase.iterations; ++i)
                    script.warmPrefill();
                break;
            case PhaseKind::WarmPrefill:
                script.warmPrefill();
                break;
            default:
                out.phases.clear();
                out.error = "phase " + phase.name + " is not a phase of the decoder workload";
                return out;
            }
            script.endPhase(phase.name);
            p.peakAllocated = ledger->peak();
            p.finalAllocated = ledger->current();
            p.peakReserved = ledger->peakReserved();
            out.phases.push_back(std::move(p));
        }
    } catch (const units::InputError& e) {
        out.phases.clear();
        out.error = e.what();
    }
    return out;
}

class DecoderReplay::Impl {
public:
    Impl(Ledger& ledger, const protocol::RunConfig& config)
        : script(ledger, config, nullptr)
    {
    }
    Script script;
};

DecoderReplay::DecoderReplay(Ledger& ledger, const protocol::RunConfig& config)
    : m_impl(std::make_unique<Impl>(ledger, config))
{
}
DecoderReplay::~DecoderReplay() = default;
void DecoderReplay::modelLoad() { m_impl->script.modelLoad(); }
void DecoderReplay::inputs() { m_impl->script.inputs(); }
void DecoderReplay::prefill()
{
    m_impl->script.beginPhase(0);
    m_impl->script.prefill();
}
void DecoderReplay::writeNoCache() { m_impl->script.writeNoCache(); }
void DecoderReplay::releaseAfterForward() { m_impl->script.releaseAfterForward(); }

} // namespace iteragpu::workloads
