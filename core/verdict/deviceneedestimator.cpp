// SPDX-License-Identifier: Apache-2.0
#include "core/verdict/deviceneedestimator.h"

#include "core/protocol/runlimits.h"
#include "core/sim/simbackend.h"
#include "core/sizing/phaselabels.h"
#include "core/sizing/sizingengine.h"
#include "core/sizing/sizingerror.h"
#include "core/sizing/weightformat.h"
#include "core/units/checkedmath.h"
#include "core/units/units.h"
#include "core/workloads/decoderpredictor.h"

#include <algorithm>
#include <cmath>

namespace iteragpu::verdict {

namespace {

    namespace checked = units::checked;
    using i18n::Arg;
    using i18n::Message;
    using sizing::Provenance;
    constexpr const char* kWhat = "device need";

    Message msg(const char* source, std::vector<Arg> args = {}) { return { source, std::move(args), kVerdictContext }; }

    Arg g(std::uint64_t n) { return Arg::grouped(n); }

    std::optional<device::DType> dtypeOf(sizing::ScalarType type)
    {
        switch (type) {
        case sizing::ScalarType::FP32:
            return device::DType::Float32;
        case sizing::ScalarType::FP16:
            return device::DType::Float16;
        case sizing::ScalarType::BF16:
            return device::DType::BFloat16;
        default:
            return std::nullopt;
        }
    }

    std::optional<std::string> refuse(std::string* why, std::string reason)
    {
        if (why)
            *why = std::move(reason);
        return std::nullopt;
    }

    void outside(DeviceNeed& need)
    {
        need.parts.push_back({ "cuda_context", DeviceNeedEstimator::contextBytes(), Provenance::Assumed,
            msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "CUDA context, outside the allocator")),
            msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "a typical size; the simulated device assumes the same")) });
        need.parts.push_back({ "workspace", DeviceNeedEstimator::workspaceBytes(), Provenance::Assumed,
            msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "math library workspace, outside the allocator")),
            msg(ITERAGPU_TRANSLATE_NOOP("Verdict",
                "cuBLAS's on Hopper, the largest of cuBLAS, cuBLAS on Hopper and hipBLASLt")) });
    }

    void finish(DeviceNeed& need, const sizing::Reserve& reserve)
    {
        if (reserve.bytes > 0)
            need.parts.push_back({ "reserve", reserve.bytes, Provenance::Assumed,
                msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "your reserve")),
                msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "as typed: other processes and a safety margin")) });
        need.total = 0;
        for (const auto& p : need.parts)
            need.total = checked::add(need.total, p.bytes, kWhat);
    }

} // namespace

std::uint64_t DeviceNeedEstimator::contextBytes() { return sim::kDefaultSimContextBytes; }

std::uint64_t DeviceNeedEstimator::workspaceBytes() { return sim::kDefaultSimWorkspaceBytes; }

std::optional<protocol::RunConfig> DeviceNeedEstimator::decoderRun(const sizing::SizingRequest& request, std::string* why)
{
    auto no = [why](std::string reason) -> std::optional<protocol::RunConfig> {
        refuse(why, std::move(reason));
        return std::nullopt;
    };
    if (request.training)
        return no("a training step: its phases are sized from the decoder's inventory in closed form, the predictor "
                  "replays inference runs here");
    if (!request.shape || !request.kvCache)
        return no("no model shape with tokens and sequences");
    if (request.tensorParallel != 1)
        return no("tensor parallelism: the decoder runs on one device");
    if (request.bits)
        return no("typed bits per parameter");
    if (request.weightsFromCheckpoint && (request.checkpoint || request.gguf))
        return no("the weights are the checkpoint's bytes as stored");
    const model::ModelShape& shape = *request.shape;
    if (const std::string u = shape.decoderUnsupported(); !u.empty())
        return no(u);
    const auto storage = protocol::weightStorageFromName(sizing::weightFormatInfo(request.weights.format).name);
    if (!storage)
        return no("a weight format the decoder does not store");
    if (request.weights.keptModules)
        return no("modules kept in another type by choice");
    const bool nf4Layout = *storage == protocol::WeightStorage::Nf4
        || *storage == protocol::WeightStorage::Nf4DoubleQuant || *storage == protocol::WeightStorage::Fp4;
    if (nf4Layout && request.weights.blockSize != 64)
        return no("an NF4 block other than 64");
    const auto compute = dtypeOf(request.weights.compute);
    if (!compute)
        return no("a compute type the decoder does not run");
    protocol::RunConfig config;
    config.deviceId = "sim:0";
    config.workload = protocol::WorkloadKind::Decoder;
    config.warmup = 0;
    config.repeats = 1;
    protocol::DecoderSpec d;
    d.shape = shape;
    d.storage = *storage;
    d.quantGroup = std::min<std::uint64_t>(request.weights.groupSize, protocol::kMaxTensorDimension); // -1: one group
    if (request.weights.fp8BlockRows && request.weights.fp8BlockColumns) {
        d.fp8BlockRows = *request.weights.fp8BlockRows;
        d.fp8BlockColumns = *request.weights.fp8BlockColumns;
    }
    config.dtype = protocol::weightStorageQuantized(*storage) ? *compute : device::DType::Float32;
    config.decoder = d;
    if (!protocol::weightStorageQuantized(*storage))
        config.dtype = protocol::decoderComputeDType(config);
    const device::DType runs = protocol::decoderComputeDType(config);
    // The cache as the decoder keeps it: in the compute type, with the model's own dimensions.
    const sizing::KvCacheOptions& kv = *request.kvCache;
    const sizing::KvCacheOptions own = sizing::KvCacheOptions::fromShape(shape, kv.mlaLatent);
    const std::uint64_t kvBytes = kv.bytesPerElement.value_or(
        kv.dtype == sizing::ScalarType::INT8 || kv.dtype == sizing::ScalarType::INT4 ? 0 : sizing::scalarBits(kv.dtype) / 8);
    if (kvBytes != device::dtypeSize(runs))
        return no("a KV cache in another type than the compute type");
    if ((kv.layers && kv.layers != own.layers) || (kv.kvHeads && kv.kvHeads != own.kvHeads)
        || (kv.headDim && kv.headDim != own.headDim) || kv.slidingWindow
        || (!kv.layerWindows.empty() && kv.layerWindows != own.layerWindows))
        return no("KV cache dimensions typed over the model's");
    if (kv.staticCache && kv.staticCapacity && *kv.staticCapacity != kv.promptTokens + kv.generatedTokens)
        return no("a static cache with a capacity of its own");
    if (kv.paged && kv.pageTokens != protocol::kPagedBlockTokens)
        return no("paged blocks of another size");
    config.decoder->promptTokens = kv.promptTokens;
    config.decoder->generated = kv.generatedTokens;
    config.decoder->sequences = kv.sequences;
    config.decoder->cache = kv.staticCache ? protocol::KvCacheKind::Static
        : kv.paged                         ? protocol::KvCacheKind::Paged
                                           : protocol::KvCacheKind::Dynamic;
    config.decoder->attention = request.attention.value_or(sizing::AttentionImpl::Sdpa) == sizing::AttentionImpl::Eager
        ? protocol::AttentionKind::Eager
        : protocol::AttentionKind::Sdpa;
    if (const std::string invalid = protocol::validateConfig(config); !invalid.empty())
        return no(invalid);
    return config;
}

DeviceNeed DeviceNeedEstimator::estimate(const sizing::SizingRequest& request)
{
    return estimate(request, sizing::SizingEngine::estimate(request));
}

// Note [One estimate]
// What must fit on a device is the allocator's peak reserved in the most demanding phase, plus what lives outside
// the allocator (the CUDA context and the math library's workspace), plus the user's reserve. The allocator's peak
// is counted in one of two ways:
//   predicted  when the decoder workload runs the request as sized (decoderRun), the decoder's predictor replays
//              every tensor of the run on the caching allocator over an address-only device: its peak reserved is
//              what a run on a simulated card reaches to the byte, block rounding and cached free blocks included,
//              and what transformers' generate reached on a real A100 within 0.2 %;
//   estimated  otherwise (training, tensor parallelism, MLA and other layers the decoder does not build, checkpoint
//              bytes): the sizing engine's largest phase, plus an assumed margin of kMarginFraction of its bytes
//              above the weights (the predictor finds 5 to 15 % on the models it runs: the prefill's freed
//              intermediates stay cached), at least one 20 MiB segment.
// The outside parts are the sizes the simulated device assumes, so a sweep on a simulated card finds the boundary
// this estimate gives (tests/sweep/tst_oneestimate.cpp).
DeviceNeed DeviceNeedEstimator::estimate(const sizing::SizingRequest& request, const sizing::Estimate& estimate)
{
    DeviceNeed need;
    std::string why;
    if (const auto run = decoderRun(request, &why)) {
        const workloads::WorkloadPrediction prediction = workloads::predictDecoder(*run);
        if (!prediction.error.empty())
            throw sizing::SizingError(prediction.error);
        const workloads::PhasePrediction* top = nullptr;
        bool complete = !prediction.phases.empty();
        for (const auto& p : prediction.phases) {
            if (!p.peakReserved)
                complete = false;
            else if (!top || *p.peakReserved > *top->peakReserved)
                top = &p;
        }
        if (complete && top) {
            need.predicted = true;
            need.phase = top->name.substr(0, top->name.find(' '));
            need.parts.push_back({ "allocator_peak", *top->peakReserved, Provenance::Computed,
                //: %1 the phase that sets the peak ("prefill", "decode")
                msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "allocator's peak reserved in %1 (predicted)"), { need.phase }),
                //: %1 and %2 byte counts
                msg(ITERAGPU_TRANSLATE_NOOP("Verdict",
                        "the decoder's predictor over the caching allocator: %1 bytes reserved, %2 bytes allocated"),
                    { g(*top->peakReserved), g(top->peakAllocated) }) });
            need.method = msg(ITERAGPU_TRANSLATE_NOOP("Verdict",
                "The allocator's peak is predicted from the decoder's tensors, as a run on a simulated card reaches "
                "it."));
            outside(need);
            finish(need, request.reserve);
            return need;
        }
        why = "a phase releases the allocator's cache";
    }
    const std::uint64_t phase = estimate.largestPhaseBytes;
    const std::uint64_t above = phase > estimate.bytesOf("weights") ? phase - estimate.bytesOf("weights") : 0;
    const double fraction = std::ceil(static_cast<double>(above) * kMarginFraction);
    const std::uint64_t margin = std::max<std::uint64_t>(kMinimumMarginBytes,
        fraction >= 1.8e19 ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(fraction));
    need.phase = estimate.largestPhase;
    need.parts.push_back({ "allocator_peak", phase, Provenance::Computed,
        //: %1 the phase's name ("inference", "train_step")
        msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "the estimate's largest phase, %1"),
            { sizing::phaseLabel(estimate.largestPhase) }),
        msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "the sizing engine's components alive in that phase")) });
    need.parts.push_back({ "allocator_margin", margin, Provenance::Assumed,
        msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "allocator's rounding and cached blocks")),
        //: %1 a percentage, %2 and %3 byte counts
        msg(ITERAGPU_TRANSLATE_NOOP("Verdict", "%1 % of the phase's %2 bytes above the weights, at least %3 bytes"),
            { static_cast<std::uint64_t>(kMarginFraction * 100), g(above), g(kMinimumMarginBytes) }) });
    //: %1 why the decoder's predictor does not apply, in words
    need.method = msg(ITERAGPU_TRANSLATE_NOOP("Verdict",
                          "The allocator's peak is the sizing engine's largest phase with an assumed margin: the "
                          "decoder's predictor does not apply (%1)."),
        { why });
    outside(need);
    finish(need, request.reserve);
    return need;
}

} // namespace iteragpu::verdict
