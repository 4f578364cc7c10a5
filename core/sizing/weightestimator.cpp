// SPDX-License-Identifier: Apache-2.0
#include "core/sizing/weightestimator.h"

#include "core/sizing/sizingerror.h"
#include "core/units/checkedmath.h"

#include <algorithm>
#include <cstdio>

namespace iteragpu::sizing {

namespace {

    struct TensorBytes {
        std::uint64_t payload = 0;
        std::uint64_t metadata = 0;
    };

    constexpr const char* kWhat = "weight size";

    void checkOptions(const WeightOptions& o)
    {
        if (o.blockSize == 0)
            throw SizingError("the quantization block size must be greater than zero");
        if (o.groupSize == 0)
            throw SizingError("the quantization group size must be greater than zero");
    }

    // Bytes of `count` tensors of shape [out, in] in `format`. perTensor: count metadata that needs the shape
    // (per-tensor scales, per-channel scales, quant maps, g_idx); false when only a parameter count is known, then
    // the whole model is treated as one flat tensor of in x 1.
    TensorBytes tensorBytes(WeightFormat format, std::uint64_t in, std::uint64_t out, std::uint64_t count,
        const WeightOptions& o, bool perTensor)
    {
        using namespace units::checked;
        const std::uint64_t n = mul(in, out, kWhat);
        TensorBytes one;
        switch (format) {
        case WeightFormat::FP32:
            one.payload = mul(n, 4, kWhat);
            break;
        case WeightFormat::FP16:
        case WeightFormat::BF16:
            one.payload = mul(n, 2, kWhat);
            break;
        case WeightFormat::FP8E4M3:
        case WeightFormat::FP8E5M2:
            one.payload = n;
            if (perTensor && o.fp8BlockRows && o.fp8BlockColumns) // one fp32 scale_inv per block
                one.metadata = mul({ ceilDiv(out, *o.fp8BlockRows), ceilDiv(in, *o.fp8BlockColumns), 4 }, kWhat);
            else
                one.metadata = perTensor ? 4 : 0; // one fp32 scale per tensor
            break;
        case WeightFormat::Mxfp4: // 4-bit codes, one e8m0 byte per 32 values along the input
            // With the shape, the blocks as gpt-oss stores them ([out, ceil(in / 32), 16] bytes: a row's last
            // block is whole; transformers' integrations/mxfp4.py), else the bare codes.
            one.payload = perTensor ? mul({ out, ceilDiv(in, 32), 16 }, kWhat) : bitsToBytes(n, 4, kWhat);
            one.metadata = perTensor ? mul(out, ceilDiv(in, 32), kWhat) : ceilDiv(n, 32);
            break;
        case WeightFormat::Int8:
            one.payload = n;
            one.metadata = perTensor ? mul(out, 4, kWhat) : 0; // one fp32 scale per output channel
            break;
        case WeightFormat::Int4Compact:
            one.payload = bitsToBytes(n, 4, kWhat);
            break;
        case WeightFormat::NF4:
        case WeightFormat::FP4: {
            one.payload = bitsToBytes(n, 4, kWhat);
            const std::uint64_t blocks = ceilDiv(n, o.blockSize);
            one.metadata = mul(blocks, 4, kWhat); // fp32 absmax per block
            if (perTensor)
                one.metadata = add(one.metadata, 16 * 4, kWhat); // 16-entry fp32 quant map
            break;
        }
        case WeightFormat::NF4DoubleQuant: {
            one.payload = bitsToBytes(n, 4, kWhat);
            const std::uint64_t blocks = ceilDiv(n, o.blockSize);
            // 8-bit absmax per block, fp32 scale per 256 absmax values (the second level)
            one.metadata = add(blocks, mul(ceilDiv(blocks, 256), 4, kWhat), kWhat);
            if (perTensor)
                one.metadata = add(one.metadata, 16 * 4 + 256 * 4 + 4, kWhat); // quant map, nested map, offset
            break;
        }
        case WeightFormat::GptqInt4:
        case WeightFormat::AwqInt4: {
            if (perTensor) {
                const std::uint64_t groups = ceilDiv(in, o.groupSize);
                // qweight: 8 codes per int32, packed along the input in GPTQ ([in/8, out]) and along the output
                // in AWQ ([in, out/8]: AutoAWQ's WQLinear_GEMM)
                one.payload = format == WeightFormat::GptqInt4 ? mul({ ceilDiv(in, 8), out, 4 }, kWhat)
                                                               : mul({ in, ceilDiv(out, 8), 4 }, kWhat);
                const std::uint64_t scales = mul({ groups, out, 2 }, kWhat); // fp16
                const std::uint64_t zeros = mul({ groups, ceilDiv(out, 8), 4 }, kWhat); // 8 zeros per int32
                one.metadata = add(scales, zeros, kWhat);
                if (format == WeightFormat::GptqInt4)
                    one.metadata = add(one.metadata, mul(in, 4, kWhat), kWhat); // int32 g_idx per input row
            } else {
                one.payload = bitsToBytes(n, 4, kWhat);
                const std::uint64_t groups = ceilDiv(n, o.groupSize);
                one.metadata = add(mul(groups, 2, kWhat), bitsToBytes(groups, 4, kWhat), kWhat);
            }
            break;
        }
        }
        return { mul(one.payload, count, kWhat), mul(one.metadata, count, kWhat) };
    }

    std::vector<std::string> defaultKept(const WeightOptions& o)
    {
        if (o.keptModules)
            return *o.keptModules;
        if (weightFormatInfo(o.format).quantized)
            return { "embeddings", "lm_head", "norms", "biases", "router" };
        return {};
    }

    bool contains(const std::vector<std::string>& list, const char* name)
    {
        return std::find(list.begin(), list.end(), name) != list.end();
    }

    // The block or group size the estimate used and the bits per parameter it gives, for the formats that have
    // one (the format's sentence names the layout, not the numbers: they follow --group-size). nullopt for the
    // others. Bits: codes + their share of the metadata (per-tensor maps and g_idx aside).
    std::optional<i18n::Message> groupAssumption(const WeightOptions& o)
    {
        const auto bits = [](double b) {
            char text[32];
            std::snprintf(text, sizeof text, "%.6g", b);
            return std::string(text);
        };
        const double block = static_cast<double>(o.blockSize);
        const double group = static_cast<double>(o.groupSize);
        switch (o.format) {
        case WeightFormat::NF4:
        case WeightFormat::FP4:
            return i18n::Message { //: %1 values per block, %2 bits per parameter (a decimal, e.g. 4.5)
                ITERAGPU_TRANSLATE_NOOP(
                    "Assumption", "weights: blocks of %1 values, %2 bits per parameter (codes and scales)"),
                { o.blockSize, bits(4.0 + 32.0 / block) }
            };
        case WeightFormat::NF4DoubleQuant:
            return i18n::Message { //: %1 values per block, %2 bits per parameter (a decimal, e.g. 4.5)
                ITERAGPU_TRANSLATE_NOOP(
                    "Assumption", "weights: blocks of %1 values, %2 bits per parameter (codes and scales)"),
                { o.blockSize, bits(4.0 + 8.0 / block + 32.0 / (256.0 * block)) }
            };
        case WeightFormat::GptqInt4:
        case WeightFormat::AwqInt4:
            return i18n::Message { //: %1 input rows per group, %2 bits per parameter (a decimal, e.g. 4.16)
                ITERAGPU_TRANSLATE_NOOP(
                    "Assumption", "weights: groups of %1 input rows, %2 bits per parameter (codes, scales and zeros)"),
                { o.groupSize, bits(4.0 + 20.0 / group) }
            };
        default:
            return std::nullopt;
        }
    }

    std::string joined(const std::vector<std::string>& list)
    {
        std::string s;
        for (const auto& item : list)
            s += (s.empty() ? "" : ", ") + item;
        return s;
    }

} // namespace

WeightEstimate WeightEstimator::estimate(std::uint64_t parameters, const WeightOptions& options)
{
    if (parameters == 0)
        throw SizingError("the parameter count must be greater than zero");
    checkOptions(options);
    const auto t = tensorBytes(options.format, parameters, 1, 1, options, false);
    WeightEstimate e;
    e.quantizedParameters = parameters;
    e.payloadBytes = t.payload;
    e.metadataBytes = t.metadata;
    e.bytes = units::checked::add(t.payload, t.metadata, kWhat);
    const auto& info = weightFormatInfo(options.format);
    e.assumptions.push_back({ //: %1 what the storage format's byte count assumes (a sentence)
        ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: %1"),
        { i18n::Term { i18n::kWeightFormatContext, info.assumptions } } });
    if (auto group = groupAssumption(options))
        e.assumptions.push_back(std::move(*group));
    if (info.quantized)
        e.assumptions.push_back({ //: %1 storage format (nf4, gptq-int4, ...)
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "weights: parameter count only, so every parameter is counted in %1; modules kept in 16 bit and "
                "per-tensor metadata need the model shape (--config or --preset)"),
            { info.name } });
    return e;
}

WeightEstimate WeightEstimator::estimate(const model::ModelShape& shape, const WeightOptions& options)
{
    checkOptions(options);
    const auto p = shape.parameters();
    if (p.total == 0)
        throw SizingError("the model has no parameters");
    const auto kept = defaultKept(options);
    for (const auto& k : kept)
        if (k != "embeddings" && k != "lm_head" && k != "norms" && k != "biases" && k != "router")
            throw SizingError("unknown module to keep in another precision: '" + k
                + "' (known: embeddings, lm_head, norms, biases, router)");
    const std::uint64_t keptBits = scalarBits(options.keptType);
    WeightEstimate e;
    auto addKept = [&](std::uint64_t params) {
        e.keptParameters = units::checked::add(e.keptParameters, params, kWhat);
        e.keptBytes = units::checked::add(e.keptBytes, units::checked::bitsToBytes(params, keptBits, kWhat), kWhat);
    };
    auto addQuantized = [&](std::uint64_t in, std::uint64_t out, std::uint64_t count) {
        const auto t = tensorBytes(options.format, in, out, count, options, true);
        e.quantizedParameters
            = units::checked::add(e.quantizedParameters, units::checked::mul({ in, out, count }, kWhat), kWhat);
        e.payloadBytes = units::checked::add(e.payloadBytes, t.payload, kWhat);
        e.metadataBytes = units::checked::add(e.metadataBytes, t.metadata, kWhat);
    };

    // Embeddings [vocab, hidden]; lm_head the same shape when not tied (a tied head is the same memory).
    if (contains(kept, "embeddings")) {
        addKept(p.embeddings); // learned positions included
    } else {
        addQuantized(shape.hidden, shape.vocab, 1);
        if (shape.positionEmbeddings > 0) // GPT-BigCode's wpe [n_positions, hidden], which p.embeddings counts
            addQuantized(shape.hidden, shape.positionEmbeddings, 1);
    }
    if (p.lmHead > 0) {
        if (contains(kept, "lm_head")) {
            addKept(p.lmHead);
        } else {
            addQuantized(shape.hidden, shape.vocab, 1);
            if (shape.lmHeadBias) // PhiMoE: its bias [vocab], which p.lmHead counts
                addQuantized(shape.vocab, 1, 1);
        }
    }
    const bool expertsOnly = options.format == WeightFormat::Mxfp4;
    std::uint64_t linearParameters = 0;
    for (const auto& l : shape.linearLayers()) {
        const std::uint64_t weights = units::checked::mul({ l.in, l.out, l.count }, kWhat);
        linearParameters = units::checked::add(linearParameters, weights, kWhat);
        if (l.hasBias)
            linearParameters = units::checked::add(linearParameters, units::checked::mul(l.out, l.count, kWhat), kWhat);
        if ((l.module == "router" && contains(kept, "router"))
            || (expertsOnly && l.role != model::LinearShape::Role::Expert))
            addKept(weights);
        else
            addQuantized(l.in, l.out, l.count);
        if (l.hasBias) {
            const std::uint64_t biasParams = units::checked::mul(l.out, l.count, kWhat);
            if (contains(kept, "biases"))
                addKept(biasParams);
            else
                addQuantized(biasParams, 1, 1);
        }
    }
    if (contains(kept, "norms"))
        addKept(p.norms);
    else
        addQuantized(p.norms, 1, 1);
    // What is neither a linear nor a norm nor an embedding: convolution and state parameters of Mamba / DeltaNet
    // layers, attention sinks, q/k norms, MLA's latent norms, expert score biases. Small; kept with the norms.
    const std::uint64_t counted = units::checked::add(
        units::checked::add(units::checked::add(p.embeddings, p.lmHead, kWhat), p.norms, kWhat), linearParameters, kWhat);
    if (p.total < counted)
        throw SizingError("internal: the linears of the model add up to more than its parameters");
    if (const std::uint64_t small = p.total - counted; small > 0) {
        if (contains(kept, "norms"))
            addKept(small);
        else
            addQuantized(small, 1, 1);
    }
    // A part loaded with the language model (a vision tower), named: in the weights' own type when they are
    // floats (an fp32 checkpoint loads its tower in fp32 too), else in the kept type.
    const std::optional<ScalarType> floatType = options.format == WeightFormat::FP32 ? std::optional(ScalarType::FP32)
        : options.format == WeightFormat::FP16                                       ? std::optional(ScalarType::FP16)
        : options.format == WeightFormat::BF16                                       ? std::optional(ScalarType::BF16)
                                                                                     : std::nullopt;
    const ScalarType partType = floatType.value_or(options.keptType);
    for (const auto& part : shape.apart)
        if (part.loaded && part.modelled && part.parameters > 0) {
            if (floatType) {
                e.payloadBytes = units::checked::add(e.payloadBytes,
                    units::checked::bitsToBytes(part.parameters, scalarBits(partType), kWhat), kWhat);
                e.quantizedParameters = units::checked::add(e.quantizedParameters, part.parameters, kWhat);
            } else {
                addKept(part.parameters);
            }
            e.assumptions.push_back({ //: %1 the part (vision), %2 its parameter count, %3 data type (bf16)
                ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: the %1 part (%2 parameters) is loaded with the model, in %3"),
                { part.name, i18n::Arg::grouped(part.parameters), scalarName(partType) } });
        }
    e.bytes = units::checked::add(units::checked::add(e.payloadBytes, e.metadataBytes, kWhat), e.keptBytes, kWhat);
    const auto& info = weightFormatInfo(options.format);
    e.assumptions.push_back({ //: %1 what the storage format's byte count assumes (a sentence)
        ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: %1"),
        { i18n::Term { i18n::kWeightFormatContext, info.assumptions } } });
    if (auto group = groupAssumption(options))
        e.assumptions.push_back(std::move(*group));
    if (!kept.empty())
        e.assumptions.push_back({ //: %1 data type (bf16, fp16), %2 module names, %3 their parameter count
            ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: kept in %1: %2 (%3 parameters)"),
            { scalarName(options.keptType), joined(kept), e.keptParameters } });
    if (shape.tieWordEmbeddings)
        e.assumptions.push_back(
            { ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: lm_head is tied to the embeddings and counted once") });
    if (expertsOnly)
        e.assumptions.push_back({ ITERAGPU_TRANSLATE_NOOP("Assumption",
            "weights: MXFP4 quantizes the MoE experts only; every other linear is kept in 16 bit") });
    if (options.format != WeightFormat::Mxfp4 && weightFormatInfo(options.format).quantized && options.fp8BlockRows)
        e.assumptions.push_back({ //: %1 rows, %2 columns of a scale block
            ITERAGPU_TRANSLATE_NOOP("Assumption", "weights: fp8 with one fp32 scale per block of %1 x %2 values (weight_block_size)"),
            { *options.fp8BlockRows, *options.fp8BlockColumns } });
    if (shape.experts > 0)
        e.assumptions.push_back({ //: %1 number of experts
            ITERAGPU_TRANSLATE_NOOP("Assumption",
                "weights: all %1 experts are resident in memory (routing picks experts per token, memory holds all)"),
            { shape.experts } });
    return e;
}

WeightEstimate WeightEstimator::fromBits(std::uint64_t parameters, std::uint64_t bits)
{
    if (parameters == 0)
        throw SizingError("the parameter count must be greater than zero");
    if (bits == 0 || bits > 64)
        throw SizingError("bits per parameter must be between 1 and 64");
    WeightEstimate e;
    e.quantizedParameters = parameters;
    e.payloadBytes = units::checked::bitsToBytes(parameters, bits, kWhat);
    e.bytes = e.payloadBytes;
    e.assumptions.push_back({ //: %1 parameter count, %2 bits per parameter
        ITERAGPU_TRANSLATE_NOOP(
            "Assumption", "weights: %1 parameters x %2 bits / 8, rounded up; no scales or other metadata (compact)"),
        { parameters, bits } });
    return e;
}

} // namespace iteragpu::sizing
