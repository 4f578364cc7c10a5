// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"

#include <cstdint>
#include <memory>

// The simulated device: memory only (capacity settable, out-of-memory included), deterministic, and labelled
// "simulated" in everything it produces. It is never offered as a GPU measurement.
namespace iteragpu::sim {

inline constexpr std::uint64_t kDefaultSimCapacity = 80ULL * 1024 * 1024 * 1024; // bytes (an 80 GiB card)

struct SimOptions {
    std::uint64_t capacityBytes = kDefaultSimCapacity;
    // Simulated time each kernel takes, so a run has a visible timeline; 0 runs as fast as possible.
    std::uint32_t kernelMicros = 200;
};

class SimBackend : public device::Backend {
public:
    explicit SimBackend(SimOptions options = {});
    std::string name() const override { return "sim"; }
    bool simulated() const override { return true; }
    std::string runtimeDescription() override;
    int deviceCount() override { return 1; }
    std::string lastError() const override { return {}; }
    std::optional<device::DeviceInfo> deviceInfo(int index) override;
    std::unique_ptr<device::DeviceContext> open(int index, device::Status& status) override;
    // Opens with options of one run (its capacity), leaving the backend's own options as they are: a backend
    // shared by the window's runs is never mutated for one of them (core/runner/preparerun.h).
    std::unique_ptr<device::DeviceContext> open(int index, const SimOptions& options, device::Status& status) const;

    // The defaults every run starts from (the simulated kernels' pace; the capacity when a run names none).
    void setOptions(const SimOptions& options) { m_options = options; }
    const SimOptions& options() const { return m_options; }

private:
    SimOptions m_options;
};

std::unique_ptr<SimBackend> makeSimBackend(SimOptions options = {});

} // namespace iteragpu::sim
