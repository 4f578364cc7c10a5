// SPDX-License-Identifier: Apache-2.0
#include "app/cli/exportcommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/optionconventions.h"
#include "core/interop/memoryvizexport.h"
#include "core/interop/perfettoexport.h"
#include "core/report/resultjson.h"
#include "core/units/printable.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

namespace iteragpu::cli {

namespace {

    struct ExportOptions {
        std::string file;
        std::string to;
        std::string output;
        bool force = false; // replace an existing --output
    };

    int runExport(const ExportOptions& o, std::ostream& out, std::ostream& err)
    {
        const char* prefix = "iteragpu export: ";
        // A missing or read-only folder, or a name too long for it, is refused before the result is read, as
        // measure refuses it before a run.
        if (std::string why; !report::canCreateFile(o.output, why)) {
            err << prefix << why << "; nothing was exported\n";
            return kExitUsage;
        }
        protocol::RunResult result;
        std::string error;
        if (!report::readResultFile(o.file, result, error)) {
            err << prefix << error << "\n";
            return kExitError;
        }
        std::string bytes;
        try {
            bytes = o.to == "memory-viz" ? interop::memoryVizPickle(result)
                                         : interop::perfettoTrace(result).dump(1) + "\n";
        } catch (const std::exception& e) {
            err << prefix << "cannot encode " << units::printable(o.file) << ": " << units::printable(e.what()) << "\n";
            return kExitError;
        }
        if (const int code = writeExitCode(report::writeWholeFile(o.output, bytes, error, o.force), error, err, prefix))
            return code;
        out << units::printable(o.output) << " written: "
            << (o.to == "memory-viz" ? "memory snapshot for pytorch.org/memory_viz" : "JSON trace for ui.perfetto.dev");
        if (o.to == "memory-viz")
            out << ", " << result.trace.size() << " allocator events"
                << (result.traceDropped > 0 ? " (the " + std::to_string(result.traceDropped)
                               + " oldest were dropped by the bounded trace)"
                                            : "");
        out << (result.simulated ? " (simulated)" : "") << (result.imported ? " (imported)" : "") << "\n";
        return kExitOk;
    }

}

void addExportCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<ExportOptions>();
    auto* sub = app.add_subcommand("export",
        "A saved measurement (a result file of 'measure --output' or 'import') for the viewers you know: a PyTorch "
        "memory snapshot for pytorch.org/memory_viz (its allocator trace, phases as annotations) or a JSON trace for "
        "ui.perfetto.dev (allocated, reserved and device counters, one slice per phase).");
    sub->footer("Examples:\n"
                "  iteragpu export run.json --to memory-viz --output run.pickle\n"
                "      the allocator trace of run.json, to open at pytorch.org/memory_viz\n"
                "  iteragpu export run.json --to perfetto --output run.trace.json\n"
                "      counters and phases of run.json, to open at ui.perfetto.dev");
    sub->add_option("RESULT", opts->file, "Result file (JSON) written by 'iteragpu measure --output' or 'import'")
        ->required()
        ->type_name("PATH");
    sub->add_option("--to", opts->to, "memory-viz (a pickle) or perfetto (JSON)")
        ->required()
        ->type_name("FORMAT")
        ->check(CLI::IsMember({ "memory-viz", "perfetto" }));
    sub->add_option(
           "--output,-o", opts->output, "File to write; an existing file is refused (exit code 3) unless --force")
        ->required()
        ->type_name("PATH");
    addForceFlag(*sub, opts->force);
    sub->callback([&action, &out, &err, opts] { action = [&out, &err, opts] { return runExport(*opts, out, err); }; });
}

} // namespace iteragpu::cli
