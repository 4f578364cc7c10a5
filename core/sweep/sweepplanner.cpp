// SPDX-License-Identifier: Apache-2.0
#include "core/sweep/sweepplanner.h"

#include <algorithm>
#include <set>

namespace iteragpu::sweep {

namespace {

    // Values and bounds stay below 2^62, so P, F, max + 1 and the split points never wrap (validate()).
    constexpr std::uint64_t kMaxValue = std::uint64_t(1) << 62;

    struct Tried {
        std::set<std::uint64_t> values; // Passed or Failed
        std::optional<std::uint64_t> smallestFail;
        std::optional<std::uint64_t> largestPass; // the largest pass below smallestFail (all passes when none)
        const TrialRecord* failTrial = nullptr;
    };

    Tried tried(const std::vector<TrialRecord>& trials)
    {
        Tried t;
        for (const auto& trial : trials) {
            if (trial.status != TrialStatus::Passed && trial.status != TrialStatus::Failed)
                continue;
            t.values.insert(trial.value);
            if (trial.status == TrialStatus::Failed && (!t.smallestFail || trial.value < *t.smallestFail)) {
                t.smallestFail = trial.value;
                t.failTrial = &trial;
            }
        }
        for (const auto& trial : trials)
            if (trial.status == TrialStatus::Passed && (!t.smallestFail || trial.value < *t.smallestFail)
                && (!t.largestPass || trial.value > *t.largestPass))
                t.largestPass = trial.value;
        return t;
    }

    std::vector<std::uint64_t> nextValues(const SweepSpec& spec, const Tried& t, std::size_t lanes)
    {
        std::vector<std::uint64_t> out;
        for (const auto v : spec.values) {
            if (out.size() >= lanes)
                break;
            if (t.values.count(v) == 0)
                out.push_back(v);
        }
        return out;
    }

    std::vector<std::uint64_t> nextFindMax(const SweepSpec& spec, const Tried& t, std::size_t lanes)
    {
        std::vector<std::uint64_t> out;
        // A dimension with a limit of its own (dimensionLimit) is searched as though --max were that limit once the
        // doublings reach it: the limit is tried, never a value above it.
        const std::optional<std::uint64_t> limit = dimensionLimit(spec.dimension);
        const std::optional<std::uint64_t> max = spec.max ? spec.max : limit;
        if (!spec.max && !t.smallestFail) {
            // Galloping: the next untried doublings above the largest pass.
            const std::uint64_t top = limit ? *limit : kMaxValue - 1;
            for (std::uint64_t v = spec.min; v <= top && out.size() < lanes; v *= 2)
                if (t.values.count(v) == 0 && (!t.largestPass || v > *t.largestPass))
                    out.push_back(v);
            if (!out.empty() || !limit)
                return out;
        }
        // Bisection of (lower, upper): lower passed (or is min - 1 before any pass), upper failed (or is max + 1).
        const std::uint64_t lower = t.largestPass ? *t.largestPass : spec.min - 1;
        const std::uint64_t upper = t.smallestFail ? *t.smallestFail : *max + 1;
        if (!t.largestPass && t.smallestFail && *t.smallestFail <= spec.min)
            return out; // min failed: nothing fits
        if (upper - lower <= spec.resolution) {
            // The interval is closed, but nothing has passed yet: min itself decides.
            if (!t.largestPass && t.values.count(spec.min) == 0 && spec.min < upper)
                out.push_back(spec.min);
            return out;
        }
        const std::uint64_t span = upper - lower;
        const std::uint64_t parts = std::uint64_t(lanes) + 1;
        for (std::uint64_t i = 1; i < parts; ++i) {
            // lower + span * i / parts without the product: span / parts * i + span % parts * i / parts.
            const std::uint64_t v = lower + span / parts * i + span % parts * i / parts;
            if (v > lower && v < upper && t.values.count(v) == 0 && (out.empty() || out.back() != v))
                out.push_back(v);
        }
        if (out.empty())
            out.push_back(lower + span / 2);
        return out;
    }

} // namespace

std::vector<std::uint64_t> SweepPlanner::nextRound(
    const SweepSpec& spec, const std::vector<TrialRecord>& trials, std::size_t lanes)
{
    if (!validate(spec).empty())
        return {};
    lanes = std::max<std::size_t>(lanes, 1);
    const Tried t = tried(trials);
    return spec.mode == SweepMode::Values ? nextValues(spec, t, lanes) : nextFindMax(spec, t, lanes);
}

Boundary SweepPlanner::boundary(const SweepSpec& spec, const std::vector<TrialRecord>& trials)
{
    const Tried t = tried(trials);
    Boundary b;
    b.largestPassing = t.largestPass;
    b.smallestFailing = t.smallestFail;
    if (t.failTrial != nullptr) {
        b.failedPhase = t.failTrial->failedPhase;
        b.outOfMemory = t.failTrial->outOfMemory;
        b.error = t.failTrial->error;
    }
    if (spec.mode == SweepMode::FindMax) {
        const std::optional<std::uint64_t> max = spec.max ? spec.max : dimensionLimit(spec.dimension);
        b.limitReached = max && t.largestPass && *t.largestPass == *max;
        const bool closed = t.largestPass && t.smallestFail && *t.smallestFail - *t.largestPass <= spec.resolution;
        const bool minFailed = !t.largestPass && t.smallestFail && *t.smallestFail <= spec.min;
        b.exact = closed || b.limitReached || minFailed;
    } else {
        b.limitReached = !spec.values.empty() && t.largestPass && *t.largestPass == spec.values.back();
        bool gap = false; // an untried listed value between the pass and the fail
        if (t.largestPass && t.smallestFail)
            for (const auto v : spec.values)
                gap = gap || (v > *t.largestPass && v < *t.smallestFail && t.values.count(v) == 0);
        b.exact = t.largestPass && t.smallestFail && !gap;
    }
    return b;
}

bool SweepPlanner::complete(const SweepSpec& spec, const std::vector<TrialRecord>& trials)
{
    return validate(spec).empty() && nextRound(spec, trials, 1).empty();
}

std::string SweepPlanner::validate(const SweepSpec& spec)
{
    const auto tooLarge = [](std::uint64_t v) { return v >= kMaxValue; };
    const std::string dim(dimensionName(spec.dimension));
    if (spec.mode == SweepMode::Values) {
        if (spec.values.empty())
            return "the list of values is empty";
        for (std::size_t i = 0; i < spec.values.size(); ++i) {
            if (spec.values[i] == 0)
                return "a value of 0 cannot be swept (" + dim + " counts from 1)";
            if (tooLarge(spec.values[i]))
                return "the value " + std::to_string(spec.values[i]) + " is 2^62 or more";
            if (i > 0 && spec.values[i] == spec.values[i - 1])
                return "the value " + std::to_string(spec.values[i]) + " is listed twice";
            if (i > 0 && spec.values[i] < spec.values[i - 1])
                return "the values are not in ascending order (" + std::to_string(spec.values[i - 1]) + " before "
                    + std::to_string(spec.values[i]) + ")";
        }
        if (const auto limit = dimensionLimit(spec.dimension); limit && spec.values.back() > *limit)
            return "the value " + std::to_string(spec.values.back()) + " is above the largest --" + dim
                + " a trial takes (" + std::to_string(*limit) + ")";
    } else {
        if (spec.min == 0)
            return "--min must be 1 or more (" + dim + " counts from 1)";
        if (const auto limit = dimensionLimit(spec.dimension);
            limit && (spec.min > *limit || (spec.max && *spec.max > *limit)))
            return "--"
                + std::string(
                    spec.min > *limit ? "min " + std::to_string(spec.min) : "max " + std::to_string(*spec.max))
                + " is above the largest --" + dim + " a trial takes (" + std::to_string(*limit) + ")";
        if (tooLarge(spec.min) || (spec.max && tooLarge(*spec.max)))
            return "--min and --max must be below 2^62";
        if (spec.max && *spec.max < spec.min)
            return "--min " + std::to_string(spec.min) + " is above --max " + std::to_string(*spec.max);
        if (spec.resolution == 0)
            return "--resolution must be 1 or more";
        if (tooLarge(spec.resolution))
            return "--resolution must be below 2^62";
    }
    if (spec.executor == "local") {
        if (spec.devices.empty())
            return "no device to run the trials on";
        for (std::size_t i = 0; i < spec.devices.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (spec.devices[i] == spec.devices[j])
                    return "the device " + spec.devices[i]
                        + " is listed twice (two trials never share a device: list each once)";
    }
    return {};
}

} // namespace iteragpu::sweep
