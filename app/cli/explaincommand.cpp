// SPDX-License-Identifier: Apache-2.0
#include "app/cli/explaincommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/ledgerprinter.h"
#include "app/cli/optionconventions.h"
#include "core/report/ledger.h"
#include "core/report/ledgerestimate.h"
#include "core/report/ledgerjson.h"
#include "core/report/resultjson.h"
#include "core/report/textsummary.h"
#include "core/units/printable.h"
#include "core/units/validutf8.h"

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

namespace iteragpu::cli {

namespace {

    struct ExplainOptions {
        std::string file;
        std::string phase; // empty: the peak phase (and the failed one)
        bool all = false;
        bool json = false;
    };

    constexpr const char* kExplainSchema = "iteragpu.explain/1";

    // The phases explained: the one named, every phase that ran, or the peak phase and the failed one.
    std::vector<std::size_t> explainedPhases(const protocol::RunResult& result, const ExplainOptions& o)
    {
        std::vector<std::size_t> indices;
        for (std::size_t i = 0; i < result.phases.size(); ++i) {
            if (!o.phase.empty() ? protocol::phaseLabel(result.phases[i]) == o.phase
                                 : o.all && result.phases[i].status != protocol::PhaseStatus::NotRun)
                indices.push_back(i);
        }
        if (o.phase.empty() && !o.all) {
            const auto peak = report::peakPhaseIndex(result);
            const auto failed = report::failedPhaseIndex(result);
            if (peak)
                indices.push_back(*peak);
            if (failed && failed != peak)
                indices.push_back(*failed);
        }
        return indices;
    }

    int runExplain(const ExplainOptions& o, std::ostream& out, std::ostream& err)
    {
        const char* prefix = "iteragpu explain: ";
        protocol::RunResult result;
        std::string error;
        if (!report::readResultFile(o.file, result, error)) {
            err << prefix << error << "\n";
            return kExitError;
        }
        const auto indices = explainedPhases(result, o);
        // A label is looked up exactly: a file that gives two phases one label (written by hand: the importer and
        // the runner never do, Note [Unique imported labels]) is refused, not answered with one of them.
        if (!o.phase.empty() && indices.size() > 1) {
            err << prefix << "the label '" << units::printableName(o.phase) << "' names " << indices.size()
                << " phases in " << units::printable(o.file) << " (indices";
            for (const auto i : indices)
                err << " " << result.phases[i].index;
            err << "): the file is ambiguous\n";
            return kExitError;
        }
        if (o.json) {
            if (!o.phase.empty() && indices.empty()) {
                err << prefix << "no phase '" << units::printableName(o.phase) << "' in " << units::printable(o.file)
                    << "\n";
                return kExitUsage;
            }
            nlohmann::ordered_json ledgers = nlohmann::ordered_json::array();
            for (const auto i : indices)
                ledgers.push_back(
                    report::ledgerToJson(report::buildPhaseLedger(result, i, report::estimateForPhase(result, i))));
            const nlohmann::ordered_json j { { "schema", kExplainSchema }, { "file", units::validUtf8(o.file) },
                { "simulated", result.simulated }, { "ledgers", ledgers } };
            out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
            return kExitOk;
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
        // The name asked for and the file's phase names may hold anything: each through the one escaping helper.
        err << prefix << "no phase '" << units::printableName(o.phase) << "' in " << units::printable(o.file)
            << "; its phases:";
        for (const auto& p : result.phases)
            err << " " << units::printableName(protocol::phaseLabel(p));
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
    setExamples(*sub,
        { { "iteragpu explain run.json", "the ledger of the peak phase (and of the failed one) of run.json" },
            { "iteragpu explain run.json --phase prefill", "the ledger of the prefill phase" },
            { "iteragpu explain run.json --all --json", "every phase's ledger as JSON" } });
    sub->add_option("RESULT", opts->file, "Result file (JSON) written by 'iteragpu measure --output'")
        ->required()
        ->type_name(kPathPlaceholder);
    auto* phase = sub->add_option("--phase", opts->phase,
                         "The phase to explain, as named in the file (prefill, warm_forward#0); default: the peak "
                         "phase and the failed one")
                      ->type_name(kNamePlaceholder)
                      ->group(kGroupOutput);
    auto* all = sub->add_flag("--all", opts->all, "Every phase that ran")->group(kGroupOutput);
    phase->excludes(all);
    addJsonFlag(*sub, opts->json, "Print the ledgers as one JSON object (schema iteragpu.explain/1)");
    sub->callback([&action, &out, &err, opts] { action = [&out, &err, opts] { return runExplain(*opts, out, err); }; });
}

} // namespace iteragpu::cli
