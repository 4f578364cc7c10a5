// SPDX-License-Identifier: Apache-2.0
#include "core/model/modelshape.h"

#include "core/units/checkedmath.h"

#include <algorithm>
#include <tuple>

namespace iteragpu::model {

namespace checked = units::checked;

namespace {

    constexpr const char* kWhat = "parameter count";

    // Linears of one layer, in the order of the model's modules.
    void layerLinears(const LayerSpec& l, std::uint64_t h, std::vector<LinearShape>& out)
    {
        using Role = LinearShape::Role;
        const AttentionSpec& a = l.attention;
        if (a.present) {
            if (a.layout == AttentionSpec::Layout::Mla) {
                const std::uint64_t qOut = checked::mul(a.heads, checked::add(a.qkNopeHeadDim, a.qkRopeHeadDim, kWhat), kWhat);
                if (a.qLoraRank > 0) {
                    out.push_back({ "q_a_proj", h, a.qLoraRank, 1, a.qkvBias, Role::Attention });
                    out.push_back({ "q_b_proj", a.qLoraRank, qOut, 1, false, Role::Attention });
                } else {
                    out.push_back({ "q_proj", h, qOut, 1, false, Role::Attention });
                }
                out.push_back({ "kv_a_proj_with_mqa", h, checked::add(a.kvLoraRank, a.qkRopeHeadDim, kWhat), 1,
                    a.qkvBias, Role::Attention });
                out.push_back({ "kv_b_proj", a.kvLoraRank,
                    checked::mul(a.heads, checked::add(a.qkNopeHeadDim, a.valueHeadDim, kWhat), kWhat), 1, false,
                    Role::Attention });
            } else {
                out.push_back({ "q_proj", h, checked::mul({ a.heads, a.headDim, a.outputGate ? 2u : 1u }, kWhat), 1,
                    a.qkvBias, Role::Attention });
                out.push_back({ "k_proj", h, checked::mul(a.kvHeads, a.headDim, kWhat), 1, a.qkvBias, Role::Attention });
                out.push_back(
                    { "v_proj", h, checked::mul(a.kvHeads, a.valueHeadDim, kWhat), 1, a.qkvBias, Role::Attention });
            }
            out.push_back(
                { "o_proj", checked::mul(a.heads, a.valueHeadDim, kWhat), h, 1, a.outputBias, Role::Attention });
        }
        const StateSpec& s = l.state;
        switch (s.kind) {
        case StateSpec::Kind::None:
            break;
        case StateSpec::Kind::Mamba:
            out.push_back({ "in_proj", h, checked::mul(2, s.inner, kWhat), 1, s.projBias, Role::State });
            out.push_back({ "x_proj", s.inner, checked::add(s.dtRank, checked::mul(2, s.stateSize, kWhat), kWhat), 1,
                false, Role::State });
            out.push_back({ "dt_proj", s.dtRank, s.inner, 1, true, Role::State });
            out.push_back({ "out_proj", s.inner, h, 1, s.projBias, Role::State });
            break;
        case StateSpec::Kind::Mamba2:
            out.push_back({ "in_proj", h,
                checked::add(checked::add(checked::mul(2, s.inner, kWhat), checked::mul({ 2, s.groups, s.stateSize }, kWhat), kWhat),
                    s.heads, kWhat),
                1, s.projBias, Role::State });
            out.push_back({ "out_proj", s.inner, h, 1, s.projBias, Role::State });
            break;
        case StateSpec::Kind::GatedDeltaNet:
            out.push_back({ "in_proj_qkvz", h,
                checked::add(checked::mul({ 2, s.keyHeads, s.keyHeadDim }, kWhat), checked::mul(2, s.inner, kWhat), kWhat),
                1, false, Role::State });
            out.push_back({ "in_proj_ba", h, checked::mul(2, s.heads, kWhat), 1, false, Role::State });
            out.push_back({ "out_proj", s.inner, h, 1, false, Role::State });
            break;
        }
        const MlpSpec& m = l.mlp;
        const auto mlp = [&](std::uint64_t width, std::uint64_t count, bool bias, Role role) {
            if (m.gated)
                out.push_back({ "gate_proj", h, width, count, bias, role });
            out.push_back({ "up_proj", h, width, count, bias, role });
            out.push_back({ "down_proj", width, h, count, bias, role });
        };
        if (m.kind == MlpSpec::Kind::Dense) {
            mlp(m.intermediate, 1, m.bias, Role::Mlp);
        } else if (m.kind == MlpSpec::Kind::Moe) {
            out.push_back({ "router", h, m.experts, 1, m.routerBias, Role::Router });
            mlp(m.intermediate, m.experts, m.bias, Role::Expert);
            if (m.sharedIntermediate > 0)
                mlp(m.sharedIntermediate, 1, false, Role::Mlp);
        }
    }

} // namespace

namespace {

    // Counts of `one` layer, `n` times (a uniform model: its count never walks the layers, whatever they say).
    void scale(LayerParameters& p, std::uint64_t n)
    {
        for (std::uint64_t* part : { &p.attention, &p.state, &p.mlp, &p.norms, &p.total, &p.active })
            *part = checked::mul(*part, n, kWhat);
    }

} // namespace

LayerSpec ModelShape::uniformLayer(std::uint64_t i) const
{
    LayerSpec l;
    l.attention.heads = heads;
    l.attention.kvHeads = kvHeads;
    l.attention.headDim = headDim;
    l.attention.valueHeadDim = headDim;
    l.attention.qkvBias = qkvBias;
    l.attention.outputBias = outputBias;
    l.attention.qkNormParameters = qkNorm ? checked::mul(2, headDim, kWhat) : 0;
    if (i < layerWindows.size() && layerWindows[i]) {
        l.attention.span = AttentionSpec::Span::Sliding;
        l.attention.window = *layerWindows[i];
    }
    l.mlp.intermediate = intermediate;
    l.mlp.bias = mlpBias;
    if (experts > 0) {
        l.mlp.kind = MlpSpec::Kind::Moe;
        l.mlp.experts = experts;
        l.mlp.expertsPerToken = expertsPerToken;
    }
    l.normParameters = checked::mul(normsPerLayer, hidden, kWhat);
    return l;
}

std::vector<LinearShape> ModelShape::linearLayers() const
{
    std::vector<LinearShape> all;
    if (layerSpecs.empty()) { // uniform: one layer's linears, `layers` times (windows change no weight)
        layerLinears(uniformLayer(0), hidden, all);
        for (auto& l : all)
            l.count = checked::mul(l.count, layers, kWhat);
    } else {
        for (const auto& l : layerSpecs)
            layerLinears(l, hidden, all);
    }
    // Identical linears of different layers are one entry with their count.
    std::vector<LinearShape> grouped;
    for (const auto& l : all) {
        const auto same = std::find_if(grouped.begin(), grouped.end(), [&](const LinearShape& g) {
            return std::tie(g.module, g.in, g.out, g.hasBias, g.role) == std::tie(l.module, l.in, l.out, l.hasBias, l.role);
        });
        if (same != grouped.end())
            same->count = checked::add(same->count, l.count, kWhat);
        else
            grouped.push_back(l);
    }
    return grouped;
}

ParameterBreakdown ModelShape::parameters() const
{
    ParameterBreakdown p;
    p.embeddings = checked::add(checked::mul(vocab, hidden, kWhat), checked::mul(positionEmbeddings, hidden, kWhat), kWhat);
    p.lmHead = tieWordEmbeddings ? 0 : checked::add(checked::mul(vocab, hidden, kWhat), lmHeadBias ? vocab : 0, kWhat);
    std::uint64_t active = 0;
    std::vector<LayerParameters> perLayer;
    if (layerSpecs.empty()) {
        LayerParameters all = uniformLayer(0).parameters(hidden);
        scale(all, layers);
        perLayer.push_back(all);
    } else {
        for (const auto& l : layerSpecs)
            perLayer.push_back(l.parameters(hidden));
    }
    for (const auto& one : perLayer) {
        p.attention = checked::add(p.attention, one.attention, kWhat);
        p.state = checked::add(p.state, one.state, kWhat);
        p.mlp = checked::add(p.mlp, one.mlp, kWhat);
        p.norms = checked::add(p.norms, one.norms, kWhat);
        active = checked::add(active, one.active, kWhat);
    }
    p.norms = checked::add(p.norms, layerSpecs.empty() ? hidden : finalNormParameters, kWhat);
    const std::uint64_t outside = checked::add(checked::add(p.embeddings, p.lmHead, kWhat), p.norms, kWhat);
    p.total = checked::add(checked::add(checked::add(p.attention, p.state, kWhat), p.mlp, kWhat), outside, kWhat);
    // The norms are in `active` per layer already; the final one and the embeddings are used by every token.
    p.active = checked::add(active, checked::add(checked::add(p.embeddings, p.lmHead, kWhat),
                                        layerSpecs.empty() ? hidden : finalNormParameters, kWhat),
        kWhat);
    return p;
}

bool ModelShape::hasSlidingWindow() const
{
    if (std::any_of(layerWindows.begin(), layerWindows.end(), [](const auto& w) { return w.has_value(); }))
        return true;
    return std::any_of(layerSpecs.begin(), layerSpecs.end(), [](const LayerSpec& l) {
        return l.attention.present && l.attention.span == AttentionSpec::Span::Sliding;
    });
}

namespace {
    i18n::Message refusal(const char* source, std::vector<i18n::Arg> args)
    {
        return { source, std::move(args), i18n::kRunRefusalContext };
    }
} // namespace

std::optional<i18n::Message> ModelShape::decoderRefusal() const
{
    // %1 of every message below: the architecture in quotes, or "this model"
    const i18n::Arg what = architecture.empty()
        ? i18n::Arg(i18n::Term { i18n::kRunRefusalContext, ITERAGPU_TRANSLATE_NOOP("RunRefusal", "this model") })
        : i18n::Arg("'" + architecture + "'");
    for (const auto& part : apart)
        if (part.loaded && (!part.modelled || part.parameters == 0))
            //: %2 is the name of a model part (an identifier such as vision or mtp)
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a %2 part loaded with it whose size is not modelled"),
                { what, part.name });
    if (lmHeadBias && tieWordEmbeddings)
        //: %1 is the model (its architecture in quotes, or "this model")
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a bias on its tied lm_head"), { what });
    if (hidden == 0)
        return std::nullopt; // an incomplete shape: the run's validation names it
    // The norms are LayerNorms with a bias when the final one has one (core/workloads/DECODER.md "Layers").
    const std::uint64_t normWidth = !layerSpecs.empty() && finalNormParameters == 2 * hidden ? 2 * hidden : hidden;
    if (!layerSpecs.empty() && finalNormParameters != hidden && finalNormParameters != 2 * hidden)
        //: %1 is the model (its architecture in quotes, or "this model")
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a final norm of another width"), { what });
    for (std::uint64_t i = 0; i < layers; ++i) {
        const LayerSpec l = layerSpecs.empty() ? uniformLayer(i) : (i < layerSpecs.size() ? layerSpecs[i] : LayerSpec {});
        if (i >= layerSpecs.size() && !layerSpecs.empty())
            //: %2 layers described, %3 the model's layer count
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 lists %2 layers of %3"), { what, layerSpecs.size(), layers });
        const AttentionSpec& a = l.attention;
        // Layers without attention or without an MLP: core/workloads/DECODER.md "State layers".
        const StateSpec& st = l.state;
        const bool hasMlp = l.mlp.kind != MlpSpec::Kind::None;
        if (st.kind == StateSpec::Kind::Mamba) { // Jamba's (DECODER.md "The Mamba mixer")
            if (a.present)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(
                    ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a layer with both attention and a state (layer %2)"),
                    { what, i });
            if (!st.dtNorms)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP(
                                   "RunRefusal", "%1 has a Mamba layer without Jamba's dt, B and C norms (layer %2)"),
                    { what, i });
            if (st.inner == 0 || st.stateSize == 0 || st.convKernel == 0 || st.dtRank == 0)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "%1 has a Mamba layer without channels, a state, a kernel or a dt rank (layer %2)"),
                    { what, i });
            const std::uint64_t n = l.normParameters / normWidth;
            if (l.normParameters % normWidth != 0 || !((n == 1 && !hasMlp) || n == 2))
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "%1 has a Mamba layer with norms the decoder does not build (layer %2)"),
                    { what, i });
            continue;
        }
        if (st.kind == StateSpec::Kind::Mamba2) {
            if (a.present)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(
                    ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a layer with both attention and a state (layer %2)"),
                    { what, i });
            if (st.heads == 0 || st.headDim == 0 || st.groups == 0 || st.stateSize == 0 || st.convKernel == 0
                || st.inner != st.heads * st.headDim || st.heads % st.groups != 0)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "%1 has a Mamba2 layer whose heads, head dim, groups, state size or kernel do not "
                                   "fit together (layer %2)"),
                    { what, i });
            const std::uint64_t n = l.normParameters / normWidth;
            if (l.normParameters % normWidth != 0 || !((n == 1 && !hasMlp) || n == 2))
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "%1 has a Mamba2 layer with norms the decoder does not build (layer %2)"),
                    { what, i });
            continue;
        }
        if (st.kind == StateSpec::Kind::GatedDeltaNet) {
            if (a.present)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(
                    ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a layer with both attention and a state (layer %2)"),
                    { what, i });
            if (st.heads == 0 || st.headDim == 0 || st.keyHeads == 0 || st.keyHeadDim == 0 || st.convKernel == 0
                || st.inner != st.heads * st.headDim || st.heads % st.keyHeads != 0)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "%1 has a gated DeltaNet layer whose heads, head dims or kernel do not fit "
                                   "together (layer %2)"),
                    { what, i });
            const std::uint64_t n = l.normParameters / normWidth;
            if (l.normParameters % normWidth != 0 || !((n == 1 && !hasMlp) || n == 2))
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "%1 has a gated DeltaNet layer with norms the decoder does not build (layer %2)"),
                    { what, i });
            continue;
        }
        if (!a.present) {
            if (!hasMlp)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "%1 has a layer with neither attention, a state nor an MLP (layer %2)"),
                    { what, i });
            if (l.normParameters != normWidth)
                //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
                return refusal(ITERAGPU_TRANSLATE_NOOP(
                                   "RunRefusal", "%1 has an MLP-only layer with other than one norm (layer %2)"),
                    { what, i });
            continue;
        }
        const bool mla = a.layout == AttentionSpec::Layout::Mla; // DECODER.md "MLA layers"
        if (mla && (a.kvLoraRank == 0 || a.qkRopeHeadDim == 0 || a.valueHeadDim == 0 || a.kvHeads != a.heads
                       || a.headDim != a.qkNopeHeadDim + a.qkRopeHeadDim || a.qkRopeHeadDim % 2 != 0))
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "%1 has multi-head latent attention of other sizes than D = nope + rope (rope even), "
                               "one KV head per head, a kv_lora_rank and a v_head_dim (layer %2)"),
                { what, i });
        if (mla && (a.qkNormParameters != 0 || a.sinks))
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(ITERAGPU_TRANSLATE_NOOP(
                               "RunRefusal", "%1 has multi-head latent attention with q/k norms or sinks (layer %2)"),
                { what, i });
        if (a.span != AttentionSpec::Span::Full && a.window == 0)
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a window or chunk of 0 tokens (layer %2)"), { what, i });
        if (!hasMlp && l.normParameters != normWidth)
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(ITERAGPU_TRANSLATE_NOOP(
                               "RunRefusal", "%1 has an attention-only layer with other than one norm (layer %2)"),
                { what, i });
        if (a.heads == 0 || a.kvHeads == 0 || a.headDim == 0)
            continue; // incomplete: the run's validation names it
        if (a.kvHeads > a.heads || a.heads % a.kvHeads != 0)
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has KV heads that do not divide the heads (layer %2)"),
                { what, i });
        if (a.valueHeadDim != a.headDim && !mla)
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has a value head_dim other than its head_dim (layer %2)"),
                { what, i });
        if (a.rope && a.headDim % 2 != 0 && !mla)
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has an odd head_dim with rotary embeddings (layer %2)"),
                { what, i });
        if (a.qkNormParameters != 0 && a.qkNormParameters != 2 * a.headDim
            && a.qkNormParameters != (a.heads + a.kvHeads) * a.headDim)
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has q/k norms of another width (layer %2)"), { what, i });
        if (l.normParameters % normWidth != 0
            || (l.normParameters / normWidth != 1 && l.normParameters / normWidth != 2
                && l.normParameters / normWidth != 4))
            //: %2 norm weights per layer, %3 the width of one norm, %4 the layer's index
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "%1 has norms the decoder does not build: %2 norm weights per layer, not 1, 2 or 4 "
                               "norms of %3 (layer %4)"),
                { what, l.normParameters, normWidth, i });
        if (l.mlp.kind == MlpSpec::Kind::Moe
            && (l.mlp.experts == 0 || l.mlp.expertsPerToken == 0 || l.mlp.expertsPerToken > l.mlp.experts))
            //: %1 is the model (its architecture in quotes, or "this model"), %2 the layer's index
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "%1 has experts per token outside 1 .. its experts (layer %2)"),
                { what, i });
    }
    return std::nullopt;
}

std::string ModelShape::decoderUnsupported() const
{
    const auto why = decoderRefusal();
    return why ? why->english() : std::string();
}

} // namespace iteragpu::model
