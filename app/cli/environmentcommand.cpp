// SPDX-License-Identifier: Apache-2.0
#include "app/cli/environmentcommand.h"

#include "app/cli/cliapp.h"
#include "core/build/buildinfo.h"
#include "core/device/backendregistry.h"

#include <CLI/CLI.hpp>

#include <memory>
#include <ostream>

namespace iteragpu::cli {

namespace {
struct EnvironmentOptions {
    std::string device;
};
} // namespace

void addEnvironmentCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<EnvironmentOptions>();
    auto* sub = app.add_subcommand("environment", "Report the backends, the device and the build.");
    sub->add_option("--device", opts->device, "Device id: cuda:N, hip:N or sim:N");
    sub->callback([&action, &out, &err, opts] {
        action = [&out, &err, opts] {
            device::BackendRegistry registry;
            out << "iteragpu " << BuildInfo::version() << " (commit " << BuildInfo::commit() << ")\n";
            out << "compiler: " << BuildInfo::compiler() << "\nos: " << BuildInfo::os() << "\n";
            for (const auto& st : registry.load()) {
                out << "backend " << st.name << ": " << (st.built ? "built" : "not built") << ", "
                    << (st.loaded ? "loaded" : "not loaded");
                if (st.loaded)
                    out << ", " << st.deviceCount << " device(s)";
                if (!st.error.empty())
                    out << " (" << st.error << ")";
                out << "\n";
            }
            if (opts->device.empty())
                return static_cast<int>(kExitOk);
            device::Status status;
            auto ctx = registry.open(opts->device, status);
            if (!ctx) {
                err << "iteragpu environment: " << status.message << "\n";
                return static_cast<int>(kExitNoDevice);
            }
            const auto& info = ctx->info();
            out << "device " << info.id << ": " << info.name << ", " << info.totalBytes << " bytes, arch "
                << info.arch << (info.simulated ? " (simulated, not a GPU measurement)" : "") << "\n";
            return static_cast<int>(kExitOk);
        };
    });
}

} // namespace iteragpu::cli
