// SPDX-License-Identifier: Apache-2.0
#include "core/engines/engineplansummary.h"

#include "core/engines/llamacppplanreport.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace iteragpu::engines {

namespace {

    using i18n::Arg;
    using i18n::Message;
    constexpr const char* kCtx = kEngineContext;

    Arg gib(std::uint64_t bytes) { return Arg::gib(bytes); }
    Arg grouped(std::uint64_t n) { return Arg::grouped(n); }

    std::string decimal(double value, const char* format)
    {
        char text[32];
        std::snprintf(text, sizeof text, format, value);
        return text;
    }

} // namespace

Message EnginePlanSummary::verdict(const VllmPlan& p)
{
    if (p.starts && p.cudaGraphFit == VllmPlan::GraphFit::OutOfMemory)
        return { //: %1 tokens of KV cache, %2 bytes of CUDA graphs (at least)
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "vLLM allocates %1 tokens of KV cache, then runs out of memory capturing its CUDA graphs (at least "
                "%2): it does not start on this card"),
            { grouped(p.kvCacheTokens), gib(p.cudaGraphBytes.value_or(0)) }, kCtx };
    if (p.starts)
        return { //: %1 tokens of KV cache, %2 requests at once (e.g. "12.34"), %3 tokens per request (max-model-len)
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "vLLM starts: %1 tokens of KV cache, %2 requests of %3 tokens at once"),
            { grouped(p.kvCacheTokens), decimal(p.maxConcurrency, "%.2f"), grouped(p.maxModelLen) }, kCtx };
    //: %1 vLLM's own refusal, as it prints it (English)
    return { ITERAGPU_TRANSLATE_NOOP("Engine", "vLLM does not start: %1"), { p.reason }, kCtx };
}

std::vector<Message> EnginePlanSummary::lines(const VllmPlan& p)
{
    std::vector<Message> out;
    out.push_back({ //: %1 the vLLM release modelled, %2 tensor-parallel size, %3 pipeline-parallel size
        ITERAGPU_TRANSLATE_NOOP("Engine", "%1, per GPU, tensor parallel %2, pipeline parallel %3"),
        { p.version, p.tensorParallel, p.pipelineParallel }, kCtx });
    if (p.totalIsUsable)
        out.push_back({ //: %1 the card's total, %2 the utilization (e.g. 0.9), %3 bytes requested
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "the card's CUDA-visible total %1 x --gpu-memory-utilization %2 = %3 requested"),
            { gib(p.totalBytes), decimal(p.gpuMemoryUtilization, "%g"), gib(p.requestedBytes) }, kCtx });
    else
        out.push_back({ //: %1 the card's total, %2 the utilization (e.g. 0.9), %3 bytes requested
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "nvidia-smi's total %1 (no CUDA total is known for this card) x --gpu-memory-utilization %2 = %3 "
                "requested"),
            { gib(p.totalBytes), decimal(p.gpuMemoryUtilization, "%g"), gib(p.requestedBytes) }, kCtx });
    if (!p.sized) {
        out.push_back({ ITERAGPU_TRANSLATE_NOOP("Engine", "refused before the memory was sized: no figures"), {}, kCtx });
        return out;
    }
    out.push_back({ //: %1 bytes ("Model loading took"), %2 bytes ("torch peak memory increase"), %3 tokens, %4 bytes
        ITERAGPU_TRANSLATE_NOOP("Engine",
            "weights %1; the profile run's activation peak %2 (at %3 batched tokens); outside torch %4"),
        { gib(p.weightsBytes), gib(p.activationPeakBytes), grouped(p.maxNumBatchedTokens), gib(p.nonTorchBytes) },
        kCtx });
    if (p.kvCacheBytes >= 0)
        out.push_back({ //: %1 bytes, %2 tokens, %3 tokens per block
            ITERAGPU_TRANSLATE_NOOP("Engine", "KV cache %1: %2 tokens in blocks of %3"),
            { gib(static_cast<std::uint64_t>(p.kvCacheBytes)), grouped(p.kvCacheTokens), p.blockSize }, kCtx });
    else
        out.push_back({ //: %1 bytes missing
            ITERAGPU_TRANSLATE_NOOP("Engine", "KV cache: nothing left, %1 short"),
            { gib(static_cast<std::uint64_t>(-(p.kvCacheBytes + 1)) + 1) }, kCtx });
    if (!p.cudaGraphBytes || *p.cudaGraphBytes == 0)
        out.push_back({ ITERAGPU_TRANSLATE_NOOP("Engine", "CUDA graph pool: none (--enforce-eager)"), {}, kCtx });
    else
        out.push_back({ //: %1 bytes, %2 batch sizes captured, %3 the largest; a lower bound (Note [vLLM CUDA graphs])
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "CUDA graphs at least %1, captured after the KV pool, on top of it (%2 batch sizes up to %3; the "
                "driver's memory of the graphs is not modelled)"),
            { gib(*p.cudaGraphBytes), std::uint64_t(p.cudaGraphSizes.size()),
                p.cudaGraphSizes.empty() ? std::uint64_t(0) : p.cudaGraphSizes.front() },
            kCtx });
    if (p.cudaGraphFit == VllmPlan::GraphFit::BeyondRequest && p.cudaGraphRoomBytes)
        out.push_back({ //: %1 bytes the request leaves when the graphs are captured
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "the CUDA graphs go beyond --gpu-memory-utilization: the request leaves %1 for them after the KV "
                "pool, and vLLM takes the rest from the card's memory above it"),
            { gib(static_cast<std::uint64_t>(std::max<std::int64_t>(0, *p.cudaGraphRoomBytes))) }, kCtx });
    else if (p.cudaGraphFit == VllmPlan::GraphFit::OutOfMemory)
        out.push_back({ ITERAGPU_TRANSLATE_NOOP("Engine",
                            "the CUDA graphs do not fit on the card after the KV pool: vLLM runs out of memory "
                            "capturing them; lower --gpu-memory-utilization, --max-num-seqs or use --enforce-eager"),
            {}, kCtx });
    if (p.largestMaxModelLen)
        out.push_back({ //: %1 tokens
            ITERAGPU_TRANSLATE_NOOP("Engine", "the largest --max-model-len that starts: %1"),
            { grouped(*p.largestMaxModelLen) }, kCtx });
    else
        out.push_back({ ITERAGPU_TRANSLATE_NOOP("Engine", "no --max-model-len starts"), {}, kCtx });
    return out;
}

Message EnginePlanSummary::verdict(const LlamaCppPlan& p, std::uint64_t capacityBytes)
{
    if (!p.starts)
        //: %1 llama.cpp's own error, as it prints it (English)
        return { ITERAGPU_TRANSLATE_NOOP("Engine", "llama.cpp does not start: %1"), { p.reason }, kCtx };
    const auto fit = LlamaCppPlanReport::fit(p, capacityBytes);
    if (fit.fits && !*fit.fits)
        return { //: %1 GPU index, %2 bytes of its buffers, %3 the card's capacity
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "llama.cpp does not start: GPU %1 needs %2 for its model, KV and compute buffers, more than its %3 "
                "(cudaMalloc fails)"),
            { fit.device, gib(fit.bufferBytes), gib(capacityBytes) }, kCtx };
    if (!fit.fits)
        return { //: %1 GPU index, %2 bytes of its model and KV buffers, %3 the card's capacity
            ITERAGPU_TRANSLATE_NOOP("Engine",
                "llama.cpp: whether it starts is not known: GPU %1 holds %2 of model and KV buffers of its %3, and its "
                "compute buffer is not modelled"),
            { fit.device, gib(fit.bufferBytes), gib(capacityBytes) }, kCtx };
    return { //: %1 context tokens (n_ctx), %2 layers kept in VRAM (-ngl in effect)
        ITERAGPU_TRANSLATE_NOOP("Engine", "llama.cpp starts: a context of %1 tokens, %2 layers on the GPU (-ngl)"),
        { grouped(p.nCtx), p.gpuLayers }, kCtx };
}

bool EnginePlanSummary::starts(const LlamaCppPlan& p, std::uint64_t capacityBytes)
{
    const auto fit = LlamaCppPlanReport::fit(p, capacityBytes);
    return p.starts && fit.fits && *fit.fits;
}

std::vector<Message> EnginePlanSummary::lines(const LlamaCppPlan& p)
{
    std::vector<Message> out;
    out.push_back({ //: %1 the llama.cpp release, %2 context tokens, %3 tokens per sequence, %4 batch, %5 ubatch
        ITERAGPU_TRANSLATE_NOOP("Engine", "%1: context %2 (%3 per sequence), batch %4, ubatch %5"),
        { p.version, grouped(p.nCtx), grouped(p.nCtxSeq), p.nBatch, p.nUbatch }, kCtx });
    for (std::size_t i = 0; i < p.devices.size(); ++i) {
        const auto& d = p.devices[i];
        if (d.computeBufferBytes)
            out.push_back({ //: %1 GPU index, %2 layers, %3..%5 bytes of its model, KV and compute buffers
                ITERAGPU_TRANSLATE_NOOP("Engine",
                    "GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer %5"),
                { i, d.layers, gib(d.modelBufferBytes), gib(d.kvBufferBytes), gib(*d.computeBufferBytes) }, kCtx });
        else
            out.push_back({ //: %1 GPU index, %2 layers, %3 and %4 bytes of its model and KV buffers
                ITERAGPU_TRANSLATE_NOOP("Engine",
                    "GPU %1 (%2 layers): model buffer %3, KV buffer %4, compute buffer not modelled"),
                { i, d.layers, gib(d.modelBufferBytes), gib(d.kvBufferBytes) }, kCtx });
    }
    if (p.hostBufferBytes)
        out.push_back({ //: %1 bytes in all, %2..%4 bytes of the host's model, KV and compute buffers
            ITERAGPU_TRANSLATE_NOOP("Engine", "host memory %1: model buffer %2, KV buffer %3, compute buffer %4"),
            { gib(*p.hostBufferBytes), gib(p.hostModelBufferBytes), gib(p.hostKvBufferBytes),
                gib(p.hostComputeBufferBytes.value_or(0)) },
            kCtx });
    else
        out.push_back({ //: %1 and %2 bytes of the host's model and KV buffers
            ITERAGPU_TRANSLATE_NOOP("Engine", "host memory: model buffer %1, KV buffer %2, compute buffer not modelled"),
            { gib(p.hostModelBufferBytes), gib(p.hostKvBufferBytes) }, kCtx });
    out.push_back({ //: %1 bytes of K, %2 bytes of V, %3 their sum
        ITERAGPU_TRANSLATE_NOOP("Engine", "KV cache: K %1 + V %2 = %3"),
        { gib(p.kBytes), gib(p.vBytes), gib(p.kvBufferBytes()) }, kCtx });
    return out;
}

} // namespace iteragpu::engines
