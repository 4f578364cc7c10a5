// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/owner.h"
#include "core/i18n/message.h"
#include "core/protocol/runtypes.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// Why the peak exceeds the estimate: one phase's ledger, from the estimate of the same workload to the
// allocator's and the device's readings, as sections of named lines. Built from a RunResult only (what the result
// file carries) and, optionally, the estimate computed again from its configuration (ledgerestimate.h), so a
// saved result gives the same ledger as the run that wrote it.
//
// Note [Ledger sums]
// Every section has parts and a total. Whenever the total and every part have bytes, the parts add up to the
// total to the byte (tests/measurement/tst_ledger.cpp checks it over a matrix of runs). The line that closes a
// section ("cached free blocks", "unaccounted", "not attributed") is the rest, computed as total minus the other
// parts, so it may be negative and is shown, never hidden. A reading that is missing stays nullopt: the lines
// that need it are nullopt too, and the section's `missing` says which reading it lacked. Bytes are signed
// (std::int64_t): differences and the rest can be negative.
//
// Sections, in this order (LedgerSectionKind):
//   estimate      the estimate's parts for this phase (sizing engine, or the dense network's predictor);
//                 total = their sum. Without one: no parts, total nullopt, missing = "no estimate".
//   by_owner      what each owner (alloc::Owner) held at the peak moment (PeakMoment::owners), owners holding
//                 nothing left out; total = peak allocated.
//   in_time       peak allocated = held from before (baseline allocated) + kept (final - baseline)
//                 + transient (peak - final).
//   allocator     reserved - allocated at the peak moment = inactive split blocks (caching allocator) + cached
//                 free blocks (the rest); asides: reserved at the peak moment, peak reserved, largest free block
//                 at the phase's end.
//   outside       used - reserved at the phase's end, from the process reading (NVML / ROCm SMI / simulated) or,
//                 when not read, the driver's used (including other processes) = the simulated context and
//                 workspace (sim:N, assumed sizes) or what was outside at the run's first reading (devices)
//                 + unaccounted (the rest).
//   differences   estimate - measured per component, with its cause; total = estimate total - (reserved at the
//                 peak moment + outside the allocator), the sum of the lines.
namespace iteragpu::report {

inline constexpr const char* kLedgerContext = "Ledger"; // translation context of every ledger label

enum class LedgerSource : int { Computed = 0, Observed = 1, Assumed = 2 };
const char* ledgerSourceName(LedgerSource source); // "computed", "observed", "assumed"
i18n::Message ledgerSourceLabel(LedgerSource source);

enum class LedgerCause : int { NotInEstimate = 0, Formula = 1, AllocatorRounding = 2, OutsideAllocator = 3 };
// "not_in_estimate", "formula", "allocator_rounding", "outside_allocator"
const char* ledgerCauseName(LedgerCause cause);
i18n::Message ledgerCauseLabel(LedgerCause cause);

enum class LedgerSectionKind : int {
    Estimate = 0,
    ByOwner = 1,
    InTime = 2,
    Allocator = 3,
    Outside = 4,
    Differences = 5
};
inline constexpr std::size_t kLedgerSectionCount = 6;
// "estimate", "by_owner", "in_time", "allocator", "outside_allocator", "differences"
const char* ledgerSectionName(LedgerSectionKind kind);

struct LedgerLine {
    std::string key; // stable within its section: an owner's name, "held_from_before", "inactive_split", ...
    i18n::Message label; // context kLedgerContext; english() for the CLI and the JSON
    std::optional<std::int64_t> bytes; // nullopt: a reading it needs is missing
    LedgerSource source = LedgerSource::Observed;
    std::optional<LedgerCause> cause; // differences (and parts that explain one) only
};

struct LedgerSection {
    LedgerSectionKind kind = LedgerSectionKind::Estimate;
    i18n::Message title;
    std::vector<LedgerLine> parts; // add up to total (Note [Ledger sums])
    LedgerLine total;
    std::vector<LedgerLine> asides; // shown beside the section, not part of its sum
    std::optional<i18n::Message> missing; // which reading (or estimate) the section lacks, in words
};

struct PhaseLedger {
    std::size_t phaseIndex = 0; // index into RunResult::phases
    std::string phase; // protocol::phaseLabel: "prefill", "warm_forward#0"
    protocol::PhaseStatus status = protocol::PhaseStatus::NotRun;
    bool simulated = false;
    std::vector<LedgerSection> sections; // all kLedgerSectionCount of them, in LedgerSectionKind order

    const LedgerSection& section(LedgerSectionKind kind) const;
};

// Where an estimate part is compared with the measurement (the differences section).
enum class EstimateTarget : int {
    Owner = 0, // what `owner` held at the peak moment
    Allocated = 1, // the whole peak allocated (a predictor's single figure)
    Allocator = 2, // reserved - allocated (fragmentation allowance)
    Outside = 3, // outside the allocator (reserve, context, library workspace)
};

// One part of a phase's estimate: a sizing component or assumption line, or a predictor's figure.
struct EstimatePart {
    std::string key; // the sizing component id ("weights", "kv_cache", "activations", "reserve", ...)
    i18n::Message label;
    std::optional<std::uint64_t> bytes; // nullopt: the estimator could not compute it
    LedgerSource source = LedgerSource::Computed; // Assumed for assumption lines (reserve, workspace)
    EstimateTarget target = EstimateTarget::Owner;
    alloc::Owner owner = alloc::Owner::Other; // when target is Owner
};

struct EstimateNote {
    std::string key; // the part it explains
    i18n::Message text; // how the part was counted, one line
};

struct PhaseEstimate {
    i18n::Message origin; // what computed it, in words: "sizing engine, inference", "the dense network's predictor"
    std::vector<EstimatePart> parts;
    std::vector<EstimateNote> notes; // shown as asides of the estimate section (key "how:<part>", no bytes)
};

// The ledger of RunResult::phases[phaseIndex] (which must exist), with the estimate of that phase when there is one.
PhaseLedger buildPhaseLedger(
    const protocol::RunResult& result, std::size_t phaseIndex, const std::optional<PhaseEstimate>& estimate);

// The ledgers of every phase that ran, in run order, each with estimateForPhase (ledgerestimate.h).
std::vector<PhaseLedger> buildLedgers(const protocol::RunResult& result);

// The phase with the highest peak allocated (the first of equals), among the phases that have a reading.
std::optional<std::size_t> peakPhaseIndex(const protocol::RunResult& result);
// The first failed phase.
std::optional<std::size_t> failedPhaseIndex(const protocol::RunResult& result);

} // namespace iteragpu::report
