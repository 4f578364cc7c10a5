// SPDX-License-Identifier: Apache-2.0
#include "core/model/layerspec.h"

#include "core/units/checkedmath.h"

namespace iteragpu::model {

namespace checked = units::checked;

namespace {

    constexpr const char* kWhat = "parameter count";

    std::uint64_t linear(std::uint64_t in, std::uint64_t out, bool bias)
    {
        const std::uint64_t w = checked::mul(in, out, kWhat);
        return bias ? checked::add(w, out, kWhat) : w;
    }

    std::uint64_t sum(std::initializer_list<std::uint64_t> parts)
    {
        std::uint64_t s = 0;
        for (auto p : parts)
            s = checked::add(s, p, kWhat);
        return s;
    }

    std::uint64_t attentionParameters(const AttentionSpec& a, std::uint64_t h)
    {
        if (!a.present)
            return 0;
        std::uint64_t p = 0;
        if (a.layout == AttentionSpec::Layout::Mla) {
            const std::uint64_t qHead = checked::add(a.qkNopeHeadDim, a.qkRopeHeadDim, kWhat);
            const std::uint64_t qOut = checked::mul(a.heads, qHead, kWhat);
            if (a.qLoraRank > 0) // q_a_proj, q_a_layernorm, q_b_proj
                p = sum({ linear(h, a.qLoraRank, a.qkvBias), a.qLoraRank, linear(a.qLoraRank, qOut, false) });
            else
                p = linear(h, qOut, false);
            const std::uint64_t kvOut = checked::mul(a.heads, checked::add(a.qkNopeHeadDim, a.valueHeadDim, kWhat), kWhat);
            p = sum({ p, linear(h, checked::add(a.kvLoraRank, a.qkRopeHeadDim, kWhat), a.qkvBias), a.kvLoraRank,
                linear(a.kvLoraRank, kvOut, false) });
        } else {
            const std::uint64_t qOut = checked::mul({ a.heads, a.headDim, a.outputGate ? 2u : 1u }, kWhat);
            const std::uint64_t kvOut = checked::mul(a.kvHeads, a.headDim, kWhat);
            const std::uint64_t vOut = checked::mul(a.kvHeads, a.valueHeadDim, kWhat);
            p = sum({ linear(h, qOut, a.qkvBias), linear(h, kvOut, a.qkvBias), linear(h, vOut, a.qkvBias) });
        }
        p = checked::add(p, linear(checked::mul(a.heads, a.valueHeadDim, kWhat), h, a.outputBias), kWhat);
        p = checked::add(p, a.qkNormParameters, kWhat);
        if (a.sinks)
            p = checked::add(p, a.heads, kWhat);
        return p;
    }

    std::uint64_t stateParameters(const StateSpec& s, std::uint64_t h)
    {
        using Kind = StateSpec::Kind;
        switch (s.kind) {
        case Kind::None:
            return 0;
        case Kind::Mamba: {
            const std::uint64_t conv = linear(s.convKernel, s.inner, s.convBias); // depthwise [inner, 1, k]
            return sum({ linear(h, checked::mul(2, s.inner, kWhat), s.projBias), conv,
                linear(s.inner, checked::add(s.dtRank, checked::mul(2, s.stateSize, kWhat), kWhat), false),
                linear(s.dtRank, s.inner, true), checked::mul(s.inner, s.stateSize, kWhat), s.inner,
                linear(s.inner, h, s.projBias),
                s.dtNorms ? checked::add(s.dtRank, checked::mul(2, s.stateSize, kWhat), kWhat) : 0 });
        }
        case Kind::Mamba2: {
            const std::uint64_t inProj = sum({ checked::mul(2, s.inner, kWhat),
                checked::mul({ 2, s.groups, s.stateSize }, kWhat), s.heads });
            return sum({ linear(h, inProj, s.projBias), linear(s.convKernel, s.convChannels(), s.convBias),
                checked::mul(3, s.heads, kWhat), s.inner, linear(s.inner, h, s.projBias) });
        }
        case Kind::GatedDeltaNet: {
            const std::uint64_t keyDim = checked::mul(s.keyHeads, s.keyHeadDim, kWhat);
            const std::uint64_t qkvz = checked::add(checked::mul(2, keyDim, kWhat), checked::mul(2, s.inner, kWhat), kWhat);
            return sum({ linear(h, qkvz, false), linear(h, checked::mul(2, s.heads, kWhat), false),
                linear(s.convKernel, s.convChannels(), s.convBias), checked::mul(2, s.heads, kWhat), s.headDim,
                linear(s.inner, h, false) });
        }
        }
        return 0;
    }

    struct MlpCount {
        std::uint64_t total = 0;
        std::uint64_t active = 0;
    };

    std::uint64_t oneMlp(std::uint64_t h, std::uint64_t width, bool gated, bool bias)
    {
        const std::uint64_t up = linear(h, width, bias);
        return sum({ up, gated ? up : 0, linear(width, h, bias) });
    }

    MlpCount mlpParameters(const MlpSpec& m, std::uint64_t h)
    {
        switch (m.kind) {
        case MlpSpec::Kind::None:
            return {};
        case MlpSpec::Kind::Dense: {
            const std::uint64_t p = oneMlp(h, m.intermediate, m.gated, m.bias);
            return { p, p };
        }
        case MlpSpec::Kind::Moe: {
            const std::uint64_t expert = oneMlp(h, m.intermediate, m.gated, m.bias);
            std::uint64_t always = linear(h, m.experts, m.routerBias);
            if (m.routerScoreBias)
                always = checked::add(always, m.experts, kWhat);
            if (m.sharedIntermediate > 0)
                always = checked::add(always, oneMlp(h, m.sharedIntermediate, m.gated, false), kWhat);
            if (m.sharedExpertGate)
                always = checked::add(always, h, kWhat);
            return { checked::add(always, checked::mul(expert, m.experts, kWhat), kWhat),
                checked::add(always, checked::mul(expert, m.expertsPerToken, kWhat), kWhat) };
        }
        }
        return {};
    }

} // namespace

LayerParameters LayerSpec::parameters(std::uint64_t hidden) const
{
    LayerParameters p;
    p.attention = attentionParameters(attention, hidden);
    p.state = stateParameters(state, hidden);
    const MlpCount m = mlpParameters(mlp, hidden);
    p.mlp = m.total;
    p.norms = normParameters;
    p.total = sum({ p.attention, p.state, p.mlp, p.norms });
    p.active = sum({ p.attention, p.state, m.active, p.norms });
    return p;
}

std::uint64_t LayerSpec::kvElementsPerToken(bool latent) const
{
    const AttentionSpec& a = attention;
    if (!a.present)
        return 0;
    if (a.layout == AttentionSpec::Layout::Mla) {
        if (latent)
            return checked::add(a.kvLoraRank, a.qkRopeHeadDim, "KV cache size");
        return checked::add(checked::mul(a.heads, checked::add(a.qkNopeHeadDim, a.qkRopeHeadDim, "KV cache size"),
                                "KV cache size"),
            checked::mul(a.heads, a.valueHeadDim, "KV cache size"), "KV cache size");
    }
    return checked::add(checked::mul(a.kvHeads, a.headDim, "KV cache size"),
        checked::mul(a.kvHeads, a.valueHeadDim, "KV cache size"), "KV cache size");
}

} // namespace iteragpu::model
