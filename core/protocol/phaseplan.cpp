// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/phaseplan.h"

#include <algorithm>

namespace iteragpu::protocol {

std::vector<PlannedPhase> planPhases(const RunConfig& config)
{
    std::vector<PlannedPhase> plan;
    auto add = [&plan](PhaseKind kind, std::string name, std::optional<std::uint32_t> repeat = std::nullopt,
                   std::uint32_t iterations = 1, bool emptyCache = false) {
        PlannedPhase p;
        p.index = static_cast<int>(plan.size());
        p.kind = kind;
        p.name = std::move(name);
        p.repeat = repeat;
        p.iterations = iterations;
        p.emptyCacheBefore = emptyCache;
        plan.push_back(std::move(p));
    };
    add(PhaseKind::ModelLoad, "model_load");
    if (config.workload == WorkloadKind::Decoder && config.decoder && config.vllm) { // Note [vLLM rehearsal]
        add(PhaseKind::ProfileRun, "profile_run");
        add(PhaseKind::KvCacheAlloc, "kv_cache_alloc");
        if (!config.vllm->options.enforceEager)
            add(PhaseKind::GraphCapture, "cuda_graph_capture");
        add(PhaseKind::Serve, "serve");
        return plan;
    }
    add(PhaseKind::Inputs, "inputs");
    if (config.workload == WorkloadKind::Decoder && config.decoder && config.decoder->training) {
        const training::TrainingRecipe& r = *config.decoder->training;
        add(PhaseKind::StepForward, "first_step.forward");
        add(PhaseKind::StepLoss, "first_step.loss");
        add(PhaseKind::StepBackward, "first_step.backward");
        if (r.gradAccum > 1)
            add(PhaseKind::StepAccumulate, "first_step.accumulate", std::nullopt,
                static_cast<std::uint32_t>(r.gradAccum - 1));
        if (!r.optimizerInBackward)
            add(PhaseKind::StepOptimizer, "first_step.optimizer");
        if (config.warmup > 0)
            add(PhaseKind::Warmup, "warmup", std::nullopt, config.warmup);
        for (std::uint32_t rep = 0; rep < config.repeats; ++rep)
            add(PhaseKind::WarmStep, "warm_step", rep, 1, config.emptyCacheBetweenRepeats);
        if (r.evalBatch > 0)
            add(PhaseKind::Evaluation, "eval");
        if (r.exportCopy)
            add(PhaseKind::Export, "checkpoint_save");
        return plan;
    }
    if (config.workload == WorkloadKind::Decoder && config.decoder) {
        const std::uint64_t steps = config.decoder->generated;
        const std::uint64_t chunk = config.decoder->decodeChunk;
        add(PhaseKind::Prefill, "prefill");
        if (chunk == 0 || chunk >= steps) {
            if (steps > 0)
                add(PhaseKind::Decode, "decode", std::nullopt, static_cast<std::uint32_t>(steps));
        } else {
            std::uint32_t record = 0;
            for (std::uint64_t done = 0; done < steps; done += chunk, ++record)
                add(PhaseKind::Decode, "decode", record, static_cast<std::uint32_t>(std::min(chunk, steps - done)));
        }
        if (config.warmup > 0)
            add(PhaseKind::Warmup, "warmup", std::nullopt, config.warmup);
        for (std::uint32_t r = 0; r < config.repeats; ++r)
            add(PhaseKind::WarmPrefill, "warm_prefill", r, 1, config.emptyCacheBetweenRepeats);
        return plan;
    }
    if (config.mode == Mode::Inference) {
        add(PhaseKind::ColdForward, "cold_forward");
        if (config.warmup > 0)
            add(PhaseKind::Warmup, "warmup", std::nullopt, config.warmup);
        for (std::uint32_t r = 0; r < config.repeats; ++r)
            add(PhaseKind::WarmForward, "warm_forward", r, 1, config.emptyCacheBetweenRepeats);
    } else {
        add(PhaseKind::StepForward, "first_step.forward");
        add(PhaseKind::StepLoss, "first_step.loss");
        add(PhaseKind::StepBackward, "first_step.backward");
        add(PhaseKind::StepOptimizer, "first_step.optimizer");
        if (config.warmup > 0)
            add(PhaseKind::Warmup, "warmup", std::nullopt, config.warmup);
        for (std::uint32_t r = 0; r < config.repeats; ++r)
            add(PhaseKind::WarmStep, "warm_step", r, 1, config.emptyCacheBetweenRepeats);
        add(PhaseKind::Evaluation, "evaluation");
        add(PhaseKind::Export, "export");
    }
    return plan;
}

namespace {
    std::string shape(std::initializer_list<std::uint64_t> dims)
    {
        std::string s = "[";
        bool first = true;
        for (auto d : dims) {
            if (!first)
                s += ", ";
            s += std::to_string(d);
            first = false;
        }
        return s + "]";
    }
} // namespace

namespace {
    // What a phase of a decoder training step does (DECODER.md "Training"), in the words of its recipe.
    std::string decoderTrainingInputs(const RunConfig& c, const PlannedPhase& phase, const std::string& model)
    {
        const DecoderSpec& d = *c.decoder;
        const training::TrainingRecipe& r = *d.training;
        const std::string dt = std::string(" ") + device::dtypeName(decoderComputeDType(c));
        const std::string batch = shape({ r.microBatch, r.sequenceLength }) + " tokens";
        const bool lora = r.method != training::Method::Full;
        const std::string trained = lora ? "LoRA rank " + std::to_string(r.rank) + " on "
                + training::loraTargetList(r.targets) + (r.adapterFp32 ? " (float32 adapters)" : " (adapters" + dt + ")")
                                         : std::string("every weight");
        const std::string forward = batch + " through " + std::to_string(d.shape.layers) + " layers" + dt + ", "
            + attentionName(d.attention) + " attention"
            + (r.checkpointing ? ", activation checkpointing (layer inputs kept)" : ", activations kept for the backward")
            + (r.compiled ? ", compiled (torch.compile's fused norms and activation)" : std::string());
        const std::string loss = r.lossChunks == 0 ? std::string(r.compiled ? "cross-entropy over the whole logits" : "cross-entropy over the whole logits in float32")
                                                   : "chunked cross-entropy in " + std::to_string(r.lossChunks) + " chunks";
        const std::string lossText = r.compiled ? loss + ", compiled (one fused kernel, no float32 logits)" : loss;
        std::string optimizer = training::optimizerKindName(r.optimizer);
        if (r.pagedOptimizer)
            optimizer += ", states paged in host memory";
        if (r.optimizerInBackward)
            optimizer += ", stepped inside the backward";
        if (r.masterWeights)
            optimizer += ", float32 master weights";
        switch (phase.kind) {
        case PhaseKind::ModelLoad:
            return model + ", weights in " + weightStorageName(d.storage) + " (random, no checkpoint read)"
                + (lora ? ", " + trained : std::string());
        case PhaseKind::Inputs:
            return "input_ids and labels " + shape({ r.microBatch, r.sequenceLength }) + " int32";
        case PhaseKind::StepForward:
            return forward + " (" + training::methodName(r.method) + ", " + trained + ")";
        case PhaseKind::StepLoss:
            return lossText + ", vocabulary " + std::to_string(d.shape.vocab);
        case PhaseKind::StepBackward:
            return "gradients of " + trained + (r.optimizerInBackward ? ", " + optimizer : std::string());
        case PhaseKind::StepAccumulate:
            return std::to_string(phase.iterations) + " more micro-batches of " + batch + ", gradients accumulated";
        case PhaseKind::StepOptimizer:
            return optimizer + ", states created on the first step, then the gradients freed";
        case PhaseKind::Warmup:
            return std::to_string(phase.iterations) + " whole training steps";
        case PhaseKind::WarmStep:
            return "one whole step: " + std::to_string(r.gradAccum) + " micro-batch(es) of " + batch + " and "
                + optimizer;
        case PhaseKind::Evaluation:
            return "forward without gradients of " + shape({ r.evalBatch, r.sequenceLength }) + " tokens and its loss";
        case PhaseKind::Export:
            return std::string("a 16-bit copy of ") + (lora ? "the adapters" : "the weights") + ", copied to the host";
        default:
            return {};
        }
    }

    // What a phase of vLLM's start-up rehearsal does (Note [vLLM rehearsal]), with the plan's figures.
    std::string vllmInputs(const RunConfig& c, const PlannedPhase& phase, const std::string& model)
    {
        const DecoderSpec& d = *c.decoder;
        const engines::VllmPlan& p = c.vllm->plan;
        const std::string dt = std::string(" ") + device::dtypeName(decoderComputeDType(c));
        const std::uint64_t rows = std::min(p.maxNumSeqs, p.maxNumBatchedTokens);
        std::uint64_t pool = 0;
        for (const std::uint64_t t : p.kvTensorBytes)
            pool += t;
        switch (phase.kind) {
        case PhaseKind::ModelLoad:
            return model + ", weights in " + weightStorageName(d.storage) + " (random, as vLLM's dummy load; "
                + p.version + ")";
        case PhaseKind::ProfileRun:
            return "vLLM's profile run: one forward of " + std::to_string(p.maxNumBatchedTokens)
                + " tokens (--max-num-batched-tokens) through the decoder's prefill" + dt
                + ", sdpa attention, writing no KV cache (each layer's K and V freed after its attention); then the "
                  "dummy sampler over "
                + std::to_string(rows)
                + " rows of logits (model dtype; "
                + (decoderComputeDType(c) == device::DType::Float32 ? "" : "a float32 copy, ")
                + "FlashInfer's top-k-masked logits and probabilities); all freed, "
                + "then empty_cache()";
        case PhaseKind::KvCacheAlloc:
            if (!p.starts)
                return "the KV pool: vLLM refuses to start (" + p.reason.substr(0, 120)
                    + (p.reason.size() > 120 ? "...)" : ")");
            return "the KV pool: " + std::to_string(p.kvTensorBytes.size()) + " tensors of "
                + std::to_string(p.numBlocks) + " blocks of " + std::to_string(p.blockSize) + " tokens ("
                + std::to_string(pool) + " bytes of the " + std::to_string(p.kvCacheBytes)
                + " available), one per KVCacheTensor, as vLLM allocates them";
        case PhaseKind::GraphCapture:
        {
            std::uint64_t kept = 0, warmup = 0;
            for (const std::uint64_t t : p.cudaGraphTensorBytes)
                kept += t;
            for (const std::uint64_t t : p.cudaGraphWarmupTensorBytes)
                warmup += t;
            return "CUDA graph capture on top of the KV pool: " + std::to_string(p.cudaGraphSizes.size())
                + " batch sizes up to " + std::to_string(p.cudaGraphSizes.empty() ? 0 : p.cudaGraphSizes.front())
                + "; the shared graph pool of the largest capture and the capture stream's cuBLAS workspace ("
                + std::to_string(kept) + " bytes, kept), beside the eager warm-up's tensors of that size ("
                + std::to_string(warmup) + " bytes, freed, then empty_cache()); the driver's memory of the "
                  "instantiated graphs is not modelled";
        }
        case PhaseKind::Serve:
            return std::to_string(d.sequences) + " requests of " + std::to_string(d.promptTokens) + " + "
                + std::to_string(d.generated)
                + " tokens admitted from the pool's blocks (block accounting only: the pool is allocated, a step's "
                  "activations are bounded by the profile run and not run again)";
        default:
            return {};
        }
    }

    std::string decoderInputs(const RunConfig& c, const PlannedPhase& phase)
    {
        const DecoderSpec& d = *c.decoder;
        const model::ModelShape& m = d.shape;
        const std::string dt = std::string(" ") + device::dtypeName(decoderComputeDType(c));
        const std::string model = (m.family.empty() ? std::string("decoder") : m.family) + ", "
            + std::to_string(m.layers) + " layers, hidden " + std::to_string(m.hidden) + ", " + std::to_string(m.heads)
            + " heads (" + std::to_string(m.kvHeads) + " KV) x " + std::to_string(m.headDim)
            + (m.experts > 0
                    ? ", " + std::to_string(m.experts) + " experts (top " + std::to_string(m.expertsPerToken) + ")"
                    : std::string());
        const std::string how
            = std::string(", ") + attentionName(d.attention) + " attention, " + kvCacheName(d.cache) + " KV cache";
        if (d.training)
            return decoderTrainingInputs(c, phase, model);
        if (c.vllm)
            return vllmInputs(c, phase, model);
        switch (phase.kind) {
        case PhaseKind::ModelLoad:
            return model + ", weights in " + weightStorageName(d.storage) + " (random, no checkpoint read)";
        case PhaseKind::Inputs:
            return "input_ids " + shape({ d.sequences, d.promptTokens }) + " int32";
        case PhaseKind::Prefill:
            return shape({ d.sequences, d.promptTokens }) + " prompt tokens through " + std::to_string(m.layers)
                + " layers" + dt + how + ", logits of the last position";
        case PhaseKind::Decode:
            return std::to_string(phase.iterations) + " decode steps of " + shape({ d.sequences, 1 }) + " tokens" + dt
                + how;
        case PhaseKind::Warmup:
            return std::to_string(phase.iterations) + " warm prefills of " + shape({ d.sequences, d.promptTokens })
                + " tokens";
        case PhaseKind::WarmPrefill:
            return "cache of the last generation released, prefill of " + shape({ d.sequences, d.promptTokens })
                + " tokens again";
        default:
            return {};
        }
    }
} // namespace

std::string phaseInputs(const RunConfig& c, const PlannedPhase& phase)
{
    if (c.workload == WorkloadKind::Decoder && c.decoder)
        return decoderInputs(c, phase);
    const std::string dt = std::string(" ") + device::dtypeName(c.dtype);
    const std::uint64_t h = 4 * c.width;
    const std::string x = "x " + shape({ c.batch, c.context, c.width }) + dt;
    const std::string params = "W1 " + shape({ c.width, h }) + dt + ", b1 " + shape({ h }) + dt + ", W2 "
        + shape({ h, c.width }) + dt + ", b2 " + shape({ c.width }) + dt;
    switch (phase.kind) {
    case PhaseKind::ModelLoad:
        return params;
    case PhaseKind::Inputs:
        return c.mode == Mode::Training ? x + ", target " + shape({ c.batch, c.context, c.width }) + dt : x;
    case PhaseKind::ColdForward:
    case PhaseKind::WarmForward:
        return x + " through W1, GELU, W2 (no gradients)";
    case PhaseKind::Warmup:
        return std::to_string(phase.iterations)
            + (c.mode == Mode::Training ? " training steps on " : " forward passes of ") + x;
    case PhaseKind::StepForward:
        return x + " through W1, GELU, W2, activations kept for backward";
    case PhaseKind::StepLoss:
        return "mean squared error of y " + shape({ c.batch, c.context, c.width }) + dt + " against target";
    case PhaseKind::StepBackward:
        return "gradients of W1, b1, W2, b2 from dy " + shape({ c.batch, c.context, c.width }) + dt;
    case PhaseKind::StepAccumulate:
        return {}; // the decoder's training only
    case PhaseKind::StepOptimizer:
        return "AdamW on W1, b1, W2, b2; exp_avg and exp_avg_sq float32, created on the first step";
    case PhaseKind::WarmStep:
        return "one training step (forward, loss, backward, AdamW) on " + x;
    case PhaseKind::Evaluation:
        return "its own batch x_eval " + shape({ c.batch, c.context, c.width }) + dt + ", no gradients";
    case PhaseKind::Export:
        return params + " copied to the host";
    case PhaseKind::Prefill:
    case PhaseKind::Decode:
    case PhaseKind::WarmPrefill:
    case PhaseKind::ProfileRun:
    case PhaseKind::KvCacheAlloc:
    case PhaseKind::GraphCapture:
    case PhaseKind::Serve:
        return {}; // the decoder's phases, described by decoderInputs
    }
    return {};
}

std::vector<Dimension> phaseDimensions(const RunConfig& c, const PlannedPhase& phase)
{
    if (c.workload == WorkloadKind::Decoder && c.decoder) {
        const DecoderSpec& d = *c.decoder;
        if (d.training) {
            const training::TrainingRecipe& r = *d.training;
            std::vector<Dimension> dims { { "micro_batch", r.microBatch }, { "seq_len", r.sequenceLength },
                { "layers", d.shape.layers }, { "hidden", d.shape.hidden }, { "vocab", d.shape.vocab },
                { "dtype_bytes", device::dtypeSize(decoderComputeDType(c)) } };
            if (r.method != training::Method::Full)
                dims.push_back({ "lora_rank", r.rank });
            if (phase.kind == PhaseKind::Warmup || phase.kind == PhaseKind::StepAccumulate)
                dims.push_back({ "iterations", phase.iterations });
            if (phase.kind == PhaseKind::Evaluation)
                dims.push_back({ "eval_batch", r.evalBatch });
            if (phase.repeat)
                dims.push_back({ "repeat", *phase.repeat });
            return dims;
        }
        if (c.vllm) {
            const engines::VllmPlan& p = c.vllm->plan;
            std::vector<Dimension> dims { { "layers", d.shape.layers }, { "hidden", d.shape.hidden },
                { "dtype_bytes", device::dtypeSize(decoderComputeDType(c)) } };
            if (phase.kind == PhaseKind::ProfileRun) {
                dims.push_back({ "max_num_batched_tokens", p.maxNumBatchedTokens });
                dims.push_back({ "sampler_rows", std::min(p.maxNumSeqs, p.maxNumBatchedTokens) });
                dims.push_back({ "vocab", d.shape.vocab });
            } else if (phase.kind == PhaseKind::KvCacheAlloc && p.sized) {
                dims.push_back({ "num_blocks", p.numBlocks });
                dims.push_back({ "block_size", p.blockSize });
                dims.push_back({ "page_bytes", p.pageBytes });
                dims.push_back({ "kv_tensors", p.kvTensorBytes.size() });
            } else if (phase.kind == PhaseKind::Serve) {
                const VllmAdmission a = vllmAdmission(c);
                dims.push_back({ "requests", a.requests });
                dims.push_back({ "request_tokens", a.requestTokens });
                dims.push_back({ "max_model_len", p.maxModelLen });
                dims.push_back({ "max_num_seqs", p.maxNumSeqs });
                dims.push_back({ "blocks_per_request", a.blocksPerRequest });
                dims.push_back({ "pool_blocks", a.poolBlocks });
                dims.push_back({ "admitted", a.admitted });
                dims.push_back({ "waiting_for_blocks", a.waitingForBlocks });
                dims.push_back({ "waiting_for_seqs", a.waitingForSeqs });
                dims.push_back({ "rejected_too_long", a.rejected });
                dims.push_back({ "blocks_used", a.blocksUsed });
            }
            return dims;
        }
        std::vector<Dimension> dims { { "sequences", d.sequences }, { "prompt_tokens", d.promptTokens },
            { "generated", d.generated }, { "layers", d.shape.layers }, { "hidden", d.shape.hidden },
            { "heads", d.shape.heads }, { "kv_heads", d.shape.kvHeads }, { "head_dim", d.shape.headDim },
            { "dtype_bytes", device::dtypeSize(decoderComputeDType(c)) } };
        if (phase.kind == PhaseKind::Decode || phase.kind == PhaseKind::Warmup)
            dims.push_back({ phase.kind == PhaseKind::Decode ? "steps" : "iterations", phase.iterations });
        if (phase.repeat)
            dims.push_back({ phase.kind == PhaseKind::Decode ? "chunk" : "repeat", *phase.repeat });
        return dims;
    }
    std::vector<Dimension> d { { "batch", c.batch }, { "context", c.context }, { "width", c.width },
        { "hidden", 4 * c.width }, { "dtype_bytes", device::dtypeSize(c.dtype) } };
    if (phase.kind == PhaseKind::Warmup)
        d.push_back({ "iterations", phase.iterations });
    if (phase.repeat)
        d.push_back({ "repeat", *phase.repeat });
    return d;
}

} // namespace iteragpu::protocol
