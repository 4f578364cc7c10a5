// SPDX-License-Identifier: Apache-2.0
#include "core/engines/vllmplanreport.h"

#include "core/units/printable.h"
#include "core/units/units.h"

#include <cstdio>

namespace iteragpu::engines {

namespace {

    // vLLM's own formats: "%.4f GiB" for the model loading line, "%.2f GiB" for the others.
    std::string gib(double bytes, int decimals)
    {
        char text[48];
        std::snprintf(text, sizeof text, "%.*f GiB", decimals, bytes / double(units::kGiB));
        return text;
    }

    // "454,336": vLLM prints the token counts with thousands separators.
    std::string grouped(std::uint64_t n)
    {
        std::string digits = std::to_string(n), out;
        for (std::size_t i = 0; i < digits.size(); ++i) {
            if (i > 0 && (digits.size() - i) % 3 == 0)
                out += ',';
            out += digits[i];
        }
        return out;
    }

    std::string bytesText(std::int64_t bytes) { return std::to_string(bytes) + " bytes"; }

    nlohmann::json graphFitName(VllmPlan::GraphFit fit)
    {
        switch (fit) {
        case VllmPlan::GraphFit::WithinRequest:
            return "within_request";
        case VllmPlan::GraphFit::BeyondRequest:
            return "beyond_request";
        case VllmPlan::GraphFit::OutOfMemory:
            return "out_of_memory";
        case VllmPlan::GraphFit::None:
            break;
        }
        return nullptr;
    }

} // namespace

nlohmann::json VllmPlanReport::toJson(const VllmPlan& p)
{
    const auto figure = [&p](auto value) { return p.sized ? nlohmann::json(value) : nlohmann::json(nullptr); };
    nlohmann::json assumptions = nlohmann::json::array();
    for (const auto& a : p.assumptions)
        assumptions.push_back(a);
    return {
        { "name", "vllm" },
        { "version", p.version },
        { "starts", p.starts },
        { "reason", p.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.reason) },
        { "weights_bytes", figure(p.weightsBytes) },
        { "activation_peak_bytes", figure(p.activationPeakBytes) },
        { "non_torch_bytes", figure(p.nonTorchBytes) },
        { "cuda_graph_bytes",
            p.sized && p.cudaGraphBytes ? nlohmann::json(*p.cudaGraphBytes) : nlohmann::json(nullptr) },
        { "cuda_graph_capture_sizes", p.sized ? nlohmann::json(p.cudaGraphSizes) : nlohmann::json(nullptr) },
        { "cuda_graph_full_sizes", figure(p.cudaGraphFullSizes) },
        { "cuda_graph_room_bytes", p.cudaGraphRoomBytes ? nlohmann::json(*p.cudaGraphRoomBytes) : nlohmann::json(nullptr) },
        { "cuda_graph_fit", graphFitName(p.cudaGraphFit) },
        { "kv_cache_bytes", figure(p.kvCacheBytes) }, // std::int64_t: a negative pool stays negative
        { "kv_cache_tokens", figure(p.kvCacheTokens) },
        { "max_concurrency", figure(p.maxConcurrency) },
        { "largest_max_model_len",
            p.sized && p.largestMaxModelLen ? nlohmann::json(*p.largestMaxModelLen) : nlohmann::json(nullptr) },
        { "total_bytes", p.totalBytes },
        { "total_is_usable", p.totalIsUsable },
        { "requested_bytes", p.requestedBytes },
        { "gpu_memory_utilization", p.gpuMemoryUtilization },
        { "max_model_len", p.maxModelLen ? nlohmann::json(p.maxModelLen) : nlohmann::json(nullptr) },
        { "max_num_seqs", p.maxNumSeqs ? nlohmann::json(p.maxNumSeqs) : nlohmann::json(nullptr) },
        { "max_num_batched_tokens",
            p.maxNumBatchedTokens ? nlohmann::json(p.maxNumBatchedTokens) : nlohmann::json(nullptr) },
        { "block_size", p.blockSize },
        { "tensor_parallel", p.tensorParallel },
        { "pipeline_parallel", p.pipelineParallel },
        { "pipeline_stage", figure(p.stage) },
        { "assumptions", assumptions },
    };
}

std::string VllmPlanReport::toText(const VllmPlan& p)
{
    std::string t = "vLLM plan (" + p.version + "), per GPU, tensor parallel " + std::to_string(p.tensorParallel)
        + ", pipeline parallel " + std::to_string(p.pipelineParallel)
        + (p.pipelineParallel > 1 && p.sized ? " (stage " + std::to_string(p.stage) + ")" : std::string()) + ":\n";
    char utilization[32];
    std::snprintf(utilization, sizeof utilization, "%g", p.gpuMemoryUtilization);
    t += "  total GPU memory " + gib(double(p.totalBytes), 2) + " ("
        + (p.totalIsUsable ? "the card's CUDA-visible total"
                           : "nvidia-smi's total; no CUDA total is known for this card")
        + ") x --gpu-memory-utilization " + utilization + " = requested " + gib(double(p.requestedBytes), 2) + " ("
        + bytesText(std::int64_t(p.requestedBytes)) + ")\n";
    if (p.sized) {
        t += "  Model loading took " + gib(double(p.weightsBytes), 4) + " (" + bytesText(std::int64_t(p.weightsBytes))
            + ")\n";
        t += "  torch peak memory increase " + gib(double(p.activationPeakBytes), 2) + " ("
            + bytesText(std::int64_t(p.activationPeakBytes)) + "; the profile run at --max-num-batched-tokens "
            + std::to_string(p.maxNumBatchedTokens) + ")\n";
        t += "  non-torch forward increase memory " + gib(double(p.nonTorchBytes), 2) + " ("
            + bytesText(std::int64_t(p.nonTorchBytes)) + ")\n";
        t += "  Available KV cache memory: " + gib(double(p.kvCacheBytes), 2) + " (" + bytesText(p.kvCacheBytes)
            + ")\n";
        t += "  GPU KV cache size: " + grouped(p.kvCacheTokens) + " tokens (blocks of " + std::to_string(p.blockSize)
            + " tokens)\n";
        char concurrency[32];
        std::snprintf(concurrency, sizeof concurrency, "%.2f", p.maxConcurrency);
        t += "  Maximum concurrency for " + grouped(p.maxModelLen) + " tokens per request: " + concurrency + "x\n";
        if (!p.cudaGraphBytes || *p.cudaGraphBytes == 0) {
            t += "  CUDA graph pool: none (--enforce-eager)\n";
        } else {
            t += "  Graph capturing took at least " + gib(double(*p.cudaGraphBytes), 2) + " ("
                + bytesText(std::int64_t(*p.cudaGraphBytes)) + "; " + std::to_string(p.cudaGraphSizes.size())
                + " PIECEWISE sizes up to " + std::to_string(p.cudaGraphSizes.empty() ? 0 : p.cudaGraphSizes.front())
                + ", " + std::to_string(p.cudaGraphFullSizes)
                + " FULL; the driver's memory of the instantiated graphs is not modelled)\n";
            if (p.cudaGraphRoomBytes)
                t += "  left of the request at capture " + gib(double(*p.cudaGraphRoomBytes), 2) + ": "
                    + (p.cudaGraphFit == VllmPlan::GraphFit::WithinRequest
                            ? std::string("the modelled graphs fit within --gpu-memory-utilization")
                            : p.cudaGraphFit == VllmPlan::GraphFit::BeyondRequest
                            ? std::string("the graphs go beyond --gpu-memory-utilization, into the card's memory above it")
                            : std::string("the graphs do not fit on the card: CUDA out of memory while capturing them"))
                    + "\n";
        }
        t += "  largest --max-model-len that starts: "
            + (p.largestMaxModelLen ? grouped(*p.largestMaxModelLen) : std::string("none")) + "\n";
    } else {
        t += "  refused before the memory was sized: no figures\n";
    }
    t += p.starts && p.cudaGraphFit == VllmPlan::GraphFit::OutOfMemory
        ? std::string("  starts: no: its KV pool starts, then CUDA runs out of memory capturing the CUDA graphs\n")
        : p.starts ? std::string("  starts: yes\n")
                  : "  starts: no: " + units::printable(p.reason, units::kTextBytes) + "\n";
    t += "  assumptions:\n";
    for (const auto& a : p.assumptions)
        t += "    - " + a + "\n";
    return t;
}

} // namespace iteragpu::engines
