// SPDX-License-Identifier: Apache-2.0
#include "app/cli/environmentcommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/optionconventions.h"
#include "core/alloc/asyncpoolallocator.h"
#include "core/alloc/cachingallocator.h"
#include "core/buildinfo/buildinfo.h"
#include "core/registry/backendregistry.h"
#include "core/report/textsummary.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

namespace iteragpu::cli {

namespace {

    struct EnvironmentOptions {
        std::string device;
        bool json = false;
    };

    nlohmann::ordered_json optionalBytes(const std::optional<std::uint64_t>& v)
    {
        return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
    }

    int runEnvironment(const EnvironmentOptions& o, std::ostream& out, std::ostream& err)
    {
        using nlohmann::ordered_json;
        device::BackendRegistry registry;
        ordered_json j;
        j["schema"] = "iteragpu.environment/1";
        j["app_version"] = BuildInfo::version();
        j["commit"] = BuildInfo::commit();
        j["compiler"] = BuildInfo::compiler();
        j["os"] = BuildInfo::os();
        ordered_json backends = ordered_json::array();
        std::string text = "iteragpu " + BuildInfo::version() + " (commit " + BuildInfo::commit() + ")\n"
            + "compiler: " + BuildInfo::compiler() + "\nos: " + BuildInfo::os() + "\n";
        for (const auto& st : registry.load()) {
            text += "backend " + st.name + ": " + (st.built ? "built" : "not built") + ", "
                + (st.loaded ? "loaded" : "not loaded");
            if (st.loaded)
                text += ", " + std::to_string(st.deviceCount) + " device(s)";
            std::string runtime;
            if (device::Backend* b = st.loaded ? registry.backend(st.name) : nullptr)
                runtime = b->runtimeDescription();
            if (!runtime.empty())
                text += "; " + runtime;
            if (!st.error.empty())
                text += " (" + st.error + ")";
            text += "\n";
            backends.push_back({ { "name", st.name }, { "built", st.built }, { "loaded", st.loaded },
                { "module", st.modulePath }, { "devices", st.deviceCount }, { "runtime", runtime },
                { "error", st.error.empty() ? ordered_json(nullptr) : ordered_json(st.error) } });
        }
        j["backends"] = backends;
        j["allocators"] = { { "native", alloc::CachingAllocator::settingsText() },
            { "async", alloc::AsyncPoolAllocator::settingsText() } };
        text += "allocator native: " + alloc::CachingAllocator::settingsText() + "\n";
        text += "allocator async: " + alloc::AsyncPoolAllocator::settingsText() + "\n";

        int code = kExitOk;
        if (!o.device.empty()) {
            device::Status status;
            auto ctx = registry.open(o.device, status);
            if (!ctx) {
                err << "iteragpu environment: " << status.message << "\n";
                j["device"] = nullptr;
                j["device_error"] = status.message;
                code = kExitNoDevice;
            } else {
                const auto& info = ctx->info();
                const auto reading = ctx->reading();
                const bool async = ctx->supportsAsyncPool();
                std::string backendName = o.device.substr(0, o.device.find(':'));
                j["device"] = { { "id", info.id }, { "backend", backendName }, { "name", info.name },
                    { "total_bytes", info.totalBytes }, { "arch", info.arch }, { "driver_version", info.driverVersion },
                    { "runtime_version", info.runtimeVersion }, { "multiprocessors", info.multiprocessors },
                    { "simulated", info.simulated }, { "async_pool", async },
                    { "reading",
                        { { "free", optionalBytes(reading.freeBytes) }, { "total", optionalBytes(reading.totalBytes) },
                            { "process_used", optionalBytes(reading.processUsedBytes) },
                            { "process_used_source", reading.processUsedSource } } } };
                if (info.simulated)
                    j["note"] = "sim devices are simulated: a memory model, not a GPU";
                text += "device " + info.id + ": " + info.name + ", " + std::to_string(info.totalBytes)
                    + " bytes, arch " + info.arch + (info.simulated ? " (simulated, not a GPU measurement)" : "")
                    + "\n";
                text += "  backend " + backendName + ", driver " + info.driverVersion + ", runtime "
                    + info.runtimeVersion + ", multiprocessors " + std::to_string(info.multiprocessors) + "\n";
                text += "  reported capacity " + report::bytesText(info.totalBytes) + ", free "
                    + report::bytesText(reading.freeBytes) + ", this process "
                    + report::bytesText(reading.processUsedBytes)
                    + (reading.processUsedSource.empty() ? "" : " [" + reading.processUsedSource + "]") + "\n";
                text += std::string("  allocators: native (caching allocator), async (stream-ordered pool) ")
                    + (async ? "available" : "not available on this device") + "\n";
            }
        }
        if (o.json)
            out << j.dump(2) << "\n";
        else
            out << text;
        return code;
    }

} // namespace

void addEnvironmentCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<EnvironmentOptions>();
    auto* sub = app.add_subcommand("environment", "Report the backends, the device, the allocators and the build.");
    setExamples(*sub,
        { { "iteragpu environment", "the backends built and loaded, the allocators and the build" },
            { "iteragpu environment --device cuda:0", "the same, and what the first CUDA device reports" },
            { "iteragpu environment --device sim:0 --json", "the simulated device, as JSON" } });
    sub->add_option("--device", opts->device, "Device id: cuda:N, hip:N or sim:N")
        ->type_name(kDevicePlaceholder)
        ->group(kGroupDevices);
    addJsonFlag(*sub, opts->json, "Print one JSON object (schema iteragpu.environment/1) instead of text");
    sub->callback(
        [&action, &out, &err, opts] { action = [&out, &err, opts] { return runEnvironment(*opts, out, err); }; });
}

} // namespace iteragpu::cli
