// SPDX-License-Identifier: Apache-2.0
#include "app/cli/explaincommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/ledgerprinter.h"
#include "core/report/resultjson.h"
#include "core/report/textsummary.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

namespace iteragpu::cli {

namespace {

    struct ExplainOptions {
        std::string file;
        std::string phase; // empty: the peak phase (and the failed one)
        bool all = false;
    };

    int runExplain(const ExplainOptions& o, std::ostream& out, std::ostream& err)
    {
        const char* prefix = "iteragpu explain: ";
        protocol::RunResult result;
        std::string error;
        if (!report::readResultFile(o.file, result, error)) {
            err << prefix << error << "\n";
            return kExitError;
        }
        out << report::runHeader(result);
        if (o.phase.empty()) {
            out << ledgerText(result, o.all ? LedgerChoice::All : LedgerChoice::Peak);
            return kExitOk;
        }
        if (const auto text = ledgerTextOfPhase(result, o.phase)) {
            out << *text;
            return kExitOk;
        }
        err << prefix << "no phase '" << o.phase << "' in " << o.file << "; its phases:";
        for (const auto& p : result.phases)
            err << " " << protocol::phaseLabel(p);
        err << "\n";
        return kExitUsage;
    }

} // namespace

void addExplainCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<ExplainOptions>();
    auto* sub = app.add_subcommand("explain",
        "Why the peak exceeds the estimate: the ledger of a saved measurement (a result file of 'measure "
        "--output'), from the estimate to the allocator and the device, as 'measure' printed it.");
    sub->add_option("RESULT", opts->file, "Result file (JSON) written by 'iteragpu measure --output'")->required();
    auto* phase = sub->add_option("--phase", opts->phase,
        "The phase to explain, as named in the file (prefill, "
        "warm_forward#0); default: the peak phase and the failed one");
    auto* all = sub->add_flag("--all", opts->all, "Every phase that ran");
    phase->excludes(all);
    sub->callback([&action, &out, &err, opts] { action = [&out, &err, opts] { return runExplain(*opts, out, err); }; });
}

} // namespace iteragpu::cli
