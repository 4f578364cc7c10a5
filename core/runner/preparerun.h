// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"
#include "core/registry/backendregistry.h"
#include "core/runner/runner.h"

#include <optional>
#include <string>

namespace iteragpu::protocol {

// The one way from a run configuration to a device the worker can open, for the CLI and the window alike:
// validate the configuration, parse the device id, find its backend, check the index, and capture the run's
// open options (the simulated capacity) in the factory, so nothing shared is changed for one run.
struct PreparedRun {
    enum class Failure {
        None,
        InvalidConfig, // validateConfig() refused it
        InvalidDeviceId, // not BACKEND:INDEX
        BackendUnavailable, // not built, not loaded, or its runtime is missing
        NoSuchDevice, // the backend has no device with that index
        OptionNotApplicable, // a simulated capacity for a GPU
    };

    Failure failure = Failure::None;
    std::string error; // one line, set when failure != None
    BackendDescription backend;
    std::optional<device::DeviceInfo> device; // as the run will see it (a simulated capacity applied)
    DeviceFactory factory; // call on the run's thread

    bool ok() const { return failure == Failure::None; }
};

// The registry must outlive the factory (it owns the backends the factory opens).
PreparedRun prepareRun(device::BackendRegistry& registry, const RunConfig& config);

} // namespace iteragpu::protocol
