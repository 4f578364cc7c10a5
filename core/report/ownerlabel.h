// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/owner.h"
#include "core/i18n/message.h"

namespace iteragpu::report {

// The one table of what each owner is called where a person reads it: the ledger's lines, the CLI's ledger, the
// sheet and the timeline's owner legend all use these words (translation context "Ledger"; english() for the CLI).
// The JSON keys stay alloc::ownerName's.
i18n::Message ownerLabel(alloc::Owner owner);

} // namespace iteragpu::report
