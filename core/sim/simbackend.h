// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"
#include "core/i18n/message.h"
#include "core/sim/simcard.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

// The simulated device: memory modelled exactly but address-only (capacity settable, out-of-memory included, no
// host memory behind a tensor), time modelled by the roofline of a catalog card when one is chosen,
// deterministic, and labelled "simulated" in everything it produces. It is never offered as a GPU measurement.
// Its assumptions, each named where it is shown: the CUDA context's and the workspace's sizes (below), the time
// model (a card's roofline, core/sim/kernelcost.h), and a MoE layer's routing, which it cannot compute without data:
// balanced round-robin (Note [Assumed routing] in simbackend.cpp; its runtimeDescription says so).
namespace iteragpu::sim {

inline constexpr std::uint64_t kDefaultSimCapacity = 80ULL * 1024 * 1024 * 1024; // bytes (an 80 GiB card)
// sim:0 and sim:1: two independent simulated devices (each run opens its own), so a sweep's --jobs 2 and a
// comparison of two devices work without a GPU. Few on purpose: each is one more row in the device list.
inline constexpr int kSimDeviceCount = 2;
inline constexpr double kMaxSimSpeed = 1000.0; // times real time; more is not a pace anybody can watch
// Device memory a run holds outside its allocator, simulated (RunConfig::simContextBytes / simWorkspaceBytes;
// prepareRun applies these defaults to every run on sim:N). Assumed sizes, not measurements:
// - the CUDA context: 500 MiB, the order of magnitude nvidia-smi shows for a process that only created a context
//   on recent GPUs with lazy module loading (CUDA 11.7+, Ampere/Hopper: roughly 300-600 MiB depending on driver,
//   GPU and loaded modules);
// - the math library's workspace: 32 MiB, cuBLAS's default workspace on Hopper (CUBLAS_WORKSPACE_CONFIG ":4096:8"
//   = 8 x 4 MiB), allocated outside PyTorch's allocator when the handle is created.
inline constexpr std::uint64_t kDefaultSimContextBytes = 500ULL * 1024 * 1024; // bytes (assumed)
inline constexpr std::uint64_t kDefaultSimWorkspaceBytes = 32ULL * 1024 * 1024; // bytes (assumed)

struct SimOptions {
    std::uint64_t capacityBytes = kDefaultSimCapacity; // with a card, the runner sets the card's (or an override)
    // Without a card: the wall time each kernel takes at speed 1, so a run has a visible timeline (no model:
    // modelledSeconds() stays nullopt); 0 runs as fast as possible.
    std::uint32_t kernelMicros = 200;
    // The card whose roofline times every kernel: max(FLOPs / peak(dtype), bytes / bandwidth) of modelled time
    // (core/sim/kernelcost.h has the table). nullopt: no time model.
    std::optional<SimCard> card;
    // 1: modelled time in real time; 0: as fast as possible (never sleeps); otherwise that many times faster.
    double speed = 1.0;
    // Memory outside the allocator, held from open to close and counted in the device's used and process-used
    // readings (never in an allocator's counters): the simulated CUDA context and the math library's workspace.
    // 0 here (a bare device for unit tests); a run gets kDefaultSimContextBytes / kDefaultSimWorkspaceBytes or
    // its RunConfig's values from prepareRun. Their sum must fit in capacityBytes.
    std::uint64_t contextBytes = 0;
    std::uint64_t workspaceBytes = 0;
};

// The one-line reason when the speed is NaN, infinite, negative or above kMaxSimSpeed; nullopt when fine.
std::optional<i18n::Message> simSpeedRefusal(double speed);
// The one-line reason when the options cannot be opened (a speed that is NaN, negative or above kMaxSimSpeed; a
// card with no name, no capacity, or a bandwidth or peak that is not a number above 0); nullopt when fine.
std::optional<i18n::Message> simOptionsRefusal(const SimOptions& options);
// The same in English: empty when fine.
std::string validateSimSpeed(double speed);
std::string validateSimOptions(const SimOptions& options);

class SimBackend : public device::Backend {
public:
    explicit SimBackend(SimOptions options = {});
    std::string name() const override { return "sim"; }
    bool simulated() const override { return true; }
    std::string runtimeDescription() override;
    // With a run's options: names the simulated context and workspace and their assumed sizes.
    std::string runtimeDescription(const SimOptions& options) const;
    int deviceCount() override { return kSimDeviceCount; }
    std::string lastError() const override { return {}; }
    std::optional<device::DeviceInfo> deviceInfo(int index) override;
    // The device as a run with these options sees it (the simulated card's name, the capacity).
    std::optional<device::DeviceInfo> deviceInfo(int index, const SimOptions& options) const;
    std::unique_ptr<device::DeviceContext> open(int index, device::Status& status) override;
    // Opens with options of one run (its capacity), leaving the backend's own options as they are: a backend
    // shared by the window's runs is never mutated for one of them (core/runner/preparerun.h).
    std::unique_ptr<device::DeviceContext> open(int index, const SimOptions& options, device::Status& status) const;

    // The defaults every run starts from (the simulated kernels' pace without a card; the capacity when a run
    // names none). Each run's card and speed come from its configuration (prepareRun).
    void setOptions(const SimOptions& options) { m_options = options; }
    const SimOptions& options() const { return m_options; }

private:
    SimOptions m_options;
};

std::unique_ptr<SimBackend> makeSimBackend(SimOptions options = {});

} // namespace iteragpu::sim
