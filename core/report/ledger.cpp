// SPDX-License-Identifier: Apache-2.0
#include "core/report/ledger.h"

#include "core/report/ledgerestimate.h"
#include "core/report/ownerlabel.h"
#include "core/sim/simbackend.h"

#include <array>
#include <stdexcept>
#include <utility>

namespace iteragpu::report {

namespace {

    using Bytes = std::optional<std::int64_t>;

    i18n::Message msg(const char* source) { return { source, {}, kLedgerContext }; }

    Bytes signedOf(const std::optional<std::uint64_t>& value)
    {
        if (!value)
            return std::nullopt;
        return static_cast<std::int64_t>(*value);
    }

    Bytes minus(const Bytes& a, const Bytes& b)
    {
        if (!a || !b)
            return std::nullopt;
        return *a - *b;
    }

    Bytes plus(const Bytes& a, const Bytes& b)
    {
        if (!a || !b)
            return std::nullopt;
        return *a + *b;
    }

    LedgerLine line(std::string key, i18n::Message label, Bytes bytes, LedgerSource source,
        std::optional<LedgerCause> cause = std::nullopt)
    {
        return { std::move(key), std::move(label), bytes, source, cause };
    }

    // Closes a section (Note [Ledger sums]): the rest of total after every part already there, nullopt when
    // the total or any part is unknown.
    Bytes rest(const LedgerSection& section)
    {
        Bytes r = section.total.bytes;
        for (const auto& part : section.parts)
            r = minus(r, part.bytes);
        return r;
    }

    Bytes sumOfParts(const std::vector<LedgerLine>& parts)
    {
        Bytes sum = std::int64_t { 0 };
        for (const auto& part : parts)
            sum = plus(sum, part.bytes);
        return sum;
    }

    LedgerSection estimateSection(const std::optional<PhaseEstimate>& estimate)
    {
        LedgerSection s;
        s.kind = LedgerSectionKind::Estimate;
        s.title = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "Estimate"));
        s.total
            = line("total", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "estimate")), std::nullopt, LedgerSource::Computed);
        if (!estimate) {
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "no estimate for this phase"));
            return s;
        }
        for (const auto& part : estimate->parts)
            s.parts.push_back(line(part.key, part.label, signedOf(part.bytes), part.source));
        s.total.bytes = sumOfParts(s.parts);
        s.asides.push_back(line("origin", estimate->origin, std::nullopt, LedgerSource::Computed));
        for (const auto& note : estimate->notes)
            s.asides.push_back(line("how:" + note.key, note.text, std::nullopt, LedgerSource::Computed));
        if (!s.total.bytes)
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "a part of the estimate could not be computed"));
        return s;
    }

    LedgerSection byOwnerSection(const protocol::PhaseResult& phase)
    {
        LedgerSection s;
        s.kind = LedgerSectionKind::ByOwner;
        s.title = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "Measured at the peak, by owner"));
        s.total = line("peak_allocated", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "peak allocated")),
            signedOf(phase.peak.allocated), LedgerSource::Observed);
        if (!phase.peakMoment) {
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "no owner readings at the peak moment"));
            return s;
        }
        for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
            const auto owner = static_cast<alloc::Owner>(i);
            const auto held = phase.peakMoment->owners[i];
            if (held > 0)
                s.parts.push_back(
                    line(alloc::ownerName(owner), ownerLabel(owner), signedOf(held), LedgerSource::Observed));
        }
        // The owners add up to the allocated of the peak moment, which is the peak allocated; if a reader ever
        // sees them differ, the difference is a line of its own rather than a sum that does not hold.
        const Bytes unattributed = rest(s);
        if (unattributed && *unattributed != 0)
            s.parts.push_back(
                line("not_attributed", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "not attributed to an owner")),
                    unattributed, LedgerSource::Computed));
        return s;
    }

    LedgerSection inTimeSection(const protocol::PhaseResult& phase)
    {
        LedgerSection s;
        s.kind = LedgerSectionKind::InTime;
        s.title = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "Measured at the peak, in time"));
        s.total = line("peak_allocated", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "peak allocated")),
            signedOf(phase.peak.allocated), LedgerSource::Observed);
        const Bytes baseline = signedOf(phase.baseline.allocated);
        const Bytes final = signedOf(phase.final.allocated);
        s.parts.push_back(
            line("held_from_before", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "held from before (baseline allocated)")),
                baseline, LedgerSource::Observed));
        s.parts.push_back(line("kept", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "kept (final - baseline)")),
            minus(final, baseline), LedgerSource::Computed));
        s.parts.push_back(line("transient", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "transient (peak - final)")),
            minus(s.total.bytes, final), LedgerSource::Computed));
        if (!baseline || !final || !s.total.bytes)
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "no allocator reading at the baseline, peak or end"));
        return s;
    }

    LedgerSection allocatorSection(const protocol::PhaseResult& phase, bool caching)
    {
        LedgerSection s;
        s.kind = LedgerSectionKind::Allocator;
        s.title = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "Allocator at the peak"));
        s.total = line("reserved_minus_allocated",
            msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "reserved - allocated at the peak moment")), std::nullopt,
            LedgerSource::Computed);
        Bytes reservedAtPeak;
        if (phase.peakMoment) {
            reservedAtPeak = signedOf(phase.peakMoment->reserved);
            s.total.bytes = minus(reservedAtPeak, signedOf(phase.peakMoment->allocated));
            if (caching)
                s.parts.push_back(line("inactive_split",
                    msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "inactive split blocks (rounding)")),
                    signedOf(phase.peakMoment->inactiveSplit), LedgerSource::Observed, LedgerCause::AllocatorRounding));
            s.parts.push_back(line("cached_free",
                caching ? msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "cached free blocks (the rest)"))
                        : msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "free in the pool (the rest)")),
                rest(s), LedgerSource::Computed, LedgerCause::AllocatorRounding));
        } else {
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "no allocator reading at the peak moment"));
        }
        s.asides.push_back(
            line("reserved_at_peak", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "reserved at the peak moment")),
                reservedAtPeak, LedgerSource::Observed));
        s.asides.push_back(line("peak_reserved", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "peak reserved")),
            signedOf(phase.peak.reserved), LedgerSource::Observed));
        s.asides.push_back(line("largest_free_block_at_end",
            msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "largest free block at the phase's end")),
            signedOf(phase.largestFreeBlockAtEnd), LedgerSource::Observed));
        return s;
    }

    // The device-level reading the outside section uses and whether it counts this process only.
    struct UsedReading {
        Bytes used;
        bool processOnly = false;
        std::string source; // "nvml", "rocm-smi", "simulated", "driver"
    };

    UsedReading usedOf(const protocol::DeviceLevel& level)
    {
        if (level.processUsedBytes)
            return { signedOf(level.processUsedBytes), true, level.processUsedSource };
        if (level.usedBytes)
            return { signedOf(level.usedBytes), false, "driver" };
        return {};
    }

    // What was outside the allocator at the run's first device reading: the first phase that ran, the reading
    // beside its baseline, of the same kind as `kind` (process or driver).
    Bytes outsideAtFirstReading(const protocol::RunResult& result, bool processOnly)
    {
        for (const auto& phase : result.phases) {
            if (phase.status == protocol::PhaseStatus::NotRun)
                continue;
            const auto reading = usedOf(phase.deviceBefore);
            if (!reading.used || reading.processOnly != processOnly)
                return std::nullopt;
            return minus(reading.used, signedOf(phase.baseline.reserved));
        }
        return std::nullopt;
    }

    LedgerSection outsideSection(const protocol::RunResult& result, const protocol::PhaseResult& phase)
    {
        LedgerSection s;
        s.kind = LedgerSectionKind::Outside;
        s.title = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "Outside the allocator, at the phase's end"));
        const auto reading = usedOf(phase.deviceAfter);
        const Bytes reserved = signedOf(phase.final.reserved);
        if (reading.processOnly) {
            const i18n::Message label { //: %1: where the process reading comes from: nvml, rocm-smi or simulated
                ITERAGPU_TRANSLATE_NOOP("Ledger", "process used (%1) - reserved"), { reading.source }, kLedgerContext
            };
            s.total = line(
                "outside", label, minus(reading.used, reserved), LedgerSource::Observed, LedgerCause::OutsideAllocator);
        } else {
            s.total = line("outside",
                msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "driver's used (with other processes) - reserved")),
                minus(reading.used, reserved), LedgerSource::Observed, LedgerCause::OutsideAllocator);
        }
        if (!reading.used)
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "no device-level reading at the phase's end"));
        else if (!reserved)
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "no reserved reading at the phase's end"));

        if (result.simulated) {
            // The sizes the run asked for, or the assumed defaults (sim::kDefaultSimContextBytes says where they
            // come from); the bytes column gives them exactly.
            const auto& config = result.config;
            s.parts.push_back(line("context",
                config.simContextBytes
                    ? msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "CUDA context (simulated, size as asked)"))
                    : msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "CUDA context (simulated, typical size, assumed)")),
                signedOf(config.simContextBytes.value_or(sim::kDefaultSimContextBytes)), LedgerSource::Assumed,
                LedgerCause::OutsideAllocator));
            s.parts.push_back(line("library_workspace",
                config.simWorkspaceBytes
                    ? msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "math library workspace (simulated, size as asked)"))
                    : msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "library workspace (simulated, cuBLAS Hopper, assumed)")),
                signedOf(config.simWorkspaceBytes.value_or(sim::kDefaultSimWorkspaceBytes)), LedgerSource::Assumed,
                LedgerCause::OutsideAllocator));
        } else {
            s.parts.push_back(line("at_first_reading",
                msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "outside at the run's first reading (context, libraries)")),
                outsideAtFirstReading(result, reading.processOnly), LedgerSource::Observed,
                LedgerCause::OutsideAllocator));
        }
        s.parts.push_back(line("unaccounted", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "unaccounted (the rest)")), rest(s),
            LedgerSource::Computed, LedgerCause::OutsideAllocator));
        return s;
    }

    Bytes estimateFor(
        const PhaseEstimate& estimate, EstimateTarget target, std::optional<alloc::Owner> owner, bool& any)
    {
        Bytes sum = std::int64_t { 0 };
        any = false;
        for (const auto& part : estimate.parts) {
            if (part.target != target || (owner && part.owner != *owner))
                continue;
            any = true;
            sum = plus(sum, signedOf(part.bytes));
        }
        return sum;
    }

    LedgerSection differencesSection(const protocol::PhaseResult& phase, const std::optional<PhaseEstimate>& estimate,
        const LedgerSection& allocator, const LedgerSection& outside)
    {
        LedgerSection s;
        s.kind = LedgerSectionKind::Differences;
        s.title = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "Estimate - measured"));
        s.total = line("total", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "estimate - (reserved at the peak + outside)")),
            std::nullopt, LedgerSource::Computed);
        if (!estimate) {
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "no estimate for this phase"));
            return s;
        }
        const auto causeOf = [](bool inEstimate, LedgerCause otherwise) {
            return inEstimate ? otherwise : LedgerCause::NotInEstimate;
        };
        bool wholeAllocated = false;
        const Bytes wholeEstimate = estimateFor(*estimate, EstimateTarget::Allocated, std::nullopt, wholeAllocated);
        if (wholeAllocated) {
            // A predictor's single figure: compared with the whole peak allocated.
            s.parts.push_back(line("allocated", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "peak allocated")),
                minus(wholeEstimate, signedOf(phase.peak.allocated)), LedgerSource::Computed, LedgerCause::Formula));
        } else {
            // Note [Rounding inside allocated]: allocated counts whole blocks (each request rounded to 512 bytes,
            // and the rest of a block the caching allocator did not split: under 1 MiB of a large segment, as
            // PyTorch does). Where the requested sizes per owner are known, each owner is compared with what was
            // requested and the rounding is a line of its own, so a model's weights are not read as a formula's
            // error; the total is the same either way.
            const auto& requested = phase.peakMoment ? phase.peakMoment->ownersRequested : std::nullopt;
            Bytes rounding = requested ? Bytes { 0 } : Bytes {};
            for (std::size_t i = 0; i < alloc::kOwnerCount; ++i) {
                const auto owner = static_cast<alloc::Owner>(i);
                bool inEstimate = false;
                const Bytes estimated = estimateFor(*estimate, EstimateTarget::Owner, owner, inEstimate);
                const Bytes held = phase.peakMoment ? signedOf(phase.peakMoment->owners[i]) : Bytes {};
                const Bytes measured = requested ? signedOf((*requested)[i]) : held;
                if (requested)
                    rounding = plus(rounding, minus(held, measured));
                if (!inEstimate && measured && *measured == 0)
                    continue;
                if (!inEstimate && !measured)
                    continue; // counted in "not attributed" below
                s.parts.push_back(line(alloc::ownerName(owner), ownerLabel(owner), minus(estimated, measured),
                    LedgerSource::Computed, causeOf(inEstimate, LedgerCause::Formula)));
            }
            if (rounding && *rounding != 0)
                s.parts.push_back(line("rounding_in_allocated",
                    msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "rounding inside allocated (whole blocks)")),
                    minus(Bytes { 0 }, rounding), LedgerSource::Computed, LedgerCause::AllocatorRounding));
            if (!phase.peakMoment) {
                // Without owner readings the owners' differences are unknown; the estimate is still compared with
                // the whole peak allocated in the total.
                s.parts.push_back(
                    line("not_attributed", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "not attributed to an owner")),
                        std::nullopt, LedgerSource::Computed));
            }
        }
        bool allocatorInEstimate = false;
        const Bytes allocatorEstimate
            = estimateFor(*estimate, EstimateTarget::Allocator, std::nullopt, allocatorInEstimate);
        s.parts.push_back(line("allocator", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "allocator (reserved - allocated)")),
            minus(allocatorEstimate, allocator.total.bytes), LedgerSource::Computed,
            causeOf(allocatorInEstimate, LedgerCause::AllocatorRounding)));
        bool outsideInEstimate = false;
        const Bytes outsideEstimate = estimateFor(*estimate, EstimateTarget::Outside, std::nullopt, outsideInEstimate);
        s.parts.push_back(line("outside", msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "outside the allocator")),
            minus(outsideEstimate, outside.total.bytes), LedgerSource::Computed,
            causeOf(outsideInEstimate, LedgerCause::OutsideAllocator)));
        s.total.bytes = sumOfParts(s.parts);
        if (!s.total.bytes)
            s.missing = msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "a reading or a part of the estimate is missing"));
        return s;
    }

} // namespace

const char* ledgerSourceName(LedgerSource source)
{
    switch (source) {
    case LedgerSource::Computed:
        return "computed";
    case LedgerSource::Observed:
        return "observed";
    case LedgerSource::Assumed:
        return "assumed";
    }
    return "computed";
}

i18n::Message ledgerSourceLabel(LedgerSource source)
{
    switch (source) {
    case LedgerSource::Computed:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "computed"));
    case LedgerSource::Observed:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "observed"));
    case LedgerSource::Assumed:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "assumed"));
    }
    return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "computed"));
}

const char* ledgerCauseName(LedgerCause cause)
{
    switch (cause) {
    case LedgerCause::NotInEstimate:
        return "not_in_estimate";
    case LedgerCause::Formula:
        return "formula";
    case LedgerCause::AllocatorRounding:
        return "allocator_rounding";
    case LedgerCause::OutsideAllocator:
        return "outside_allocator";
    }
    return "formula";
}

i18n::Message ledgerCauseLabel(LedgerCause cause)
{
    switch (cause) {
    case LedgerCause::NotInEstimate:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "not in the estimate"));
    case LedgerCause::Formula:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "formula"));
    case LedgerCause::AllocatorRounding:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "allocator rounding"));
    case LedgerCause::OutsideAllocator:
        return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "outside the allocator"));
    }
    return msg(ITERAGPU_TRANSLATE_NOOP("Ledger", "formula"));
}

const char* ledgerSectionName(LedgerSectionKind kind)
{
    switch (kind) {
    case LedgerSectionKind::Estimate:
        return "estimate";
    case LedgerSectionKind::ByOwner:
        return "by_owner";
    case LedgerSectionKind::InTime:
        return "in_time";
    case LedgerSectionKind::Allocator:
        return "allocator";
    case LedgerSectionKind::Outside:
        return "outside_allocator";
    case LedgerSectionKind::Differences:
        return "differences";
    }
    return "estimate";
}

const LedgerSection& PhaseLedger::section(LedgerSectionKind kind) const
{
    const auto i = static_cast<std::size_t>(kind);
    if (i >= sections.size() || sections[i].kind != kind)
        throw std::logic_error("PhaseLedger without its sections");
    return sections[i];
}

PhaseLedger buildPhaseLedger(
    const protocol::RunResult& result, std::size_t phaseIndex, const std::optional<PhaseEstimate>& estimate)
{
    const auto& phase = result.phases.at(phaseIndex);
    PhaseLedger ledger;
    ledger.phaseIndex = phaseIndex;
    ledger.phase = protocol::phaseLabel(phase);
    ledger.status = phase.status;
    ledger.simulated = result.simulated;
    const bool caching = result.config.allocator == protocol::AllocatorKind::Native;
    ledger.sections.push_back(estimateSection(estimate));
    ledger.sections.push_back(byOwnerSection(phase));
    ledger.sections.push_back(inTimeSection(phase));
    ledger.sections.push_back(allocatorSection(phase, caching));
    ledger.sections.push_back(outsideSection(result, phase));
    ledger.sections.push_back(differencesSection(phase, estimate, ledger.sections[3], ledger.sections[4]));
    return ledger;
}

std::vector<PhaseLedger> buildLedgers(const protocol::RunResult& result)
{
    std::vector<PhaseLedger> ledgers;
    for (std::size_t i = 0; i < result.phases.size(); ++i) {
        if (result.phases[i].status == protocol::PhaseStatus::NotRun)
            continue;
        ledgers.push_back(buildPhaseLedger(result, i, estimateForPhase(result, i)));
    }
    return ledgers;
}

std::optional<std::size_t> peakPhaseIndex(const protocol::RunResult& result)
{
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < result.phases.size(); ++i) {
        const auto& peak = result.phases[i].peak.allocated;
        if (peak && (!best || *peak > *result.phases[*best].peak.allocated))
            best = i;
    }
    return best;
}

std::optional<std::size_t> failedPhaseIndex(const protocol::RunResult& result)
{
    for (std::size_t i = 0; i < result.phases.size(); ++i)
        if (result.phases[i].status == protocol::PhaseStatus::Failed)
            return i;
    return std::nullopt;
}

} // namespace iteragpu::report
