// SPDX-License-Identifier: Apache-2.0
// vLLM's memory plan (core/engines, Note [vLLM memory plan] and Note [vLLM KV layout]): the KV layout's
// arithmetic against vLLM's own formulas, the refusals, the options' effects, and the accuracy against the
// published start-up logs of tests/data/engines/vllm-startups.json, with the goals (weights within 1 %,
// KV tokens and concurrency within 3 % mean absolute error, activation within 25 %, outside torch within 35 %, the
// CUDA graphs a lower bound of every log's, within 25 % as a goal not met).
#include "core/engines/vllmkvlayout.h"
#include "core/engines/vllmplanner.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/kvcacheoptions.h"
#include "core/sizing/layercache.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizinginputs.h"
#include "core/units/inputerror.h"
#include "core/units/units.h"

#include <QTest>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

using namespace iteragpu;
using engines::VllmKvLayout;
using engines::VllmOptions;
using engines::VllmPlan;
using engines::VllmPlanner;

namespace {

std::string dataDir()
{
    const char* dir = std::getenv("ITERAGPU_TEST_DATA");
    return std::string(dir ? dir : "tests/data") + "/";
}

nlohmann::json startups()
{
    std::ifstream in(dataDir() + "engines/vllm-startups.json");
    return nlohmann::json::parse(in);
}

sizing::SizingRequest requestFor(const nlohmann::json& model)
{
    sizing::SizingInputs in;
    if (model.contains("preset"))
        in.presetId = model["preset"].get<std::string>();
    else
        in.configPath = dataDir() + model["config"].get<std::string>();
    return sizing::makeRequest(in);
}

std::vector<VllmKvLayout::Layer> fullLayers(std::uint64_t layers, std::uint64_t bytesPerToken)
{
    return std::vector<VllmKvLayout::Layer>(layers, { VllmKvLayout::Layer::Kind::Full, bytesPerToken, 0 });
}

double gibOf(std::uint64_t bytes) { return double(bytes) / double(units::kGiB); }
double relError(double ours, double logged) { return (ours - logged) / logged; }

const sizing::GpuCard& h100()
{
    static const auto catalog = sizing::DeviceCatalog::loadDefault();
    return *catalog.find("h100-sxm");
}

// --dtype and --kv-cache-dtype as the log gives them: the bytes of one K or V element.
std::uint64_t kvBytesOf(const nlohmann::json& set)
{
    const std::string kv = set.value("kv_cache_dtype", std::string("auto"));
    if (kv.rfind("fp8", 0) == 0)
        return 1;
    const std::string dtype = set.value("dtype", std::string("auto"));
    return dtype == "float32" || dtype == "float" ? 4 : 2;
}

// The log's settings as VllmOptions; a null setting keeps the release's default.
VllmOptions optionsOf(const nlohmann::json& set, const sizing::GpuCard& card)
{
    VllmOptions o;
    o.tensorParallel = set["tensor_parallel_size"].get<std::uint64_t>();
    o.pipelineParallel = set["pipeline_parallel_size"].get<std::uint64_t>();
    o.blockSize = set["block_size"].get<std::uint64_t>();
    if (set["gpu_memory_utilization"].is_number())
        o.gpuMemoryUtilization = set["gpu_memory_utilization"].get<double>();
    if (set["max_model_len"].is_number())
        o.maxModelLen = set["max_model_len"].get<std::uint64_t>();
    if (set["max_num_seqs"].is_number())
        o.maxNumSeqs = set["max_num_seqs"].get<std::uint64_t>();
    if (set["max_num_batched_tokens"].is_number())
        o.maxNumBatchedTokens = set["max_num_batched_tokens"].get<std::uint64_t>();
    const std::string kv = set.value("kv_cache_dtype", std::string("auto"));
    o.kvCacheDtype = kv == "fp8_e5m2" ? VllmOptions::KvCacheDtype::Fp8E5M2
        : kv.rfind("fp8", 0) == 0     ? VllmOptions::KvCacheDtype::Fp8E4M3
                                      : VllmOptions::KvCacheDtype::Auto;
    const std::string dtype = set.value("dtype", std::string("auto"));
    o.dtype = dtype == "float16" || dtype == "half" ? VllmOptions::Dtype::Float16
        : dtype == "bfloat16"                      ? VllmOptions::Dtype::BFloat16
        : dtype == "float32" || dtype == "float"   ? VllmOptions::Dtype::Float32
                                                   : VllmOptions::Dtype::Auto;
    o.enforceEager = set.value("enforce_eager", false);
    o.quantization = set.value("quantization", std::string());
    o.cardName = card.name;
    return o;
}


struct Errors {
    std::vector<double> values;
    double meanAbs() const
    {
        double s = 0;
        for (double v : values)
            s += std::fabs(v);
        return values.empty() ? 0.0 : s / double(values.size());
    }
};

} // namespace

class TestVllmPlan : public QObject {
    Q_OBJECT

private slots:
    // Llama-3-8B, bf16, one GPU: 32 layers x 8 KV heads x 128 x 2 (K, V) x 2 bytes = 131072 bytes per token; a
    // block of 16 tokens is 2 MiB per layer (vLLM: page_size_bytes = 2 x block x heads x head_size x dtype).
    void uniformLayoutFollowsVllmsFormulas()
    {
        const auto layout = VllmKvLayout::build(fullLayers(32, 8 * 128 * 2 * 2), 16);
        const std::uint64_t available = 50 * units::kGiB;
        const auto f = layout.stage(0, 32, available, 8192, 8192);
        QCOMPARE(f.pageBytes, std::uint64_t(16 * 4096));
        QCOMPARE(f.groups, std::uint64_t(1));
        QCOMPARE(f.numBlocks, available / (16 * 4096) / 32); // get_num_blocks
        QCOMPARE(f.tokens, f.numBlocks * 16);
        QCOMPARE(f.bytesPerRequest, std::uint64_t(32) * (8192 / 16) * 16 * 4096);
        QCOMPARE(f.maxConcurrency, double(f.numBlocks) / double(8192 / 16));
    }

    // Gemma-3 style: 5 sliding layers to 1 full, same page; vLLM groups them into 6 groups of (layers / 6) and
    // reports num_blocks // groups x block as the KV size; a sliding layer needs only its window (+ one block).
    void hybridLayoutGroupsLayersAsVllm()
    {
        std::vector<VllmKvLayout::Layer> layers;
        for (int i = 0; i < 60; ++i)
            layers.push_back({ i % 6 == 5 ? VllmKvLayout::Layer::Kind::Full : VllmKvLayout::Layer::Kind::Sliding,
                4096, i % 6 == 5 ? 0u : 1024u });
        const auto layout = VllmKvLayout::build(layers, 16);
        const std::uint64_t available = 10 * units::kGiB;
        const auto f = layout.stage(0, 60, available, 32768, 2048);
        QCOMPARE(f.groups, std::uint64_t(6)); // 1 full group of 10, 5 sliding groups of 10
        QCOMPARE(f.layersPerPool, std::uint64_t(10));
        QCOMPARE(f.numBlocks, available / (16 * 4096) / 10);
        QCOMPARE(f.tokens, f.numBlocks / 6 * 16);
        // Per request: the full group cdiv(32768, 16) blocks, each sliding group cdiv(1023 + 2048, 16) + 1.
        const std::uint64_t blocks = 32768 / 16 + 5 * ((1023 + 2048 + 15) / 16 + 1);
        QCOMPARE(f.bytesPerRequest, std::uint64_t(10) * 16 * 4096 * blocks);
    }

    void layoutRefusesPagesThatDoNotDivide()
    {
        std::vector<VllmKvLayout::Layer> layers { { VllmKvLayout::Layer::Kind::Full, 3000, 0 },
            { VllmKvLayout::Layer::Kind::Sliding, 2048, 512 } };
        QVERIFY_THROWS_EXCEPTION(units::InputError, VllmKvLayout::build(layers, 16));
    }

    void refusesWithVllmsOwnWords()
    {
        const auto request = requestFor(nlohmann::json { { "preset", "llama-3-8b" } });
        VllmOptions o;
        o.gpuMemoryUtilization = 0.10; // 7.9 GiB: less than the weights
        auto p = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QVERIFY(!p.starts);
        QVERIFY2(p.reason.rfind("No available memory for the cache blocks.", 0) == 0, p.reason.c_str());
        o.gpuMemoryUtilization = 0.9;
        o.maxModelLen = 16384; // above max_position_embeddings 8192
        p = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QVERIFY(!p.starts);
        QVERIFY2(p.reason.find("VLLM_ALLOW_LONG_MAX_MODEL_LEN=1") != std::string::npos, p.reason.c_str());
        o.maxModelLen.reset();
        o.tensorParallel = 3; // 32 heads
        p = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QVERIFY(!p.starts);
        QVERIFY2(p.reason.find("must be divisible by tensor parallel size (3)") != std::string::npos, p.reason.c_str());
        o.tensorParallel = 1;
        o.gpuMemoryUtilization = 1.5;
        QVERIFY_THROWS_EXCEPTION(units::InputError, VllmPlanner::plan(request, o, h100().capacityBytes(), true));
    }

    // A pool too small for one --max-model-len request: vLLM's message with its estimate of the largest length,
    // and that length starts.
    void largestMaxModelLenStarts()
    {
        const auto request = requestFor(nlohmann::json { { "preset", "llama-3.1-8b" } });
        VllmOptions o;
        o.gpuMemoryUtilization = 0.30; // about 23.8 GiB: 15 GiB of weights leave some 7 GiB for 131072 tokens' 16 GiB
        auto p = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QVERIFY(!p.starts);
        QVERIFY2(p.reason.find("To serve at least one request with the models's max seq len (131072)") == 0, p.reason.c_str());
        QVERIFY(p.largestMaxModelLen && *p.largestMaxModelLen < 131072);
        QVERIFY2(p.reason.find("the estimated maximum model length is " + std::to_string(*p.largestMaxModelLen))
                != std::string::npos, p.reason.c_str());
        o.maxModelLen = *p.largestMaxModelLen;
        QVERIFY(VllmPlanner::plan(request, o, h100().capacityBytes(), true).starts);
        o.maxModelLen = *p.largestMaxModelLen + 16; // a block more does not
        QVERIFY(!VllmPlanner::plan(request, o, h100().capacityBytes(), true).starts);
    }

    // The options move the figures the way vLLM's logs do: fp8 KV doubles the tokens, TP 2 halves the weights and
    // the KV heads per GPU, runtime fp8 halves the linear weights, --enforce-eager drops the graph pool.
    void optionsMoveTheFigures()
    {
        const auto request = requestFor(nlohmann::json { { "preset", "llama-3.1-8b" } });
        VllmOptions o;
        o.maxModelLen = 8192;
        const auto base = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QVERIFY(base.starts);
        QVERIFY(base.cudaGraphBytes.value_or(0) > 0); // the modelled part of the graphs
        auto fp8kv = o;
        fp8kv.kvCacheDtype = VllmOptions::KvCacheDtype::Fp8E4M3;
        const auto k8 = VllmPlanner::plan(request, fp8kv, h100().capacityBytes(), true);
        QCOMPARE(k8.pageBytes * 2, base.pageBytes);
        QVERIFY(k8.kvCacheTokens >= 2 * base.kvCacheTokens - 16);
        auto tp2 = o;
        tp2.tensorParallel = 2;
        const auto t2 = VllmPlanner::plan(request, tp2, h100().capacityBytes(), true);
        QVERIFY(t2.weightsBytes < base.weightsBytes * 51 / 100);
        QVERIFY(t2.nonTorchBytes > base.nonTorchBytes); // NCCL and the custom all-reduce
        QCOMPARE(t2.pageBytes * 2, base.pageBytes);
        auto q8 = o;
        q8.quantization = "fp8";
        const auto w8 = VllmPlanner::plan(request, q8, h100().capacityBytes(), true);
        QVERIFY(w8.weightsBytes < base.weightsBytes * 65 / 100 && w8.weightsBytes > base.weightsBytes * 50 / 100);
        auto pp2 = o;
        pp2.pipelineParallel = 2;
        const auto p2 = VllmPlanner::plan(request, pp2, h100().capacityBytes(), true);
        QVERIFY(p2.weightsBytes < base.weightsBytes * 60 / 100);
        QVERIFY(p2.kvCacheTokens > base.kvCacheTokens); // 16 layers per GPU
        auto eager = o;
        eager.enforceEager = true;
        const auto e = VllmPlanner::plan(request, eager, h100().capacityBytes(), true);
        QCOMPARE(e.cudaGraphBytes.value_or(1), 0u);
        QVERIFY(e.cudaGraphSizes.empty() && e.cudaGraphTensorBytes.empty() && e.cudaGraphWarmupTensorBytes.empty());
        QCOMPARE(e.cudaGraphFit, VllmPlan::GraphFit::None);
        QVERIFY(!e.cudaGraphRoomBytes);
        QCOMPARE(e.kvCacheBytes, base.kvCacheBytes); // vLLM 0.19 takes no graph estimate from the pool
    }

    // Note [vLLM CUDA graphs], by hand for Llama-3.1-8B (hidden 4096, intermediate 14336, bf16) on an H100 at
    // --max-num-seqs 256: the largest size min(2 x 256, 512) = 512; 51 sizes (1, 2, 4, 8..248 by 8, 256..512 by 16),
    // all FULL too (each <= 256? no: the 35 up to 256). One forward at 512 tokens: hidden states and residual
    // 512 x 4096 x 2 bytes each, the widest layer the MLP's gate_up + act + down (28672 + 14336 + 4096) x 2 bytes per
    // token, 16 bytes per token of metadata; kept: that and the 32 MiB cuBLAS workspace; the warm-up once more.
    void cudaGraphsFollowTheCapture()
    {
        const auto request = requestFor(nlohmann::json { { "preset", "llama-3.1-8b" } });
        QCOMPARE(request.shape->hidden, 4096u);
        VllmOptions o;
        o.maxModelLen = 8192;
        o.maxNumSeqs = 256;
        o.maxNumBatchedTokens = 8192;
        const auto p = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QVERIFY(p.starts);
        QCOMPARE(p.cudaGraphSizes.size(), std::size_t(51));
        QCOMPARE(p.cudaGraphSizes.front(), 512u);
        QCOMPARE(p.cudaGraphSizes.back(), 1u);
        QCOMPARE(p.cudaGraphFullSizes, 35u);
        const std::uint64_t hidden = 512ULL * 4096 * 2, layer = 512ULL * (28672 + 14336 + 4096) * 2, meta = 512ULL * 16;
        const std::vector<std::uint64_t> kept { hidden, hidden, layer, meta, 32ULL << 20 };
        QCOMPARE(p.cudaGraphTensorBytes, kept);
        QCOMPARE(p.cudaGraphWarmupTensorBytes, (std::vector<std::uint64_t> { hidden, hidden, layer, meta }));
        QCOMPARE(*p.cudaGraphBytes, 2 * (2 * hidden + layer + meta) + (32ULL << 20));
        // The request leaves what the profile run's activations held (freed) and the pool's rounding: they fit.
        std::uint64_t pool = 0;
        for (const auto t : p.kvTensorBytes)
            pool += t;
        QCOMPARE(*p.cudaGraphRoomBytes,
            std::int64_t(p.requestedBytes) - std::int64_t(p.weightsBytes + p.nonTorchBytes + pool));
        QCOMPARE(p.cudaGraphFit, VllmPlan::GraphFit::WithinRequest);
        // --max-num-seqs 64: the largest size 128 (2 x 64), 3 + 16 = 19 sizes, the 11 up to 64 FULL.
        auto small = o;
        small.maxNumSeqs = 64;
        const auto s = VllmPlanner::plan(request, small, h100().capacityBytes(), true);
        QCOMPARE(s.cudaGraphSizes.front(), 128u);
        QCOMPARE(s.cudaGraphSizes.size(), std::size_t(19));
        QCOMPARE(s.cudaGraphFullSizes, 11u);
        // --max-num-batched-tokens caps the largest size: 300 -> sizes to 288.
        auto capped = o;
        capped.maxNumBatchedTokens = 300;
        const auto c = VllmPlanner::plan(request, capped, h100().capacityBytes(), true);
        QCOMPARE(c.cudaGraphSizes.front(), 288u);
        // gpt-oss's vLLM config raises the largest size to 1024 (83 sizes) whatever --max-num-seqs.
        const auto gptOss = requestFor(nlohmann::json { { "config", "models/gpt-oss-20b/config.json" } });
        const auto g = VllmPlanner::plan(gptOss, o, h100().capacityBytes(), true);
        QCOMPARE(g.cudaGraphSizes.size(), std::size_t(83));
        QCOMPARE(g.cudaGraphSizes.front(), 1024u);
        // Chunked local attention (Llama-4-Scout): PIECEWISE only.
        const auto scout = requestFor(nlohmann::json { { "config", "models/llama-4-scout/config.json" } });
        auto tp4 = o;
        tp4.tensorParallel = 4;
        QCOMPARE(VllmPlanner::plan(scout, tp4, h100().capacityBytes(), true).cudaGraphFullSizes, 0u);
    }

    // The graphs come after the pool, from what the request leaves once the profile run's activations are freed.
    // gpt-oss-20b at --max-num-seqs 8 and 1024 batched tokens: its vLLM config still captures up to 1024 tokens, a
    // forward of 1024 tokens that outweighs the profile run's small sampler, so even the modelled part of the graphs
    // (twice that forward: pool and warm-up) goes beyond the request; at --gpu-memory-utilization 1.0 the card has
    // nothing above it: out of memory at capture, though the pool starts.
    void cudaGraphsBeyondTheRequest()
    {
        const auto request = requestFor(nlohmann::json { { "config", "models/gpt-oss-20b/config.json" } });
        VllmOptions o;
        o.maxModelLen = 8192;
        o.maxNumSeqs = 8;
        o.maxNumBatchedTokens = 1024;
        const auto p = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QVERIFY(p.starts);
        QCOMPARE(p.cudaGraphSizes.front(), 1024u);
        QVERIFY(*p.cudaGraphRoomBytes < std::int64_t(*p.cudaGraphBytes));
        QCOMPARE(p.cudaGraphFit, VllmPlan::GraphFit::BeyondRequest);
        auto all = o;
        all.gpuMemoryUtilization = 1.0;
        const auto a = VllmPlanner::plan(request, all, h100().capacityBytes(), true);
        QVERIFY(a.starts); // the pool starts ...
        QCOMPARE(a.cudaGraphFit, VllmPlan::GraphFit::OutOfMemory); // ... and the capture runs out of memory
    }

    // gpt-oss's MXFP4 experts load padded for the MoE backend vLLM picks from the card's compute capability
    // (mxfp4.py create_weights): Marlin on an A100 pads the intermediate size per GPU to 128 and the hidden size to
    // 256, triton_kernels on an H100 the intermediate size to 64; a card of unknown capability keeps them as stored.
    void mxfp4ExpertsPaddedForTheBackend()
    {
        sizing::SizingInputs in;
        in.presetId = "gpt-oss-20b";
        const auto request = sizing::makeRequest(in);
        const auto& shape = *request.shape;
        const auto& moe = shape.layerSpecs.empty() ? shape.uniformLayer(0).mlp : shape.layerSpecs.front().mlp;
        QCOMPARE(moe.experts, 32u);
        QCOMPARE(shape.hidden, 2880u);
        const auto expertBytes = [&](std::uint64_t i, std::uint64_t h) {
            return moe.experts * (2 * i * (h / 2 + h / 32 + 2) + h * (i / 2 + i / 32 + 2));
        };
        VllmOptions o;
        o.maxModelLen = 8192;
        const auto stored = VllmPlanner::plan(request, o, h100().capacityBytes(), true).weightsBytes;
        auto a100 = o;
        a100.cardName = "NVIDIA A100 80GB";
        const auto marlin = VllmPlanner::plan(request, a100, h100().capacityBytes(), true).weightsBytes;
        QCOMPARE(marlin - stored, shape.layers * (expertBytes(2944, 3072) - expertBytes(2880, 2880)));
        auto h100tp2 = o;
        h100tp2.cardName = "NVIDIA H100 80GB SXM";
        h100tp2.tensorParallel = 2;
        auto unknownTp2 = h100tp2;
        unknownTp2.cardName = "";
        const auto triton = VllmPlanner::plan(request, h100tp2, h100().capacityBytes(), true).weightsBytes;
        const auto asStored = VllmPlanner::plan(request, unknownTp2, h100().capacityBytes(), true).weightsBytes;
        QCOMPARE(triton - asStored, shape.layers * (expertBytes(1472, 2880) - expertBytes(1440, 2880)));
    }

    // vLLM loads a checkpoint as stored: gpt-oss's MXFP4 experts stay MXFP4 (the sizing engine's mxfp4 format),
    // even where the request was built for a transformers load in another format (SizingInputs' default fp16).
    void weightsFollowTheStoredFormat()
    {
        sizing::SizingInputs in;
        in.presetId = "gpt-oss-20b";
        in.storageChosen = true; // fp16 chosen for a transformers load
        const auto request = sizing::makeRequest(in);
        QVERIFY(request.storedWeights);
        QCOMPARE(request.storedWeights->format, sizing::WeightFormat::Mxfp4);
        sizing::SizingRequest stored = request;
        stored.weights = *request.storedWeights;
        const std::uint64_t mxfp4 = sizing::SizingEngine::estimate(stored).bytesOf("weights");
        const std::uint64_t fp16 = sizing::SizingEngine::estimate(request).bytesOf("weights");
        QVERIFY(mxfp4 < fp16 * 7 / 10);
        VllmOptions o;
        o.maxModelLen = 8192;
        const auto p = VllmPlanner::plan(request, o, h100().capacityBytes(), true);
        QCOMPARE(p.weightsBytes, mxfp4);
        in.storageChosen = false; // the CLI without --format: the same
        QCOMPARE(VllmPlanner::plan(sizing::makeRequest(in), o, h100().capacityBytes(), true).weightsBytes, mxfp4);
        // A 16-bit model keeps its torch_dtype; --dtype float32 casts it up, doubling the weights.
        const auto llama = requestFor(nlohmann::json { { "preset", "llama-3.1-8b" } });
        const auto bf16 = VllmPlanner::plan(llama, o, h100().capacityBytes(), true);
        auto fp32 = o;
        fp32.dtype = VllmOptions::Dtype::Float32;
        const auto f32 = VllmPlanner::plan(llama, fp32, h100().capacityBytes(), true);
        QCOMPARE(f32.weightsBytes, 2 * bf16.weightsBytes);
        QCOMPARE(f32.pageBytes, 2 * bf16.pageBytes); // an `auto` KV cache follows the model's dtype
        // The profile forward's tensors double; the dummy sampler's float32 copy of the logits is the logits
        // themselves in float32 (Sampler.forward's .to(float32)), so at 1024 rows of a 128k vocabulary the bf16
        // sampler (2 + 3 x 4 bytes an entry) and the float32 one (3 x 4) are close: with 8 rows the forward decides.
        auto few = o;
        few.maxNumSeqs = 8;
        auto fewF32 = fp32;
        fewF32.maxNumSeqs = 8;
        const auto fewBf16 = VllmPlanner::plan(llama, few, h100().capacityBytes(), true);
        const auto fewFp32 = VllmPlanner::plan(llama, fewF32, h100().capacityBytes(), true);
        QVERIFY(fewFp32.activationPeakBytes > fewBf16.activationPeakBytes * 19 / 10);
        QVERIFY(f32.activationPeakBytes != bf16.activationPeakBytes);
    }

    // The dummy sampler's peak (Note [vLLM memory plan]): s rows of logits over the vocabulary padded to 64, in the
    // model's dtype, then three float32 tensors of s x vocab (the copy, FlashInfer's top-k-masked logits and their
    // softmax) on top of the forward's hidden states and the 32 MiB cuBLAS workspace; a MoE adds the fused MoE's
    // workspaces, which vLLM's workspace manager keeps.
    void samplerPeakFollowsVllmsSampler()
    {
        const auto llama = requestFor(nlohmann::json { { "preset", "llama-3.1-8b" } });
        const auto& shape = *llama.shape;
        VllmOptions o;
        o.maxModelLen = 8192;
        o.maxNumSeqs = 1024;
        o.maxNumBatchedTokens = 8192;
        const auto p = VllmPlanner::plan(llama, o, h100().capacityBytes(), true);
        const std::uint64_t padded = (shape.vocab + 63) / 64 * 64;
        const std::uint64_t expected
            = 8192ULL * shape.hidden * 2 + 1024ULL * padded * 2 + 1024ULL * shape.vocab * 12 + (32ULL << 20);
        QCOMPARE(p.activationPeakBytes, expected);
        // Half the rows: the sampler's part halves.
        auto half = o;
        half.maxNumSeqs = 512;
        const auto h = VllmPlanner::plan(llama, half, h100().capacityBytes(), true);
        QCOMPARE(p.activationPeakBytes - h.activationPeakBytes, 512ULL * padded * 2 + 512ULL * shape.vocab * 12);
    }

    // Accuracy against published start-ups. Each log gives what it gives; every figure compared is printed as a
    // row of the table (ours, logged, error), and the goals are checked on the means. A log is planned on its own
    // card (its printed total where it prints one, else the catalog's) with its own settings; the KV layout is
    // checked on each log's own pool, so tokens and concurrency check the layout, not the pool.
    void accuracyAgainstPublishedStartups()
    {
        const auto data = startups();
        const auto catalog = sizing::DeviceCatalog::loadDefault();
        Errors weights, activation, nonTorch, torchPeak, kvPool, layoutTokens, layoutConcurrency, graphs;
        int graphsAboveLog = 0;
        int rows = 0, planned = 0, notPlanned = 0;
        for (const auto& s : data["startups"]) {
            const std::string id = s["id"].get<std::string>();
            const auto& set = s["settings"];
            const auto& log = s["logged"];
            const std::uint64_t tp = set["tensor_parallel_size"].get<std::uint64_t>();
            const std::uint64_t block = set["block_size"].get<std::uint64_t>();
            ++rows;
            const sizing::GpuCard* card = s["card"].is_string() ? catalog.find(s["card"].get<std::string>()) : nullptr;
            if (s["card"].is_string())
                QVERIFY2(card, ("unknown card id " + s["card"].get<std::string>()).c_str());
            const sizing::GpuCard& cardOrH100 = card ? *card : h100();
            const VllmOptions o = optionsOf(set, cardOrH100);
            // The KV layout from the logged pool: tokens, blocks and concurrency by vLLM's arithmetic.
            const bool layoutLogged = log["kv_cache_tokens"].is_number() || log["max_concurrency"].is_number()
                || (log.contains("gpu_blocks") && log["gpu_blocks"].is_number());
            if (log["kv_cache_gib"].is_number() && log["kv_cache_gib"].get<double>() > 0 && layoutLogged
                && o.pipelineParallel == 1) try {
                std::vector<VllmKvLayout::Layer> layers;
                std::uint64_t maxModelLen = 0, batched = 0;
                if (s["model"].contains("kv_layers")) {
                    const auto& k = s["model"]["kv_layers"];
                    const std::uint64_t heads = std::max<std::uint64_t>(1, k["kv_heads"].get<std::uint64_t>() / tp);
                    layers = fullLayers(k["layers"].get<std::uint64_t>(),
                        heads * 2 * k["head_dim"].get<std::uint64_t>() * k["dtype_bytes"].get<std::uint64_t>());
                    maxModelLen = set["max_model_len"].get<std::uint64_t>();
                    batched = set["max_num_batched_tokens"].is_number() ? set["max_num_batched_tokens"].get<std::uint64_t>() : 2048;
                } else {
                    const auto request = requestFor(s["model"]);
                    const auto plan = VllmPlanner::plan(request, o, cardOrH100.capacityBytes(), true);
                    maxModelLen = plan.maxModelLen;
                    batched = plan.maxNumBatchedTokens;
                    layers = VllmPlanner::kvLayers(*request.shape, tp, kvBytesOf(set));
                }
                const auto layout = VllmKvLayout::build(layers, block);
                const auto pool = std::uint64_t(std::llround(log["kv_cache_gib"].get<double>() * double(units::kGiB)));
                const auto f = layout.stage(0, layers.size(), pool, maxModelLen, batched);
                if (log["kv_cache_tokens"].is_number()) {
                    const double e = relError(double(f.tokens), log["kv_cache_tokens"].get<double>());
                    layoutTokens.values.push_back(e);
                    qInfo("%-40s %-22s ours %9llu, logged %9llu, %+7.2f %%", id.c_str(), "KV tokens (layout)",
                        (unsigned long long)f.tokens, log["kv_cache_tokens"].get<unsigned long long>(), 100 * e);
                } else if (log.contains("gpu_blocks") && log["gpu_blocks"].is_number()) {
                    const double e = relError(double(f.numBlocks), log["gpu_blocks"].get<double>());
                    layoutTokens.values.push_back(e);
                    qInfo("%-40s %-22s ours %9llu, logged %9llu, %+7.2f %%", id.c_str(), "KV blocks (layout)",
                        (unsigned long long)f.numBlocks, log["gpu_blocks"].get<unsigned long long>(), 100 * e);
                }
                if (log["max_concurrency"].is_number()) {
                    const double e = relError(f.maxConcurrency, log["max_concurrency"].get<double>());
                    layoutConcurrency.values.push_back(e);
                    qInfo("%-40s %-22s ours %9.2f, logged %9.2f, %+7.2f %%", id.c_str(), "concurrency (layout)",
                        f.maxConcurrency, log["max_concurrency"].get<double>(), 100 * e);
                }
            } catch (const units::InputError& e) {
                qInfo("%-40s KV layout not modelled: %s", id.c_str(), e.what());
            }
            // The whole plan, where the log names the model, the card and the settings.
            if (!card || s["model"].contains("kv_layers") || !set["gpu_memory_utilization"].is_number())
                continue;
            const auto request = requestFor(s["model"]);
            // The log's own total where it prints one (the CUDA-visible total), else the catalog's.
            const bool logTotal = log["total_gpu_memory_gib"].is_number();
            const std::uint64_t total = logTotal
                ? std::uint64_t(std::llround(log["total_gpu_memory_gib"].get<double>() * double(units::kGiB)))
                : card->capacityBytes();
            VllmPlan p;
            try {
                p = VllmPlanner::plan(request, o, total, logTotal || card->capacityIsUsable());
            } catch (const units::InputError& e) {
                ++notPlanned;
                qInfo("%-40s not planned: %s", id.c_str(), e.what());
                continue;
            }
            ++planned;
            const auto compare = [&](const char* what, Errors& errors, double ours, const nlohmann::json& logged) {
                if (!logged.is_number())
                    return;
                const double e = relError(ours, logged.get<double>());
                errors.values.push_back(e);
                qInfo("%-40s %-22s ours %7.2f GiB, logged %7.2f GiB, %+7.1f %%", id.c_str(), what, ours,
                    logged.get<double>(), 100 * e);
            };
            compare("weights", weights, gibOf(p.weightsBytes), log["weights_gib"]);
            compare("activation peak", activation, gibOf(p.activationPeakBytes), log["activation_peak_gib"]);
            compare("outside torch", nonTorch, gibOf(p.nonTorchBytes), log["non_torch_gib"]);
            if (log.contains("peak_torch_gib"))
                compare("torch peak (w + act)", torchPeak, gibOf(p.weightsBytes + p.activationPeakBytes),
                    log["peak_torch_gib"]);
            compare("KV pool", kvPool, double(p.kvCacheBytes) / double(units::kGiB), log["kv_cache_gib"]);
            if (log.contains("cuda_graph_gib") && p.cudaGraphBytes) {
                compare("CUDA graphs (took)", graphs, gibOf(*p.cudaGraphBytes), log["cuda_graph_gib"]);
                graphsAboveLog += gibOf(*p.cudaGraphBytes) > log["cuda_graph_gib"].get<double>() ? 1 : 0;
            }
            if (log.contains("starts") && log["starts"].is_boolean()) {
                qInfo("%-40s starts: ours %s, logged %s (%s)", id.c_str(), p.starts ? "yes" : "no",
                    log["starts"].get<bool>() ? "yes" : "no", p.reason.substr(0, 80).c_str());
                // The MXFP4 experts are sized as stored (60.77 GiB); vLLM's Triton MoE backend on Hopper swizzles
                // them into a padded layout, "Model loading took 64.38 GiB"
                // (https://github.com/vllm-project/vllm/issues/33155), not modelled: our pool comes out some 11 GiB
                // larger than the logged 1.71 GiB and holds one 131072-token request.
                if (id == "gpt-oss-120b-h100-refused")
                    QEXPECT_FAIL("", "gpt-oss-120b: vLLM's swizzled MXFP4 layout (about 6 % over the stored bytes) "
                                     "is not modelled, so the plan starts where vLLM refused", Continue);
                QCOMPARE(p.starts, log["starts"].get<bool>());
            }
        }
        QVERIFY(rows >= 25);
        qInfo("CUDA graphs: mean absolute error %.1f %% (%zu logs), mean error %+.1f %%; above the log on %d", 100 * graphs.meanAbs(),
            graphs.values.size(), 100 * [&] { double s = 0; for (double v : graphs.values) s += v; return graphs.values.empty() ? 0.0 : s / double(graphs.values.size()); }(),
            graphsAboveLog);
        qInfo("%d logs, %d planned whole (%d not planned)", rows, planned, notPlanned);
        qInfo("mean absolute error: weights %.2f %% (%zu), activation %.1f %% (%zu), outside torch %.1f %% (%zu), "
              "torch peak %.1f %% (%zu), KV pool %.1f %% (%zu), KV tokens from the pool %.2f %% (%zu), concurrency "
              "from the pool %.2f %% (%zu)",
            100 * weights.meanAbs(), weights.values.size(), 100 * activation.meanAbs(), activation.values.size(),
            100 * nonTorch.meanAbs(), nonTorch.values.size(), 100 * torchPeak.meanAbs(), torchPeak.values.size(),
            100 * kvPool.meanAbs(), kvPool.values.size(), 100 * layoutTokens.meanAbs(), layoutTokens.values.size(),
            100 * layoutConcurrency.meanAbs(), layoutConcurrency.values.size());
        QVERIFY(layoutTokens.values.size() >= 20 && weights.values.size() >= 20);
        QVERIFY2(layoutTokens.meanAbs() <= 0.03, "KV tokens from the logged pool: goal 3 %");
        QVERIFY2(layoutConcurrency.meanAbs() <= 0.03, "concurrency from the logged pool: goal 3 %");
        // Met: 0.59 % on 36 logs, gpt-oss's MXFP4 experts padded for vLLM's MoE backend (Marlin on A100: -0.4 % at
        // TP 4 and TP 1). Still off: gpt-oss-20b at TP 2 on H100 (-7.1 %: the triton_kernels swizzled Hopper layout is
        // not modelled) and Llama-4-Scout at TP 4, which loads 53.12 GiB per GPU where the checkpoint's shard is
        // 50.59 GiB (-4.8 %). No constant is tuned to them.
        QVERIFY2(weights.meanAbs() <= 0.01, "weights: goal 1 %");
        // Met: the profile-run activation is vLLM 0.19's dummy sampler (FlashInfer's top-k/top-p sampling from
        // logits: the logits in the model's dtype and three float32 tensors of max_num_seqs x vocab) on top of the
        // forward's hidden states, the fused MoE's workspaces its workspace manager keeps and the cuBLAS workspace
        // torch allocates (Note [vLLM memory plan]): 8.3 % on 27 logs, -9.4 % to +8.4 % on the V1 logs; the two V0
        // logs (vLLM 0.6.5, another sampler) stay 31 % and 57 % low, the float32 one 22 % low (its forward).
        QVERIFY2(activation.meanAbs() <= 0.25, "activation peak: goal 25 %");
        // Not met on any log: the logs show 0.24 to 0.46 GiB outside torch at TP 1, where the plan models nothing
        // (the cuBLAS workspace is torch's; the kernel images CUDA loads on first use are not knowable offline), and
        // 2.06 to 2.17 GiB at TP 2 and 4 against the plan's 0.29 GiB of NCCL buffers and custom all-reduce (NCCL's
        // topology-dependent buffers, NVLS on an NVSwitch H100, are not modelled). No constant is tuned to the logs.
        QEXPECT_FAIL("", "outside torch: 96.8 % mean absolute error on 29 logs, goal 35 %", Continue);
        QVERIFY2(nonTorch.meanAbs() <= 0.35, "outside torch: goal 35 %");
        // CUDA graphs ("Graph capturing finished ..., took X GiB", Note [vLLM CUDA graphs]): the plan models the parts
        // torch allocates (the largest capture's pool, the warm-up beside it, the capture stream's cuBLAS workspace),
        // not the driver's memory of the instantiated graphs, which vLLM's own profiler measures at some 1 to 26 MiB
        // per captured size. So the figure is a lower bound, and that is the goal met on every log: never above it.
        // The 25 % goal on the mean is not met (85 % low on 30 logs; what is missing grows with the layers and the
        // sizes captured: Llama-3.1-8B at PP 1, 2, 4 logs 0.91, 0.65, 0.51 GiB), and no constant is tuned to the logs.
        QVERIFY(graphs.values.size() >= 25);
        QCOMPARE(graphsAboveLog, 0);
        QEXPECT_FAIL("", "CUDA graphs: the driver's graph memory is not modelled (a lower bound), goal 25 %", Continue);
        QVERIFY2(graphs.meanAbs() <= 0.25, "CUDA graphs: goal 25 %");
    }
};

QTEST_GUILESS_MAIN(TestVllmPlan)
#include "tst_vllmplan.moc"
