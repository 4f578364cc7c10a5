// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/device/backend.h"
#include "core/i18n/message.h"
#include "core/sim/simbackend.h"

#include <memory>
#include <string>
#include <vector>

namespace iteragpu::device {

// What the registry knows about one backend: whether this build produced it, whether it loaded, and why not.
struct BackendStatus {
    std::string name; // "cuda", "hip", "sim"
    bool built = false; // this build produced the module
    bool loaded = false; // dlopen and the entry point succeeded
    std::string modulePath; // the file tried last
    std::string error; // the loader's or the runtime's own text when it did not load or has no device
    int deviceCount = 0;
};

// A parsed device id: "cuda:0" → {"cuda", 0}.
struct DeviceId {
    std::string backend;
    int index = 0;
};
std::optional<DeviceId> parseDeviceId(const std::string& id, std::string& error);
// Why `id` is no device id, in one line (context RunRefusal); nullopt when parseDeviceId reads it.
std::optional<i18n::Message> deviceIdRefusal(const std::string& id);

// Loads the backend modules at run time (like nvtop loads NVML) and always offers the simulated device.
// A missing module or runtime library is a status line, never a crash.
class BackendRegistry {
public:
    BackendRegistry();
    ~BackendRegistry();
    BackendRegistry(const BackendRegistry&) = delete;
    BackendRegistry& operator=(const BackendRegistry&) = delete;

    // Backend names this build was configured to produce as modules ("cuda", "hip").
    static std::vector<std::string> builtModules();
    // Folders searched for modules, in order: $ITERAGPU_MODULE_DIR, next to the executable, the build tree
    // (only for a program run from it), the install prefix.
    static std::vector<std::string> moduleSearchPath();

    // Tries every module once (again on each call: a refresh) and returns one status per backend.
    const std::vector<BackendStatus>& load();
    // Loads only the module a device id needs (none for "sim:N"): a simulated run does not map the CUDA and
    // ROCm libraries (about 200 MB resident). The other backends' statuses say they were not loaded.
    const std::vector<BackendStatus>& loadFor(const std::string& deviceId);
    const std::vector<BackendStatus>& statuses() const { return m_statuses; }

    // nullptr when the backend is unknown or did not load.
    Backend* backend(const std::string& name) const;
    // The simulated backend, always present. A run's own capacity is an option of opening it
    // (core/runner/preparerun.h), not a change to this shared backend.
    sim::SimBackend* simBackend() const;

    // Opens "cuda:0" / "hip:0" / "sim:0". On failure returns nullptr and error says why in one line.
    std::unique_ptr<DeviceContext> open(const std::string& deviceId, Status& status);

private:
    const std::vector<BackendStatus>& loadOnly(const std::vector<std::string>& wanted);
    struct Module;
    std::vector<std::unique_ptr<Module>> m_modules;
    std::unique_ptr<sim::SimBackend> m_sim;
    std::vector<BackendStatus> m_statuses;
};

} // namespace iteragpu::device
