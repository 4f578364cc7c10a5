// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/sweepjson.h"

#include "core/model/jsonguard.h"
#include "core/sweep/sweepplanner.h"
#include "core/units/printable.h"
#include "core/units/regularfile.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace iteragpu::sweep {

using nlohmann::ordered_json;

namespace {

    ordered_json optionalCount(const std::optional<std::uint64_t>& v) { return v ? ordered_json(*v) : ordered_json(); }
    ordered_json optionalText(const std::string& s) { return s.empty() ? ordered_json() : ordered_json(s); }

    ordered_json specToJson(const SweepSpec& s)
    {
        ordered_json j;
        j["measure_args"] = s.measureArgs;
        j["dimension"] = dimensionName(s.dimension);
        j["mode"] = sweepModeName(s.mode);
        j["values"] = s.values;
        j["min"] = s.min;
        j["max"] = optionalCount(s.max);
        j["resolution"] = s.resolution;
        j["executor"] = s.executor;
        j["devices"] = s.devices;
        j["slurm"] = { { "partition", s.slurm.partition }, { "account", s.slurm.account }, { "time", s.slurm.time },
            { "gres", s.slurm.gres }, { "device", s.slurm.device } };
        return j;
    }

    ordered_json trialToJson(const TrialRecord& t)
    {
        ordered_json j;
        j["index"] = t.index;
        j["round"] = t.round;
        j["value"] = t.value;
        j["device"] = t.device;
        j["host"] = optionalText(t.host);
        j["status"] = trialStatusName(t.status);
        j["result_file"] = optionalText(t.resultFile);
        j["exit_code"] = t.exitCode ? ordered_json(*t.exitCode) : ordered_json();
        j["wall_seconds"] = t.wallSeconds ? ordered_json(*t.wallSeconds) : ordered_json();
        auto phases = ordered_json::array();
        for (const auto& p : t.phases)
            phases.push_back({ { "phase", p.phase }, { "passed", p.passed },
                { "peak_allocated", optionalCount(p.peakAllocated) },
                { "peak_reserved", optionalCount(p.peakReserved) } });
        j["phases"] = std::move(phases);
        j["peak_allocated"] = optionalCount(t.peakAllocated);
        j["peak_reserved"] = optionalCount(t.peakReserved);
        j["device_peak"] = optionalCount(t.devicePeak);
        j["capacity_bytes"] = optionalCount(t.capacityBytes);
        j["failed_phase"] = optionalText(t.failedPhase);
        j["out_of_memory"] = t.outOfMemory;
        j["error"] = optionalText(t.error);
        j["slurm_job_id"] = optionalText(t.slurmJobId);
        return j;
    }

    ordered_json boundaryToJson(const Boundary& b)
    {
        return { { "largest_passing", optionalCount(b.largestPassing) },
            { "smallest_failing", optionalCount(b.smallestFailing) }, { "failed_phase", optionalText(b.failedPhase) },
            { "out_of_memory", b.outOfMemory }, { "error", optionalText(b.error) }, { "exact", b.exact },
            { "limit_reached", b.limitReached } };
    }

    ordered_json fitToJson(const GrowthFit& f)
    {
        ordered_json j;
        j["label"] = "fitted"; // a least-squares fit of the passing trials, never an observation
        j["quadratic"] = f.quadratic;
        j["constant_bytes"] = f.constant;
        j["linear_bytes_per_unit"] = f.linear;
        j["quadratic_bytes_per_unit2"] = f.quadraticTerm;
        j["points"] = f.points;
        j["max_relative_residual"] = f.maxRelativeResidual;
        j["overhead_bytes"] = f.overheadBytes;
        j["note"] = optionalText(f.note);
        auto cards = ordered_json::array();
        for (const auto& c : f.cards)
            cards.push_back({ { "label", "assumed" }, { "card", c.cardId }, { "name", c.cardName },
                { "capacity_bytes", c.capacityBytes }, { "largest_value", optionalCount(c.largestValue) },
                { "unbounded", c.unbounded } });
        j["cards"] = std::move(cards);
        return j;
    }

    // Reads the fields of one object, each checked; the first problem is kept with its path ("trials[2].status").
    class Reader {
    public:
        Reader(const ordered_json& object, std::string path, std::string& error)
            : m_object(object)
            , m_path(std::move(path))
            , m_error(error)
        {
        }
        bool ok() const { return m_error.empty(); }

        const ordered_json* field(const char* key, bool nullable = false)
        {
            if (!ok())
                return nullptr;
            const auto it = m_object.find(key);
            if (it == m_object.end()) {
                fail(key, "is missing");
                return nullptr;
            }
            if (it->is_null()) {
                if (!nullable)
                    fail(key, "is null");
                return nullptr;
            }
            return &*it;
        }
        std::optional<std::uint64_t> count(const char* key, bool nullable = false)
        {
            const auto* v = field(key, nullable);
            if (v == nullptr)
                return std::nullopt;
            if (!v->is_number_unsigned()) {
                fail(key, v->is_number_integer() ? "is negative" : "is not a whole number");
                return std::nullopt;
            }
            return v->get<std::uint64_t>();
        }
        std::uint64_t countOr0(const char* key)
        {
            const auto v = count(key);
            return v.value_or(0);
        }
        std::optional<double> seconds(const char* key)
        {
            const auto* v = field(key, true);
            if (v == nullptr)
                return std::nullopt;
            if (!v->is_number()) {
                fail(key, "is not a number");
                return std::nullopt;
            }
            const double d = v->get<double>();
            if (!std::isfinite(d) || d < 0.0) {
                fail(key, "is not a finite number of 0 or more");
                return std::nullopt;
            }
            return d;
        }
        double number(const char* key)
        {
            const auto* v = field(key);
            if (v == nullptr)
                return 0.0;
            if (!v->is_number()) {
                fail(key, "is not a number");
                return 0.0;
            }
            const double d = v->get<double>();
            if (!std::isfinite(d))
                fail(key, "is not a finite number");
            return d;
        }
        bool boolean(const char* key)
        {
            const auto* v = field(key);
            if (v == nullptr)
                return false;
            if (!v->is_boolean()) {
                fail(key, "is not true or false");
                return false;
            }
            return v->get<bool>();
        }
        std::string text(const char* key, bool nullable = false)
        {
            const auto* v = field(key, nullable);
            if (v == nullptr)
                return {};
            if (!v->is_string()) {
                fail(key, "is not a string");
                return {};
            }
            auto s = v->get<std::string>();
            if (s.size() > kMaxSweepStringBytes) {
                fail(key, "is longer than " + std::to_string(kMaxSweepStringBytes) + " bytes");
                return {};
            }
            return s;
        }
        std::vector<std::string> texts(const char* key, std::size_t limit)
        {
            std::vector<std::string> out;
            const auto* v = array(key, limit);
            if (v == nullptr)
                return out;
            for (std::size_t i = 0; i < v->size(); ++i) {
                const auto& e = (*v)[i];
                if (!e.is_string() || e.get_ref<const std::string&>().size() > kMaxSweepStringBytes) {
                    fail(key, "[" + std::to_string(i) + "] is not a string of at most "
                            + std::to_string(kMaxSweepStringBytes) + " bytes");
                    return {};
                }
                out.push_back(e.get<std::string>());
            }
            return out;
        }
        const ordered_json* array(const char* key, std::size_t limit)
        {
            const auto* v = field(key);
            if (v == nullptr)
                return nullptr;
            if (!v->is_array()) {
                fail(key, "is not an array");
                return nullptr;
            }
            if (v->size() > limit) {
                fail(key, "has more than " + std::to_string(limit) + " entries");
                return nullptr;
            }
            return v;
        }
        const ordered_json* object(const char* key, bool nullable = false)
        {
            const auto* v = field(key, nullable);
            if (v == nullptr)
                return nullptr;
            if (!v->is_object()) {
                fail(key, "is not an object");
                return nullptr;
            }
            return v;
        }
        std::string path(const char* key) const { return m_path.empty() ? key : m_path + "." + key; }
        void fail(const char* key, const std::string& what)
        {
            if (ok())
                m_error = path(key) + " " + what;
        }

    private:
        const ordered_json& m_object;
        std::string m_path;
        std::string& m_error;
    };

    bool readSpec(const ordered_json& j, SweepSpec& s, std::string& error)
    {
        Reader r(j, "spec", error);
        s.measureArgs = r.texts("measure_args", kMaxSweepArgs);
        const std::string dimension = r.text("dimension");
        if (r.ok()) {
            const auto d = dimensionFromName(dimension);
            if (!d)
                r.fail("dimension", "'" + model::jsonguard::oneLine(dimension, 40)
                        + "' is not batch, context, width, sequences, prompt-tokens, generated or seq-len");
            else
                s.dimension = *d;
        }
        const std::string mode = r.text("mode");
        if (r.ok()) {
            const auto m = sweepModeFromName(mode);
            if (!m)
                r.fail("mode", "'" + model::jsonguard::oneLine(mode, 40) + "' is not values or find-max");
            else
                s.mode = *m;
        }
        s.values.clear();
        if (const auto* values = r.array("values", kMaxSweepTrials)) {
            for (std::size_t i = 0; i < values->size() && r.ok(); ++i) {
                if (!(*values)[i].is_number_unsigned())
                    r.fail("values", "[" + std::to_string(i) + "] is not a whole number of 0 or more");
                else
                    s.values.push_back((*values)[i].get<std::uint64_t>());
            }
        }
        s.min = r.countOr0("min");
        s.max = r.count("max", true);
        s.resolution = r.countOr0("resolution");
        s.executor = r.text("executor");
        if (r.ok() && s.executor != "local" && s.executor != "slurm")
            r.fail("executor", "'" + model::jsonguard::oneLine(s.executor, 40) + "' is not local or slurm");
        s.devices = r.texts("devices", 1024);
        if (const auto* slurm = r.object("slurm")) {
            Reader q(*slurm, "spec.slurm", error);
            s.slurm.partition = q.text("partition");
            s.slurm.account = q.text("account");
            s.slurm.time = q.text("time");
            s.slurm.gres = q.text("gres");
            s.slurm.device = q.text("device");
        }
        if (!r.ok())
            return false;
        if (const std::string why = SweepPlanner::validate(s); !why.empty()) {
            error = "spec: " + why;
            return false;
        }
        return true;
    }

    // A trial's result file is a plain name inside the sweep folder: never absolute, never above it.
    bool insideFolder(const std::string& relative)
    {
        const std::filesystem::path p(relative);
        if (p.is_absolute() || relative.find('\0') != std::string::npos)
            return false;
        for (const auto& part : p)
            if (part == "..")
                return false;
        return true;
    }

    bool readTrial(const ordered_json& j, std::size_t position, TrialRecord& t, std::string& error)
    {
        const std::string path = "trials[" + std::to_string(position) + "]";
        if (!j.is_object()) {
            error = path + " is not an object";
            return false;
        }
        Reader r(j, path, error);
        t.index = r.countOr0("index");
        if (r.ok() && t.index != position)
            r.fail("index", "is " + std::to_string(t.index) + ", not its position " + std::to_string(position));
        const auto round = r.countOr0("round");
        if (r.ok() && round > std::numeric_limits<std::uint32_t>::max())
            r.fail("round", "is beyond 2^32");
        t.round = static_cast<std::uint32_t>(round);
        t.value = r.countOr0("value");
        if (r.ok() && (t.value == 0 || t.value >= (std::uint64_t(1) << 62)))
            r.fail("value", "is 0 or 2^62 or more");
        t.device = r.text("device");
        t.host = r.text("host", true);
        const std::string status = r.text("status");
        if (r.ok()) {
            const auto s = trialStatusFromName(status);
            if (!s)
                r.fail("status",
                    "'" + model::jsonguard::oneLine(status, 40)
                        + "' is not pending, running, passed, failed, error or interrupted");
            else
                t.status = *s;
        }
        t.resultFile = r.text("result_file", true);
        if (r.ok() && !insideFolder(t.resultFile))
            r.fail("result_file", "is not a path inside the sweep folder");
        if (const auto* code = r.field("exit_code", true)) {
            if (!code->is_number_integer() || code->get<std::int64_t>() < 0 || code->get<std::int64_t>() > 255)
                r.fail("exit_code", "is not an exit status from 0 to 255");
            else
                t.exitCode = static_cast<int>(code->get<std::int64_t>());
        }
        t.wallSeconds = r.seconds("wall_seconds");
        t.phases.clear();
        if (const auto* phases = r.array("phases", 100000)) {
            for (std::size_t i = 0; i < phases->size() && r.ok(); ++i) {
                const auto& pj = (*phases)[i];
                if (!pj.is_object()) {
                    r.fail("phases", "[" + std::to_string(i) + "] is not an object");
                    break;
                }
                Reader q(pj, path + ".phases[" + std::to_string(i) + "]", error);
                TrialPhase p;
                p.phase = q.text("phase");
                p.passed = q.boolean("passed");
                p.peakAllocated = q.count("peak_allocated", true);
                p.peakReserved = q.count("peak_reserved", true);
                t.phases.push_back(std::move(p));
            }
        }
        t.peakAllocated = r.count("peak_allocated", true);
        t.peakReserved = r.count("peak_reserved", true);
        t.devicePeak = r.count("device_peak", true);
        t.capacityBytes = r.count("capacity_bytes", true);
        t.failedPhase = r.text("failed_phase", true);
        t.outOfMemory = r.boolean("out_of_memory");
        t.error = r.text("error", true);
        t.slurmJobId = r.text("slurm_job_id", true);
        if (r.ok() && t.peakAllocated && t.peakReserved && *t.peakAllocated > *t.peakReserved)
            r.fail("peak_allocated", "is above peak_reserved (the allocator never holds more than it reserved)");
        if (r.ok() && t.status == TrialStatus::Failed && t.failedPhase.empty())
            r.fail("failed_phase", "is missing from a failed trial");
        return r.ok();
    }

    bool readBoundary(const ordered_json& j, Boundary& b, std::string& error)
    {
        Reader r(j, "boundary", error);
        b.largestPassing = r.count("largest_passing", true);
        b.smallestFailing = r.count("smallest_failing", true);
        b.failedPhase = r.text("failed_phase", true);
        b.outOfMemory = r.boolean("out_of_memory");
        b.error = r.text("error", true);
        b.exact = r.boolean("exact");
        b.limitReached = r.boolean("limit_reached");
        if (r.ok() && b.largestPassing && b.smallestFailing && *b.largestPassing >= *b.smallestFailing)
            r.fail("largest_passing", "is not below smallest_failing");
        return r.ok();
    }

    bool readFit(const ordered_json& j, GrowthFit& f, std::string& error)
    {
        Reader r(j, "fit", error);
        if (r.text("label") != "fitted" && r.ok())
            r.fail("label", "is not \"fitted\"");
        f.quadratic = r.boolean("quadratic");
        f.constant = r.number("constant_bytes");
        f.linear = r.number("linear_bytes_per_unit");
        f.quadraticTerm = r.number("quadratic_bytes_per_unit2");
        f.points = r.countOr0("points");
        f.maxRelativeResidual = r.number("max_relative_residual");
        f.overheadBytes = r.countOr0("overhead_bytes");
        f.note = r.text("note", true);
        if (r.ok() && f.points > kMaxSweepTrials)
            r.fail("points", "is more than the trials a sweep holds");
        if (const auto* cards = r.array("cards", 10000)) {
            for (std::size_t i = 0; i < cards->size() && r.ok(); ++i) {
                const auto& cj = (*cards)[i];
                if (!cj.is_object()) {
                    r.fail("cards", "[" + std::to_string(i) + "] is not an object");
                    break;
                }
                Reader q(cj, "fit.cards[" + std::to_string(i) + "]", error);
                if (q.text("label") != "assumed" && q.ok())
                    q.fail("label", "is not \"assumed\"");
                CardExtrapolation c;
                c.cardId = q.text("card");
                c.cardName = q.text("name");
                c.capacityBytes = q.countOr0("capacity_bytes");
                c.largestValue = q.count("largest_value", true);
                c.unbounded = q.boolean("unbounded");
                f.cards.push_back(std::move(c));
            }
        }
        return r.ok();
    }

} // namespace

ordered_json toJson(const SweepRecord& record)
{
    ordered_json j;
    j["schema"] = kSweepSchema;
    j["workload"] = record.workload;
    j["program"] = record.program;
    j["attention"] = optionalText(record.attention);
    j["simulated"] = record.simulated;
    j["spec"] = specToJson(record.spec);
    auto order = ordered_json::array();
    auto trials = ordered_json::array();
    for (const auto& t : record.trials) {
        order.push_back(t.value);
        trials.push_back(trialToJson(t));
    }
    j["trial_order"] = std::move(order); // the values in the order they were tried
    j["trials"] = std::move(trials);
    j["boundary"] = boundaryToJson(record.boundary);
    j["fit"] = record.fit ? fitToJson(*record.fit) : ordered_json();
    j["complete"] = record.complete;
    j["stop_reason"] = optionalText(record.stopReason);
    return j;
}

bool fromJson(const ordered_json& json, SweepRecord& record, std::string& error)
{
    error.clear();
    if (!json.is_object()) {
        error = "a sweep file holds one JSON object";
        return false;
    }
    Reader r(json, "", error);
    const std::string schema = r.text("schema");
    if (r.ok() && schema != kSweepSchema) {
        error = "schema '" + model::jsonguard::oneLine(schema, 60) + "' is not " + kSweepSchema;
        return false;
    }
    record = SweepRecord {};
    record.workload = r.text("workload");
    if (r.ok() && !sweptWorkloadFromName(record.workload))
        r.fail("workload",
            "'" + model::jsonguard::oneLine(record.workload, 40) + "' is not dense, decoder, decoder-training or vllm");
    record.program = r.text("program");
    record.attention = r.text("attention", true);
    if (r.ok() && !record.attention.empty() && record.attention != "eager" && record.attention != "sdpa")
        r.fail("attention", "'" + model::jsonguard::oneLine(record.attention, 40) + "' is not eager or sdpa");
    record.simulated = r.boolean("simulated");
    const auto* spec = r.object("spec");
    if (spec != nullptr && !readSpec(*spec, record.spec, error))
        return false;
    if (r.ok() && !dimensionBelongs(record.spec.dimension, *sweptWorkloadFromName(record.workload)))
        r.fail("spec", std::string("dimension ") + std::string(dimensionName(record.spec.dimension))
                + " is not one of the " + record.workload + " workload's");
    const auto* order = r.array("trial_order", kMaxSweepTrials);
    if (const auto* trials = r.array("trials", kMaxSweepTrials)) {
        for (std::size_t i = 0; i < trials->size(); ++i) {
            TrialRecord t;
            if (!readTrial((*trials)[i], i, t, error))
                return false;
            record.trials.push_back(std::move(t));
        }
    }
    if (r.ok() && order != nullptr) {
        bool same = order->size() == record.trials.size();
        for (std::size_t i = 0; same && i < order->size(); ++i)
            same = (*order)[i].is_number_unsigned() && (*order)[i].get<std::uint64_t>() == record.trials[i].value;
        if (!same)
            r.fail("trial_order", "is not the trials' values in their order");
    }
    if (const auto* boundary = r.object("boundary"); boundary != nullptr && !readBoundary(*boundary, record.boundary, error))
        return false;
    if (const auto* fit = r.object("fit", true)) {
        GrowthFit f;
        if (!readFit(*fit, f, error))
            return false;
        record.fit = std::move(f);
    }
    record.complete = r.boolean("complete");
    record.stopReason = r.text("stop_reason", true);
    return r.ok();
}

bool parseSweepText(std::string_view text, SweepRecord& record, std::string& error)
{
    if (text.size() > kMaxSweepFileBytes) {
        error = "the sweep file is larger than " + std::to_string(kMaxSweepFileBytes >> 20) + " MiB";
        return false;
    }
    if (model::jsonguard::nestingDepth(text) > model::jsonguard::kMaxDepth) {
        error = "the sweep file nests deeper than " + std::to_string(model::jsonguard::kMaxDepth) + " levels";
        return false;
    }
    ordered_json json;
    try {
        json = ordered_json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::exception& e) {
        error = "not valid JSON: " + model::jsonguard::oneLine(e.what());
        return false;
    }
    return fromJson(json, record, error);
}

std::string sweepFilePath(const std::string& folder)
{
    return (std::filesystem::path(folder) / kSweepFileName).string();
}

bool readSweepFile(const std::string& path, SweepRecord& record, std::string& error)
{
    // Opened without waiting and checked on the descriptor: a FIFO named sweep.json is refused, not waited on.
    std::string text;
    if (!units::readRegularFile(path, kMaxSweepFileBytes, text, error))
        return false;
    if (!parseSweepText(text, record, error)) {
        error = units::printable(path) + ": " + error;
        return false;
    }
    return true;
}

SweepWriteError writeSweepFile(const std::string& path, const SweepRecord& record, std::string& error)
{
    namespace fs = std::filesystem;
    std::string text;
    try {
        // A name that is not UTF-8 (a model folder in measure_args) is written as U+FFFD (Note [Names in JSON]).
        text = toJson(record).dump(1, '\t', false, nlohmann::json::error_handler_t::replace) + "\n";
    } catch (const nlohmann::json::exception& e) {
        error = std::string("cannot encode the sweep: ") + model::jsonguard::oneLine(e.what());
        return SweepWriteError::Io;
    }
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::random_device rd;
    const std::string tmp = (dir / ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid()) + "-"
                                       + std::to_string(rd())))
                                .string();
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        const int err = errno;
        error = "cannot create a temporary file in " + dir.string() + ": " + std::strerror(err);
        return err == ENOSPC ? SweepWriteError::NoSpace : SweepWriteError::Io;
    }
    const auto fail = [&](int err, const char* what, bool open) {
        if (open)
            ::close(fd);
        ::unlink(tmp.c_str());
        error = std::string(what) + " " + path + ": " + std::strerror(err)
            + (err == ENOSPC || err == EDQUOT ? " (the disk is full; the previous sweep.json is kept)"
                                              : " (the previous sweep.json is kept)");
        return err == ENOSPC || err == EDQUOT ? SweepWriteError::NoSpace : SweepWriteError::Io;
    };
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return fail(errno, "cannot write", true);
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0)
        return fail(errno, "cannot flush", true);
    if (::close(fd) != 0)
        return fail(errno, "cannot close", false);
    if (::rename(tmp.c_str(), path.c_str()) != 0)
        return fail(errno, "cannot replace", false);
    // The rename itself reaches the disk with the folder's entry.
    if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
    return SweepWriteError::None;
}

} // namespace iteragpu::sweep
