// SPDX-License-Identifier: Apache-2.0
#include "core/report/streamevent.h"

#include "core/model/jsonguard.h"
#include "core/units/printable.h"

#include <nlohmann/json.hpp>

namespace iteragpu::report {

using nlohmann::json;

namespace {

    struct LineError {
        std::string message;
    };

    const json& field(const json& j, const char* name, const std::string& where)
    {
        if (!j.is_object())
            throw LineError { (where.empty() ? std::string("the line") : where) + " is not an object" };
        const auto it = j.find(name);
        if (it == j.end())
            throw LineError { "no field " + (where.empty() ? std::string() : where + ".") + name };
        return *it;
    }

    std::optional<std::uint64_t> optionalBytes(const json& j, const char* name, const std::string& where)
    {
        const json& v = field(j, name, where);
        if (v.is_null())
            return std::nullopt;
        if (!v.is_number_unsigned())
            throw LineError { "field " + where + "." + name + " must be a byte count or null" };
        return v.get<std::uint64_t>();
    }

    std::optional<double> optionalSeconds(const json& j, const char* name, const std::string& where)
    {
        const auto it = j.find(name);
        if (it == j.end() || it->is_null())
            return std::nullopt;
        if (!it->is_number())
            throw LineError { "field " + where + "." + name + " must be a number or null" };
        return it->get<double>();
    }

    protocol::MemoryPoint point(const json& j, const char* name, const std::string& where)
    {
        const std::string w = where + "." + name;
        const json& p = field(j, name, where);
        return { optionalBytes(p, "allocated", w), optionalBytes(p, "reserved", w) };
    }

    protocol::PhaseResult phase(const json& j)
    {
        const std::string w = "phase";
        protocol::PhaseResult p;
        const json& index = field(j, "index", w);
        if (!index.is_number_integer() || index.get<std::int64_t>() < 0 || index.get<std::int64_t>() > 1'000'000)
            throw LineError { "field phase.index must be an integer from 0 to 1000000" };
        p.index = index.get<int>();
        const json& name = field(j, "name", w);
        if (!name.is_string())
            throw LineError { "field phase.name must be a string" };
        p.name = name.get<std::string>();
        const json& repeat = field(j, "repeat", w);
        if (!repeat.is_null()) {
            if (!repeat.is_number_unsigned() || repeat.get<std::uint64_t>() > 0xffffffffULL)
                throw LineError { "field phase.repeat must be a count or null" };
            p.repeat = repeat.get<std::uint32_t>();
        }
        const json& status = field(j, "status", w);
        const auto s = status.is_string() ? protocol::phaseStatusFromName(status.get<std::string>()) : std::nullopt;
        if (!s)
            throw LineError { "field phase.status must be ok, failed or not_run" };
        p.status = *s;
        p.peak = point(j, "peak", w);
        p.final = point(j, "final", w);
        p.predictedPeakAllocated = optionalBytes(j, "predicted_peak_allocated", w);
        const json& error = field(j, "error", w);
        if (!error.is_null() && !error.is_string())
            throw LineError { "field phase.error must be a string or null" };
        if (error.is_string())
            p.error = error.get<std::string>();
        const json& oom = field(j, "out_of_memory", w);
        if (!oom.is_null() && !oom.is_boolean())
            throw LineError { "field phase.out_of_memory must be true, false or null" };
        if (oom.is_boolean())
            p.outOfMemory = oom.get<bool>();
        p.startSeconds = optionalSeconds(j, "start_seconds", w);
        p.endSeconds = optionalSeconds(j, "end_seconds", w);
        p.durationSeconds = optionalSeconds(j, "duration_seconds", w);
        return p;
    }

    protocol::Sample sample(const json& j)
    {
        protocol::Sample s;
        const json& t = field(j, "t", "sample");
        if (!t.is_number())
            throw LineError { "field sample.t must be a number" };
        s.t = t.get<double>();
        const auto allocated = optionalBytes(j, "allocated", "sample");
        const auto reserved = optionalBytes(j, "reserved", "sample");
        if (!allocated || !reserved)
            throw LineError { "a sample needs its allocated and reserved bytes" };
        s.allocated = *allocated;
        s.reserved = *reserved;
        s.deviceUsed = optionalBytes(j, "device_used", "sample");
        const json& index = field(j, "phase", "sample");
        if (!index.is_number_integer() || index.get<std::int64_t>() < -1 || index.get<std::int64_t>() > 1'000'000)
            throw LineError { "field sample.phase must be an integer from -1 to 1000000" };
        s.phaseIndex = index.get<int>();
        return s;
    }

} // namespace

bool readStreamLine(std::string_view line, StreamEvent& event, std::string& error)
{
    try {
        if (line.size() > kMaxStreamLineBytes)
            throw LineError { "the line is longer than " + std::to_string(kMaxStreamLineBytes) + " bytes" };
        if (model::jsonguard::nestingDepth(line) > static_cast<std::size_t>(kMaxStreamDepth))
            throw LineError { "the line nests deeper than " + std::to_string(kMaxStreamDepth) + " levels" };
        const json j = json::parse(line.begin(), line.end(), nullptr, false);
        if (j.is_discarded())
            throw LineError { "the line is not JSON" };
        StreamEvent e;
        const json& kind = field(j, "event", "");
        const std::string name = kind.is_string() ? kind.get<std::string>() : std::string();
        const json& runId = field(j, "run_id", "");
        if (!runId.is_number_unsigned())
            throw LineError { "field run_id must be a non-negative integer" };
        e.runId = runId.get<std::uint64_t>();
        const json& simulated = field(j, "simulated", "");
        if (!simulated.is_boolean())
            throw LineError { "field simulated must be true or false" };
        e.simulated = simulated.get<bool>();
        if (name == "phase_started" || name == "phase_finished") {
            e.kind = name == "phase_started" ? StreamEvent::Kind::PhaseStarted : StreamEvent::Kind::PhaseFinished;
            e.phase = phase(field(j, "phase", ""));
        } else if (name == "samples") {
            e.kind = StreamEvent::Kind::Samples;
            const json& list = field(j, "samples", "");
            if (!list.is_array())
                throw LineError { "field samples must be an array" };
            if (list.size() > kMaxStreamSamples)
                throw LineError { "more than " + std::to_string(kMaxStreamSamples) + " samples in one line" };
            e.samples.reserve(list.size());
            for (const json& s : list)
                e.samples.push_back(sample(s));
        } else if (name == "run_finished") {
            e.kind = StreamEvent::Kind::RunFinished;
            const json& completed = field(j, "completed", "");
            const json& cancelled = field(j, "cancelled", "");
            const json& err = field(j, "error", "");
            if (!completed.is_boolean() || !cancelled.is_boolean() || !(err.is_null() || err.is_string()))
                throw LineError { "run_finished needs completed and cancelled (true or false) and error (text or null)" };
            e.completed = completed.get<bool>();
            e.cancelled = cancelled.get<bool>();
            if (err.is_string())
                e.error = err.get<std::string>();
        } else {
            throw LineError { "unknown event \"" + units::printable(name, 40) + "\"" }; // a name from outside
        }
        event = std::move(e);
        return true;
    } catch (const LineError& e) {
        error = e.message;
        return false;
    } catch (const json::exception& e) {
        error = std::string("malformed stream line: ") + e.what();
        return false;
    }
}

} // namespace iteragpu::report
