// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/deviceallocator.h"
#include "core/alloc/freeblockindex.h"
#include "core/alloc/nodearena.h"
#include "core/alloc/pointermap.h"
#include "core/alloc/rawmemory.h"
#include "core/alloc/spinlock.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

// A caching allocator with the semantics of PyTorch's CUDACachingAllocator (c10/cuda/CUDACachingAllocator.cpp,
// default configuration: no max_split_size, no roundup_power2_divisions, no expandable segments, one stream).
//
// Note [Peak reset]
// ~~~~~~~~~~~~~~~~~
// Every Stat follows one rule, which the protocol's "reset peaks, run, read peaks" relies on:
//   increase(n): current += n; peak = max(current, peak); allocated += n
//   decrease(n): current -= n; freed += n            (peak unchanged)
//   resetPeak(): peak = current                       (never 0: live memory stays counted)
// So after resetPeakStats() the peak of a phase is at least its baseline, and max(peak) over a phase is
// exactly the highest value current took since the reset. Functions that change counters point here.
// The peak moment follows the same rule: an allocation that raises allocated strictly above its peak copies
// the owners, allocated, reserved and inactive-split bytes (so it keeps the *first* moment the peak was
// reached; a later return to the same value does not replace it), and resetPeakStats() sets it to now.
//
// Note [Owners add up]
// ~~~~~~~~~~~~~~~~~~~~
// Each live block carries its owner; allocate() adds the block's size (rounded, as allocated_bytes counts it)
// to that owner, free() takes it away, setOwner() moves it. So the owners add up to allocated_bytes at every
// moment, and the peak moment's owners to its allocated. One array increment per malloc and free; the copy
// only when a new peak is reached.
namespace iteragpu::alloc {

inline constexpr std::uint64_t kMinBlockSize = 512; // bytes; every request is rounded up to a multiple
inline constexpr std::uint64_t kSmallSize = 1048576; // bytes; largest request served by the small pool (1 MiB)
inline constexpr std::uint64_t kSmallBuffer = 2097152; // bytes; segment size of the small pool (2 MiB)
inline constexpr std::uint64_t kLargeBuffer = 20971520; // bytes; segment for requests in (1 MiB, 10 MiB) (20 MiB)
inline constexpr std::uint64_t kMinLargeAlloc = 10485760; // bytes; from here a request gets its own segment (10 MiB)
inline constexpr std::uint64_t kRoundLarge = 2097152; // bytes; own segments are rounded up to 2 MiB

// round_size(): the block size a request occupies (multiple of kMinBlockSize, at least kMinBlockSize).
std::uint64_t roundSize(std::uint64_t bytes);
// get_allocation_size(): the size of the segment requested from the device for a rounded size.
std::uint64_t segmentSize(std::uint64_t roundedBytes);
bool isSmallRequest(std::uint64_t roundedBytes); // served by the small pool

class CachingAllocator : public DeviceAllocator {
public:
    explicit CachingAllocator(RawMemory& raw); // raw must outlive the allocator
    ~CachingAllocator() override; // returns every segment to raw memory
    CachingAllocator(const CachingAllocator&) = delete;
    CachingAllocator& operator=(const CachingAllocator&) = delete;

    std::string backendName() const override { return "native"; }
    std::string settings() const override { return settingsText(); }
    static std::string settingsText();

    void* allocate(std::uint64_t bytes, device::Status& status, Owner owner = Owner::Other) override;
    void free(void* ptr) override;
    void setOwner(void* ptr, Owner owner) override;
    void emptyCache() override;
    void resetPeakStats() override;
    void resetAccumulatedStats();

    CounterSnapshot counters() override { return liveCounters(); }
    CounterSnapshot liveCounters() const override;
    AllocatorStats stats() override;

    OwnerBytes ownersNow() const override; // Note [Owners add up]
    PeakMoment peakMoment() const override; // Note [Peak reset]
    std::optional<std::uint64_t> largestFreeBlock() const override; // 0 when nothing is cached

    // Size of the block that serves ptr (its allocated bytes), 0 when ptr is not live.
    std::uint64_t blockSize(const void* ptr);
    std::size_t cachedBlockCount(); // free blocks held in both pools

private:
    struct Block;
    struct BlockPool;

    Block* getFreeBlock(BlockPool& pool, std::uint64_t size);
    Block* allocBlock(BlockPool& pool, std::uint64_t segment, bool isRetry, device::Status& status);
    bool shouldSplit(const Block* block, std::uint64_t size) const;
    void freeBlock(Block* block);
    std::uint64_t tryMerge(Block* dst, Block* src, BlockPool& pool);
    void releaseCachedBlocks();
    void releaseBlock(Block* block);
    Block* newBlock();
    void deleteBlock(Block* block);
    void publishLive();
    void takePeakMoment();
    template <typename F> void forEachKeptStat(F&& f); // f(Stat&) for every counter kept (not the derived ones)

    RawMemory& m_raw;
    mutable SpinLock m_mutex;
    // Node memory of the pools, recycled: the cached path does not call the heap.
    NodeArena m_nodes;
    std::unique_ptr<BlockPool> m_small;
    std::unique_ptr<BlockPool> m_large;
    PointerMap<Block*> m_active; // live blocks by address
    std::vector<Block*> m_spareBlocks; // recycled Block objects: no heap traffic on the cached path
    std::vector<std::unique_ptr<Block[]>> m_blockChunks;
    AllocatorStats m_stats;
    OwnerBytes m_owners {}; // allocated bytes per owner (Note [Owners add up])
    OwnerBytes m_ownersRequested {}; // requested bytes per owner, moved with m_owners
    PeakMoment m_peakMoment; // Note [Peak reset]
    // Copies of the aggregate allocated/reserved counters for lock-free readers (the sampler).
    std::atomic<std::uint64_t> m_liveAllocated { 0 };
    std::atomic<std::uint64_t> m_liveAllocatedPeak { 0 };
    std::atomic<std::uint64_t> m_liveReserved { 0 };
    std::atomic<std::uint64_t> m_liveReservedPeak { 0 };
};

} // namespace iteragpu::alloc
