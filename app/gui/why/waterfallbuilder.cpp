// SPDX-License-Identifier: Apache-2.0
#include "app/gui/why/waterfallbuilder.h"

#include "app/gui/application/messagetext.h"
#include "app/gui/why/signedbytes.h"

#include <QStringList>
#include <algorithm>
#include <cstdlib>

namespace iteragpu::gui {

namespace {

    using report::LedgerSectionKind;
    using report::LedgerSource;
    using Bytes = std::optional<std::int64_t>;

    Bytes plus(Bytes a, Bytes b) { return a && b ? Bytes(*a + *b) : std::nullopt; }

    const report::LedgerLine* findLine(const std::vector<report::LedgerLine>& lines, const char* key)
    {
        const auto it = std::find_if(lines.begin(), lines.end(), [key](const auto& l) { return l.key == key; });
        return it == lines.end() ? nullptr : &*it;
    }

    // The estimate's parts aimed at one level; nullopt when one of them could not be computed, 0 when none.
    Bytes estimateOf(const report::PhaseEstimate& estimate, std::initializer_list<report::EstimateTarget> targets)
    {
        Bytes sum = std::int64_t { 0 };
        for (const auto& part : estimate.parts)
            if (std::find(targets.begin(), targets.end(), part.target) != targets.end())
                sum = part.bytes ? plus(sum, static_cast<std::int64_t>(*part.bytes)) : std::nullopt;
        return sum;
    }

    QString missingOf(const report::LedgerSection& section)
    {
        return section.missing ? messageText(*section.missing) : QString();
    }

} // namespace

std::vector<WaterfallRow> WaterfallBuilder::build(const protocol::PhaseResult& phase,
    const report::PhaseLedger& ledger, const std::optional<report::PhaseEstimate>& estimate, const Palette& palette,
    units::Unit unit)
{
    using Kind = WaterfallRow::Kind;
    using Key = WaterfallRow::Key;
    using Role = Palette::Role;
    const auto& estimateSection = ledger.section(LedgerSectionKind::Estimate);
    const auto& byOwner = ledger.section(LedgerSectionKind::ByOwner);
    const auto& allocator = ledger.section(LedgerSectionKind::Allocator);
    const auto& outside = ledger.section(LedgerSectionKind::Outside);
    const auto& differences = ledger.section(LedgerSectionKind::Differences);
    const auto signedText = [unit](std::int64_t bytes) { return SignedBytes::text(bytes, unit); };

    // The estimate of each measured level (the parts of the estimate aimed at it, and those below).
    Bytes estimateAllocated;
    Bytes estimateReserved;
    Bytes estimateDevice;
    if (estimate && estimateSection.total.bytes) {
        using T = report::EstimateTarget;
        estimateAllocated = estimateOf(*estimate, { T::Owner, T::Allocated });
        estimateReserved = plus(estimateAllocated, estimateOf(*estimate, { T::Allocator }));
        estimateDevice = estimateSection.total.bytes;
    }

    std::vector<WaterfallRow> rows;
    {
        WaterfallRow row;
        row.key = Key::Estimate;
        row.label = tr("Estimate");
        row.from = std::int64_t { 0 };
        row.to = estimateSection.total.bytes;
        row.source = LedgerSource::Computed;
        row.role = Role::Estimate;
        row.missing = missingOf(estimateSection);
        if (estimate && row.to) {
            // Allocated parts first (they meet the next step's start), then the allocator's and outside parts.
            for (const bool allocatedParts : { true, false })
                for (const auto& part : estimate->parts) {
                    const bool isAllocated = part.target == report::EstimateTarget::Owner
                        || part.target == report::EstimateTarget::Allocated;
                    if (isAllocated != allocatedParts || !part.bytes || *part.bytes == 0)
                        continue;
                    const QColor color = part.target == report::EstimateTarget::Owner ? palette.ownerColor(part.owner)
                        : part.target == report::EstimateTarget::Allocated            ? palette.color(Role::Allocated)
                        : part.target == report::EstimateTarget::Allocator            ? palette.color(Role::Reserved)
                                                                                      : palette.color(Role::Device);
                    row.segments.push_back(
                        { messageText(part.label), static_cast<std::int64_t>(*part.bytes), color, part.source });
                }
        }
        rows.push_back(row);
    }
    const Bytes allocated = byOwner.total.bytes;
    {
        WaterfallRow row;
        row.kind = Kind::Step;
        row.key = Key::ToAllocated;
        row.label = tr("Estimate to peak allocated");
        row.from = estimateAllocated;
        row.to = allocated;
        row.source = LedgerSource::Computed;
        row.role = Role::Allocated;
        // The owners' lines of estimate - measured, largest first, each with its cause (core's LedgerCause).
        std::vector<const report::LedgerLine*> lines;
        for (const auto& line : differences.parts)
            if (line.key != "allocator" && line.key != "outside" && line.bytes && *line.bytes != 0)
                lines.push_back(&line);
        std::stable_sort(lines.begin(), lines.end(),
            [](const auto* a, const auto* b) { return std::llabs(*a->bytes) > std::llabs(*b->bytes); });
        QStringList causes;
        for (std::size_t i = 0; i < lines.size() && i < 3; ++i) {
            const auto* line = lines[i];
            const QString cause = line->cause ? messageText(report::ledgerCauseLabel(*line->cause)) : QString();
            //: %1 a cause (not in the estimate, formula), %2 what, e.g. "attention scores", %3 measured - estimate
            causes << tr("%1: %2 %3").arg(cause, messageText(line->label), signedText(-*line->bytes));
        }
        row.cause = causes.join(QStringLiteral("; "));
        if (!estimateAllocated)
            row.missing = missingOf(estimateSection).isEmpty() ? missingOf(differences) : missingOf(estimateSection);
        else if (!allocated)
            row.missing = missingOf(byOwner);
        rows.push_back(row);
    }
    {
        WaterfallRow row;
        row.key = Key::PeakAllocated;
        row.label = tr("Peak allocated");
        row.from = std::int64_t { 0 };
        row.to = allocated;
        row.role = Role::Allocated;
        row.estimateOutline = estimateAllocated;
        if (!allocated)
            row.missing = tr("no allocated reading");
        for (const auto& part : byOwner.parts) {
            if (!part.bytes)
                continue;
            const auto owner = alloc::ownerFromName(part.key);
            row.segments.push_back({ messageText(part.label), *part.bytes,
                owner ? palette.ownerColor(*owner) : palette.color(Role::Allocated), part.source });
        }
        rows.push_back(row);
    }
    const report::LedgerLine* reservedAtPeakLine = findLine(allocator.asides, "reserved_at_peak");
    const Bytes reservedAtPeak = reservedAtPeakLine ? reservedAtPeakLine->bytes : std::nullopt;
    {
        WaterfallRow row;
        row.kind = Kind::Step;
        row.key = Key::Allocator;
        row.label = tr("Allocator");
        row.from = allocated;
        row.to = plus(allocated, allocator.total.bytes);
        row.role = Role::Reserved;
        row.source = allocator.total.source;
        QStringList parts;
        for (const auto& part : allocator.parts)
            if (part.bytes)
                parts << messageText(part.label) + QLatin1Char(' ') + signedText(*part.bytes);
        row.cause = messageText(report::ledgerCauseLabel(report::LedgerCause::AllocatorRounding));
        if (!parts.isEmpty())
            row.cause += QStringLiteral(": ") + parts.join(QStringLiteral(", "));
        row.missing = missingOf(allocator);
        rows.push_back(row);
    }
    {
        WaterfallRow row;
        row.key = Key::Reserved;
        row.label = tr("Reserved at the peak");
        row.from = std::int64_t { 0 };
        row.to = reservedAtPeak;
        row.role = Role::Reserved;
        row.estimateOutline = estimateReserved;
        row.missing = missingOf(allocator);
        rows.push_back(row);
    }
    const Bytes reservedAtEnd = phase.final.reserved ? Bytes(static_cast<std::int64_t>(*phase.final.reserved)) : std::nullopt;
    if (reservedAtPeak && reservedAtEnd && *reservedAtPeak != *reservedAtEnd) {
        WaterfallRow row;
        row.kind = Kind::Step;
        row.key = Key::AfterPeak;
        row.label = tr("Reserved after the peak");
        row.from = reservedAtPeak;
        row.to = reservedAtEnd;
        row.role = Role::Reserved;
        row.cause = tr("reserved at the phase's end - reserved at the peak moment");
        rows.push_back(row);
    }
    {
        WaterfallRow row;
        row.kind = Kind::Step;
        row.key = Key::Outside;
        row.label = tr("Outside the allocator");
        row.from = reservedAtEnd;
        row.to = plus(reservedAtEnd, outside.total.bytes);
        row.role = Role::Device;
        row.source = outside.total.source;
        QStringList parts;
        bool assumed = false;
        for (const auto& part : outside.parts) {
            if (!part.bytes)
                continue;
            assumed = assumed || part.source == LedgerSource::Assumed;
            parts << messageText(part.label) + QLatin1Char(' ') + signedText(*part.bytes);
        }
        if (assumed)
            row.source = LedgerSource::Assumed;
        row.cause = messageText(report::ledgerCauseLabel(report::LedgerCause::OutsideAllocator));
        if (!parts.isEmpty())
            row.cause += QStringLiteral(": ") + parts.join(QStringLiteral(", "));
        row.missing = missingOf(outside);
        rows.push_back(row);
    }
    {
        WaterfallRow row;
        row.key = Key::Device;
        row.label = tr("Device-level, phase end");
        row.from = std::int64_t { 0 };
        row.to = plus(reservedAtEnd, outside.total.bytes);
        row.role = Role::Device;
        row.estimateOutline = estimateDevice;
        row.missing = missingOf(outside);
        rows.push_back(row);
    }
    // A row whose bytes are missing says why; a reason core did not give is named generically, never as 0.
    for (auto& row : rows) {
        if (row.from && row.to)
            row.missing.clear();
        else if (row.missing.isEmpty())
            row.missing = tr("a reading is missing");
    }
    return rows;
}

} // namespace iteragpu::gui
