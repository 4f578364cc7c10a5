// SPDX-License-Identifier: Apache-2.0
#include "core/interop/memoryvizexport.h"

#include "core/alloc/cachingallocator.h"
#include "core/interop/picklewriter.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <optional>
#include <vector>

namespace iteragpu::interop {

using protocol::RunResult;
using protocol::TraceEvent;

namespace {

    constexpr std::uint64_t kMaxDeviceIndex = 255; // device_traces is a list indexed by device: keep it short

    std::uint64_t deviceIndex(const std::string& deviceId)
    {
        const auto colon = deviceId.find(':');
        std::uint64_t index = 0;
        if (colon == std::string::npos)
            return 0;
        const char* first = deviceId.data() + colon + 1;
        const char* last = deviceId.data() + deviceId.size();
        const auto [end, ec] = std::from_chars(first, last, index);
        if (ec != std::errc {} || end != last || index > kMaxDeviceIndex)
            return 0;
        return index;
    }

    // The run's start as microseconds since 1970 (PyTorch's time_us is the wall clock), from startedAtUtc
    // ("2026-12-02T18:41:02Z", seconds only); nullopt when it is missing or not that form.
    std::optional<std::int64_t> epochStartUs(const std::string& iso)
    {
        int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
        char zone = 0;
        if (std::sscanf(iso.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &year, &month, &day, &hour, &minute, &second, &zone)
                != 7
            || zone != 'Z' || year < 1970 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23
            || minute > 59 || second > 60)
            return std::nullopt;
        std::tm tm {};
        tm.tm_year = year - 1900;
        tm.tm_mon = month - 1;
        tm.tm_mday = day;
        tm.tm_hour = hour;
        tm.tm_min = minute;
        tm.tm_sec = second;
        const std::time_t t = timegm(&tm);
        if (t < 0)
            return std::nullopt;
        return static_cast<std::int64_t>(t) * 1'000'000;
    }

    // time_us of an event t seconds into the run: epoch microseconds when the start is known, else from 0.
    PickleValue timeUs(double seconds, std::optional<std::int64_t> originUs)
    {
        const double us = std::round(seconds * 1e6) + static_cast<double>(originUs.value_or(0));
        return PickleValue::integer(std::isfinite(us) && us >= 0 && us < 9.0e18 ? static_cast<std::int64_t>(us) : 0);
    }

    // One allocator_settings value of a "key=value ..." text as the snapshot held it: bool, int, float or str.
    PickleValue settingValue(const std::string& text)
    {
        if (text == "true" || text == "True")
            return PickleValue::boolean(true);
        if (text == "false" || text == "False")
            return PickleValue::boolean(false);
        std::int64_t i = 0;
        const char* first = text.data();
        const char* last = text.data() + text.size();
        if (!text.empty()) {
            if (const auto [end, ec] = std::from_chars(first, last, i); ec == std::errc {} && end == last)
                return PickleValue::integer(i);
            double d = 0.0;
            if (const auto [end, ec] = std::from_chars(first, last, d); ec == std::errc {} && end == last)
                return PickleValue::real(d);
        }
        return PickleValue::string(text);
    }

    // allocator_settings as PyTorch's torch.cuda.memory._snapshot() names them (torch/csrc/cuda/Module.cpp):
    // an imported run keeps what its snapshot said; a run of iteragpu's own caching allocator (PyTorch's
    // native backend, reimplemented: no expandable segments, no max split, no round-up divisions, no garbage
    // collection threshold) says PyTorch's defaults for those, and the async pool says backend:cudaMallocAsync.
    PickleValue allocatorSettings(const RunResult& r)
    {
        auto settings = PickleValue::dict();
        if (r.imported) {
            std::size_t at = 0;
            const std::string& text = r.environment.allocatorSettings;
            while (at < text.size()) {
                const std::size_t end = std::min(text.find(' ', at), text.size());
                const std::string pair = text.substr(at, end - at);
                if (const auto eq = pair.find('='); eq != std::string::npos && eq > 0)
                    settings.set(pair.substr(0, eq), settingValue(pair.substr(eq + 1)));
                at = end + 1;
            }
            return settings;
        }
        const bool async = r.config.allocator == protocol::AllocatorKind::Async;
        auto roundup = PickleValue::dict();
        for (std::uint64_t key = 1, i = 0; i < 16; ++i, key *= 2) // kRoundUpPowerOfTwoIntervals, all 0
            roundup.set(std::to_string(key), PickleValue::integer(0));
        settings.set("PYTORCH_CUDA_ALLOC_CONF", PickleValue::string(async ? "backend:cudaMallocAsync" : ""))
            .set("max_split_size", PickleValue::integer(-1)) // SIZE_MAX as PyTorch's int64_t cast writes it
            .set("garbage_collection_threshold", PickleValue::real(0.0))
            .set("expandable_segments", PickleValue::boolean(false))
            .set("pinned_num_register_threads", PickleValue::integer(1))
            .set("release_lock_on_cudamalloc", PickleValue::boolean(false))
            .set("pinned_use_cuda_host_register", PickleValue::boolean(false))
            .set("roundup_power2_divisions", std::move(roundup));
        return settings;
    }

    std::string phaseName(const RunResult& r, int phase)
    {
        if (phase < 0 || static_cast<std::size_t>(phase) >= r.phases.size())
            return "";
        return protocol::phaseLabel(r.phases[static_cast<std::size_t>(phase)]);
    }

    // Intervals [begin, end) keyed by begin, merged when they overlap or touch.
    using Ranges = std::map<std::uint64_t, std::uint64_t>;

    void addRange(Ranges& ranges, std::uint64_t begin, std::uint64_t end)
    {
        auto it = ranges.upper_bound(begin);
        if (it != ranges.begin()) {
            auto prev = std::prev(it);
            if (prev->second >= begin) {
                begin = prev->first;
                end = std::max(end, prev->second);
                it = ranges.erase(prev);
            }
        }
        while (it != ranges.end() && it->first <= end) {
            end = std::max(end, it->second);
            it = ranges.erase(it);
        }
        ranges[begin] = end;
    }

    bool covered(const Ranges& ranges, std::uint64_t begin, std::uint64_t end)
    {
        auto it = ranges.upper_bound(begin);
        if (it == ranges.begin())
            return false;
        --it;
        return it->first <= begin && end <= it->second;
    }

    std::uint64_t endOf(std::uint64_t address, std::uint64_t size)
    {
        return size > ~std::uint64_t { 0 } - address ? ~std::uint64_t { 0 } : address + size;
    }

    PickleValue block(std::uint64_t address, std::uint64_t size, bool active)
    {
        auto b = PickleValue::dict();
        b.set("address", PickleValue::unsignedInteger(address))
            .set("size", PickleValue::unsignedInteger(size))
            .set("requested_size", PickleValue::unsignedInteger(size))
            .set("state", PickleValue::string(active ? "active_allocated" : "inactive"))
            .set("frames", PickleValue::list());
        return b;
    }

    PickleValue entry(const std::string& action, const char* addressKey, PickleValue address, std::uint64_t size,
        double t, std::optional<std::int64_t> originUs, const std::string& phase)
    {
        auto e = PickleValue::dict();
        e.set("action", PickleValue::string(action))
            .set(addressKey, std::move(address))
            .set("size", PickleValue::unsignedInteger(size))
            .set("stream", PickleValue::integer(0))
            .set("frames", PickleValue::list())
            .set("compile_context", PickleValue::string("N/A")) // PyTorch's value outside torch.compile
            .set("user_metadata", PickleValue::string(phase))
            .set("time_us", timeUs(t, originUs));
        return e;
    }

}

PickleValue memoryVizSnapshot(const RunResult& r)
{
    const std::uint64_t device = deviceIndex(r.config.deviceId);

    // Forward over the kept window: the end state, and every range a segment event names.
    std::map<std::uint64_t, std::uint64_t> liveSegments; // address -> size
    std::map<std::uint64_t, std::uint64_t> liveBlocks;
    Ranges segmentRanges;
    for (const auto& ev : r.trace) {
        const std::uint64_t end = endOf(ev.address, ev.size);
        switch (ev.op) {
        case TraceEvent::Op::SegmentAlloc:
            liveSegments[ev.address] = ev.size;
            addRange(segmentRanges, ev.address, end);
            break;
        case TraceEvent::Op::SegmentFree:
            liveSegments.erase(ev.address);
            addRange(segmentRanges, ev.address, end);
            break;
        case TraceEvent::Op::Malloc:
            liveBlocks[ev.address] = ev.size;
            break;
        case TraceEvent::Op::Free:
            liveBlocks.erase(ev.address);
            break;
        case TraceEvent::Op::Oom:
        case TraceEvent::Op::EmptyCache:
            break;
        }
    }
    // Blocks outside every segment the window names: their segment predates the window (or the allocator is the
    // driver's pool, which has none). One made-up segment per merged range keeps the viewer's replay whole.
    Ranges madeUp;
    for (const auto& ev : r.trace)
        if ((ev.op == TraceEvent::Op::Malloc || ev.op == TraceEvent::Op::Free) && ev.size > 0) {
            const std::uint64_t end = endOf(ev.address, ev.size);
            if (!covered(segmentRanges, ev.address, end))
                addRange(madeUp, ev.address, end);
        }
    std::map<std::uint64_t, std::pair<std::uint64_t, bool>> endSegments; // address -> (size, made up)
    for (const auto& [address, size] : liveSegments)
        endSegments[address] = { size, false };
    for (const auto& [begin, end] : madeUp)
        endSegments[begin] = { end - begin, true };

    auto segments = PickleValue::list();
    for (const auto& [address, info] : endSegments) {
        const auto [size, made] = info;
        const std::uint64_t segEnd = endOf(address, size);
        auto blocks = PickleValue::list();
        std::uint64_t at = address;
        std::uint64_t allocated = 0;
        for (auto it = liveBlocks.lower_bound(address); it != liveBlocks.end() && it->first < segEnd; ++it) {
            const std::uint64_t blockEnd = std::min(endOf(it->first, it->second), segEnd);
            if (it->first < at)
                continue; // overlaps the previous block: not a state an allocator can be in; skipped
            if (it->first > at)
                blocks.append(block(at, it->first - at, false));
            blocks.append(block(it->first, blockEnd - it->first, true));
            allocated += blockEnd - it->first;
            at = blockEnd;
        }
        if (at < segEnd)
            blocks.append(block(at, segEnd - at, false));
        const bool small
            = !made && r.config.allocator == protocol::AllocatorKind::Native && size == alloc::kSmallBuffer;
        auto seg = PickleValue::dict();
        seg.set("device", PickleValue::unsignedInteger(device))
            .set("address", PickleValue::unsignedInteger(address))
            .set("total_size", PickleValue::unsignedInteger(size))
            .set("allocated_size", PickleValue::unsignedInteger(allocated))
            .set("active_size", PickleValue::unsignedInteger(allocated))
            .set("requested_size", PickleValue::unsignedInteger(allocated))
            .set("stream", PickleValue::integer(0))
            .set("segment_type", PickleValue::string(small ? "small" : "large"))
            .set("segment_pool_id", PickleValue::tuple({ PickleValue::integer(0), PickleValue::integer(0) }))
            .set("is_expandable", PickleValue::boolean(false))
            .set("frames", PickleValue::list())
            .set("blocks", std::move(blocks));
        segments.append(std::move(seg));
    }

    // The device's free memory after a failed phase: what cudaMemGetInfo said when the allocator gave up (an
    // imported run: the snapshot's own device_free). Always an int, as PyTorch always writes one (the viewer
    // formats it as a number): 0 when nothing was read, which the note says.
    std::size_t unreadDeviceFree = 0;
    auto deviceFreeAfter = [&r, &unreadDeviceFree](int phase) {
        if (phase >= 0 && static_cast<std::size_t>(phase) < r.phases.size())
            if (const auto free = r.phases[static_cast<std::size_t>(phase)].deviceAfter.freeBytes)
                return PickleValue::unsignedInteger(*free);
        ++unreadDeviceFree;
        return PickleValue::unsignedInteger(0);
    };
    const std::optional<std::int64_t> originUs = epochStartUs(r.identity.startedAtUtc);

    auto trace = PickleValue::list();
    std::map<int, std::pair<double, double>> phaseSpan; // first and last entry of each phase
    for (const auto& ev : r.trace) {
        const std::string phase = phaseName(r, ev.phase);
        const auto address = PickleValue::unsignedInteger(ev.address);
        switch (ev.op) {
        case TraceEvent::Op::Malloc:
            trace.append(entry("alloc", "addr", address, ev.size, ev.t, originUs, phase));
            break;
        case TraceEvent::Op::Free:
            trace.append(entry("free_requested", "addr", address, ev.size, ev.t, originUs, phase));
            trace.append(entry("free_completed", "addr", address, ev.size, ev.t, originUs, phase));
            break;
        case TraceEvent::Op::SegmentAlloc:
            trace.append(entry("segment_alloc", "addr", address, ev.size, ev.t, originUs, phase));
            break;
        case TraceEvent::Op::SegmentFree:
            trace.append(entry("segment_free", "addr", address, ev.size, ev.t, originUs, phase));
            break;
        case TraceEvent::Op::Oom:
            trace.append(entry("oom", "device_free", deviceFreeAfter(ev.phase), ev.size, ev.t, originUs, phase));
            break;
        case TraceEvent::Op::EmptyCache:
            continue; // no entry of its own: the segment_free entries it causes follow
        }
        if (ev.phase >= 0) {
            auto [it, fresh] = phaseSpan.try_emplace(ev.phase, ev.t, ev.t);
            if (!fresh)
                it->second.second = ev.t;
        }
    }
    auto deviceTraces = PickleValue::list();
    for (std::uint64_t d = 0; d < device; ++d)
        deviceTraces.append(PickleValue::list());
    deviceTraces.append(std::move(trace));

    auto annotations = PickleValue::list();
    for (const auto& [phase, span] : phaseSpan)
        for (const auto& [stage, t] : { std::pair { "START", span.first }, std::pair { "END", span.second } }) {
            auto a = PickleValue::dict();
            a.set("name", PickleValue::string(phaseName(r, phase)))
                .set("stage", PickleValue::string(stage))
                .set("device", PickleValue::unsignedInteger(device))
                .set("time_us", timeUs(t, originUs));
            annotations.append(std::move(a));
        }

    auto note = PickleValue::dict();
    note.set("producer", PickleValue::string("IteraGPU Lab " + r.identity.appVersion))
        .set("run_id", PickleValue::unsignedInteger(r.identity.runId))
        .set("device", PickleValue::string(r.config.deviceId))
        .set("simulated", PickleValue::boolean(r.simulated))
        .set("imported", PickleValue::boolean(r.imported.has_value()))
        .set("allocator", PickleValue::string(protocol::allocatorName(r.config.allocator)))
        .set("events_kept", PickleValue::unsignedInteger(r.trace.size()))
        .set("events_dropped", PickleValue::unsignedInteger(r.traceDropped))
        .set("made_up_segments", PickleValue::unsignedInteger(madeUp.size()))
        .set("note",
            PickleValue::string(
                std::string(r.simulated ? "simulated device: a memory model, not a GPU measurement. " : "")
                + (r.imported ? "Sizes are the requested sizes of the imported snapshot's trace (PyTorch records "
                                "orig_size), so a block's size and requested_size are that requested size; "
                              : "Sizes are the allocator's block sizes (the trace keeps no requested sizes); ")
                + "no stack frames; no owner per entry; compile_context is N/A, as PyTorch writes it outside "
                  "torch.compile; user_metadata names the phase; "
                + (originUs ? "time_us is microseconds since 1970 from the run's start (" + r.identity.startedAtUtc
                            + ", to the second)."
                            : "time_us counts from the start of the trace (the run's start time is not known).")
                + (unreadDeviceFree > 0 ? " device_free is 0 in " + std::to_string(unreadDeviceFree) + " oom entr"
                            + (unreadDeviceFree == 1 ? "y" : "ies")
                            + ": the device's free memory was not read (PyTorch always reads it with "
                              "cudaMemGetInfo and writes an int)."
                                        : "")
                + (r.traceDropped > 0 ? " The oldest " + std::to_string(r.traceDropped)
                            + " events were dropped by the bounded trace: blocks allocated before the kept window "
                              "and never touched in it are missing."
                                      : "")));

    auto snapshot = PickleValue::dict();
    snapshot.set("segments", std::move(segments))
        .set("device_traces", std::move(deviceTraces))
        .set("external_annotations", std::move(annotations))
        .set("iteragpu", std::move(note));
    // An imported snapshot that had no allocator_settings gets none (the viewer says so), not an empty dict.
    if (!r.imported || !r.environment.allocatorSettings.empty())
        snapshot.set("allocator_settings", allocatorSettings(r));
    return snapshot;
}

std::string memoryVizPickle(const RunResult& result) { return writePickle(memoryVizSnapshot(result)); }

} // namespace iteragpu::interop
