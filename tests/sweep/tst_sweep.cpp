// SPDX-License-Identifier: Apache-2.0
// The sweep's core: the planner's rounds against a known boundary, sweep.json read and written, the runner on a
// fake executor (interrupted, resumed, refusing folders that are not sweeps), the local executor's processes and
// the growth fit.
#include "core/report/resultjson.h"
#include "core/sweep/growthmodel.h"
#include "core/sweep/localexecutor.h"
#include "core/sweep/measureargs.h"
#include "core/sweep/sweepjson.h"
#include "core/sweep/sweepplanner.h"
#include "core/sweep/sweeprunner.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace iteragpu;
using namespace iteragpu::sweep;
namespace fs = std::filesystem;

namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

// The trial a value gives when everything up to boundary fits: the peak grows as 1 GiB + 3 MiB per unit.
TrialRecord fakeTrial(std::uint64_t index, std::uint64_t value, std::uint64_t boundary)
{
    TrialRecord t;
    t.index = index;
    t.value = value;
    t.status = value <= boundary ? TrialStatus::Passed : TrialStatus::Failed;
    if (t.status == TrialStatus::Failed) {
        t.failedPhase = "prefill";
        t.outOfMemory = true;
        t.error = "out of memory";
    }
    t.peakAllocated = 1024 * kMiB + 3 * kMiB * value;
    return t;
}

// Runs the planner alone to the end; returns the trials.
std::vector<TrialRecord> plan(const SweepSpec& spec, std::uint64_t boundary, std::size_t lanes, std::size_t& rounds)
{
    std::vector<TrialRecord> trials;
    rounds = 0;
    for (;;) {
        const auto values = SweepPlanner::nextRound(spec, trials, lanes);
        if (values.empty())
            break;
        ++rounds;
        for (const auto v : values)
            trials.push_back(fakeTrial(trials.size(), v, boundary));
        if (rounds > 200)
            break;
    }
    return trials;
}

SweepSpec findMaxSpec(std::uint64_t min, std::optional<std::uint64_t> max, std::uint64_t resolution = 1)
{
    SweepSpec s;
    s.mode = SweepMode::FindMax;
    s.dimension = Dimension::Sequences;
    s.measureArgs = { "--model", "llama-2-7b", "--sim-speed", "0" };
    s.min = min;
    s.max = max;
    s.resolution = resolution;
    s.devices = { "sim:0" };
    return s;
}

// An executor that runs no process: each trial writes a result file of a run that fits up to m_boundary (its
// peak 1 GiB + 3 MiB per unit), or fails its prefill out of memory above. It can cancel after a number of trials.
class FakeExecutor : public Executor {
public:
    FakeExecutor(std::uint64_t boundary, std::size_t lanes)
        : m_boundary(boundary)
        , m_slots(lanes)
    {
    }
    std::string name() const override { return "fake"; }
    std::string unavailableReason() const override { return {}; }
    std::size_t trialSlots() const override { return m_slots; }
    void runRound(const std::vector<TrialRequest>& round, const TrialCallbacks& callbacks,
        const std::atomic<bool>& cancel) override
    {
        ++rounds;
        for (std::size_t i = 0; i < round.size(); ++i) {
            const auto& r = round[i];
            TrialOutcome o;
            o.index = r.index;
            o.device = "sim:" + std::to_string(i);
            if (cancel.load() || (cancelAfter && started >= *cancelAfter)) {
                o.interrupted = true;
                o.error = "not started: the sweep was cancelled";
                callbacks.finished(o);
                continue;
            }
            ++started;
            if (callbacks.started)
                callbacks.started(r, o.device);
            if (cancelAfter && started == *cancelAfter && cancelFlag != nullptr) {
                // The trial is stopped midway: no result file, killed by the sweep's SIGINT.
                cancelFlag->store(true);
                o.interrupted = true;
                o.error = "stopped by SIGINT (the sweep was cancelled)";
                callbacks.finished(o);
                continue;
            }
            writeResult(r);
            o.exitCode = r.value <= m_boundary ? 0 : 1;
            o.wallSeconds = 0.01;
            callbacks.finished(o);
        }
    }
    std::vector<std::uint64_t> valuesRun;
    std::size_t rounds = 0;
    std::size_t started = 0;
    std::optional<std::size_t> cancelAfter;
    std::atomic<bool>* cancelFlag = nullptr;

private:
    void writeResult(const TrialRequest& r)
    {
        valuesRun.push_back(r.value);
        protocol::RunResult result;
        result.simulated = true;
        // The dense network's configuration: a result file needs a workload it can check, and the runner reads
        // only the phases, the device and the decoder's attention (none here) from it.
        result.environment.device.totalBytes = 16 * 1024 * kMiB;
        const bool fits = r.value <= m_boundary;
        for (const char* name : { "model_load", "prefill" }) {
            protocol::PhaseResult p;
            p.index = static_cast<int>(result.phases.size());
            p.name = name;
            const bool prefill = std::string(name) == "prefill";
            p.status = (!fits && prefill) ? protocol::PhaseStatus::Failed : protocol::PhaseStatus::Ok;
            p.outOfMemory = !fits && prefill;
            if (!fits && prefill)
                p.error = "out of memory on sim:0";
            const std::uint64_t peak = prefill ? 1024 * kMiB + 3 * kMiB * r.value : 1024 * kMiB;
            p.baseline = { 0, 0 };
            p.peak = { peak, peak + 2 * kMiB };
            p.final = { peak, peak + 2 * kMiB };
            p.deviceAfter.usedBytes = peak + 532 * kMiB;
            result.phases.push_back(p);
        }
        result.completed = fits;
        std::string error;
        QCOMPARE(report::writeResultFile(r.resultPath, result, error), report::WriteError::None);
    }
    std::uint64_t m_boundary;
    std::size_t m_slots;
};

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeText(const std::string& path, const std::string& text)
{
    std::ofstream out(path);
    out << text;
}

SweepRecord sampleRecord()
{
    SweepRecord r;
    r.spec = findMaxSpec(1, 64);
    r.workload = "decoder";
    r.program = "iteragpu 0.0 (commit test)";
    r.attention = "eager";
    r.simulated = true;
    for (std::uint64_t v : { 32, 16, 24 }) {
        auto t = fakeTrial(r.trials.size(), v, 20);
        t.device = "sim:0";
        t.resultFile = SweepRunner::trialFileName(r.spec, t.index, v);
        t.exitCode = t.status == TrialStatus::Passed ? 0 : 1;
        t.wallSeconds = 0.25;
        t.phases.push_back({ "prefill", t.status == TrialStatus::Passed, t.peakAllocated, t.peakAllocated });
        t.peakReserved = t.peakAllocated;
        t.devicePeak = *t.peakAllocated + 532 * kMiB;
        t.capacityBytes = 16 * 1024 * kMiB;
        r.trials.push_back(t);
    }
    r.boundary = SweepPlanner::boundary(r.spec, r.trials);
    GrowthFit f;
    f.constant = 1024.0 * kMiB;
    f.linear = 3.0 * kMiB;
    f.points = 1;
    f.cards.push_back({ "h100-sxm", "NVIDIA H100 SXM", 80 * 1024 * kMiB, 27000, false });
    r.fit = f;
    r.complete = false;
    r.stopReason = "interrupted";
    return r;
}

// An executable script in dir, the local executor's stand-in for iteragpu.
std::string script(const QTemporaryDir& dir, const std::string& name, const std::string& body)
{
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    writeText(path, "#!/bin/sh\n" + body);
    ::chmod(path.c_str(), 0755);
    return path;
}

} // namespace


class TestSweep : public QObject {
    Q_OBJECT

private slots:
    // Note [Find-max rounds]: with --max, one slot, resolution 1, every boundary from nothing-fits to max itself is
    // found exactly within log2(max/min) + 3 trials; the galloping search without --max within 2 log2(B) + 3.
    void findMaxReachesTheBoundary_data()
    {
        QTest::addColumn<quint64>("min");
        QTest::addColumn<quint64>("max"); // 0: none
        QTest::addColumn<quint64>("boundary"); // 0: nothing fits
        QTest::addColumn<int>("lanes");
        for (quint64 b : { 0, 1, 2, 3, 7, 31, 32, 33, 100, 511, 1000, 1023, 1024 })
            for (int lanes : { 1, 2, 3 })
                QTest::addRow("max 1024, boundary %llu, %d slots", b, lanes) << 1ull << 1024ull << b << lanes;
        for (quint64 b : { 0, 1, 5, 64, 1000, 100000 })
            QTest::addRow("no max, boundary %llu", b) << 1ull << 0ull << b << 1;
        QTest::addRow("min 8, max 100, boundary 50") << 8ull << 100ull << 50ull << 1;
        QTest::addRow("min 8, max 100, nothing fits") << 8ull << 100ull << 4ull << 1;
    }
    void findMaxReachesTheBoundary()
    {
        QFETCH(quint64, min);
        QFETCH(quint64, max);
        QFETCH(quint64, boundary);
        QFETCH(int, lanes);
        const auto spec = findMaxSpec(min, max == 0 ? std::nullopt : std::optional<std::uint64_t>(max));
        std::size_t rounds = 0;
        const auto trials = plan(spec, boundary, static_cast<std::size_t>(lanes), rounds);
        const Boundary b = SweepPlanner::boundary(spec, trials);
        QVERIFY(SweepPlanner::complete(spec, trials));
        QVERIFY(b.exact);
        if (boundary < min) {
            QVERIFY(!b.largestPassing);
            QCOMPARE(*b.smallestFailing, min);
            QCOMPARE(b.failedPhase, std::string("prefill"));
            QVERIFY(b.outOfMemory);
        } else if (max != 0 && boundary >= max) {
            QCOMPARE(*b.largestPassing, max);
            QVERIFY(b.limitReached);
            QVERIFY(!b.smallestFailing);
        } else {
            QCOMPARE(*b.largestPassing, boundary);
            QCOMPARE(*b.smallestFailing, boundary + 1);
        }
        std::set<std::uint64_t> distinct;
        for (const auto& t : trials)
            distinct.insert(t.value);
        QCOMPARE(distinct.size(), trials.size()); // no value tried twice
        if (lanes == 1) {
            // Bisection of [min, max]: ceil(log2(max - min + 2)) + 1 trials at most, which is log2(max/min) + 3
            // from min = 1; galloping without --max: 2 log2(B) + 3.
            const double bound = max != 0 ? std::ceil(std::log2(double(max - min + 2))) + 1.0
                                           : 2.0 * std::log2(double(std::max<quint64>(boundary, 1))) + 3.0;
            QVERIFY2(double(trials.size()) <= bound,
                qPrintable(QStringLiteral("%1 trials, bound %2").arg(trials.size()).arg(bound)));
            if (max != 0 && min == 1)
                QVERIFY(double(trials.size()) <= std::log2(double(max)) + 3.0);
        } else {
            // A round of k trials divides the interval by k + 1: fewer rounds than one slot needs trials.
            std::size_t oneSlotRounds = 0;
            plan(spec, boundary, 1, oneSlotRounds);
            QVERIFY2(rounds <= oneSlotRounds, qPrintable(QStringLiteral("%1 rounds, one slot %2").arg(rounds).arg(oneSlotRounds)));
            if (oneSlotRounds >= 6)
                QVERIFY(rounds < oneSlotRounds);
        }
    }

    void findMaxStopsAtItsResolution()
    {
        const auto spec = findMaxSpec(1, 1000, 50);
        std::size_t rounds = 0;
        const auto trials = plan(spec, 437, 1, rounds);
        const Boundary b = SweepPlanner::boundary(spec, trials);
        QVERIFY(b.exact);
        QVERIFY(*b.smallestFailing - *b.largestPassing <= 50);
        QVERIFY(*b.largestPassing <= 437 && *b.smallestFailing > 437);
        QVERIFY(trials.size() <= 6); // log2(1000 / 50) + 1
    }

    // Note [vLLM sweeps]: a dimension with a limit of its own is searched up to that limit, never above it, and a
    // value above it is refused before any trial.
    void vllmDimensionsStopAtTheirLimit_data()
    {
        QTest::addColumn<quint64>("boundary");
        QTest::addColumn<bool>("limitPasses");
        QTest::addRow("boundary 52352") << 52352ull << false;
        QTest::addRow("the limit itself passes") << 4611686018427387903ull << true;
    }
    void vllmDimensionsStopAtTheirLimit()
    {
        QFETCH(quint64, boundary);
        QFETCH(bool, limitPasses);
        SweepSpec spec = findMaxSpec(1024, std::nullopt);
        spec.dimension = Dimension::MaxModelLen;
        const std::uint64_t limit = *dimensionLimit(Dimension::MaxModelLen);
        QCOMPARE(limit, std::uint64_t(2147483647));
        std::size_t rounds = 0;
        const auto trials = plan(spec, boundary, 1, rounds);
        for (const auto& t : trials)
            QVERIFY2(t.value <= limit, qPrintable(QString::number(t.value)));
        const Boundary b = SweepPlanner::boundary(spec, trials);
        QVERIFY(SweepPlanner::complete(spec, trials));
        QVERIFY(b.exact);
        if (limitPasses) {
            QCOMPARE(*b.largestPassing, limit);
            QVERIFY(b.limitReached);
            QVERIFY(!b.smallestFailing);
        } else {
            QCOMPARE(*b.largestPassing, std::uint64_t(boundary));
            QCOMPARE(*b.smallestFailing, std::uint64_t(boundary + 1));
        }
        for (const auto& [mode, why] : { std::pair { 0, "--max 2147483648 is above the largest --max-model-len" },
                 std::pair { 1, "--min 2147483648 is above the largest --max-model-len" },
                 std::pair { 2, "the value 2147483648 is above the largest --max-model-len" } }) {
            SweepSpec bad = spec;
            if (mode == 0)
                bad.max = limit + 1;
            else if (mode == 1)
                bad.min = limit + 1;
            else {
                bad.mode = SweepMode::Values;
                bad.values = { 4096, limit + 1 };
            }
            const std::string got = SweepPlanner::validate(bad);
            QVERIFY2(got.find(why) == 0, got.c_str());
        }
        // The dense network's and the decoder's dimensions keep the sweep's own bound.
        QVERIFY(!dimensionLimit(Dimension::Sequences));
        QCOMPARE(
            dimensionOptions(Dimension::MaxNumSeqs), (std::vector<std::string> { "--max-num-seqs", "--sequences" }));
        QCOMPARE(dimensionFromName("max-num-seqs"), std::optional<Dimension>(Dimension::MaxNumSeqs));
        QVERIFY(dimensionBelongs(Dimension::MaxModelLen, SweptWorkload::Vllm));
        QVERIFY(!dimensionBelongs(Dimension::MaxModelLen, SweptWorkload::Decoder));
        QCOMPARE(sweptWorkloadOfArgs({ "--engine", "vllm", "--model", "m" }), SweptWorkload::Vllm);
        QCOMPARE(sweptWorkloadOfArgs({ "--engine=vllm" }), SweptWorkload::Dense);
        QCOMPARE(sweptWorkloadOfArgs({ "--model=m", "--mode", "training" }), SweptWorkload::DecoderTraining);
    }

    void valuesModeRunsTheListInOrder()
    {
        SweepSpec spec = findMaxSpec(1, std::nullopt);
        spec.mode = SweepMode::Values;
        spec.values = { 1, 2, 4, 8, 16 };
        std::size_t rounds = 0;
        auto trials = plan(spec, 5, 1, rounds);
        QCOMPARE(trials.size(), std::size_t(5)); // every listed value, the failures included
        std::vector<std::uint64_t> order;
        for (const auto& t : trials)
            order.push_back(t.value);
        QCOMPARE(order, spec.values);
        const Boundary b = SweepPlanner::boundary(spec, trials);
        QCOMPARE(*b.largestPassing, std::uint64_t(4));
        QCOMPARE(*b.smallestFailing, std::uint64_t(8));
        QVERIFY(b.exact);
        trials = plan(spec, 5, 2, rounds);
        QCOMPARE(rounds, std::size_t(3)); // 2 + 2 + 1
    }

    void badSpecsAreRefusedWithOneLine_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expected");
        QTest::addRow("empty values") << "values=" << "empty";
        QTest::addRow("unsorted") << "values=4,2" << "ascending";
        QTest::addRow("duplicate") << "values=2,2" << "twice";
        QTest::addRow("zero value") << "values=0,1" << "0";
        QTest::addRow("min above max") << "min=8,max=4" << "above --max";
        QTest::addRow("min 0") << "min=0" << "--min";
        QTest::addRow("resolution 0") << "resolution=0" << "--resolution";
        QTest::addRow("huge max") << "max=9223372036854775807" << "2^62";
        QTest::addRow("no device") << "devices=" << "no device";
        QTest::addRow("device twice") << "devices=sim:0,sim:0" << "twice";
    }
    void badSpecsAreRefusedWithOneLine()
    {
        QFETCH(QString, what);
        QFETCH(QString, expected);
        SweepSpec spec = findMaxSpec(1, 64);
        for (const auto& part : what.split(QLatin1Char(','))) {
            const auto kv = part.split(QLatin1Char('='));
            const QString key = kv[0];
            const std::string value = kv.value(1).toStdString();
            if (key == QLatin1String("values")) {
                spec.mode = SweepMode::Values;
                spec.values.clear();
                if (!value.empty())
                    spec.values.push_back(std::stoull(value));
            } else if (key == QLatin1String("min")) {
                spec.min = std::stoull(value);
            } else if (key == QLatin1String("max")) {
                spec.max = std::stoull(value);
            } else if (key == QLatin1String("resolution")) {
                spec.resolution = std::stoull(value);
            } else if (key == QLatin1String("devices")) {
                spec.devices.clear();
                if (!value.empty())
                    spec.devices.push_back(value);
            } else if (key.startsWith(QLatin1String("sim:"))) {
                spec.devices.push_back(key.toStdString());
            }
        }
        // "values=4,2" arrived split at the comma: the second half is a value too.
        if (what.startsWith(QLatin1String("values=")) && what.contains(QLatin1Char(','))) {
            spec.values.clear();
            for (const auto& v : what.mid(7).split(QLatin1Char(',')))
                spec.values.push_back(v.toULongLong());
        }
        const std::string why = SweepPlanner::validate(spec);
        QVERIFY2(QString::fromStdString(why).contains(expected), why.c_str());
        QVERIFY(why.find('\n') == std::string::npos);
        QVERIFY(SweepPlanner::nextRound(spec, {}, 1).empty());
    }

    void sweepJsonRoundTrips()
    {
        const SweepRecord r = sampleRecord();
        const auto j = toJson(r);
        SweepRecord back;
        std::string error;
        QVERIFY2(fromJson(j, back, error), error.c_str());
        QCOMPARE(toJson(back).dump(), j.dump());
        QCOMPARE(back.trials.size(), std::size_t(3));
        QCOMPARE(*back.trials[2].peakAllocated, *r.trials[2].peakAllocated);
        QCOMPARE(*back.boundary.largestPassing, std::uint64_t(16));
        QCOMPARE(j["fit"]["label"].get<std::string>(), std::string("fitted"));
        QCOMPARE(j["fit"]["cards"][0]["label"].get<std::string>(), std::string("assumed"));
        QCOMPARE(j["schema"].get<std::string>(), std::string("iteragpu.sweep/1"));
    }

    // Every malformed sweep.json is refused with one line naming the field, never half read.
    void malformedSweepFilesAreRefused_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value"); // JSON text; "DELETE" removes the field
        QTest::addColumn<QString>("expected");
        QTest::addRow("schema") << "/schema" << "\"iteragpu.sweep/9\"" << "schema";
        QTest::addRow("no schema") << "/schema" << "DELETE" << "schema is missing";
        QTest::addRow("workload") << "/workload" << "\"script\"" << "workload";
        QTest::addRow("attention") << "/attention" << "\"flash\"" << "attention";
        QTest::addRow("dimension") << "/spec/dimension" << "\"tokens\"" << "spec.dimension";
        QTest::addRow("dimension of the other workload") << "/spec/dimension" << "\"width\"" << "not one of the decoder";
        QTest::addRow("mode") << "/spec/mode" << "\"random\"" << "spec.mode";
        QTest::addRow("min negative") << "/spec/min" << "-1" << "spec.min is negative";
        QTest::addRow("min text") << "/spec/min" << "\"1\"" << "spec.min";
        QTest::addRow("min above max") << "/spec/min" << "100" << "above --max";
        QTest::addRow("resolution 0") << "/spec/resolution" << "0" << "--resolution";
        QTest::addRow("executor") << "/spec/executor" << "\"ssh\"" << "spec.executor";
        QTest::addRow("args not strings") << "/spec/measure_args" << "[1]" << "measure_args";
        QTest::addRow("devices missing") << "/spec/devices" << "DELETE" << "spec.devices is missing";
        QTest::addRow("trials not array") << "/trials" << "{}" << "trials is not an array";
        QTest::addRow("trial index") << "/trials/1/index" << "7" << "trials[1].index";
        QTest::addRow("trial value 0") << "/trials/0/value" << "0" << "trials[0].value";
        QTest::addRow("trial status") << "/trials/0/status" << "\"maybe\"" << "trials[0].status";
        QTest::addRow("trial result outside") << "/trials/0/result_file" << "\"../../etc/passwd\"" << "inside";
        QTest::addRow("trial result absolute") << "/trials/0/result_file" << "\"/etc/passwd\"" << "inside";
        QTest::addRow("exit code") << "/trials/0/exit_code" << "300" << "exit_code";
        QTest::addRow("wall negative") << "/trials/0/wall_seconds" << "-1.5" << "wall_seconds";
        QTest::addRow("peak text") << "/trials/0/peak_allocated" << "\"1 GiB\"" << "peak_allocated";
        QTest::addRow("peak float") << "/trials/0/peak_allocated" << "1.5" << "whole number";
        QTest::addRow("allocated above reserved") << "/trials/0/peak_reserved" << "1" << "above peak_reserved";
        QTest::addRow("failed without phase") << "/trials/0/failed_phase" << "null" << "failed_phase";
        QTest::addRow("phase passed text") << "/trials/0/phases/0/passed" << "\"yes\"" << "phases[0].passed";
        QTest::addRow("trial order") << "/trial_order/0" << "99" << "trial_order";
        QTest::addRow("boundary inverted") << "/boundary/largest_passing" << "40" << "smallest_failing";
        QTest::addRow("fit label") << "/fit/label" << "\"observed\"" << "fit.label";
        QTest::addRow("card label") << "/fit/cards/0/label" << "\"measured\"" << "fit.cards[0].label";
        QTest::addRow("fit nan") << "/fit/constant_bytes" << "\"NaN\"" << "constant_bytes";
        QTest::addRow("complete") << "/complete" << "1" << "complete";
        QTest::addRow("long string") << "/program" << QStringLiteral("\"%1\"").arg(QString(5000, QLatin1Char('x')))
                                     << "longer than";
    }
    void malformedSweepFilesAreRefused()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        nlohmann::ordered_json j = toJson(sampleRecord());
        const nlohmann::ordered_json::json_pointer ptr(pointer.toStdString());
        if (value == QLatin1String("DELETE"))
            j.at(ptr.parent_pointer()).erase(ptr.back());
        else
            j[ptr] = nlohmann::ordered_json::parse(value.toStdString());
        SweepRecord r;
        std::string error;
        QVERIFY2(!parseSweepText(j.dump(), r, error), qPrintable(pointer));
        QVERIFY2(QString::fromStdString(error).contains(expected), error.c_str());
        QVERIFY(error.find('\n') == std::string::npos);
    }

    void hostileTextIsRefusedBounded()
    {
        SweepRecord r;
        std::string error;
        QVERIFY(!parseSweepText(std::string(100000, '['), r, error));
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("nests")), error.c_str());
        QVERIFY(!parseSweepText("{\"schema\": ", r, error));
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("not valid JSON")), error.c_str());
        QVERIFY(!parseSweepText("[]", r, error));
        QVERIFY(!parseSweepText(std::string(kMaxSweepFileBytes + 1, ' '), r, error));
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("larger")), error.c_str());
        QTemporaryDir dir;
        QVERIFY(!readSweepFile(dir.filePath(QStringLiteral("none.json")).toStdString(), r, error));
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("cannot open")), error.c_str());
    }

    // A write that fails (here: the file size limit, as a full disk would) leaves the previous sweep.json whole
    // and no temporary file behind.
    void aFailedWriteKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const std::string path = sweepFilePath(dir.path().toStdString());
        SweepRecord small = sampleRecord();
        std::string error;
        QCOMPARE(writeSweepFile(path, small, error), SweepWriteError::None);
        const std::string before = readText(path);
        SweepRecord big = small;
        big.stopReason = std::string(4000, 'x');
        for (int i = 0; i < 20; ++i) {
            auto t = big.trials.back();
            t.index = big.trials.size();
            t.value += 1 + static_cast<std::uint64_t>(i);
            big.trials.push_back(t);
        }
        struct rlimit old {};
        ::getrlimit(RLIMIT_FSIZE, &old);
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limited = old;
        limited.rlim_cur = before.size() + 100;
        ::setrlimit(RLIMIT_FSIZE, &limited);
        const auto result = writeSweepFile(path, big, error);
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY(result != SweepWriteError::None);
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("previous sweep.json is kept")), error.c_str());
        QCOMPARE(readText(path), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
        SweepRecord back;
        QVERIFY2(readSweepFile(path, back, error), error.c_str());
    }

    void runnerFindsTheBoundaryAndWritesEveryTrial()
    {
        QTemporaryDir dir;
        const std::string folder = dir.filePath(QStringLiteral("s")).toStdString();
        FakeExecutor executor(37, 1);
        SweepRunner runner(folder, findMaxSpec(1, 128), executor);
        std::string error;
        QCOMPARE(runner.create(error), SweepRunner::OpenError::None);
        struct Observer : SweepObserver {
            std::size_t finished = 0;
            std::size_t fileTrials = 0;
            std::string folder;
            bool ended = false;
            void trialFinished(const TrialRecord&, const SweepRecord& record) override
            {
                ++finished;
                SweepRecord onDisk;
                std::string e;
                // sweep.json is rewritten before the observer hears of the trial.
                if (readSweepFile(sweepFilePath(folder), onDisk, e))
                    fileTrials = std::count_if(onDisk.trials.begin(), onDisk.trials.end(),
                        [](const TrialRecord& t) { return t.status == TrialStatus::Passed || t.status == TrialStatus::Failed; });
                QCOMPARE(fileTrials, finished);
                (void)record;
            }
            void sweepFinished(const SweepRecord&) override { ended = true; }
        } observer;
        observer.folder = folder;
        std::atomic<bool> cancel { false };
        QCOMPARE(runner.run(cancel, &observer), SweepRunner::Outcome::Complete);
        QVERIFY(observer.ended);
        const auto& r = runner.record();
        QVERIFY(r.complete);
        QCOMPARE(*r.boundary.largestPassing, std::uint64_t(37));
        QCOMPARE(*r.boundary.smallestFailing, std::uint64_t(38));
        QCOMPARE(r.boundary.failedPhase, std::string("prefill"));
        QVERIFY(r.boundary.outOfMemory);
        QCOMPARE(observer.finished, r.trials.size());
        QVERIFY(r.trials.size() <= std::size_t(std::log2(128.0) + 3));
        // Each trial read back from its result file.
        for (const auto& t : r.trials) {
            QVERIFY(fs::exists(fs::path(folder) / t.resultFile));
            QCOMPARE(*t.peakAllocated, 1024 * kMiB + 3 * kMiB * t.value);
            QCOMPARE(*t.devicePeak, *t.peakAllocated + 532 * kMiB);
            QCOMPARE(*t.capacityBytes, 16 * 1024 * kMiB);
            QCOMPARE(t.phases.size(), std::size_t(2));
        }
        // The fit of the passing trials: exactly the line the fake peaks follow (fitted), extrapolated (assumed).
        QVERIFY(r.fit);
        QVERIFY(!r.fit->quadratic); // no eager attention in the results
        QVERIFY(std::fabs(r.fit->linear - 3.0 * kMiB) < 1.0);
        QVERIFY(std::fabs(r.fit->constant - 1024.0 * kMiB) < 1024.0);
        QCOMPARE(r.fit->overheadBytes, 532 * kMiB);
        SweepRecord onDisk;
        QVERIFY2(readSweepFile(sweepFilePath(folder), onDisk, error), error.c_str());
        QCOMPARE(toJson(onDisk).dump(), toJson(r).dump());
    }

    void interruptedThenResumedGivesTheSameBoundary()
    {
        QTemporaryDir dir;
        const std::string folder = dir.filePath(QStringLiteral("s")).toStdString();
        std::atomic<bool> cancel { false };
        std::size_t keptBefore = 0;
        {
            FakeExecutor executor(21, 1);
            executor.cancelAfter = 3;
            executor.cancelFlag = &cancel;
            SweepRunner runner(folder, findMaxSpec(1, 64), executor);
            std::string error;
            QCOMPARE(runner.create(error), SweepRunner::OpenError::None);
            QCOMPARE(runner.run(cancel), SweepRunner::Outcome::Interrupted);
            SweepRecord onDisk;
            QVERIFY2(readSweepFile(sweepFilePath(folder), onDisk, error), error.c_str());
            QVERIFY(!onDisk.complete);
            QCOMPARE(onDisk.stopReason, std::string("interrupted"));
            QCOMPARE(onDisk.trials.size(), std::size_t(3));
            QCOMPARE(onDisk.trials.back().status, TrialStatus::Interrupted);
            QVERIFY(onDisk.trials.back().resultFile.empty());
            keptBefore = 2;
            for (std::size_t i = 0; i < 2; ++i)
                QVERIFY(onDisk.trials[i].status == TrialStatus::Passed || onDisk.trials[i].status == TrialStatus::Failed);
        }
        cancel = false;
        FakeExecutor executor(21, 1);
        SweepRunner runner(folder, findMaxSpec(1, 64), executor);
        std::string error;
        // A different sweep is not a resumption of this one.
        {
            FakeExecutor other(21, 1);
            SweepRunner wrong(folder, findMaxSpec(1, 32), other);
            QCOMPARE(wrong.resume(error), SweepRunner::OpenError::SpecMismatch);
            QVERIFY2(QString::fromStdString(error).contains(QLatin1String("--max: 64, not 32")), error.c_str());
        }
        QCOMPARE(runner.resume(error), SweepRunner::OpenError::None);
        QCOMPARE(runner.run(cancel), SweepRunner::Outcome::Complete);
        const auto& r = runner.record();
        QVERIFY(r.complete);
        QCOMPARE(*r.boundary.largestPassing, std::uint64_t(21));
        QCOMPARE(*r.boundary.smallestFailing, std::uint64_t(22));
        // The kept trials were not run again.
        std::set<std::uint64_t> before;
        for (std::size_t i = 0; i < keptBefore; ++i)
            before.insert(r.trials[i].value);
        for (const auto v : executor.valuesRun)
            QVERIFY(before.count(v) == 0);
        // The same boundary as a sweep never interrupted, with as many answered trials.
        QTemporaryDir dir2;
        FakeExecutor straight(21, 1);
        SweepRunner once(dir2.filePath(QStringLiteral("s")).toStdString(), findMaxSpec(1, 64), straight);
        QCOMPARE(once.create(error), SweepRunner::OpenError::None);
        QCOMPARE(once.run(cancel), SweepRunner::Outcome::Complete);
        QCOMPARE(once.record().boundary.largestPassing, r.boundary.largestPassing);
        QCOMPARE(straight.valuesRun.size(), keptBefore + executor.valuesRun.size());
    }

    void foldersThatAreNotNewSweepsAreRefusedUntouched()
    {
        QTemporaryDir dir;
        std::string error;
        FakeExecutor executor(5, 1);
        // A folder with other files.
        const std::string other = dir.filePath(QStringLiteral("other")).toStdString();
        fs::create_directories(other);
        writeText(other + "/notes.txt", "mine");
        SweepRunner a(other, findMaxSpec(1, 8), executor);
        QCOMPARE(a.create(error), SweepRunner::OpenError::NotASweep);
        QVERIFY2(QString::fromStdString(error).contains(QLatin1String("not a sweep folder")), error.c_str());
        QCOMPARE(a.resume(error), SweepRunner::OpenError::NotASweep);
        QCOMPARE(readText(other + "/notes.txt"), std::string("mine"));
        QCOMPARE(std::distance(fs::directory_iterator(other), fs::directory_iterator()), 1);
        // A broken sweep.json.
        const std::string broken = dir.filePath(QStringLiteral("broken")).toStdString();
        fs::create_directories(broken);
        writeText(broken + "/sweep.json", "{\"schema\": \"iteragpu.sweep/1\"}");
        SweepRunner b(broken, findMaxSpec(1, 8), executor);
        QCOMPARE(b.create(error), SweepRunner::OpenError::NotASweep);
        QCOMPARE(b.resume(error), SweepRunner::OpenError::NotASweep);
        QCOMPARE(readText(broken + "/sweep.json"), std::string("{\"schema\": \"iteragpu.sweep/1\"}"));
        // A file where the folder should be.
        const std::string file = dir.filePath(QStringLiteral("file")).toStdString();
        writeText(file, "x");
        SweepRunner c(file, findMaxSpec(1, 8), executor);
        QCOMPARE(c.create(error), SweepRunner::OpenError::NotASweep);
        // A sweep already there: resume it instead.
        const std::string done = dir.filePath(QStringLiteral("done")).toStdString();
        SweepRunner d(done, findMaxSpec(1, 8), executor);
        QCOMPARE(d.create(error), SweepRunner::OpenError::None);
        SweepRunner e(done, findMaxSpec(1, 8), executor);
        QCOMPARE(e.create(error), SweepRunner::OpenError::AlreadyASweep);
        // Nothing to resume.
        SweepRunner f(dir.filePath(QStringLiteral("none")).toStdString(), findMaxSpec(1, 8), executor);
        QCOMPARE(f.resume(error), SweepRunner::OpenError::NoSweep);
        // A dimension of the other workload.
        SweepSpec dense = findMaxSpec(1, 8);
        dense.dimension = Dimension::Width;
        SweepRunner g(dir.filePath(QStringLiteral("g")).toStdString(), dense, executor);
        QCOMPARE(g.create(error), SweepRunner::OpenError::Invalid);
        QVERIFY(!fs::exists(dir.filePath(QStringLiteral("g")).toStdString()));
    }

    // The local executor: the trial's program with 'measure', the args, --device and --stream; stdout lines
    // streamed, the last stderr line as the error, one trial per device at once, nothing leaked, nothing left.
    void localExecutorRunsTrialsAsProcesses()
    {
        QTemporaryDir dir;
        const std::string log = dir.filePath(QStringLiteral("log")).toStdString();
        // A descriptor of ours without O_CLOEXEC: the trial must not see it.
        const int leak = ::open("/dev/null", O_RDONLY);
        QVERIFY(leak > 2);
        const std::string program = script(dir, "fake-measure",
            "echo \"start $$ $(date +%s%N) $*\" >> " + log + "\n"
            "if [ -e /proc/$$/fd/" + std::to_string(leak) + " ]; then echo leaked >&2; exit 9; fi\n"
            "echo '{\"event\":\"phase_started\"}'\n"
            "echo 'iteragpu measure: something went wrong' >&2\n"
            "sleep 0.3\n"
            "echo \"end $$ $(date +%s%N)\" >> " + log + "\n"
            "exit 1\n");
        LocalExecutor executor({ "sim:0", "sim:1" }, program);
        QVERIFY(executor.unavailableReason().empty());
        std::vector<TrialRequest> round;
        for (std::uint64_t i = 0; i < 4; ++i)
            round.push_back({ i, i + 1, { "--batch", std::to_string(i + 1) }, "/nonexistent" });
        std::map<std::string, int> busy;
        int maxBusy = 0;
        std::vector<TrialOutcome> outcomes;
        std::size_t lines = 0;
        TrialCallbacks callbacks;
        std::map<std::uint64_t, std::string> deviceOf;
        callbacks.started = [&](const TrialRequest& r, const std::string& device) {
            QCOMPARE(busy[device], 0); // never two trials on one device
            ++busy[device];
            deviceOf[r.index] = device;
            int total = 0;
            for (const auto& [d, n] : busy)
                total += n;
            maxBusy = std::max(maxBusy, total);
        };
        callbacks.finished = [&](const TrialOutcome& o) {
            --busy[o.device];
            outcomes.push_back(o);
        };
        callbacks.streamLine = [&](std::uint64_t, const std::string& line) {
            QCOMPARE(line, std::string("{\"event\":\"phase_started\"}"));
            ++lines;
        };
        std::atomic<bool> cancel { false };
        executor.runRound(round, callbacks, cancel);
        ::close(leak);
        QCOMPARE(outcomes.size(), std::size_t(4));
        QCOMPARE(lines, std::size_t(4));
        QCOMPARE(maxBusy, 2);
        for (const auto& o : outcomes) {
            QCOMPARE(*o.exitCode, 1); // 9 would be a leaked descriptor
            QCOMPARE(o.error, std::string("iteragpu measure: something went wrong"));
            QVERIFY(o.wallSeconds && *o.wallSeconds >= 0.25);
            QVERIFY(!o.interrupted);
            QCOMPARE(o.device, deviceOf[o.index]);
        }
        const std::string text = readText(log);
        QVERIFY2(text.find("measure --batch 1 --device sim:") != std::string::npos, text.c_str());
        QVERIFY(text.find("--stream") != std::string::npos);
        QCOMPARE(::waitpid(-1, nullptr, WNOHANG), -1); // no child left, zombie or not
        QCOMPARE(errno, ECHILD);
    }

    // Cancel: SIGINT first; a trial that ignores it gets SIGTERM after the grace period; none is left.
    void localExecutorStopsTrialsOnCancel()
    {
        QTemporaryDir dir;
        const std::string pidFile = dir.filePath(QStringLiteral("pid")).toStdString();
        const std::string program = script(dir, "stubborn",
            "trap '' INT\n"
            "echo $$ > " + pidFile + "\n"
            "echo ready\n"
            "i=0; while [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done\n");
        LocalExecutor executor({ "sim:0" }, program);
        executor.setGracePeriod(std::chrono::milliseconds(300));
        std::atomic<bool> cancel { false };
        std::vector<TrialOutcome> outcomes;
        TrialCallbacks callbacks;
        callbacks.streamLine = [&](std::uint64_t, const std::string&) { cancel = true; };
        callbacks.finished = [&](const TrialOutcome& o) { outcomes.push_back(o); };
        const std::vector<TrialRequest> round { { 0, 1, {}, "/nonexistent" }, { 1, 2, {}, "/nonexistent" } };
        const auto t0 = std::chrono::steady_clock::now();
        executor.runRound(round, callbacks, cancel);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QCOMPARE(outcomes.size(), std::size_t(2));
        QVERIFY(wall < 3.0);
        const auto& stopped = outcomes[0].index == 0 ? outcomes[0] : outcomes[1];
        const auto& never = outcomes[0].index == 0 ? outcomes[1] : outcomes[0];
        QVERIFY(stopped.interrupted);
        QVERIFY(!stopped.exitCode);
        QCOMPARE(*stopped.signal, SIGTERM); // SIGINT was ignored
        QVERIFY2(QString::fromStdString(stopped.error).contains(QLatin1String("SIGTERM")), stopped.error.c_str());
        QVERIFY(never.interrupted);
        QVERIFY(never.device.empty());
        const pid_t pid = std::stoi(readText(pidFile));
        QCOMPARE(::kill(pid, 0), -1); // gone, and reaped
        QCOMPARE(::waitpid(-1, nullptr, WNOHANG), -1);
    }

    void localExecutorNamesWhatIsMissing()
    {
        LocalExecutor none({ "sim:0" }, "/nonexistent/iteragpu");
        QVERIFY2(QString::fromStdString(none.unavailableReason()).contains(QLatin1String("/nonexistent/iteragpu")),
            none.unavailableReason().c_str());
        LocalExecutor noDevice({}, "/bin/true");
        QVERIFY(!noDevice.unavailableReason().empty());
        // A program that cannot start is a trial error with its reason, not a hang.
        std::vector<TrialOutcome> outcomes;
        TrialCallbacks callbacks;
        callbacks.finished = [&](const TrialOutcome& o) { outcomes.push_back(o); };
        std::atomic<bool> cancel { false };
        none.runRound({ { 0, 1, {}, "/nonexistent" } }, callbacks, cancel);
        QCOMPARE(outcomes.size(), std::size_t(1));
        QCOMPARE(*outcomes[0].exitCode, 127);
        QVERIFY2(QString::fromStdString(outcomes[0].error).contains(QLatin1String("cannot start")), outcomes[0].error.c_str());
    }

    void growthFitsAndExtrapolates()
    {
        // A quadratic peak: 2 GiB + 1 MiB x + 4 KiB x^2, at five passing values.
        std::vector<TrialRecord> trials;
        for (std::uint64_t x : { 256, 512, 1024, 1536, 2048 }) {
            TrialRecord t;
            t.index = trials.size();
            t.value = x;
            t.status = TrialStatus::Passed;
            t.peakAllocated = 2048 * kMiB + kMiB * x + 4096 * x * x;
            t.devicePeak = *t.peakAllocated + 600 * kMiB;
            trials.push_back(t);
        }
        trials.push_back(fakeTrial(trials.size(), 4096, 2048)); // failed: not a point of the fit
        std::string why;
        const auto quad = GrowthModel::fit(trials, true, why);
        QVERIFY2(quad, why.c_str());
        QVERIFY(quad->quadratic);
        QCOMPARE(quad->points, std::size_t(5));
        QVERIFY(std::fabs(quad->quadraticTerm - 4096.0) < 1e-3);
        QVERIFY(std::fabs(quad->linear - double(kMiB)) < 1.0);
        QVERIFY(quad->maxRelativeResidual < 1e-9);
        QCOMPARE(quad->overheadBytes, 600 * kMiB);
        sizing::GpuCard card;
        card.id = "c80";
        card.name = "80 GiB card";
        card.reportedBytes = 80 * 1024 * kMiB;
        const auto e = GrowthModel::extrapolate(*quad, card);
        QVERIFY(e.largestValue);
        const double budget = double(card.reportedBytes - quad->overheadBytes);
        QVERIFY(GrowthModel::evaluate(*quad, double(*e.largestValue)) <= budget);
        QVERIFY(GrowthModel::evaluate(*quad, double(*e.largestValue + 1)) > budget);
        // The line through quadratic points under-fits them: its residual says so.
        const auto line = GrowthModel::fit(trials, false, why);
        QVERIFY(line && !line->quadratic && line->maxRelativeResidual > 0.01);
        // A card smaller than the constant: nothing fits; a fit that does not grow: no limit follows.
        card.reportedBytes = 1024 * kMiB;
        QVERIFY(!GrowthModel::extrapolate(*quad, card).largestValue);
        GrowthFit flat;
        flat.constant = 1e9;
        card.reportedBytes = 80 * 1024 * kMiB;
        QVERIFY(GrowthModel::extrapolate(flat, card).unbounded);
        // Too few points: no fit, and a quadratic on two falls back to the line, saying so.
        QVERIFY(!GrowthModel::fit({ trials[0] }, false, why));
        QVERIFY(why.find("2 are needed") != std::string::npos);
        const auto two = GrowthModel::fit({ trials[0], trials[1] }, true, why);
        QVERIFY(two && !two->quadratic && !two->note.empty());
        QVERIFY(GrowthModel::wantsQuadratic(Dimension::PromptTokens, "eager"));
        QVERIFY(!GrowthModel::wantsQuadratic(Dimension::PromptTokens, "sdpa"));
        QVERIFY(!GrowthModel::wantsQuadratic(Dimension::Sequences, "eager"));
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
