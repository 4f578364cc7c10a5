// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>

namespace iteragpu::gui {

// One reading of the counters as the timeline keeps it: seconds since the run started and byte counts. The
// device-level reading is optional: a backend without one leaves it empty, it never reads as 0.
struct TimelineSample {
    double seconds = 0.0;
    std::uint64_t allocated = 0; // bytes
    std::uint64_t reserved = 0; // bytes
    std::optional<std::uint64_t> device; // bytes used on the device as the driver sees it
};

} // namespace iteragpu::gui
