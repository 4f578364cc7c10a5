// SPDX-License-Identifier: Apache-2.0
#include "core/engines/vllmplanner.h"

#include "core/engines/vllmkvlayout.h"
#include "core/sizing/blasworkspace.h"
#include "core/sizing/kvcacheoptions.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/weightformat.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"
#include "core/units/units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <utility>

namespace iteragpu::engines {

namespace {

    constexpr const char* kWhat = "vLLM plan";
    // vllm/engine/arg_utils.py get_batch_defaults, for `vllm serve` (UsageContext.OPENAI_API_SERVER): a card of at
    // least 70 GiB whose name has no "a100" gets the larger defaults.
    constexpr std::uint64_t kLargeCardBytes = 70ULL << 30; // bytes
    constexpr std::uint64_t kLargeMaxNumSeqs = 1024;
    constexpr std::uint64_t kLargeMaxNumBatchedTokens = 8192; // tokens
    constexpr std::uint64_t kSmallMaxNumSeqs = 256;
    constexpr std::uint64_t kSmallMaxNumBatchedTokens = 2048; // tokens
    // NCCL: NCCL_BUFFSIZE (4 MiB, the Simple protocol's buffer) per channel, once to send and once to receive;
    // the channel count NCCL picks depends on the topology, 16 assumed. vLLM keeps two communicators on the
    // tensor-parallel group (torch.distributed's and its own PyNccl) and one on the pipeline group.
    constexpr std::uint64_t kNcclBufferBytes = 4ULL << 20; // bytes
    constexpr std::uint64_t kNcclChannels = 16;
    // vLLM's custom all-reduce (csrc/custom_all_reduce): a registered buffer of max_size 8 MiB plus its signal
    // area, allocated with cudaMalloc outside torch (vllm/distributed/device_communicators/custom_all_reduce.py).
    constexpr std::uint64_t kCustomAllReduceBytes = 8ULL << 20; // bytes
    // vllm/model_executor/layers/vocab_parallel_embedding.py DEFAULT_VOCAB_PADDING_SIZE: lm_head's rows (and so the
    // logits' columns before LogitsProcessor slices them to the vocabulary) are padded to a multiple of 64.
    constexpr std::uint64_t kVocabPadding = 64;
    constexpr std::uint64_t kFloat32Bytes = 4; // bytes
    // vllm/envs.py VLLM_FUSED_MOE_CHUNK_SIZE (16 * 1024): the fused MoE works on at most this many tokens at once.
    constexpr std::uint64_t kFusedMoeChunkTokens = 16 * 1024; // tokens
    // vllm/config/vllm.py _set_cudagraph_sizes (Note [vLLM CUDA graphs]): the largest size captured by default, and
    // gpt-oss's (vllm/model_executor/models/config.py GptOssForCausalLMConfig: "Increase the max capture size from
    // 512 to 1024 for performance"), per architecture entry of core/model.
    constexpr std::uint64_t kDefaultMaxCaptureSize = 512; // tokens
    constexpr std::pair<const char*, std::uint64_t> kArchitectureMaxCaptureSize[] = { { "gpt_oss", 1024 } };
    constexpr std::uint64_t kCudagraphWarmups = 1; // CompilationConfig.cudagraph_num_of_warmups

    std::uint64_t cdiv(std::uint64_t a, std::uint64_t b) { return a / b + (a % b != 0 ? 1 : 0); }

    std::uint64_t sum(std::initializer_list<std::uint64_t> terms)
    {
        std::uint64_t total = 0;
        for (const auto t : terms)
            total = units::checked::add(total, t, kWhat);
        return total;
    }

    std::string gib(double bytes)
    {
        char text[32];
        std::snprintf(text, sizeof text, "%.2f", bytes / double(units::kGiB));
        return text;
    }

    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        return s;
    }

    // vllm/distributed/utils.py get_pp_indices: layers // pp each, the remainder to the stages before the last.
    std::vector<std::uint64_t> stageLayers(std::uint64_t layers, std::uint64_t pp)
    {
        std::vector<std::uint64_t> parts(pp, layers / pp);
        const std::uint64_t remaining = layers % pp;
        for (std::uint64_t i = 2; i < remaining + 2; ++i)
            ++parts[pp - i];
        return parts;
    }

    // The dtype vLLM runs the model in (VllmOptions::Dtype), as a storage format of unquantized weights.
    sizing::WeightFormat modelDtype(const model::ModelShape& shape, VllmOptions::Dtype dtype)
    {
        switch (dtype) {
        case VllmOptions::Dtype::Float16:
            return sizing::WeightFormat::FP16;
        case VllmOptions::Dtype::BFloat16:
            return sizing::WeightFormat::BF16;
        case VllmOptions::Dtype::Float32:
            return sizing::WeightFormat::FP32;
        case VllmOptions::Dtype::Auto:
            break;
        }
        return shape.torchDtype == "float16" ? sizing::WeightFormat::FP16 : sizing::WeightFormat::BF16;
    }

    // The widest layer of the profile forward (Note [vLLM memory plan]): per token, the attention's q, k, v, its
    // output and o_proj's output, or the MLP's gate_up, activation and down outputs (MoE: per routed copy, plus
    // the router's fp32 logits and a shared expert), tensor-parallel widths.
    std::uint64_t layerPeakPerToken(const model::ModelShape& shape, std::uint64_t tp, std::uint64_t dt)
    {
        using namespace units::checked;
        std::vector<model::LayerSpec> layers = shape.layerSpecs;
        if (layers.empty())
            for (std::uint64_t i = 0; i < shape.layers; ++i)
                layers.push_back(shape.uniformLayer(i));
        std::uint64_t peak = 0;
        for (const auto& l : layers) {
            std::uint64_t attention = 0;
            if (l.attention.present) {
                const auto& a = l.attention;
                const std::uint64_t kvPerGpu = std::max<std::uint64_t>(1, a.kvHeads / tp);
                const std::uint64_t q = cdiv(mul(a.heads, a.headDim, kWhat), tp);
                const std::uint64_t kv = mul(kvPerGpu, add(a.headDim, a.valueHeadDim, kWhat), kWhat);
                const std::uint64_t out = cdiv(mul(a.heads, a.valueHeadDim, kWhat), tp);
                attention = mul(sum({ q, kv, out, shape.hidden }), dt, kWhat);
            }
            std::uint64_t mlp = 0;
            const auto& m = l.mlp;
            if (m.kind == model::MlpSpec::Kind::Dense) {
                const std::uint64_t i = cdiv(m.intermediate, tp);
                mlp = mul(sum({ m.gated ? 2 * i : i, i, shape.hidden }), dt, kWhat);
            } else if (m.kind == model::MlpSpec::Kind::Moe) {
                const std::uint64_t i = cdiv(m.intermediate, tp);
                const std::uint64_t routed = mul({ m.expertsPerToken, add(m.gated ? 2 * i : i, i, kWhat), dt }, kWhat);
                const std::uint64_t shared = m.sharedIntermediate
                    ? mul(3 * cdiv(m.sharedIntermediate, tp), dt, kWhat) : 0;
                mlp = sum({ routed, shared, mul(shape.hidden, dt, kWhat), mul(m.experts, 4, kWhat) });
            }
            peak = std::max({ peak, attention, mlp });
        }
        return peak;
    }

    // The fused MoE's workspaces (vllm/model_executor/layers/fused_moe/modular_kernel.py _allocate_buffers, one
    // chunk): max(workspace13, fused_out) and workspace2, taken from the worker's WorkspaceManager
    // (vllm/v1/worker/workspace.py), which keeps them allocated once the profile forward grew it; the shapes are
    // TritonExperts.workspace_shapes (fused_moe.py): workspace13 (M, topk, max(N / 2, K)), workspace2 (M, topk,
    // max(N, K)), fused_out (M, K), with N gate_up's width per GPU and K the hidden size. The largest MoE layer's.
    std::uint64_t moeWorkspace(const model::ModelShape& shape, std::uint64_t tp, std::uint64_t tokens, std::uint64_t dt)
    {
        using namespace units::checked;
        std::vector<model::LayerSpec> layers = shape.layerSpecs;
        if (layers.empty())
            for (std::uint64_t i = 0; i < shape.layers; ++i)
                layers.push_back(shape.uniformLayer(i));
        const std::uint64_t m = std::min(tokens, kFusedMoeChunkTokens);
        const std::uint64_t k = shape.hidden;
        std::uint64_t peak = 0;
        for (const auto& l : layers) {
            if (l.mlp.kind != model::MlpSpec::Kind::Moe)
                continue;
            const std::uint64_t i = cdiv(l.mlp.intermediate, tp);
            const std::uint64_t n = l.mlp.gated ? 2 * i : i;
            const std::uint64_t topk = l.mlp.expertsPerToken;
            const std::uint64_t ws13 = mul({ m, topk, std::max(n / 2, k) }, kWhat);
            const std::uint64_t ws2 = mul({ m, topk, std::max(n, k) }, kWhat);
            const std::uint64_t out = mul(m, k, kWhat);
            peak = std::max(peak, mul(add(std::max(ws13, out), ws2, kWhat), dt, kWhat));
        }
        return peak;
    }

    // NVIDIA's compute capability (major x 10 + minor) of a card, from its name, as NVIDIA's table lists it
    // (https://developer.nvidia.com/cuda-gpus) for the cards the catalog holds; nullopt: not a card it names.
    std::optional<std::uint64_t> computeCapability(const std::string& cardName)
    {
        const std::string n = lower(cardName);
        if (n.find("nvidia") == std::string::npos)
            return std::nullopt;
        const std::pair<const char*, std::uint64_t> table[]
            = { { "h200", 90 }, { "h100", 90 }, { "h800", 90 }, { "a100", 80 }, { "a10", 86 }, { "rtx 3090", 86 },
                  { "l40", 89 }, { "l4", 89 }, { "rtx 4090", 89 }, { "t4", 75 } };
        for (const auto& [name, cc] : table)
            if (n.find(name) != std::string::npos)
                return cc;
        return std::nullopt;
    }

    // The MXFP4 experts as vllm/model_executor/layers/quantization/mxfp4.py creates them (Mxfp4MoEMethod.
    // create_weights): w13 [E, 2 x I, H / 2] and w2 [E, H, I / 2] in uint8, their e8m0 scales [E, 2 x I, H / 32]
    // and [E, H, I / 32], and the bf16 biases [E, 2 x I] and [E, H], with I the intermediate size per GPU and H the
    // hidden size each padded for the backend get_mxfp4_backend picks.
    std::uint64_t mxfp4ExpertBytes(std::uint64_t experts, std::uint64_t i, std::uint64_t h)
    {
        using namespace units::checked;
        const std::uint64_t w13 = sum({ mul(2 * i, h / 2, kWhat), mul(2 * i, h / 32, kWhat), mul(2 * i, 2, kWhat) });
        const std::uint64_t w2 = sum({ mul(h, i / 2, kWhat), mul(h, i / 32, kWhat), mul(h, 2, kWhat) });
        return mul(experts, add(w13, w2, kWhat), kWhat);
    }

    struct Mxfp4Padding {
        std::uint64_t intermediate = 1; // round_up of the intermediate size per GPU
        std::uint64_t hidden = 1; // round_up of the hidden size
        std::string backend;
    };

    // get_mxfp4_backend (mxfp4.py) on CUDA, with vLLM's default environment: FlashInfer's BF16 backend on SM100
    // (intermediate and hidden to 256), triton_kernels on SM90 (intermediate to 64; its swizzled Hopper layout is
    // not modelled) and Marlin below SM90 or from SM110 (intermediate to 128, hidden to 256: its kernel wants
    // n % 256 == 0 and k % 128 == 0).
    std::optional<Mxfp4Padding> mxfp4Padding(std::optional<std::uint64_t> cc)
    {
        if (!cc)
            return std::nullopt;
        if (*cc >= 100 && *cc < 110)
            return Mxfp4Padding { 256, 256, "FlashInfer MXFP4 BF16 (SM100)" };
        if (*cc >= 90 && *cc < 100)
            return Mxfp4Padding { 64, 1, "Triton (triton_kernels, SM90)" };
        return Mxfp4Padding { 128, 256, "Marlin" };
    }

    // The batch sizes vLLM captures (vllm/config/vllm.py _set_cudagraph_sizes), largest first.
    std::vector<std::uint64_t> captureSizes(std::uint64_t maxSize)
    {
        std::vector<std::uint64_t> sizes;
        for (const std::uint64_t s : { 1, 2, 4 })
            if (s <= maxSize)
                sizes.push_back(s);
        for (std::uint64_t s = 8; s < std::min<std::uint64_t>(maxSize + 1, 256); s += 8)
            sizes.push_back(s);
        for (std::uint64_t s = 256; s <= maxSize; s += 16)
            sizes.push_back(s);
        std::reverse(sizes.begin(), sizes.end());
        return sizes;
    }

} // namespace

std::vector<VllmKvLayout::Layer> VllmPlanner::kvLayers(const model::ModelShape& shape, std::uint64_t tensorParallel,
    std::uint64_t kvBytes, std::vector<std::uint64_t>* modelLayerOf)
{
    using namespace units::checked;
    const auto caches = sizing::KvCacheOptions::fromShape(shape, true);
    std::vector<VllmKvLayout::Layer> kvLayers;
    for (std::uint64_t i = 0; i < shape.layers; ++i) {
        sizing::LayerCache c;
        if (!caches.layerCaches.empty()) {
            c = caches.layerCaches.at(i);
        } else {
            c.heads = shape.kvHeads;
            c.keyWidth = shape.headDim;
            c.valueWidth = shape.headDim;
            const auto window = i < caches.layerWindows.size() ? caches.layerWindows[i] : std::nullopt;
            c.kind = window ? sizing::LayerCache::Kind::Sliding : sizing::LayerCache::Kind::Full;
            c.window = window.value_or(0);
        }
        VllmKvLayout::Layer l;
        switch (c.kind) {
        case sizing::LayerCache::Kind::None:
            continue;
        case sizing::LayerCache::Kind::State:
            throw units::InputError("vLLM's plan for recurrent state layers (Mamba, gated DeltaNet) is not modelled "
                                    "yet: its hybrid pages are sized from the state, not from tokens");
        case sizing::LayerCache::Kind::Full:
        case sizing::LayerCache::Kind::MlaDecompressed:
            l.kind = VllmKvLayout::Layer::Kind::Full;
            break;
        case sizing::LayerCache::Kind::Sliding:
            l.kind = VllmKvLayout::Layer::Kind::Sliding;
            break;
        case sizing::LayerCache::Kind::Chunked:
            l.kind = VllmKvLayout::Layer::Kind::Chunked;
            break;
        case sizing::LayerCache::Kind::Latent:
            l.kind = VllmKvLayout::Layer::Kind::Latent;
            break;
        }
        l.window = c.window;
        // vLLM: num_kv_heads // tp per GPU, at least 1 (replicated when TP exceeds the KV heads); the MLA latent
        // is kept whole on every GPU.
        const std::uint64_t heads = c.kind == sizing::LayerCache::Kind::Latent || c.replicated
            ? c.heads : std::max<std::uint64_t>(1, c.heads / tensorParallel);
        l.bytesPerToken = mul({ heads, add(c.keyWidth, c.valueWidth, kWhat), kvBytes }, kWhat);
        kvLayers.push_back(l);
        if (modelLayerOf)
            modelLayerOf->push_back(i);
    }
    return kvLayers;
}

VllmPlan VllmPlanner::plan(const sizing::SizingRequest& request, const VllmOptions& options, std::uint64_t totalBytes,
    bool totalIsUsable, const std::vector<std::uint64_t>& requestTokens)
{
    using namespace units::checked;
    if (!request.shape)
        throw units::InputError(
            "vLLM's plan needs the model's layers: give --config, --preset, --model or --gguf");
    const model::ModelShape& shape = *request.shape;
    if (!(options.gpuMemoryUtilization > 0.0 && options.gpuMemoryUtilization <= 1.0))
        throw units::InputError("--gpu-memory-utilization must be above 0 and at most 1");
    if (options.tensorParallel == 0 || options.pipelineParallel == 0)
        throw units::InputError("--tensor-parallel-size and --pipeline-parallel-size must be at least 1");
    if (options.blockSize == 0)
        throw units::InputError("--block-size must be greater than zero");
    if (totalBytes == 0)
        throw units::InputError("vLLM's plan needs the card's memory (--device-catalog)");
    if (options.quantization != "" && options.quantization != "fp8")
        throw units::InputError("--quantization: only fp8 (runtime, from 16-bit weights) is modelled; give none to "
                                "load the checkpoint as it is stored");

    VllmPlan p;
    p.version = kModelledRelease;
    p.totalBytes = totalBytes;
    p.totalIsUsable = totalIsUsable;
    p.gpuMemoryUtilization = options.gpuMemoryUtilization;
    p.tensorParallel = options.tensorParallel;
    p.pipelineParallel = options.pipelineParallel;
    p.blockSize = options.blockSize;
    p.requestedBytes = static_cast<std::uint64_t>(
        std::floor(double(totalBytes) * options.gpuMemoryUtilization)); // total_memory * gpu_memory_utilization
    p.assumptions.push_back(std::string("requested = ") + (totalIsUsable ? "the card's CUDA-visible total" : "nvidia-smi's total (no CUDA total published for this card)") + " " + gib(double(totalBytes)) + " GiB x --gpu-memory-utilization " + std::to_string(options.gpuMemoryUtilization).substr(0, 4));

    const bool largeCard = totalBytes >= kLargeCardBytes && lower(options.cardName).find("a100") == std::string::npos;
    p.maxNumSeqs = options.maxNumSeqs.value_or(largeCard ? kLargeMaxNumSeqs : kSmallMaxNumSeqs);
    p.maxNumBatchedTokens = options.maxNumBatchedTokens.value_or(largeCard ? kLargeMaxNumBatchedTokens : kSmallMaxNumBatchedTokens);
    if (!options.maxNumSeqs || !options.maxNumBatchedTokens)
        p.assumptions.push_back("`vllm serve` defaults on a card " + std::string(largeCard ? "of 70 GiB or more (not A100)" : "under 70 GiB or an A100") + ": --max-num-seqs " + std::to_string(p.maxNumSeqs) + ", --max-num-batched-tokens " + std::to_string(p.maxNumBatchedTokens) + " (chunked prefill)");
    if (p.maxNumSeqs == 0 || p.maxNumBatchedTokens == 0)
        throw units::InputError("--max-num-seqs and --max-num-batched-tokens must be at least 1");
    if (!options.maxModelLen && !shape.trainedContext)
        throw units::InputError("the model's config gives no max_position_embeddings: give --max-model-len");
    p.maxModelLen = options.maxModelLen.value_or(shape.trainedContext.value_or(0));
    if (p.maxModelLen == 0)
        throw units::InputError("--max-model-len must be at least 1");

    const auto refuse = [&p](std::string reason) {
        p.starts = false;
        p.reason = std::move(reason);
        return p;
    };
    if (p.maxNumBatchedTokens < p.maxNumSeqs)
        return refuse("max_num_batched_tokens (" + std::to_string(p.maxNumBatchedTokens)
            + ") must be greater than or equal to max_num_seqs (" + std::to_string(p.maxNumSeqs) + ").");
    if (shape.trainedContext && p.maxModelLen > *shape.trainedContext)
        return refuse("User-specified max_model_len (" + std::to_string(p.maxModelLen)
            + ") is greater than the derived max_model_len (max_position_embeddings="
            + std::to_string(*shape.trainedContext)
            + " in model's config.json). To allow overriding this maximum, set the env var "
              "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1.");
    if (shape.heads % options.tensorParallel != 0)
        return refuse("Total number of attention heads (" + std::to_string(shape.heads)
            + ") must be divisible by tensor parallel size (" + std::to_string(options.tensorParallel) + ").");
    if (shape.layers < options.pipelineParallel)
        return refuse("--pipeline-parallel-size " + std::to_string(options.pipelineParallel) + " is more than the "
            + std::to_string(shape.layers) + " layers of the model");

    // Weights as the sizing engine reads them (checkpoint bytes, quantization_config, --format), per TP shard.
    sizing::SizingRequest weightsOnly = request;
    weightsOnly.kvCache.reset();
    weightsOnly.training.reset();
    weightsOnly.attention.reset();
    weightsOnly.tensorParallel = options.tensorParallel;
    // vLLM loads the checkpoint as it is stored (its quantization_config picks the kernels: MXFP4 experts stay
    // MXFP4, GPTQ stays GPTQ), never in a format chosen for a transformers load: the stored bytes of a safetensors
    // checkpoint, else the storage the config says (SizingRequest::storedWeights).
    const bool fromFiles = (request.checkpoint || request.gguf) && request.weightsFromCheckpoint;
    if (!fromFiles && request.storedWeights) {
        weightsOnly.bits.reset();
        weightsOnly.weights = *request.storedWeights;
        weightsOnly.weightsFromCheckpoint = false;
        p.assumptions.push_back(std::string("weights as the model's config stores them: ")
            + sizing::weightFormatInfo(request.storedWeights->format).name + ", as vLLM loads them");
    }
    // --dtype: unquantized weights are cast to the model's dtype as they load (a quantized checkpoint keeps its
    // codes; its 16-bit parts follow the dtype only in their compute type).
    const sizing::WeightFormat dtypeFormat = modelDtype(shape, options.dtype);
    const bool storedQuantized = fromFiles
        ? (request.checkpoint ? request.checkpoint->quantized() : true)
        : sizing::weightFormatInfo(weightsOnly.weights.format).quantized;
    const auto storedFloat = fromFiles ? sizing::weightFormatOfTorchDtype(shape.torchDtype)
                                       : std::optional<sizing::WeightFormat>(weightsOnly.weights.format);
    if (!storedQuantized && options.quantization.empty() && storedFloat != dtypeFormat) {
        weightsOnly.bits.reset();
        weightsOnly.weightsFromCheckpoint = false;
        weightsOnly.weights.format = dtypeFormat;
        p.assumptions.push_back(std::string("--dtype: the weights are cast to ") + sizing::weightFormatInfo(dtypeFormat).name
            + " as they load");
    }
    if (options.quantization == "fp8") {
        weightsOnly.bits.reset();
        weightsOnly.weightsFromCheckpoint = false;
        weightsOnly.weights.format = sizing::WeightFormat::FP8E4M3;
        p.assumptions.push_back("--quantization fp8: every linear weight quantized to fp8 e4m3 at load, one fp32 scale "
                                "per tensor; embeddings, lm_head and norms stay 16-bit");
    }
    const sizing::Estimate weightsEstimate = sizing::SizingEngine::estimate(weightsOnly);
    std::uint64_t weightsPerShard = weightsEstimate.bytesOf("weights");
    // MXFP4 experts (gpt-oss) load padded for the MoE backend: the padding's bytes on top of the stored ones.
    if (!fromFiles && weightsOnly.weights.format == sizing::WeightFormat::Mxfp4) {
        const auto pad = mxfp4Padding(computeCapability(options.cardName));
        if (pad) {
            std::vector<model::LayerSpec> layers = shape.layerSpecs;
            if (layers.empty())
                for (std::uint64_t i = 0; i < shape.layers; ++i)
                    layers.push_back(shape.uniformLayer(i));
            std::uint64_t padding = 0;
            for (const auto& l : layers) {
                if (l.mlp.kind != model::MlpSpec::Kind::Moe)
                    continue;
                const std::uint64_t i = l.mlp.intermediate / options.tensorParallel;
                const std::uint64_t ip = cdiv(i, pad->intermediate) * pad->intermediate;
                const std::uint64_t hp = cdiv(shape.hidden, pad->hidden) * pad->hidden;
                padding = add(padding,
                    mxfp4ExpertBytes(l.mlp.experts, ip, hp) - mxfp4ExpertBytes(l.mlp.experts, i, shape.hidden), kWhat);
            }
            weightsPerShard = add(weightsPerShard, padding, kWhat);
            p.assumptions.push_back("MXFP4 experts through vLLM's " + pad->backend
                + " MoE backend (the card's compute capability), padded as its create_weights pads them: +"
                + gib(double(padding)) + " GiB per GPU");
        } else {
            p.assumptions.push_back("MXFP4 experts as stored: the card's compute capability, and so vLLM's MXFP4 MoE "
                                    "backend and its padding, is not known");
        }
    }
    const model::ParameterBreakdown params = shape.parameters();

    // The KV cache spec of every attention layer, per GPU.
    const std::uint64_t modelBytes = dtypeFormat == sizing::WeightFormat::FP32 ? 4 : 2;
    const std::uint64_t kvBytes = options.kvCacheDtype == VllmOptions::KvCacheDtype::Auto ? modelBytes : 1;
    if (options.kvCacheDtype != VllmOptions::KvCacheDtype::Auto)
        p.assumptions.push_back("--kv-cache-dtype fp8: one byte per K and V element (scales per layer, not per token)");
    std::vector<std::uint64_t> kvLayerOf; // model layer index of each kv layer
    const std::vector<VllmKvLayout::Layer> kvLayers
        = VllmPlanner::kvLayers(shape, options.tensorParallel, kvBytes, &kvLayerOf);
    const VllmKvLayout layout = VllmKvLayout::build(kvLayers, options.blockSize);

    // Per pipeline stage: weights, activation, outside torch, pool.
    const auto parts = stageLayers(shape.layers, options.pipelineParallel);
    const std::uint64_t layerParams = params.attention + params.mlp + params.state + params.norms;
    const double perParam = params.total ? double(weightsPerShard) / double(params.total) : 0.0;
    const std::uint64_t dt = modelBytes;
    const std::uint64_t n = p.maxNumBatchedTokens;
    const std::uint64_t s = std::min(p.maxNumSeqs, n);
    const std::uint64_t perTokenLayer = layerPeakPerToken(shape, options.tensorParallel, dt);
    // One forward's live tensors at `tokens` (hidden states and residual, the widest layer's, 16 bytes of positions
    // and metadata per token), in the order they are allocated.
    const auto forwardTensors = [&](std::uint64_t tokens) {
        return std::vector<std::uint64_t> { mul({ tokens, shape.hidden, dt }, kWhat),
            mul({ tokens, shape.hidden, dt }, kWhat), mul(tokens, perTokenLayer, kWhat), mul(tokens, 16, kWhat) };
    };
    std::uint64_t forward = 0;
    for (const std::uint64_t t : forwardTensors(n))
        forward = add(forward, t, kWhat);
    // The dummy sampler (gpu_model_runner.py profile_run -> _dummy_sampler_run, the forward's hidden states still
    // held): compute_logits gives s rows over the padded vocabulary in the model's dtype (gathered on every TP rank);
    // Sampler.forward (vllm/v1/sample/sampler.py) copies them to float32 (the same tensor when the model runs in
    // float32); the dummy metadata asks top-k (vocab - 1) and top-p (0.9), so TopKTopPSampler.forward_cuda calls
    // flashinfer_sample (vllm/v1/sample/ops/topk_topp_sampler.py) -> FlashInfer's top_k_top_p_sampling_from_logits
    // (flashinfer/sampling.py, filter_apply_order "top_k_first"), which holds the top-k-masked float32 logits and
    // their float32 softmax at once.
    const std::uint64_t paddedVocab = cdiv(shape.vocab, kVocabPadding) * kVocabPadding;
    const std::uint64_t logitsBytes = mul({ s, paddedVocab, dt }, kWhat);
    const std::uint64_t float32Copies = dt == kFloat32Bytes ? 2 : 3; // the float32 copy, masked logits, probabilities
    const std::uint64_t sampler = sum({ mul({ n, shape.hidden, dt }, kWhat), logitsBytes,
        mul({ s, shape.vocab, float32Copies * kFloat32Bytes }, kWhat) });
    // The MoE workspaces stay allocated through the sampler (the workspace manager keeps them).
    const std::uint64_t moe = moeWorkspace(shape, options.tensorParallel, n, dt);
    // The cuBLAS workspace: PyTorch takes it from its caching allocator on the first matmul of the profile forward
    // (aten/src/ATen/cuda/CublasHandlePool.cpp), so it is part of the torch peak increase, not outside torch.
    const std::uint64_t blas = sizing::BlasWorkspace::bytes(sizing::BlasBackend::CublasHopper);
    const std::uint64_t forwardPeak = add(blas, std::max(forward, add(moe, sampler, kWhat)), kWhat);
    const std::uint64_t stagePeak = add(blas, std::max(forward, moe), kWhat); // a stage before the last: no sampler
    std::uint64_t nonTorch = 0;
    if (options.tensorParallel > 1)
        nonTorch = add(nonTorch, add(mul({ 2, 2, kNcclChannels, kNcclBufferBytes }, kWhat), kCustomAllReduceBytes, kWhat), kWhat);
    if (options.pipelineParallel > 1)
        nonTorch = add(nonTorch, mul({ 2, kNcclChannels, kNcclBufferBytes }, kWhat), kWhat);
    p.assumptions.push_back("profile run: one forward of " + std::to_string(n)
        + " tokens (hidden states, residual and the widest layer's tensors"
        + std::string(moe ? ", the fused MoE's workspaces, kept by vLLM's workspace manager" : "")
        + "), then the dummy sampler over " + std::to_string(s)
        + " rows of logits (model dtype; float32 copy, top-k-masked logits and probabilities of FlashInfer's "
          "top-k/top-p sampler), and the cuBLAS workspace (32 MiB, from torch's allocator); torch.compile's fusions "
          "and the attention backend's workspace are not modelled; without FlashInfer vLLM's native top-k/top-p sort "
          "takes more");
    p.assumptions.push_back(std::string("outside torch: ")
        + (options.tensorParallel > 1
                ? "two NCCL communicators on the tensor-parallel group (2 x 16 channels x 4 MiB send and receive, the "
                  "channel count assumed) and the custom all-reduce's 8 MiB buffer"
                : "nothing modelled at tensor parallel 1")
        + (options.pipelineParallel > 1 ? "; one NCCL communicator on the pipeline group" : "")
        + "; kernel images loaded on first use and NCCL's topology-dependent buffers (NVLS on NVSwitch systems) are "
          "not knowable offline and not modelled");

    std::uint64_t first = 0;
    bool chosen = false;
    std::uint64_t minBlocks = UINT64_MAX;
    std::optional<std::uint64_t> largest;
    bool largestKnown = true;
    for (std::uint64_t stage = 0; stage < parts.size(); ++stage) {
        const std::uint64_t last = first + parts[stage];
        const bool isFirst = stage == 0, isLast = stage + 1 == parts.size();
        std::uint64_t stageParams = shape.layers ? layerParams / shape.layers * parts[stage] : 0;
        if (isFirst)
            stageParams += params.embeddings;
        if (isLast)
            stageParams += params.lmHead ? params.lmHead : (parts.size() > 1 ? params.embeddings : 0);
        const std::uint64_t weights = parts.size() == 1 ? weightsPerShard
                                                        : static_cast<std::uint64_t>(perParam * double(stageParams));
        const std::uint64_t activation = isLast ? forwardPeak : stagePeak;
        const std::int64_t available = std::int64_t(p.requestedBytes) - std::int64_t(weights)
            - std::int64_t(activation) - std::int64_t(nonTorch);
        // The kv layers of this stage.
        std::uint64_t kvFirst = 0, kvLast = 0;
        for (std::uint64_t k = 0; k < kvLayerOf.size(); ++k) {
            if (kvLayerOf[k] < first)
                kvFirst = k + 1;
            if (kvLayerOf[k] < last)
                kvLast = k + 1;
        }
        const auto figures = layout.stage(kvFirst, kvLast, available > 0 ? std::uint64_t(available) : 0,
            p.maxModelLen, p.maxNumBatchedTokens);
        // Largest --max-model-len that starts on this stage (vLLM's estimate_max_model_len, up to the model's).
        std::optional<std::uint64_t> stageLargest;
        if (available > 0) {
            std::uint64_t lo = 1, hi = shape.trainedContext.value_or(p.maxModelLen);
            const auto fits = [&](std::uint64_t len) {
                return layout.bytesPerRequest(kvFirst, kvLast, len, p.maxNumBatchedTokens) <= std::uint64_t(available);
            };
            if (fits(lo)) {
                while (lo < hi) {
                    const std::uint64_t mid = lo + (hi - lo + 1) / 2;
                    if (fits(mid))
                        lo = mid;
                    else
                        hi = mid - 1;
                }
                stageLargest = lo;
            }
        }
        if (!stageLargest)
            largestKnown = false;
        else if (!largest || *stageLargest < *largest)
            largest = stageLargest;
        // The stage reported: the first that cannot start, else the one with the fewest blocks (every stage gets
        // that many: get_kv_cache_configs takes the minimum).
        const bool worse = !chosen || (p.kvCacheBytes > 0 && (available <= 0 || figures.numBlocks < minBlocks));
        if (worse) {
            chosen = true;
            minBlocks = figures.numBlocks;
            p.stage = stage;
            p.weightsBytes = weights;
            p.activationPeakBytes = activation;
            p.nonTorchBytes = nonTorch;
            p.kvCacheBytes = available;
            p.pageBytes = figures.pageBytes;
            p.layersPerPool = figures.layersPerPool;
            p.kvGroups = figures.groups;
            p.numBlocks = figures.numBlocks;
            p.kvCacheTokens = figures.tokens;
            p.kvBytesPerRequest = figures.bytesPerRequest;
            p.maxConcurrency = figures.maxConcurrency;
            p.kvTensorBytes = figures.tensorBytes;
            p.blocksPerRequest.clear();
            const std::uint64_t perBlock = mul(figures.pageBytes, figures.layersPerPool, kWhat);
            for (const std::uint64_t tokens : requestTokens)
                p.blocksPerRequest.push_back(perBlock == 0 || tokens == 0
                        ? 0
                        : layout.bytesPerRequest(kvFirst, kvLast, tokens, p.maxNumBatchedTokens) / perBlock);
        }
        first = last;
    }
    p.sized = true;
    p.largestMaxModelLen = largestKnown ? largest : std::nullopt;
    // CUDA graphs (Note [vLLM CUDA graphs]).
    p.cudaGraphBytes = 0;
    if (options.enforceEager) {
        p.assumptions.push_back("--enforce-eager: no CUDA graphs");
    } else {
        std::uint64_t maxSize = kDefaultMaxCaptureSize;
        bool raised = false;
        for (const auto& [architecture, size] : kArchitectureMaxCaptureSize)
            if (shape.architecture == architecture) {
                maxSize = size;
                raised = true;
            }
        if (!raised)
            maxSize = std::min(maxSize, mul(2, p.maxNumSeqs, kWhat));
        maxSize = std::min(maxSize, p.maxNumBatchedTokens);
        p.cudaGraphSizes = captureSizes(maxSize);
        std::vector<model::LayerSpec> layers = shape.layerSpecs;
        if (layers.empty())
            for (std::uint64_t i = 0; i < shape.layers; ++i)
                layers.push_back(shape.uniformLayer(i));
        std::uint64_t attentionLayers = 0;
        for (const auto& l : layers)
            attentionLayers += l.attention.present ? 1 : 0;
        bool chunked = false;
        for (const auto& l : kvLayers)
            chunked = chunked || l.kind == VllmKvLayout::Layer::Kind::Chunked;
        if (!chunked)
            for (const std::uint64_t s : p.cudaGraphSizes)
                p.cudaGraphFullSizes += s <= p.maxNumSeqs ? 1 : 0;
        const std::uint64_t largest = p.cudaGraphSizes.empty() ? 0 : p.cudaGraphSizes.front();
        if (largest > 0) {
            const std::vector<std::uint64_t> live = forwardTensors(largest);
            for (std::uint64_t w = 0; w < kCudagraphWarmups; ++w)
                p.cudaGraphWarmupTensorBytes.insert(p.cudaGraphWarmupTensorBytes.end(), live.begin(), live.end());
            p.cudaGraphTensorBytes = live;
            p.cudaGraphTensorBytes.push_back(blas);
        }
        std::uint64_t warmup = 0, graphs = 0;
        for (const std::uint64_t t : p.cudaGraphWarmupTensorBytes)
            warmup = add(warmup, t, kWhat);
        for (const std::uint64_t t : p.cudaGraphTensorBytes)
            graphs = add(graphs, t, kWhat);
        graphs = add(graphs, warmup, kWhat);
        p.cudaGraphBytes = graphs;
        const std::string fullSizes = p.cudaGraphFullSizes == 0 ? std::string("no FULL graphs (chunked local attention cannot be captured whole)")
            : std::to_string(p.cudaGraphFullSizes) + " of them (up to --max-num-seqs) also as one FULL decode graph each";
        p.assumptions.push_back("CUDA graphs, captured after the KV pool, on top of it (cudagraph_mode FULL_AND_PIECEWISE): "
            + std::to_string(p.cudaGraphSizes.size()) + " batch sizes up to " + std::to_string(largest)
            + (raised ? " (this architecture's vLLM config raises the largest to " + std::to_string(maxSize) + ")"
                      : " (min(2 x --max-num-seqs, 512), at most --max-num-batched-tokens)")
            + " as PIECEWISE graphs of " + std::to_string(attentionLayers + 1) + " pieces, " + fullSizes
            + "; the pool: the largest capture's live tensors (" + gib(double(graphs - warmup - (largest > 0 ? blas : 0)))
            + " GiB; smaller graphs reuse them, outputs are weak references), the eager warm-up before it ("
            + gib(double(warmup)) + " GiB, cached until capture ends) and the capture stream's cuBLAS "
              "workspace (32 MiB); the driver's memory of the "
            + std::to_string(p.cudaGraphSizes.size() * (attentionLayers + 1) + p.cudaGraphFullSizes)
            + " instantiated graphs (their kernel nodes) is not knowable offline and not modelled, so the figure is a "
              "lower bound; vLLM 0.19 does not take the graphs from the KV pool (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS "
              "off)");
    }
    if (options.pipelineParallel > 1)
        p.assumptions.push_back("pipeline parallel " + std::to_string(options.pipelineParallel) + ": layers split as vLLM's get_pp_indices does, the embeddings on the first stage and lm_head on the last; figures of stage " + std::to_string(p.stage) + ", the one with the fewest KV blocks (every stage gets that many)");

    if (p.weightsBytes > totalBytes)
        return refuse("torch.OutOfMemoryError: CUDA out of memory while loading the model (" + gib(double(p.weightsBytes))
            + " GiB of weights per GPU on a card of " + gib(double(totalBytes)) + " GiB)");
    if (p.kvCacheBytes <= 0)
        return refuse("No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when "
                      "initializing the engine. See https://docs.vllm.ai/en/latest/configuration/conserving_memory/ "
                      "for more details.");
    if (p.kvBytesPerRequest > std::uint64_t(p.kvCacheBytes)) {
        std::string estimated;
        if (p.largestMaxModelLen)
            estimated = "Based on the available memory, the estimated maximum model length is "
                + std::to_string(*p.largestMaxModelLen) + ". ";
        return refuse("To serve at least one request with the models's max seq len (" + std::to_string(p.maxModelLen)
            + "), (" + gib(double(p.kvBytesPerRequest)) + " GiB KV cache is needed, which is larger than the available KV "
            "cache memory (" + gib(double(p.kvCacheBytes)) + " GiB). " + estimated
            + "Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine. See "
              "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ for more details.");
    }
    p.starts = true;
    // What the request leaves at capture (the profile run's activations freed), and so whether the graphs fit.
    if (p.cudaGraphBytes && *p.cudaGraphBytes > 0) {
        std::int64_t room = std::int64_t(p.requestedBytes) - std::int64_t(p.weightsBytes) - std::int64_t(p.nonTorchBytes);
        for (const std::uint64_t t : p.kvTensorBytes)
            room -= std::int64_t(t);
        p.cudaGraphRoomBytes = room;
        const std::int64_t graphs = std::int64_t(*p.cudaGraphBytes);
        const std::int64_t aboveRequest = std::int64_t(totalBytes) - std::int64_t(p.requestedBytes);
        p.cudaGraphFit = graphs <= room ? VllmPlan::GraphFit::WithinRequest
            : graphs <= room + aboveRequest ? VllmPlan::GraphFit::BeyondRequest
                                            : VllmPlan::GraphFit::OutOfMemory;
    }
    return p;
}

} // namespace iteragpu::engines
