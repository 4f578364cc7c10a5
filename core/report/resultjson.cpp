// SPDX-License-Identifier: Apache-2.0
#include "core/report/resultjson.h"

#include "core/engines/vllmplanreport.h"
#include "core/protocol/vllmrun.h"
#include "core/units/inputerror.h"

#include "core/report/ledgerjson.h"

#include "core/model/jsonguard.h"
#include "core/model/modellimits.h"
#include "core/protocol/runlimits.h"
#include "core/units/printable.h"
#include "core/units/regularfile.h"
#include "core/units/validutf8.h"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace iteragpu::report {

using nlohmann::ordered_json;
using namespace protocol;

namespace {

    ordered_json optionalBytes(const std::optional<std::uint64_t>& v)
    {
        return v ? ordered_json(*v) : ordered_json(nullptr);
    }
    ordered_json optionalDouble(const std::optional<double>& v) { return v ? ordered_json(*v) : ordered_json(nullptr); }

    ordered_json pointToJson(const MemoryPoint& p)
    {
        return { { "allocated", optionalBytes(p.allocated) }, { "reserved", optionalBytes(p.reserved) } };
    }

    ordered_json ownersToJson(const std::optional<alloc::OwnerBytes>& owners)
    {
        if (!owners)
            return nullptr;
        ordered_json j = ordered_json::object();
        for (std::size_t i = 0; i < alloc::kOwnerCount; ++i)
            j[alloc::ownerName(static_cast<alloc::Owner>(i))] = (*owners)[i];
        return j;
    }

    // "owners": {"baseline", "peak", "final"} or null; "peak" is the peak moment's.
    ordered_json phaseOwnersToJson(const PhaseResult& p)
    {
        if (!p.ownersAtBaseline && !p.peakMoment && !p.ownersAtFinal)
            return nullptr;
        return { { "baseline", ownersToJson(p.ownersAtBaseline) },
            { "peak", ownersToJson(p.peakMoment ? std::optional(p.peakMoment->owners) : std::nullopt) },
            { "final", ownersToJson(p.ownersAtFinal) } };
    }

    ordered_json peakMomentToJson(const std::optional<alloc::PeakMoment>& m)
    {
        if (!m)
            return nullptr;
        return { { "allocated", m->allocated }, { "reserved", m->reserved },
            { "inactive_split", optionalBytes(m->inactiveSplit) },
            { "owners_requested", ownersToJson(m->ownersRequested) } };
    }

    ordered_json levelToJson(const DeviceLevel& d)
    {
        return { { "free", optionalBytes(d.freeBytes) }, { "total", optionalBytes(d.totalBytes) },
            { "used", optionalBytes(d.usedBytes) }, { "process_used", optionalBytes(d.processUsedBytes) },
            { "process_used_source",
                d.processUsedSource.empty() ? ordered_json(nullptr) : ordered_json(d.processUsedSource) } };
    }

    ordered_json deviceInfoToJson(const device::DeviceInfo& i)
    {
        return { { "id", i.id }, { "index", i.index }, { "name", i.name }, { "total_bytes", i.totalBytes },
            { "arch", i.arch }, { "driver_version", i.driverVersion }, { "runtime_version", i.runtimeVersion },
            { "multiprocessors", i.multiprocessors }, { "simulated", i.simulated } };
    }

    // Note [Layers in the result]: a result carries the model's whole description (its layerSpecs, consecutive
    // equal layers as one entry with their count), so that `explain` sizes the saved run as the run itself did:
    // expert biases, sinks, router biases, MoE interleaves and windows per layer are not the uniform view's.
    const char* spanName(model::AttentionSpec::Span s)
    {
        switch (s) {
        case model::AttentionSpec::Span::Sliding:
            return "sliding";
        case model::AttentionSpec::Span::Chunked:
            return "chunked";
        case model::AttentionSpec::Span::Full:
            break;
        }
        return "full";
    }

    const char* stateKindName(model::StateSpec::Kind k)
    {
        switch (k) {
        case model::StateSpec::Kind::Mamba:
            return "mamba";
        case model::StateSpec::Kind::Mamba2:
            return "mamba2";
        case model::StateSpec::Kind::GatedDeltaNet:
            return "gated_deltanet";
        case model::StateSpec::Kind::None:
            break;
        }
        return "none";
    }

    const char* mlpKindName(model::MlpSpec::Kind k)
    {
        switch (k) {
        case model::MlpSpec::Kind::None:
            return "none";
        case model::MlpSpec::Kind::Moe:
            return "moe";
        case model::MlpSpec::Kind::Dense:
            break;
        }
        return "dense";
    }

    ordered_json layerSpecToJson(const model::LayerSpec& l)
    {
        const model::AttentionSpec& a = l.attention;
        const model::StateSpec& st = l.state;
        const model::MlpSpec& m = l.mlp;
        return { { "attention",
                     { { "present", a.present }, { "span", spanName(a.span) }, { "window", a.window },
                         { "layout", a.layout == model::AttentionSpec::Layout::Mla ? "mla" : "standard" },
                         { "heads", a.heads }, { "kv_heads", a.kvHeads }, { "head_dim", a.headDim },
                         { "value_head_dim", a.valueHeadDim }, { "qkv_bias", a.qkvBias },
                         { "output_bias", a.outputBias }, { "qk_norm_parameters", a.qkNormParameters },
                         { "output_gate", a.outputGate }, { "sinks", a.sinks }, { "rope", a.rope },
                         { "q_lora_rank", a.qLoraRank }, { "kv_lora_rank", a.kvLoraRank },
                         { "qk_nope_head_dim", a.qkNopeHeadDim }, { "qk_rope_head_dim", a.qkRopeHeadDim } } },
            { "state",
                { { "kind", stateKindName(st.kind) }, { "inner", st.inner }, { "state_size", st.stateSize },
                    { "conv_kernel", st.convKernel }, { "heads", st.heads }, { "groups", st.groups },
                    { "head_dim", st.headDim }, { "dt_rank", st.dtRank }, { "key_heads", st.keyHeads },
                    { "key_head_dim", st.keyHeadDim }, { "conv_bias", st.convBias }, { "proj_bias", st.projBias },
                    { "dt_norms", st.dtNorms } } },
            { "mlp",
                { { "kind", mlpKindName(m.kind) }, { "intermediate", m.intermediate }, { "gated", m.gated },
                    { "bias", m.bias }, { "activation", units::validUtf8(m.activation) }, { "experts", m.experts },
                    { "experts_per_token", m.expertsPerToken }, { "shared_intermediate", m.sharedIntermediate },
                    { "shared_experts", m.sharedExperts }, { "shared_expert_gate", m.sharedExpertGate },
                    { "router_bias", m.routerBias }, { "router_score_bias", m.routerScoreBias } } },
            { "norm_parameters", l.normParameters } };
    }

    ordered_json layerSpecsToJson(const std::vector<model::LayerSpec>& specs)
    {
        ordered_json out = ordered_json::array();
        ordered_json last;
        std::uint64_t count = 0;
        const auto flush = [&] {
            if (count == 0)
                return;
            ordered_json entry = { { "count", count } };
            entry.update(last);
            out.push_back(std::move(entry));
        };
        for (const auto& spec : specs) {
            ordered_json j = layerSpecToJson(spec);
            if (count > 0 && j == last) {
                ++count;
                continue;
            }
            flush();
            last = std::move(j);
            count = 1;
        }
        flush();
        return out;
    }

    // The parts loaded beside the language model (DECODER.md "model_load" 5), so a saved run replays with them.
    ordered_json loadedPartsToJson(const model::ModelShape& m)
    {
        ordered_json parts = ordered_json::array();
        for (const auto& part : m.apart)
            if (part.loaded)
                parts.push_back({ { "name", units::validUtf8(part.name) }, { "parameters", part.parameters } });
        return parts;
    }

    ordered_json shapeToJson(const model::ModelShape& m)
    {
        ordered_json windows = ordered_json::array();
        for (const auto& w : m.layerWindows)
            windows.push_back(w ? ordered_json(*w) : ordered_json(nullptr));
        return { { "layers", m.layers }, { "hidden", m.hidden }, { "intermediate", m.intermediate },
            { "heads", m.heads }, { "kv_heads", m.kvHeads }, { "head_dim", m.headDim }, { "vocab", m.vocab },
            { "experts", m.experts }, { "experts_per_token", m.expertsPerToken },
            { "tie_word_embeddings", m.tieWordEmbeddings }, { "qkv_bias", m.qkvBias },
            { "output_bias", m.outputBias }, { "mlp_bias", m.mlpBias }, { "norms_per_layer", m.normsPerLayer },
            { "qk_norm", m.qkNorm }, { "layer_windows", windows }, { "trained_context", optionalBytes(m.trainedContext) },
            { "layer_specs", m.layerSpecs.empty() ? ordered_json(nullptr) : layerSpecsToJson(m.layerSpecs) },
            { "final_norm_parameters", m.finalNormParameters }, { "position_embeddings", m.positionEmbeddings },
            { "lm_head_bias", m.lmHeadBias }, { "loaded_parts", loadedPartsToJson(m) } };
    }

    // The recipe of a decoder training run (DECODER.md "Training"); null for inference.
    ordered_json trainingToJson(const training::TrainingRecipe& r)
    {
        const bool lora = r.method != training::Method::Full;
        return { { "method", training::methodName(r.method) }, { "framework", training::frameworkName(r.framework) },
            { "lora_targets", lora ? ordered_json(training::loraTargetList(r.targets)) : ordered_json(nullptr) },
            { "lora_rank", lora ? ordered_json(r.rank) : ordered_json(nullptr) },
            { "adapter_dtype", lora ? ordered_json(r.adapterFp32 ? "float32" : "compute") : ordered_json(nullptr) },
            { "micro_batch", r.microBatch }, { "seq_len", r.sequenceLength }, { "grad_accum", r.gradAccum },
            { "checkpointing", r.checkpointing }, { "optimizer", training::optimizerKindName(r.optimizer) },
            { "paged_optimizer", r.pagedOptimizer }, { "optimizer_in_backward", r.optimizerInBackward },
            { "master_weights", r.masterWeights }, { "loss_chunks", r.lossChunks }, { "eval_batch", r.evalBatch },
            { "export_copy", r.exportCopy }, { "compiled", r.compiled } };
    }

    ordered_json workloadToJson(const RunConfig& c)
    {
        if (c.workload == WorkloadKind::Script) {
            const ScriptSpec spec = c.script.value_or(ScriptSpec {});
            return { { "kind", workloadKindName(WorkloadKind::Script) },
                { "script", spec.script.empty() ? ordered_json(nullptr) : ordered_json(units::validUtf8(spec.script)) },
                { "arguments", spec.arguments }, { "measured_by", spec.measuredBy } };
        }
        if (c.workload != WorkloadKind::Decoder || !c.decoder)
            return { { "kind", workloadKindName(WorkloadKind::Dense) },
                { "network", "two-layer MLP y = GELU(x W1 + b1) W2 + b2 (the seeds' exercise)" },
                { "width", c.width }, { "hidden", 4 * c.width } };
        const DecoderSpec& d = *c.decoder;
        return { { "kind", workloadKindName(WorkloadKind::Decoder) },
            { "model_source", units::validUtf8(d.modelSource) }, { "family", d.shape.family },
            { "shape", shapeToJson(d.shape) }, { "storage", weightStorageName(d.storage) },
            { "quant_group",
                d.storage == WeightStorage::GptqInt4 || d.storage == WeightStorage::AwqInt4 ? ordered_json(d.quantGroup)
                                                                                            : ordered_json(nullptr) },
            { "fp8_block",
                (d.storage == WeightStorage::Fp8E4m3 || d.storage == WeightStorage::Fp8E5m2) && d.fp8BlockRows > 0
                    ? ordered_json::array({ d.fp8BlockRows, d.fp8BlockColumns })
                    : ordered_json(nullptr) },
            { "compute_dtype", device::dtypeName(decoderComputeDType(c)) }, { "attention", attentionName(d.attention) },
            { "cache", kvCacheName(d.cache) }, { "prompt_tokens", d.promptTokens }, { "generated", d.generated },
            { "sequences", d.sequences }, { "decode_chunk", d.decodeChunk }, { "rope_theta", d.ropeTheta },
            { "norm_eps", d.normEps }, { "weights", "random (no checkpoint read)" },
            { "training", d.training ? trainingToJson(*d.training) : ordered_json(nullptr) } };
    }

    ordered_json optionalCount(const std::optional<std::uint64_t>& v)
    {
        return v ? ordered_json(*v) : ordered_json(nullptr);
    }

    // The "engine" object of an iteragpu.measure/3 file (Note [vLLM rehearsal]): what vLLM was given, the plan it
    // followed (VllmPlanReport's object, the one `estimate --engine vllm --json` prints) and its pool's layout.
    ordered_json engineToJson(const VllmRun& v)
    {
        const engines::VllmOptions& o = v.options;
        const engines::VllmPlan& p = v.plan;
        ordered_json pool = { { "num_blocks", p.sized ? ordered_json(p.numBlocks) : ordered_json(nullptr) },
            { "page_bytes", p.sized ? ordered_json(p.pageBytes) : ordered_json(nullptr) },
            { "layers_per_pool", p.sized ? ordered_json(p.layersPerPool) : ordered_json(nullptr) },
            { "kv_groups", p.sized ? ordered_json(p.kvGroups) : ordered_json(nullptr) },
            { "tensor_bytes", p.kvTensorBytes }, { "blocks_per_request", p.blocksPerRequest } };
        return { { "name", "vllm" },
            { "options",
                { { "gpu_memory_utilization", o.gpuMemoryUtilization }, { "max_model_len", optionalCount(o.maxModelLen) },
                    { "max_num_seqs", optionalCount(o.maxNumSeqs) },
                    { "max_num_batched_tokens", optionalCount(o.maxNumBatchedTokens) },
                    { "block_size", o.blockSize }, { "kv_cache_dtype", engines::vllmKvCacheDtypeName(o.kvCacheDtype) },
                    { "dtype", engines::vllmDtypeName(o.dtype) }, { "enforce_eager", o.enforceEager },
                    { "quantization", o.quantization.empty() ? ordered_json(nullptr) : ordered_json(o.quantization) },
                    { "tensor_parallel", o.tensorParallel }, { "pipeline_parallel", o.pipelineParallel },
                    { "card_name", units::validUtf8(o.cardName) } } },
            { "plan", ordered_json(engines::VllmPlanReport::toJson(p)) }, { "pool", pool } };
    }

    // Readers: throw ReadError with the field's path on a missing or mistyped field.
    struct ReadError {
        std::string message;
    };

    const ordered_json& field(const ordered_json& j, const char* key, const std::string& where)
    {
        if (!j.is_object())
            throw ReadError { where + " is not an object" };
        const auto it = j.find(key);
        if (it == j.end())
            throw ReadError { "missing field " + (where.empty() ? std::string(key) : where + "." + key) };
        return *it;
    }

    std::string fieldName(const char* key, const std::string& where)
    {
        return where.empty() ? std::string(key) : where + "." + key;
    }

    template <typename T> inline constexpr bool kIsVector = false;
    template <typename E> inline constexpr bool kIsVector<std::vector<E>> = true;

    // A JSON value as T, its type and range checked: nlohmann's get<T>() converts a number of any kind with a
    // static_cast, so -1 would read as 2^64 - 1, 2^32 + 1 as 1 in a 32-bit field, and 1e300 in an integer field is
    // undefined behaviour. Integers are read from integers only, within T's range; reals must be finite (and within
    // float's range for a float field).
    template <typename T> T convert(const ordered_json& v, const std::string& name)
    {
        const auto wrongType = [&](const char* expected) {
            return ReadError { "field " + name + " must be " + expected + " (it is " + v.type_name() + ")" };
        };
        if constexpr (std::is_same_v<T, bool>) {
            if (!v.is_boolean())
                throw wrongType("true or false");
            return v.get<bool>();
        } else if constexpr (std::is_same_v<T, std::string>) {
            if (!v.is_string())
                throw wrongType("a string");
            return v.get<std::string>();
        } else if constexpr (kIsVector<T>) {
            if (!v.is_array())
                throw wrongType("an array");
            T out;
            out.reserve(v.size());
            for (std::size_t i = 0; i < v.size(); ++i)
                out.push_back(convert<typename T::value_type>(v[i], name + "[" + std::to_string(i) + "]"));
            return out;
        } else if constexpr (std::is_integral_v<T>) {
            const auto outOfRange = [&](const std::string& value) {
                return ReadError { "field " + name + " is out of range (" + value + "; from "
                    + std::to_string(std::numeric_limits<T>::min()) + " to "
                    + std::to_string(std::numeric_limits<T>::max()) + ")" };
            };
            if (v.is_number_unsigned()) {
                const auto u = v.get<std::uint64_t>();
                if (u > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
                    throw outOfRange(std::to_string(u));
                return static_cast<T>(u);
            }
            if (v.is_number_integer()) {
                const auto i = v.get<std::int64_t>();
                if constexpr (std::is_unsigned_v<T>) {
                    if (i < 0 || static_cast<std::uint64_t>(i) > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
                        throw outOfRange(std::to_string(i));
                } else if (i < static_cast<std::int64_t>(std::numeric_limits<T>::min())
                    || i > static_cast<std::int64_t>(std::numeric_limits<T>::max())) {
                    throw outOfRange(std::to_string(i));
                }
                return static_cast<T>(i);
            }
            throw wrongType(std::is_unsigned_v<T> ? "a non-negative integer" : "an integer");
        } else {
            static_assert(std::is_floating_point_v<T>);
            if (!v.is_number())
                throw wrongType("a number");
            const double d = v.get<double>();
            if (!std::isfinite(d) || std::fabs(d) > static_cast<double>(std::numeric_limits<T>::max()))
                throw ReadError { "field " + name + " is out of range" };
            return static_cast<T>(d);
        }
    }

    template <typename T> T get(const ordered_json& j, const char* key, const std::string& where)
    {
        return convert<T>(field(j, key, where), fieldName(key, where));
    }

    // A count that must not be 0 (a layer count, a width): 0 would divide by zero or make an empty run.
    std::uint64_t getPositive(const ordered_json& j, const char* key, const std::string& where)
    {
        const auto n = get<std::uint64_t>(j, key, where);
        if (n == 0)
            throw ReadError { "field " + fieldName(key, where) + " must be at least 1" };
        return n;
    }

    // Seconds, rates and speeds: finite and not negative.
    double getNonNegative(const ordered_json& j, const char* key, const std::string& where)
    {
        const double d = get<double>(j, key, where);
        if (d < 0.0)
            throw ReadError { "field " + fieldName(key, where) + " must not be negative" };
        return d;
    }

    // A byte count of a result: below 2^63, the most any device holds many times over, so that a difference of
    // two of them (the ledger's "estimate - measured", a transient) is an int64 that never wraps. A file from
    // outside with 2^63 or more is refused, never cast ("peak allocated -1 B").
    constexpr std::uint64_t kMaxReadBytes = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

    // The parts loaded beside a model in a result file (a vision tower): few, short names, parameters whose 16-bit
    // bytes are a byte count of a device.
    constexpr std::size_t kMaxLoadedParts = 8;
    constexpr std::size_t kMaxPartName = 64;
    constexpr std::uint64_t kMaxPartParameters = kMaxReadBytes / 4;

    std::uint64_t bytesWithin(std::uint64_t bytes, const std::string& name)
    {
        if (bytes > kMaxReadBytes)
            throw ReadError { "field " + name + " is " + std::to_string(bytes)
                + " bytes, beyond 2^63 - 1: not a byte count of a device" };
        return bytes;
    }

    std::optional<std::uint64_t> getOptionalBytes(const ordered_json& j, const char* key, const std::string& where)
    {
        const ordered_json& v = field(j, key, where);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
            throw ReadError { "field " + fieldName(key, where) + " must be a non-negative integer or null" };
        return bytesWithin(v.get<std::uint64_t>(), fieldName(key, where));
    }

    std::optional<double> getOptionalDouble(const ordered_json& j, const char* key, const std::string& where)
    {
        const ordered_json& v = field(j, key, where);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_number())
            throw ReadError { "field " + fieldName(key, where) + " must be a number or null" };
        return convert<double>(v, fieldName(key, where));
    }

    std::string getOptionalString(const ordered_json& j, const char* key, const std::string& where)
    {
        const ordered_json& v = field(j, key, where);
        if (v.is_null())
            return {};
        if (!v.is_string())
            throw ReadError { "field " + fieldName(key, where) + " must be a string or null" };
        return v.get<std::string>();
    }

    MemoryPoint pointFromJson(const ordered_json& j, const std::string& where)
    {
        return { getOptionalBytes(j, "allocated", where), getOptionalBytes(j, "reserved", where) };
    }

    // An owner object: known owner names only, each a non-negative integer; an owner not named holds 0 bytes.
    std::optional<alloc::OwnerBytes> ownersFromJson(const ordered_json& j, const std::string& where)
    {
        if (j.is_null())
            return std::nullopt;
        if (!j.is_object())
            throw ReadError { "field " + where + " must be an object of owners or null" };
        alloc::OwnerBytes owners {};
        for (const auto& [name, value] : j.items()) {
            const auto owner = alloc::ownerFromName(name);
            if (!owner)
                throw ReadError { "field " + where + " names an unknown owner \"" + units::printable(name, 40) + "\"" };
            if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
                throw ReadError { "field " + where + "." + name + " must be a non-negative integer" };
            owners[static_cast<std::size_t>(*owner)] = bytesWithin(value.get<std::uint64_t>(), where + "." + name);
        }
        return owners;
    }

    // "owners", "peak_moment" and "largest_free_block_at_end"; absent in files written before owners (nullopt).
    // The peak moment's owners must add up to its allocated bytes (Note [Owners add up] in
    // core/alloc/cachingallocator.h), and the one is there exactly when the other is.
    void phaseOwnersFromJson(const ordered_json& j, const std::string& w, PhaseResult& p)
    {
        std::optional<alloc::OwnerBytes> atPeak;
        if (const auto it = j.find("owners"); it != j.end() && !it->is_null()) {
            const std::string ow = w + ".owners";
            p.ownersAtBaseline = ownersFromJson(field(*it, "baseline", ow), ow + ".baseline");
            atPeak = ownersFromJson(field(*it, "peak", ow), ow + ".peak");
            p.ownersAtFinal = ownersFromJson(field(*it, "final", ow), ow + ".final");
        }
        if (const auto it = j.find("peak_moment"); it != j.end() && !it->is_null()) {
            const std::string mw = w + ".peak_moment";
            alloc::PeakMoment m;
            const auto allocated = getOptionalBytes(*it, "allocated", mw);
            const auto reserved = getOptionalBytes(*it, "reserved", mw);
            if (!allocated || !reserved)
                throw ReadError { "field " + mw + " needs its allocated and reserved bytes" };
            m.allocated = *allocated;
            m.reserved = *reserved;
            m.inactiveSplit = getOptionalBytes(*it, "inactive_split", mw);
            if (!atPeak)
                throw ReadError { "field " + mw + " has no owners (" + w + ".owners.peak)" };
            std::uint64_t sum = 0;
            for (const std::uint64_t bytes : *atPeak)
                if (__builtin_add_overflow(sum, bytes, &sum))
                    throw ReadError { "the owners at the peak of " + w + " add up to more than 2^64 bytes" };
            if (sum != m.allocated)
                throw ReadError { "the owners at the peak of " + w + " add up to " + std::to_string(sum)
                    + " bytes, its peak_moment.allocated is " + std::to_string(m.allocated) };
            m.owners = *atPeak;
            // Files written before the requested sizes were kept have none: unknown, not 0.
            if (const auto r = it->find("owners_requested"); r != it->end()) {
                m.ownersRequested = ownersFromJson(*r, mw + ".owners_requested");
                if (m.ownersRequested)
                    for (std::size_t i = 0; i < alloc::kOwnerCount; ++i)
                        if ((*m.ownersRequested)[i] > m.owners[i])
                            throw ReadError { "field " + mw + ".owners_requested."
                                + alloc::ownerName(static_cast<alloc::Owner>(i))
                                + " is above what that owner held (a request is never larger than its block)" };
            }
            p.peakMoment = m;
        } else if (atPeak) {
            throw ReadError { "field " + w + ".owners.peak needs " + w + ".peak_moment" };
        }
        if (j.contains("largest_free_block_at_end"))
            p.largestFreeBlockAtEnd = getOptionalBytes(j, "largest_free_block_at_end", w);
    }

    // "routing" of a phase that ran MoE layers (DECODER.md prefill k, "Routing"): its rule, and with an observed
    // rule whether its loads were recorded and, if so, one array of the experts' loads per MoE layer call. What the
    // loads must match in the run's configuration is checked once the whole file is read (routingMatchesRun).
    PhaseRouting routingFromJson(const ordered_json& j, const std::string& w)
    {
        if (!j.is_object())
            throw ReadError { "field " + w + " must be an object or null" };
        PhaseRouting r;
        const auto rule = routingRuleFromName(get<std::string>(j, "rule", w));
        if (!rule)
            throw ReadError { "field " + w + ".rule must be balanced or observed" };
        r.rule = *rule;
        if (r.rule == RoutingRule::Balanced) {
            if (j.contains("recorded") || j.contains("loads"))
                throw ReadError { "field " + w + " has loads, but a balanced rule records none" };
            return r;
        }
        r.recorded = get<bool>(j, "recorded", w);
        const auto loads = j.find("loads");
        if (!r.recorded) {
            if (loads != j.end() && !loads->is_null())
                throw ReadError { "field " + w + ".loads must be null when they were not recorded" };
            return r;
        }
        if (loads == j.end() || !loads->is_array())
            throw ReadError { "field " + w + ".loads must be an array of the MoE layer calls' loads" };
        std::uint64_t kept = 0;
        for (const auto& call : *loads) {
            if (!call.is_array() || call.empty())
                throw ReadError { "field " + w + ".loads must hold one non-empty array per MoE layer call" };
            kept += call.size();
            if (kept > kMaxRecordedRoutingLoads)
                throw ReadError { "field " + w + ".loads holds more than " + std::to_string(kMaxRecordedRoutingLoads)
                    + " loads" };
            std::vector<std::uint32_t> row;
            row.reserve(call.size());
            for (const auto& v : call) {
                const bool whole = v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
                if (!whole || v.get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max())
                    throw ReadError { "field " + w + ".loads must hold integers in [0, 2^32)" };
                row.push_back(v.get<std::uint32_t>());
            }
            r.loads.push_back(std::move(row));
        }
        return r;
    }

    // A phase's routing against the run it claims to be of: only a decoder with MoE layers routes; a simulated
    // device assumes the balanced rule, a device with data observes; and recorded loads come in whole passes of
    // the MoE layers in order, each call with its layer's E loads adding up to its pass's T·K (T = B in a decode
    // step, B·P in a prefill).
    void routingMatchesRun(const RunResult& r)
    {
        struct MoeLayer {
            std::uint64_t experts = 0, topK = 0;
        };
        std::vector<MoeLayer> moe;
        if (r.config.workload == WorkloadKind::Decoder && r.config.decoder && !r.config.decoder->training) {
            const auto& m = r.config.decoder->shape;
            for (std::uint64_t l = 0; l < m.layers; ++l) {
                const model::LayerSpec spec = m.layerSpecs.empty() ? m.uniformLayer(l) : m.layerSpecs.at(l);
                if (spec.mlp.kind == model::MlpSpec::Kind::Moe)
                    moe.push_back({ spec.mlp.experts, spec.mlp.expertsPerToken });
            }
        }
        for (std::size_t i = 0; i < r.phases.size(); ++i) {
            const auto& p = r.phases[i];
            if (!p.routing)
                continue;
            const std::string w = "phases[" + std::to_string(i) + "].routing";
            if (moe.empty())
                throw ReadError { "field " + w + " is set, but the run has no MoE layer" };
            if ((p.routing->rule == RoutingRule::Balanced) != r.simulated)
                throw ReadError { "field " + w + ".rule must be balanced on a simulated device and observed on "
                                                 "any other" };
            if (!p.routing->recorded)
                continue;
            const auto& d = *r.config.decoder;
            const std::uint64_t tokens = p.name == "decode" ? d.sequences : d.sequences * d.promptTokens;
            const auto& calls = p.routing->loads;
            if (calls.size() % moe.size() != 0)
                throw ReadError { "field " + w + ".loads holds " + std::to_string(calls.size())
                    + " calls, not whole passes of the run's " + std::to_string(moe.size()) + " MoE layers" };
            for (std::size_t c = 0; c < calls.size(); ++c) {
                const MoeLayer& layer = moe[c % moe.size()];
                if (calls[c].size() != layer.experts)
                    throw ReadError { "field " + w + ".loads[" + std::to_string(c) + "] has "
                        + std::to_string(calls[c].size()) + " loads, its layer " + std::to_string(layer.experts)
                        + " experts" };
                std::uint64_t sum = 0;
                for (const std::uint32_t n : calls[c])
                    sum += n;
                if (sum != tokens * layer.topK)
                    throw ReadError { "field " + w + ".loads[" + std::to_string(c) + "] adds up to "
                        + std::to_string(sum) + ", not " + std::to_string(tokens * layer.topK)
                        + " (the pass's tokens times the experts per token)" };
            }
        }
    }

    DeviceLevel levelFromJson(const ordered_json& j, const std::string& where)
    {
        DeviceLevel d;
        d.freeBytes = getOptionalBytes(j, "free", where);
        d.totalBytes = getOptionalBytes(j, "total", where);
        d.usedBytes = getOptionalBytes(j, "used", where);
        d.processUsedBytes = getOptionalBytes(j, "process_used", where);
        d.processUsedSource = getOptionalString(j, "process_used_source", where);
        return d;
    }

    device::DeviceInfo deviceInfoFromJson(const ordered_json& j, const std::string& w)
    {
        device::DeviceInfo i;
        i.id = get<std::string>(j, "id", w);
        i.index = get<int>(j, "index", w);
        i.name = get<std::string>(j, "name", w);
        i.totalBytes = bytesWithin(get<std::uint64_t>(j, "total_bytes", w), w + ".total_bytes");
        i.arch = get<std::string>(j, "arch", w);
        i.driverVersion = get<std::string>(j, "driver_version", w);
        i.runtimeVersion = get<std::string>(j, "runtime_version", w);
        i.multiprocessors = get<int>(j, "multiprocessors", w);
        i.simulated = get<bool>(j, "simulated", w);
        return i;
    }

    PhaseResult phaseFromJson(const ordered_json& j, const std::string& w, bool withSamples = true)
    {
        PhaseResult p;
        p.index = get<int>(j, "index", w);
        if (p.index < 0)
            throw ReadError { "field " + w + ".index must not be negative" };
        p.name = get<std::string>(j, "name", w);
        const auto& repeat = field(j, "repeat", w);
        if (!repeat.is_null())
            p.repeat = get<std::uint32_t>(j, "repeat", w);
        const auto status = phaseStatusFromName(get<std::string>(j, "status", w));
        if (!status)
            throw ReadError { "field " + w + ".status must be ok, failed, interrupted or not_run" };
        p.status = *status;
        // Note [Stop within a phase]: an interrupted phase says how far it got, and only it does.
        if (const auto cut = j.find("interrupted"); cut != j.end() && !cut->is_null()) {
            if (p.status != PhaseStatus::Interrupted)
                throw ReadError { "field " + w + ".interrupted belongs to an interrupted phase only" };
            const std::string at = w + ".interrupted";
            p.iterationsDone = get<std::uint32_t>(*cut, "iterations_done", at);
            p.iterationsPlanned = get<std::uint32_t>(*cut, "iterations_planned", at);
            if (*p.iterationsDone == 0 || *p.iterationsDone >= *p.iterationsPlanned)
                throw ReadError { "field " + at + " must have 1 <= iterations_done < iterations_planned" };
        } else if (p.status == PhaseStatus::Interrupted) {
            throw ReadError { "field " + w + ".interrupted is missing: an interrupted phase says how far it got" };
        }
        p.inputs = get<std::string>(j, "inputs", w);
        const auto& dims = field(j, "dimensions", w);
        if (!dims.is_object())
            throw ReadError { "field " + w + ".dimensions must be an object" };
        for (const auto& [name, value] : dims.items()) {
            if (!value.is_number_unsigned())
                throw ReadError { "field " + w + ".dimensions." + units::printable(name, 40)
                    + " must be a non-negative integer" };
            p.dimensions.push_back({ name, value.get<std::uint64_t>() });
        }
        p.baseline = pointFromJson(field(j, "baseline", w), w + ".baseline");
        p.peak = pointFromJson(field(j, "peak", w), w + ".peak");
        p.final = pointFromJson(field(j, "final", w), w + ".final");
        const auto& level = field(j, "device_level", w);
        p.deviceBefore = levelFromJson(field(level, "before", w + ".device_level"), w + ".device_level.before");
        p.deviceAfter = levelFromJson(field(level, "after", w + ".device_level"), w + ".device_level.after");
        p.predictedPeakAllocated = getOptionalBytes(j, "predicted_peak_allocated", w);
        p.error = getOptionalString(j, "error", w);
        if (const auto oom = j.find("out_of_memory"); oom != j.end() && !oom->is_null()) {
            if (!oom->is_boolean())
                throw ReadError { "field " + w + ".out_of_memory must be true, false or null" };
            p.outOfMemory = oom->get<bool>();
        }
        p.startSeconds = getOptionalDouble(j, "start_seconds", w);
        p.endSeconds = getOptionalDouble(j, "end_seconds", w);
        p.durationSeconds = getOptionalDouble(j, "duration_seconds", w);
        if (j.contains("modelled_seconds"))
            p.modelledSeconds = getOptionalDouble(j, "modelled_seconds", w);
        phaseOwnersFromJson(j, w, p);
        if (const auto it = j.find("routing"); it != j.end() && !it->is_null())
            p.routing = routingFromJson(*it, w + ".routing");
        if (!withSamples)
            return p;
        const auto& samples = field(j, "samples", w);
        const std::string sw = w + ".samples";
        p.samplesThinned = get<std::uint64_t>(samples, "thinned", sw);
        const auto t = get<std::vector<double>>(samples, "t", sw);
        const auto allocated = get<std::vector<std::uint64_t>>(samples, "allocated", sw);
        const auto reserved = get<std::vector<std::uint64_t>>(samples, "reserved", sw);
        const auto& used = field(samples, "device_used", sw);
        if (allocated.size() != t.size() || reserved.size() != t.size() || !used.is_array() || used.size() != t.size())
            throw ReadError { "the sample columns of " + w + " differ in length" };
        for (std::size_t i = 0; i < t.size(); ++i) {
            Sample s;
            s.t = t[i];
            s.allocated = bytesWithin(allocated[i], sw + ".allocated");
            s.reserved = bytesWithin(reserved[i], sw + ".reserved");
            if (!used[i].is_null()) {
                if (!used[i].is_number_unsigned())
                    throw ReadError { "field " + sw + ".device_used must hold non-negative integers or null" };
                s.deviceUsed = bytesWithin(used[i].get<std::uint64_t>(), sw + ".device_used");
            }
            s.phaseIndex = p.index;
            p.samples.push_back(s);
        }
        return p;
    }

    // The user's program (written by python/iteragpu_probe): what ran and what measured it.
    ScriptSpec scriptFromJson(const ordered_json& w)
    {
        ScriptSpec spec;
        spec.script = getOptionalString(w, "script", "workload");
        spec.arguments = get<std::vector<std::string>>(w, "arguments", "workload");
        spec.measuredBy = get<std::string>(w, "measured_by", "workload");
        if (spec.measuredBy.empty())
            throw ReadError { "field workload.measured_by must name what measured the script" };
        return spec;
    }

    // A count of the configuration; a script's own (batch, context, ...) are the program's business, null.
    template <typename T> T getConfigCount(const ordered_json& c, const char* key, bool script)
    {
        if (script && field(c, key, "config").is_null())
            return 0;
        return get<T>(c, key, "config");
    }

    // A dimension of a layer: within what the kernels index (Note [Layers in the result]; a forged 2^64 - 1
    // would otherwise reach the parameter count).
    std::uint64_t getDimension(const ordered_json& j, const char* key, const std::string& where)
    {
        const auto n = get<std::uint64_t>(j, key, where);
        if (n > protocol::kMaxTensorDimension)
            throw ReadError { "field " + fieldName(key, where) + " is " + std::to_string(n) + ", above "
                + std::to_string(protocol::kMaxTensorDimension) };
        return n;
    }

    template <typename E, std::size_t N>
    E getEnum(const ordered_json& j, const char* key, const std::string& where,
        const std::array<std::pair<const char*, E>, N>& names)
    {
        const auto name = get<std::string>(j, key, where);
        for (const auto& [text, value] : names)
            if (name == text)
                return value;
        std::string known;
        for (const auto& [text, value] : names)
            known += (known.empty() ? "" : ", ") + std::string(text);
        throw ReadError { "field " + fieldName(key, where) + " is '" + units::printableName(name) + "', not one of "
            + known };
    }

    model::LayerSpec layerSpecFromJson(const ordered_json& e, const std::string& at)
    {
        using A = model::AttentionSpec;
        using S = model::StateSpec;
        using M = model::MlpSpec;
        model::LayerSpec l;
        const auto& a = field(e, "attention", at);
        const std::string aa = at + ".attention";
        l.attention.present = get<bool>(a, "present", aa);
        l.attention.span = getEnum(a, "span", aa,
            std::array<std::pair<const char*, A::Span>, 3> {
                { { "full", A::Span::Full }, { "sliding", A::Span::Sliding }, { "chunked", A::Span::Chunked } } });
        l.attention.window = get<std::uint64_t>(a, "window", aa);
        l.attention.layout = getEnum(a, "layout", aa,
            std::array<std::pair<const char*, A::Layout>, 2> {
                { { "standard", A::Layout::Standard }, { "mla", A::Layout::Mla } } });
        l.attention.heads = getDimension(a, "heads", aa);
        l.attention.kvHeads = getDimension(a, "kv_heads", aa);
        l.attention.headDim = getDimension(a, "head_dim", aa);
        l.attention.valueHeadDim = getDimension(a, "value_head_dim", aa);
        l.attention.qkvBias = get<bool>(a, "qkv_bias", aa);
        l.attention.outputBias = get<bool>(a, "output_bias", aa);
        l.attention.qkNormParameters = getDimension(a, "qk_norm_parameters", aa);
        l.attention.outputGate = get<bool>(a, "output_gate", aa);
        l.attention.sinks = get<bool>(a, "sinks", aa);
        l.attention.rope = get<bool>(a, "rope", aa);
        l.attention.qLoraRank = getDimension(a, "q_lora_rank", aa);
        l.attention.kvLoraRank = getDimension(a, "kv_lora_rank", aa);
        l.attention.qkNopeHeadDim = getDimension(a, "qk_nope_head_dim", aa);
        l.attention.qkRopeHeadDim = getDimension(a, "qk_rope_head_dim", aa);
        if (l.attention.present && (l.attention.heads == 0 || l.attention.kvHeads == 0 || l.attention.headDim == 0))
            throw ReadError { "field " + aa + " has attention without heads, KV heads or head_dim" };
        const auto& st = field(e, "state", at);
        const std::string sa = at + ".state";
        l.state.kind = getEnum(st, "kind", sa,
            std::array<std::pair<const char*, S::Kind>, 4> { { { "none", S::Kind::None }, { "mamba", S::Kind::Mamba },
                { "mamba2", S::Kind::Mamba2 }, { "gated_deltanet", S::Kind::GatedDeltaNet } } });
        l.state.inner = getDimension(st, "inner", sa);
        l.state.stateSize = getDimension(st, "state_size", sa);
        l.state.convKernel = getDimension(st, "conv_kernel", sa);
        l.state.heads = getDimension(st, "heads", sa);
        l.state.groups = getDimension(st, "groups", sa);
        l.state.headDim = getDimension(st, "head_dim", sa);
        l.state.dtRank = getDimension(st, "dt_rank", sa);
        l.state.keyHeads = getDimension(st, "key_heads", sa);
        l.state.keyHeadDim = getDimension(st, "key_head_dim", sa);
        l.state.convBias = get<bool>(st, "conv_bias", sa);
        l.state.projBias = get<bool>(st, "proj_bias", sa);
        l.state.dtNorms = get<bool>(st, "dt_norms", sa);
        const auto& m = field(e, "mlp", at);
        const std::string ma = at + ".mlp";
        l.mlp.kind = getEnum(m, "kind", ma,
            std::array<std::pair<const char*, M::Kind>, 3> {
                { { "none", M::Kind::None }, { "dense", M::Kind::Dense }, { "moe", M::Kind::Moe } } });
        l.mlp.intermediate = getDimension(m, "intermediate", ma);
        l.mlp.gated = get<bool>(m, "gated", ma);
        l.mlp.bias = get<bool>(m, "bias", ma);
        l.mlp.activation = units::validUtf8(get<std::string>(m, "activation", ma));
        l.mlp.experts = getDimension(m, "experts", ma);
        l.mlp.expertsPerToken = getDimension(m, "experts_per_token", ma);
        l.mlp.sharedIntermediate = getDimension(m, "shared_intermediate", ma);
        l.mlp.sharedExperts = getDimension(m, "shared_experts", ma);
        l.mlp.sharedExpertGate = get<bool>(m, "shared_expert_gate", ma);
        l.mlp.routerBias = get<bool>(m, "router_bias", ma);
        l.mlp.routerScoreBias = get<bool>(m, "router_score_bias", ma);
        if (l.mlp.kind == M::Kind::Moe && (l.mlp.experts == 0 || l.mlp.expertsPerToken > l.mlp.experts))
            throw ReadError { "field " + ma + " has no experts, or more experts per token than experts" };
        l.normParameters = get<std::uint64_t>(e, "norm_parameters", at);
        return l;
    }

    // Files written before the result carried the layers have no layer_specs: the uniform view stands.
    void layerSpecsFromJson(const ordered_json& m, const std::string& sa, model::ModelShape& shape)
    {
        const auto it = m.find("layer_specs");
        if (it == m.end() || it->is_null())
            return;
        if (!it->is_array())
            throw ReadError { "field " + sa + ".layer_specs must be an array or null" };
        std::uint64_t layers = 0;
        for (std::size_t i = 0; i < it->size(); ++i) {
            const std::string at = sa + ".layer_specs[" + std::to_string(i) + "]";
            const std::uint64_t count = getPositive((*it)[i], "count", at);
            if (count > shape.layers - layers)
                throw ReadError { "field " + sa + ".layer_specs describes more layers than " + sa + ".layers ("
                    + std::to_string(shape.layers) + ")" };
            const model::LayerSpec spec = layerSpecFromJson((*it)[i], at);
            shape.layerSpecs.insert(shape.layerSpecs.end(), static_cast<std::size_t>(count), spec);
            layers += count;
        }
        if (layers != shape.layers)
            throw ReadError { "field " + sa + ".layer_specs describes " + std::to_string(layers) + " layers, not "
                + sa + ".layers (" + std::to_string(shape.layers) + ")" };
        shape.finalNormParameters = get<std::uint64_t>(m, "final_norm_parameters", sa);
        shape.positionEmbeddings = getDimension(m, "position_embeddings", sa);
        shape.lmHeadBias = get<bool>(m, "lm_head_bias", sa);
        // Absent in files written before the decoder loaded parts beside the model: none.
        const auto parts = m.find("loaded_parts");
        if (parts == m.end())
            return;
        if (!parts->is_array() || parts->size() > kMaxLoadedParts)
            throw ReadError { "field " + sa + ".loaded_parts must be an array of at most "
                + std::to_string(kMaxLoadedParts) + " parts" };
        for (std::size_t i = 0; i < parts->size(); ++i) {
            const std::string at = sa + ".loaded_parts[" + std::to_string(i) + "]";
            const auto name = get<std::string>((*parts)[i], "name", at);
            if (name.empty() || name.size() > kMaxPartName)
                throw ReadError { "field " + at + ".name must be 1 to " + std::to_string(kMaxPartName) + " bytes" };
            const std::uint64_t parameters = getPositive((*parts)[i], "parameters", at);
            if (parameters > kMaxPartParameters)
                throw ReadError { "field " + at + ".parameters is beyond " + std::to_string(kMaxPartParameters) };
            shape.apart.push_back({ name, parameters, true, true });
        }
    }

    training::TrainingRecipe trainingFromJson(const ordered_json& t, const std::string& at)
    {
        training::TrainingRecipe r;
        const auto method = training::methodFromName(get<std::string>(t, "method", at));
        const auto framework = training::frameworkFromName(get<std::string>(t, "framework", at));
        const auto optimizer = training::optimizerKindFromName(get<std::string>(t, "optimizer", at));
        if (!method || !framework || !optimizer)
            throw ReadError { at + ".method, .framework or .optimizer has an unknown value" };
        r.method = *method;
        r.framework = *framework;
        r.optimizer = *optimizer;
        if (r.method != training::Method::Full) {
            const training::TargetList targets
                = training::parseLoraTargets(get<std::string>(t, "lora_targets", at));
            if (!targets.error.empty())
                throw ReadError { "field " + at + ".lora_targets: " + targets.error };
            r.targets = targets.targets;
            r.rank = getPositive(t, "lora_rank", at);
            const auto adapter = get<std::string>(t, "adapter_dtype", at);
            if (adapter != "float32" && adapter != "compute")
                throw ReadError { "field " + at + ".adapter_dtype must be float32 or compute" };
            r.adapterFp32 = adapter == "float32";
        }
        r.microBatch = getPositive(t, "micro_batch", at);
        r.sequenceLength = getPositive(t, "seq_len", at);
        r.gradAccum = getPositive(t, "grad_accum", at);
        r.checkpointing = get<bool>(t, "checkpointing", at);
        r.pagedOptimizer = get<bool>(t, "paged_optimizer", at);
        r.optimizerInBackward = get<bool>(t, "optimizer_in_backward", at);
        r.masterWeights = get<bool>(t, "master_weights", at);
        r.lossChunks = get<std::uint64_t>(t, "loss_chunks", at);
        r.evalBatch = get<std::uint64_t>(t, "eval_batch", at);
        r.exportCopy = get<bool>(t, "export_copy", at);
        // Absent in files written before torch.compile was modelled: eager.
        r.compiled = t.contains("compiled") ? get<bool>(t, "compiled", at) : false;
        if (const std::string why = training::validateRecipe(r); !why.empty())
            throw ReadError { at + ": " + why };
        return r;
    }

    DecoderSpec decoderFromJson(const ordered_json& w)
    {
        const std::string at = "workload";
        DecoderSpec d;
        d.modelSource = get<std::string>(w, "model_source", at);
        const auto& m = field(w, "shape", at);
        const std::string sa = at + ".shape";
        d.shape.family = get<std::string>(w, "family", at);
        d.shape.source = d.modelSource;
        d.shape.layers = getPositive(m, "layers", sa);
        if (const std::string why = model::layersProblem(d.shape.layers, "field " + sa + ".layers"); !why.empty())
            throw ReadError { why }; // Note [Model limits]: explain sizes the model again, per layer
        d.shape.hidden = getPositive(m, "hidden", sa);
        d.shape.intermediate = getPositive(m, "intermediate", sa);
        d.shape.heads = getPositive(m, "heads", sa);
        d.shape.kvHeads = getPositive(m, "kv_heads", sa);
        d.shape.headDim = getPositive(m, "head_dim", sa);
        d.shape.vocab = getPositive(m, "vocab", sa);
        d.shape.experts = get<std::uint64_t>(m, "experts", sa);
        d.shape.expertsPerToken = get<std::uint64_t>(m, "experts_per_token", sa);
        d.shape.tieWordEmbeddings = get<bool>(m, "tie_word_embeddings", sa);
        d.shape.qkvBias = get<bool>(m, "qkv_bias", sa);
        d.shape.outputBias = get<bool>(m, "output_bias", sa);
        d.shape.mlpBias = get<bool>(m, "mlp_bias", sa);
        d.shape.normsPerLayer = get<std::uint64_t>(m, "norms_per_layer", sa);
        // q/k norms per head (Qwen3, Gemma-3); absent in files written before the decoder built them: none.
        if (const auto qk = m.find("qk_norm"); qk != m.end()) {
            if (!qk->is_boolean())
                throw ReadError { "field " + sa + ".qk_norm must be true or false" };
            d.shape.qkNorm = qk->get<bool>();
        }
        d.shape.trainedContext = getOptionalBytes(m, "trained_context", sa);
        const auto& windows = field(m, "layer_windows", sa);
        if (!windows.is_array())
            throw ReadError { "field " + sa + ".layer_windows must be an array" };
        if (windows.size() > d.shape.layers)
            throw ReadError { "field " + sa + ".layer_windows lists more windows than layers" };
        for (const auto& x : windows) {
            if (x.is_null())
                d.shape.layerWindows.emplace_back(std::nullopt);
            else if (x.is_number_unsigned())
                d.shape.layerWindows.emplace_back(x.get<std::uint64_t>());
            else
                throw ReadError { "field " + sa + ".layer_windows must hold token counts or null" };
        }
        layerSpecsFromJson(m, sa, d.shape);
        const auto storage = weightStorageFromName(get<std::string>(w, "storage", at));
        const auto attention = attentionFromName(get<std::string>(w, "attention", at));
        const auto cache = kvCacheFromName(get<std::string>(w, "cache", at));
        if (!storage || !attention || !cache)
            throw ReadError { "workload.storage, workload.attention or workload.cache has an unknown value" };
        d.storage = *storage;
        // Files written before these formats were measured have neither key: the defaults.
        if (const auto it = w.find("quant_group"); it != w.end() && !it->is_null()) {
            if (!it->is_number_unsigned() || it->get<std::uint64_t>() == 0)
                throw ReadError { "field " + at + ".quant_group must be a positive count of input rows or null" };
            d.quantGroup = it->get<std::uint64_t>();
        }
        if (const auto it = w.find("fp8_block"); it != w.end() && !it->is_null()) {
            if (!it->is_array() || it->size() != 2 || !(*it)[0].is_number_unsigned() || !(*it)[1].is_number_unsigned()
                || (*it)[0].get<std::uint64_t>() == 0 || (*it)[1].get<std::uint64_t>() == 0)
                throw ReadError { "field " + at + ".fp8_block must be [rows, columns] of a scale block or null" };
            d.fp8BlockRows = (*it)[0].get<std::uint64_t>();
            d.fp8BlockColumns = (*it)[1].get<std::uint64_t>();
        }
        d.attention = *attention;
        d.cache = *cache;
        d.promptTokens = getPositive(w, "prompt_tokens", at);
        d.generated = get<std::uint64_t>(w, "generated", at);
        d.sequences = getPositive(w, "sequences", at);
        d.decodeChunk = get<std::uint64_t>(w, "decode_chunk", at);
        const double ropeTheta = get<double>(w, "rope_theta", at);
        if (const std::string why = model::ropeThetaProblem(ropeTheta, "field " + at + ".rope_theta"); !why.empty())
            throw ReadError { why };
        d.ropeTheta = static_cast<float>(ropeTheta);
        d.normEps = get<float>(w, "norm_eps", at);
        // Files written before training was measured have no "training" key: an inference run.
        if (const auto it = w.find("training"); it != w.end() && !it->is_null())
            d.training = trainingFromJson(*it, at + ".training");
        return d;
    }

} // namespace

namespace {

    // The "engine" object of a /3 file: the options read, the plan made again from them and the run's
    // configuration (protocol::planVllmRun on the plan's total), and every figure of the file's plan and pool
    // compared with it, so a file whose plan was edited is refused, never shown as vLLM's.
    VllmRun engineFromJson(const ordered_json& e, const RunConfig& config)
    {
        const std::string at = "engine";
        if (get<std::string>(e, "name", at) != "vllm")
            throw ReadError { "field engine.name must be \"vllm\", the one engine measure rehearses" };
        if (config.workload != WorkloadKind::Decoder || !config.decoder)
            throw ReadError { "an engine's rehearsal runs a decoder: config.workload must be decoder" };
        const auto& o = field(e, "options", at);
        const std::string ao = at + ".options";
        VllmRun run;
        engines::VllmOptions& v = run.options;
        v.gpuMemoryUtilization = getNonNegative(o, "gpu_memory_utilization", ao);
        const auto optionalCount = [&](const char* key) -> std::optional<std::uint64_t> {
            const auto& f = field(o, key, ao);
            if (f.is_null())
                return std::nullopt;
            return get<std::uint64_t>(o, key, ao);
        };
        v.maxModelLen = optionalCount("max_model_len");
        v.maxNumSeqs = optionalCount("max_num_seqs");
        v.maxNumBatchedTokens = optionalCount("max_num_batched_tokens");
        v.blockSize = get<std::uint64_t>(o, "block_size", ao);
        const std::string kv = get<std::string>(o, "kv_cache_dtype", ao);
        if (kv == "fp8_e4m3")
            v.kvCacheDtype = engines::VllmOptions::KvCacheDtype::Fp8E4M3;
        else if (kv == "fp8_e5m2")
            v.kvCacheDtype = engines::VllmOptions::KvCacheDtype::Fp8E5M2;
        else if (kv != "auto")
            throw ReadError { "field engine.options.kv_cache_dtype has an unknown value" };
        const std::string dt = get<std::string>(o, "dtype", ao);
        if (dt == "float16")
            v.dtype = engines::VllmOptions::Dtype::Float16;
        else if (dt == "bfloat16")
            v.dtype = engines::VllmOptions::Dtype::BFloat16;
        else if (dt == "float32")
            v.dtype = engines::VllmOptions::Dtype::Float32;
        else
            throw ReadError { "field engine.options.dtype must be float16, bfloat16 or float32 (auto is resolved when "
                              "the plan is made)" };
        v.enforceEager = get<bool>(o, "enforce_eager", ao);
        v.quantization = getOptionalString(o, "quantization", ao);
        v.tensorParallel = get<std::uint64_t>(o, "tensor_parallel", ao);
        v.pipelineParallel = get<std::uint64_t>(o, "pipeline_parallel", ao);
        v.cardName = get<std::string>(o, "card_name", ao);
        const auto& plan = field(e, "plan", at);
        const std::uint64_t total = get<std::uint64_t>(plan, "total_bytes", at + ".plan");
        RunConfig again = config;
        again.vllm = run;
        try {
            planVllmRun(again, total);
        } catch (const std::exception& error) { // units::InputError, the sizing engine's SizingError, ...
            throw ReadError { std::string("engine: vLLM's plan cannot be made from this file's configuration: ")
                + units::printable(error.what(), units::kTextBytes) };
        }
        const ordered_json expected = engineToJson(*again.vllm);
        if (ordered_json(expected.at("options")) != o)
            throw ReadError { "field engine.options differs from the options as the plan resolves them" };
        for (const char* part : { "plan", "pool" }) {
            const auto& mine = field(e, part, at);
            for (const auto& [key, value] : expected.at(part).items())
                if (!mine.contains(key) || mine.at(key) != value)
                    throw ReadError { "field engine." + std::string(part) + "." + key
                        + " is not vLLM's plan of this configuration (made again on its total): the file was edited, "
                          "or written by a build of iteragpu that planned vLLM otherwise (identity.commit names it; "
                          "measure it again)" };
            if (mine.size() != expected.at(part).size())
                throw ReadError { "field engine." + std::string(part) + " has fields vLLM's plan does not make" };
        }
        return *again.vllm;
    }

} // namespace

ordered_json sampleToJson(const Sample& s)
{
    return { { "t", s.t }, { "allocated", s.allocated }, { "reserved", s.reserved },
        { "device_used", optionalBytes(s.deviceUsed) }, { "phase", s.phaseIndex } };
}

ordered_json phaseToJson(const PhaseResult& p, bool withSamples)
{
    ordered_json dims = ordered_json::object();
    for (const auto& d : p.dimensions)
        dims[d.name] = d.value;
    ordered_json j = { { "index", p.index }, { "name", p.name },
        { "repeat", p.repeat ? ordered_json(*p.repeat) : ordered_json(nullptr) },
        // The one label of the phase (name#repeat): the ledger's "phase", trial_order and explain --phase use it.
        { "label", phaseLabel(p) }, { "status", phaseStatusName(p.status) }, { "inputs", p.inputs }, { "dimensions", dims },
        { "baseline", pointToJson(p.baseline) }, { "peak", pointToJson(p.peak) }, { "final", pointToJson(p.final) },
        { "device_level", { { "before", levelToJson(p.deviceBefore) }, { "after", levelToJson(p.deviceAfter) } } },
        { "predicted_peak_allocated", optionalBytes(p.predictedPeakAllocated) },
        { "error", p.error.empty() ? ordered_json(nullptr) : ordered_json(p.error) },
        { "out_of_memory", p.outOfMemory ? ordered_json(*p.outOfMemory) : ordered_json(nullptr) },
        { "interrupted",
            p.iterationsDone && p.iterationsPlanned
                ? ordered_json { { "iterations_done", *p.iterationsDone }, { "iterations_planned", *p.iterationsPlanned } }
                : ordered_json(nullptr) },
        { "start_seconds", optionalDouble(p.startSeconds) }, { "end_seconds", optionalDouble(p.endSeconds) },
        { "duration_seconds", optionalDouble(p.durationSeconds) },
        { "modelled_seconds", optionalDouble(p.modelledSeconds) }, { "owners", phaseOwnersToJson(p) },
        { "peak_moment", peakMomentToJson(p.peakMoment) },
        { "largest_free_block_at_end", optionalBytes(p.largestFreeBlockAtEnd) } };
    if (p.routing) {
        ordered_json routing = { { "rule", routingRuleName(p.routing->rule) } };
        if (p.routing->rule == RoutingRule::Observed) {
            routing["recorded"] = p.routing->recorded;
            routing["loads"] = p.routing->recorded ? ordered_json(p.routing->loads) : ordered_json(nullptr);
        }
        j["routing"] = std::move(routing);
    }
    if (withSamples) {
        ordered_json t = ordered_json::array(), a = ordered_json::array(), r = ordered_json::array(),
                     u = ordered_json::array();
        for (const auto& s : p.samples) {
            t.push_back(s.t);
            a.push_back(s.allocated);
            r.push_back(s.reserved);
            u.push_back(optionalBytes(s.deviceUsed));
        }
        j["samples"] = { { "count", p.samples.size() }, { "thinned", p.samplesThinned }, { "t", t }, { "allocated", a },
            { "reserved", r }, { "device_used", u } };
    }
    return j;
}

ordered_json toJson(const RunResult& r)
{
    const RunConfig& c = r.config;
    ordered_json j;
    j["schema"] = c.vllm ? kResultSchemaEngine : kResultSchema;
    j["simulated"] = r.simulated;
    if (r.simulated)
        j["note"] = "simulated device: a memory model, not a GPU measurement";
    j["identity"] = { { "run_id", r.identity.runId }, { "app_version", r.identity.appVersion },
        { "commit", r.identity.commit }, { "seed", r.identity.seed }, { "started_at_utc", r.identity.startedAtUtc } };
    const bool script = c.workload == WorkloadKind::Script;
    const auto count = [script](std::uint64_t v) { return script ? ordered_json(nullptr) : ordered_json(v); };
    j["config"] = { { "device", c.deviceId }, { "mode", modeName(c.mode) }, { "batch", count(c.batch) },
        { "context", count(c.context) }, { "width", count(c.width) },
        { "dtype", script ? ordered_json(nullptr) : ordered_json(device::dtypeName(c.dtype)) },
        { "warmup", count(c.warmup) }, { "repeats", count(c.repeats) }, { "allocator", allocatorName(c.allocator) },
        { "empty_cache_between_repeats", c.emptyCacheBetweenRepeats }, { "sampling_hz", c.samplingHz },
        { "sim_capacity_bytes", optionalBytes(c.simCapacityBytes) },
        { "sim_context_bytes", optionalBytes(c.simContextBytes) },
        { "sim_workspace_bytes", optionalBytes(c.simWorkspaceBytes) },
        { "max_samples_per_phase", c.maxSamplesPerPhase }, { "workload", workloadKindName(c.workload) },
        { "sim_card", c.simCard.empty() ? ordered_json(nullptr) : ordered_json(c.simCard) },
        { "sim_speed", c.simSpeed } };
    j["workload"] = workloadToJson(c);
    if (c.vllm)
        j["engine"] = engineToJson(*c.vllm);
    if (c.workload == WorkloadKind::Decoder && c.decoder) {
        const device::DType compute = decoderComputeDType(c);
        j["dimensions"] = { { "sequences", c.decoder->sequences }, { "prompt_tokens", c.decoder->promptTokens },
            { "generated", c.decoder->generated }, { "dtype", device::dtypeName(compute) },
            { "dtype_bytes", device::dtypeSize(compute) } };
    } else if (script) {
        j["dimensions"] = ordered_json::object(); // each phase names its own
    } else {
        j["dimensions"] = { { "batch", c.batch }, { "context", c.context }, { "width", c.width },
            { "tokens", c.batch * c.context }, { "hidden", 4 * c.width }, { "dtype", device::dtypeName(c.dtype) },
            { "dtype_bytes", device::dtypeSize(c.dtype) } };
    }
    const Environment& e = r.environment;
    j["environment"]
        = { { "backend", e.backend }, { "runtime", e.runtimeDescription }, { "device", deviceInfoToJson(e.device) },
              { "allocator", { { "backend", e.allocatorBackend }, { "settings", e.allocatorSettings } } },
              { "os", e.os }, { "compiler", e.compiler }, { "app_version", e.appVersion }, { "commit", e.commit },
              { "simulated", e.simulated } };
    j["warmup_policy"] = r.warmupPolicy;
    j["empty_cache_policy"] = r.emptyCachePolicy;
    j["trial_order"] = r.trialOrder;
    j["completed"] = r.completed;
    j["cancelled"] = r.cancelled;
    j["device_missing"] = r.deviceMissing;
    j["error"] = r.error.empty() ? ordered_json(nullptr) : ordered_json(r.error);
    j["wall_seconds"] = optionalDouble(r.wallSeconds);
    ordered_json phases = ordered_json::array();
    for (const auto& p : r.phases)
        phases.push_back(phaseToJson(p));
    j["phases"] = std::move(phases);
    ordered_json events = ordered_json::array();
    for (const auto& ev : r.trace)
        events.push_back({ { "t", ev.t }, { "op", alloc::traceOpName(ev.op) }, { "size", ev.size },
            { "address", ev.address }, { "phase", ev.phase } });
    j["trace"] = { { "dropped", r.traceDropped }, { "events", std::move(events) } };
    // Present only for a run rebuilt from another tool's recording (iteragpu import).
    if (r.imported)
        j["imported"] = { { "format", r.imported->format }, { "file", units::validUtf8(r.imported->file) },
            { "entries", r.imported->entries }, { "entries_skipped", r.imported->skipped },
            { "note", r.imported->note } };
    // Derived from the phases above (core/report/ledgerjson.h); a reader builds it again and ignores this key.
    j["ledger"] = ledgersToJson(r);
    return j;
}

bool phaseFromJson(const ordered_json& json, protocol::PhaseResult& phase, bool withSamples, std::string& error)
{
    try {
        phase = phaseFromJson(json, "phase", withSamples);
        return true;
    } catch (const ReadError& e) {
        error = e.message;
    } catch (const nlohmann::json::exception& e) {
        error = std::string("malformed phase: ") + e.what();
    }
    return false;
}

bool sampleFromJson(const ordered_json& j, protocol::Sample& sample, std::string& error)
{
    try {
        Sample s;
        s.t = get<double>(j, "t", "sample");
        const auto allocated = getOptionalBytes(j, "allocated", "sample");
        const auto reserved = getOptionalBytes(j, "reserved", "sample");
        if (!allocated || !reserved)
            throw ReadError { "a sample needs its allocated and reserved bytes" };
        s.allocated = *allocated;
        s.reserved = *reserved;
        s.deviceUsed = getOptionalBytes(j, "device_used", "sample");
        s.phaseIndex = get<int>(j, "phase", "sample");
        if (s.phaseIndex < -1)
            throw ReadError { "field sample.phase must be -1 (between phases) or a phase index" };
        sample = s;
        return true;
    } catch (const ReadError& e) {
        error = e.message;
    } catch (const nlohmann::json::exception& e) {
        error = std::string("malformed sample: ") + e.what();
    }
    return false;
}

bool fromJson(const ordered_json& j, RunResult& out, std::string& error)
{
    try {
        if (!j.is_object())
            throw ReadError { "the document is not a JSON object" };
        const auto schemaIt = j.find("schema");
        if (schemaIt == j.end() || !schemaIt->is_string())
            throw ReadError { "no \"schema\" field: not an IteraGPU result file" };
        const std::string schema = schemaIt->get<std::string>();
        if (schema != kResultSchema && schema != kResultSchemaV1 && schema != kResultSchemaEngine)
            throw ReadError { "unsupported schema \"" + units::printable(schema, 80) + "\" (expected \""
                + kResultSchemaEngine + "\", \"" + kResultSchema + "\" or \"" + kResultSchemaV1 + "\")" };
        const bool v3 = schema == kResultSchemaEngine;
        const bool v2 = schema == kResultSchema || v3;
        RunResult r;
        r.simulated = get<bool>(j, "simulated", "");
        const auto& id = field(j, "identity", "");
        r.identity.runId = get<std::uint64_t>(id, "run_id", "identity");
        r.identity.appVersion = get<std::string>(id, "app_version", "identity");
        r.identity.commit = get<std::string>(id, "commit", "identity");
        r.identity.seed = get<std::uint64_t>(id, "seed", "identity");
        r.identity.startedAtUtc = get<std::string>(id, "started_at_utc", "identity");
        const auto& c = field(j, "config", "");
        RunConfig& rc = r.config;
        const auto workloadIt = c.is_object() ? c.find("workload") : c.end();
        const bool script = v2 && workloadIt != c.end() && workloadIt->is_string()
            && workloadIt->get<std::string>() == workloadKindName(WorkloadKind::Script);
        rc.deviceId = get<std::string>(c, "device", "config");
        const auto mode = modeFromName(get<std::string>(c, "mode", "config"));
        const bool noDtype = script && field(c, "dtype", "config").is_null();
        const auto dtype
            = noDtype ? std::optional(rc.dtype) : device::dtypeFromName(get<std::string>(c, "dtype", "config"));
        const auto allocator = allocatorFromName(get<std::string>(c, "allocator", "config"));
        if (!mode || !dtype || !allocator)
            throw ReadError { "config.mode, config.dtype or config.allocator has an unknown value" };
        rc.mode = *mode;
        rc.dtype = *dtype;
        rc.allocator = *allocator;
        rc.batch = getConfigCount<std::uint64_t>(c, "batch", script);
        rc.context = getConfigCount<std::uint64_t>(c, "context", script);
        rc.width = getConfigCount<std::uint64_t>(c, "width", script);
        rc.warmup = getConfigCount<std::uint32_t>(c, "warmup", script);
        rc.repeats = getConfigCount<std::uint32_t>(c, "repeats", script);
        rc.emptyCacheBetweenRepeats = get<bool>(c, "empty_cache_between_repeats", "config");
        rc.samplingHz = getNonNegative(c, "sampling_hz", "config");
        rc.simCapacityBytes = getOptionalBytes(c, "sim_capacity_bytes", "config");
        // null: the default sizes (sim::kDefaultSimContextBytes); absent: a file from before the simulated
        // context and workspace, when a simulated run had none.
        rc.simContextBytes = c.contains("sim_context_bytes") ? getOptionalBytes(c, "sim_context_bytes", "config")
                                                             : std::optional<std::uint64_t>(0);
        rc.simWorkspaceBytes = c.contains("sim_workspace_bytes")
            ? getOptionalBytes(c, "sim_workspace_bytes", "config")
            : std::optional<std::uint64_t>(0);
        rc.maxSamplesPerPhase = get<std::size_t>(c, "max_samples_per_phase", "config");
        rc.seed = r.identity.seed;
        if (v2) {
            const auto kind = workloadKindFromName(get<std::string>(c, "workload", "config"));
            if (!kind)
                throw ReadError { "config.workload has an unknown value" };
            rc.workload = *kind;
            rc.simCard = getOptionalString(c, "sim_card", "config");
            rc.simSpeed = getNonNegative(c, "sim_speed", "config");
            const auto& w = field(j, "workload", "");
            if (get<std::string>(w, "kind", "workload") != workloadKindName(rc.workload))
                throw ReadError { "workload.kind differs from config.workload" };
            if (rc.workload == WorkloadKind::Decoder)
                rc.decoder = decoderFromJson(w);
            if (rc.workload == WorkloadKind::Script)
                rc.script = scriptFromJson(w);
        }
        if (v3)
            rc.vllm = engineFromJson(field(j, "engine", ""), rc);
        else if (j.contains("engine"))
            throw ReadError { "an \"engine\" object belongs to an iteragpu.measure/3 file, not to " + schema };
        const auto& e = field(j, "environment", "");
        r.environment.backend = get<std::string>(e, "backend", "environment");
        r.environment.runtimeDescription = get<std::string>(e, "runtime", "environment");
        r.environment.device = deviceInfoFromJson(field(e, "device", "environment"), "environment.device");
        const auto& ea = field(e, "allocator", "environment");
        r.environment.allocatorBackend = get<std::string>(ea, "backend", "environment.allocator");
        r.environment.allocatorSettings = get<std::string>(ea, "settings", "environment.allocator");
        r.environment.os = get<std::string>(e, "os", "environment");
        r.environment.compiler = get<std::string>(e, "compiler", "environment");
        r.environment.appVersion = get<std::string>(e, "app_version", "environment");
        r.environment.commit = get<std::string>(e, "commit", "environment");
        r.environment.simulated = get<bool>(e, "simulated", "environment");
        r.warmupPolicy = get<std::string>(j, "warmup_policy", "");
        r.emptyCachePolicy = get<std::string>(j, "empty_cache_policy", "");
        r.trialOrder = get<std::vector<std::string>>(j, "trial_order", "");
        r.completed = get<bool>(j, "completed", "");
        r.cancelled = get<bool>(j, "cancelled", "");
        r.deviceMissing = get<bool>(j, "device_missing", "");
        r.error = getOptionalString(j, "error", "");
        r.wallSeconds = getOptionalDouble(j, "wall_seconds", "");
        const auto& phases = field(j, "phases", "");
        if (!phases.is_array())
            throw ReadError { "field phases must be an array" };
        for (std::size_t i = 0; i < phases.size(); ++i)
            r.phases.push_back(phaseFromJson(phases[i], "phases[" + std::to_string(i) + "]"));
        routingMatchesRun(r);
        const auto& trace = field(j, "trace", "");
        r.traceDropped = get<std::uint64_t>(trace, "dropped", "trace");
        const auto& events = field(trace, "events", "trace");
        if (!events.is_array())
            throw ReadError { "field trace.events must be an array" };
        for (const auto& ev : events) {
            alloc::TraceEvent t;
            t.t = getNonNegative(ev, "t", "trace.events");
            const auto op = alloc::traceOpFromName(get<std::string>(ev, "op", "trace.events"));
            if (!op)
                throw ReadError { "trace.events has an unknown op" };
            t.op = *op;
            t.size = bytesWithin(get<std::uint64_t>(ev, "size", "trace.events"), "trace.events.size");
            t.address = get<std::uint64_t>(ev, "address", "trace.events");
            t.phase = get<int>(ev, "phase", "trace.events");
            r.trace.push_back(t);
        }
        if (const auto it = j.find("imported"); it != j.end() && !it->is_null()) {
            ImportSource source;
            source.format = get<std::string>(*it, "format", "imported");
            source.file = get<std::string>(*it, "file", "imported");
            source.entries = get<std::uint64_t>(*it, "entries", "imported");
            source.skipped = get<std::uint64_t>(*it, "entries_skipped", "imported");
            source.note = get<std::string>(*it, "note", "imported");
            if (source.format.empty())
                throw ReadError { "field imported.format must name the recording's format" };
            r.imported = std::move(source);
        }
        out = std::move(r);
        return true;
    } catch (const ReadError& e) {
        error = e.message;
        return false;
    } catch (const nlohmann::json::exception& e) {
        error = std::string("malformed result: ") + e.what();
        return false;
    }
}

namespace {

    constexpr const char* kExistsMessage = " exists; it is left untouched (choose another path)";

    // Blocks the signals that end a process by default while a temporary file exists, so an interrupt, a
    // terminal closed or a kill during the write leaves either the whole file or nothing; a signal that came
    // meanwhile is delivered when the guard goes. (The calling thread only: a program whose other threads take
    // these signals handles them itself, as the CLI does.) SIGXFSZ is not blocked: it turns into EFBIG only when
    // ignored, which the CLI does.
    class TerminationSignalsBlocked {
    public:
        TerminationSignalsBlocked()
        {
            sigset_t set;
            sigemptyset(&set);
            for (const int s : { SIGINT, SIGTERM, SIGHUP, SIGQUIT })
                sigaddset(&set, s);
            m_active = pthread_sigmask(SIG_BLOCK, &set, &m_old) == 0;
        }
        ~TerminationSignalsBlocked()
        {
            if (m_active)
                pthread_sigmask(SIG_SETMASK, &m_old, nullptr);
        }
        TerminationSignalsBlocked(const TerminationSignalsBlocked&) = delete;
        TerminationSignalsBlocked& operator=(const TerminationSignalsBlocked&) = delete;

    private:
        sigset_t m_old {};
        bool m_active = false;
    };

    WriteError kindOf(int err) { return err == ENOSPC || err == EDQUOT ? WriteError::NoSpace : WriteError::Io; }

    std::string reasonOf(int err)
    {
        std::string reason = std::strerror(err);
        if (err == ENOSPC || err == EDQUOT)
            reason += " (the disk is full; nothing was written)";
        if (err == EFBIG) {
            rlimit limit {};
            if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
                reason += " (the file-size limit of this process, ulimit -f, is "
                    + std::to_string(static_cast<std::uint64_t>(limit.rlim_cur)) + " bytes; nothing was written)";
        }
        return reason;
    }

    bool writeAll(int fd, const std::string& text, int& err)
    {
        std::size_t written = 0;
        while (written < text.size()) {
            const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                err = errno;
                return false;
            }
            written += static_cast<std::size_t>(n);
        }
        return true;
    }

    // Note [Exclusive create]
    // The finished temporary file takes the path only if nothing is there, whoever else writes it at the same
    // moment: link() where the file system has hard links; renameat2(RENAME_NOREPLACE) where it has none (FAT,
    // some network shares: link fails with EPERM or EOPNOTSUPP); where neither works (renameat2 EINVAL or ENOSYS),
    // an empty file created with O_EXCL claims the path first and the temporary file is renamed over that claim.
    // The first two are atomic; in the third, a second writer's O_EXCL fails, so exactly one writer wins in each.
    enum class Claim { Done, Exists, Failed };

    bool unsupported(int err) { return err == EINVAL || err == ENOSYS || err == EOPNOTSUPP || err == EPERM; }

    Claim claimPath(const std::string& tmp, const std::string& path, int& err)
    {
        if (::link(tmp.c_str(), path.c_str()) == 0) {
            ::unlink(tmp.c_str());
            return Claim::Done;
        }
        err = errno;
        if (err == EEXIST)
            return Claim::Exists;
        if (err != EPERM && err != EOPNOTSUPP && err != EXDEV && err != EMLINK && err != ENOSYS)
            return Claim::Failed;
        if (::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0)
            return Claim::Done;
        err = errno;
        if (err == EEXIST)
            return Claim::Exists;
        if (!unsupported(err))
            return Claim::Failed;
        const int claim = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
        if (claim < 0) {
            err = errno;
            return err == EEXIST ? Claim::Exists : Claim::Failed;
        }
        ::close(claim);
        if (::rename(tmp.c_str(), path.c_str()) == 0)
            return Claim::Done;
        err = errno;
        ::unlink(path.c_str()); // the empty claim is this writer's own
        return Claim::Failed;
    }

} // namespace

WriteError writeResultFile(const std::string& path, const RunResult& result, std::string& error, bool replace)
{
    namespace fs = std::filesystem;
    const std::string shown = units::printable(path);
    std::error_code ec;
    if (!replace && fs::symlink_status(path, ec).type() != fs::file_type::not_found && !ec) {
        error = "the output file " + shown + kExistsMessage;
        return WriteError::Exists;
    }
    std::string text;
    try {
        // A text field not passed through validUtf8 (an error quoting a path) gets the same rule, never a throw.
        text = toJson(result).dump(1, '\t', false, nlohmann::json::error_handler_t::replace) + "\n";
    } catch (const nlohmann::json::exception& e) {
        error = std::string("cannot encode the result: ") + e.what();
        return WriteError::Io;
    }
    return writeWholeFile(path, text, error, replace);
}

WriteError writeWholeFile(const std::string& path, const std::string& text, std::string& error, bool replace)
{
    namespace fs = std::filesystem;
    const std::string shown = units::printable(path);
    std::error_code ec;
    if (!replace && fs::symlink_status(path, ec).type() != fs::file_type::not_found && !ec) {
        error = "the output file " + shown + kExistsMessage;
        return WriteError::Exists;
    }
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    // A short temporary name: the path's own name may already use all of NAME_MAX (255 bytes).
    std::random_device rd;
    const std::string tmp
        = (dir / (".iteragpu-" + std::to_string(getpid()) + "-" + std::to_string(rd()) + ".tmp")).string();
    const TerminationSignalsBlocked blocked;
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        const int err = errno;
        error = "cannot create a temporary file in " + units::printable(dir.string()) + ": " + reasonOf(err);
        return kindOf(err);
    }
    auto fail = [&](int err, const std::string& what) {
        ::unlink(tmp.c_str());
        error = what + " " + shown + ": " + reasonOf(err);
        return kindOf(err);
    };
    int err = 0;
    if (!writeAll(fd, text, err)) {
        ::close(fd);
        return fail(err, "cannot write");
    }
    if (::fsync(fd) != 0) {
        err = errno;
        ::close(fd);
        return fail(err, "cannot flush");
    }
    if (::close(fd) != 0)
        return fail(errno, "cannot close");
    if (replace) { // chosen by the user: rename() replaces atomically, whatever file system
        if (::rename(tmp.c_str(), path.c_str()) == 0)
            return WriteError::None;
        return fail(errno, "cannot replace");
    }
    switch (claimPath(tmp, path, err)) {
    case Claim::Done:
        return WriteError::None;
    case Claim::Exists:
        ::unlink(tmp.c_str());
        error = "the output file " + shown + kExistsMessage;
        return WriteError::Exists;
    case Claim::Failed:
        break;
    }
    return fail(err, "cannot create");
}

bool canCreateFile(const std::string& path, std::string& error)
{
    namespace fs = std::filesystem;
    const std::string shown = units::printable(path);
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string name = target.filename().string();
    if (name.empty() || name == "." || name == "..") {
        error = "cannot create " + shown + ": not a file name";
        return false;
    }
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0) {
        const int err = errno;
        error = "cannot create " + shown + ": the folder " + units::printable(dir.string())
            + (err == ENOENT ? " does not exist" : std::string(": ") + std::strerror(err));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        error = "cannot create " + shown + ": " + units::printable(dir.string()) + " is not a folder";
        return false;
    }
    errno = 0;
    const long nameMax = ::pathconf(dir.c_str(), _PC_NAME_MAX);
    if (nameMax > 0 && name.size() > static_cast<std::size_t>(nameMax)) {
        error = "cannot create " + shown + ": its name is " + std::to_string(name.size())
            + " bytes, the folder's file system takes at most " + std::to_string(nameMax);
        return false;
    }
    std::random_device rd;
    const std::string probe
        = (dir / (".iteragpu-" + std::to_string(getpid()) + "-" + std::to_string(rd()) + ".probe")).string();
    const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        error = "cannot create " + shown + ": " + std::strerror(errno);
        return false;
    }
    ::close(fd);
    ::unlink(probe.c_str());
    return true;
}

namespace {

    // Note [Reading a large result]
    // A result of 10^5 phases is some 150 MB of text; nlohmann's tree of it is several times larger. The reader
    // keeps memory proportional to the file: the "ledger" array (derived from the phases, ignored by the reader,
    // about a third of a decoder's file) is dropped while parsing, the text is released before the tree becomes a
    // RunResult, and a file that does not fit the memory the process may use (ulimit -v) is refused in one line,
    // never an uncaught std::bad_alloc.
    bool parseResultText(std::string_view text, const std::string& shown, ordered_json& j, std::string& error)
    {
        if (text.size() > kMaxResultFileBytes) {
            error = shown + " is larger than " + std::to_string(kMaxResultFileBytes) + " bytes: not a result file";
            return false;
        }
        // nlohmann/json parses recursively: the nesting is bounded before it sees the text.
        if (model::jsonguard::nestingDepth(text) > model::jsonguard::kMaxDepth) {
            error = shown + " nests objects or arrays deeper than " + std::to_string(model::jsonguard::kMaxDepth)
                + " levels: not a result file";
            return false;
        }
        const ordered_json::parser_callback_t dropLedger
            = [](int depth, ordered_json::parse_event_t event, ordered_json& parsed) {
                  return !(depth == 1 && event == ordered_json::parse_event_t::key && parsed == "ledger");
              };
        try {
            j = ordered_json::parse(text, dropLedger);
        } catch (const nlohmann::json::parse_error& e) {
            error = shown + " is not valid JSON (at byte " + std::to_string(e.byte) + ")";
            return false;
        } catch (const nlohmann::json::exception& e) { // a number beyond double (1e400), a bad escape
            error = shown + " is not a readable JSON document: " + units::printable(e.what(), 200);
            return false;
        }
        return true;
    }

    bool resultFromTree(const ordered_json& j, const std::string& shown, RunResult& result, std::string& error)
    {
        if (!fromJson(j, result, error)) {
            error = shown + ": " + error;
            return false;
        }
        return true;
    }

    std::string tooLarge(const std::string& shown, std::size_t bytes)
    {
        return shown + " (" + std::to_string(bytes)
            + " bytes) does not fit the memory this process may use: not read (Note [Reading a large result])";
    }

} // namespace

bool readResultText(std::string_view text, const std::string& name, RunResult& result, std::string& error)
{
    const std::string shown = units::printable(name);
    try {
        ordered_json j;
        return parseResultText(text, shown, j, error) && resultFromTree(j, shown, result, error);
    } catch (const std::bad_alloc&) {
        result = {};
        error = tooLarge(shown, text.size());
        return false;
    }
}

bool readResultFile(const std::string& path, RunResult& result, std::string& error)
{
    const std::string shown = units::printable(path);
    std::size_t bytes = 0;
    try {
        ordered_json j;
        {
            std::string text;
            if (!units::readRegularFile(path, kMaxResultFileBytes, text, error))
                return false;
            bytes = text.size();
            if (!parseResultText(text, shown, j, error))
                return false;
        } // the text is released here, before the tree becomes a RunResult
        return resultFromTree(j, shown, result, error);
    } catch (const std::bad_alloc&) {
        result = {};
        std::error_code ec;
        error = tooLarge(shown, bytes != 0 ? bytes : static_cast<std::size_t>(std::filesystem::file_size(path, ec)));
        return false;
    }
}

} // namespace iteragpu::report
