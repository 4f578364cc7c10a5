// SPDX-License-Identifier: Apache-2.0
#include "core/report/ledgerestimate.h"

#include "core/sizing/componentlabels.h"
#include "core/sizing/phaseestimator.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/trainingchoices.h"
#include "core/sizing/weightformat.h"

#include <map>

namespace iteragpu::report {

namespace {

    i18n::Message msg(const char* source) { return { source, {}, kLedgerContext }; }

    sizing::ScalarType scalarOf(device::DType dtype)
    {
        switch (dtype) {
        case device::DType::Float32:
            return sizing::ScalarType::FP32;
        case device::DType::Float16:
            return sizing::ScalarType::FP16;
        case device::DType::BFloat16:
            break;
        }
        return sizing::ScalarType::BF16;
    }

    // The sizing request of the run's decoder: the same shape, storage, compute type, tokens, sequences, cache
    // and attention, or its training recipe (what `iteragpu estimate` would be asked for this run).
    std::optional<sizing::SizingRequest> requestOf(const protocol::RunConfig& config)
    {
        if (config.workload != protocol::WorkloadKind::Decoder || !config.decoder)
            return std::nullopt;
        const protocol::DecoderSpec& d = *config.decoder;
        const auto format = sizing::weightFormatFromName(protocol::weightStorageName(d.storage));
        if (!format)
            return std::nullopt;
        const sizing::ScalarType compute = scalarOf(protocol::decoderComputeDType(config));
        sizing::SizingRequest r;
        r.shape = d.shape;
        r.weights.format = *format;
        r.weights.compute = compute;
        r.weights.keptType = compute;
        r.weights.groupSize = d.quantGroup;
        if (d.fp8BlockRows > 0) {
            r.weights.fp8BlockRows = d.fp8BlockRows;
            r.weights.fp8BlockColumns = d.fp8BlockColumns;
        }
        sizing::KvCacheOptions kv;
        kv.promptTokens = d.promptTokens;
        kv.generatedTokens = d.generated;
        kv.sequences = d.sequences;
        kv.dtype = compute;
        kv.staticCache = d.cache == protocol::KvCacheKind::Static;
        kv.paged = d.cache == protocol::KvCacheKind::Paged;
        kv.pageTokens = protocol::kPagedBlockTokens;
        r.kvCache = kv;
        if (d.training) { // a training step: its recipe, every field as the run chose it
            r.training = sizing::trainingOptions(*d.training, compute);
            r.kvCache.reset();
        }
        r.attention = d.attention == protocol::AttentionKind::Eager ? sizing::AttentionImpl::Eager
                                                                    : sizing::AttentionImpl::Sdpa;
        return r;
    }

    // The math library whose workspace the estimate assumes: hipBLAS on ROCm; cuBLAS's Hopper size on the
    // simulated device (the size it simulates, sim::kDefaultSimWorkspaceBytes) and on sm_90 devices.
    sizing::BlasBackend blasOf(const protocol::RunResult& result)
    {
        if (result.environment.backend == "hip")
            return sizing::BlasBackend::Hipblas;
        if (result.simulated || result.environment.device.arch.rfind("sm_9", 0) == 0)
            return sizing::BlasBackend::CublasHopper;
        return sizing::BlasBackend::Cublas;
    }

    i18n::Message labelOf(const std::string& id)
    {
        if (id == "inputs")
            return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "inputs (token ids, block tables)"));
        if (id == "workspace")
            return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "math library workspace (assumed)"));
        for (const auto& known : sizing::componentLabels())
            if (id == known.id)
                return { "%1", { i18n::Arg(known.label) }, "" };
        return i18n::Message::verbatim(id);
    }

    // Which measured owner each part of the per-phase estimate stands for (core/workloads/DECODER.md tags
    // input_ids and dequantization buffers as activations).
    EstimatePart partOf(const sizing::PhasePart& p)
    {
        static const std::map<std::string, alloc::Owner> owners = { { "weights", alloc::Owner::Weights },
            { "kv_cache", alloc::Owner::KvCache }, { "activations", alloc::Owner::Activation },
            // the state layers' conv and recurrent states, tagged KvCache (DECODER.md "The state cache")
            { "state_cache", alloc::Owner::KvCache }, { "inputs", alloc::Owner::Activation },
            { "dequantization", alloc::Owner::Activation }, { "logits", alloc::Owner::Logits },
            { "workspace", alloc::Owner::Workspace },
            // a training step's (DECODER.md "Training": the adapters are Weights, a master copy and a paged
            // optimizer's page OptimizerState)
            { "lora_adapters", alloc::Owner::Weights }, { "gradients", alloc::Owner::Gradient },
            { "optimizer_states", alloc::Owner::OptimizerState }, { "master_weights", alloc::Owner::OptimizerState },
            { "training_transient", alloc::Owner::Activation } };
        EstimatePart part;
        part.key = p.id;
        part.label = labelOf(p.id);
        part.bytes = p.bytes;
        part.source = p.provenance == sizing::Provenance::Assumed ? LedgerSource::Assumed : LedgerSource::Computed;
        if (!p.inAllocator) {
            part.target = EstimateTarget::Outside; // the math library's workspace, outside the allocator
        } else if (const auto it = owners.find(p.id); it != owners.end()) {
            part.target = EstimateTarget::Owner;
            part.owner = it->second;
        } else {
            part.target = EstimateTarget::Owner;
            part.owner = alloc::Owner::Other;
        }
        return part;
    }

    // vLLM's rehearsal (Note [vLLM rehearsal]): the plan's parts the phase holds, as vLLM's start-up lines name
    // them; a figure the plan does not have (the pool and graphs of a start-up vLLM refuses) is a part without
    // bytes, never 0.
    std::optional<PhaseEstimate> vllmEstimate(const protocol::RunConfig& config, const protocol::PhaseResult& phase)
    {
        const engines::VllmPlan& plan = config.vllm->plan;
        if (!plan.sized)
            return std::nullopt; // refused before sizing: vLLM's plan has no figures
        PhaseEstimate estimate;
        estimate.origin = { //: %1: the vLLM release whose start-up is modelled ("vLLM 0.19 (V1 engine)")
            ITERAGPU_TRANSLATE_NOOP("Ledger", "vLLM's start-up plan, %1"), { plan.version }, kLedgerContext };
        const auto part = [&estimate](const char* key, i18n::Message label, std::optional<std::uint64_t> bytes,
                              EstimateTarget target, alloc::Owner owner) {
            EstimatePart p;
            p.key = key;
            p.label = std::move(label);
            p.bytes = bytes;
            p.target = target;
            p.owner = owner;
            estimate.parts.push_back(std::move(p));
        };
        part("weights", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "weights (vLLM: Model loading took)")), plan.weightsBytes,
            EstimateTarget::Owner, alloc::Owner::Weights);
        const std::string& name = phase.name;
        if (name == "model_load")
            return estimate;
        part("non_torch", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "non-torch memory (vLLM: NCCL, custom all-reduce)")),
            plan.nonTorchBytes, EstimateTarget::Outside, alloc::Owner::Other);
        if (name == "profile_run") {
            part("profile_activations",
                msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "profile-run activations (vLLM: torch peak memory increase)")),
                plan.activationPeakBytes, EstimateTarget::Owner, alloc::Owner::Activation);
            return estimate;
        }
        std::uint64_t pool = 0;
        for (const std::uint64_t t : plan.kvTensorBytes)
            pool += t;
        part("kv_pool", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "KV pool (vLLM: num_blocks x page size per layer)")),
            plan.starts ? std::optional<std::uint64_t>(pool) : std::nullopt, EstimateTarget::Owner,
            alloc::Owner::KvCache);
        // The CUDA graphs once captured (Note [vLLM CUDA graphs]): at capture its peak (the warm-up's tensors beside
        // the pool), then what stays; the rehearsal allocates them as owner "other".
        if (name == "kv_cache_alloc")
            return estimate;
        std::uint64_t graphs = 0;
        for (const std::uint64_t t : plan.cudaGraphTensorBytes)
            graphs += t;
        if (name == "cuda_graph_capture")
            graphs = plan.cudaGraphBytes.value_or(graphs);
        part("graph_pool",
            plan.cudaGraphBytes.value_or(0) == 0
                ? msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "CUDA graph pool (none: --enforce-eager)"))
                : msg(ITERAGPU_TRANSLATE_NOOP("Ledger",
                    "CUDA graphs (vLLM: Graph capturing took; a lower bound, the driver's graph memory not modelled)")),
            plan.starts ? std::optional<std::uint64_t>(graphs) : std::nullopt, EstimateTarget::Owner,
            alloc::Owner::Other);
        return estimate;
    }

} // namespace

std::optional<PhaseEstimate> estimateForPhase(const protocol::RunResult& result, std::size_t phaseIndex)
{
    const auto& phase = result.phases.at(phaseIndex);
    if (result.config.workload == protocol::WorkloadKind::Dense) {
        if (!phase.predictedPeakAllocated)
            return std::nullopt;
        PhaseEstimate estimate;
        estimate.origin = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "the dense network's predictor"));
        EstimatePart part;
        part.key = "predicted_peak_allocated";
        part.label = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "predicted peak allocated"));
        part.bytes = phase.predictedPeakAllocated;
        part.target = EstimateTarget::Allocated;
        estimate.parts.push_back(std::move(part));
        return estimate;
    }
    if (result.config.vllm)
        return vllmEstimate(result.config, phase);
    const auto request = requestOf(result.config);
    if (!request)
        return std::nullopt;
    std::vector<sizing::PhaseEstimate> phases;
    try {
        phases = sizing::PhaseEstimator::estimate(*request, blasOf(result));
    } catch (const sizing::SizingError&) {
        return std::nullopt; // the sizing engine cannot size this model: the section says "no estimate"
    }
    const sizing::PhaseEstimate* estimated = sizing::PhaseEstimator::forPhase(phases, phase.name);
    if (!estimated)
        return std::nullopt;
    PhaseEstimate estimate;
    estimate.origin = { //: %1: the estimate's phase the run's phase is compared with ("prefill", "decode")
        ITERAGPU_TRANSLATE_NOOP("Ledger", "the sizing engine's estimate of the %1 phase"), { estimated->phase },
        kLedgerContext
    };
    for (const auto& p : estimated->parts) {
        estimate.parts.push_back(partOf(p));
        estimate.notes.push_back({ p.id, p.note });
    }
    return estimate;
}

} // namespace iteragpu::report
