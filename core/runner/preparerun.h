// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/registry/backendregistry.h"
#include "core/runner/runner.h"
#include "core/sim/simcard.h"
#include "core/sizing/devicecatalog.h"

#include <optional>
#include <string>

namespace iteragpu::protocol {

// The one way from a run configuration to a device the worker can open, for the CLI and the window alike:
// validate the configuration, parse the device id, find its backend, check the index, capture the run's open
// options (the simulated card, its capacity and pace) in the factory, so nothing shared is changed for one run,
// and make what depends on the device (vLLM's plan on its total) into the configuration that runs.
struct PreparedRun {
    enum class Failure {
        None,
        InvalidConfig, // validateConfig() refused it
        InvalidDeviceId, // not BACKEND:INDEX
        BackendUnavailable, // not built, not loaded, or its runtime is missing
        NoSuchDevice, // the backend has no device with that index
        // A simulated capacity or card for a GPU; a simulated card the catalog does not have, or has without the
        // pace figures the run needs (its memory bandwidth, the peak FLOP/s of the run's compute dtype).
        OptionNotApplicable,
        // A vLLM rehearsal on a device that reports no total memory: vLLM's plan is made on it.
        NoDeviceTotal,
    };

    Failure failure = Failure::None;
    std::string error; // one line, set when failure != None: reason's English (the CLI writes it)
    std::optional<i18n::Message> reason; // the same line for the window to translate (context RunRefusal)
    BackendDescription backend;
    std::optional<device::DeviceInfo> device; // as the run will see it (a simulated capacity applied)
    DeviceFactory factory; // call on the run's thread
    // The run as it goes: the configuration given, with vLLM's plan made on the device's total as the run will
    // open it (RunConfig::vllm, planVllmRun; the device's name as vLLM's card name). Run this one, not the given.
    RunConfig config;

    bool ok() const { return failure == Failure::None; }
};

// The registry must outlive the factory (it owns the backends the factory opens). RunConfig::simCard is looked up
// in the default GPU catalog (DeviceCatalog::loadDefault), read only when a card is named; the second form takes a
// catalog the caller has already loaded.
PreparedRun prepareRun(device::BackendRegistry& registry, const RunConfig& config);
PreparedRun prepareRun(
    device::BackendRegistry& registry, const RunConfig& config, const sizing::DeviceCatalog& catalog);

// The simulated card of a catalog card: its name, reported capacity and pace figures; nullopt with a one-line
// reason when the catalog has no memory bandwidth for it, or no peak FLOP/s for computeDType.
std::optional<sim::SimCard> simCardOf(const sizing::GpuCard& card, device::DType computeDType, std::string& why);

} // namespace iteragpu::protocol
