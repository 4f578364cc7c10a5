// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/allocationtrace.h"
#include "core/alloc/asyncpoolallocator.h"
#include "core/alloc/cachingallocator.h"
#include "core/alloc/hostrawmemory.h"
#include "core/sim/simbackend.h"
#include "core/units/units.h"

#include <QTest>
#include <atomic>
#include <nlohmann/json.hpp>
#include <thread>

using namespace iteragpu;
using alloc::CachingAllocator;
using alloc::HostRawMemory;
constexpr quint64 kMiB = units::kMiB; // bytes, as the Qt Test column type

namespace {
constexpr std::uint64_t kHostCapacity = 256 * kMiB; // bytes of the fake device in most rows
std::int64_t agg(const alloc::StatArray& a) { return a[0].current; }
std::int64_t small(const alloc::StatArray& a) { return a[1].current; }
std::int64_t large(const alloc::StatArray& a) { return a[2].current; }
std::uint64_t sum(const alloc::OwnerBytes& owners)
{
    std::uint64_t total = 0;
    for (const std::uint64_t bytes : owners)
        total += bytes;
    return total;
}
std::uint64_t of(const alloc::OwnerBytes& owners, alloc::Owner owner) { return owners[std::size_t(owner)]; }
} // namespace

class TestCachingAllocator : public QObject {
    Q_OBJECT
private slots:
    void singleRequest_data()
    {
        QTest::addColumn<quint64>("request");
        QTest::addColumn<quint64>("allocated");
        QTest::addColumn<quint64>("reserved");
        QTest::addColumn<quint64>("inactiveSplit");
        QTest::addColumn<bool>("smallPool");
        QTest::addRow("1 B -> 512 allocated, 2 MiB reserved")
            << quint64(1) << quint64(512) << 2 * kMiB << 2 * kMiB - 512 << true;
        QTest::addRow("512 B") << quint64(512) << quint64(512) << 2 * kMiB << 2 * kMiB - 512 << true;
        QTest::addRow("513 B -> 1024") << quint64(513) << quint64(1024) << 2 * kMiB << 2 * kMiB - 1024 << true;
        QTest::addRow("1 MiB, small pool, split") << kMiB << kMiB << 2 * kMiB << kMiB << true;
        QTest::addRow("2 MiB - 256 B -> 2 MiB, large pool")
            << 2 * kMiB - 256 << 2 * kMiB << 20 * kMiB << 18 * kMiB << false;
        QTest::addRow("1 MiB + 1 -> 20 MiB segment") << kMiB + 1 << kMiB + 512 << 20 * kMiB << 19 * kMiB - 512 << false;
        QTest::addRow("9 MiB, 20 MiB segment split") << 9 * kMiB << 9 * kMiB << 20 * kMiB << 11 * kMiB << false;
        QTest::addRow("10 MiB, own segment") << 10 * kMiB << 10 * kMiB << 10 * kMiB << quint64(0) << false;
        QTest::addRow("11 MiB -> 12 MiB allocated (block not split)")
            << 11 * kMiB << 12 * kMiB << 12 * kMiB << quint64(0) << false;
        QTest::addRow("19 MiB + 1 -> whole 20 MiB segment (rest 1 MiB - 512 not split)")
            << 19 * kMiB + 1 << 20 * kMiB << 20 * kMiB << quint64(0) << false;
        QTest::addRow("21 MiB -> 22 MiB") << 21 * kMiB << 22 * kMiB << 22 * kMiB << quint64(0) << false;
    }

    void singleRequest()
    {
        QFETCH(quint64, request);
        QFETCH(quint64, allocated);
        QFETCH(quint64, reserved);
        QFETCH(quint64, inactiveSplit);
        QFETCH(bool, smallPool);
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        device::Status st;
        void* p = a.allocate(request, st);
        QVERIFY2(p, st.message.c_str());
        const auto s = a.stats();
        QCOMPARE(quint64(agg(s.allocatedBytes)), allocated);
        QCOMPARE(quint64(agg(s.reservedBytes)), reserved);
        QCOMPARE(quint64(agg(s.requestedBytes)), request);
        QCOMPARE(quint64(agg(s.inactiveSplitBytes)), inactiveSplit);
        QCOMPARE(agg(s.inactiveSplit), inactiveSplit > 0 ? 1 : 0);
        QCOMPARE(agg(s.segment), 1);
        QCOMPARE(quint64(smallPool ? small(s.allocatedBytes) : large(s.allocatedBytes)), allocated);
        QCOMPARE(smallPool ? large(s.allocatedBytes) : small(s.allocatedBytes), 0);
        QCOMPARE(a.blockSize(p), allocated);
        const auto live = a.liveCounters();
        QCOMPARE(live.allocatedCurrent, allocated);
        QCOMPARE(live.reservedCurrent, reserved);
        a.free(p);
        const auto after = a.stats();
        QCOMPARE(agg(after.allocatedBytes), 0);
        QCOMPARE(quint64(agg(after.reservedBytes)), reserved); // cached, not returned
        QCOMPARE(agg(after.inactiveSplitBytes), 0); // merged back into one whole segment
        QCOMPARE(agg(after.requestedBytes), 0);
        QCOMPARE(quint64(after.allocatedBytes[0].peak), allocated);
        QCOMPARE(a.cachedBlockCount(), std::size_t(1));
    }

    // Sequences: requests (positive: allocate; negative: free the i-th allocation) and the state after them.
    void sequence_data()
    {
        QTest::addColumn<QList<qint64>>("ops");
        QTest::addColumn<quint64>("allocated");
        QTest::addColumn<quint64>("reserved");
        QTest::addColumn<quint64>("inactiveSplitBytes");
        QTest::addColumn<int>("segmentAllocations");
        const qint64 M = qint64(kMiB);
        // ops: a value > 0 allocates that many bytes; -k frees allocation number k (1-based).
        QTest::addRow("two small in one segment")
            << QList<qint64> { 1, 1 } << quint64(1024) << 2 * kMiB << 2 * kMiB - 1024 << 1;
        QTest::addRow("free the first of two: split block kept apart")
            << QList<qint64> { 1, 1, -1 } << quint64(512) << 2 * kMiB << 2 * kMiB - 512 << 1;
        QTest::addRow("free both: merged into one block")
            << QList<qint64> { 1, 1, -1, -2 } << quint64(0) << 2 * kMiB << quint64(0) << 1;
        QTest::addRow("free middle then neighbours: three-way merge")
            << QList<qint64> { 1, 1, 1, -2, -1, -3 } << quint64(0) << 2 * kMiB << quint64(0) << 1;
        QTest::addRow("11 MiB freed and asked again: cached segment reused")
            << QList<qint64> { 11 * M, -1, 11 * M } << 12 * kMiB << 12 * kMiB << quint64(0) << 1;
        QTest::addRow("16 MiB cached serves 15 MiB whole (rest 1 MiB not split)")
            << QList<qint64> { 16 * M, -1, 15 * M } << 16 * kMiB << 16 * kMiB << quint64(0) << 1;
        QTest::addRow("16 MiB cached split for 14 MiB (rest 2 MiB > 1 MiB)")
            << QList<qint64> { 16 * M, -1, 14 * M } << 14 * kMiB << 16 * kMiB << 2 * kMiB << 1;
        QTest::addRow("small request never uses the large pool")
            << QList<qint64> { 11 * M, -1, 1000 } << quint64(1024) << 14 * kMiB << 2 * kMiB - 1024 << 2;
        QTest::addRow("two 3 MiB in one 20 MiB segment")
            << QList<qint64> { 3 * M, 3 * M } << 6 * kMiB << 20 * kMiB << 14 * kMiB << 1;
        QTest::addRow("second 20 MiB segment when the first is full")
            << QList<qint64> { 9 * M, 9 * M, 9 * M } << 27 * kMiB << 40 * kMiB << 13 * kMiB << 2;
    }

    void sequence()
    {
        QFETCH(QList<qint64>, ops);
        QFETCH(quint64, allocated);
        QFETCH(quint64, reserved);
        QFETCH(quint64, inactiveSplitBytes);
        QFETCH(int, segmentAllocations);
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        std::vector<void*> ptrs;
        for (qint64 op : ops) {
            if (op > 0) {
                device::Status st;
                ptrs.push_back(a.allocate(std::uint64_t(op), st));
                QVERIFY2(ptrs.back(), st.message.c_str());
            } else {
                a.free(ptrs.at(std::size_t(-op - 1)));
            }
        }
        const auto s = a.stats();
        QCOMPARE(quint64(agg(s.allocatedBytes)), allocated);
        QCOMPARE(quint64(agg(s.reservedBytes)), reserved);
        QCOMPARE(quint64(agg(s.inactiveSplitBytes)), inactiveSplitBytes);
        QCOMPARE(int(raw.allocateCalls()), segmentAllocations);
        QCOMPARE(quint64(agg(s.activeBytes)), allocated);
        QCOMPARE(s.allocatedBytes[0].current, s.allocatedBytes[1].current + s.allocatedBytes[2].current);
        QCOMPARE(s.reservedBytes[0].current, s.reservedBytes[1].current + s.reservedBytes[2].current);
    }

    void peakResetSetsPeakToCurrent_data()
    {
        QTest::addColumn<quint64>("kept");
        QTest::addColumn<quint64>("transient");
        QTest::addRow("small kept, large transient") << quint64(1) << 11 * kMiB;
        QTest::addRow("large kept, small transient") << 11 * kMiB << quint64(1000);
    }

    void peakResetSetsPeakToCurrent()
    {
        QFETCH(quint64, kept);
        QFETCH(quint64, transient);
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        device::Status st;
        void* k = a.allocate(kept, st);
        void* t = a.allocate(transient, st);
        const auto keptSize = a.blockSize(k);
        const auto transientSize = a.blockSize(t);
        a.free(t);
        auto s = a.stats();
        QCOMPARE(quint64(s.allocatedBytes[0].peak), keptSize + transientSize);
        a.resetPeakStats();
        s = a.stats();
        QCOMPARE(quint64(s.allocatedBytes[0].peak), keptSize); // peak = current, not 0
        QCOMPARE(s.reservedBytes[0].peak, s.reservedBytes[0].current);
        QCOMPARE(s.allocatedBytes[0].allocated, std::int64_t(keptSize + transientSize)); // accumulated kept
        QCOMPARE(s.allocatedBytes[0].freed, std::int64_t(transientSize));
        QCOMPARE(a.liveCounters().allocatedPeak, keptSize);
        a.free(k);
    }

    void ownersCountAllocatedBlocks_data()
    {
        QTest::addColumn<int>("owner");
        QTest::addColumn<quint64>("request");
        QTest::addColumn<quint64>("counted"); // the owner's bytes: the rounded block, as allocated_bytes counts it
        QTest::addRow("1 B of weights -> 512") << int(alloc::Owner::Weights) << quint64(1) << quint64(512);
        QTest::addRow("513 B of logits -> 1024") << int(alloc::Owner::Logits) << quint64(513) << quint64(1024);
        QTest::addRow("11 MiB of KV cache -> 12 MiB") << int(alloc::Owner::KvCache) << 11 * kMiB << 12 * kMiB;
        QTest::addRow("19 MiB + 1 of activations -> 20 MiB")
            << int(alloc::Owner::Activation) << 19 * kMiB + 1 << 20 * kMiB;
        QTest::addRow("no owner named: other") << int(alloc::Owner::Other) << quint64(700) << quint64(1024);
    }

    void ownersCountAllocatedBlocks()
    {
        QFETCH(int, owner);
        QFETCH(quint64, request);
        QFETCH(quint64, counted);
        const auto who = alloc::Owner(owner);
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        device::Status st;
        void* other = a.allocate(3000, st, alloc::Owner::Workspace); // 3072 B of workspace beside it
        void* p = who == alloc::Owner::Other ? a.allocate(request, st) : a.allocate(request, st, who);
        QVERIFY(p && other);
        auto owners = a.ownersNow();
        QCOMPARE(of(owners, who), counted);
        QCOMPARE(of(owners, alloc::Owner::Workspace), quint64(3072));
        QCOMPARE(sum(owners), quint64(a.stats().allocatedBytes[0].current));
        a.free(p);
        owners = a.ownersNow();
        QCOMPARE(of(owners, who), quint64(0));
        QCOMPARE(sum(owners), quint64(3072));
        a.free(other);
        QCOMPARE(sum(a.ownersNow()), quint64(0));
    }

    void peakMomentIsTheFirstMomentThePeakIsReached()
    {
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        device::Status st;
        void* weights = a.allocate(kMiB, st, alloc::Owner::Weights);
        void* scores = a.allocate(3 * kMiB, st, alloc::Owner::Activation);
        const auto atPeak = a.stats();
        a.free(scores);
        // The same allocated again, by another owner: not above the peak, so the moment stays the first one.
        void* logits = a.allocate(3 * kMiB, st, alloc::Owner::Logits);
        QCOMPARE(a.stats().allocatedBytes[0].current, atPeak.allocatedBytes[0].peak);
        auto m = a.peakMoment();
        QCOMPARE(m.allocated, quint64(atPeak.allocatedBytes[0].current));
        QCOMPARE(m.reserved, quint64(atPeak.reservedBytes[0].current));
        QCOMPARE(m.inactiveSplit, std::optional(quint64(atPeak.inactiveSplitBytes[0].current)));
        QCOMPARE(of(m.owners, alloc::Owner::Weights), kMiB);
        QCOMPARE(of(m.owners, alloc::Owner::Activation), 3 * kMiB);
        QCOMPARE(of(m.owners, alloc::Owner::Logits), quint64(0));
        QCOMPARE(sum(m.owners), m.allocated);
        // 512 B more: a new peak, and its moment holds the logits.
        void* ids = a.allocate(1, st, alloc::Owner::Activation);
        m = a.peakMoment();
        QCOMPARE(m.allocated, 4 * kMiB + 512);
        QCOMPARE(of(m.owners, alloc::Owner::Logits), 3 * kMiB);
        QCOMPARE(of(m.owners, alloc::Owner::Activation), quint64(512));
        QCOMPARE(m.allocated, quint64(a.stats().allocatedBytes[0].peak));
        // Note [Peak reset]: the moment becomes now, never zero.
        a.free(logits);
        a.resetPeakStats();
        m = a.peakMoment();
        QCOMPARE(m.owners, a.ownersNow());
        QCOMPARE(m.allocated, kMiB + 512);
        QCOMPARE(m.reserved, quint64(a.stats().reservedBytes[0].current));
        QCOMPARE(m.inactiveSplit, std::optional(quint64(a.stats().inactiveSplitBytes[0].current)));
        a.free(ids);
        a.free(weights);
    }

    void setOwnerMovesTheBytes()
    {
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        device::Status st;
        void* k = a.allocate(5 * kMiB, st, alloc::Owner::Activation);
        const auto before = a.peakMoment();
        a.setOwner(k, alloc::Owner::KvCache); // a key projection that becomes the cache
        auto owners = a.ownersNow();
        QCOMPARE(of(owners, alloc::Owner::Activation), quint64(0));
        QCOMPARE(of(owners, alloc::Owner::KvCache), 5 * kMiB);
        QCOMPARE(a.peakMoment().owners, before.owners); // what was held at the peak does not change afterwards
        int notLive = 0;
        a.setOwner(&notLive, alloc::Owner::Weights); // not a block: nothing
        a.setOwner(nullptr, alloc::Owner::Weights);
        QCOMPARE(a.ownersNow(), owners);
        a.free(k);
        QCOMPARE(sum(a.ownersNow()), quint64(0));
    }

    void largestFreeBlockOfTheCache()
    {
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        device::Status st;
        QCOMPARE(a.largestFreeBlock(), std::optional(quint64(0))); // nothing cached
        void* tiny = a.allocate(1, st);
        QCOMPARE(a.largestFreeBlock(), std::optional(2 * kMiB - 512)); // the rest of the small segment
        void* big = a.allocate(11 * kMiB, st);
        a.free(big);
        QCOMPARE(a.largestFreeBlock(), std::optional(12 * kMiB)); // large pool, binned
        void* huge = a.allocate(100 * kMiB, st); // above the large pool's 20 MiB binned limit
        a.free(huge);
        QCOMPARE(a.largestFreeBlock(), std::optional(100 * kMiB));
        a.emptyCache();
        QCOMPARE(a.largestFreeBlock(), std::optional(2 * kMiB - 512));
        a.free(tiny);
        QCOMPARE(a.largestFreeBlock(), std::optional(2 * kMiB));
    }

    void emptyCacheKeepsLiveBlocks()
    {
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        device::Status st;
        void* live = a.allocate(1, st); // its 2 MiB segment stays
        void* big = a.allocate(11 * kMiB, st);
        void* mid = a.allocate(3 * kMiB, st);
        a.free(big);
        a.free(mid);
        QCOMPARE(quint64(a.stats().reservedBytes[0].current), 2 * kMiB + 12 * kMiB + 20 * kMiB);
        a.emptyCache();
        const auto s = a.stats();
        QCOMPARE(quint64(s.reservedBytes[0].current), 2 * kMiB);
        QCOMPARE(quint64(s.allocatedBytes[0].current), quint64(512));
        QCOMPARE(raw.liveSegments(), std::uint64_t(1));
        QCOMPARE(a.blockSize(live), quint64(512));
        a.free(live);
        a.emptyCache();
        QCOMPARE(a.stats().reservedBytes[0].current, 0);
        QCOMPARE(raw.usedBytes(), std::uint64_t(0));
    }

    void outOfMemoryFreesCacheRetriesThenFails()
    {
        HostRawMemory raw(30 * kMiB);
        CachingAllocator a(raw);
        device::Status st;
        void* p = a.allocate(11 * kMiB, st); // 12 MiB segment
        a.free(p); // cached
        void* q = a.allocate(19 * kMiB, st); // needs a 20 MiB segment: 12 + 20 > 30, cache released, retried
        QVERIFY2(q, st.message.c_str());
        auto s = a.stats();
        QCOMPARE(s.numAllocRetries, std::int64_t(1));
        QCOMPARE(quint64(s.reservedBytes[0].current), 20 * kMiB);
        QCOMPARE(raw.liveSegments(), std::uint64_t(1));
        void* r = a.allocate(15 * kMiB, st); // 16 MiB segment: 20 + 16 > 30, nothing cached to release
        QVERIFY(!r);
        QVERIFY(st.outOfMemory);
        QVERIFY(!st.ok);
        const std::string& m = st.message;
        QVERIFY2(m.find("tried to allocate 15728640 bytes") != std::string::npos, m.c_str());
        QVERIFY2(
            m.find("20971520 bytes (20.00 MiB) allocated and 20971520 bytes (20.00 MiB) reserved") != std::string::npos,
            m.c_str());
        QVERIFY2(m.find("10485760 bytes (10.00 MiB) free") != std::string::npos, m.c_str());
        s = a.stats();
        QCOMPARE(s.numOoms, std::int64_t(1));
        QCOMPARE(s.numAllocRetries, std::int64_t(2));
        QCOMPARE(quint64(s.allocatedBytes[0].current), 20 * kMiB); // the live block survived the failure
        a.free(q);
    }

    void liveCountersReadFromAnotherThread()
    {
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        std::atomic<bool> stop { false };
        std::atomic<std::uint64_t> maxSeen { 0 };
        std::thread reader([&] {
            while (!stop.load()) {
                const auto c = a.liveCounters();
                if (c.allocatedCurrent > maxSeen.load())
                    maxSeen.store(c.allocatedCurrent);
            }
        });
        device::Status st;
        for (int i = 0; i < 2000; ++i) {
            void* p = a.allocate(std::uint64_t(1 + i % 7) * kMiB, st);
            a.free(p);
        }
        stop.store(true);
        reader.join();
        const auto s = a.stats();
        QVERIFY(maxSeen.load() <= quint64(s.allocatedBytes[0].peak));
        QCOMPARE(a.liveCounters().allocatedPeak, quint64(s.allocatedBytes[0].peak));
        QCOMPARE(a.liveCounters().reservedCurrent, quint64(s.reservedBytes[0].current));
    }

    void asyncPoolCountersFromPoolAttributes_data()
    {
        QTest::addColumn<quint64>("first");
        QTest::addColumn<quint64>("second");
        QTest::addRow("1 B and 3 MiB") << quint64(1) << 3 * kMiB;
        QTest::addRow("11 MiB and 513 B") << 11 * kMiB << quint64(513);
    }

    void asyncPoolCountersFromPoolAttributes()
    {
        QFETCH(quint64, first);
        QFETCH(quint64, second);
        sim::SimBackend backend(sim::SimOptions { 1024 * kMiB, 0 });
        device::Status st;
        auto ctx = backend.open(0, st);
        QVERIFY(ctx);
        {
            alloc::AsyncPoolAllocator a(*ctx);
            QCOMPARE(a.backendName(), std::string("async"));
            void* p = a.allocate(first, st);
            void* q = a.allocate(second, st);
            QVERIFY(p && q);
            auto c = a.counters();
            QCOMPARE(c.allocatedCurrent, first + second); // the simulated pool counts requested bytes
            QCOMPARE(c.reservedCurrent % (2 * kMiB), quint64(0));
            QVERIFY(c.reservedCurrent >= first + second);
            a.free(p);
            a.resetPeakStats();
            c = a.counters();
            QCOMPARE(c.allocatedPeak, second);
            QCOMPARE(a.liveCounters().allocatedCurrent, second);
            a.free(q);
            a.emptyCache();
            c = a.counters();
            QCOMPARE(c.allocatedCurrent, quint64(0));
            QCOMPARE(c.reservedCurrent, quint64(0));
            QVERIFY(!a.stats().perPool);
        }
        QCOMPARE(*ctx->reading().processUsedBytes, quint64(0));
    }

    void asyncPoolOwnersCountRequestedBytes()
    {
        sim::SimBackend backend(sim::SimOptions { 1024 * kMiB, 0 });
        device::Status st;
        auto ctx = backend.open(0, st);
        QVERIFY(ctx);
        {
            alloc::AsyncPoolAllocator a(*ctx);
            void* w = a.allocate(1000, st, alloc::Owner::Weights);
            void* g = a.allocate(3 * kMiB + 1, st, alloc::Owner::Gradient);
            QVERIFY(w && g);
            auto owners = a.ownersNow();
            QCOMPARE(of(owners, alloc::Owner::Weights), quint64(1000)); // requested, not rounded
            QCOMPARE(of(owners, alloc::Owner::Gradient), 3 * kMiB + 1);
            QCOMPARE(sum(owners), a.counters().allocatedCurrent);
            auto m = a.peakMoment();
            QCOMPARE(m.allocated, 3 * kMiB + 1001);
            QCOMPARE(m.owners, owners);
            QCOMPARE(m.reserved, a.counters().reservedCurrent);
            QVERIFY(!m.inactiveSplit); // the pool shows no split blocks
            QVERIFY(!a.largestFreeBlock());
            a.setOwner(g, alloc::Owner::OptimizerState);
            QCOMPARE(of(a.ownersNow(), alloc::Owner::OptimizerState), 3 * kMiB + 1);
            a.free(g);
            a.resetPeakStats();
            m = a.peakMoment();
            QCOMPARE(m.allocated, quint64(1000));
            QCOMPARE(m.owners, a.ownersNow());
            a.free(w);
            QCOMPARE(sum(a.ownersNow()), quint64(0));
        }
    }

    void asyncPoolOutOfMemoryNamesTheRequest()
    {
        sim::SimBackend backend(sim::SimOptions { 64 * kMiB, 0 });
        device::Status st;
        auto ctx = backend.open(0, st);
        alloc::AsyncPoolAllocator a(*ctx);
        void* p = a.allocate(100 * kMiB, st);
        QVERIFY(!p);
        QVERIFY(st.outOfMemory);
        QVERIFY2(st.message.find("tried to allocate 104857600 bytes") != std::string::npos, st.message.c_str());
    }

    void traceIsBounded_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("pairs");
        QTest::addRow("fits") << 64 << 10;
        QTest::addRow("wraps") << 4 << 10;
    }

    void traceIsBounded()
    {
        QFETCH(int, capacity);
        QFETCH(int, pairs);
        HostRawMemory raw(kHostCapacity);
        CachingAllocator a(raw);
        alloc::AllocationTrace trace { std::size_t(capacity) };
        a.setTrace(&trace);
        trace.setPhase(3);
        device::Status st;
        for (int i = 0; i < pairs; ++i)
            a.free(a.allocate(std::uint64_t(i + 1) * 1000, st));
        const int total = 2 * pairs + 1; // + one segment_alloc
        const auto events = trace.events();
        QCOMPARE(int(events.size()), std::min(capacity, total));
        QCOMPARE(int(trace.dropped()), total - int(events.size()));
        QCOMPARE(events.back().op, alloc::TraceEvent::Op::Free);
        QCOMPARE(events.back().phase, 3);
        QCOMPARE(events.back().size, alloc::roundSize(std::uint64_t(pairs) * 1000));
        for (std::size_t i = 1; i < events.size(); ++i)
            QVERIFY(events[i].t >= events[i - 1].t);
        const auto json = trace.toJson();
        QCOMPARE(int(json["events"].size()), int(events.size()));
        QCOMPARE(json["events"].back()["op"].get<std::string>(), std::string("free"));
    }
};

QTEST_GUILESS_MAIN(TestCachingAllocator)
#include "tst_cachingallocator.moc"
