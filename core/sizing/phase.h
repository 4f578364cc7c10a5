// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// A moment of the workload and the components alive in it: "inference", "train_step", "evaluation", "export";
// a training step sized from the decoder's inventory: "first_step.forward", ..., "warm_step", "eval",
// "checkpoint_save" (Estimate::trainingStep).
struct Phase {
    std::string id;
    std::vector<std::string> componentIds;
    // The sum of its components, reserve excluded; a training step's phase: its peak, the sum of its parts at that
    // moment (a part can be less than its component, the gradients made so far).
    std::uint64_t bytes = 0;
};

} // namespace iteragpu::sizing
