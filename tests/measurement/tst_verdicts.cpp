// SPDX-License-Identifier: Apache-2.0
// A measured verdict outranks the estimate (core/verdict/measuredverdict.h): what real runs on the simulated
// device say about the fit, the sentence every view shows, the disagreement with the one estimate, and the
// workload line that tells two runs apart (core/protocol/workloaddescription.h).
#include "core/protocol/workloaddescription.h"
#include "core/runner/runner.h"
#include "core/sim/simbackend.h"
#include "core/units/units.h"
#include "core/verdict/measuredverdict.h"

#include <QTest>

using namespace iteragpu;
using verdict::MeasuredVerdict;

namespace {

constexpr std::uint64_t kMiB = 1024ULL * 1024;

protocol::RunConfig dense(std::uint64_t batch)
{
    protocol::RunConfig c;
    c.deviceId = "sim:0";
    c.batch = batch;
    c.context = 128;
    c.width = 1024;
    c.warmup = 1;
    c.repeats = 1;
    return c;
}

protocol::RunResult run(const protocol::RunConfig& c, std::uint64_t capacity)
{
    sim::SimBackend backend(sim::SimOptions { capacity, 0 });
    return protocol::Runner::runBlocking(
        c, { "sim", backend.runtimeDescription(), true }, [&backend](device::Status& s) { return backend.open(0, s); },
        nullptr);
}

verdict::DeviceNeed needOf(std::uint64_t total)
{
    verdict::DeviceNeed n;
    n.total = total;
    return n;
}

} // namespace

class TestVerdicts : public QObject {
    Q_OBJECT
private slots:
    void aRunThatPassedFits()
    {
        const auto r = run(dense(2), sim::kDefaultSimCapacity);
        QVERIFY(r.completed);
        const auto v = MeasuredVerdict::of(r);
        QCOMPARE(v.outcome, MeasuredVerdict::Outcome::Fits);
        QVERIFY(v.simulated);
        QVERIFY(v.decisive());
        QVERIFY(v.peakReserved.has_value());
        QVERIFY(*v.peakReserved > 0);
        QCOMPARE(v.capacityBytes, std::optional<std::uint64_t>(sim::kDefaultSimCapacity));
        const std::string s = v.sentence.english();
        // A simulated device without a card of the catalog is named by its id.
        QVERIFY2(s.rfind("Measured on the simulated device sim:0: ", 0) == 0, s.c_str());
        QVERIFY2(s.find(": fits, every phase passed at batch 2, context 128, width " + units::groupDigits(1024)
                     + " (peak reserved ")
                != std::string::npos,
            s.c_str());
        QVERIFY2(s.find("MiB).") != std::string::npos, s.c_str()); // below a GiB in MiB
    }

    void aRunOutOfMemoryNamesItsPhaseAndLoad()
    {
        // 4 MiB cannot hold the dense network's weights at width 1 024 (4 MiB in float32) and its inputs.
        const auto r = run(dense(2), 4 * kMiB);
        QVERIFY(!r.completed);
        const auto v = MeasuredVerdict::of(r);
        QCOMPARE(v.outcome, MeasuredVerdict::Outcome::OutOfMemory);
        QVERIFY(!v.fits());
        QVERIFY(v.decisive());
        QVERIFY(!v.phase.empty());
        const std::string s = v.sentence.english();
        QVERIFY2(s.find(": out of memory in " + v.phase + " at batch 2, context 128, width " + units::groupDigits(1024)
                     + ".")
                != std::string::npos,
            s.c_str());
    }

    void theEstimateThatSaidItFitsIsContradicted()
    {
        const auto oom = MeasuredVerdict::of(run(dense(2), 4 * kMiB));
        // An estimate under the capacity said "fits": the measurement says otherwise, with both figures.
        const auto said = oom.disagreement(needOf(3 * kMiB));
        QVERIFY(said.has_value());
        QCOMPARE(said->english(),
            std::string("The estimate said it fits (3.00 MiB needed of 4.00 MiB); the measurement ran out of memory."));
        // An estimate over the capacity agreed: nothing to say.
        QVERIFY(!oom.disagreement(needOf(5 * kMiB)).has_value());

        const auto fits = MeasuredVerdict::of(run(dense(2), sim::kDefaultSimCapacity));
        QVERIFY(!fits.disagreement(needOf(sim::kDefaultSimCapacity)).has_value()); // needed == capacity fits
        const auto over = fits.disagreement(needOf(sim::kDefaultSimCapacity + 1));
        QVERIFY(over.has_value());
        const std::string s = over->english();
        QVERIFY2(s.rfind("The estimate said it does not fit (80.00 GiB needed of 80.00 GiB); the measurement passed "
                         "with a peak of ",
                     0)
                == 0,
            s.c_str());
    }

    void aStoppedRunIsNotDecisive()
    {
        protocol::RunResult r = run(dense(2), sim::kDefaultSimCapacity);
        // The record of a run stopped after its first phase: the rest did not run.
        for (std::size_t i = 1; i < r.phases.size(); ++i)
            r.phases[i].status = protocol::PhaseStatus::NotRun;
        r.completed = false;
        r.cancelled = true;
        const auto v = MeasuredVerdict::of(r);
        QCOMPARE(v.outcome, MeasuredVerdict::Outcome::Incomplete);
        QVERIFY(!v.decisive());
        QVERIFY(!v.disagreement(needOf(1)).has_value());
        QVERIFY(v.sentence.english().find("did not finish") != std::string::npos);
    }

    void aFailureOtherThanMemoryIsNotAVerdict()
    {
        protocol::RunResult r = run(dense(2), sim::kDefaultSimCapacity);
        r.phases[1].status = protocol::PhaseStatus::Failed;
        r.phases[1].outOfMemory = false;
        r.phases[1].error = "kernel launch failed";
        r.completed = false;
        const auto v = MeasuredVerdict::of(r);
        QCOMPARE(v.outcome, MeasuredVerdict::Outcome::Failed);
        QVERIFY(!v.decisive());
        QCOMPARE(v.phase, protocol::phaseLabel(r.phases[1]));
    }

    void twoDecoderRunsGetTwoWorkloadLines()
    {
        protocol::RunConfig a;
        a.workload = protocol::WorkloadKind::Decoder;
        protocol::DecoderSpec d;
        d.modelSource = "preset:llama-3.1-8b";
        d.storage = protocol::WeightStorage::BFloat16;
        d.sequences = 4;
        d.promptTokens = 8192;
        d.generated = 64;
        a.decoder = d;
        protocol::RunConfig b = a;
        b.decoder->sequences = 5;
        QCOMPARE(protocol::describeWorkload(a).english(),
            "preset:llama-3.1-8b, bf16 weights, 4 sequence(s) x " + units::groupDigits(8192)
                + " prompt + 64 generated tokens, dynamic KV cache, sdpa attention");
        QVERIFY(protocol::describeWorkload(a).english() != protocol::describeWorkload(b).english());
        QCOMPARE(protocol::describeLoad(b).english(),
            "5 sequence(s) x " + units::groupDigits(8192) + " prompt + 64 generated tokens");
        // The dense network's fields describe the dense network only.
        QCOMPARE(protocol::describeWorkload(dense(2)).english(),
            "dense network, batch 2, context 128, width " + units::groupDigits(1024) + ", float32, inference");
        protocol::RunConfig p = a;
        p.decoder->cache = protocol::KvCacheKind::Paged;
        QVERIFY(protocol::describeWorkload(p).english().find("paged KV cache") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestVerdicts)
#include "tst_verdicts.moc"
