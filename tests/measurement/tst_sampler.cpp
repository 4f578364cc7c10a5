// SPDX-License-Identifier: Apache-2.0
#include "core/sampler/peakdecimator.h"
#include "core/sampler/sampler.h"

#include <QTest>
#include <atomic>
#include <mutex>

using namespace iteragpu;

class TestSampler : public QObject {
    Q_OBJECT
private slots:
    void clampRate_data()
    {
        QTest::addColumn<double>("in");
        QTest::addColumn<double>("out");
        QTest::addRow("default") << 1000.0 << 1000.0;
        QTest::addRow("too slow") << 1.0 << 10.0;
        QTest::addRow("too fast") << 1e9 << 10000.0;
        QTest::addRow("negative") << -5.0 << 10.0;
        QTest::addRow("NaN") << std::nan("") << 1000.0;
    }

    void clampRate()
    {
        QFETCH(double, in);
        QFETCH(double, out);
        QCOMPARE(protocol::clampSamplingHz(in), out);
    }

    // Note [Peak-keeping decimation]: each bucket keeps every counter's maximum, so a spike of one reading in any
    // counter survives every halving; the budget is never exceeded.
    void decimatorKeepsEachCountersPeak_data()
    {
        QTest::addColumn<int>("budget");
        QTest::addColumn<int>("readings");
        QTest::addColumn<int>("allocatedSpikeAt");
        QTest::addColumn<int>("reservedSpikeAt");
        QTest::addRow("fits, no merge") << 64 << 50 << 17 << 30;
        QTest::addRow("exactly full") << 64 << 64 << 63 << 0;
        QTest::addRow("one more than full") << 64 << 65 << 64 << 1;
        QTest::addRow("spikes apart, many halvings") << 16 << 10'000 << 2 << 9'999;
        QTest::addRow("odd budget rounds down") << 7 << 1'000 << 333 << 334;
        QTest::addRow("smallest budget") << 1 << 1'001 << 1'000 << 500;
    }

    void decimatorKeepsEachCountersPeak()
    {
        QFETCH(int, budget);
        QFETCH(int, readings);
        QFETCH(int, allocatedSpikeAt);
        QFETCH(int, reservedSpikeAt);
        sampler::PeakDecimator d(static_cast<std::size_t>(budget));
        const std::size_t memoryBefore = d.memoryBytes();
        constexpr std::uint64_t spike = 5'000'000'000ULL; // bytes, beyond 32 bits on purpose
        for (int i = 0; i < readings; ++i) {
            const std::uint64_t allocated = i == allocatedSpikeAt ? spike : 1000 + static_cast<std::uint64_t>(i % 7);
            const std::uint64_t reserved = i == reservedSpikeAt ? 2 * spike : 4096;
            d.add(i * 0.001, allocated, reserved, i % 3 == 0 ? std::optional<std::uint64_t>(7) : std::nullopt);
        }
        QVERIFY(d.budget() % 2 == 0);
        QVERIFY(d.budget() <= std::size_t(std::max(budget, 2)));
        QVERIFY(d.buckets().size() <= d.budget());
        QCOMPARE(d.memoryBytes(), memoryBefore);
        QCOMPARE(d.sampleCount(), std::uint64_t(readings));
        QCOMPARE(d.mergedAway() + d.buckets().size(), std::uint64_t(readings));
        std::uint64_t counted = 0;
        int allocatedSpikes = 0;
        int reservedSpikes = 0;
        for (const auto& b : d.buckets()) {
            counted += b.count;
            if (b.allocated == spike) {
                ++allocatedSpikes;
                QCOMPARE(b.peakSeconds, allocatedSpikeAt * 0.001); // the spike's own time
                QVERIFY(b.firstSeconds <= b.peakSeconds && b.peakSeconds <= b.lastSeconds);
            }
            if (b.reserved == 2 * spike) {
                ++reservedSpikes;
                QVERIFY(b.firstSeconds <= reservedSpikeAt * 0.001 && reservedSpikeAt * 0.001 <= b.lastSeconds);
            }
            // Readings i % 3 == 0 have a device-level value; a bucket without one has none, never 0.
            const auto first = std::lround(b.firstSeconds / 0.001);
            const auto last = std::lround(b.lastSeconds / 0.001);
            const bool expectDevice = last - first >= 2 || first % 3 == 0 || last % 3 == 0;
            QCOMPARE(b.hasDevice, expectDevice);
            QCOMPARE(b.device, expectDevice ? std::uint64_t(7) : std::uint64_t(0));
        }
        QCOMPARE(counted, std::uint64_t(readings));
        QCOMPARE(allocatedSpikes, 1);
        QCOMPARE(reservedSpikes, 1);
    }

    void decimatorMissingDeviceReadingIsNotZero()
    {
        sampler::PeakDecimator d(4);
        d.add(0.0, 1, 2, std::nullopt);
        QVERIFY(!d.buckets().front().hasDevice);
        const auto samples = sampler::samplesFromBuckets(d.buckets(), 3);
        QCOMPARE(samples.size(), std::size_t(1));
        QVERIFY(!samples.front().deviceUsed.has_value());
        QCOMPARE(samples.front().phaseIndex, 3);
    }

    void phaseSamplesAreBoundedAndEveryTakenSampleIsDelivered_data()
    {
        QTest::addColumn<int>("maxPerPhase");
        QTest::addColumn<int>("manualSamples");
        QTest::addRow("fits") << 100 << 10;
        QTest::addRow("thinned") << 16 << 1000;
    }

    void phaseSamplesAreBoundedAndEveryTakenSampleIsDelivered()
    {
        QFETCH(int, maxPerPhase);
        QFETCH(int, manualSamples);
        std::atomic<std::uint64_t> value { 0 };
        std::mutex m;
        std::size_t delivered = 0;
        bool ordered = true;
        double lastT = -1.0;
        sampler::Sampler s(
            [&value] {
                return alloc::CounterSnapshot { value.load(), value.load(), 2 * value.load(), 0 };
            },
            10000.0, std::size_t(maxPerPhase),
            [&](const std::vector<protocol::Sample>& batch) {
                std::lock_guard lock(m);
                delivered += batch.size();
                for (const auto& x : batch) {
                    ordered = ordered && x.t >= lastT;
                    lastT = x.t;
                }
            });
        s.start();
        s.setDeviceUsed(12345);
        s.beginPhase(7);
        for (int i = 0; i < manualSamples; ++i) {
            value.store(std::uint64_t(i == manualSamples / 2 ? 1000000 : i));
            s.sampleNow();
        }
        value.store(0);
        const auto phase = s.endPhase();
        s.stop();
        QVERIFY(phase.samples.size() <= std::size_t(maxPerPhase));
        QVERIFY(phase.samples.size() >= 2);
        std::uint64_t maxSeen = 0;
        for (const auto& x : phase.samples) {
            QCOMPARE(x.phaseIndex, 7);
            QCOMPARE(*x.deviceUsed, std::uint64_t(12345));
            QCOMPARE(x.reserved, 2 * x.allocated);
            maxSeen = std::max(maxSeen, x.allocated);
        }
        QCOMPARE(maxSeen, std::uint64_t(1000000)); // the spike survived thinning
        // Every reading once (the sampler's own thread adds some of its own).
        QVERIFY(phase.samples.size() + phase.thinned >= std::size_t(manualSamples + 2));
        for (std::size_t i = 1; i < phase.samples.size(); ++i)
            QVERIFY(phase.samples[i - 1].t <= phase.samples[i].t);
        std::lock_guard lock(m);
        QCOMPARE(std::uint64_t(delivered) + s.samplesDropped(), s.samplesTaken());
        QVERIFY(ordered);
    }

    void ringDropsTheOldestWhenFull()
    {
        std::size_t delivered = 0;
        sampler::Sampler s([] { return alloc::CounterSnapshot {}; }, 10.0, 8,
            [&delivered](const std::vector<protocol::Sample>& b) { delivered += b.size(); }, 4);
        for (int i = 0; i < 10; ++i)
            s.sampleNow();
        s.stop(); // never started: delivers what the ring holds
        QCOMPARE(delivered, std::size_t(4));
        QCOMPARE(s.samplesDropped(), std::uint64_t(6));
    }
};

QTEST_GUILESS_MAIN(TestSampler)
#include "tst_sampler.moc"
