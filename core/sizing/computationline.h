// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"

#include <cstdint>
#include <string>

namespace iteragpu::sizing {

// Whether a line's number follows from the user's choices by counting (computed) or rests on a convention we
// chose (assumed: a format's scale layout, the activation formula, the reserve as typed).
enum class Provenance { Computed, Assumed };

const char* provenanceName(Provenance provenance); // "computed", "assumed" (the JSON value)
i18n::Term provenanceLabel(Provenance provenance); // translatable, context "Computation"

inline constexpr const char* kComputationContext = "Computation"; // the "How it is computed" lines

// One line of "How it is computed": the formula in words and symbols with the user's numbers substituted,
// ending with the result ("7 000 000 000 parameters x 16 bit / 8 = 14 000 000 000 bytes"). `bytes` is computed
// from the numbers shown and equals the component's bytes (a test checks it). Byte counts in the formula are
// Arg::grouped, so the GUI writes them with the reader's digit groups.
struct ComputationLine {
    std::string componentId; // a Component id, or "reserve"
    i18n::Message formula;
    std::uint64_t bytes = 0;
    Provenance provenance = Provenance::Computed;
    i18n::Message source; // where an assumed formula comes from (empty source text when none)
    // With tensor parallelism: how the amount is split per device ("/ 2 devices, rounded up = ... bytes per
    // device"); empty source text when there is nothing to split. `bytes` is the per-device amount.
    i18n::Message perDevice;

    // formula, then "; " + perDevice when present, in English (the CLI and the JSON).
    std::string english() const;
};

} // namespace iteragpu::sizing
