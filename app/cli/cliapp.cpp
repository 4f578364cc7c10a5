// SPDX-License-Identifier: Apache-2.0
#include "app/cli/cliapp.h"

#include "app/cli/environmentcommand.h"
#include "app/cli/estimatecommand.h"
#include "app/cli/explaincommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/importcommand.h"
#include "app/cli/listcommand.h"
#include "app/cli/measurecommand.h"
#include "app/cli/probecommand.h"
#include "app/cli/sweepcommand.h"
#include "core/buildinfo/buildinfo.h"
#include "core/report/resultjson.h"
#include "core/units/printable.h"

#include <CLI/CLI.hpp>
#include <new>

#include <functional>
#include <ostream>

namespace iteragpu::cli {

int writeExitCode(report::WriteError result, const std::string& error, std::ostream& err, const std::string& prefix)
{
    switch (result) {
    case report::WriteError::None:
        return kExitOk;
    case report::WriteError::Exists:
        err << prefix << error << "\n";
        return kExitOutputExists;
    case report::WriteError::NoSpace:
    case report::WriteError::Io:
        break;
    }
    err << prefix << error << "\n";
    return kExitError;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    CLI::App app { "IteraGPU Lab: size the GPU memory of an ML workload, then measure it phase by phase.",
        "iteragpu" };
    app.set_version_flag("--version",
        "iteragpu " + BuildInfo::version() + " (commit " + BuildInfo::commit() + ")");
    app.require_subcommand(0, 1); // none with --list-presets / --list-cards; "no command given" otherwise
    app.set_help_all_flag("--help-all", "Print the help of every command and exit");
    app.footer("Exit codes: 0 ok, 1 error (standard output not written included), 2 backend or device missing, "
               "3 output file exists, 4 interrupted (SIGINT/SIGTERM; what was measured is kept, marked cancelled), "
               "64 bad arguments.\n"
               "'iteragpu COMMAND --help' shows a command's options and examples.");

    std::function<int()> action;
    addEstimateCommand(app, out, err, action);
    addEnvironmentCommand(app, out, err, action);
    addMeasureCommand(app, out, err, action);
    addExplainCommand(app, out, err, action);
    addExportCommand(app, out, err, action);
    addImportCommand(app, out, err, action);
    addSweepCommand(app, out, err, action);
    addProbeCommand(app, out, err, action);
    addListOptions(app, out, err, action);
    addCompleteCommand(app, out, action);
    addManHelp(app, out, action);

    // What went to stdout reached it, or the command fails: a closed pipe (SIGPIPE is ignored, see main.cpp) or a
    // full disk under stdout is an error, never a silent 0, for every command and for --help, --help-all and
    // --version alike: a script reading the output would otherwise take a truncated document for a whole one.
    auto flushed = [&out, &err](int code) {
        if (!out.flush()) {
            err << "iteragpu: cannot write to standard output (a closed pipe or a full disk): the output is "
                   "incomplete\n";
            return code == kExitOk ? kExitError : code;
        }
        return code;
    };
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    if (!reversed.empty())
        reversed.pop_back(); // the program name
    try {
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        out << app.help();
        return flushed(kExitOk);
    } catch (const CLI::CallForAllHelp&) {
        out << app.help("", CLI::AppFormatMode::All);
        return flushed(kExitOk);
    } catch (const CLI::CallForVersion&) {
        out << app.version() << '\n';
        return flushed(kExitOk);
    } catch (const CLI::ParseError& e) {
        // One line: CLI11's reason (its line breaks folded) and where the options are listed.
        // A typed option's validator repeats the refused value, which may hold anything: escaped.
        std::string reason = e.what();
        for (auto& c : reason)
            if (c == '\n' || c == '\r')
                c = ' ';
        while (!reason.empty() && reason.back() == ' ')
            reason.pop_back();
        reason = units::printable(reason, units::kTextBytes);
        const auto parsed = app.get_subcommands();
        const std::string command = parsed.empty() ? std::string() : " " + parsed.front()->get_name();
        err << "iteragpu" << command << ": " << reason << " (see 'iteragpu" << command << " --help')\n";
        return kExitUsage;
    }
    if (!action) {
        err << "iteragpu: no command given\n";
        return kExitUsage;
    }
    int code = kExitOk;
    try {
        code = action();
    } catch (const std::bad_alloc&) {
        // The last resort of every command: the readers refuse what does not fit (Note [Reading a large result]),
        // but an input may still need more than ulimit -v or the machine gives; one line, not an abort.
        err << "iteragpu: out of memory: the input needs more memory than this process may use\n";
        return kExitError;
    }
    return flushed(code);
}

} // namespace iteragpu::cli
