// SPDX-License-Identifier: Apache-2.0
#include "core/verdict/measuredverdict.h"

#include "core/protocol/runsummary.h"
#include "core/protocol/workloaddescription.h"

#include <algorithm>

namespace iteragpu::verdict {

namespace {

    using i18n::Arg;

    // "Measured on %1", "Measured on the simulated card %1", "Recorded on %1 (imported)": the words before the
    // colon.
    i18n::Message where(const MeasuredVerdict& v)
    {
        if (v.imported)
            //: %1 the device's name; the run was rebuilt from another tool's recording
            return { ITERAGPU_TRANSLATE_NOOP("Verdict", "Recorded on %1 (imported, not measured here)"),
                { Arg(v.device) }, kVerdictContext };
        if (v.simulated && !v.cardId.empty())
            //: %1 the simulated card's id in the GPU catalog ("rtx-4090"); a memory model, not a GPU measurement
            return { ITERAGPU_TRANSLATE_NOOP("Verdict", "Measured on the simulated card %1"), { Arg(v.cardId) },
                kVerdictContext };
        if (v.simulated)
            //: %1 the simulated device's id ("sim:0"), no card of the catalog; a memory model, not a GPU measurement
            return { ITERAGPU_TRANSLATE_NOOP("Verdict", "Measured on the simulated device %1"), { Arg(v.deviceId) },
                kVerdictContext };
        //: %1 the device's name
        return { ITERAGPU_TRANSLATE_NOOP("Verdict", "Measured on %1"), { Arg(v.device) }, kVerdictContext };
    }

} // namespace

MeasuredVerdict MeasuredVerdict::of(const protocol::RunResult& run)
{
    MeasuredVerdict v;
    v.simulated = run.simulated || run.environment.simulated || run.environment.device.simulated;
    v.imported = run.imported.has_value();
    v.device = run.environment.device.name.empty() ? run.config.deviceId : run.environment.device.name;
    v.deviceId = run.config.deviceId;
    v.cardId = v.simulated ? run.config.simCard : std::string();
    if (run.environment.device.totalBytes > 0)
        v.capacityBytes = run.environment.device.totalBytes;
    for (const auto& p : run.phases)
        if (p.status != protocol::PhaseStatus::NotRun && p.peak.reserved)
            v.peakReserved = std::max(v.peakReserved.value_or(0), *p.peak.reserved);
    v.load = protocol::describeLoad(run.config);

    const protocol::RunSummary summary = protocol::summarize(run);
    if (summary.firstFailure) {
        v.phase = summary.firstFailureLabel;
        v.outcome = summary.firstFailureOutOfMemory ? Outcome::OutOfMemory : Outcome::Failed;
    } else {
        v.outcome = summary.completed ? Outcome::Fits : Outcome::Incomplete;
    }

    // The sentence: where, what, at which load (the first and the last messages of their own, translated with it).
    const i18n::Message at = where(v);
    switch (v.outcome) {
    case Outcome::Fits:
        //: %1 where ("Measured on a simulated RTX 4090"), %2 the load, %3 the highest peak reserved
        v.sentence = { ITERAGPU_TRANSLATE_NOOP("Verdict", "%1: fits, every phase passed at %2 (peak reserved %3)."),
            { Arg::nested(at), Arg::nested(v.load), v.peakReserved ? Arg::gib(*v.peakReserved) : Arg("-") },
            kVerdictContext };
        break;
    case Outcome::OutOfMemory:
        //: %1 where ("Measured on a simulated RTX 4090"), %2 the phase that failed, %3 the load
        v.sentence = { ITERAGPU_TRANSLATE_NOOP("Verdict", "%1: out of memory in %2 at %3."),
            { Arg::nested(at), Arg(v.phase), Arg::nested(v.load) }, kVerdictContext };
        break;
    case Outcome::Failed:
        //: %1 where, %2 the phase that failed, %3 the load; the failure was not for want of memory
        v.sentence = { ITERAGPU_TRANSLATE_NOOP("Verdict",
                           "%1: %2 failed at %3, not for want of memory; the run does not tell whether it fits."),
            { Arg::nested(at), Arg(v.phase), Arg::nested(v.load) }, kVerdictContext };
        break;
    case Outcome::Incomplete:
        //: %1 where, %2 the load
        v.sentence = { ITERAGPU_TRANSLATE_NOOP("Verdict",
                           "%1: the run at %2 did not finish; it does not tell whether it fits."),
            { Arg::nested(at), Arg::nested(v.load) }, kVerdictContext };
        break;
    }
    return v;
}

bool MeasuredVerdict::ranOn(const sizing::GpuCard& card) const
{
    if (imported)
        return false;
    if (simulated)
        return !cardId.empty() && cardId == card.id;
    return !device.empty() && device == card.name;
}

std::optional<i18n::Message> MeasuredVerdict::disagreement(const DeviceNeed& need) const
{
    if (!decisive() || !capacityBytes)
        return std::nullopt;
    const bool estimateFits = need.total <= *capacityBytes;
    if (estimateFits == fits())
        return std::nullopt;
    if (estimateFits)
        //: %1 the estimate's need, %2 the device's capacity
        return i18n::Message { ITERAGPU_TRANSLATE_NOOP("Verdict",
                                   "The estimate said it fits (%1 needed of %2); the measurement ran out of memory."),
            { Arg::gib(need.total), Arg::gib(*capacityBytes) }, kVerdictContext };
    //: %1 the estimate's need, %2 the device's capacity, %3 the measured peak reserved
    return i18n::Message { ITERAGPU_TRANSLATE_NOOP("Verdict",
                               "The estimate said it does not fit (%1 needed of %2); the measurement passed with a "
                               "peak of %3 reserved."),
        { Arg::gib(need.total), Arg::gib(*capacityBytes), peakReserved ? Arg::gib(*peakReserved) : Arg("-") },
        kVerdictContext };
}

} // namespace iteragpu::verdict
