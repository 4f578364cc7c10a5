// SPDX-License-Identifier: Apache-2.0
#include "app/cli/importcommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/optionconventions.h"
#include "core/interop/snapshotimport.h"
#include "core/report/resultjson.h"
#include "core/units/printable.h"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <memory>
#include <ostream>

namespace iteragpu::cli {

namespace {

    struct ImportOptions {
        std::string file;
        std::string output;
        bool force = false; // replace an existing --output
    };

    std::string bytesText(const std::optional<std::uint64_t>& v)
    {
        return v ? std::to_string(*v) + " B" : std::string("unknown");
    }

    int runImport(const ImportOptions& o, std::ostream& out, std::ostream& err)
    {
        const char* prefix = "iteragpu import: ";
        // The output is refused before the snapshot is read (it may be large), and again when written: a missing
        // or read-only folder or a name too long for it as bad arguments (as measure refuses them), then an
        // existing file (unless --force).
        if (std::string why; !report::canCreateFile(o.output, why)) {
            err << prefix << why << "; nothing was imported\n";
            return kExitUsage;
        }
        std::error_code ec;
        if (!o.force && std::filesystem::symlink_status(o.output, ec).type() != std::filesystem::file_type::not_found
            && !ec) {
            err << prefix << "the output file " << units::printable(o.output)
                << " exists; it is left untouched (choose another path)\n";
            return kExitOutputExists;
        }
        protocol::RunResult result;
        std::string error;
        if (!interop::importSnapshotFile(o.file, result, error)) {
            err << prefix << error << "\n";
            return kExitError;
        }
        if (const int code
            = writeExitCode(report::writeResultFile(o.output, result, error, o.force), error, err, prefix))
            return code;
        out << units::printable(o.output) << " written (imported): " << result.phases.size() << " phase"
            << (result.phases.size() == 1 ? "" : "s") << " of " << units::printable(result.config.deviceId) << " from "
            << result.imported->entries << " trace entries\n";
        for (const auto& p : result.phases)
            out << "  " << units::printable(protocol::phaseLabel(p)) << ": peak allocated "
                << bytesText(p.peak.allocated) << ", peak reserved " << bytesText(p.peak.reserved)
                << (p.status == protocol::PhaseStatus::Failed ? " (failed: " + units::printable(p.error) + ")" : "")
                << "\n";
        out << units::printable(result.imported->note) << "\n";
        return kExitOk;
    }

}

void addImportCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<ImportOptions>();
    auto* sub = app.add_subcommand("import",
        "A PyTorch memory snapshot recorded by your own job (torch.cuda.memory._record_memory_history(), then "
        "_dump_snapshot()) as a result file, marked imported: allocated and reserved over time rebuilt from its "
        "trace, phases from its record_function regions or memory metadata. The pickle is read as plain data "
        "only; nothing in it is executed.");
    sub->footer(
        "Examples:\n"
        "  iteragpu import snapshot.pickle --output run.json\n"
        "      the snapshot as a result file; 'iteragpu explain run.json' and the workbench read it\n"
        "  iteragpu import snapshot.pickle -o run.json && iteragpu export run.json --to perfetto -o run.trace.json\n"
        "      and on to ui.perfetto.dev");
    sub->add_option("SNAPSHOT", opts->file, "Snapshot pickle written by torch.cuda.memory._dump_snapshot()")
        ->required()
        ->type_name("PATH");
    sub->add_option("--output,-o", opts->output,
           "Result file (JSON) to write; an existing file is refused (exit code 3) unless --force")
        ->required()
        ->type_name("PATH");
    addForceFlag(*sub, opts->force);
    sub->callback([&action, &out, &err, opts] { action = [&out, &err, opts] { return runImport(*opts, out, err); }; });
}

} // namespace iteragpu::cli
