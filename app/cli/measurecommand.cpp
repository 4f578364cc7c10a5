// SPDX-License-Identifier: Apache-2.0
#include "app/cli/measurecommand.h"

#include "app/cli/cliapp.h"
#include "core/device/backendregistry.h"

#include <CLI/CLI.hpp>

#include <filesystem>
#include <memory>
#include <ostream>

namespace iteragpu::cli {

namespace {
struct MeasureOptions {
    std::string device;
    std::string output;
};
} // namespace

void addMeasureCommand(CLI::App& app, std::ostream&, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<MeasureOptions>();
    auto* sub = app.add_subcommand("measure", "Run a workload phase by phase on a device and record its memory.");
    sub->add_option("--device", opts->device, "Device id: cuda:N, hip:N or sim:N")->required();
    sub->add_option("--output", opts->output, "Result file (JSON); an existing file is refused");
    sub->callback([&action, &err, opts] {
        action = [&err, opts] {
            device::BackendRegistry registry;
            device::Status status;
            auto ctx = registry.open(opts->device, status);
            if (!ctx) {
                err << "iteragpu measure: " << status.message << "\n";
                return static_cast<int>(kExitNoDevice);
            }
            err << "iteragpu measure: the measurement engine is not part of this build yet\n";
            return static_cast<int>(kExitError);
        };
    });
}

} // namespace iteragpu::cli
