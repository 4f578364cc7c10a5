// SPDX-License-Identifier: Apache-2.0
#include "core/engines/llamacppplanner.h"

#include "core/model/ggmltype.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"
#include "core/units/units.h"

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <numeric>

namespace iteragpu::engines {

namespace {

    constexpr const char* kWhat = "llama.cpp plan";
    constexpr std::uint64_t kCtxPad = 256; // cells: n_ctx, n_ctx_seq and the SWA cache are padded to this
    constexpr std::uint64_t kCudaAlignment = 128; // bytes: ggml-cuda's buffer alignment
    constexpr std::uint64_t kMatrixRowPadding = 512; // elements: ggml-cuda's MATRIX_ROW_PADDING
    constexpr std::uint64_t kGgufAlignment = 32; // bytes: the file's data alignment, as the host maps it
    constexpr std::uint64_t kF32 = 4; // bytes: every activation of the compute graph

    std::uint64_t pad(std::uint64_t x, std::uint64_t n) { return (x + n - 1) / n * n; }

    std::uint64_t sum(std::initializer_list<std::uint64_t> terms)
    {
        std::uint64_t total = 0;
        for (const auto t : terms)
            total = units::checked::add(total, t, kWhat);
        return total;
    }

    std::string mib(std::uint64_t bytes)
    {
        char text[32];
        std::snprintf(text, sizeof text, "%.2f", double(bytes) / double(units::kMiB));
        return text;
    }

    bool isQuantized(LlamaCppOptions::CacheType t)
    {
        using C = LlamaCppOptions::CacheType;
        return t != C::F32 && t != C::F16 && t != C::BF16;
    }

    // What a device buffer allocates for one weight tensor (ggml_backend_cuda_buffer_type_get_alloc_size, then the
    // buffer's alignment).
    std::uint64_t deviceBytes(const LlamaCppTensorList::Tensor& t)
    {
        std::uint64_t size = t.bytes;
        const auto* info = model::ggmlType(t.type);
        if (info && info->quantized && t.ne0 % kMatrixRowPadding != 0)
            size += LlamaCppTensorList::rowBytes(t.type, kMatrixRowPadding - t.ne0 % kMatrixRowPadding);
        return pad(size, kCudaAlignment);
    }

    std::vector<model::LayerSpec> layerSpecs(const model::ModelShape& shape)
    {
        std::vector<model::LayerSpec> specs = shape.layerSpecs;
        if (specs.empty())
            for (std::uint64_t i = 0; i < shape.layers; ++i)
                specs.push_back(shape.uniformLayer(i));
        return specs;
    }

} // namespace

std::uint32_t LlamaCppPlanner::ggmlTypeOf(LlamaCppOptions::CacheType type)
{
    using C = LlamaCppOptions::CacheType;
    switch (type) {
    case C::F32:
        return 0;
    case C::F16:
        return 1;
    case C::BF16:
        return 30;
    case C::Q8_0:
        return 8;
    case C::Q4_0:
        return 2;
    case C::Q4_1:
        return 3;
    case C::Q5_0:
        return 6;
    case C::Q5_1:
        return 7;
    case C::IQ4_NL:
        return 20;
    }
    return 1;
}

LlamaCppPlan LlamaCppPlanner::plan(const sizing::SizingRequest& request, const LlamaCppOptions& options,
    std::optional<LlamaCppTensorList::FileType> fileType)
{
    if (!request.shape)
        throw units::InputError("--engine llama.cpp needs the model's shape: give --gguf, --config, --preset or --model");
    const auto type = fileType.value_or(LlamaCppTensorList::FileType::F16);
    const auto tensors = request.gguf ? LlamaCppTensorList::fromGguf(*request.gguf, request.shape->layers)
                                      : LlamaCppTensorList::fromShape(*request.shape, type);
    LlamaCppPlan p = plan(*request.shape, tensors, options);
    if (request.gguf)
        p.assumptions.push_back("the GGUF file's tensors as stored");
    else
        p.assumptions.push_back(std::string("the model's tensors as llama-quantize writes ")
            + LlamaCppTensorList::fileTypeName(type) + (fileType ? "" : " (no --format given: f16)"));
    return p;
}

LlamaCppPlan LlamaCppPlanner::plan(
    const model::ModelShape& shape, const LlamaCppTensorList& tensors, const LlamaCppOptions& options)
{
    using namespace units::checked;
    if (options.batchSize == 0 || options.ubatchSize == 0)
        throw units::InputError("--batch-size and --ubatch-size must be at least 1");
    if (options.parallel == 0)
        throw units::InputError("--parallel must be at least 1");
    if (!options.tensorSplit.empty() && options.tensorSplit.size() != options.devices)
        throw units::InputError("--tensor-split gives " + std::to_string(options.tensorSplit.size())
            + " proportions for " + std::to_string(options.devices) + " devices");
    const double splitSum = std::accumulate(options.tensorSplit.begin(), options.tensorSplit.end(), 0.0);
    if (!options.tensorSplit.empty() && !(splitSum > 0.0))
        throw units::InputError("--tensor-split must give at least one proportion above 0");
    if (options.ctxSize == 0 && !shape.trainedContext)
        throw units::InputError("the model gives no trained context (n_ctx_train): give --ctx-size");
    if (shape.layers == 0 || tensors.layers() != shape.layers)
        throw units::InputError("llama.cpp's plan needs the model's layers and the tensors of the same model");

    LlamaCppPlan p;
    p.version = kModelledRelease;
    const std::uint64_t nLayer = shape.layers;
    const auto specs = layerSpecs(shape);

    // Layers to devices (Note [llama.cpp memory plan]).
    const std::uint64_t slots = nLayer + 1;
    const std::uint64_t requested = options.nGpuLayers.value_or(slots);
    p.gpuLayers = options.devices == 0 ? 0 : std::min(requested, slots);
    if (!options.nGpuLayers)
        p.assumptions.push_back(
            "-ngl auto: every layer offloaded (--fit's lowering of it to what the card holds is not modelled)");
    else if (requested > slots)
        p.assumptions.push_back("-ngl " + std::to_string(requested) + " clamped to " + std::to_string(slots)
            + " (n_layer + 1, the output layer included), as llama.cpp does");
    std::vector<double> splits(options.devices, 1.0);
    if (!options.tensorSplit.empty())
        splits = options.tensorSplit;
    double running = 0.0;
    const double total = std::accumulate(splits.begin(), splits.end(), 0.0);
    for (auto& s : splits) {
        running += s;
        s = running / total;
    }
    const std::uint64_t iGpuStart = slots > p.gpuLayers ? slots - p.gpuLayers : 0;
    std::vector<int> slotDevice(slots, -1);
    p.devices.resize(options.devices);
    for (std::uint64_t il = 0; il < slots; ++il) {
        if (il < iGpuStart || p.gpuLayers == 0)
            continue;
        const double at = double(il - iGpuStart) / double(p.gpuLayers);
        const auto d = int(std::upper_bound(splits.begin(), splits.end(), at) - splits.begin());
        slotDevice[il] = std::min(d, int(options.devices) - 1);
        if (il < nLayer)
            ++p.devices[std::size_t(slotDevice[il])].layers;
        else
            p.devices[std::size_t(slotDevice[il])].outputLayer = true;
    }
    if (options.devices > 1)
        p.assumptions.push_back(options.tensorSplit.empty()
                ? "layers split evenly between the devices (llama.cpp's default split follows each card's free memory)"
                : "layers split by --tensor-split as llama.cpp does (upper_bound of the cumulative proportions)");

    // Model buffers.
    for (const auto& t : tensors.tensors()) {
        const int d = t.layer < 0 ? -1 : slotDevice[std::size_t(std::min<std::int64_t>(t.layer, std::int64_t(nLayer)))];
        if (d < 0)
            p.hostModelBufferBytes = add(p.hostModelBufferBytes, pad(t.bytes, kGgufAlignment), kWhat);
        else
            p.devices[std::size_t(d)].modelBufferBytes
                = add(p.devices[std::size_t(d)].modelBufferBytes, deviceBytes(t), kWhat);
    }

    // Context.
    p.nBatch = options.batchSize;
    p.nUbatch = std::min(options.batchSize, options.ubatchSize);
    const std::uint64_t nSeq = options.parallel;
    const std::uint64_t streams = options.kvUnified ? 1 : nSeq;
    p.nCtx = pad(options.ctxSize ? options.ctxSize : *shape.trainedContext, kCtxPad);
    if (options.kvUnified) {
        p.nCtxSeq = p.nCtx;
    } else {
        p.nCtxSeq = pad(p.nCtx / nSeq, kCtxPad);
        p.nCtx = mul(p.nCtxSeq, nSeq, kWhat);
    }
    const std::uint64_t cellsPerStream = options.kvUnified ? p.nCtx : p.nCtxSeq;
    p.kvCells = mul(cellsPerStream, streams, kWhat);
    if (options.ctxSize == 0)
        p.assumptions.push_back("--ctx-size 0: the model's trained context " + std::to_string(*shape.trainedContext));
    if (nSeq > 1)
        p.assumptions.push_back(std::string("--parallel ") + std::to_string(nSeq)
            + (options.kvUnified
                    ? ": one unified KV stream of n_ctx cells shared by the sequences"
                    : ": one KV stream per sequence of n_ctx_seq = " + std::to_string(p.nCtxSeq) + " cells"));

    // Flash attention: auto is on where the device supports it (CUDA, ROCm, Metal, Vulkan do for these heads).
    p.flashAttention = options.flashAttn != LlamaCppOptions::FlashAttention::Off && options.devices > 0;
    if (options.flashAttn == LlamaCppOptions::FlashAttention::Auto)
        p.assumptions.push_back(
            std::string("-fa auto: ") + (p.flashAttention ? "on (the device supports it)" : "off (no GPU)"));
    if (isQuantized(options.cacheTypeV) && !p.flashAttention) {
        p.starts = false;
        p.reason = "llama_init_from_model: V cache quantization requires flash_attn";
    }

    // KV cache, per layer on its device.
    const std::uint32_t typeK = ggmlTypeOf(options.cacheTypeK), typeV = ggmlTypeOf(options.cacheTypeV);
    bool anySwa = false, anyFull = false;
    std::uint64_t swaPerStream = 0;
    for (std::uint64_t il = 0; il < nLayer; ++il) {
        const auto& a = specs[il].attention;
        if (!a.present)
            continue;
        std::uint64_t cells = p.kvCells;
        if (a.span != model::AttentionSpec::Span::Full) {
            anySwa = true;
            std::uint64_t perStream = cellsPerStream;
            if (!options.swaFull)
                perStream = pad(
                    std::min(cellsPerStream, add(mul(a.window, options.kvUnified ? nSeq : 1, kWhat), p.nUbatch, kWhat)),
                    kCtxPad);
            swaPerStream = std::max(swaPerStream, perStream);
            cells = mul(perStream, streams, kWhat);
        } else {
            anyFull = true;
        }
        const std::uint64_t k
            = mul(LlamaCppTensorList::rowBytes(typeK, mul(a.kvHeads, a.headDim, kWhat)), cells, kWhat);
        const std::uint64_t v
            = mul(LlamaCppTensorList::rowBytes(typeV, mul(a.kvHeads, a.valueHeadDim, kWhat)), cells, kWhat);
        p.kBytes = add(p.kBytes, k, kWhat);
        p.vBytes = add(p.vBytes, v, kWhat);
        const int d = slotDevice[il];
        const std::uint64_t bytes = add(pad(k, kCudaAlignment), pad(v, kCudaAlignment), kWhat);
        if (d < 0)
            p.hostKvBufferBytes = add(p.hostKvBufferBytes, bytes, kWhat);
        else
            p.devices[std::size_t(d)].kvBufferBytes = add(p.devices[std::size_t(d)].kvBufferBytes, bytes, kWhat);
    }
    if (anySwa) {
        p.swaCells = mul(swaPerStream, streams, kWhat);
        p.assumptions.push_back(options.swaFull
                ? "--swa-full: sliding-window layers keep n_ctx cells"
                : "sliding-window layers keep pad(window + n_ubatch, 256) cells per stream");
    }
    p.assumptions.push_back(std::string("KV cache K ") + LlamaCppOptions::cacheTypeName(options.cacheTypeK) + ", V "
        + LlamaCppOptions::cacheTypeName(options.cacheTypeV) + ", " + std::to_string(p.kvCells) + " cells (" + mib(p.kBytes + p.vBytes)
        + " MiB)");

    // Compute buffers (Note [llama.cpp memory plan]).
    const std::uint64_t t = p.nUbatch;
    const std::uint64_t n = shape.hidden;
    const std::uint64_t kvFull = anyFull ? cellsPerStream : 0; // the scores of one stream's cells x its tokens
    const std::uint64_t kvSwa = anySwa ? swaPerStream : 0;
    const std::uint64_t maskCells = add(kvFull, kvSwa, kWhat);
    const std::uint64_t maskBytes = mul({ kF32, maskCells, t }, kWhat);
    const bool partial = p.gpuLayers < slots;
    const bool pipeline = options.devices > 1 && !partial;
    for (std::size_t d = 0; d < p.devices.size(); ++d) {
        std::uint64_t peak = 0;
        for (std::uint64_t il = 0; il < nLayer; ++il) {
            if (slotDevice[il] != int(d))
                continue;
            const auto& l = specs[il];
            if (l.attention.present) {
                const auto& a = l.attention;
                const std::uint64_t nkv = a.span == model::AttentionSpec::Span::Full ? kvFull : kvSwa;
                const std::uint64_t rows = sum({ n, mul(a.heads, a.headDim, kWhat), mul(a.kvHeads, a.headDim, kWhat),
                    mul(a.kvHeads, a.valueHeadDim, kWhat), mul(a.heads, a.valueHeadDim, kWhat) });
                std::uint64_t attention = mul({ kF32, t, rows }, kWhat);
                if (p.flashAttention)
                    attention
                        = add(attention, add(maskBytes, maskBytes / 2, kWhat), kWhat); // f32 mask and its f16 cast
                else
                    attention = add(attention, add(maskBytes, mul({ kF32, nkv, t, a.heads }, kWhat), kWhat), kWhat);
                peak = std::max(peak, attention);
            }
            const auto& m = l.mlp;
            if (m.kind != model::MlpSpec::Kind::None) {
                std::uint64_t width = m.kind == model::MlpSpec::Kind::Moe
                    ? add(mul(m.intermediate, std::max<std::uint64_t>(1, m.expertsPerToken), kWhat),
                        m.sharedIntermediate, kWhat)
                    : m.intermediate;
                const std::uint64_t ffn = mul({ kF32, t, add(2 * n, m.gated ? 2 * width : width, kWhat) }, kWhat);
                peak = std::max(peak, ffn);
            }
        }
        if (p.devices[d].outputLayer)
            peak = std::max(peak, mul({ kF32, t, add(n, shape.vocab, kWhat) }, kWhat));
        if (!pipeline)
            p.devices[d].computeBufferBytes = peak;
    }
    if (pipeline)
        p.assumptions.push_back("several devices with every layer offloaded: llama.cpp enables pipeline parallelism "
                                "(n_copies = 4), whose compute buffers are not modelled");
    if (!partial && options.devices > 0)
        p.hostComputeBufferBytes
            = add(mul({ kF32, t, n }, kWhat), add(maskBytes, mul({ 2, kF32, t }, kWhat), kWhat), kWhat);
    else if (partial && options.devices > 0)
        p.assumptions.push_back(
            "partial offload: the CPU's compute buffer (the layers left on the CPU) is not modelled, "
            "and matrix products of those layers that llama.cpp offloads to the GPU for large batches are "
            "not added to the GPU's");
    if (options.devices == 0)
        p.assumptions.push_back("no GPU: every buffer is on the CPU; the CPU's compute buffer is not modelled");
    if (p.hostComputeBufferBytes)
        p.hostBufferBytes
            = add(add(p.hostModelBufferBytes, p.hostKvBufferBytes, kWhat), *p.hostComputeBufferBytes, kWhat);
    p.assumptions.push_back("compute buffers: the worst-case graph of " + std::to_string(t)
        + " tokens over every cell, "
          "modelled from its largest tensors (Note [llama.cpp memory plan]); ggml-alloc's reuse is not replayed");
    return p;
}

} // namespace iteragpu::engines
