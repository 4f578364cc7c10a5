// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/sweeprunner.h"

#include "core/buildinfo/buildinfo.h"
#include "core/report/resultjson.h"
#include "core/sizing/devicecatalog.h"
#include "core/sizing/sizingerror.h"
#include "core/sweep/growthmodel.h"
#include "core/sweep/measureargs.h"
#include "core/sweep/sweepjson.h"
#include "core/sweep/sweepplanner.h"
#include "core/units/validutf8.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <thread>

namespace iteragpu::sweep {

namespace fs = std::filesystem;

namespace {

    std::string trialName(const SweepSpec& spec, const TrialRecord& t)
    {
        return "trial " + std::to_string(t.index) + " (" + std::string(dimensionName(spec.dimension)) + " "
            + std::to_string(t.value) + ")";
    }

    // A signal that stops a process from outside (the user, a scheduler, the kernel's OOM killer): the trial was
    // interrupted, not answered; a crash signal (SIGSEGV, SIGABRT, ...) is an Error.
    bool stopSignal(int sig) { return sig == SIGINT || sig == SIGTERM || sig == SIGKILL || sig == SIGHUP; }

    template <typename T> std::optional<T> maxOf(const std::optional<T>& a, const std::optional<T>& b)
    {
        if (!a)
            return b;
        if (!b)
            return a;
        return std::max(*a, *b);
    }

    std::string joinValues(const std::vector<std::uint64_t>& v)
    {
        std::string s;
        for (const auto x : v)
            s += (s.empty() ? "" : ",") + std::to_string(x);
        return s;
    }

    std::string joinArgs(const std::vector<std::string>& v)
    {
        std::string s;
        for (const auto& x : v)
            s += (s.empty() ? "" : " ") + x;
        return s;
    }

} // namespace

SweepRunner::SweepRunner(std::string folder, SweepSpec spec, Executor& executor)
    : m_folder(std::move(folder))
    , m_spec(std::move(spec))
    , m_executor(executor)
{
    try {
        m_cards = sizing::DeviceCatalog::loadDefault().cards();
    } catch (const sizing::SizingError&) {
        m_cards.clear(); // no catalog: the fit stays, without extrapolation to cards
    }
}

std::string SweepRunner::specDifference(const SweepSpec& existing, const SweepSpec& asked)
{
    // sweep.json holds names as valid UTF-8 (Note [Names in JSON]): the arguments asked are compared as written.
    std::vector<std::string> askedAsWritten;
    for (const auto& a : asked.measureArgs)
        askedAsWritten.push_back(units::validUtf8(a));
    if (existing.measureArgs != askedAsWritten)
        return "the base configuration: '" + joinArgs(existing.measureArgs) + "', not '" + joinArgs(asked.measureArgs)
            + "'";
    if (existing.dimension != asked.dimension)
        return "the dimension: " + std::string(dimensionName(existing.dimension)) + ", not "
            + std::string(dimensionName(asked.dimension));
    if (existing.mode != asked.mode)
        return "the mode: " + std::string(sweepModeName(existing.mode)) + ", not "
            + std::string(sweepModeName(asked.mode));
    if (existing.mode == SweepMode::Values && existing.values != asked.values)
        return "the values: " + joinValues(existing.values) + ", not " + joinValues(asked.values);
    if (existing.mode == SweepMode::FindMax) {
        if (existing.min != asked.min)
            return "--min: " + std::to_string(existing.min) + ", not " + std::to_string(asked.min);
        if (existing.max != asked.max)
            return "--max: " + (existing.max ? std::to_string(*existing.max) : std::string("none")) + ", not "
                + (asked.max ? std::to_string(*asked.max) : std::string("none"));
        if (existing.resolution != asked.resolution)
            return "--resolution: " + std::to_string(existing.resolution) + ", not "
                + std::to_string(asked.resolution);
    }
    return {};
}

std::vector<std::string> SweepRunner::trialArgs(
    const SweepSpec& spec, std::uint64_t value, const std::string& resultPath)
{
    std::vector<std::string> args = spec.measureArgs;
    for (const auto& option : dimensionOptions(spec.dimension))
        args.insert(args.end(), { option, std::to_string(value) });
    args.insert(args.end(), { "--output", resultPath });
    return args;
}

std::string SweepRunner::trialFileName(const SweepSpec& spec, std::uint64_t index, std::uint64_t value)
{
    char number[32];
    std::snprintf(number, sizeof number, "%04llu", static_cast<unsigned long long>(index));
    return "trial-" + std::string(number) + "-" + std::string(dimensionName(spec.dimension)) + "-"
        + std::to_string(value) + ".json";
}

SweepRunner::OpenError SweepRunner::create(std::string& error)
{
    if (const std::string why = SweepPlanner::validate(m_spec); !why.empty()) {
        error = why;
        return OpenError::Invalid;
    }
    const SweptWorkload workload = sweptWorkloadOfArgs(m_spec.measureArgs);
    const bool decoder = workload != SweptWorkload::Dense;
    if (!dimensionBelongs(m_spec.dimension, workload)) {
        error = "the dimension " + std::string(dimensionName(m_spec.dimension)) + " is not one of the "
            + std::string(sweptWorkloadName(workload)) + " workload's: sweep " + dimensionChoices(workload)
            + (decoder ? "" : " (or give --model for the decoder)");
        return OpenError::Invalid;
    }
    std::error_code ec;
    const auto status = fs::symlink_status(m_folder, ec);
    if (status.type() != fs::file_type::not_found) {
        if (status.type() != fs::file_type::directory) {
            error = m_folder + " exists and is not a folder; it is left untouched";
            return OpenError::NotASweep;
        }
        if (fs::exists(sweepFilePath(m_folder), ec)) {
            SweepRecord existing;
            std::string why;
            if (!readSweepFile(sweepFilePath(m_folder), existing, why)) {
                error = m_folder + " holds a sweep.json that cannot be read (" + why + "); it is left untouched";
                return OpenError::NotASweep;
            }
            error = m_folder + " holds a sweep already: continue it with --resume, or choose another folder";
            return OpenError::AlreadyASweep;
        }
        if (!fs::is_empty(m_folder, ec) || ec) {
            error = m_folder + " exists, is not empty and holds no sweep.json: not a sweep folder; it is left untouched";
            return OpenError::NotASweep;
        }
    } else if (!fs::create_directories(m_folder, ec) && ec) {
        error = "cannot create the sweep folder " + m_folder + ": " + ec.message();
        return OpenError::Io;
    }
    m_record = SweepRecord {};
    m_record.spec = m_spec;
    m_record.workload = std::string(sweptWorkloadName(workload));
    m_record.program = "iteragpu " + BuildInfo::version() + " (commit " + BuildInfo::commit() + ")";
    const auto& devices = m_spec.executor == "slurm" ? std::vector<std::string> { m_spec.slurm.device } : m_spec.devices;
    m_record.simulated = !devices.empty() && std::all_of(devices.begin(), devices.end(), [](const std::string& d) {
        return d.rfind("sim:", 0) == 0;
    });
    refreshSummary();
    if (!write()) {
        error = m_error;
        return OpenError::Io;
    }
    return OpenError::None;
}

SweepRunner::OpenError SweepRunner::resume(std::string& error)
{
    if (const std::string why = SweepPlanner::validate(m_spec); !why.empty()) {
        error = why;
        return OpenError::Invalid;
    }
    std::error_code ec;
    const std::string path = sweepFilePath(m_folder);
    if (!fs::exists(path, ec)) {
        const bool folder = fs::is_directory(m_folder, ec);
        const bool empty = folder && fs::is_empty(m_folder, ec);
        error = !folder ? "there is no sweep to resume: " + m_folder + " does not exist"
            : empty     ? "there is no sweep to resume: " + m_folder + " is empty"
                        : m_folder + " holds no sweep.json: not a sweep folder; it is left untouched";
        return !folder || empty ? OpenError::NoSweep : OpenError::NotASweep;
    }
    SweepRecord existing;
    std::string why;
    if (!readSweepFile(path, existing, why)) {
        error = "cannot resume: " + why + "; the folder is left untouched";
        return OpenError::NotASweep;
    }
    if (const std::string diff = specDifference(existing.spec, m_spec); !diff.empty()) {
        error = "cannot resume: the sweep in " + m_folder + " differs in " + diff;
        return OpenError::SpecMismatch;
    }
    m_record = std::move(existing);
    // Devices, executor and its options are this run's; the trials of the sweep are the folder's.
    m_record.spec = m_spec;
    for (auto& t : m_record.trials)
        if (t.status == TrialStatus::Pending || t.status == TrialStatus::Running) {
            t.status = TrialStatus::Interrupted;
            if (t.error.empty())
                t.error = "the sweep stopped before this trial finished";
        }
    refreshSummary();
    if (!write()) {
        error = m_error;
        return OpenError::Io;
    }
    return OpenError::None;
}

bool SweepRunner::write()
{
    std::string error;
    if (writeSweepFile(sweepFilePath(m_folder), m_record, error) == SweepWriteError::None)
        return true;
    m_error = error;
    m_writeFailed = true;
    m_stop = true; // nothing more is started or kept running that could not be recorded
    return false;
}

void SweepRunner::refreshSummary()
{
    m_record.boundary = SweepPlanner::boundary(m_record.spec, m_record.trials);
    // Note [vLLM sweeps]: vLLM's pool takes what --gpu-memory-utilization leaves, so the peak does not grow with the
    // value; no growth is fitted, the boundary is the search's.
    if (m_record.workload == sweptWorkloadName(SweptWorkload::Vllm)) {
        m_record.fit.reset();
        return;
    }
    std::string why;
    m_record.fit = GrowthModel::fitAndExtrapolate(m_record.trials,
        GrowthModel::wantsQuadratic(m_record.spec.dimension, m_record.attention), m_cards, why);
}

void SweepRunner::finishTrial(TrialRecord& t, const TrialOutcome& outcome)
{
    if (!outcome.device.empty())
        t.device = outcome.device;
    t.host = outcome.host;
    t.slurmJobId = outcome.slurmJobId;
    t.exitCode = outcome.exitCode;
    t.wallSeconds = outcome.wallSeconds;
    t.phases.clear();
    t.peakAllocated.reset();
    t.peakReserved.reset();
    t.devicePeak.reset();
    t.capacityBytes.reset();
    t.failedPhase.clear();
    t.outOfMemory = false;
    t.error.clear();

    const std::string path = (fs::path(m_folder) / t.resultFile).string();
    std::error_code ec;
    const bool written = !t.resultFile.empty() && fs::exists(path, ec);
    // Exit code 3: measure refused an existing output file, so the file there is not this trial's.
    if (!written || (outcome.exitCode && *outcome.exitCode == 3)) {
        t.resultFile.clear();
        const bool stopped = outcome.interrupted || (outcome.signal && stopSignal(*outcome.signal));
        t.status = stopped ? TrialStatus::Interrupted : TrialStatus::Error;
        t.error = !outcome.error.empty() ? outcome.error
            : outcome.exitCode ? "the trial exited with code " + std::to_string(*outcome.exitCode)
                + " and wrote no result file"
                               : "the trial wrote no result file";
        return;
    }
    protocol::RunResult result;
    std::string error;
    if (!report::readResultFile(path, result, error)) {
        t.status = TrialStatus::Error;
        t.error = "its result file cannot be read: " + error;
        return;
    }
    // A sweep is simulated when all its devices are sim:N (create()) and every result says so.
    m_record.simulated = m_record.simulated && result.simulated;
    if (result.config.decoder)
        m_record.attention = protocol::attentionName(result.config.decoder->attention);
    if (result.environment.device.totalBytes > 0)
        t.capacityBytes = result.environment.device.totalBytes;
    const protocol::PhaseResult* failed = nullptr;
    for (const auto& p : result.phases) {
        if (p.status == protocol::PhaseStatus::NotRun)
            continue;
        TrialPhase tp;
        tp.phase = protocol::phaseLabel(p);
        tp.passed = p.status == protocol::PhaseStatus::Ok;
        tp.peakAllocated = p.peak.allocated;
        tp.peakReserved = p.peak.reserved;
        t.phases.push_back(tp);
        t.peakAllocated = maxOf(t.peakAllocated, p.peak.allocated);
        t.peakReserved = maxOf(t.peakReserved, p.peak.reserved);
        t.devicePeak = maxOf(maxOf(t.devicePeak, p.deviceBefore.usedBytes), p.deviceAfter.usedBytes);
        for (const auto& s : p.samples)
            t.devicePeak = maxOf(t.devicePeak, s.deviceUsed);
        if (p.status == protocol::PhaseStatus::Failed && failed == nullptr)
            failed = &p;
    }
    if (failed != nullptr) {
        t.status = TrialStatus::Failed;
        t.failedPhase = protocol::phaseLabel(*failed);
        t.outOfMemory = failed->outOfMemory.value_or(false);
        t.error = failed->error.empty() ? "the phase failed" : failed->error;
    } else if (result.completed) {
        t.status = TrialStatus::Passed;
    } else if (result.cancelled || outcome.interrupted) {
        t.status = TrialStatus::Interrupted;
        t.error = result.error.empty() ? "the run was cancelled" : result.error;
    } else {
        t.status = TrialStatus::Error;
        t.error = result.error.empty() ? "the run did not complete" : result.error;
    }
}

SweepRunner::Outcome SweepRunner::run(const std::atomic<bool>& cancel, SweepObserver* observer)
{
    m_error.clear();
    m_stop = false;
    m_writeFailed = false;
    m_record.complete = false;
    m_record.stopReason.clear();
    // The executor polls one flag: the caller's cancel is mirrored into it beside a failed write's stop.
    std::atomic<bool> done { false };
    std::thread mirror([&] {
        while (!done.load()) {
            if (cancel.load())
                m_stop = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    });

    Outcome outcome = Outcome::Complete;
    std::uint32_t round = 0;
    for (const auto& t : m_record.trials)
        round = std::max(round, t.round + 1);
    for (;; ++round) {
        if (cancel.load()) {
            outcome = Outcome::Interrupted;
            m_record.stopReason = "interrupted";
            break;
        }
        const auto values = SweepPlanner::nextRound(m_record.spec, m_record.trials, m_executor.trialSlots());
        if (values.empty())
            break;
        std::vector<TrialRequest> requests;
        std::map<std::uint64_t, std::size_t> position; // trial index -> its place in m_record.trials
        for (const auto v : values) {
            TrialRecord t;
            t.index = m_record.trials.size();
            t.round = round;
            t.value = v;
            t.resultFile = trialFileName(m_record.spec, t.index, v);
            TrialRequest request;
            request.index = t.index;
            request.value = v;
            request.resultPath = fs::absolute(fs::path(m_folder) / t.resultFile).string();
            request.args = trialArgs(m_record.spec, v, request.resultPath);
            position[t.index] = m_record.trials.size();
            m_record.trials.push_back(std::move(t));
            requests.push_back(std::move(request));
        }
        if (!write()) {
            outcome = Outcome::WriteFailed;
            break;
        }
        std::string freshError; // the first trial of this round that gave no usable result
        std::string freshStop; // the first trial stopped from outside (not by this sweep)
        TrialCallbacks callbacks;
        callbacks.started = [&](const TrialRequest& request, const std::string& device) {
            TrialRecord& t = m_record.trials[position.at(request.index)];
            t.status = TrialStatus::Running;
            t.device = device;
            write();
            if (observer != nullptr)
                observer->trialStarted(t);
        };
        callbacks.finished = [&](const TrialOutcome& o) {
            TrialRecord& t = m_record.trials[position.at(o.index)];
            finishTrial(t, o);
            if (t.status == TrialStatus::Error && freshError.empty())
                freshError = trialName(m_record.spec, t) + " gave no result: " + t.error;
            if (t.status == TrialStatus::Interrupted && !o.interrupted && freshStop.empty())
                freshStop = trialName(m_record.spec, t) + " was stopped from outside the sweep: " + t.error;
            refreshSummary();
            write();
            if (observer != nullptr)
                observer->trialFinished(t, m_record);
        };
        callbacks.streamLine = [&](std::uint64_t index, const std::string& line) {
            if (observer != nullptr)
                observer->streamLine(index, line);
        };
        m_executor.runRound(requests, callbacks, m_stop);
        if (m_writeFailed) {
            outcome = Outcome::WriteFailed;
            m_record.stopReason = "sweep.json could not be written: " + m_error;
            break;
        }
        if (cancel.load()) {
            outcome = Outcome::Interrupted;
            m_record.stopReason = "interrupted";
            break;
        }
        if (!freshStop.empty()) {
            outcome = Outcome::Interrupted;
            m_record.stopReason = freshStop;
            m_error = freshStop;
            break;
        }
        if (!freshError.empty()) {
            outcome = Outcome::Stopped;
            m_record.stopReason = freshError;
            m_error = freshError;
            break;
        }
    }
    done = true;
    mirror.join();

    // Whatever a stop left planned and not run is marked, so the file says which trials --resume will try again.
    for (auto& t : m_record.trials)
        if (t.status == TrialStatus::Pending || t.status == TrialStatus::Running) {
            t.status = TrialStatus::Interrupted;
            if (t.error.empty())
                t.error = "not run: the sweep stopped first";
        }
    refreshSummary();
    m_record.complete = outcome == Outcome::Complete && SweepPlanner::complete(m_record.spec, m_record.trials);
    if (!write() && outcome != Outcome::WriteFailed) {
        outcome = Outcome::WriteFailed;
        m_record.stopReason = "sweep.json could not be written: " + m_error;
    }
    if (observer != nullptr)
        observer->sweepFinished(m_record);
    return outcome;
}

} // namespace iteragpu::sweep
