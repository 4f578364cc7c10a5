// SPDX-License-Identifier: Apache-2.0
#include "core/alloc/cachingallocator.h"

#include "core/alloc/allocationtrace.h"
#include "core/units/readablesize.h"
#include "core/units/units.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace iteragpu::alloc {

namespace {

    constexpr std::size_t kBlockChunk = 256; // Block objects allocated at once

    std::string bytesInWords(std::uint64_t bytes)
    {
        return std::to_string(bytes) + " bytes (" + units::formatReadable(bytes, units::Unit::GiB) + ")";
    }

    // Note [Peak reset]: the aggregate counter and the pool's counter change together.
    inline void increase(StatArray& stat, std::size_t pool, std::int64_t amount)
    {
        stat[0].increase(amount);
        stat[pool].increase(amount);
    }
    inline void decrease(StatArray& stat, std::size_t pool, std::int64_t amount)
    {
        stat[0].decrease(amount);
        stat[pool].decrease(amount);
    }
    inline void change(StatArray& stat, std::size_t pool, std::int64_t delta)
    {
        if (delta > 0)
            increase(stat, pool, delta);
        else if (delta < 0)
            decrease(stat, pool, -delta);
    }

} // namespace

std::uint64_t roundSize(std::uint64_t bytes)
{
    if (bytes < kMinBlockSize)
        return kMinBlockSize;
    const std::uint64_t blocks = bytes / kMinBlockSize + (bytes % kMinBlockSize != 0 ? 1 : 0);
    return blocks * kMinBlockSize; // cannot overflow: blocks <= 2^64 / 512
}

std::uint64_t segmentSize(std::uint64_t roundedBytes)
{
    if (roundedBytes <= kSmallSize)
        return kSmallBuffer;
    if (roundedBytes < kMinLargeAlloc)
        return kLargeBuffer;
    const std::uint64_t units = roundedBytes / kRoundLarge + (roundedBytes % kRoundLarge != 0 ? 1 : 0);
    return units * kRoundLarge;
}

bool isSmallRequest(std::uint64_t roundedBytes) { return roundedBytes <= kSmallSize; }

struct CachingAllocator::Block {
    std::uint64_t size = 0; // bytes of this block
    std::uint64_t requested = 0; // bytes the caller asked for (requested_bytes)
    std::uintptr_t ptr = 0;
    bool allocated = false;
    Owner owner = Owner::Other; // while allocated (Note [Owners add up])
    Block* prev = nullptr; // neighbours inside the same segment
    Block* next = nullptr;
    BlockPool* pool = nullptr;
    Block* heapChild = nullptr; // links owned by FreeBlockIndex while the block is free
    Block* heapSibling = nullptr;
    Block* heapPrev = nullptr;

    bool isSplit() const { return prev != nullptr || next != nullptr; }
};

struct CachingAllocator::BlockPool {
    BlockPool(bool small, NodeArena* arena)
        // Small-pool blocks are at most one 2 MiB segment; large-pool blocks up to a 20 MiB segment are binned.
        : blocks(small ? kSmallBuffer : kLargeBuffer, arena)
        , isSmall(small)
    {
    }
    FreeBlockIndex<Block> blocks; // free blocks, in PyTorch's (size, address) order
    bool isSmall;
};

CachingAllocator::CachingAllocator(RawMemory& raw)
    : m_raw(raw)
    , m_small(std::make_unique<BlockPool>(true, &m_nodes))
    , m_large(std::make_unique<BlockPool>(false, &m_nodes))
    , m_active(1024)
{
    m_peakMoment.inactiveSplit = 0; // known from the start: the caching allocator keeps inactive_split_bytes
    m_peakMoment.ownersRequested = OwnerBytes {};
}

CachingAllocator::~CachingAllocator()
{
    std::lock_guard lock(m_mutex);
    // Live blocks too: the segments go back to the device when the allocator goes away.
    std::vector<std::uintptr_t> heads;
    for (auto* pool : { m_small.get(), m_large.get() })
        for (Block* b : pool->blocks.ordered())
            if (!b->prev)
                heads.push_back(b->ptr);
    m_active.forEach([&heads](std::uintptr_t, Block* b) {
        if (!b->prev)
            heads.push_back(b->ptr);
    });
    for (std::uintptr_t ptr : heads)
        m_raw.release(reinterpret_cast<void*>(ptr));
}

std::string CachingAllocator::settingsText()
{
    return "caching allocator with PyTorch CUDACachingAllocator semantics: kMinBlockSize=512 B, kSmallSize=1 MiB, "
           "kSmallBuffer=2 MiB, kLargeBuffer=20 MiB, kMinLargeAlloc=10 MiB, kRoundLarge=2 MiB, "
           "max_split_size unlimited, no roundup_power2_divisions, no expandable segments, one stream";
}

CachingAllocator::Block* CachingAllocator::newBlock()
{
    if (m_spareBlocks.empty()) {
        m_blockChunks.push_back(std::make_unique<Block[]>(kBlockChunk));
        Block* chunk = m_blockChunks.back().get();
        for (std::size_t i = 0; i < kBlockChunk; ++i)
            m_spareBlocks.push_back(&chunk[i]);
    }
    Block* b = m_spareBlocks.back();
    m_spareBlocks.pop_back();
    *b = Block {};
    return b;
}

void CachingAllocator::deleteBlock(Block* block) { m_spareBlocks.push_back(block); }

CachingAllocator::Block* CachingAllocator::getFreeBlock(BlockPool& pool, std::uint64_t size)
{
    return pool.blocks.takeBestFit(size); // std::set::lower_bound({size, 0}) + erase in PyTorch
}

CachingAllocator::Block* CachingAllocator::allocBlock(
    BlockPool& pool, std::uint64_t segment, bool isRetry, device::Status& status)
{
    if (isRetry)
        ++m_stats.numAllocRetries;
    void* ptr = m_raw.allocate(segment, status);
    if (!ptr)
        return nullptr;
    Block* block = newBlock();
    block->size = segment;
    block->ptr = reinterpret_cast<std::uintptr_t>(ptr);
    block->pool = &pool;
    const auto type = static_cast<std::size_t>(pool.isSmall ? StatType::SmallPool : StatType::LargePool);
    increase(m_stats.segment, type, 1);
    increase(m_stats.reservedBytes, type, static_cast<std::int64_t>(segment));
    if (m_trace)
        m_trace->record(TraceEvent::Op::SegmentAlloc, segment, block->ptr);
    return block;
}

bool CachingAllocator::shouldSplit(const Block* block, std::uint64_t size) const
{
    const std::uint64_t remaining = block->size - size;
    if (block->pool->isSmall)
        return remaining >= kMinBlockSize;
    return remaining > kSmallSize; // max_split_size is unlimited by default
}

void* CachingAllocator::allocate(std::uint64_t bytes, device::Status& status, Owner owner)
{
    std::lock_guard lock(m_mutex);
    const std::uint64_t size = roundSize(bytes);
    BlockPool& pool = isSmallRequest(size) ? *m_small : *m_large;
    const auto type = static_cast<std::size_t>(pool.isSmall ? StatType::SmallPool : StatType::LargePool);

    Block* block = getFreeBlock(pool, size);
    if (!block) {
        const std::uint64_t segment = segmentSize(size);
        block = allocBlock(pool, segment, false, status);
        if (!block) {
            // As PyTorch: free every cached segment that is wholly unused, then try once more.
            releaseCachedBlocks();
            block = allocBlock(pool, segment, true, status);
        }
        if (!block) {
            ++m_stats.numOoms;
            const std::uint64_t allocated = static_cast<std::uint64_t>(m_stats.allocatedBytes[0].current);
            const std::uint64_t reserved = static_cast<std::uint64_t>(m_stats.reservedBytes[0].current);
            const auto free = m_raw.freeBytes();
            const auto total = m_raw.totalBytes();
            std::string text = "out of memory on " + m_raw.deviceName() + ": tried to allocate " + bytesInWords(bytes)
                + " (a " + bytesInWords(segment) + " segment); the allocator has " + bytesInWords(allocated)
                + " allocated and " + bytesInWords(reserved) + " reserved (" + bytesInWords(reserved - allocated)
                + " reserved but unallocated); the device reports "
                + (free ? bytesInWords(*free) : std::string("an unknown amount")) + " free"
                + (total ? " of " + bytesInWords(*total) : std::string());
            if (!status.message.empty())
                text += "; runtime: " + status.message;
            status = device::Status::oom(text);
            if (m_trace)
                m_trace->record(TraceEvent::Op::Oom, bytes, 0);
            publishLive();
            return nullptr;
        }
    }

    const bool alreadySplit = block->isSplit();
    if (shouldSplit(block, size)) {
        Block* remaining = block;
        block = newBlock();
        block->size = size;
        block->ptr = remaining->ptr;
        block->pool = &pool;
        block->prev = remaining->prev;
        if (block->prev)
            block->prev->next = block;
        block->next = remaining;
        remaining->prev = block;
        remaining->ptr += size;
        remaining->size -= size;
        pool.blocks.insert(remaining);
        if (alreadySplit) {
            // An already split free block shrinks by size bytes.
            decrease(m_stats.inactiveSplitBytes, type, static_cast<std::int64_t>(size));
        } else {
            // A new free split block is carved out of an unsplit one.
            increase(m_stats.inactiveSplitBytes, type, static_cast<std::int64_t>(remaining->size));
            increase(m_stats.inactiveSplit, type, 1);
        }
    } else if (alreadySplit) {
        // A free split block becomes active as a whole.
        decrease(m_stats.inactiveSplitBytes, type, static_cast<std::int64_t>(block->size));
        decrease(m_stats.inactiveSplit, type, 1);
    }

    block->allocated = true;
    block->requested = bytes;
    block->owner = owner;
    m_active.insert(block->ptr, block);
    // Note [Active equals allocated] in stats(): active and activeBytes are not kept here.
    increase(m_stats.allocation, type, 1);
    const std::int64_t peakBefore = m_stats.allocatedBytes[0].peak;
    increase(m_stats.allocatedBytes, type, static_cast<std::int64_t>(block->size));
    increase(m_stats.requestedBytes, type, static_cast<std::int64_t>(bytes));
    m_owners[static_cast<std::size_t>(owner)] += block->size; // Note [Owners add up]
    m_ownersRequested[static_cast<std::size_t>(owner)] += bytes;
    if (m_stats.allocatedBytes[0].current > peakBefore)
        takePeakMoment(); // Note [Peak reset]: strictly above, so the first moment the peak is reached
    if (m_trace)
        m_trace->record(TraceEvent::Op::Malloc, block->size, block->ptr);
    publishLive();
    status.ok = true; // as Status::success(), without building and moving a temporary
    status.outOfMemory = false;
    status.message.clear();
    return reinterpret_cast<void*>(block->ptr);
}

void CachingAllocator::free(void* ptr)
{
    if (!ptr)
        return;
    std::lock_guard lock(m_mutex);
    Block* block = nullptr;
    if (!m_active.take(reinterpret_cast<std::uintptr_t>(ptr), &block))
        return;
    block->allocated = false;
    const auto type = static_cast<std::size_t>(block->pool->isSmall ? StatType::SmallPool : StatType::LargePool);
    decrease(m_stats.allocation, type, 1);
    decrease(m_stats.allocatedBytes, type, static_cast<std::int64_t>(block->size));
    m_owners[static_cast<std::size_t>(block->owner)] -= block->size; // before a merge changes the size
    m_ownersRequested[static_cast<std::size_t>(block->owner)] -= block->requested;
    if (m_trace)
        m_trace->record(TraceEvent::Op::Free, block->size, block->ptr);
    freeBlock(block);
    // A free lowers allocated bytes only: peaks and reserved bytes are unchanged (Note [Peak reset]).
    m_liveAllocated.store(static_cast<std::uint64_t>(m_stats.allocatedBytes[0].current), std::memory_order_relaxed);
}

void CachingAllocator::setOwner(void* ptr, Owner owner)
{
    if (!ptr)
        return; // address 0 is the pointer map's empty slot
    std::lock_guard lock(m_mutex);
    Block** found = m_active.find(reinterpret_cast<std::uintptr_t>(ptr));
    if (!found)
        return;
    Block* block = *found;
    // Note [Owners add up]: the bytes move, allocated and the peak moment stay.
    m_owners[static_cast<std::size_t>(block->owner)] -= block->size;
    m_owners[static_cast<std::size_t>(owner)] += block->size;
    m_ownersRequested[static_cast<std::size_t>(block->owner)] -= block->requested;
    m_ownersRequested[static_cast<std::size_t>(owner)] += block->requested;
    block->owner = owner;
}

std::uint64_t CachingAllocator::tryMerge(Block* dst, Block* src, BlockPool& pool)
{
    if (!src || src->allocated)
        return 0;
    if (dst->prev == src) { // [src dst]
        dst->ptr = src->ptr;
        dst->prev = src->prev;
        if (dst->prev)
            dst->prev->next = dst;
    } else { // [dst src]
        dst->next = src->next;
        if (dst->next)
            dst->next->prev = dst;
    }
    const std::uint64_t subsumed = src->size;
    dst->size += subsumed;
    pool.blocks.erase(src);
    deleteBlock(src);
    return subsumed;
}

void CachingAllocator::freeBlock(Block* block)
{
    BlockPool& pool = *block->pool;
    const std::uint64_t requested = block->requested;
    std::int64_t netSplitBlocks = 0;
    std::int64_t netSplitBytes = 0;
    for (Block* candidate : { block->prev, block->next }) {
        if (const std::uint64_t subsumed = tryMerge(block, candidate, pool)) {
            netSplitBlocks -= 1;
            netSplitBytes -= static_cast<std::int64_t>(subsumed);
        }
    }
    pool.blocks.insert(block);
    if (block->isSplit()) {
        netSplitBlocks += 1;
        netSplitBytes += static_cast<std::int64_t>(block->size);
    }
    const auto type = static_cast<std::size_t>(pool.isSmall ? StatType::SmallPool : StatType::LargePool);
    change(m_stats.inactiveSplit, type, netSplitBlocks); // Note [Peak reset]
    change(m_stats.inactiveSplitBytes, type, netSplitBytes);
    decrease(m_stats.requestedBytes, type, static_cast<std::int64_t>(requested));
    // active and active_bytes: Note [Active equals allocated] in stats().
}

void CachingAllocator::releaseBlock(Block* block)
{
    BlockPool& pool = *block->pool;
    m_raw.release(reinterpret_cast<void*>(block->ptr));
    const auto type = static_cast<std::size_t>(pool.isSmall ? StatType::SmallPool : StatType::LargePool);
    decrease(m_stats.segment, type, 1);
    decrease(m_stats.reservedBytes, type, static_cast<std::int64_t>(block->size));
    if (m_trace)
        m_trace->record(TraceEvent::Op::SegmentFree, block->size, block->ptr);
    pool.blocks.erase(block);
    deleteBlock(block);
}

void CachingAllocator::releaseCachedBlocks()
{
    // Only whole segments (a free block with no neighbours) go back; a live block is never touched.
    // In (size, address) order per pool, small pool first, as PyTorch walks its sets.
    for (auto* pool : { m_small.get(), m_large.get() })
        for (Block* b : pool->blocks.ordered())
            if (!b->prev && !b->next)
                releaseBlock(b);
}

void CachingAllocator::emptyCache()
{
    std::lock_guard lock(m_mutex);
    if (m_trace)
        m_trace->record(TraceEvent::Op::EmptyCache, 0, 0);
    releaseCachedBlocks();
    publishLive();
}

template <typename F> void CachingAllocator::forEachKeptStat(F&& f)
{
    // Every counter the allocator updates; active and active_bytes are derived in stats().
    for (StatArray* array : { &m_stats.allocation, &m_stats.segment, &m_stats.inactiveSplit, &m_stats.allocatedBytes,
             &m_stats.reservedBytes, &m_stats.inactiveSplitBytes, &m_stats.requestedBytes })
        for (Stat& s : *array)
            f(s);
}

void CachingAllocator::resetPeakStats()
{
    std::lock_guard lock(m_mutex);
    // Note [Peak reset]: peak = current for every counter.
    forEachKeptStat([](Stat& s) { s.resetPeak(); });
    takePeakMoment();
    publishLive();
}

void CachingAllocator::resetAccumulatedStats()
{
    std::lock_guard lock(m_mutex);
    forEachKeptStat([](Stat& s) { s.resetAccumulated(); });
    m_stats.numAllocRetries = 0;
    m_stats.numOoms = 0;
}

void CachingAllocator::takePeakMoment()
{
    m_peakMoment.owners = m_owners;
    m_peakMoment.allocated = static_cast<std::uint64_t>(m_stats.allocatedBytes[0].current);
    m_peakMoment.reserved = static_cast<std::uint64_t>(m_stats.reservedBytes[0].current);
    m_peakMoment.inactiveSplit = static_cast<std::uint64_t>(m_stats.inactiveSplitBytes[0].current);
    m_peakMoment.ownersRequested = m_ownersRequested;
}

OwnerBytes CachingAllocator::ownersNow() const
{
    std::lock_guard lock(m_mutex);
    return m_owners;
}

PeakMoment CachingAllocator::peakMoment() const
{
    std::lock_guard lock(m_mutex);
    return m_peakMoment;
}

std::optional<std::uint64_t> CachingAllocator::largestFreeBlock() const
{
    std::lock_guard lock(m_mutex);
    return std::max(m_small->blocks.largestSize(), m_large->blocks.largestSize());
}

void CachingAllocator::publishLive()
{
    m_liveAllocated.store(static_cast<std::uint64_t>(m_stats.allocatedBytes[0].current), std::memory_order_relaxed);
    m_liveAllocatedPeak.store(static_cast<std::uint64_t>(m_stats.allocatedBytes[0].peak), std::memory_order_relaxed);
    m_liveReserved.store(static_cast<std::uint64_t>(m_stats.reservedBytes[0].current), std::memory_order_relaxed);
    m_liveReservedPeak.store(static_cast<std::uint64_t>(m_stats.reservedBytes[0].peak), std::memory_order_release);
}

CounterSnapshot CachingAllocator::liveCounters() const
{
    CounterSnapshot s;
    s.reservedPeak = m_liveReservedPeak.load(std::memory_order_acquire);
    s.allocatedCurrent = m_liveAllocated.load(std::memory_order_relaxed);
    s.allocatedPeak = m_liveAllocatedPeak.load(std::memory_order_relaxed);
    s.reservedCurrent = m_liveReserved.load(std::memory_order_relaxed);
    return s;
}

AllocatorStats CachingAllocator::stats()
{
    std::lock_guard lock(m_mutex);
    // Note [Active equals allocated]
    // ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    // PyTorch counts a block as active from malloc until it is reusable again; a block freed while other
    // streams still use it stays active until their events complete. This allocator has one stream and no
    // record_stream, so a block is active exactly while it is allocated: active and active_bytes take every
    // step allocation and allocated_bytes take (current, peak, allocated and freed alike). They are copied here
    // instead of being updated twice on every malloc and free.
    AllocatorStats out = m_stats;
    out.active = out.allocation;
    out.activeBytes = out.allocatedBytes;
    return out;
}

std::uint64_t CachingAllocator::blockSize(const void* ptr)
{
    std::lock_guard lock(m_mutex);
    Block** found = m_active.find(reinterpret_cast<std::uintptr_t>(ptr));
    return found ? (*found)->size : 0;
}

std::size_t CachingAllocator::cachedBlockCount()
{
    std::lock_guard lock(m_mutex);
    return m_small->blocks.size() + m_large->blocks.size();
}

} // namespace iteragpu::alloc
