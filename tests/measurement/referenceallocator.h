// SPDX-License-Identifier: Apache-2.0
#pragma once

// A deliberately naive model of the caching allocator's rules, written from PyTorch's description and not from
// core/alloc: every block sits in one map by address, best fit is a linear scan, and every counter is recomputed
// from the blocks after each operation. It is slow on purpose and only for tests: tst_allocatormodel drives it
// and CachingAllocator with the same random operations and compares addresses and counters after every step.
// Owners too: each block keeps its owner, the bytes per owner are recounted from the blocks, and the peak moment
// is copied whenever the recount finds allocated above its peak.

#include "core/alloc/allocatorstats.h"
#include "core/alloc/owner.h"
#include "core/alloc/rawmemory.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>

namespace iteragpu::testing {

class ReferenceAllocator {
public:
    explicit ReferenceAllocator(alloc::RawMemory& raw)
        : m_raw(raw)
    {
    }

    struct Counters {
        // Indexed 0 aggregate, 1 small pool, 2 large pool; current and peak of each.
        std::array<std::int64_t, 3> allocatedBytes {}, reservedBytes {}, requestedBytes {}, inactiveSplitBytes {};
        std::array<std::int64_t, 3> allocation {}, segment {}, inactiveSplit {};
    };

    // nullptr when the device refuses the segment even after the cache is released.
    void* allocate(std::uint64_t bytes, alloc::Owner owner = alloc::Owner::Other)
    {
        const std::uint64_t size = bytes < 512 ? 512 : (bytes + 511) / 512 * 512;
        const bool small = size <= (1u << 20);
        std::optional<std::uintptr_t> best;
        for (const auto& [ptr, b] : m_blocks) {
            if (b.allocated || b.small != small || b.size < size)
                continue;
            if (!best || b.size < m_blocks.at(*best).size)
                best = ptr; // the map is walked by address, so a tie keeps the lower address
        }
        if (!best) {
            std::uint64_t segment = 0;
            if (small)
                segment = 2u << 20;
            else if (size < (10u << 20))
                segment = 20u << 20;
            else
                segment = (size + (2u << 20) - 1) / (2u << 20) * (2u << 20);
            device::Status status;
            void* p = m_raw.allocate(segment, status);
            if (!p) {
                releaseWholeFreeSegments();
                p = m_raw.allocate(segment, status);
            }
            if (!p) {
                update();
                return nullptr;
            }
            const auto ptr = reinterpret_cast<std::uintptr_t>(p);
            m_blocks[ptr] = Block { segment, 0, ptr, segment, small, false, alloc::Owner::Other };
            best = ptr;
        }
        Block& b = m_blocks.at(*best);
        const std::uint64_t remaining = b.size - size;
        const bool split = small ? remaining >= 512 : remaining > (1u << 20);
        if (split) {
            m_blocks[*best + size]
                = Block { remaining, 0, b.segment, b.segmentSize, small, false, alloc::Owner::Other };
            b.size = size;
        }
        b.allocated = true;
        b.requested = bytes;
        b.owner = owner;
        update();
        return reinterpret_cast<void*>(*best);
    }

    void free(void* p)
    {
        auto it = m_blocks.find(reinterpret_cast<std::uintptr_t>(p));
        if (it == m_blocks.end() || !it->second.allocated)
            return;
        it->second.allocated = false;
        it->second.requested = 0;
        // Merge with a free right neighbour, then into a free left neighbour, inside the same segment.
        auto next = std::next(it);
        if (next != m_blocks.end() && !next->second.allocated && next->second.segment == it->second.segment) {
            it->second.size += next->second.size;
            m_blocks.erase(next);
        }
        if (it != m_blocks.begin()) {
            auto prev = std::prev(it);
            if (!prev->second.allocated && prev->second.segment == it->second.segment) {
                prev->second.size += it->second.size;
                m_blocks.erase(it);
            }
        }
        update();
    }

    void emptyCache()
    {
        releaseWholeFreeSegments();
        update();
    }

    void setOwner(void* p, alloc::Owner owner)
    {
        auto it = m_blocks.find(reinterpret_cast<std::uintptr_t>(p));
        if (it == m_blocks.end() || !it->second.allocated)
            return;
        it->second.owner = owner;
        update();
    }

    void resetPeaks()
    {
        m_peak = m_current;
        m_peakMoment = moment();
    }

    // Allocated bytes per owner now, and at the first moment the allocated peak was reached.
    const alloc::OwnerBytes& owners() const { return m_owners; }
    const alloc::PeakMoment& peakMoment() const { return m_peakMoment; }
    std::uint64_t largestFreeBlock() const
    {
        std::uint64_t largest = 0;
        for (const auto& [ptr, b] : m_blocks)
            if (!b.allocated)
                largest = std::max(largest, b.size);
        return largest;
    }

    const Counters& current() const { return m_current; }
    const Counters& peak() const { return m_peak; }
    std::size_t freeBlockCount() const
    {
        return static_cast<std::size_t>(
            std::count_if(m_blocks.begin(), m_blocks.end(), [](const auto& kv) { return !kv.second.allocated; }));
    }

private:
    struct Block {
        std::uint64_t size;
        std::uint64_t requested;
        std::uintptr_t segment; // address of the segment's first byte
        std::uint64_t segmentSize;
        bool small;
        bool allocated;
        alloc::Owner owner;
    };

    alloc::PeakMoment moment() const
    {
        alloc::PeakMoment m;
        m.owners = m_owners;
        m.allocated = static_cast<std::uint64_t>(m_current.allocatedBytes[0]);
        m.reserved = static_cast<std::uint64_t>(m_current.reservedBytes[0]);
        m.inactiveSplit = static_cast<std::uint64_t>(m_current.inactiveSplitBytes[0]);
        return m;
    }

    void releaseWholeFreeSegments()
    {
        for (auto it = m_blocks.begin(); it != m_blocks.end();) {
            if (!it->second.allocated && it->second.size == it->second.segmentSize) {
                m_raw.release(reinterpret_cast<void*>(it->first));
                it = m_blocks.erase(it);
            } else {
                ++it;
            }
        }
    }

    // Recount everything, then raise the peaks. Within one operation each counter moves one way only, so the
    // peak after the operation is the peak PyTorch's per-step update reaches.
    void update()
    {
        Counters c;
        std::map<std::uintptr_t, int> blocksInSegment;
        for (const auto& [ptr, b] : m_blocks)
            ++blocksInSegment[b.segment];
        for (const auto& [ptr, b] : m_blocks) {
            for (const std::size_t t : { std::size_t { 0 }, std::size_t { b.small ? 1u : 2u } }) {
                if (ptr == b.segment) {
                    c.reservedBytes[t] += static_cast<std::int64_t>(b.segmentSize);
                    c.segment[t] += 1;
                }
                if (b.allocated) {
                    c.allocatedBytes[t] += static_cast<std::int64_t>(b.size);
                    c.requestedBytes[t] += static_cast<std::int64_t>(b.requested);
                    c.allocation[t] += 1;
                } else if (blocksInSegment[b.segment] > 1) {
                    c.inactiveSplitBytes[t] += static_cast<std::int64_t>(b.size);
                    c.inactiveSplit[t] += 1;
                }
            }
        }
        alloc::OwnerBytes owners {};
        for (const auto& [ptr, b] : m_blocks)
            if (b.allocated)
                owners[static_cast<std::size_t>(b.owner)] += b.size;
        m_current = c;
        m_owners = owners;
        if (c.allocatedBytes[0] > m_peak.allocatedBytes[0])
            m_peakMoment = moment(); // above the peak: a new peak moment; equal to it: the first one stays
        auto raise = [](auto& peak, const auto& now) {
            for (std::size_t t = 0; t < 3; ++t)
                peak[t] = std::max(peak[t], now[t]);
        };
        raise(m_peak.allocatedBytes, c.allocatedBytes);
        raise(m_peak.reservedBytes, c.reservedBytes);
        raise(m_peak.requestedBytes, c.requestedBytes);
        raise(m_peak.inactiveSplitBytes, c.inactiveSplitBytes);
        raise(m_peak.allocation, c.allocation);
        raise(m_peak.segment, c.segment);
        raise(m_peak.inactiveSplit, c.inactiveSplit);
    }

    alloc::RawMemory& m_raw;
    std::map<std::uintptr_t, Block> m_blocks; // every block, free or allocated, by address
    Counters m_current;
    Counters m_peak;
    alloc::OwnerBytes m_owners {};
    alloc::PeakMoment m_peakMoment { {}, 0, 0, std::uint64_t { 0 } };
};

} // namespace iteragpu::testing
