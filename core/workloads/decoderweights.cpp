// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/decoderweights.h"

#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"

#include <string>

namespace iteragpu::workloads {

namespace {

    namespace checked = units::checked;
    using protocol::WeightStorage;

    constexpr const char* kWhat = "a weight of the decoder";
    constexpr std::uint64_t kFloat32Bytes = 4; // quantization scales, float32 adapters
    constexpr std::uint64_t kNf4BlockElements = 64; // elements per absmax
    constexpr std::uint64_t kNf4NestedBlock = 256; // absmax values per nested absmax (double quantization)
    constexpr std::uint64_t kQuantMapBytes = 16 * 4; // float32 [16]
    constexpr std::uint64_t kNestedQuantMapBytes = 256 * 4; // float32 [256]
    constexpr std::uint64_t kOffsetBytes = 4; // float32 [1]

    constexpr std::uint64_t kInt4PerWord = 8; // GPTQ / AWQ: 4-bit codes per int32
    constexpr std::uint64_t kWordBytes = 4; // int32 qweight, qzeros, g_idx
    constexpr std::uint64_t kFloat16Bytes = 2; // GPTQ / AWQ scales
    constexpr std::uint64_t kMxfp4BlockValues = 32; // values per e8m0 scale
    constexpr std::uint64_t kMxfp4BlockBytes = 16; // two e2m1 codes per byte

    // The stored tensors of one linear weight [out, in] (DECODER.md "Formats"). mxfp4's experts are the fused
    // tensors of Builder::mxfp4Experts; any other mxfp4 linear is a float one.
    std::vector<std::uint64_t> weightTensors(
        const protocol::DecoderSpec& d, WeightStorage storage, std::uint64_t s, std::uint64_t out, std::uint64_t in)
    {
        const std::uint64_t n = checked::mul(out, in, kWhat);
        switch (storage) {
        case WeightStorage::Float32:
        case WeightStorage::Float16:
        case WeightStorage::BFloat16:
        case WeightStorage::Mxfp4:
            return { checked::mul(n, s, kWhat) };
        case WeightStorage::Int8:
            return { n, checked::mul(out, kFloat32Bytes, kWhat) };
        case WeightStorage::Nf4:
        case WeightStorage::Fp4:
            return { checked::ceilDiv(n, 2), checked::mul(checked::ceilDiv(n, kNf4BlockElements), kFloat32Bytes, kWhat),
                kQuantMapBytes };
        case WeightStorage::Nf4DoubleQuant: {
            const std::uint64_t b = checked::ceilDiv(n, kNf4BlockElements);
            return { checked::ceilDiv(n, 2), b,
                checked::mul(checked::ceilDiv(b, kNf4NestedBlock), kFloat32Bytes, kWhat), kNestedQuantMapBytes,
                kQuantMapBytes, kOffsetBytes };
        }
        case WeightStorage::Fp8E4m3:
        case WeightStorage::Fp8E5m2: {
            const std::uint64_t scales = d.fp8BlockRows > 0
                ? checked::mul(checked::ceilDiv(out, d.fp8BlockRows), checked::ceilDiv(in, d.fp8BlockColumns), kWhat)
                : 1;
            return { n, checked::mul(scales, kFloat32Bytes, kWhat) };
        }
        case WeightStorage::GptqInt4:
        case WeightStorage::AwqInt4: {
            const std::uint64_t groups = checked::ceilDiv(in, d.quantGroup);
            const std::uint64_t packedOut = checked::ceilDiv(out, kInt4PerWord);
            const std::uint64_t zeros = checked::mul({ groups, packedOut, kWordBytes }, kWhat);
            const std::uint64_t scales = checked::mul({ groups, out, kFloat16Bytes }, kWhat);
            if (storage == WeightStorage::AwqInt4)
                return { checked::mul({ in, packedOut, kWordBytes }, kWhat), zeros, scales };
            return { checked::mul({ checked::ceilDiv(in, kInt4PerWord), out, kWordBytes }, kWhat), zeros, scales,
                checked::mul(in, kWordBytes, kWhat) };
        }
        }
        return {};
    }

    // Appends tensors in model_load order; a tensor of the model is a parameter when the whole model is trained.
    class Builder {
    public:
        Builder(DecoderWeights& w, const protocol::DecoderSpec& d, std::uint64_t s, bool full)
            : m_w(w)
            , m_spec(d)
            , m_storage(d.storage)
            , m_s(s)
            , m_full(full)
        {
        }

        // A 16-bit (compute dtype) tensor of `elements`: a norm, a bias, an embedding, a sink; its parameter index.
        int plain(std::uint64_t elements)
        {
            const std::uint64_t bytes = checked::mul(elements, m_s, kWhat);
            m_w.tensors.push_back(bytes);
            return m_full ? parameter(elements, bytes) : -1;
        }

        DecoderWeights::Norm norm(std::uint64_t width, bool bias)
        {
            DecoderWeights::Norm n;
            n.width = width;
            n.weight = plain(width);
            if (bias)
                n.bias = plain(width);
            return n;
        }

        // A linear [out, in]: its stored tensors (quantized where DECODER.md says), then its bias [out].
        DecoderWeights::Linear linear(std::uint64_t out, std::uint64_t in, bool bias, bool quantizable)
        {
            DecoderWeights::Linear l;
            l.present = true;
            l.out = out;
            l.in = in;
            const bool quantized
                = quantizable && protocol::weightStorageQuantized(m_storage) && m_storage != WeightStorage::Mxfp4;
            const auto t = weightTensors(m_spec, quantized ? m_storage : WeightStorage::BFloat16, m_s, out, in);
            m_w.tensors.insert(m_w.tensors.end(), t.begin(), t.end());
            if (quantized)
                l.deqBytes = checked::mul({ out, in, m_s }, kWhat);
            else if (m_full)
                l.weight = parameter(checked::mul(out, in, kWhat), t.front());
            if (bias)
                l.bias = plain(out);
            return l;
        }

        // A LoRA adapter of `a` bytes per element on a linear: lora_A [r, in], then lora_B [out, r].
        void adapter(DecoderWeights::Linear& l, std::uint64_t rank, std::uint64_t a)
        {
            const std::uint64_t nA = checked::mul(rank, l.in, kWhat);
            const std::uint64_t nB = checked::mul(l.out, rank, kWhat);
            const std::uint64_t bytesA = checked::mul(nA, a, kWhat);
            const std::uint64_t bytesB = checked::mul(nB, a, kWhat);
            m_w.tensors.push_back(bytesA);
            l.loraA = parameter(nA, bytesA);
            m_w.tensors.push_back(bytesB);
            l.loraB = parameter(nB, bytesB);
        }

        // mxfp4's routed experts ("Formats"): per projection, blocks, scales and (with biases) the bias of all
        // `experts` at once, gate_up (or up) [experts, rows, in] first, then down.
        void mxfp4Experts(std::uint64_t experts, std::uint64_t hidden, std::uint64_t width, bool gated, bool bias)
        {
            const auto fused = [&](std::uint64_t rows, std::uint64_t in) {
                const std::uint64_t scales
                    = checked::mul({ experts, rows, checked::ceilDiv(in, kMxfp4BlockValues) }, kWhat);
                m_w.tensors.push_back(checked::mul(scales, kMxfp4BlockBytes, kWhat));
                m_w.tensors.push_back(scales);
                if (bias)
                    m_w.tensors.push_back(checked::mul({ experts, rows, m_s }, kWhat));
            };
            fused(gated ? checked::mul(2, width, kWhat) : width, hidden);
            fused(hidden, width);
        }

    private:
        int parameter(std::uint64_t elements, std::uint64_t bytes)
        {
            m_w.parameters.push_back({ elements, bytes });
            return static_cast<int>(m_w.parameters.size() - 1);
        }

        DecoderWeights& m_w;
        const protocol::DecoderSpec& m_spec;
        const WeightStorage m_storage;
        const std::uint64_t m_s;
        const bool m_full;
    };

} // namespace

DecoderWeights decoderWeights(const protocol::RunConfig& config)
{
    const auto& d = *config.decoder;
    const auto& m = d.shape;
    const std::uint64_t s = device::dtypeSize(protocol::decoderComputeDType(config));
    const training::TrainingRecipe* recipe = d.training ? &*d.training : nullptr;
    const bool full = recipe && recipe->method == training::Method::Full;
    DecoderWeights w;
    Builder b(w, d, s, full);
    // LayerNorms with a bias when the final norm has one ("Layers"); a model without per-layer specs has RMSNorms.
    const bool normBias = !m.layerSpecs.empty() && m.finalNormParameters == checked::mul(2, m.hidden, kWhat);
    const std::uint64_t normWeights = checked::mul(m.hidden, normBias ? 2 : 1, kWhat);

    w.embedding = b.plain(checked::mul(m.vocab, m.hidden, kWhat));
    if (m.positionEmbeddings > 0)
        b.plain(checked::mul(m.positionEmbeddings, m.hidden, kWhat)); // model.embed_positions.weight
    w.layers.resize(m.layers);
    for (std::uint64_t index = 0; index < m.layers; ++index) {
        const model::LayerSpec spec = m.layerSpecs.empty() ? m.uniformLayer(index) : m.layerSpecs.at(index);
        const auto& a = spec.attention;
        const auto& mlp = spec.mlp;
        auto& layer = w.layers[index];
        layer.norms = spec.normParameters / normWeights;
        if (spec.normParameters % normWeights != 0 || (layer.norms != 1 && layer.norms != 2 && layer.norms != 4))
            throw units::InputError("layer " + std::to_string(index) + " has " + std::to_string(spec.normParameters)
                + " norm weights: the decoder knows 1, 2 or 4 norms per layer");
        layer.moe = mlp.kind == model::MlpSpec::Kind::Moe;
        layer.gated = mlp.gated;
        layer.qkNorm = a.qkNormParameters > 0;
        const std::uint64_t qOut = checked::mul(a.heads, a.headDim, kWhat);
        const std::uint64_t kvOut = checked::mul(a.kvHeads, a.headDim, kWhat);

        layer.inputNorm = b.norm(m.hidden, normBias);
        const model::StateSpec& st = spec.state;
        if (st.kind == model::StateSpec::Kind::Mamba2) { // DECODER.md "State layers" / "model_load"
            const std::uint64_t channels = st.convChannels();
            const std::uint64_t width = checked::add(checked::add(st.inner, channels, kWhat), st.heads, kWhat);
            b.linear(width, m.hidden, st.projBias, true); // in_proj
            b.plain(checked::mul(channels, st.convKernel, kWhat)); // conv1d.weight
            if (st.convBias)
                b.plain(channels);
            for (int i = 0; i < 3; ++i) // dt_bias, A_log, D
                b.plain(st.heads);
            b.plain(st.inner); // the gated norm's weight
            b.linear(m.hidden, st.inner, st.projBias, true); // out_proj
        } else if (st.kind == model::StateSpec::Kind::Mamba) { // Jamba's ("model_load", Mamba)
            const std::uint64_t n = st.stateSize;
            b.linear(checked::mul(2, st.inner, kWhat), m.hidden, st.projBias, true); // in_proj: x, z
            b.plain(checked::mul(st.inner, st.convKernel, kWhat)); // conv1d.weight
            if (st.convBias)
                b.plain(st.inner);
            b.linear(checked::add(st.dtRank, checked::mul(2, n, kWhat), kWhat), st.inner, false, true); // x_proj
            b.linear(st.inner, st.dtRank, true, true); // dt_proj and its bias
            b.plain(checked::mul(st.inner, n, kWhat)); // A_log
            b.plain(st.inner); // D
            b.linear(m.hidden, st.inner, st.projBias, true); // out_proj
            b.norm(st.dtRank, false); // dt_layernorm
            b.norm(n, false); // b_layernorm
            b.norm(n, false); // c_layernorm
        } else if (st.kind == model::StateSpec::Kind::GatedDeltaNet) {
            const std::uint64_t channels = st.convChannels(); // q, k, v
            b.linear(checked::add(channels, st.inner, kWhat), m.hidden, false, true); // in_proj_qkvz
            b.linear(checked::mul(2, st.heads, kWhat), m.hidden, false, true); // in_proj_ba
            b.plain(checked::mul(channels, st.convKernel, kWhat)); // conv1d.weight
            if (st.convBias)
                b.plain(channels);
            b.plain(st.heads); // dt_bias
            b.plain(st.heads); // A_log
            b.plain(st.headDim); // the gated norm's weight, one value head wide
            b.linear(m.hidden, st.inner, false, true); // out_proj
        }
        if (a.present && a.layout == model::AttentionSpec::Layout::Mla) { // DECODER.md "MLA layers": model_load
            if (a.qLoraRank > 0) {
                b.linear(a.qLoraRank, m.hidden, a.qkvBias, true); // q_a_proj
                b.norm(a.qLoraRank, false); // q_a_layernorm
                layer.q = b.linear(qOut, a.qLoraRank, false, true); // q_b_proj
            } else {
                layer.q = b.linear(qOut, m.hidden, false, true);
            }
            b.linear(checked::add(a.kvLoraRank, a.qkRopeHeadDim, kWhat), m.hidden, a.qkvBias, true);
            b.norm(a.kvLoraRank, false); // kv_a_layernorm
            b.linear(checked::mul(a.heads, checked::add(a.qkNopeHeadDim, a.valueHeadDim, kWhat), kWhat), a.kvLoraRank,
                false, true); // kv_b_proj
            layer.o = b.linear(m.hidden, checked::mul(a.heads, a.valueHeadDim, kWhat), a.outputBias, true);
        } else if (a.present) {
            // A gated output doubles q_proj (DECODER.md "The gated attention output").
            layer.q = b.linear(a.outputGate ? checked::mul(2, qOut, kWhat) : qOut, m.hidden, a.qkvBias, true);
            layer.k = b.linear(kvOut, m.hidden, a.qkvBias, true);
            layer.v = b.linear(kvOut, m.hidden, a.qkvBias, true);
            layer.o = b.linear(m.hidden, qOut, a.outputBias, true);
        }
        if (layer.qkNorm) {
            const bool perHead = a.qkNormParameters == checked::mul(2, a.headDim, kWhat);
            layer.qNorm = b.norm(perHead ? a.headDim : qOut, false);
            layer.kNorm = b.norm(perHead ? a.headDim : kvOut, false);
        }
        if (a.sinks)
            b.plain(a.heads); // a trainable parameter of a full fine-tune that no kernel reads
        if (layer.norms >= 2)
            layer.postAttentionNorm = b.norm(m.hidden, normBias);
        if (layer.norms == 4) {
            layer.preFeedforwardNorm = b.norm(m.hidden, normBias);
            layer.postFeedforwardNorm = b.norm(m.hidden, normBias);
        }
        const auto mlpWeights = [&](std::uint64_t width, bool bias, DecoderWeights::Linear* gate,
                                    DecoderWeights::Linear* up, DecoderWeights::Linear* down) {
            DecoderWeights::Linear scratch;
            if (mlp.gated)
                (gate ? *gate : scratch) = b.linear(width, m.hidden, bias, true);
            (up ? *up : scratch) = b.linear(width, m.hidden, bias, true);
            (down ? *down : scratch) = b.linear(m.hidden, width, bias, true);
        };
        if (mlp.kind == model::MlpSpec::Kind::None)
            continue;
        if (!layer.moe) {
            mlpWeights(mlp.intermediate, mlp.bias, &layer.gate, &layer.up, &layer.down);
            continue;
        }
        b.linear(mlp.experts, m.hidden, mlp.routerBias, false); // the router, never quantized
        if (mlp.routerScoreBias)
            b.plain(mlp.experts);
        if (d.storage == WeightStorage::Mxfp4)
            b.mxfp4Experts(mlp.experts, m.hidden, mlp.intermediate, mlp.gated, mlp.bias);
        else
            for (std::uint64_t e = 0; e < mlp.experts; ++e)
                mlpWeights(mlp.intermediate, mlp.bias, nullptr, nullptr, nullptr);
        if (mlp.sharedIntermediate > 0) {
            mlpWeights(mlp.sharedIntermediate, false, nullptr, nullptr, nullptr);
            if (mlp.sharedExpertGate)
                b.linear(1, m.hidden, false, false);
        }
    }
    w.finalNorm = b.norm(m.hidden, normBias);
    if (m.tieWordEmbeddings) {
        w.lmHead = w.embedding;
    } else {
        const DecoderWeights::Linear lmHead = b.linear(m.vocab, m.hidden, m.lmHeadBias, false);
        w.lmHead = lmHead.weight;
        w.lmHeadBias = lmHead.bias;
    }
    for (const auto& part : m.apart) // "model_load" 5: a part loaded beside the model, one 16-bit tensor
        if (part.loaded)
            b.plain(part.parameters);

    if (recipe && !full) {
        // "Training" / "model_load": per layer, per target present in layer order, A then B.
        const std::uint64_t a = recipe->adapterFp32 ? kFloat32Bytes : s;
        const auto targeted = [&](training::LoraTarget t) {
            for (const auto target : recipe->targets)
                if (target == t)
                    return true;
            return false;
        };
        for (auto& layer : w.layers) {
            DecoderWeights::Linear* linears[training::kLoraTargetCount]
                = { &layer.q, &layer.k, &layer.v, &layer.o, &layer.gate, &layer.up, &layer.down };
            for (int t = 0; t < training::kLoraTargetCount; ++t)
                if (linears[t]->present && targeted(static_cast<training::LoraTarget>(t)))
                    b.adapter(*linears[t], recipe->rank, a);
        }
    }
    return w;
}

} // namespace iteragpu::workloads
