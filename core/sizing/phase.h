// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// A moment of the workload and the components alive in it: "inference", "train_step", "evaluation", "export".
struct Phase {
    std::string id;
    std::vector<std::string> componentIds;
    std::uint64_t bytes = 0; // sum of its components, reserve excluded
};

} // namespace iteragpu::sizing
