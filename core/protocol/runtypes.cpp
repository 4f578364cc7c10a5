// SPDX-License-Identifier: Apache-2.0
#include "core/protocol/runtypes.h"

#include "core/model/modellimits.h"
#include "core/protocol/runlimits.h"
#include "core/sim/simbackend.h"
#include "core/units/units.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace iteragpu::protocol {

namespace {
    // The value whose name is `name`, among `values`, by the enum's own name function: one spelling both ways.
    template <typename E, typename NameOf>
    std::optional<E> byName(const std::string& name, std::initializer_list<E> values, NameOf nameOf)
    {
        for (E v : values)
            if (name == nameOf(v))
                return v;
        return std::nullopt;
    }
} // namespace

const char* modeName(Mode mode) { return mode == Mode::Training ? "training" : "inference"; }

std::optional<Mode> modeFromName(const std::string& name)
{
    return byName(name, { Mode::Inference, Mode::Training }, modeName);
}

const char* allocatorName(AllocatorKind kind) { return kind == AllocatorKind::Async ? "async" : "native"; }

std::optional<AllocatorKind> allocatorFromName(const std::string& name)
{
    return byName(name, { AllocatorKind::Native, AllocatorKind::Async }, allocatorName);
}

const char* phaseStatusName(PhaseStatus status)
{
    switch (status) {
    case PhaseStatus::Ok:
        return "ok";
    case PhaseStatus::Failed:
        return "failed";
    case PhaseStatus::NotRun:
        return "not_run";
    case PhaseStatus::Interrupted:
        return "interrupted";
    }
    return "not_run";
}

std::optional<PhaseStatus> phaseStatusFromName(const std::string& name)
{
    return byName(name, { PhaseStatus::Ok, PhaseStatus::Failed, PhaseStatus::NotRun, PhaseStatus::Interrupted }, phaseStatusName);
}

const char* workloadKindName(WorkloadKind kind)
{
    switch (kind) {
    case WorkloadKind::Decoder:
        return "decoder";
    case WorkloadKind::Script:
        return "script";
    case WorkloadKind::Dense:
        break;
    }
    return "dense";
}

std::optional<WorkloadKind> workloadKindFromName(const std::string& name)
{
    return byName(name, { WorkloadKind::Dense, WorkloadKind::Decoder, WorkloadKind::Script }, workloadKindName);
}

const char* weightStorageName(WeightStorage storage)
{
    switch (storage) {
    case WeightStorage::Float32:
        return "fp32";
    case WeightStorage::Float16:
        return "fp16";
    case WeightStorage::BFloat16:
        return "bf16";
    case WeightStorage::Int8:
        return "int8";
    case WeightStorage::Nf4:
        return "nf4";
    case WeightStorage::Nf4DoubleQuant:
        return "nf4-dq";
    case WeightStorage::Fp8E4m3:
        return "fp8-e4m3";
    case WeightStorage::Fp8E5m2:
        return "fp8-e5m2";
    case WeightStorage::GptqInt4:
        return "gptq-int4";
    case WeightStorage::AwqInt4:
        return "awq-int4";
    case WeightStorage::Fp4:
        return "fp4";
    case WeightStorage::Mxfp4:
        return "mxfp4";
    }
    return "bf16";
}

const std::vector<WeightStorage>& allWeightStorages()
{
    static const std::vector<WeightStorage> all
        = { WeightStorage::Float32, WeightStorage::Float16, WeightStorage::BFloat16, WeightStorage::Int8,
              WeightStorage::Nf4, WeightStorage::Nf4DoubleQuant, WeightStorage::Fp8E4m3, WeightStorage::Fp8E5m2,
              WeightStorage::GptqInt4, WeightStorage::AwqInt4, WeightStorage::Fp4, WeightStorage::Mxfp4 };
    return all;
}

std::string weightStorageNames()
{
    std::string names;
    for (const WeightStorage s : allWeightStorages())
        names += (names.empty() ? "" : ", ") + std::string(weightStorageName(s));
    return names;
}

std::optional<WeightStorage> weightStorageFromName(const std::string& name)
{
    for (const WeightStorage s : allWeightStorages())
        if (name == weightStorageName(s))
            return s;
    return std::nullopt;
}

bool weightStorageQuantized(WeightStorage storage)
{
    return storage != WeightStorage::Float32 && storage != WeightStorage::Float16 && storage != WeightStorage::BFloat16;
}

const char* kvCacheName(KvCacheKind kind)
{
    switch (kind) {
    case KvCacheKind::Dynamic:
        return "dynamic";
    case KvCacheKind::Static:
        return "static";
    case KvCacheKind::Paged:
        return "paged";
    }
    return "dynamic";
}

std::optional<KvCacheKind> kvCacheFromName(const std::string& name)
{
    return byName(name, { KvCacheKind::Dynamic, KvCacheKind::Static, KvCacheKind::Paged }, kvCacheName);
}

const char* routingRuleName(RoutingRule rule) { return rule == RoutingRule::Observed ? "observed" : "balanced"; }

std::optional<RoutingRule> routingRuleFromName(const std::string& name)
{
    return byName(name, { RoutingRule::Balanced, RoutingRule::Observed }, routingRuleName);
}

const char* attentionName(AttentionKind kind) { return kind == AttentionKind::Eager ? "eager" : "sdpa"; }

std::optional<AttentionKind> attentionFromName(const std::string& name)
{
    return byName(name, { AttentionKind::Eager, AttentionKind::Sdpa }, attentionName);
}

device::DType decoderComputeDType(const RunConfig& config)
{
    if (!config.decoder)
        return config.dtype;
    switch (config.decoder->storage) {
    case WeightStorage::Float32:
        return device::DType::Float32;
    case WeightStorage::Float16:
        return device::DType::Float16;
    case WeightStorage::BFloat16:
        return device::DType::BFloat16;
    default:
        return config.dtype;
    }
}

double clampSamplingHz(double hz)
{
    if (std::isnan(hz))
        return kDefaultSamplingHz;
    return std::clamp(hz, kMinSamplingHz, kMaxSamplingHz);
}

std::string phaseLabel(const PhaseResult& phase)
{
    return phase.repeat ? phase.name + "#" + std::to_string(*phase.repeat) : phase.name;
}

i18n::Message warmupPolicy(const RunConfig& config)
{
    constexpr const char* ctx = "RunPolicy";
    if (config.warmup == 0)
        return { ITERAGPU_TRANSLATE_NOOP("RunPolicy", "no warm-up"), {}, ctx };
    if (config.mode == Mode::Training)
        //: %1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.
        return { ITERAGPU_TRANSLATE_NOOP("RunPolicy",
                     "training steps: %1, in one 'warmup' phase after the cold pass; measured repeats: %2, one "
                     "record each"),
            { config.warmup, config.repeats }, ctx };
    //: %1 warm-up iterations, %2 measured repeats. Label and value, so no plural forms are needed.
    return { ITERAGPU_TRANSLATE_NOOP("RunPolicy",
                 "forward passes: %1, in one 'warmup' phase after the cold pass; measured repeats: %2, one record "
                 "each"),
        { config.warmup, config.repeats }, ctx };
}

i18n::Message emptyCachePolicy(const RunConfig& config)
{
    constexpr const char* ctx = "RunPolicy";
    if (config.emptyCacheBetweenRepeats)
        return { ITERAGPU_TRANSLATE_NOOP(
                     "RunPolicy", "empty_cache() before each warm repeat, before its baseline is read"),
            {}, ctx };
    return { ITERAGPU_TRANSLATE_NOOP("RunPolicy", "no empty_cache() between repeats: the allocator's cache is kept"),
        {}, ctx };
}

namespace {
    constexpr std::size_t kMaxSamplesPerPhaseLimit = 1000000;
}

namespace {
    i18n::Message refusal(const char* source, std::vector<i18n::Arg> args = {})
    {
        return { source, std::move(args), i18n::kRunRefusalContext };
    }

    // The decoder's configuration: every count of the shape present, heads divisible into KV groups, and the
    // largest tensor of the run (a prefill activation, a layer's KV cache, the eager scores, the logits, a
    // weight) within 2^63 bytes, so an absurd token count is refused here and never wraps.
    std::optional<i18n::Message> validateDecoder(const RunConfig& c)
    {
        if (!c.decoder)
            return refusal(ITERAGPU_TRANSLATE_NOOP(
                "RunRefusal", "the decoder workload needs a model (a preset, a config.json or a safetensors header)"));
        if (c.mode == Mode::Training && !c.decoder->training)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                "a decoder training run needs its recipe (method, micro-batch, sequence length, optimizer)"));
        if (c.mode == Mode::Inference && c.decoder->training)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "an inference run carries no training recipe"));
        // A training step is sized as a prefill of the micro-batch (or of the eval batch, when larger) over the
        // sequence length: the same widest tensors, and the logits in float32 on top (checked below).
        DecoderSpec d = *c.decoder;
        if (d.training) {
            if (auto why = training::recipeRefusal(*d.training))
                return why;
            d.sequences = std::max(d.training->microBatch, d.training->evalBatch);
            d.promptTokens = d.training->sequenceLength;
            d.generated = 0;
        }
        const model::ModelShape& m = d.shape;
        if (d.training) {
            bool moe = m.experts > 0;
            for (const auto& l : m.layerSpecs)
                moe = moe || l.mlp.experts > 0;
            if (moe)
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                    "the decoder's training step does not build MoE layers yet (the routed experts' backward is not "
                    "written): 'iteragpu estimate --training' sizes it"));
            if (m.positionEmbeddings > 0)
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                    "the decoder's training step does not build learned position embeddings yet (their backward is "
                    "not written): 'iteragpu estimate --training' sizes it"));
            for (const auto& part : m.apart)
                if (part.loaded)
                    //: %1 is the name of a model part (an identifier such as vision or mtp)
                    return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                       "the decoder's training step does not build a model with a %1 part loaded "
                                       "beside it yet: 'iteragpu estimate --training' sizes it"),
                        { part.name });
            for (const auto& l : m.layerSpecs)
                if (l.attention.present && l.attention.layout == model::AttentionSpec::Layout::Mla)
                    return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                        "the decoder's training step does not build multi-head latent attention yet: 'iteragpu "
                        "estimate --training' sizes it"));
            for (const auto& l : m.layerSpecs)
                if (!l.attention.present || l.mlp.kind == model::MlpSpec::Kind::None)
                    return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                        "the decoder's training step does not build state layers or layers without attention or an "
                        "MLP yet (their backward is not written): 'iteragpu estimate --training' sizes it"));
            const bool nf4 = d.storage == WeightStorage::Nf4 || d.storage == WeightStorage::Nf4DoubleQuant;
            if (d.training->method == training::Method::Qlora && !nf4)
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                    "QLoRA trains adapters on a quantized base: choose nf4 or nf4-dq weights (--format nf4)"));
            if (d.training->method != training::Method::Qlora && weightStorageQuantized(d.storage)) {
                if (nf4)
                    //: %1 is a storage format's identifier (nf4, nf4-dq)
                    return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                       "weights in %1 are frozen codes: train adapters on them with --method qlora"),
                        { weightStorageName(d.storage) });
                //: %1 is a storage format's identifier (e.g. int8, gptq-int4)
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                                   "weights in %1 are frozen codes: the decoder trains on a 16-bit or float32 base, or "
                                   "adapters on an nf4 base (--method qlora)"),
                    { weightStorageName(d.storage) });
            }
            if (d.training->masterWeights && d.storage == WeightStorage::Float32)
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "float32 weights need no float32 master copy"));
        }
        if (auto unsupported = m.decoderRefusal())
            //: %1 is what the decoder cannot build (a sentence of its own)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "the decoder workload does not build this model yet: %1; 'iteragpu estimate' sizes it "
                               "layer by layer"),
                { i18n::Arg::nested(std::move(*unsupported)) });
        if (m.layers == 0 || m.hidden == 0 || m.intermediate == 0 || m.heads == 0 || m.kvHeads == 0 || m.headDim == 0
            || m.vocab == 0)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                "the model shape is incomplete: layers, hidden, intermediate, heads, KV heads, head_dim and vocab "
                "must all be at least 1"));
        if (auto why = model::layersRefusal(m.layers,
                i18n::Term {
                    i18n::kRunRefusalContext, ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the model's layer count") }))
            return why; // Note [Model limits]
        if (m.positionEmbeddings > 0 && (d.promptTokens > m.positionEmbeddings
                                            || d.generated > m.positionEmbeddings - d.promptTokens))
            //: %1 prompt tokens, %2 generated tokens, %3 the model's number of learned positions
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "the run reaches position %1 + %2, beyond the model's %3 learned positions "
                               "(n_positions): shorten the prompt or the generation"),
                { d.promptTokens, d.generated, m.positionEmbeddings });
        if (auto why = model::ropeThetaRefusal(d.ropeTheta,
                i18n::Term {
                    i18n::kRunRefusalContext, ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the rotary base (rope_theta)") }))
            return why;
        if (m.kvHeads > m.heads || m.heads % m.kvHeads != 0)
            //: %1 attention heads, %2 KV heads
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "the model's %1 attention heads cannot share %2 KV heads: the KV heads must divide the "
                               "heads"),
                { m.heads, m.kvHeads });
        if (m.headDim % 2 != 0)
            //: %1 is the model's head_dim (a number)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "head_dim %1 is odd: rotary embeddings need pairs"),
                { m.headDim });
        if (!m.layerWindows.empty() && m.layerWindows.size() != m.layers)
            //: %1 attention windows listed, %2 layers
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the model lists %1 attention windows for %2 layers"),
                { m.layerWindows.size(), m.layers });
        for (const auto& w : m.layerWindows)
            if (w && *w == 0)
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "a sliding window of 0 tokens is not a window"));
        if (m.experts > 0 && (m.expertsPerToken == 0 || m.expertsPerToken > m.experts))
            //: %1 is the model's number of experts
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "experts per token must be between 1 and the %1 experts"),
                { m.experts });
        if (m.vocab > static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max()))
            //: %1 is the vocabulary's size in tokens
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "a vocabulary of %1 tokens does not fit int32 token ids"),
                { m.vocab });
        if (d.sequences == 0 || d.promptTokens == 0)
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the decoder needs at least 1 sequence and 1 prompt token"));
        if (d.sequences > kMaxTensorDimension || d.promptTokens > kMaxTensorDimension)
            //: %1 is the largest value
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "sequences and prompt tokens must be at most %1 (the kernels index rows as int)"),
                { kMaxTensorDimension });
        if ((d.storage == WeightStorage::GptqInt4 || d.storage == WeightStorage::AwqInt4)
            && (d.quantGroup == 0 || d.quantGroup > kMaxTensorDimension))
            //: %1 is the largest group size
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the GPTQ/AWQ group must be between 1 and %1 input rows"),
                { kMaxTensorDimension });
        if ((d.fp8BlockRows == 0) != (d.fp8BlockColumns == 0) || d.fp8BlockRows > kMaxTensorDimension
            || d.fp8BlockColumns > kMaxTensorDimension)
            //: %1 is the largest number of rows or columns
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "an fp8 scale block needs both its rows and its columns, each between 1 and %1 (or "
                               "neither: one scale per tensor)"),
                { kMaxTensorDimension });
        if (weightStorageQuantized(d.storage) && c.dtype == device::DType::Float32)
            //: %1 is a storage format's identifier (e.g. int8, nf4)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "weights in %1 compute in 16 bit: choose float16 or bfloat16 as the compute dtype"),
                { weightStorageName(d.storage) });
        constexpr std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        const std::uint64_t s = device::dtypeSize(decoderComputeDType(c));
        using units::checkedMul;
        const auto positions = units::checkedAdd(d.promptTokens, d.generated);
        const auto tokens = checkedMul(d.sequences, d.promptTokens);
        const auto within = [&](std::initializer_list<std::uint64_t> dims) {
            std::uint64_t bytes = s;
            for (auto x : dims) {
                const auto product = checkedMul(bytes, x);
                if (!product || *product > limit)
                    return false;
                bytes = *product;
            }
            return true;
        };
        // The widest of every layer (ModelShape::layerSpecs; the uniform fields stand for them when empty).
        auto attentionWidth = checkedMul(m.heads, m.headDim);
        auto kvWidth = checkedMul(m.kvHeads, m.headDim);
        std::uint64_t heads = m.heads;
        std::uint64_t inter = std::max(m.intermediate, m.experts); // an expert width or the router's logits
        for (const auto& l : m.layerSpecs) {
            const auto& a = l.attention;
            // The widest head: the keys' or the values' (MLA's v_head_dim), or MLA's decompressed k_nope + value.
            const bool mla = a.layout == model::AttentionSpec::Layout::Mla;
            const std::uint64_t dim = std::max({ a.headDim, a.valueHeadDim,
                mla ? units::checkedAdd(a.qkNopeHeadDim, a.valueHeadDim).value_or(limit) : 0 });
            const auto q = checkedMul(a.heads, dim);
            const auto kv = checkedMul(a.kvHeads, dim);
            attentionWidth = q && attentionWidth ? std::optional(std::max(*q, *attentionWidth)) : std::nullopt;
            kvWidth = kv && kvWidth ? std::optional(std::max(*kv, *kvWidth)) : std::nullopt;
            heads = std::max(heads, a.heads);
            inter = std::max({ inter, l.mlp.intermediate, l.mlp.sharedIntermediate, l.mlp.experts, a.qLoraRank,
                units::checkedAdd(a.kvLoraRank, a.qkRopeHeadDim).value_or(limit) });
            if (l.state.kind != model::StateSpec::Kind::None) { // in_proj's width (beyond 64 bits: too large)
                const auto bc = checkedMul(checkedMul(l.state.groups, l.state.stateSize).value_or(limit), 2);
                const auto width = units::checkedAdd(
                    units::checkedAdd(checkedMul(l.state.inner, 2).value_or(limit), bc.value_or(limit)).value_or(limit),
                    l.state.heads);
                inter = std::max(inter, width.value_or(limit));
                // gated DeltaNet's in_proj_qkvz: 2 Kd + 2 Vd
                const auto keys = checkedMul(checkedMul(l.state.keyHeads, l.state.keyHeadDim).value_or(limit), 2);
                const auto qkvz = units::checkedAdd(keys.value_or(limit), checkedMul(l.state.inner, 2).value_or(limit));
                inter = std::max(inter, qkvz.value_or(limit));
            }
        }
        const std::uint64_t widest = std::max({ m.hidden, inter, attentionWidth.value_or(limit), m.vocab });
        if (!attentionWidth || !kvWidth || !positions || !tokens || *positions > limit || *tokens > limit
            || !within({ *tokens, widest, std::max<std::uint64_t>(m.experts, 1) })
            || !within({ d.sequences, *positions, *kvWidth })
            || !within({ d.sequences, heads, d.promptTokens, *positions, 2 }) || !within({ m.vocab, m.hidden })
            || !within({ inter, m.hidden })
            || (d.training && !within({ *tokens, m.vocab, 2 }))) // float32 logits of the step
            //: %1 sequences, %2 prompt tokens, %3 generated tokens
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                               "the run is too large: %1 sequences x %2 prompt tokens + %3 generated would need a "
                               "tensor beyond 2^63 bytes"),
                { d.sequences, d.promptTokens, d.generated });
        return std::nullopt;
    }
} // namespace

std::optional<std::uint64_t> plannedPhaseCount(const RunConfig& c)
{
    std::uint64_t fixed = 0;
    std::uint64_t decode = 0;
    if (c.workload == WorkloadKind::Decoder && c.decoder && c.decoder->training) {
        const training::TrainingRecipe& r = *c.decoder->training;
        // model_load, inputs, the first step's forward, loss and backward, with accumulation and the optimizer
        fixed = 5 + (r.gradAccum > 1 ? 1 : 0) + (r.optimizerInBackward ? 0 : 1) + (r.evalBatch > 0 ? 1 : 0)
            + (r.exportCopy ? 1 : 0);
    } else if (c.workload == WorkloadKind::Decoder && c.decoder && c.vllm) {
        // model_load, profile_run, kv_cache_alloc, cuda_graph_capture (not with --enforce-eager), serve
        return c.vllm->options.enforceEager ? 4 : 5;
    } else if (c.workload == WorkloadKind::Decoder && c.decoder) {
        fixed = 3; // model_load, inputs, prefill
        const std::uint64_t steps = c.decoder->generated;
        const std::uint64_t chunk = c.decoder->decodeChunk;
        decode = steps == 0 ? 0 : (chunk == 0 || chunk >= steps) ? 1 : steps / chunk + (steps % chunk != 0);
    } else if (c.mode == Mode::Inference) {
        fixed = 3; // model_load, inputs, cold_forward
    } else {
        fixed = 8; // model_load, inputs, the first step's four, evaluation, export
    }
    const auto some = units::checkedAdd(fixed + (c.warmup > 0 ? 1 : 0), decode);
    return some ? units::checkedAdd(*some, c.repeats) : std::nullopt;
}

std::optional<std::uint64_t> runRecordBytes(const RunConfig& c)
{
    const auto phases = plannedPhaseCount(c);
    const auto samples = units::checkedMul(c.maxSamplesPerPhase, sizeof(Sample));
    const auto perPhase = samples ? units::checkedAdd(*samples, kPhaseRecordBytes) : std::nullopt;
    return phases && perPhase ? units::checkedMul(*phases, *perPhase) : std::nullopt;
}

namespace {
    // A limit that follows from memory: the record a run keeps on the host, checked before anything is made.
    std::optional<i18n::Message> validateRecordSize(const RunConfig& c)
    {
        const auto bytes = runRecordBytes(c);
        if (bytes && *bytes <= kMaxRunRecordBytes)
            return std::nullopt;
        const auto phases = plannedPhaseCount(c);
        RunConfig noRepeats = c;
        noRepeats.repeats = 0;
        const auto base = runRecordBytes(noRepeats);
        const std::uint64_t perPhase = kPhaseRecordBytes + c.maxSamplesPerPhase * sizeof(Sample); // bounded by now
        const i18n::Message advice = base && *base <= kMaxRunRecordBytes
            //: %1 is a number of repeats
            ? refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "at most %1 repeats fit with these settings"),
                { i18n::Arg::grouped((kMaxRunRecordBytes - *base) / perPhase) })
            : refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "a larger decode chunk makes fewer decode records"));
        const i18n::Arg phasesArg = phases ? i18n::Arg::grouped(*phases)
                                           : i18n::Arg(i18n::Term { i18n::kRunRefusalContext,
                                               ITERAGPU_TRANSLATE_NOOP("RunRefusal", "more than 2^64") });
        const i18n::Arg bytesArg = bytes ? i18n::Arg::gib(*bytes)
                                         : i18n::Arg(i18n::Term { i18n::kRunRefusalContext,
                                             ITERAGPU_TRANSLATE_NOOP("RunRefusal", "beyond 2^64 bytes") });
        //: %1 phase records (a number, or "more than 2^64"), %2 samples per record, %3 the host memory they take
        //: (in GiB, or "beyond 2^64 bytes"), %4 the limit in GiB, %5 what to change (a sentence of its own)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                           "the run would keep %1 phase records of up to %2 samples each, %3 of host memory at worst, "
                           "more than the %4 a run may keep: %5"),
            { phasesArg, i18n::Arg::grouped(c.maxSamplesPerPhase), bytesArg, i18n::Arg::gib(kMaxRunRecordBytes),
                i18n::Arg::nested(advice) });
    }
} // namespace

std::optional<i18n::Message> configRefusal(const RunConfig& c)
{
    if (c.workload == WorkloadKind::Script)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
            "a script is measured from inside by the Python probe (iteragpu probe --path), not run by iteragpu"));
    if (c.workload == WorkloadKind::Decoder && c.vllm) { // Note [vLLM rehearsal]
        if (auto why = vllmRehearsalRefusal(c))
            return why;
        if (!c.vllm->planned)
            return refusal(ITERAGPU_TRANSLATE_NOOP(
                "RunRefusal", "vLLM's rehearsal needs its plan on the device's total (planVllmRun) before it runs"));
        if (c.vllm->plan.sized) { // a plan refused before sizing runs model_load only, to fail it
            if (auto e = validateDecoder(vllmProfileConfig(c)))
                //: %1 is why the profile run cannot run (a sentence of its own)
                return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "vLLM's profile run: %1"),
                    { i18n::Arg::nested(std::move(*e)) });
        } else if (auto e = validateDecoder(c))
            return e;
    }
    if (c.workload == WorkloadKind::Decoder) {
        if (auto e = validateDecoder(c))
            return e;
        if (c.repeats > kMaxRepeats || c.warmup > kMaxRepeats)
            //: %1 is the largest number
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "warmup and repeats must be at most %1"), { kMaxRepeats });
        if (c.maxSamplesPerPhase < 2 || c.maxSamplesPerPhase > kMaxSamplesPerPhaseLimit)
            //: %1 is the largest number
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "samples per phase must be between 2 and %1"),
                { kMaxSamplesPerPhaseLimit });
        if (c.simCapacityBytes && *c.simCapacityBytes == 0)
            return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the simulated capacity must be more than 0 bytes"));
        if (c.decoder->generated > kMaxGeneratedTokens)
            //: %1 is the largest number of tokens
            return refusal(
                ITERAGPU_TRANSLATE_NOOP("RunRefusal", "at most %1 generated tokens"), { kMaxGeneratedTokens });
        return validateRecordSize(c);
    }
    if (c.batch == 0 || c.context == 0 || c.width == 0)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "batch, context and width must be at least 1"));
    if (c.batch > kMaxTensorDimension || c.context > kMaxTensorDimension || c.width > kMaxTensorDimension)
        //: %1 is the largest value
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
                           "batch, context and width must be at most %1 (the kernels index rows and columns as int)"),
            { kMaxTensorDimension });
    if (c.repeats > kMaxRepeats || c.warmup > kMaxRepeats)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "warmup and repeats must be at most %1"), { kMaxRepeats });
    if (c.maxSamplesPerPhase < 2 || c.maxSamplesPerPhase > kMaxSamplesPerPhaseLimit)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "samples per phase must be between 2 and %1"),
            { kMaxSamplesPerPhaseLimit });
    if (c.simCapacityBytes && *c.simCapacityBytes == 0)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal", "the simulated capacity must be more than 0 bytes"));
    // The speed range only: whether simCard names a catalog card is prepareRun's to say (it reads the catalog).
    if (auto speed = sim::simSpeedRefusal(c.simSpeed))
        return speed;
    if (auto record = validateRecordSize(c))
        return record;
    constexpr std::uint64_t limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    const auto tokens = units::checkedMul(c.batch, c.context);
    const auto hidden = units::checkedMul(c.width, 4);
    // The largest tensors: N x 4 width activations and the 4 width x width matrices, at 4 bytes an element.
    const auto activation = tokens && hidden ? units::checkedMul(*tokens, *hidden) : std::nullopt;
    const auto matrix = hidden ? units::checkedMul(c.width, *hidden) : std::nullopt;
    const auto activationBytes = activation ? units::checkedMul(*activation, 4) : std::nullopt;
    const auto matrixBytes = matrix ? units::checkedMul(*matrix, 4) : std::nullopt;
    if (!activationBytes || !matrixBytes || *activationBytes > limit || *matrixBytes > limit)
        return refusal(ITERAGPU_TRANSLATE_NOOP("RunRefusal",
            "batch x context x width is too large: a tensor of the dense network would exceed 2^63 bytes"));
    return std::nullopt;
}

std::string validateConfig(const RunConfig& c)
{
    const auto why = configRefusal(c);
    return why ? why->english() : std::string();
}

} // namespace iteragpu::protocol
