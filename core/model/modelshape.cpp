// SPDX-License-Identifier: Apache-2.0
#include "core/model/modelshape.h"

#include "core/units/checkedmath.h"

#include <algorithm>

namespace iteragpu::model {

namespace checked = units::checked;

std::vector<LinearShape> ModelShape::linearLayers() const
{
    const std::uint64_t qOut = checked::mul(heads, headDim, "attention width");
    const std::uint64_t kvOut = checked::mul(kvHeads, headDim, "attention width");
    std::vector<LinearShape> linears {
        { "q_proj", hidden, qOut, layers, qkvBias },
        { "k_proj", hidden, kvOut, layers, qkvBias },
        { "v_proj", hidden, kvOut, layers, qkvBias },
        { "o_proj", qOut, hidden, layers, outputBias },
    };
    const std::uint64_t mlpCount = experts > 0 ? checked::mul(layers, experts, "expert count") : layers;
    linears.push_back({ "gate_proj", hidden, intermediate, mlpCount, mlpBias });
    linears.push_back({ "up_proj", hidden, intermediate, mlpCount, mlpBias });
    linears.push_back({ "down_proj", intermediate, hidden, mlpCount, mlpBias });
    if (experts > 0)
        linears.push_back({ "router", hidden, experts, layers, false });
    return linears;
}

ParameterBreakdown ModelShape::parameters() const
{
    const char* what = "parameter count";
    ParameterBreakdown p;
    p.embeddings = checked::mul(vocab, hidden, what);
    p.lmHead = tieWordEmbeddings ? 0 : p.embeddings;
    for (const auto& l : linearLayers()) {
        std::uint64_t one = checked::mul(l.in, l.out, what);
        if (l.hasBias)
            one = checked::add(one, l.out, what);
        const std::uint64_t all = checked::mul(one, l.count, what);
        const bool attention
            = l.module == "q_proj" || l.module == "k_proj" || l.module == "v_proj" || l.module == "o_proj";
        if (attention)
            p.attention = checked::add(p.attention, all, what);
        else
            p.mlp = checked::add(p.mlp, all, what);
    }
    p.norms = checked::mul(checked::add(checked::mul(layers, normsPerLayer, what), 1, what), hidden, what);
    p.total = checked::add(
        checked::add(checked::add(p.embeddings, p.lmHead, what), checked::add(p.attention, p.mlp, what), what), p.norms,
        what);
    return p;
}

bool ModelShape::hasSlidingWindow() const
{
    return std::any_of(layerWindows.begin(), layerWindows.end(), [](const auto& w) { return w.has_value(); });
}

} // namespace iteragpu::model
