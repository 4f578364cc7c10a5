// SPDX-License-Identifier: Apache-2.0
#include "core/report/probestream.h"

#include "core/model/jsonguard.h"
#include "core/report/resultjson.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace iteragpu::report {

using nlohmann::ordered_json;

namespace {

    struct LineError {
        std::string message;
    };

    const ordered_json& field(const ordered_json& j, const char* name)
    {
        const auto it = j.find(name);
        if (it == j.end())
            throw LineError { std::string("no field ") + name };
        return *it;
    }

    bool flag(const ordered_json& j, const char* name)
    {
        const ordered_json& v = field(j, name);
        if (!v.is_boolean())
            throw LineError { std::string("field ") + name + " must be true or false" };
        return v.get<bool>();
    }

    protocol::RunResult resultOf(const ordered_json& j)
    {
        protocol::RunResult r;
        std::string error;
        if (!fromJson(field(j, "result"), r, error))
            throw LineError { "its result: " + error };
        if (r.simulated || r.config.workload != protocol::WorkloadKind::Script)
            throw LineError { "its result is not a script's measurement" };
        return r;
    }

} // namespace

bool readProbeLine(std::string_view line, ProbeEvent& event, std::string& error)
{
    try {
        if (line.size() > kMaxProbeLineBytes)
            throw LineError { "the line is longer than " + std::to_string(kMaxProbeLineBytes) + " bytes" };
        if (model::jsonguard::nestingDepth(line) > static_cast<std::size_t>(kMaxProbeLineDepth))
            throw LineError { "the line nests deeper than " + std::to_string(kMaxProbeLineDepth) + " levels" };
        const ordered_json j = ordered_json::parse(line.begin(), line.end(), nullptr, false);
        if (j.is_discarded())
            throw LineError { "the line is not JSON" };
        if (!j.is_object())
            throw LineError { "the line is not a JSON object" };
        ProbeEvent e;
        const ordered_json& kind = field(j, "event");
        const std::string name = kind.is_string() ? kind.get<std::string>() : std::string();
        const ordered_json& runId = field(j, "run_id");
        if (!runId.is_number_unsigned())
            throw LineError { "field run_id must be a non-negative integer" };
        e.runId = runId.get<std::uint64_t>();
        if (flag(j, "simulated"))
            throw LineError { "a simulated event: the probe measures a GPU" };
        if (name == "run_started") {
            e.kind = ProbeEvent::Kind::RunStarted;
            e.result = resultOf(j);
            e.hasResult = true;
        } else if (name == "phase_started" || name == "phase_finished") {
            e.kind = name == "phase_started" ? ProbeEvent::Kind::PhaseStarted : ProbeEvent::Kind::PhaseFinished;
            std::string why;
            if (!phaseFromJson(field(j, "phase"), e.phase, false, why))
                throw LineError { why };
            if (e.phase.index < 0)
                throw LineError { "field phase.index must not be negative" };
        } else if (name == "samples") {
            e.kind = ProbeEvent::Kind::Samples;
            const ordered_json& list = field(j, "samples");
            if (!list.is_array())
                throw LineError { "field samples must be an array" };
            if (list.size() > kMaxProbeLineSamples)
                throw LineError { "more than " + std::to_string(kMaxProbeLineSamples) + " samples in one line" };
            e.samples.reserve(list.size());
            for (const ordered_json& s : list) {
                protocol::Sample sample;
                std::string why;
                if (!sampleFromJson(s, sample, why))
                    throw LineError { why };
                e.samples.push_back(sample);
            }
        } else if (name == "run_finished") {
            e.kind = ProbeEvent::Kind::RunFinished;
            e.completed = flag(j, "completed");
            e.cancelled = flag(j, "cancelled");
            const ordered_json& err = field(j, "error");
            if (!err.is_null() && !err.is_string())
                throw LineError { "field error must be a string or null" };
            if (err.is_string())
                e.error = err.get<std::string>();
            if (j.contains("result")) {
                e.result = resultOf(j);
                e.hasResult = true;
            }
        } else {
            throw LineError { "unknown event \"" + name.substr(0, 40) + "\"" };
        }
        event = std::move(e);
        return true;
    } catch (const LineError& e) {
        error = e.message;
        return false;
    } catch (const nlohmann::json::exception& e) {
        error = std::string("malformed probe line: ") + e.what();
        return false;
    }
}

} // namespace iteragpu::report
