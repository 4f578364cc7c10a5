// SPDX-License-Identifier: Apache-2.0
// The caching allocator against models of its rules, on long random operation sequences:
// - FreeBlockIndex (bins + bitmap + pairing heaps) against std::set ordered by (size, address), which is what
//   PyTorch's allocator uses, for every insert, erase and best-fit lookup;
// - CachingAllocator against ReferenceAllocator (tests/measurement/referenceallocator.h): the same address for
//   every request and the same counters (current and peak, aggregate and per pool) after every operation,
//   out-of-memory, cache release and peak reset included; the bytes per owner now and at the peak moment, which
//   add up to allocated (Note [Owners add up]), and the largest free block.
#include "core/alloc/cachingallocator.h"
#include "core/alloc/freeblockindex.h"
#include "core/alloc/hostrawmemory.h"
#include "core/units/units.h"
#include "measurement/referenceallocator.h"

#include <QTest>
#include <numeric>
#include <random>
#include <set>

using namespace iteragpu;

namespace {

struct IndexBlock {
    std::uint64_t size = 0;
    std::uintptr_t ptr = 0;
    IndexBlock* heapChild = nullptr;
    IndexBlock* heapSibling = nullptr;
    IndexBlock* heapPrev = nullptr;
};

struct BySizeThenAddress {
    bool operator()(const IndexBlock* a, const IndexBlock* b) const
    {
        return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
    }
};

// Sizes of a random request, by scenario.
enum class Mix { Mixed, OneSize, Large };

std::uint64_t drawRequest(std::mt19937_64& rng, Mix mix)
{
    auto uniform = [&rng](std::uint64_t lo, std::uint64_t hi) {
        return std::uniform_int_distribution<std::uint64_t>(lo, hi)(rng);
    };
    switch (mix) {
    case Mix::OneSize: // many free blocks of the same few sizes, scattered between live ones
        return std::array<std::uint64_t, 4> { 1, 512, 700, 1536 }[uniform(0, 3)];
    case Mix::Large: // own segments, most above the 20 MiB binned limit
        return uniform(10 * units::kMiB, 160 * units::kMiB);
    case Mix::Mixed:
        break;
    }
    const auto kind = uniform(0, 99);
    if (kind < 15) {
        // The edges of the rules: 512-byte rounding, the 1 MiB small-pool limit, a remainder of exactly 1 MiB
        // (not split in the large pool) or 512 bytes (split in the small pool), the 10 MiB own-segment limit.
        constexpr std::uint64_t M = units::kMiB;
        static constexpr std::array<std::uint64_t, 16> edges { 1, 512, 513, M - 512, M, M + 1, 2 * M - 512, 9 * M,
            10 * M - 1, 10 * M, 14 * M, 15 * M, 18 * M, 19 * M, 19 * M + 1, 20 * M };
        return edges[uniform(0, edges.size() - 1)];
    }
    if (kind < 60)
        return uniform(1, units::kMiB);
    if (kind < 85)
        return uniform(units::kMiB + 1, 10 * units::kMiB - 1);
    return uniform(10 * units::kMiB, 64 * units::kMiB);
}

} // namespace

class TestAllocatorModel : public QObject {
    Q_OBJECT
private slots:
    void freeBlockIndexOrdersLikeASet_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<int>("sizeChoices"); // distinct sizes drawn: few means many blocks share a size
        for (quint64 seed : { 1, 2, 3 }) {
            QTest::addRow("seed %llu, 4 sizes", seed) << seed << 4;
            QTest::addRow("seed %llu, 3000 sizes", seed) << seed << 3000;
        }
    }

    void freeBlockIndexOrdersLikeASet()
    {
        QFETCH(quint64, seed);
        QFETCH(int, sizeChoices);
        constexpr std::uint64_t kLimit = 2 * units::kMiB; // bytes binned; larger sizes use the overflow set
        alloc::NodeArena arena;
        alloc::FreeBlockIndex<IndexBlock> index(kLimit, &arena);
        std::set<IndexBlock*, BySizeThenAddress> model;
        std::vector<std::unique_ptr<IndexBlock>> storage;
        std::mt19937_64 rng(seed);
        std::vector<std::uint64_t> sizes;
        for (int i = 0; i < sizeChoices; ++i) // spread over bins and beyond the limit (1.5x)
            sizes.push_back((1 + rng() % (3 * kLimit / 2 / 512)) * 512);
        std::set<std::uintptr_t> usedAddresses; // unique, in random order, so each bin's heap is really exercised
        for (int step = 0; step < 20000; ++step) {
            const auto op = rng() % 10;
            if (op < 5) {
                auto b = std::make_unique<IndexBlock>();
                b->size = sizes[rng() % sizes.size()];
                do
                    b->ptr = (1 + rng() % 1000000) * 512;
                while (!usedAddresses.insert(b->ptr).second);
                index.insert(b.get());
                model.insert(b.get());
                storage.push_back(std::move(b));
            } else if (op < 7 && !model.empty()) {
                auto it = model.begin();
                std::advance(it, static_cast<long>(rng() % model.size()));
                IndexBlock* victim = *it;
                model.erase(it);
                index.erase(victim);
            } else {
                IndexBlock key;
                key.size = sizes[rng() % sizes.size()] + (rng() % 2) * 512;
                key.ptr = 0;
                const auto it = model.lower_bound(&key);
                IndexBlock* expected = it == model.end() ? nullptr : *it;
                if (expected)
                    model.erase(it);
                IndexBlock* got = index.takeBestFit(key.size);
                QVERIFY2(got == expected,
                    qPrintable(QStringLiteral("step %1: best fit for %2 bytes: got %3, expected %4")
                                   .arg(step)
                                   .arg(key.size)
                                   .arg(got ? QString::number(got->size) + QLatin1Char('@') + QString::number(got->ptr)
                                            : QStringLiteral("none"))
                                   .arg(expected ? QString::number(expected->size) + QLatin1Char('@')
                                               + QString::number(expected->ptr)
                                                 : QStringLiteral("none"))));
            }
            QCOMPARE(index.size(), model.size());
            QCOMPARE(index.largestSize(), model.empty() ? std::uint64_t { 0 } : (*model.rbegin())->size);
        }
        const auto ordered = index.ordered();
        QVERIFY(std::equal(ordered.begin(), ordered.end(), model.begin(), model.end()));
    }

    void cachingAllocatorFollowsTheModel_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<int>("mix");
        QTest::addColumn<quint64>("capacity");
        QTest::addColumn<int>("freePercent");
        for (quint64 seed : { 11, 12, 13 }) {
            QTest::addRow("mixed sizes, 1 GiB device, seed %llu", seed)
                << seed << int(Mix::Mixed) << quint64(units::kGiB) << 45;
            QTest::addRow("mixed sizes, 96 MiB device: out of memory and retry, seed %llu", seed)
                << seed << int(Mix::Mixed) << quint64(96 * units::kMiB) << 50;
            QTest::addRow("few small sizes, many equal free blocks, seed %llu", seed)
                << seed << int(Mix::OneSize) << quint64(units::kGiB) << 50;
            QTest::addRow("own segments above the binned limit, seed %llu", seed)
                << seed << int(Mix::Large) << quint64(2 * units::kGiB) << 50;
        }
    }

    void cachingAllocatorFollowsTheModel()
    {
        QFETCH(quint64, seed);
        QFETCH(int, mix);
        QFETCH(quint64, capacity);
        QFETCH(int, freePercent);
        // Two fake devices that hand out the same addresses for the same sequence of segment requests.
        alloc::HostRawMemory raw(capacity, false);
        alloc::HostRawMemory refRaw(capacity, false);
        alloc::CachingAllocator allocator(raw);
        testing::ReferenceAllocator reference(refRaw);
        std::mt19937_64 rng(seed);
        std::vector<void*> live;
        int ooms = 0;
        for (int step = 0; step < 3000; ++step) {
            const auto roll = static_cast<int>(rng() % 100);
            QString what;
            if (roll < freePercent && !live.empty()) {
                const auto at = rng() % live.size();
                what = QStringLiteral("free");
                allocator.free(live[at]);
                reference.free(live[at]);
                live[at] = live.back();
                live.pop_back();
            } else if (roll == 97 && !live.empty()) {
                const auto at = rng() % live.size();
                const auto owner = static_cast<alloc::Owner>(rng() % alloc::kOwnerCount);
                what = QStringLiteral("set owner %1").arg(QString::fromLatin1(alloc::ownerName(owner)));
                allocator.setOwner(live[at], owner);
                reference.setOwner(live[at], owner);
            } else if (roll == 98) {
                what = QStringLiteral("empty_cache");
                allocator.emptyCache();
                reference.emptyCache();
            } else if (roll == 99) {
                what = QStringLiteral("reset peaks");
                allocator.resetPeakStats();
                reference.resetPeaks();
            } else {
                const std::uint64_t bytes = drawRequest(rng, static_cast<Mix>(mix));
                const auto owner = static_cast<alloc::Owner>(rng() % alloc::kOwnerCount);
                what = QStringLiteral("malloc %1").arg(bytes);
                device::Status status;
                void* got = allocator.allocate(bytes, status, owner);
                void* expected = reference.allocate(bytes, owner);
                QVERIFY2(got == expected,
                    qPrintable(QStringLiteral("step %1 (%2): address %3, the model says %4")
                                   .arg(step)
                                   .arg(what)
                                   .arg(quintptr(got), 0, 16)
                                   .arg(quintptr(expected), 0, 16)));
                if (got) {
                    live.push_back(got);
                } else {
                    QVERIFY(status.outOfMemory);
                    ++ooms;
                }
            }
            const alloc::AllocatorStats s = allocator.stats();
            const auto& now = reference.current();
            const auto& peak = reference.peak();
            for (std::size_t t = 0; t < 3; ++t) {
                const auto check = [&](const char* name, const alloc::StatArray& got, std::int64_t current,
                                       std::int64_t expectedPeak) {
                    if (got[t].current == current && got[t].peak == expectedPeak)
                        return true;
                    qWarning("step %d (%s): %s[%zu] current %lld peak %lld, the model says %lld and %lld", step,
                        qPrintable(what), name, t, static_cast<long long>(got[t].current),
                        static_cast<long long>(got[t].peak), static_cast<long long>(current),
                        static_cast<long long>(expectedPeak));
                    return false;
                };
                QVERIFY(check("allocated_bytes", s.allocatedBytes, now.allocatedBytes[t], peak.allocatedBytes[t]));
                QVERIFY(check("reserved_bytes", s.reservedBytes, now.reservedBytes[t], peak.reservedBytes[t]));
                QVERIFY(check("requested_bytes", s.requestedBytes, now.requestedBytes[t], peak.requestedBytes[t]));
                QVERIFY(check("inactive_split_bytes", s.inactiveSplitBytes, now.inactiveSplitBytes[t],
                    peak.inactiveSplitBytes[t]));
                QVERIFY(check("allocation", s.allocation, now.allocation[t], peak.allocation[t]));
                QVERIFY(check("segment", s.segment, now.segment[t], peak.segment[t]));
                QVERIFY(check("inactive_split", s.inactiveSplit, now.inactiveSplit[t], peak.inactiveSplit[t]));
                QVERIFY(check("active_bytes", s.activeBytes, now.allocatedBytes[t], peak.allocatedBytes[t]));
                QVERIFY(check("active", s.active, now.allocation[t], peak.allocation[t]));
            }
            QCOMPARE(allocator.cachedBlockCount(), reference.freeBlockCount());
            const auto liveCounters = allocator.liveCounters();
            QCOMPARE(qint64(liveCounters.allocatedCurrent), now.allocatedBytes[0]);
            QCOMPARE(qint64(liveCounters.allocatedPeak), peak.allocatedBytes[0]);
            QCOMPARE(qint64(liveCounters.reservedCurrent), now.reservedBytes[0]);
            QCOMPARE(qint64(liveCounters.reservedPeak), peak.reservedBytes[0]);
            // Note [Owners add up]: now and at the peak moment, against the model's recount.
            const alloc::OwnerBytes owners = allocator.ownersNow();
            const alloc::PeakMoment moment = allocator.peakMoment();
            QVERIFY2(
                owners == reference.owners(), qPrintable(QStringLiteral("step %1 (%2): owners").arg(step).arg(what)));
            QCOMPARE(std::accumulate(owners.begin(), owners.end(), std::uint64_t { 0 }),
                std::uint64_t(now.allocatedBytes[0]));
            const alloc::PeakMoment& expectedMoment = reference.peakMoment();
            QVERIFY2(moment.owners == expectedMoment.owners,
                qPrintable(QStringLiteral("step %1 (%2): owners at the peak moment").arg(step).arg(what)));
            QCOMPARE(
                std::accumulate(moment.owners.begin(), moment.owners.end(), std::uint64_t { 0 }), moment.allocated);
            QCOMPARE(moment.allocated, std::uint64_t(peak.allocatedBytes[0]));
            QCOMPARE(moment.reserved, expectedMoment.reserved);
            QCOMPARE(moment.inactiveSplit, expectedMoment.inactiveSplit);
            QCOMPARE(allocator.largestFreeBlock(), std::optional(reference.largestFreeBlock()));
        }
        QCOMPARE(raw.usedBytes(), refRaw.usedBytes());
        if (capacity < units::kGiB)
            QVERIFY2(ooms > 0, "the small device was meant to run out of memory at least once");
    }
};

QTEST_GUILESS_MAIN(TestAllocatorModel)
#include "tst_allocatormodel.moc"
