// SPDX-License-Identifier: Apache-2.0
#include "core/report/textsummary.h"

#include "core/engines/vllmplanreport.h"
#include "core/protocol/runsummary.h"
#include "core/protocol/vllmrun.h"
#include "core/units/printable.h"
#include "core/units/readablesize.h"
#include "core/units/units.h"
#include "core/verdict/measuredverdict.h"

#include <cstdio>
#include <sstream>

namespace iteragpu::report {

using namespace protocol;

std::string bytesText(const std::optional<std::uint64_t>& bytes)
{
    if (!bytes)
        return "n/a";
    return units::groupDigits(*bytes) + " B (" + units::formatReadable(*bytes, units::Unit::GiB) + ")";
}

namespace {
    std::string simCardLine(const RunResult& r)
    {
        if (!r.simulated || r.config.simCard.empty())
            return {};
        char speed[32];
        std::snprintf(speed, sizeof speed, "%g", r.config.simSpeed);
        return "simulated card " + units::printable(r.config.simCard) + ", speed " + speed
            + " (1 = its modelled time in real time, 0 = as fast as possible)\n";
    }
} // namespace

std::string runHeader(const RunResult& r)
{
    const RunConfig& c = r.config;
    std::ostringstream s;
    if (r.simulated)
        s << "SIMULATED run on " << units::printable(c.deviceId)
          << (c.simCard.empty() ? ": memory model only, not a GPU measurement\n"
                                : ": memory model and the card's modelled times, not a GPU measurement\n");
    else if (r.imported)
        // A snapshot names its device by index only: no name to print, and iteragpu measured nothing.
        s << "Imported from " << units::printableName(r.imported->format) << " " << units::printable(r.imported->file)
          << " (" << units::printable(c.deviceId) << ", backend " << units::printable(r.environment.backend)
          << "; the device's name is not recorded in it): recorded by PyTorch, not measured by iteragpu\n";
    else
        s << "Measurement on " << units::printable(c.deviceId) << " ("
          << (r.environment.device.name.empty() ? std::string("device name not recorded")
                                                : units::printable(r.environment.device.name))
          << ", backend " << units::printable(r.environment.backend) << ")\n";
    if (c.workload == WorkloadKind::Script) {
        const ScriptSpec spec = c.script.value_or(ScriptSpec {});
        s << "script " << (spec.script.empty() ? std::string("(not named)") : units::printable(spec.script));
        for (const auto& a : spec.arguments)
            s << " " << units::printable(a);
        s << ", measured from inside by " << units::printable(spec.measuredBy) << " (not by iteragpu's runner), mode "
          << modeName(c.mode) << ", allocator " << allocatorName(c.allocator) << "\n";
    } else if (c.workload == WorkloadKind::Decoder && c.decoder) {
        const DecoderSpec& d = *c.decoder;
        const model::ModelShape& m = d.shape;
        s << "decoder " << units::printable(d.modelSource) << " (" << units::printable(m.family) << ", " << m.layers << " layers, hidden " << m.hidden
          << ", " << m.heads << " heads, " << m.kvHeads << " KV heads, head_dim " << m.headDim << ", vocab " << m.vocab;
        if (m.experts > 0)
            s << ", " << m.experts << " experts, " << m.expertsPerToken << " per token";
        s << ")\n";
        if (d.training) {
            const training::TrainingRecipe& t = *d.training;
            s << "training " << training::methodName(t.method) << " (" << training::frameworkName(t.framework)
              << "'s habits)";
            if (t.method != training::Method::Full)
                s << ", LoRA rank " << t.rank << " on " << training::loraTargetList(t.targets) << ", adapters "
                  << (t.adapterFp32 ? "float32" : device::dtypeName(decoderComputeDType(c)));
            s << ", weights " << weightStorageName(d.storage) << ", compute "
              << device::dtypeName(decoderComputeDType(c)) << ", micro-batch " << t.microBatch << " x " << t.sequenceLength
              << " tokens, gradient accumulation " << t.gradAccum << ", attention " << attentionName(d.attention)
              << (t.checkpointing ? ", activation checkpointing" : "") << ", optimizer "
              << training::optimizerKindName(t.optimizer) << (t.pagedOptimizer ? " (paged)" : "")
              << (t.optimizerInBackward ? " (in the backward)" : "") << (t.masterWeights ? ", master weights" : "")
              << ", loss " << (t.lossChunks == 0 ? std::string("over the whole logits")
                                                  : "in " + std::to_string(t.lossChunks) + " chunks")
              << ", warm-up " << c.warmup << ", repeats " << c.repeats << ", allocator " << allocatorName(c.allocator)
              << "\n";
        } else {
            s << "weights " << weightStorageName(d.storage);
            if (d.storage == WeightStorage::GptqInt4 || d.storage == WeightStorage::AwqInt4)
                s << " (groups of " << d.quantGroup << " input rows)";
            else if ((d.storage == WeightStorage::Fp8E4m3 || d.storage == WeightStorage::Fp8E5m2))
                s << (d.fp8BlockRows > 0 ? " (a scale per block of " + std::to_string(d.fp8BlockRows) + " x "
                            + std::to_string(d.fp8BlockColumns) + ")"
                                         : std::string(" (a scale per tensor)"));
            else if (d.storage == WeightStorage::Mxfp4)
                s << " (the routed experts; other linears 16-bit)";
            if (c.vllm) { // Note [vLLM rehearsal]: the plan it follows, in vLLM's words
                s << ", compute " << device::dtypeName(decoderComputeDType(c)) << ", vLLM's start-up rehearsed, then "
                  << d.sequences << " request(s) of " << d.promptTokens << " + " << d.generated
                  << " tokens served from its KV pool, allocator " << allocatorName(c.allocator) << "\n";
                if (c.vllm->planned)
                    s << engines::VllmPlanReport::toText(c.vllm->plan);
                return s.str() + simCardLine(r);
            }
            s << ", compute " << device::dtypeName(decoderComputeDType(c)) << ", " << d.sequences << " sequence(s) x "
              << d.promptTokens << " prompt tokens, " << d.generated << " generated";
            if (d.decodeChunk > 0)
                s << " (" << d.decodeChunk << " per record)";
            s << ", KV cache " << kvCacheName(d.cache) << ", attention " << attentionName(d.attention) << ", warm-up "
              << c.warmup << ", repeats " << c.repeats << ", allocator " << allocatorName(c.allocator)
              << (c.emptyCacheBetweenRepeats ? ", empty_cache between repeats" : "") << "\n";
        }
    } else {
        s << "mode " << modeName(c.mode) << ", batch " << c.batch << ", context " << c.context << ", width "
          << c.width << ", dtype " << device::dtypeName(c.dtype) << ", warm-up " << c.warmup << ", repeats "
          << c.repeats << ", allocator " << allocatorName(c.allocator)
          << (c.emptyCacheBetweenRepeats ? ", empty_cache between repeats" : "") << "\n";
    }
    return s.str() + simCardLine(r);
}

std::string phaseSummary(const PhaseResult& p, std::size_t phaseCount, bool simulated)
{
    std::ostringstream s;
    s << (simulated ? "[simulated] " : "") << "phase " << (p.index + 1) << "/" << phaseCount << " " << units::printable(p.name);
    if (p.repeat)
        s << " #" << *p.repeat;
    s << ": " << phaseStatusName(p.status);
    if (p.durationSeconds) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.4f", *p.durationSeconds);
        s << ", " << buf << " s";
    }
    if (p.modelledSeconds) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", *p.modelledSeconds);
        s << ", modelled " << buf << " s on the simulated card";
    }
    s << "\n";
    if (p.status == PhaseStatus::NotRun) {
        s << "  not run; predicted peak allocated " << bytesText(p.predictedPeakAllocated) << "\n";
        return s.str();
    }
    // vLLM's serve phase (Note [vLLM rehearsal]): the requests as the pool admitted them, every one counted.
    const auto dimension = [&p](const char* name) -> std::optional<std::uint64_t> {
        for (const auto& d : p.dimensions)
            if (d.name == name)
                return d.value;
        return std::nullopt;
    };
    if (const auto admitted = dimension("admitted"); admitted && p.status != PhaseStatus::NotRun)
        s << "  requests: " << dimension("requests").value_or(0) << " of " << dimension("request_tokens").value_or(0)
          << " tokens, " << dimension("blocks_per_request").value_or(0) << " blocks each; admitted " << *admitted
          << " (" << dimension("blocks_used").value_or(0) << " of the pool's " << dimension("pool_blocks").value_or(0)
          << " blocks); waiting for blocks " << dimension("waiting_for_blocks").value_or(0)
          << ", waiting for a --max-num-seqs slot " << dimension("waiting_for_seqs").value_or(0)
          << "; rejected, longer than --max-model-len " << dimension("max_model_len").value_or(0) << ": "
          << dimension("rejected_too_long").value_or(0) << "\n";
    if (p.status == PhaseStatus::Interrupted && p.iterationsDone && p.iterationsPlanned)
        s << "  interrupted by Stop after " << *p.iterationsDone << " of " << *p.iterationsPlanned
          << " iterations; the prediction is of all " << *p.iterationsPlanned << "\n";
    s << "  predicted peak allocated " << bytesText(p.predictedPeakAllocated) << ", measured "
      << bytesText(p.peak.allocated);
    if (p.predictedPeakAllocated && p.peak.allocated && p.status != PhaseStatus::Interrupted) {
        if (*p.predictedPeakAllocated == *p.peak.allocated)
            s << " (equal)";
        else if (*p.peak.allocated > *p.predictedPeakAllocated)
            s << " (measured " << units::groupDigits(*p.peak.allocated - *p.predictedPeakAllocated) << " B more)";
        else
            s << " (measured " << units::groupDigits(*p.predictedPeakAllocated - *p.peak.allocated) << " B less)";
        // A run that routed from its data is predicted by replaying its recorded loads; without them the prediction
        // assumed the balanced rule, and a difference may be the routing's (DECODER.md prefill k, "Routing").
        if (*p.predictedPeakAllocated != *p.peak.allocated && p.routing
            && p.routing->rule == protocol::RoutingRule::Observed && !p.routing->recorded)
            s << "; the experts' routing was observed from the data but not recorded, so the prediction assumed "
                 "balanced round-robin routing";
    }
    s << "\n";
    s << "  allocated " << bytesText(p.final.allocated) << " | max allocated " << bytesText(p.peak.allocated)
      << " | reserved " << bytesText(p.final.reserved) << " | max reserved " << bytesText(p.peak.reserved)
      << " | baseline allocated " << bytesText(p.baseline.allocated) << "\n";
    const DeviceLevel& d = p.deviceAfter;
    s << "  device level" << (simulated ? " (simulated)" : "") << ": used " << bytesText(d.usedBytes) << " of "
      << bytesText(d.totalBytes) << ", free " << bytesText(d.freeBytes) << ", this process "
      << bytesText(d.processUsedBytes);
    if (!d.processUsedSource.empty())
        s << " [" << units::printable(d.processUsedSource) << "]";
    s << "\n";
    if (!p.error.empty())
        s << "  error: " << units::printable(p.error) << "\n";
    return s.str();
}

std::string runFooter(const RunResult& r)
{
    std::ostringstream s;
    // The counts of core's RunSummary, as the window's status bar, its progress bar and the sheet give them.
    const protocol::RunSummary summary = protocol::summarize(r);
    s << (r.simulated ? "[simulated] " : "") << summary.passed << " phase(s) ok, " << summary.failed << " failed, "
      << (summary.interrupted ? std::to_string(summary.interrupted) + " interrupted, " : std::string())
      << summary.notRun << " not run" << (r.cancelled ? " (cancelled)" : "");
    if (summary.firstFailure)
        s << "; first failure: " << units::printable(summary.firstFailureLabel)
          << (summary.firstFailureOutOfMemory ? " (out of memory)" : "");
    if (r.wallSeconds) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", *r.wallSeconds);
        s << "; wall time " << buf << " s";
    }
    s << "\n";
    if (!r.error.empty())
        s << "error: " << units::printable(r.error) << "\n";
    else
        // What the run says about the fit, the sentence the window's verdict and the sheet give first.
        s << "verdict: " << verdict::MeasuredVerdict::of(r).sentence.english() << "\n";
    return s.str();
}

} // namespace iteragpu::report
