// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/executor.h"
#include "core/sweep/sweeptypes.h"

#include <memory>
#include <string>

namespace iteragpu::sweep {

// The executor the spec names ("local": its devices; "slurm": its options). nullptr with one line in error when
// the name is unknown, the executor is not built, or it cannot run here (its unavailableReason()).
std::unique_ptr<Executor> makeExecutor(const SweepSpec& spec, std::string& error);

} // namespace iteragpu::sweep
