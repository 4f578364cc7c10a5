// SPDX-License-Identifier: Apache-2.0
#include "core/report/ledgertable.h"

#include "core/units/printable.h"
#include "core/units/readablesize.h"
#include "core/units/units.h"

#include <sstream>

namespace iteragpu::report {

namespace {

    // Columns: label, bytes, then source and cause; a line is 120 characters at most for labels of up to 58
    // (the longest source and cause, "computed, outside the allocator", is 31).
    constexpr std::size_t kLabelColumn = 58; // characters of a label, its indent included
    constexpr std::size_t kBytesColumn = 29; // "-123 456 789 012 B (-114.98 GiB)" pushes the rest, the rare case
    constexpr std::size_t kWidth = 120;

    // Words of `text` after `prefix`, wrapped at kWidth with the continuation lines indented by `indent`.
    std::string wrapped(const std::string& prefix, const std::string& text, std::size_t indent)
    {
        std::string out = prefix;
        std::size_t column = prefix.size();
        std::istringstream words(text);
        std::string word;
        while (words >> word) {
            if (column > indent && column + 1 + word.size() > kWidth) {
                out += "\n" + std::string(indent, ' ');
                column = indent;
            } else {
                out += ' ';
                ++column;
            }
            out += word;
            column += word.size();
        }
        return out + "\n";
    }

    std::string padded(std::string text, std::size_t width)
    {
        if (text.size() < width)
            text.append(width - text.size(), ' ');
        return text;
    }

    std::string lineText(const LedgerLine& line, const std::string& prefix, bool showPlus)
    {
        std::string text = padded(prefix + line.label.english(), kLabelColumn) + " "
            + padded(signedBytesText(line.bytes, showPlus), kBytesColumn) + " " + ledgerSourceName(line.source);
        if (line.cause)
            text += ", " + ledgerCauseLabel(*line.cause).english();
        return text + "\n";
    }

} // namespace

std::string signedBytesText(const std::optional<std::int64_t>& bytes, bool showPlus)
{
    if (!bytes)
        return "n/a";
    const bool negative = *bytes < 0;
    // The magnitude as unsigned, INT64_MIN included.
    const std::uint64_t magnitude
        = negative ? static_cast<std::uint64_t>(-(*bytes + 1)) + 1 : static_cast<std::uint64_t>(*bytes);
    const std::string sign = negative ? "-" : (showPlus && magnitude > 0 ? "+" : "");
    return sign + units::groupDigits(magnitude) + " B (" + sign + units::formatReadable(magnitude, units::Unit::GiB)
        + ")";
}

std::string ledgerTable(const PhaseLedger& ledger)
{
    std::ostringstream s;
    s << (ledger.simulated ? "[simulated] " : "") << "ledger of " << units::printableName(ledger.phase) << " ("
      << protocol::phaseStatusName(ledger.status) << "): why the peak exceeds the estimate\n";
    for (const auto& section : ledger.sections) {
        const bool differences = section.kind == LedgerSectionKind::Differences;
        s << "  " << section.title.english() << "\n";
        if (section.missing)
            s << "    (" << section.missing->english() << ")\n";
        for (const auto& part : section.parts)
            s << lineText(part, "    ", differences);
        if (!section.parts.empty() || section.total.bytes)
            s << lineText(section.total, "    = ", differences);
        for (const auto& aside : section.asides) {
            if (aside.key == "origin")
                s << "    from: " << aside.label.english() << "\n";
            else if (aside.key.rfind("how:", 0) == 0)
                s << wrapped("    how: " + aside.key.substr(4) + ":", aside.label.english(), 6);
            else
                s << lineText(aside, "    beside: ", false);
        }
    }
    return s.str();
}

} // namespace iteragpu::report
