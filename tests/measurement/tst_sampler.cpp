// SPDX-License-Identifier: Apache-2.0
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

    void thinningKeepsPeaks_data()
    {
        QTest::addColumn<QList<quint64>>("allocated");
        QTest::addColumn<QList<quint64>>("expected");
        QTest::addRow("spike survives") << QList<quint64> { 1, 9, 1, 1 } << QList<quint64> { 9, 1 };
        QTest::addRow("odd keeps the last") << QList<quint64> { 5, 1, 2, 3, 7 } << QList<quint64> { 5, 3, 7 };
        QTest::addRow("one sample untouched") << QList<quint64> { 4 } << QList<quint64> { 4 };
    }

    void thinningKeepsPeaks()
    {
        QFETCH(QList<quint64>, allocated);
        QFETCH(QList<quint64>, expected);
        std::vector<protocol::Sample> samples;
        for (auto a : allocated) {
            protocol::Sample s;
            s.allocated = a;
            samples.push_back(s);
        }
        const auto removed = sampler::thinKeepingPeaks(samples);
        QCOMPARE(int(removed), int(allocated.size() - expected.size()));
        QList<quint64> got;
        for (const auto& s : samples)
            got.push_back(s.allocated);
        QCOMPARE(got, expected);
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
        QCOMPARE(phase.samples.size() + phase.thinned >= std::size_t(manualSamples + 2), true);
        std::uint64_t maxSeen = 0;
        for (const auto& x : phase.samples) {
            QCOMPARE(x.phaseIndex, 7);
            QCOMPARE(*x.deviceUsed, std::uint64_t(12345));
            QCOMPARE(x.reserved, 2 * x.allocated);
            maxSeen = std::max(maxSeen, x.allocated);
        }
        QCOMPARE(maxSeen, std::uint64_t(1000000)); // the spike survived thinning
        QCOMPARE(phase.samples.back().allocated, std::uint64_t(0)); // the phase's end
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
