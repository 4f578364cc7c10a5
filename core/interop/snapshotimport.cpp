// SPDX-License-Identifier: Apache-2.0
#include "core/interop/snapshotimport.h"

#include "core/buildinfo/buildinfo.h"
#include "core/sampler/peakdecimator.h"
#include "core/sampler/sampler.h"
#include "core/units/regularfile.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace iteragpu::interop {

using protocol::PhaseResult;
using protocol::PhaseStatus;
using protocol::RunResult;
using protocol::TraceEvent;

namespace {

    struct Failure {
        std::string message;
    };

    constexpr std::size_t kMaxPhases = 1000; // regions beyond it are not made phases (the note says how many)
    constexpr std::size_t kTraceKept = 65536; // entries kept as the run's allocator trace, as a measured run keeps

    enum class Action { Alloc, FreeRequested, FreeCompleted, SegmentAlloc, SegmentFree, Oom, Other };

    struct Entry {
        Action action = Action::Other;
        std::uint64_t size = 0;
        std::uint64_t address = 0;
        std::optional<std::uint64_t> deviceFree;
        double timeUs = 0.0;
        const std::string* metadata = nullptr; // user_metadata, in the read pickle (never copied per entry)
    };

    struct Span {
        std::string name;
        double startUs = 0.0;
        double endUs = 0.0;
    };

    std::string at(const char* what, std::size_t index)
    {
        return std::string(what) + "[" + std::to_string(index) + "]";
    }

    std::uint64_t unsignedField(const PickleValue& dict, const char* key, const std::string& where)
    {
        const PickleValue* v = dict.find(key);
        if (!v)
            throw Failure { where + " has no \"" + key + "\"" };
        const auto u = v->asUnsigned();
        if (!u)
            throw Failure { where + "." + key + " is not a non-negative integer" };
        return *u;
    }

    std::optional<std::uint64_t> optionalUnsigned(const PickleValue& dict, const char* key)
    {
        const PickleValue* v = dict.find(key);
        return v ? v->asUnsigned() : std::nullopt;
    }

    // A size in bytes: below 2^63, as every byte count of a result (core/report/resultjson.cpp), so the ledger's
    // differences never wrap; 2^64 - 1 is refused in one line, not cast to -1.
    constexpr std::uint64_t kMaxBytes = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

    std::uint64_t bytesWithin(std::uint64_t bytes, const std::string& name)
    {
        if (bytes > kMaxBytes)
            throw Failure { name + " is " + std::to_string(bytes) + " bytes, beyond 2^63 - 1: not a byte count" };
        return bytes;
    }

    std::uint64_t byteField(const PickleValue& dict, const char* key, const std::string& where)
    {
        return bytesWithin(unsignedField(dict, key, where), where + "." + key);
    }

    std::optional<std::uint64_t> optionalBytes(const PickleValue& dict, const char* key, const std::string& where)
    {
        const auto u = optionalUnsigned(dict, key);
        return u ? std::optional(bytesWithin(*u, where + "." + key)) : std::nullopt;
    }

    std::string optionalString(const PickleValue& dict, const char* key)
    {
        const PickleValue* v = dict.find(key);
        return v && v->isString() ? v->asString() : std::string();
    }

    Action actionOf(const std::string& name)
    {
        if (name == "alloc")
            return Action::Alloc;
        if (name == "free_requested")
            return Action::FreeRequested;
        if (name == "free_completed")
            return Action::FreeCompleted;
        if (name == "segment_alloc" || name == "segment_map")
            return Action::SegmentAlloc;
        if (name == "segment_free" || name == "segment_unmap")
            return Action::SegmentFree;
        if (name == "oom")
            return Action::Oom;
        return Action::Other; // snapshot, annotate, user_defined, ...: no counter changes
    }

    std::vector<Entry> readEntries(const PickleValue& list, std::size_t device)
    {
        std::vector<Entry> entries;
        entries.reserve(list.items().size());
        for (std::size_t i = 0; i < list.items().size(); ++i) {
            const PickleValue& e = list.items()[i];
            const std::string where = "device_traces[" + std::to_string(device) + "]" + at("", i);
            if (!e.isDict())
                throw Failure { where + " is not a dict" };
            const PickleValue* action = e.find("action");
            if (!action || !action->isString())
                throw Failure { where + " has no \"action\"" };
            Entry out;
            out.action = actionOf(action->asString());
            const PickleValue* time = e.find("time_us");
            const auto t = time ? time->asNumber() : std::nullopt;
            if (!t || !std::isfinite(*t) || *t < 0)
                throw Failure { where + " has no time_us (snapshots from PyTorch 2.1 on have it)" };
            out.timeUs = *t;
            if (const PickleValue* m = e.find("user_metadata"); m && m->isString() && !m->asString().empty())
                out.metadata = &m->asString();
            switch (out.action) {
            case Action::Oom:
                out.size = byteField(e, "size", where);
                out.deviceFree = optionalBytes(e, "device_free", where);
                break;
            case Action::Other:
                break;
            default:
                out.size = byteField(e, "size", where);
                out.address = unsignedField(e, "addr", where);
                break;
            }
            entries.push_back(std::move(out));
        }
        return entries;
    }

    // Outermost record_function regions of one device, in time order.
    std::vector<Span> annotationSpans(
        const PickleValue* annotations, std::uint64_t device, std::size_t& beyond, std::uint64_t& steps)
    {
        std::vector<Span> spans;
        if (!annotations || !annotations->isList())
            return spans;
        struct Mark {
            const std::string* name; // in the read pickle
            bool start;
            double timeUs;
        };
        std::vector<Mark> marks;
        for (const auto& a : annotations->items()) {
            if (!a.isDict())
                continue;
            const auto dev = optionalUnsigned(a, "device");
            if (dev && *dev != device)
                continue;
            const PickleValue* stageValue = a.find("stage");
            // Both arms a string_view: with "" as the other arm the conditional is a std::string, a temporary the
            // view would outlive (every stage then compared against freed memory).
            const std::string_view stage
                = stageValue && stageValue->isString() ? std::string_view(stageValue->asString()) : std::string_view();
            const PickleValue* time = a.find("time_us");
            const double t = time ? time->asNumber().value_or(NAN) : NAN;
            const PickleValue* name = a.find("name");
            if ((stage != "START" && stage != "END") || !std::isfinite(t) || !name || !name->isString()
                || name->asString().empty())
                continue;
            marks.push_back({ &name->asString(), stage == "START", t });
        }
        std::stable_sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) { return a.timeUs < b.timeUs; });
        // The open regions innermost last, and where each name is open (by hash): an END closes the innermost
        // open region of its name and every region opened inside it, in O(1) amortised, so N STARTs and N
        // unmatched ENDs cost O(N).
        std::vector<const std::string*> open;
        std::unordered_map<std::string_view, std::vector<std::size_t>> openAt;
        for (const auto& m : marks) {
            if (m.start) {
                if (open.empty()) {
                    if (spans.size() < kMaxPhases)
                        spans.push_back({ *m.name, m.timeUs, m.timeUs });
                    else
                        ++beyond;
                }
                openAt[*m.name].push_back(open.size());
                open.push_back(m.name);
                ++steps;
                continue;
            }
            ++steps;
            const auto it = openAt.find(*m.name);
            if (it == openAt.end() || it->second.empty())
                continue; // an END without its START (recorded before the ring's window)
            const std::size_t from = it->second.back();
            while (open.size() > from) {
                openAt[*open.back()].pop_back(); // the innermost open region is the last of its name
                open.pop_back();
                ++steps;
            }
            if (open.empty() && !spans.empty())
                spans.back().endUs = m.timeUs;
        }
        if (!open.empty() && !spans.empty())
            spans.back().endUs = std::numeric_limits<double>::infinity(); // still open: until the last entry
        return spans;
    }

    std::string isoTime(double epochUs)
    {
        // Microseconds since 1970 from 2001 on: PyTorch's time_us is the wall clock.
        if (!(epochUs > 1.0e15 && epochUs < 1.0e17))
            return "";
        const std::time_t seconds = static_cast<std::time_t>(epochUs / 1e6);
        std::tm tm {};
        gmtime_r(&seconds, &tm);
        char buf[32];
        std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
        return buf;
    }

    std::string settingsText(const PickleValue* settings)
    {
        if (!settings || !settings->isDict())
            return "";
        std::string out;
        for (const auto& [k, v] : settings->pairs()) {
            if (!k.isString())
                continue;
            std::string value;
            if (v.isString())
                value = v.asString();
            else if (v.kind() == PickleValue::Kind::Bool)
                value = v.asBool() ? "true" : "false";
            else if (v.isInt())
                value = (v.negative() ? "-" : "") + std::to_string(v.magnitude());
            else if (const auto n = v.asNumber())
                value = std::to_string(*n);
            else
                continue;
            out += (out.empty() ? "" : " ") + k.asString() + "=" + value;
        }
        return out;
    }

    __extension__ typedef __int128 Wide; // room for sums of 64-bit sizes and their differences
    __extension__ typedef unsigned __int128 UnsignedWide;

    RunResult build(const PickleValue& root, const std::string& file, ImportWork& work)
    {
        if (!root.isDict())
            throw Failure { "the pickle holds no dict: not a memory snapshot (torch.cuda.memory._snapshot())" };
        const PickleValue* traces = root.find("device_traces");
        const PickleValue* segments = root.find("segments");
        if (!segments || !segments->isList())
            throw Failure { "no \"segments\" list: not a memory snapshot (torch.cuda.memory._snapshot())" };
        if (!traces || !traces->isList())
            throw Failure { "no \"device_traces\": the snapshot has no timeline (record it after "
                            "torch.cuda.memory._record_memory_history())" };
        // The device: the one with the most entries.
        std::size_t device = 0;
        std::size_t most = 0;
        std::size_t busy = 0;
        for (std::size_t d = 0; d < traces->items().size(); ++d) {
            const PickleValue& list = traces->items()[d];
            if (!list.isList())
                throw Failure { at("device_traces", d) + " is not a list" };
            if (!list.items().empty())
                ++busy;
            if (list.items().size() > most) {
                most = list.items().size();
                device = d;
            }
        }
        if (most == 0)
            throw Failure { "device_traces are empty: call torch.cuda.memory._record_memory_history() before the "
                            "work you want to see, then _dump_snapshot()" };
        const std::vector<Entry> entries = readEntries(traces->items()[device], device);

        // The end state of that device.
        Wide reservedEnd = 0;
        Wide allocatedEnd = 0;
        for (std::size_t i = 0; i < segments->items().size(); ++i) {
            const PickleValue& seg = segments->items()[i];
            const std::string where = at("segments", i);
            if (!seg.isDict())
                throw Failure { where + " is not a dict" };
            const auto dev = optionalUnsigned(seg, "device");
            if (dev.value_or(0) != device)
                continue;
            reservedEnd += byteField(seg, "total_size", where);
            const PickleValue* blocks = seg.find("blocks");
            if (!blocks || !blocks->isList())
                throw Failure { where + " has no \"blocks\" list" };
            for (std::size_t b = 0; b < blocks->items().size(); ++b) {
                const PickleValue& block = blocks->items()[b];
                const std::string bwhere = where + at(".blocks", b);
                if (!block.isDict())
                    throw Failure { bwhere + " is not a dict" };
                const std::string state = optionalString(block, "state");
                if (state != "active_allocated" && state != "active_pending_free")
                    continue;
                const auto requested = optionalBytes(block, "requested_size", bwhere);
                allocatedEnd += requested ? *requested : byteField(block, "size", bwhere);
            }
        }

        // Replay: the counters after every entry, walking back from the end state.
        Wide allocatedDelta = 0;
        Wide reservedDelta = 0;
        for (const auto& e : entries) {
            if (e.action == Action::Alloc)
                allocatedDelta += e.size;
            else if (e.action == Action::FreeCompleted)
                allocatedDelta -= e.size;
            else if (e.action == Action::SegmentAlloc)
                reservedDelta += e.size;
            else if (e.action == Action::SegmentFree)
                reservedDelta -= e.size;
        }
        Wide allocated = allocatedEnd - allocatedDelta;
        Wide reserved = reservedEnd - reservedDelta;
        const Wide kMax = static_cast<Wide>(kMaxBytes); // a counter, as each size, below 2^63
        // A trace that does not add up is named by its totals: what it adds over all its entries against what the
        // end-state blocks and segments hold (the entry where a counter first leaves 0..2^64 is where the replay
        // noticed, not what is wrong).
        auto wide = [](Wide v) {
            const bool negative = v < 0;
            UnsignedWide m = negative ? static_cast<UnsignedWide>(-(v + 1)) + 1 : static_cast<UnsignedWide>(v);
            std::string digits;
            do {
                digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
                m /= 10;
            } while (m != 0);
            return (negative ? "-" : "") + digits;
        };
        auto check = [&](std::size_t i) {
            if (allocated < 0 || reserved < 0 || allocated > kMax || reserved > kMax) {
                const bool allocatedWrong = allocated < 0 || allocated > kMax;
                throw Failure { std::string("the trace does not add up to the snapshot's end state: its entries ")
                    + (allocatedWrong
                            ? "allocate a net " + wide(allocatedDelta) + " bytes (alloc minus free_completed) "
                                + "where the end-state blocks hold " + wide(allocatedEnd)
                            : "reserve a net " + wide(reservedDelta)
                                + " bytes (segment_alloc minus segment_free) where the end-state "
                                  "segments hold "
                                + wide(reservedEnd))
                    + " of cuda:" + std::to_string(device) + ", so " + (allocatedWrong ? "allocated" : "reserved")
                    + " would fall below 0 or beyond 2^63 - 1 (at entry " + std::to_string(i)
                    + "); entries of the trace are missing or the snapshot was edited" };
            }
        };
        check(0);
        const std::uint64_t allocatedBefore = static_cast<std::uint64_t>(allocated);
        const std::uint64_t reservedBefore = static_cast<std::uint64_t>(reserved);
        std::vector<std::uint64_t> allocatedAfter(entries.size());
        std::vector<std::uint64_t> reservedAfter(entries.size());
        std::vector<double> timesUs(entries.size()); // running maximum of time_us
        double originUs = entries.front().timeUs;
        double runningUs = 0.0;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const auto& e = entries[i];
            if (e.action == Action::Alloc)
                allocated += e.size;
            else if (e.action == Action::FreeCompleted)
                allocated -= e.size;
            else if (e.action == Action::SegmentAlloc)
                reserved += e.size;
            else if (e.action == Action::SegmentFree)
                reserved -= e.size;
            check(i);
            allocatedAfter[i] = static_cast<std::uint64_t>(allocated);
            reservedAfter[i] = static_cast<std::uint64_t>(reserved);
            // Entries are in the order the allocator recorded them; a clock step back keeps the last time.
            runningUs = std::max(runningUs, e.timeUs);
            timesUs[i] = runningUs;
        }

        // Phases.
        std::size_t beyond = 0;
        std::vector<Span> spans = annotationSpans(root.find("external_annotations"), device, beyond, work.regionSteps);
        std::string phaseSource = "record_function regions (external_annotations)";
        if (!spans.empty())
            originUs = std::min(originUs, spans.front().startUs);
        if (spans.empty()) {
            phaseSource = "runs of equal user_metadata (torch.cuda.memory._set_memory_metadata)";
            for (std::size_t i = 0; i < entries.size(); ++i) {
                const std::string* m = entries[i].metadata;
                if (!m)
                    continue;
                const std::string* before = i > 0 ? entries[i - 1].metadata : nullptr;
                if (!spans.empty() && before && (before == m || *before == *m) && spans.back().name == *m) {
                    spans.back().endUs = timesUs[i];
                    continue;
                }
                if (spans.size() >= kMaxPhases) {
                    ++beyond;
                    continue;
                }
                spans.push_back({ *m, timesUs[i], timesUs[i] });
            }
        }
        if (spans.empty()) {
            phaseSource = "one phase over the whole trace (no record_function regions, no user_metadata)";
            spans.push_back({ "imported", timesUs.front(), timesUs.back() });
        }
        for (auto& s : spans)
            if (std::isinf(s.endUs))
                s.endUs = std::max(s.startUs, timesUs.back());

        RunResult r;
        r.identity.appVersion = BuildInfo::version();
        r.identity.commit = BuildInfo::commit();
        r.identity.startedAtUtc = isoTime(originUs);
        r.config.deviceId = "cuda:" + std::to_string(device);
        r.config.workload = protocol::WorkloadKind::Script;
        protocol::ScriptSpec script;
        script.measuredBy = "PyTorch's caching allocator history (torch.cuda.memory._record_memory_history), "
                            "imported from a memory snapshot by iteragpu "
            + BuildInfo::version();
        r.config.script = script;
        r.config.batch = r.config.context = r.config.width = 0;
        r.config.warmup = r.config.repeats = 0;
        r.environment.backend = "cuda";
        r.environment.runtimeDescription
            = "PyTorch memory snapshot (CUDA or ROCm, driver and device are not recorded in it)";
        r.environment.device.id = r.config.deviceId;
        r.environment.device.index = static_cast<int>(device);
        r.environment.allocatorBackend = "native";
        r.environment.allocatorSettings = settingsText(root.find("allocator_settings"));
        r.environment.appVersion = r.identity.appVersion;
        r.environment.commit = r.identity.commit;

        // Assign each entry to the phase whose span holds its time (spans are in time order, outermost only).
        std::vector<int> phaseOf(entries.size(), -1);
        {
            std::size_t s = 0;
            for (std::size_t i = 0; i < entries.size(); ++i) {
                while (s < spans.size() && spans[s].endUs < timesUs[i])
                    ++s;
                if (s < spans.size() && spans[s].startUs <= timesUs[i])
                    phaseOf[i] = static_cast<int>(s);
            }
        }
        // Note [Unique imported labels]
        // A phase is looked up by its label (explain --phase): a name used once is its own label, a name used
        // several times gets NAME#k, counted from 0 and skipping every label already taken, so the regions
        // "a", "a", "a#1" become a#0, a#2 and a#1, never two phases with one label.
        std::map<std::string, std::uint32_t> occurrences;
        for (const auto& s : spans)
            ++occurrences[s.name];
        std::set<std::string> taken;
        for (const auto& [name, count] : occurrences)
            if (count == 1)
                taken.insert(name);
        std::map<std::string, std::uint32_t> seen;
        const auto nextRepeat = [&](const std::string& name) {
            std::uint32_t k = seen[name];
            while (taken.count(name + "#" + std::to_string(k)))
                ++k;
            seen[name] = k + 1;
            taken.insert(name + "#" + std::to_string(k));
            return k;
        };
        std::size_t cursor = 0; // first entry not before the current span
        for (std::size_t s = 0; s < spans.size(); ++s) {
            PhaseResult p;
            p.index = static_cast<int>(s);
            p.name = spans[s].name;
            if (occurrences[p.name] > 1)
                p.repeat = nextRepeat(p.name);
            p.inputs = "recorded by PyTorch: " + phaseSource;
            p.status = PhaseStatus::Ok;
            p.outOfMemory = false;
            while (cursor < entries.size() && timesUs[cursor] < spans[s].startUs)
                ++cursor;
            std::uint64_t baseA = cursor == 0 ? allocatedBefore : allocatedAfter[cursor - 1];
            std::uint64_t baseR = cursor == 0 ? reservedBefore : reservedAfter[cursor - 1];
            std::uint64_t peakA = baseA;
            std::uint64_t peakR = baseR;
            std::uint64_t finalA = baseA;
            std::uint64_t finalR = baseR;
            sampler::PeakDecimator decimator(protocol::kDefaultMaxSamplesPerPhase);
            decimator.add((spans[s].startUs - originUs) / 1e6, baseA, baseR, std::nullopt);
            std::size_t i = cursor;
            for (; i < entries.size() && timesUs[i] <= spans[s].endUs; ++i) {
                peakA = std::max(peakA, allocatedAfter[i]);
                peakR = std::max(peakR, reservedAfter[i]);
                finalA = allocatedAfter[i];
                finalR = reservedAfter[i];
                decimator.add((timesUs[i] - originUs) / 1e6, finalA, finalR, std::nullopt);
                const auto& e = entries[i];
                if (e.action == Action::Oom && p.status == PhaseStatus::Ok) {
                    p.status = PhaseStatus::Failed;
                    p.outOfMemory = true;
                    // The one device-level reading a snapshot holds: the free memory cudaMemGetInfo reported when
                    // the allocator gave up, kept as the failed phase's reading (and exported again as such).
                    p.deviceAfter.freeBytes = e.deviceFree;
                    p.error = "out of memory: a request of " + std::to_string(e.size) + " bytes failed"
                        + (e.deviceFree ? " with " + std::to_string(*e.deviceFree) + " bytes free on the device" : "")
                        + " (the snapshot's oom entry)";
                }
            }
            cursor = i;
            p.baseline = { baseA, baseR };
            p.peak = { peakA, peakR };
            p.final = { finalA, finalR };
            p.startSeconds = (spans[s].startUs - originUs) / 1e6;
            p.endSeconds = (std::max(spans[s].endUs, spans[s].startUs) - originUs) / 1e6;
            p.durationSeconds = *p.endSeconds - *p.startSeconds;
            p.samples = sampler::samplesFromBuckets(decimator.buckets(), p.index);
            p.samplesThinned = decimator.mergedAway();
            r.trialOrder.push_back(protocol::phaseLabel(p));
            r.phases.push_back(std::move(p));
        }

        // The last entries as the run's allocator trace.
        std::uint64_t counting = 0;
        for (std::size_t i = entries.size(); i-- > 0;) {
            const auto& e = entries[i];
            TraceEvent::Op op;
            switch (e.action) {
            case Action::Alloc:
                op = TraceEvent::Op::Malloc;
                break;
            case Action::FreeCompleted:
                op = TraceEvent::Op::Free;
                break;
            case Action::SegmentAlloc:
                op = TraceEvent::Op::SegmentAlloc;
                break;
            case Action::SegmentFree:
                op = TraceEvent::Op::SegmentFree;
                break;
            case Action::Oom:
                op = TraceEvent::Op::Oom;
                break;
            default:
                continue;
            }
            ++counting;
            if (r.trace.size() < kTraceKept)
                r.trace.push_back({ (timesUs[i] - originUs) / 1e6, op, e.size, e.address, phaseOf[i] });
        }
        std::reverse(r.trace.begin(), r.trace.end());
        r.traceDropped = counting - r.trace.size();

        r.completed = std::none_of(
            r.phases.begin(), r.phases.end(), [](const PhaseResult& p) { return p.status != PhaseStatus::Ok; });
        r.wallSeconds = (timesUs.back() - originUs) / 1e6;

        std::size_t skipped = 0;
        for (const auto& e : entries)
            if (e.action == Action::Other)
                ++skipped;
        protocol::ImportSource source;
        source.format = kSnapshotFormat;
        source.file = file;
        source.entries = entries.size();
        source.skipped = skipped;
        source.note = "Imported from a PyTorch memory snapshot, not measured by iteragpu. Allocated is the sum of the "
                      "requested sizes of live allocations (PyTorch's requested_bytes; memory_allocated() counts "
                      "rounded blocks and can be higher); reserved is the sum of the segments. Phases: "
            + phaseSource + "."
            + (beyond > 0 ? " " + std::to_string(beyond) + " further regions after the first "
                        + std::to_string(kMaxPhases) + " are not phases here."
                          : "")
            + (busy > 1 ? " The snapshot holds " + std::to_string(busy) + " devices; " + r.config.deviceId
                        + ", the one with the most entries, is imported."
                        : "")
            + " Device-level readings are not in a snapshot; the samples are one point per trace entry (no "
              "sampling rate applies).";
        r.imported = std::move(source);
        return r;
    }

}

bool importSnapshot(std::string_view data, const std::string& file, RunResult& result, std::string& error,
    const PickleLimits& limits, ImportWork* work)
{
    ImportWork counted;
    const std::uint64_t keyStepsBefore = PickleValue::keySteps();
    struct Report {
        ImportWork& counted;
        ImportWork* work;
        std::uint64_t before;
        ~Report()
        {
            counted.keySteps = PickleValue::keySteps() - before;
            if (work)
                *work = counted;
        }
    } report { counted, work, keyStepsBefore };
    PickleValue root;
    std::string why;
    if (!PickleReader(limits).read(data, root, why)) {
        error = file + ": not a readable snapshot pickle: " + why;
        return false;
    }
    try {
        result = build(root, file, counted);
        return true;
    } catch (const Failure& f) {
        error = file + ": " + f.message;
        return false;
    } catch (const std::bad_alloc&) {
        error = file + ": not enough memory to import the snapshot";
        return false;
    }
}

bool importSnapshotFile(const std::string& path, RunResult& result, std::string& error, const PickleLimits& limits)
{
    std::string data;
    if (!units::readRegularFile(path, limits.maxInputBytes, data, error))
        return false;
    return importSnapshot(data, path, result, error, limits);
}

} // namespace iteragpu::interop
