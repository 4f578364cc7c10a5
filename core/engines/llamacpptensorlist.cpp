// SPDX-License-Identifier: Apache-2.0
#include "core/engines/llamacpptensorlist.h"

#include "core/model/ggmltype.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace iteragpu::engines {

namespace {

    constexpr const char* kWhat = "llama.cpp tensors";

    // ggml_type ids (ggml.h).
    constexpr std::uint32_t kF32 = 0, kF16 = 1, kQ4_0 = 2, kQ5_0 = 6, kQ5_1 = 7, kQ8_0 = 8, kQ4_K = 12, kQ5_K = 13,
                            kQ6_K = 14, kBF16 = 30;

    std::uint32_t baseType(LlamaCppTensorList::FileType t)
    {
        using F = LlamaCppTensorList::FileType;
        switch (t) {
        case F::F32:
            return kF32;
        case F::F16:
            return kF16;
        case F::BF16:
            return kBF16;
        case F::Q8_0:
            return kQ8_0;
        case F::Q4_0:
            return kQ4_0;
        case F::Q4_K_M:
            return kQ4_K;
        case F::Q5_K_M:
            return kQ5_K;
        case F::Q6_K:
            return kQ6_K;
        }
        return kF16;
    }

    // llama-quant.cpp use_more_bits: the first and last eighth of the layers and every third one between.
    bool useMoreBits(std::int64_t i, std::int64_t n) { return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2; }

    std::uint64_t blockOf(std::uint32_t type)
    {
        const auto* info = model::ggmlType(type);
        return info ? info->blockSize : 1;
    }

    // llama-quant.cpp: a row that is not a whole number of the chosen type's blocks falls back to a type whose
    // blocks fit it (convert_incompatible_tensor), and to f16 when none does.
    std::uint32_t compatible(std::uint32_t type, std::uint64_t ne0)
    {
        if (ne0 % blockOf(type) == 0)
            return type;
        std::uint32_t fallback = kF16;
        if (type == kQ4_K)
            fallback = kQ5_0;
        else if (type == kQ5_K)
            fallback = kQ5_1;
        else if (type == kQ6_K)
            fallback = kQ8_0;
        return ne0 % blockOf(fallback) == 0 ? fallback : kF16;
    }

    struct Builder {
        LlamaCppTensorList::FileType fileType;
        std::vector<LlamaCppTensorList::Tensor>& out;
        std::int64_t layers;

        bool quantized() const
        {
            using F = LlamaCppTensorList::FileType;
            return fileType != F::F32 && fileType != F::F16 && fileType != F::BF16;
        }
        bool kM() const
        {
            using F = LlamaCppTensorList::FileType;
            return fileType == F::Q4_K_M || fileType == F::Q5_K_M;
        }

        void add(std::string name, std::int64_t layer, std::uint64_t ne0, std::uint64_t rows, std::uint32_t type)
        {
            LlamaCppTensorList::Tensor t;
            t.name = std::move(name);
            t.layer = layer;
            t.ne0 = ne0;
            t.rows = rows;
            t.type = rows == 1 && type != kF32 ? kF32 : type;
            t.bytes = units::checked::mul(LlamaCppTensorList::rowBytes(t.type, ne0), rows, kWhat);
            out.push_back(std::move(t));
        }
        void vector(std::string name, std::int64_t layer, std::uint64_t elements)
        {
            if (elements)
                add(std::move(name), layer, elements, 1, kF32);
        }
        // A weight matrix of the default type, or `more` where use_more_bits picks it (the K-M quants).
        void matrix(std::string name, std::int64_t layer, std::uint64_t ne0, std::uint64_t rows, bool moreBits)
        {
            std::uint32_t type = baseType(fileType);
            if (moreBits && kM())
                type = kQ6_K;
            add(std::move(name), layer, ne0, rows, compatible(type, ne0));
        }
        // output.weight, or token_embd of a tied model: q6_K for every quantized type but q8_0.
        std::uint32_t outputType(std::uint64_t ne0) const
        {
            const std::uint32_t base = baseType(fileType);
            return compatible(quantized() && base != kQ8_0 ? kQ6_K : base, ne0);
        }
    };

} // namespace

std::optional<LlamaCppTensorList::FileType> LlamaCppTensorList::fileTypeFromName(const std::string& name)
{
    std::string n = name;
    std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (n == "f32" || n == "fp32")
        return FileType::F32;
    if (n == "f16" || n == "fp16")
        return FileType::F16;
    if (n == "bf16")
        return FileType::BF16;
    if (n == "q8_0")
        return FileType::Q8_0;
    if (n == "q4_0")
        return FileType::Q4_0;
    if (n == "q4_k_m")
        return FileType::Q4_K_M;
    if (n == "q5_k_m")
        return FileType::Q5_K_M;
    if (n == "q6_k")
        return FileType::Q6_K;
    return std::nullopt;
}

const char* LlamaCppTensorList::fileTypeName(FileType type)
{
    switch (type) {
    case FileType::F32:
        return "f32";
    case FileType::F16:
        return "f16";
    case FileType::BF16:
        return "bf16";
    case FileType::Q8_0:
        return "q8_0";
    case FileType::Q4_0:
        return "q4_0";
    case FileType::Q4_K_M:
        return "q4_k_m";
    case FileType::Q5_K_M:
        return "q5_k_m";
    case FileType::Q6_K:
        return "q6_k";
    }
    return "f16";
}

std::uint64_t LlamaCppTensorList::rowBytes(std::uint32_t type, std::uint64_t elements)
{
    const auto* info = model::ggmlType(type);
    if (!info)
        throw units::InputError("ggml type " + std::to_string(type) + " is not one llama.cpp stores");
    if (elements % info->blockSize != 0)
        throw units::InputError(std::string("a row of ") + std::to_string(elements)
            + " elements is not a whole number of " + info->name + " blocks (" + std::to_string(info->blockSize) + ")");
    return units::checked::mul(elements / info->blockSize, info->typeSize, kWhat);
}

LlamaCppTensorList LlamaCppTensorList::fromShape(const model::ModelShape& shape, FileType type)
{
    using namespace units::checked;
    LlamaCppTensorList list;
    list.m_layers = shape.layers;
    Builder b { type, list.m_tensors, std::int64_t(shape.layers) };
    const std::uint64_t n = shape.hidden;
    const auto outputLayer = std::int64_t(shape.layers);

    // token_embd [n_embd, n_vocab]: the default type, or the output's when it doubles as the output (tied).
    if (shape.tieWordEmbeddings)
        b.add("token_embd.weight", -1, n, shape.vocab, b.outputType(n));
    else
        b.matrix("token_embd.weight", -1, n, shape.vocab, false);

    std::vector<model::LayerSpec> specs = shape.layerSpecs;
    if (specs.empty())
        for (std::uint64_t i = 0; i < shape.layers; ++i)
            specs.push_back(shape.uniformLayer(i));
    // The counters use_more_bits reads: attn_v tensors and ffn_down tensors, each in its own order.
    std::int64_t nV = 0, nDown = 0;
    for (const auto& l : specs) {
        nV += l.attention.present ? 1 : 0;
        nDown += l.mlp.kind != model::MlpSpec::Kind::None ? 1 : 0;
    }
    std::int64_t iV = 0, iDown = 0;
    for (std::int64_t il = 0; il < std::int64_t(specs.size()); ++il) {
        const auto& l = specs[std::size_t(il)];
        const std::string p = "blk." + std::to_string(il) + ".";
        if (l.state.kind != model::StateSpec::Kind::None)
            throw units::InputError(
                "llama.cpp's plan for recurrent state layers (Mamba, gated DeltaNet) is not modelled");
        // The norms (and LayerNorm biases) of the layer, as vectors of n_embd.
        for (std::uint64_t done = 0; done < l.normParameters; done += n)
            b.vector(p + "norm" + std::to_string(done / n) + ".weight", il,
                std::min<std::uint64_t>(n, l.normParameters - done));
        if (l.attention.present) {
            const auto& a = l.attention;
            if (a.layout == model::AttentionSpec::Layout::Mla)
                throw units::InputError("llama.cpp's plan for multi-head latent attention (DeepSeek) is not modelled");
            const std::uint64_t q = mul(a.heads, a.headDim, kWhat), k = mul(a.kvHeads, a.headDim, kWhat),
                                v = mul(a.kvHeads, a.valueHeadDim, kWhat), o = mul(a.heads, a.valueHeadDim, kWhat);
            b.matrix(p + "attn_q.weight", il, n, a.outputGate ? 2 * q : q, false);
            b.matrix(p + "attn_k.weight", il, n, k, false);
            b.matrix(p + "attn_v.weight", il, n, v, useMoreBits(iV++, nV));
            b.matrix(p + "attn_output.weight", il, o, n, false);
            if (a.qkvBias) {
                b.vector(p + "attn_q.bias", il, q);
                b.vector(p + "attn_k.bias", il, k);
                b.vector(p + "attn_v.bias", il, v);
            }
            if (a.outputBias)
                b.vector(p + "attn_output.bias", il, n);
            b.vector(p + "attn_qk_norm.weight", il, a.qkNormParameters);
            if (a.sinks)
                b.vector(p + "attn_sinks.weight", il, a.heads);
        }
        const auto& m = l.mlp;
        if (m.kind == model::MlpSpec::Kind::Dense) {
            const bool more = useMoreBits(iDown++, nDown);
            if (m.gated)
                b.matrix(p + "ffn_gate.weight", il, n, m.intermediate, false);
            b.matrix(p + "ffn_up.weight", il, n, m.intermediate, false);
            b.matrix(p + "ffn_down.weight", il, m.intermediate, n, more);
            if (m.bias) {
                b.vector(p + "ffn_up.bias", il, m.intermediate);
                b.vector(p + "ffn_down.bias", il, n);
            }
        } else if (m.kind == model::MlpSpec::Kind::Moe) {
            const bool more = useMoreBits(iDown++, nDown);
            b.add(p + "ffn_gate_inp.weight", il, n, m.experts, kF32); // the router stays f32
            if (m.gated)
                b.matrix(p + "ffn_gate_exps.weight", il, n, mul(m.intermediate, m.experts, kWhat), false);
            b.matrix(p + "ffn_up_exps.weight", il, n, mul(m.intermediate, m.experts, kWhat), false);
            b.matrix(p + "ffn_down_exps.weight", il, m.intermediate, mul(n, m.experts, kWhat), more);
            if (m.sharedIntermediate) {
                b.matrix(p + "ffn_gate_shexp.weight", il, n, m.sharedIntermediate, false);
                b.matrix(p + "ffn_up_shexp.weight", il, n, m.sharedIntermediate, false);
                b.matrix(p + "ffn_down_shexp.weight", il, m.sharedIntermediate, n, more);
            }
        }
    }
    b.vector("output_norm.weight", outputLayer, shape.finalNormParameters ? shape.finalNormParameters : n);
    if (shape.tieWordEmbeddings) {
        auto dup = list.m_tensors.front(); // token_embd, loaded again on the output layer's device (TENSOR_DUPLICATED)
        dup.layer = outputLayer;
        list.m_tensors.push_back(dup);
    } else {
        b.add("output.weight", outputLayer, n, shape.vocab, b.outputType(n));
    }
    return list;
}

LlamaCppTensorList LlamaCppTensorList::fromGguf(const model::GgufSummary& gguf, std::uint64_t layers)
{
    LlamaCppTensorList list;
    list.m_layers = layers;
    bool hasOutput = false;
    for (const auto& g : gguf.tensors) {
        Tensor t;
        t.name = g.name;
        t.ne0 = g.dims.empty() ? 1 : g.dims.front();
        t.rows = t.ne0 ? g.elements / t.ne0 : 0;
        t.type = g.type;
        t.bytes = g.bytes;
        if (g.name.rfind("token_embd.", 0) == 0) {
            t.layer = -1;
        } else if (g.name.rfind("blk.", 0) == 0) {
            t.layer = std::strtoll(g.name.c_str() + 4, nullptr, 10);
            if (t.layer < 0 || std::uint64_t(t.layer) >= layers)
                t.layer = std::int64_t(layers);
        } else {
            t.layer = std::int64_t(layers);
            hasOutput = hasOutput || g.name == "output.weight";
        }
        list.m_tensors.push_back(std::move(t));
    }
    if (!hasOutput)
        for (const auto& t : std::vector<Tensor>(list.m_tensors))
            if (t.name == "token_embd.weight") {
                Tensor dup = t;
                dup.layer = std::int64_t(layers);
                list.m_tensors.push_back(dup);
            }
    return list;
}

} // namespace iteragpu::engines
