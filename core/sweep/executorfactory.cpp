// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/executorfactory.h"

#include "core/sweep/localexecutor.h"
#include "core/sweep/slurmexecutor.h"

namespace iteragpu::sweep {

std::unique_ptr<Executor> makeExecutor(const SweepSpec& spec, std::string& error)
{
    std::unique_ptr<Executor> executor;
    if (spec.executor == "local") {
        executor = std::make_unique<LocalExecutor>(spec.devices);
    } else if (spec.executor == "slurm") {
        executor = std::make_unique<SlurmExecutor>(spec.slurm);
    } else {
        error = "unknown executor '" + spec.executor + "' (local or slurm)";
        return nullptr;
    }
    if (std::string why = executor->unavailableReason(); !why.empty()) {
        error = "the " + executor->name() + " executor cannot run here: " + why;
        return nullptr;
    }
    return executor;
}

} // namespace iteragpu::sweep
