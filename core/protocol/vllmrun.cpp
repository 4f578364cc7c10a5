// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/vllmrun.h"

#include "core/engines/vllmplanner.h"
#include "core/protocol/runlimits.h"
#include "core/protocol/runtypes.h"
#include "core/sizing/sizingrequest.h"
#include "core/sizing/weightformat.h"
#include "core/units/checkedmath.h"
#include "core/units/inputerror.h"

#include <algorithm>
#include <utility>

namespace iteragpu::protocol {

std::string vllmWeightStorageName(const engines::VllmOptions& options, const std::string& torchDtype)
{
    switch (options.dtype) {
    case engines::VllmOptions::Dtype::Float16:
        return "fp16";
    case engines::VllmOptions::Dtype::BFloat16:
        return "bf16";
    case engines::VllmOptions::Dtype::Float32:
        return "fp32";
    case engines::VllmOptions::Dtype::Auto:
        break;
    }
    return torchDtype == "float16" ? "fp16" : "bf16"; // as VllmPlanner's modelDtype
}

namespace {
    i18n::Message refusal(const char* source, std::vector<i18n::Arg> args = {})
    {
        return { source, std::move(args), i18n::kRunRefusalContext };
    }
} // namespace

std::optional<i18n::Message> vllmRehearsalRefusal(const RunConfig& config)
{
    if (!config.vllm)
        return std::nullopt;
    const engines::VllmOptions& o = config.vllm->options;
    if (config.workload != WorkloadKind::Decoder || !config.decoder)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "vLLM's rehearsal needs a model (--model)"));
    if (config.mode != Mode::Inference || config.decoder->training)
        return refusal(ITERAGPU_TRANSLATE_NOOP(
            "RunRefusal", "vLLM serves a model: its rehearsal is an inference run (no --mode training)"));
    if (o.tensorParallel != 1)
        //: %1 is the number of GPUs given to --tensor-parallel-size
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                           "one device cannot rehearse --tensor-parallel-size %1: vLLM shards the model over that many "
                           "GPUs ('iteragpu estimate --engine vllm --tp N' plans it)"),
            { o.tensorParallel });
    if (o.pipelineParallel != 1)
        //: %1 is the number of GPUs given to --pipeline-parallel-size
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                           "one device cannot rehearse --pipeline-parallel-size %1: vLLM splits the layers over that "
                           "many GPUs ('iteragpu estimate --engine vllm --pp N' plans it)"),
            { o.pipelineParallel });
    if (!o.quantization.empty())
        //: %1 is the quantization method given (an identifier such as awq)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                           "--quantization %1 is not rehearsed: the decoder builds the checkpoint's own weights "
                           "('iteragpu estimate --engine vllm' plans it)"),
            { o.quantization });
    if (weightStorageQuantized(config.decoder->storage))
        //: %1 is a storage format's identifier (e.g. nf4, gptq-int4)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                           "vLLM's rehearsal builds 16-bit or float32 weights; a %1 checkpoint is not rehearsed yet "
                           "('iteragpu estimate --engine vllm' plans it)"),
            { weightStorageName(config.decoder->storage) });
    for (const auto& l : config.decoder->shape.layerSpecs)
        if (l.state.kind != model::StateSpec::Kind::None || !l.attention.present)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                "vLLM's plan for recurrent state layers (Mamba, gated DeltaNet) is not modelled, so not rehearsed"));
    if (config.allocator != AllocatorKind::Native)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
            "vLLM allocates through PyTorch's caching allocator: its rehearsal runs with --allocator native"));
    // A request's tokens, the profile run's tokens and the sampler's rows reach the decoder's kernels as int.
    for (const auto& [option, value] :
        { std::pair { "--max-model-len", o.maxModelLen }, std::pair { "--max-num-seqs", o.maxNumSeqs },
            std::pair { "--max-num-batched-tokens", o.maxNumBatchedTokens } })
        if (value && *value > kMaxTensorDimension)
            //: %1 is an option's name (e.g. --max-model-len), %2 the value given, %3 the largest value
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "%1 %2 is above the rehearsal's limit of %3 (the kernels index tokens and rows as int)"),
                { option, *value, kMaxTensorDimension });
    return std::nullopt;
}

std::string vllmRehearsalProblem(const RunConfig& config)
{
    const auto why = vllmRehearsalRefusal(config);
    return why ? why->english() : std::string();
}

void attachVllm(RunConfig& config, engines::VllmOptions options)
{
    if (!config.decoder)
        throw units::InputError("vLLM's rehearsal needs a model (--model)");
    DecoderSpec& d = *config.decoder;
    VllmRun run;
    run.options = std::move(options);
    if (!weightStorageQuantized(d.storage)) {
        d.storage = *weightStorageFromName(vllmWeightStorageName(run.options, d.shape.torchDtype));
        config.dtype = decoderComputeDType(config);
    }
    config.vllm = std::move(run);
}

std::optional<i18n::Message> refusalBeforePlan(const RunConfig& config)
{
    if (!config.vllm || config.vllm->planned)
        return configRefusal(config);
    if (auto why = vllmRehearsalRefusal(config))
        return why;
    RunConfig withoutVllm = config;
    withoutVllm.vllm.reset();
    return configRefusal(withoutVllm);
}

std::string validateBeforePlan(const RunConfig& config)
{
    const auto why = refusalBeforePlan(config);
    return why ? why->english() : std::string();
}

void planVllmRun(RunConfig& config, std::uint64_t totalBytes)
{
    if (!config.vllm || !config.decoder)
        throw units::InputError("vLLM's plan needs the run's vLLM options and model");
    if (const std::string why = vllmRehearsalProblem(config); !why.empty())
        throw units::InputError(why);
    const DecoderSpec& d = *config.decoder;
    // --dtype auto is resolved once, to the weights' storage it chose (vllmWeightStorageName): the plan then reads
    // no torch_dtype, and a result file's plan can be made again from its own configuration.
    if (config.vllm->options.dtype == engines::VllmOptions::Dtype::Auto)
        config.vllm->options.dtype = d.storage == WeightStorage::Float16 ? engines::VllmOptions::Dtype::Float16
            : d.storage == WeightStorage::Float32                        ? engines::VllmOptions::Dtype::Float32
                                                                         : engines::VllmOptions::Dtype::BFloat16;
    sizing::SizingRequest request;
    request.shape = d.shape;
    const auto format = sizing::weightFormatFromName(weightStorageName(d.storage));
    if (!format)
        throw units::InputError(std::string("vLLM's plan: no sizing format for ") + weightStorageName(d.storage));
    request.weights.format = *format;
    request.weightsFromCheckpoint = false;
    request.storedWeights = request.weights; // vLLM loads the weights as the decoder stores them
    const std::uint64_t tokens = units::checked::add(d.promptTokens, d.generated, "vLLM request");
    config.vllm->plan = engines::VllmPlanner::plan(request, config.vllm->options, totalBytes, true, { tokens });
    config.vllm->planned = true;
}

RunConfig vllmProfileConfig(const RunConfig& config)
{
    RunConfig c = config;
    c.vllm.reset();
    c.warmup = 0;
    c.repeats = 0;
    if (c.decoder) {
        c.decoder->sequences = 1;
        c.decoder->promptTokens = config.vllm ? config.vllm->plan.maxNumBatchedTokens : c.decoder->promptTokens;
        c.decoder->generated = 0;
        c.decoder->decodeChunk = 0;
        c.decoder->cache = KvCacheKind::Dynamic;
        c.decoder->attention = AttentionKind::Sdpa;
    }
    return c;
}

VllmAdmission vllmAdmission(const RunConfig& config)
{
    VllmAdmission a;
    if (!config.vllm || !config.decoder)
        return a;
    const engines::VllmPlan& p = config.vllm->plan;
    a.requests = config.decoder->sequences;
    a.requestTokens = config.decoder->promptTokens + config.decoder->generated;
    a.blocksPerRequest = p.blocksPerRequest.empty() ? 0 : p.blocksPerRequest.front();
    a.poolBlocks = p.numBlocks;
    std::uint64_t running = 0;
    for (std::uint64_t r = 0; r < a.requests; ++r) {
        if (a.requestTokens > p.maxModelLen)
            ++a.rejected;
        else if (running >= p.maxNumSeqs)
            ++a.waitingForSeqs;
        else if (a.blocksPerRequest > a.poolBlocks - a.blocksUsed)
            ++a.waitingForBlocks;
        else {
            ++running;
            a.blocksUsed += a.blocksPerRequest;
        }
    }
    a.admitted = running;
    return a;
}

} // namespace iteragpu::protocol
