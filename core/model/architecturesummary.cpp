// SPDX-License-Identifier: Apache-2.0
#include "core/model/architecturesummary.h"

#include <algorithm>

namespace iteragpu::model {

namespace {

    std::string kindOf(const LayerSpec& l)
    {
        if (l.attention.present) {
            if (l.attention.layout == AttentionSpec::Layout::Mla)
                return "mla";
            switch (l.attention.span) {
            case AttentionSpec::Span::Full:
                return "full";
            case AttentionSpec::Span::Sliding:
                return "sliding";
            case AttentionSpec::Span::Chunked:
                return "chunked";
            }
        }
        switch (l.state.kind) {
        case StateSpec::Kind::Mamba:
            return "mamba";
        case StateSpec::Kind::Mamba2:
            return "mamba2";
        case StateSpec::Kind::GatedDeltaNet:
            return "gated_deltanet";
        case StateSpec::Kind::None:
            break;
        }
        return "mlp";
    }

} // namespace

ArchitectureSummary ArchitectureSummary::of(const ModelShape& shape)
{
    ArchitectureSummary a;
    a.architecture = shape.architecture.empty() ? shape.family : shape.architecture;
    a.parameters = shape.parameters();
    a.apart = shape.apart;
    if (shape.layerSpecs.empty()) {
        // A uniform model (a result file's, a GGUF's): its windows say all, without walking its layers.
        a.layers = shape.layers;
        std::uint64_t windowed = 0;
        for (const auto& w : shape.layerWindows)
            if (w) {
                ++windowed;
                auto same = std::find_if(a.groups.begin(), a.groups.end(),
                    [&](const Group& x) { return x.kind == "sliding" && x.window == *w; });
                if (same == a.groups.end())
                    a.groups.push_back({ "sliding", 1, *w });
                else
                    ++same->layers;
            }
        if (shape.layers > windowed)
            a.groups.insert(a.groups.begin(), Group { "full", shape.layers - windowed, 0 });
        if (shape.experts > 0) {
            a.moeLayers = shape.layers;
            a.experts = shape.experts;
            a.expertsPerToken = shape.expertsPerToken;
        }
        return a;
    }
    const auto& layers = shape.layerSpecs;
    a.layers = layers.size();
    for (const auto& l : layers) {
        Group g { kindOf(l), 1, l.attention.present ? l.attention.window : 0 };
        auto same = std::find_if(a.groups.begin(), a.groups.end(),
            [&](const Group& x) { return x.kind == g.kind && x.window == g.window; });
        if (same == a.groups.end())
            a.groups.push_back(g);
        else
            ++same->layers;
        if (l.mlp.kind == MlpSpec::Kind::Moe) {
            ++a.moeLayers;
            a.experts = l.mlp.experts;
            a.expertsPerToken = l.mlp.expertsPerToken;
            a.sharedExperts = l.mlp.sharedExperts;
        }
    }
    return a;
}

i18n::Term ArchitectureSummary::kindTerm(const std::string& kind)
{
    if (kind == "full")
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "full attention") };
    if (kind == "sliding")
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "sliding-window attention") };
    if (kind == "chunked")
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "chunked attention") };
    if (kind == "mla")
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "latent attention (MLA)") };
    if (kind == "mamba")
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "Mamba") };
    if (kind == "mamba2")
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "Mamba2") };
    if (kind == "gated_deltanet")
        return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "gated DeltaNet") };
    return { "LayerKind", ITERAGPU_TRANSLATE_NOOP("LayerKind", "MLP only") };
}

std::vector<i18n::Message> ArchitectureSummary::lines() const
{
    using i18n::Arg;
    std::vector<i18n::Message> out;
    out.push_back({ //: %1 the architecture (model_type), %2 number of layers
        ITERAGPU_TRANSLATE_NOOP("Architecture", "%1, %2 layers"), { architecture, layers }, "Architecture" });
    for (const auto& g : groups) {
        if (g.window > 0)
            out.push_back({ //: %1 layers, %2 the kind of layer, %3 tokens of its window or chunk
                ITERAGPU_TRANSLATE_NOOP("Architecture", "%1 x %2, window %3 tokens"),
                { g.layers, kindTerm(g.kind), Arg::grouped(g.window) }, "Architecture" });
        else
            out.push_back({ //: %1 layers, %2 the kind of layer
                ITERAGPU_TRANSLATE_NOOP("Architecture", "%1 x %2"), { g.layers, kindTerm(g.kind) }, "Architecture" });
    }
    if (moeLayers > 0 && sharedExperts > 0)
        out.push_back({ //: %1 MoE layers, %2 routed experts per layer, %3 experts per token, %4 shared experts
            ITERAGPU_TRANSLATE_NOOP("Architecture", "MoE in %1 layers: %2 routed experts, %3 per token, %4 shared"),
            { moeLayers, experts, expertsPerToken, sharedExperts }, "Architecture" });
    else if (moeLayers > 0)
        out.push_back({ //: %1 MoE layers, %2 routed experts per layer, %3 experts per token
            ITERAGPU_TRANSLATE_NOOP("Architecture", "MoE in %1 layers: %2 routed experts, %3 per token"),
            { moeLayers, experts, expertsPerToken }, "Architecture" });
    out.push_back({ //: %1 parameters in all, %2 parameters one token uses
        ITERAGPU_TRANSLATE_NOOP("Architecture", "parameters: %1 in all, %2 active per token"),
        { Arg::grouped(parameters.total), Arg::grouped(parameters.active) }, "Architecture" });
    for (const auto& p : apart) {
        if (p.modelled && p.loaded)
            out.push_back({ //: %1 the part (mtp, vision), %2 its parameters
                ITERAGPU_TRANSLATE_NOOP("Architecture", "+ %1: %2 parameters, counted apart, loaded with the model"),
                { p.name, Arg::grouped(p.parameters) }, "Architecture" });
        else if (p.modelled)
            out.push_back({ //: %1 the part (mtp, vision), %2 its parameters
                ITERAGPU_TRANSLATE_NOOP("Architecture", "+ %1: %2 parameters, counted apart, not loaded by transformers"),
                { p.name, Arg::grouped(p.parameters) }, "Architecture" });
        else
            out.push_back({ //: %1 the part (mtp, vision)
                ITERAGPU_TRANSLATE_NOOP("Architecture", "+ %1: in the checkpoint, its size not modelled (not in the counts)"),
                { p.name }, "Architecture" });
    }
    return out;
}

} // namespace iteragpu::model
