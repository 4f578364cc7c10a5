// SPDX-License-Identifier: Apache-2.0
#include "app/gui/run/timelineconversion.h"
#include "app/gui/timeline/timelinestore.h"
#include "core/sampler/sampler.h"

#include <QTest>
#include <algorithm>
#include <atomic>

using namespace iteragpu;
using iteragpu::gui::TimelineSample;
using iteragpu::gui::TimelineStore;

// The bucketed store behind the live timeline (Note [Bucketed timeline]): bounded whatever the length of the
// run, and a spike of one sample survives every merge.
class TestTimelineStore : public QObject {
    Q_OBJECT
private slots:
    void keepsMaximaAndStaysBounded_data()
    {
        QTest::addColumn<int>("budget");
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("spikeAt");
        QTest::addRow("fits, no merge") << 64 << 50 << 17;
        QTest::addRow("exactly full") << 64 << 64 << 63;
        QTest::addRow("one more than full") << 64 << 65 << 64;
        QTest::addRow("spike first") << 16 << 10'000 << 0;
        QTest::addRow("spike last") << 16 << 10'000 << 9'999;
        QTest::addRow("odd budget rounds down") << 7 << 1'000 << 333;
        QTest::addRow("a million samples") << 2048 << 1'000'000 << 654'321;
    }

    void keepsMaximaAndStaysBounded()
    {
        QFETCH(int, budget);
        QFETCH(int, samples);
        QFETCH(int, spikeAt);
        TimelineStore store(static_cast<std::size_t>(budget));
        const std::size_t memoryBefore = store.memoryBytes();
        constexpr std::uint64_t base = 1000;
        constexpr std::uint64_t spike = 5'000'000'000ULL; // bytes, beyond 32 bits on purpose
        for (int i = 0; i < samples; ++i) {
            TimelineSample s;
            s.seconds = i * 0.001;
            s.allocated = (i == spikeAt) ? spike : base + static_cast<std::uint64_t>(i % 7);
            s.reserved = s.allocated + 2048;
            if (i % 3 == 0)
                s.device = s.reserved + 1;
            store.add(s);
        }
        QCOMPARE(store.sampleCount(), static_cast<std::uint64_t>(samples));
        QVERIFY(store.buckets().size() <= store.budget());
        QVERIFY(store.budget() % 2 == 0);
        QCOMPARE(store.memoryBytes(), memoryBefore); // never grows with the number of samples
        QCOMPARE(store.maxAllocated(), spike);
        QCOMPARE(store.maxReserved(), spike + 2048);

        // The spike survives in exactly the bucket that covers its time, and every sample is counted once.
        const auto& buckets = store.buckets();
        const auto top = std::max_element(
            buckets.begin(), buckets.end(), [](const auto& a, const auto& b) { return a.allocated < b.allocated; });
        QCOMPARE(top->allocated, spike);
        QVERIFY(top->firstSeconds <= spikeAt * 0.001 && spikeAt * 0.001 <= top->lastSeconds);
        QCOMPARE(store.bucketAt(spikeAt * 0.001), std::distance(buckets.begin(), top));
        std::uint64_t counted = 0;
        for (const auto& b : buckets)
            counted += b.count;
        QCOMPARE(counted, static_cast<std::uint64_t>(samples));
        // Buckets are in time order.
        for (std::size_t i = 1; i < buckets.size(); ++i)
            QVERIFY(buckets[i - 1].lastSeconds < buckets[i].firstSeconds);
    }

    // The file (the sampler's phase record) and the chart (this store, fed the sampler's stream as the window
    // does) thin the same readings into the same buckets: the same spikes, the same maxima, at the same times.
    void sameKeptMaximaAsTheSamplersRecord_data()
    {
        QTest::addColumn<int>("budget");
        QTest::addColumn<int>("readings");
        QTest::addRow("no thinning") << 64 << 40;
        QTest::addRow("thinned once") << 64 << 100;
        QTest::addRow("thinned many times") << 16 << 5'001;
        QTest::addRow("odd budget") << 33 << 2'000;
    }

    void sameKeptMaximaAsTheSamplersRecord()
    {
        QFETCH(int, budget);
        QFETCH(int, readings);
        std::atomic<int> step { 0 };
        // A saw tooth with a lone allocated spike and, elsewhere, a lone reserved spike (an empty_cache-like dip
        // after it), so a decimator keeping whole readings or one counter only would lose one of them.
        auto read = [&step, readings] {
            const int i = step.load();
            alloc::CounterSnapshot c {};
            c.allocatedCurrent = 1000 + static_cast<std::uint64_t>(i % 13) * 10;
            c.reservedCurrent = 4096;
            if (i == readings / 3)
                c.allocatedCurrent = 9'000'000'000ULL;
            if (i == readings / 3 + 1)
                c.reservedCurrent = 12'000'000'000ULL;
            return c;
        };
        std::vector<protocol::Sample> stream;
        sampler::Sampler s(read, 1000.0, static_cast<std::size_t>(budget),
            [&stream](const std::vector<protocol::Sample>& batch) { stream.insert(stream.end(), batch.begin(), batch.end()); });
        s.setDeviceUsed(77);
        s.beginPhase(0); // reading 0
        for (step = 1; step < readings - 1; ++step)
            s.sampleNow();
        const sampler::Sampler::PhaseSamples record = s.endPhase(); // the last reading
        s.stop(); // never started: no thread; delivers the stream

        TimelineStore store(static_cast<std::size_t>(budget));
        for (const iteragpu::gui::TimelineSample& t : iteragpu::gui::toTimelineSamples(stream))
            store.add(t);
        QCOMPARE(store.sampleCount(), static_cast<std::uint64_t>(readings));
        QCOMPARE(record.samples.size(), store.buckets().size());
        QCOMPARE(record.thinned, store.sampleCount() - store.buckets().size());
        for (std::size_t i = 0; i < record.samples.size(); ++i) {
            const protocol::Sample& kept = record.samples[i];
            const TimelineStore::Bucket& b = store.buckets()[i];
            QCOMPARE(kept.allocated, b.allocated);
            QCOMPARE(kept.reserved, b.reserved);
            QCOMPARE(kept.t, b.peakSeconds);
            QCOMPARE(kept.deviceUsed.value_or(0), b.device);
        }
        const auto maxOf = [](const auto& range, auto field) {
            std::uint64_t top = 0;
            for (const auto& x : range)
                top = std::max<std::uint64_t>(top, field(x));
            return top;
        };
        QCOMPARE(maxOf(record.samples, [](const protocol::Sample& x) { return x.allocated; }), 9'000'000'000ULL);
        QCOMPARE(maxOf(record.samples, [](const protocol::Sample& x) { return x.reserved; }), 12'000'000'000ULL);
        QCOMPARE(store.maxReserved(), 12'000'000'000ULL);
    }

    void missingDeviceReadingIsNotZero()
    {
        TimelineStore store(8);
        TimelineSample s;
        s.allocated = 10;
        s.reserved = 20;
        store.add(s);
        QVERIFY(!store.hasDevice());
        QVERIFY(!store.buckets().front().hasDevice);
        s.device = 30;
        store.add(s);
        QVERIFY(store.hasDevice());
        QCOMPARE(store.maxDevice(), std::uint64_t(30));
    }

    void clearStartsOver()
    {
        TimelineStore store(4);
        for (int i = 0; i < 100; ++i)
            store.add(TimelineSample { i * 1.0, 5, 6, std::nullopt });
        QVERIFY(store.samplesPerBucket() > 1);
        store.clear();
        QVERIFY(store.empty());
        QCOMPARE(store.samplesPerBucket(), std::uint64_t(1));
        QCOMPARE(store.maxAllocated(), std::uint64_t(0));
        QCOMPARE(store.bucketAt(3.0), std::ptrdiff_t(-1));
    }
};

QTEST_GUILESS_MAIN(TestTimelineStore)
#include "tst_timelinestore.moc"
