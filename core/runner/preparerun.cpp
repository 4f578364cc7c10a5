// SPDX-License-Identifier: Apache-2.0
#include "core/runner/preparerun.h"

namespace iteragpu::protocol {

PreparedRun prepareRun(device::BackendRegistry& registry, const RunConfig& config)
{
    PreparedRun out;
    auto fail = [&out](PreparedRun::Failure failure, std::string error) {
        out.failure = failure;
        out.error = std::move(error);
        return out;
    };
    if (std::string invalid = validateConfig(config); !invalid.empty())
        return fail(PreparedRun::Failure::InvalidConfig, std::move(invalid));
    std::string idError;
    const auto id = device::parseDeviceId(config.deviceId, idError);
    if (!id)
        return fail(PreparedRun::Failure::InvalidDeviceId, idError);
    device::Backend* backend = registry.backend(id->backend);
    if (!backend) {
        std::string why = "not loaded";
        for (const auto& st : registry.statuses())
            if (st.name == id->backend && !st.error.empty())
                why = st.error;
        return fail(PreparedRun::Failure::BackendUnavailable, id->backend + " backend unavailable: " + why);
    }
    if (config.simCapacityBytes && !backend->simulated())
        return fail(PreparedRun::Failure::OptionNotApplicable, "a simulated capacity applies to sim:N devices only");
    const int count = backend->deviceCount();
    if (id->index >= count) {
        const std::string reason
            = count == 0 ? backend->lastError() : std::to_string(count) + " device(s) present";
        return fail(PreparedRun::Failure::NoSuchDevice,
            "no device " + config.deviceId + ": " + (reason.empty() ? std::string("no device") : reason));
    }
    out.backend.name = id->backend;
    out.backend.runtimeDescription = backend->runtimeDescription();
    out.backend.simulated = backend->simulated();
    const int index = id->index;
    out.device = backend->deviceInfo(index);
    if (backend->simulated()) {
        sim::SimBackend* simBackend = registry.simBackend();
        sim::SimOptions options = simBackend->options();
        if (config.simCapacityBytes)
            options.capacityBytes = *config.simCapacityBytes;
        if (out.device)
            out.device->totalBytes = options.capacityBytes;
        out.factory = [simBackend, index, options](device::Status& status) {
            return simBackend->open(index, options, status);
        };
    } else {
        out.factory = [backend, index](device::Status& status) { return backend->open(index, status); };
    }
    return out;
}

} // namespace iteragpu::protocol
