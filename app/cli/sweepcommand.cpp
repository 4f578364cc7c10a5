// SPDX-License-Identifier: Apache-2.0
#include "app/cli/sweepcommand.h"

#include "app/cli/cliapp.h"
#include "app/cli/measurecommand.h"
#include "app/cli/optionconventions.h"
#include "core/registry/backendregistry.h"
#include "core/sweep/executorfactory.h"
#include "core/sweep/growthmodel.h"
#include "core/sweep/measureargs.h"
#include "core/sweep/sweepjson.h"
#include "core/sweep/sweepplanner.h"
#include "core/sweep/sweeprunner.h"
#include "core/units/printable.h"
#include "core/units/units.h"

#include <CLI/CLI.hpp>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

namespace iteragpu::cli {

namespace {

    constexpr const char* kPrefix = "iteragpu sweep: ";

    // Set by SIGINT / SIGTERM while a sweep runs; the runner polls it, stops the trials and writes sweep.json.
    std::atomic<bool> g_cancel { false };
    extern "C" void onStopSignal(int) { g_cancel.store(true); }

    struct SweepOptions {
        std::string folder;
        std::string values;
        bool findMax = false;
        std::string dimension;
        std::optional<std::uint64_t> min;
        std::optional<std::uint64_t> max;
        std::optional<std::uint64_t> resolution;
        std::optional<std::uint64_t> jobs;
        std::string devices;
        bool resume = false;
        std::string executor = "local";
        std::string partition;
        std::string account;
        std::string time;
        std::optional<std::string> gres;
        bool json = false;
        std::vector<std::string> measureArgs; // everything after '--'
    };

    std::vector<std::string> splitList(const std::string& text)
    {
        std::vector<std::string> out;
        std::string item;
        std::istringstream in(text);
        while (std::getline(in, item, ','))
            out.push_back(item);
        if (!text.empty() && text.back() == ',')
            out.emplace_back();
        return out;
    }

    // "1,2,4,8" -> values; one line in error for an empty list, an empty item or a non-number.
    bool parseValues(const std::string& text, std::vector<std::uint64_t>& values, std::string& error)
    {
        if (text.find_first_not_of(" ") == std::string::npos) {
            error = "--values is empty (give a list such as 1,2,4,8)";
            return false;
        }
        for (std::string item : splitList(text)) {
            while (!item.empty() && item.front() == ' ')
                item.erase(item.begin());
            while (!item.empty() && item.back() == ' ')
                item.pop_back();
            if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos) {
                error = "--values: '" + item + "' is not a whole number (give a list such as 1,2,4,8)";
                return false;
            }
            if (item.size() > 19) {
                error = "--values: " + item + " is too large";
                return false;
            }
            values.push_back(std::stoull(item));
        }
        return true;
    }

    // Takes "--name VALUE" or "--name=VALUE" out of args; nullopt when absent.
    std::optional<std::string> takeOption(std::vector<std::string>& args, const std::string& name, bool& twice)
    {
        std::optional<std::string> value;
        for (std::size_t i = 0; i < args.size();) {
            if (args[i] == name && i + 1 < args.size()) {
                twice = twice || value.has_value();
                value = args[i + 1];
                args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
            } else if (args[i].rfind(name + "=", 0) == 0) {
                twice = twice || value.has_value();
                value = args[i].substr(name.size() + 1);
                args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
            } else {
                ++i;
            }
        }
        return value;
    }

    bool mentions(const std::vector<std::string>& args, const std::string& name)
    {
        for (const auto& a : args)
            if (a == name || a.rfind(name + "=", 0) == 0)
                return true;
        return false;
    }

    std::string bytes(const std::optional<std::uint64_t>& b)
    {
        return b ? units::format(*b, units::Unit::GiB) : std::string("unknown");
    }

    std::string trialLine(const sweep::SweepRecord& record, const sweep::TrialRecord& t)
    {
        std::ostringstream s;
        s << "trial " << t.index << "  " << sweep::dimensionName(record.spec.dimension) << " " << t.value << "  "
          << sweep::trialStatusName(t.status);
        if (t.status == sweep::TrialStatus::Passed || t.status == sweep::TrialStatus::Failed)
            s << "  peak allocated " << bytes(t.peakAllocated) << ", reserved " << bytes(t.peakReserved)
              << ", device " << bytes(t.devicePeak);
        if (t.status == sweep::TrialStatus::Failed)
            s << "  in " << units::printableName(t.failedPhase) << (t.outOfMemory ? " (out of memory)" : "") << ": "
              << units::printable(t.error, units::kTextBytes);
        else if (!t.error.empty())
            s << ": " << units::printable(t.error, units::kTextBytes);
        // The phase, the error, the device and the node come from a trial's result, a kept sweep.json or squeue:
        // each through the one escaping helper, so none can forge a line of the sweep's report.
        if (!t.device.empty())
            s << "  on " << units::printableName(t.device) << (t.host.empty() ? "" : "@" + units::printableName(t.host));
        if (t.wallSeconds) {
            char wall[32];
            std::snprintf(wall, sizeof wall, "%.2f", *t.wallSeconds);
            s << "  " << wall << " s";
        }
        if (record.simulated)
            s << "  (simulated)";
        return s.str();
    }

    void printSummary(const sweep::SweepRecord& r, std::ostream& out)
    {
        const std::string dim(sweep::dimensionName(r.spec.dimension));
        const std::string sim = r.simulated ? " (simulated)" : "";
        const auto& b = r.boundary;
        out << "\nBoundary" << sim << ": ";
        if (b.largestPassing)
            out << "largest passing " << dim << " " << *b.largestPassing;
        else
            out << "no value passed";
        if (b.smallestFailing)
            out << "; smallest failing " << *b.smallestFailing << " in " << units::printableName(b.failedPhase)
                << (b.outOfMemory ? " (out of memory)" : "") << ": " << units::printable(b.error, units::kTextBytes);
        else if (b.limitReached)
            out << (r.spec.mode == sweep::SweepMode::FindMax ? " (--max itself passed)" : " (the largest value listed)");
        out << (b.exact ? "" : "  [not exact: the sweep did not close the interval]") << "\n";
        if (!r.complete)
            out << "The sweep is not complete: "
                << (r.stopReason.empty() ? "stopped" : units::printable(r.stopReason, units::kTextBytes))
                << " (continue it with --resume)\n";
        if (!r.fit && r.workload == sweep::sweptWorkloadName(sweep::SweptWorkload::Vllm)) {
            // Note [vLLM sweeps]
            out << "Growth: not fitted: vLLM's KV pool takes what --gpu-memory-utilization leaves whatever the value, "
                   "so peak allocated does not grow with "
                << dim << "; the boundary is the search's (" << sweep::sweepModeName(r.spec.mode)
                << "); for another card, 'iteragpu estimate --engine vllm --device-catalog CARD' computes vLLM's plan "
                   "(computed, not measured)\n";
            return;
        }
        if (!r.fit) {
            out << "Growth: no fit (fewer than 2 distinct passing values)\n";
            return;
        }
        const auto& f = *r.fit;
        char line[256];
        std::snprintf(line, sizeof line, "%.0f + %.0f x%s", f.constant, f.linear, f.quadratic ? "" : "");
        std::string formula = line;
        if (f.quadratic) {
            std::snprintf(line, sizeof line, " + %.3f x^2", f.quadraticTerm);
            formula += line;
        }
        std::snprintf(line, sizeof line, "%.1f", f.maxRelativeResidual * 100.0);
        out << "Growth (fitted" << (r.simulated ? ", from simulated trials" : "") << "): peak allocated = " << formula
            << " bytes, x = " << dim << "; " << f.points << " passing trials, largest residual " << line << " %\n";
        if (!f.note.empty())
            out << "  " << f.note << "\n";
        if (f.cards.empty())
            return;
        out << "Largest " << dim << " per card (assumed: the fitted growth extrapolated, with "
            << units::format(f.overheadBytes, units::Unit::GiB)
            << " outside the allocated bytes as observed; not measured):\n";
        for (const auto& c : f.cards) {
            out << "  " << units::printableName(c.cardName) << " (" << units::format(c.capacityBytes, units::Unit::GiB) << "): ";
            if (c.unbounded)
                out << "no limit follows from the fit";
            else if (c.largestValue)
                out << *c.largestValue << " (assumed)";
            else
                out << "nothing fits (assumed)";
            out << "\n";
        }
    }

    class CliSweepObserver : public sweep::SweepObserver {
    public:
        CliSweepObserver(std::ostream& out)
            : m_out(out)
        {
        }
        void trialFinished(const sweep::TrialRecord& trial, const sweep::SweepRecord& record) override
        {
            m_out << trialLine(record, trial) << "\n" << std::flush;
        }

    private:
        std::ostream& m_out;
    };

    // The devices the trials run on: --devices, or --jobs N devices from the base --device up.
    bool chooseDevices(const SweepOptions& o, std::optional<std::string> base, std::vector<std::string>& devices,
        std::string& error)
    {
        if (!o.devices.empty()) {
            if (base) {
                error = "give the devices once: --devices, or --device after --, not both";
                return false;
            }
            for (const auto& d : splitList(o.devices)) {
                std::string why;
                if (!device::parseDeviceId(d, why)) {
                    error = "--devices: " + why;
                    return false;
                }
                devices.push_back(d);
            }
            if (o.jobs && *o.jobs != devices.size()) {
                error = "--jobs " + std::to_string(*o.jobs) + " does not match the " + std::to_string(devices.size())
                    + " devices of --devices (one trial at a time on each)";
                return false;
            }
            return true;
        }
        if (!base) {
            error = "no device: give --device D after -- (with --jobs N for D and the N - 1 devices after it) or "
                    "--devices D1,D2";
            return false;
        }
        std::string why;
        const auto id = device::parseDeviceId(*base, why);
        if (!id) {
            error = why;
            return false;
        }
        const std::uint64_t jobs = o.jobs.value_or(1);
        if (jobs == 0 || jobs > 1024) {
            error = "--jobs must be from 1 to 1024";
            return false;
        }
        for (std::uint64_t i = 0; i < jobs; ++i)
            devices.push_back(id->backend + ":" + std::to_string(id->index + static_cast<int>(i)));
        return true;
    }

    int runSweep(SweepOptions o, std::ostream& out, std::ostream& err)
    {
        sweep::SweepSpec spec;
        // The mode and its values.
        if (o.findMax == !o.values.empty()) {
            err << kPrefix << (o.findMax ? "choose --values or --find-max, not both" : "choose --values LIST or --find-max")
                << "\n";
            return kExitUsage;
        }
        if (o.dimension == "ctx-size" || o.dimension == "n-gpu-layers") {
            // llama.cpp is sized, not rehearsed: a sweep's trial is a measurement, and none exists for it.
            err << kPrefix << "--dimension " << o.dimension
                << " is llama.cpp's, and llama.cpp is sized, not rehearsed: no 'measure' runs it, so a sweep has no "
                   "trial to measure; 'iteragpu estimate --engine llama.cpp --"
                << o.dimension << " N --device-catalog CARD' computes its plan for one value\n";
            return kExitUsage;
        }
        const auto dimension = sweep::dimensionFromName(o.dimension);
        if (!dimension) {
            err << kPrefix << "--dimension " << units::printable(o.dimension, units::kTextBytes)
                << " is not batch, context, width, sequences, prompt-tokens, generated, seq-len, max-model-len or "
                   "max-num-seqs\n";
            return kExitUsage;
        }
        spec.dimension = *dimension;
        if (o.findMax) {
            spec.mode = sweep::SweepMode::FindMax;
            spec.min = o.min.value_or(1);
            spec.max = o.max;
            spec.resolution = o.resolution.value_or(1);
        } else {
            if (o.min || o.max || o.resolution) {
                err << kPrefix << "--min, --max and --resolution apply to --find-max only\n";
                return kExitUsage;
            }
            spec.mode = sweep::SweepMode::Values;
            std::string error;
            if (!parseValues(o.values, spec.values, error)) {
                err << kPrefix << error << "\n";
                return kExitUsage;
            }
        }
        // The base configuration: measure's options after '--', without what the sweep sets per trial.
        std::vector<std::string> args = o.measureArgs;
        bool twice = false;
        const auto base = takeOption(args, "--device", twice);
        if (twice) {
            err << kPrefix << "--device is given twice after --\n";
            return kExitUsage;
        }
        std::vector<std::string> owned { "--output", "--stream" };
        for (const auto& option : sweep::dimensionOptions(spec.dimension))
            owned.push_back(option);
        for (const std::string& own : owned)
            if (mentions(args, own)) {
                err << kPrefix << "the sweep sets " << own << " of each trial itself; leave it out after --\n";
                return kExitUsage;
            }
        const sweep::SweptWorkload workload = sweep::sweptWorkloadOfArgs(args);
        const bool decoder = workload != sweep::SweptWorkload::Dense;
        if (!sweep::dimensionBelongs(spec.dimension, workload)) {
            if (sweep::dimensionIsVllm(spec.dimension))
                err << kPrefix << "--dimension " << o.dimension
                    << " is vLLM's: give --engine vllm and --model after -- (each trial is 'iteragpu measure --engine "
                       "vllm')\n";
            else if (!decoder && sweep::dimensionIsDecoder(spec.dimension))
                err << kPrefix << "--dimension " << o.dimension
                    << " belongs to the decoder: give --model after -- (the dense network sweeps "
                    << sweep::dimensionChoices(workload) << ")\n";
            else
                err << kPrefix << "--dimension " << o.dimension << " does not belong to the "
                    << (workload == sweep::SweptWorkload::Dense            ? "dense network"
                               : workload == sweep::SweptWorkload::Decoder ? "decoder's generation (--model)"
                               : workload == sweep::SweptWorkload::Vllm ? "rehearsal of vLLM's start-up (--engine vllm)"
                                                                        : "decoder's training step (--mode training)")
                    << ": sweep " << sweep::dimensionChoices(workload) << "\n";
            return kExitUsage;
        }
        spec.measureArgs = args;
        // Devices and executor.
        spec.executor = o.executor;
        if (o.executor != "slurm" && (!o.partition.empty() || !o.account.empty() || !o.time.empty() || o.gres)) {
            err << kPrefix << "--partition, --account, --time and --gres apply to --executor slurm only\n";
            return kExitUsage;
        }
        std::string error;
        if (o.executor == "slurm") {
            if (!o.devices.empty() || o.jobs) {
                err << kPrefix << "--devices and --jobs apply to the local executor (Slurm gives each trial its own GPU)\n";
                return kExitUsage;
            }
            spec.slurm.partition = o.partition;
            spec.slurm.account = o.account;
            spec.slurm.time = o.time;
            if (base)
                spec.slurm.device = *base;
            // A sim:N trial needs no GPU of the node; a GPU trial asks for one unless --gres says otherwise.
            spec.slurm.gres = o.gres ? *o.gres : (spec.slurm.device.rfind("sim:", 0) == 0 ? "" : "gpu:1");
        } else if (!chooseDevices(o, base, spec.devices, error)) {
            err << kPrefix << error << "\n";
            return kExitUsage;
        }
        if (const std::string why = sweep::SweepPlanner::validate(spec); !why.empty()) {
            err << kPrefix << why << "\n";
            return kExitUsage;
        }
        // The measure command's own parser checks the base configuration before any trial starts.
        {
            CLI::App probe { "", "iteragpu" };
            std::ostringstream sink;
            std::function<int()> ignored;
            addMeasureCommand(probe, sink, sink, ignored);
            const std::uint64_t first = spec.mode == sweep::SweepMode::Values ? spec.values.front() : spec.min;
            std::vector<std::string> trial = sweep::SweepRunner::trialArgs(spec, first, "/nonexistent/trial.json");
            trial.insert(trial.begin(), "measure");
            trial.insert(trial.end(),
                { "--device", spec.executor == "slurm" ? spec.slurm.device : spec.devices.front(), "--stream" });
            std::vector<std::string> reversed(trial.rbegin(), trial.rend());
            try {
                probe.parse(reversed);
            } catch (const CLI::ParseError& e) {
                std::string reason = e.what();
                for (auto& c : reason)
                    if (c == '\n' || c == '\r')
                        c = ' ';
                err << kPrefix << "the measure options after -- are refused: "
                    << units::printable(reason, units::kTextBytes) << "\n";
                return kExitUsage;
            }
        }
        if (o.folder.empty()) {
            err << kPrefix << "--folder is required\n";
            return kExitUsage;
        }
        auto executor = sweep::makeExecutor(spec, error);
        if (!executor) {
            err << kPrefix << error << "\n";
            return kExitNoDevice;
        }
        sweep::SweepRunner runner(o.folder, spec, *executor);
        using E = sweep::SweepRunner::OpenError;
        const E opened = o.resume ? runner.resume(error) : runner.create(error);
        switch (opened) {
        case E::None:
            break;
        case E::NotASweep:
        case E::AlreadyASweep:
            err << kPrefix << error << "\n";
            return kExitOutputExists;
        case E::SpecMismatch:
        case E::Invalid:
            err << kPrefix << error << "\n";
            return kExitUsage;
        case E::NoSweep:
        case E::Io:
            err << kPrefix << error << "\n";
            return kExitError;
        }
        std::ostream& human = o.json ? err : out;
        human << "Sweep of " << o.dimension << " in " << o.folder << " ("
              << (spec.mode == sweep::SweepMode::FindMax ? "find-max" : "values") << ", " << executor->trialSlots()
              << " at once on " << executor->name() << (runner.record().simulated ? ", simulated" : "") << ")"
              << (o.resume ? ", resumed with " + std::to_string(runner.record().trials.size()) + " trials kept" : "")
              << "\n"
              << std::flush;

        // SIGINT and SIGTERM stop the sweep cleanly (trials stopped and marked, sweep.json written) instead of
        // killing it between two writes.
        g_cancel = false;
        struct sigaction action {};
        action.sa_handler = onStopSignal;
        sigemptyset(&action.sa_mask);
        struct sigaction oldInt {};
        struct sigaction oldTerm {};
        sigaction(SIGINT, &action, &oldInt);
        sigaction(SIGTERM, &action, &oldTerm);
        CliSweepObserver observer(human);
        const auto outcome = runner.run(g_cancel, &observer);
        sigaction(SIGINT, &oldInt, nullptr);
        sigaction(SIGTERM, &oldTerm, nullptr);

        printSummary(runner.record(), human);
        human << "sweep.json: " << sweep::sweepFilePath(o.folder) << "\n" << std::flush;
        if (o.json)
            out << sweep::toJson(runner.record()).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n" << std::flush;
        using O = sweep::SweepRunner::Outcome;
        switch (outcome) {
        case O::Complete:
            return kExitOk;
        case O::Interrupted:
            err << kPrefix << "interrupted: " << runner.record().stopReason
                << "; the finished trials are kept in sweep.json (continue with --resume)\n";
            return kExitInterrupted;
        case O::Stopped:
        case O::WriteFailed:
            err << kPrefix << runner.error() << "\n";
            return kExitError;
        }
        return kExitError;
    }

} // namespace

void addSweepCommand(CLI::App& app, std::ostream& out, std::ostream& err, std::function<int()>& action)
{
    auto opts = std::make_shared<SweepOptions>();
    auto* sub = app.add_subcommand("sweep",
        "Vary one dimension of a measure configuration (the options after --), one fresh 'iteragpu measure' per "
        "trial, and find the boundary between fitting and not fitting.");
    constexpr const char* kGroupSweep = "Sweep";
    constexpr const char* kGroupSlurm = "Slurm (--executor slurm)";
    sub->add_option("--folder", opts->folder, "Sweep folder: sweep.json and one result file per trial")
        ->required()
        ->type_name(kPathPlaceholder)
        ->group(kGroupSweep);
    sub->add_option("--values", opts->values, "Values to try, ascending: 1,2,4,8")
        ->type_name(kListPlaceholder)
        ->group(kGroupSweep);
    sub->add_flag("--find-max", opts->findMax,
           "Find the largest passing value: bisect [--min, --max], or without --max double from --min until a failure, "
           "then bisect")
        ->group(kGroupSweep);
    sub->add_option("--dimension", opts->dimension,
           "The varied option of measure: batch, context, width (dense network); sequences, prompt-tokens, "
           "generated (decoder, --model); batch (the micro-batch), seq-len (a training step, --model with --mode "
           "training); max-model-len, max-num-seqs (vLLM's rehearsal, --model with --engine vllm; max-num-seqs also "
           "sets --sequences)")
        ->required()
        ->type_name(kNamePlaceholder)
        ->group(kGroupSweep);
    sub->add_option("--min", opts->min, "--find-max: first value (default 1)")
        ->type_name(kCountPlaceholder)
        ->transform(countText())
        ->group(kGroupSweep);
    sub->add_option("--max", opts->max, "--find-max: largest value tried")
        ->type_name(kCountPlaceholder)
        ->transform(countText())
        ->group(kGroupSweep);
    sub->add_option("--resolution", opts->resolution, "--find-max: stop when fail - pass <= N (default 1)")
        ->type_name(kCountPlaceholder)
        ->transform(countText())
        ->group(kGroupSweep);
    sub->add_flag("--resume", opts->resume, "Continue the sweep in --folder: its finished trials are kept")
        ->group(kGroupSweep);
    sub->add_option("--executor", opts->executor, "local (this machine's devices) or slurm (a job array per round)")
        ->check(CLI::IsMember({ "local", "slurm" }))
        ->capture_default_str()
        ->type_name(kNamePlaceholder)
        ->group(kGroupDevices);
    sub->add_option("--jobs", opts->jobs, "Trials at once, each on its own device: the base --device and the next ones")
        ->type_name(kCountPlaceholder)
        ->transform(countText())
        ->group(kGroupDevices);
    sub->add_option("--devices", opts->devices, "Devices for the trials, one trial at a time on each: sim:0,sim:1")
        ->type_name(kListPlaceholder)
        ->group(kGroupDevices);
    sub->add_option("--partition", opts->partition, "Slurm partition")->type_name(kNamePlaceholder)->group(kGroupSlurm);
    sub->add_option("--account", opts->account, "Slurm account")->type_name(kNamePlaceholder)->group(kGroupSlurm);
    sub->add_option("--time", opts->time, "Slurm time limit of each trial (HH:MM:SS)")
        ->type_name("HH:MM:SS")
        ->group(kGroupSlurm);
    sub->add_option("--gres", opts->gres, "Slurm generic resources of each trial (default gpu:1; none for sim:N)")
        ->type_name(kNamePlaceholder)
        ->group(kGroupSlurm);
    addJsonFlag(*sub, opts->json, "Print the final sweep.json on stdout (the human lines go to stderr)");
    sub->add_option("measure", opts->measureArgs, "-- then the options of 'iteragpu measure' (the base configuration)")
        ->type_name("-- MEASURE-OPTIONS");
    sub->footer("Exit codes: 0 the sweep completed (failing trials are results), 1 error, 2 executor or device "
                "missing, 3 the folder is not a new sweep (left untouched), 4 interrupted (sweep.json kept; "
                "--resume continues), 64 bad arguments.");
    setExamples(*sub,
        { { "iteragpu sweep --folder s1 --find-max --dimension sequences --max 64 -- --model llama-2-7b --device sim:0 "
            "--sim-speed 0",
              "the most sequences of Llama 2 7B that fit the simulated device, by bisection" },
            { "iteragpu sweep --folder s2 --values 512,1024,2048 --dimension prompt-tokens --jobs 2 -- --model "
              "llama-2-7b --device sim:0",
                "three prompt lengths, two trials at once (sim:0 and sim:1)" },
            { "iteragpu sweep --folder s3 --find-max --dimension batch --executor slurm --partition gpu -- --device "
              "cuda:0",
                "the largest batch of the dense network, one Slurm job array per round" } });
    sub->callback([&action, &out, &err, opts] { action = [&out, &err, opts] { return runSweep(*opts, out, err); }; });
}

} // namespace iteragpu::cli
