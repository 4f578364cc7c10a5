// SPDX-License-Identifier: Apache-2.0
#include "app/gui/timeline/timelinestore.h"

#include <QTest>
#include <algorithm>

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
        QTest::addRow("odd budget rounds up") << 7 << 1'000 << 333;
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
