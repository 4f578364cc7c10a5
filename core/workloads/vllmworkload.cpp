// SPDX-License-Identifier: Apache-2.0
#include "core/workloads/vllmworkload.h"

#include "core/protocol/vllmrun.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

namespace iteragpu::workloads {

using device::Status;
using protocol::PhaseKind;

namespace {

    constexpr const char* kWhat = "vLLM's dummy sampler";
    constexpr std::uint64_t kFloat32Bytes = 4; // the sampler's float32 logits, masked logits and probabilities

} // namespace

VllmWorkload::VllmWorkload(
    device::DeviceContext& context, alloc::DeviceAllocator& allocator, const protocol::RunConfig& config)
    : m_context(context)
    , m_allocator(allocator)
    , m_config(config)
{
    if (!config.vllm || !config.vllm->planned)
        throw units::InputError("vLLM's rehearsal needs its plan (protocol::planVllmRun) before it runs");
    if (const std::string why = protocol::validateConfig(config); !why.empty())
        throw units::InputError(why);
    // The decoder of the profile run: with a plan refused before sizing, the run's own (model_load fails first).
    m_decoder = std::make_unique<DecoderWorkload>(
        context, allocator, config.vllm->plan.sized ? protocol::vllmProfileConfig(config) : config);
}

VllmWorkload::~VllmWorkload()
{
    m_context.synchronize();
    for (auto it = m_graphs.rbegin(); it != m_graphs.rend(); ++it)
        m_allocator.free(it->ptr);
    for (auto it = m_pool.rbegin(); it != m_pool.rend(); ++it)
        m_allocator.free(it->ptr);
}

std::vector<protocol::PlannedPhase> VllmWorkload::plan() const { return protocol::planPhases(m_config); }

Status VllmWorkload::runPhase(const protocol::PlannedPhase& phase)
{
    const engines::VllmPlan& plan = m_config.vllm->plan;
    try {
        switch (phase.kind) {
        case PhaseKind::ModelLoad:
            // vLLM refuses an option before it loads anything (arg_utils, the model config): nothing is allocated.
            if (!plan.sized)
                return Status::error(plan.reason);
            return modelLoad();
        case PhaseKind::ProfileRun:
            return profileRun();
        case PhaseKind::KvCacheAlloc:
            return kvCacheAlloc();
        case PhaseKind::GraphCapture:
            return graphCapture();
        case PhaseKind::Serve: // block accounting in the pool allocated (protocol::vllmAdmission): no allocation
            return serve();
        default:
            return Status::error(phase.name + " is not a phase of vLLM's rehearsal");
        }
    } catch (const std::bad_alloc&) {
        return Status::error("host memory exhausted while running " + phase.name);
    }
}

Status VllmWorkload::modelLoad()
{
    // vLLM's first check, as its worker starts (gpu_worker.py init_device): the device's free memory must hold what
    // it requested; memory held outside this process or this run (a CUDA context, another program) makes it refuse.
    const engines::VllmPlan& plan = m_config.vllm->plan;
    const device::DeviceReading reading = m_context.reading();
    if (reading.freeBytes && *reading.freeBytes < plan.requestedBytes) {
        char text[320];
        std::snprintf(text, sizeof text,
            "Free memory on device (%.2f/%.2f GiB) on startup is less than desired GPU memory utilization (%g, %.2f "
            "GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.",
            double(*reading.freeBytes) / double(1ULL << 30),
            double(reading.totalBytes.value_or(plan.totalBytes)) / double(1ULL << 30), plan.gpuMemoryUtilization,
            double(plan.requestedBytes) / double(1ULL << 30));
        return Status::oom(text); // for want of memory: the device does not hold the share asked for
    }
    protocol::PlannedPhase load;
    load.kind = PhaseKind::ModelLoad;
    load.name = "model_load";
    const Status s = m_decoder->runPhase(load);
    if (!s.ok)
        return s;
    // vLLM dies loading weights larger than the card: the decoder's allocation fails first on a device this small;
    // a plan that says so (weights above the total) and a device that still holds them end here with its words.
    if (!m_config.vllm->plan.starts && m_config.vllm->plan.weightsBytes > m_config.vllm->plan.totalBytes)
        return Status::oom(m_config.vllm->plan.reason);
    return s;
}

Status VllmWorkload::profileRun()
{
    const engines::VllmPlan& plan = m_config.vllm->plan;
    protocol::PlannedPhase inputs;
    inputs.kind = PhaseKind::Inputs;
    inputs.name = "inputs";
    protocol::PlannedPhase prefill;
    prefill.kind = PhaseKind::Prefill;
    prefill.name = "prefill";
    prefill.index = 1;
    Status s = m_decoder->writeNoCache(); // vLLM's profile forward writes no KV cache
    if (s.ok)
        s = m_decoder->runPhase(inputs);
    if (s.ok)
        s = m_decoder->runPhase(prefill);
    m_routing = m_decoder->takeRouting();
    if (!s.ok)
        return s;
    // The dummy sampler (gpu_model_runner.py _dummy_sampler_run; Note [vLLM memory plan]): logits of `rows`
    // requests in the model's dtype, their float32 copy (none when the model runs in float32: the same tensor), then
    // FlashInfer's top-k/top-p sampling from logits: the top-k-masked float32 logits and their float32 softmax;
    // freed in reverse. (The plan's lm_head padding of the vocabulary to 64 is not rehearsed.)
    const std::uint64_t rows = std::min(plan.maxNumSeqs, plan.maxNumBatchedTokens);
    const std::uint64_t vocab = m_config.decoder->shape.vocab;
    const std::uint64_t dt = device::dtypeSize(protocol::decoderComputeDType(m_config));
    std::vector<std::pair<std::uint64_t, alloc::Owner>> sampler { { units::checked::mul({ rows, vocab, dt }, kWhat),
        alloc::Owner::Logits } };
    if (dt != kFloat32Bytes)
        sampler.push_back({ units::checked::mul({ rows, vocab, kFloat32Bytes }, kWhat), alloc::Owner::Logits });
    sampler.push_back({ units::checked::mul({ rows, vocab, kFloat32Bytes }, kWhat), alloc::Owner::Logits });
    sampler.push_back({ units::checked::mul({ rows, vocab, kFloat32Bytes }, kWhat), alloc::Owner::Activation });
    std::vector<void*> held;
    for (const auto& [bytes, owner] : sampler) {
        if (!s.ok)
            break;
        void* ptr = m_allocator.allocate(bytes, s, owner);
        if (!ptr && s.ok)
            s = Status::error("the allocator returned no memory for " + std::to_string(bytes) + " bytes");
        if (ptr)
            held.push_back(ptr);
    }
    for (auto it = held.rbegin(); it != held.rend(); ++it)
        m_allocator.free(*it);
    if (!s.ok)
        return s;
    s = m_decoder->releaseAfterForward();
    if (!s.ok)
        return s;
    m_context.synchronize();
    m_allocator.emptyCache(); // memory_profiling's exit: gc.collect(), torch.cuda.empty_cache()
    return Status::success();
}

Status VllmWorkload::kvCacheAlloc()
{
    const engines::VllmPlan& plan = m_config.vllm->plan;
    // vLLM checks the pool before allocating it (kv_cache_utils.check_enough_kv_cache_memory): its refusal ends
    // the start-up, and the run, here.
    // A plan sized and refused is refused for want of memory (nothing left for the pool, or less than one
    // --max-model-len request): an out-of-memory outcome, in vLLM's words.
    if (!plan.starts)
        return Status::oom(plan.reason);
    for (const std::uint64_t bytes : plan.kvTensorBytes) { // torch.zeros(size, dtype=torch.int8) per KVCacheTensor
        Status s;
        void* ptr = m_allocator.allocate(bytes, s, alloc::Owner::KvCache);
        if (!ptr)
            return s.ok ? Status::error("the allocator returned no memory for " + std::to_string(bytes) + " bytes") : s;
        m_pool.push_back({ ptr, bytes });
        if (bytes % 2 == 0) { // zeroed as 16-bit words (an odd size stays as allocated: nothing reads it here)
            const Status fill = m_context.fill(ptr, bytes / 2, device::DType::Float16, 0.0f);
            if (!fill.ok)
                return fill;
        }
    }
    return Status::success();
}

Status VllmWorkload::graphCapture()
{
    // Note [vLLM CUDA graphs]: the shared graph pool's buffers of the largest capture and the capture stream's cuBLAS
    // workspace stay (kept through serving); the eager warm-up's tensors of that size, which torch's allocator keeps
    // cached in vLLM until the empty_cache() after the capture, are allocated beside them here and freed (vLLM's
    // private pool cannot reuse the warm-up's blocks, so the pool is held first: the peak is vLLM's "took"). All as
    // owner "other": the graphs' memory, not the model's activations.
    const engines::VllmPlan& plan = m_config.vllm->plan;
    for (const std::uint64_t bytes : plan.cudaGraphTensorBytes) {
        Status s;
        void* ptr = m_allocator.allocate(bytes, s, alloc::Owner::Other);
        if (!ptr)
            return s.ok ? Status::error("the allocator returned no memory for " + std::to_string(bytes) + " bytes") : s;
        m_graphs.push_back({ ptr, bytes });
    }
    std::vector<void*> warmup;
    Status s;
    for (const std::uint64_t bytes : plan.cudaGraphWarmupTensorBytes) {
        void* ptr = m_allocator.allocate(bytes, s, alloc::Owner::Other);
        if (!ptr) {
            if (s.ok)
                s = Status::error("the allocator returned no memory for " + std::to_string(bytes) + " bytes");
            break;
        }
        warmup.push_back(ptr);
    }
    for (auto it = warmup.rbegin(); it != warmup.rend(); ++it)
        m_allocator.free(*it);
    if (!s.ok)
        return s;
    m_context.synchronize();
    m_allocator.emptyCache(); // capture_model's torch.accelerator.empty_cache() after "took" is measured
    return Status::success();
}

Status VllmWorkload::serve()
{
    const protocol::VllmAdmission a = protocol::vllmAdmission(m_config);
    // A request longer than --max-model-len is refused by vLLM's API server with these words (serving_engine.py
    // _validate_input); the others are served, or wait.
    if (a.rejected > 0)
        return Status::error(std::to_string(a.rejected) + " of " + std::to_string(a.requests)
            + " requests refused: This model's maximum context length is "
            + std::to_string(m_config.vllm->plan.maxModelLen) + " tokens. However, you requested "
            + std::to_string(a.requestTokens) + " tokens (" + std::to_string(m_config.decoder->promptTokens)
            + " in the messages, " + std::to_string(m_config.decoder->generated)
            + " in the completion). Please reduce the length of the messages or completion.");
    // The pool cannot hold them all at once: vLLM queues the rest until blocks free (or preempts), so they are not
    // served together; said, never clamped to what fits.
    if (a.waitingForBlocks > 0)
        return Status::oom("the KV pool holds " + std::to_string(a.admitted) + " of the " + std::to_string(a.requests)
            + " requests at once (" + std::to_string(a.blocksPerRequest) + " blocks each, "
            + std::to_string(a.poolBlocks) + " blocks in the pool): vLLM keeps the other "
            + std::to_string(a.waitingForBlocks) + " waiting until blocks are freed");
    return Status::success();
}

std::vector<HeldTensor> VllmWorkload::heldTensors() const
{
    std::vector<HeldTensor> out = m_decoder->heldTensors();
    for (std::size_t i = 0; i < m_pool.size(); ++i)
        out.push_back({ "kv_cache_tensor." + std::to_string(i), m_pool[i].bytes, "kv_cache" });
    for (std::size_t i = 0; i < m_graphs.size(); ++i)
        out.push_back({ "cuda_graph_pool." + std::to_string(i), m_graphs[i].bytes, "other" });
    return out;
}

std::optional<protocol::PhaseRouting> VllmWorkload::takeRouting()
{
    std::optional<protocol::PhaseRouting> out = std::move(m_routing);
    m_routing.reset();
    // VllmPredictor replays the balanced rule only: loads a device observed are not kept for a replay, so the
    // comparison names the routing instead of replaying it (the runner keeps the balanced prediction).
    if (out && out->recorded) {
        out->recorded = false;
        out->loads.clear();
    }
    return out;
}

} // namespace iteragpu::workloads
