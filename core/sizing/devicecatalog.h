// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sizing/gpucard.h"

#include <filesystem>
#include <string>
#include <vector>

namespace iteragpu::sizing {

// The GPU catalog: a JSON file {"cards": [{"id", "name", "vendor", "marketed", "reported_mib" | "reported_bytes",
// "usable_bytes" | "usable_mib" | "usable_gib", "usable_source", "note", "peak_dense_flops": {"bf16", "fp16", "fp32"}, "memory_bandwidth_bytes_per_s", "pace_source"}]}; the
// peak figures are optional, each a number above 0 when present, and need a pace_source. Throws SizingError with
// one line for a missing file or a malformed entry.
class DeviceCatalog {
public:
    static DeviceCatalog load(const std::filesystem::path& path);
    // resources/catalog/gpus.json through ResourcePaths.
    static DeviceCatalog loadDefault();

    const std::vector<GpuCard>& cards() const { return m_cards; }
    // By id or name, case-insensitive; nullptr when absent.
    const GpuCard* find(const std::string& idOrName) const;
    const std::string& source() const { return m_source; }

private:
    std::vector<GpuCard> m_cards;
    std::string m_source;
};

} // namespace iteragpu::sizing
