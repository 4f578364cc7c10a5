// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/alloc/nodearena.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <set>
#include <vector>

namespace iteragpu::alloc {

// The free blocks of one pool of the caching allocator, in the order of PyTorch's BlockComparator: by size,
// then by address. takeBestFit(n) removes and returns the first block whose size is at least n in that order,
// which is what std::set::lower_bound + erase does in PyTorch, so the choice of block is the same.
//
// Sizes are multiples of the 512-byte granule. Blocks up to binnedLimit bytes live in one bin per exact size:
// a two-level bitmap finds the smallest non-empty bin at or above a request, and each bin is an intrusive
// pairing heap ordered by address. With one free block per size (the usual case) insert, erase and
// takeBestFit are a few pointer writes and bit operations, with no tree and no memory allocation; with k blocks
// of one size, removal is O(log k) amortized. Blocks above the limit (own segments larger than it: few, rare)
// are kept in an ordered set, as PyTorch keeps all of them.
//
// Block must have the members `std::uint64_t size`, `std::uintptr_t ptr` and `Block* heapChild`,
// `Block* heapSibling`, `Block* heapPrev` (the heap links, owned by this class while the block is inside).
template <typename Block> class FreeBlockIndex {
public:
    static constexpr std::uint64_t kGranule = 512; // bytes

    static constexpr std::uint64_t kMaxBinnedLimit = std::uint64_t { 64 } * 64 * 64 * kGranule; // 128 MiB

    FreeBlockIndex(std::uint64_t binnedLimit, NodeArena* arena)
        : m_limit(std::min(binnedLimit, kMaxBinnedLimit) / kGranule * kGranule)
        , m_bins(static_cast<std::size_t>(m_limit / kGranule), nullptr)
        , m_words((m_bins.size() + 63) / 64, 0)
        , m_summary((m_words.size() + 63) / 64, 0)
        , m_overflow(Less {}, ArenaAllocator<Block*>(arena))
    {
    }

    std::size_t size() const { return m_count; }

    void insert(Block* b)
    {
        ++m_count;
        if (b->size > m_limit) {
            m_overflow.insert(b);
            return;
        }
        const std::size_t index = binOf(b->size);
        b->heapChild = b->heapSibling = b->heapPrev = nullptr;
        Block*& root = m_bins[index];
        if (root == nullptr) {
            root = b;
            setBit(index);
        } else {
            root = meld(root, b);
        }
    }

    void erase(Block* b)
    {
        --m_count;
        if (b->size > m_limit) {
            m_overflow.erase(b);
            return;
        }
        const std::size_t index = binOf(b->size);
        Block*& root = m_bins[index];
        if (b == root) {
            root = mergePairs(b->heapChild);
            if (root == nullptr)
                clearBit(index);
            return;
        }
        // Cut b's subtree out of its parent's child list, then merge b's children back in.
        if (b->heapPrev->heapChild == b)
            b->heapPrev->heapChild = b->heapSibling;
        else
            b->heapPrev->heapSibling = b->heapSibling;
        if (b->heapSibling)
            b->heapSibling->heapPrev = b->heapPrev;
        if (Block* rest = mergePairs(b->heapChild))
            root = meld(root, rest);
    }

    // The first block with size >= bytes in (size, address) order, removed from the index; nullptr if none.
    Block* takeBestFit(std::uint64_t bytes)
    {
        if (bytes <= m_limit) {
            const std::size_t index = findFrom(binOf(bytes < kGranule ? kGranule : bytes));
            if (index != kNone) {
                Block*& root = m_bins[index];
                Block* b = root;
                root = mergePairs(b->heapChild);
                if (root == nullptr)
                    clearBit(index);
                --m_count;
                return b;
            }
            if (m_overflow.empty())
                return nullptr;
            Block* b = *m_overflow.begin(); // every overflow block is larger than any binned request
            m_overflow.erase(m_overflow.begin());
            --m_count;
            return b;
        }
        const auto it = m_overflow.lower_bound(Key { bytes, 0 });
        if (it == m_overflow.end())
            return nullptr;
        Block* b = *it;
        m_overflow.erase(it);
        --m_count;
        return b;
    }

    // The size of the largest block, 0 when the index is empty: the overflow set's last block, else the highest
    // non-empty bin (three bit scans). Not on the hot path: read at a phase's end.
    std::uint64_t largestSize() const
    {
        if (!m_overflow.empty())
            return (*m_overflow.rbegin())->size;
        if (m_top == 0)
            return 0;
        const std::size_t s = 63 - static_cast<std::size_t>(std::countl_zero(m_top));
        const std::size_t w = s * 64 + 63 - static_cast<std::size_t>(std::countl_zero(m_summary[s]));
        const std::size_t bin = w * 64 + 63 - static_cast<std::size_t>(std::countl_zero(m_words[w]));
        return (static_cast<std::uint64_t>(bin) + 1) * kGranule;
    }

    // Every block, in (size, address) order. Not on the hot path: empty_cache, the destructor, tests.
    std::vector<Block*> ordered() const
    {
        std::vector<Block*> out;
        out.reserve(m_count);
        for (std::size_t w = 0; w < m_words.size(); ++w) {
            for (std::uint64_t bits = m_words[w]; bits != 0; bits &= bits - 1) {
                const std::size_t first = out.size();
                collect(m_bins[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))], out);
                std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                    [](const Block* a, const Block* b) { return a->ptr < b->ptr; });
            }
        }
        out.insert(out.end(), m_overflow.begin(), m_overflow.end());
        return out;
    }

private:
    struct Key {
        std::uint64_t size;
        std::uintptr_t ptr;
    };
    struct Less {
        using is_transparent = void;
        static bool less(std::uint64_t as, std::uintptr_t ap, std::uint64_t bs, std::uintptr_t bp)
        {
            return as != bs ? as < bs : ap < bp;
        }
        bool operator()(const Block* a, const Block* b) const { return less(a->size, a->ptr, b->size, b->ptr); }
        bool operator()(const Block* a, const Key& b) const { return less(a->size, a->ptr, b.size, b.ptr); }
        bool operator()(const Key& a, const Block* b) const { return less(a.size, a.ptr, b->size, b->ptr); }
    };

    static constexpr std::size_t kNone = ~std::size_t { 0 };

    static std::size_t binOf(std::uint64_t size) { return static_cast<std::size_t>(size / kGranule) - 1; }

    void setBit(std::size_t index)
    {
        const std::size_t w = index / 64;
        m_words[w] |= std::uint64_t { 1 } << (index % 64);
        m_summary[w / 64] |= std::uint64_t { 1 } << (w % 64);
        m_top |= std::uint64_t { 1 } << (w / 64);
    }

    void clearBit(std::size_t index)
    {
        const std::size_t w = index / 64;
        m_words[w] &= ~(std::uint64_t { 1 } << (index % 64));
        if (m_words[w] == 0) {
            m_summary[w / 64] &= ~(std::uint64_t { 1 } << (w % 64));
            if (m_summary[w / 64] == 0)
                m_top &= ~(std::uint64_t { 1 } << (w / 64));
        }
    }

    // The smallest non-empty bin >= index, or kNone. Three levels: bins, words of bins, one top word over the
    // summary words (at most 64 of them: 262144 bins, 128 MiB of binned sizes).
    std::size_t findFrom(std::size_t index) const
    {
        std::size_t w = index / 64;
        if (w >= m_words.size())
            return kNone;
        const std::uint64_t inWord = m_words[w] & (~std::uint64_t { 0 } << (index % 64));
        if (inWord != 0)
            return w * 64 + static_cast<std::size_t>(std::countr_zero(inWord));
        ++w;
        std::size_t s = w / 64;
        if (s >= m_summary.size())
            return kNone;
        std::uint64_t inSummary = m_summary[s] & (~std::uint64_t { 0 } << (w % 64));
        if (inSummary == 0) {
            const std::uint64_t above = m_top & (~std::uint64_t { 1 } << s); // summary words after s
            if (above == 0)
                return kNone;
            s = static_cast<std::size_t>(std::countr_zero(above));
            inSummary = m_summary[s];
        }
        const std::size_t word = s * 64 + static_cast<std::size_t>(std::countr_zero(inSummary));
        return word * 64 + static_cast<std::size_t>(std::countr_zero(m_words[word]));
    }

    // Pairing heap by address. heapPrev is the parent for a first child, else the left sibling.
    static Block* meld(Block* a, Block* b)
    {
        if (b->ptr < a->ptr)
            std::swap(a, b);
        b->heapSibling = a->heapChild;
        if (a->heapChild)
            a->heapChild->heapPrev = b;
        b->heapPrev = a;
        a->heapChild = b;
        a->heapSibling = nullptr;
        a->heapPrev = nullptr;
        return a;
    }

    // Two-pass merge of a sibling list into one heap (nullptr for an empty list); the result has no links up.
    static Block* mergePairs(Block* first)
    {
        if (first == nullptr)
            return nullptr;
        if (first->heapSibling == nullptr) {
            first->heapPrev = nullptr;
            return first;
        }
        // Pass 1, left to right: meld neighbours in pairs, chaining the results backwards through heapPrev.
        Block* chain = nullptr;
        while (first != nullptr) {
            Block* a = first;
            Block* b = a->heapSibling;
            if (b == nullptr) {
                a->heapSibling = nullptr;
                a->heapPrev = chain;
                chain = a;
                break;
            }
            first = b->heapSibling;
            a->heapSibling = b->heapSibling = nullptr;
            Block* m = meld(a, b);
            m->heapPrev = chain;
            chain = m;
        }
        // Pass 2, right to left: meld each pair result into the accumulated heap.
        Block* heap = chain;
        chain = chain->heapPrev;
        heap->heapPrev = nullptr;
        while (chain != nullptr) {
            Block* next = chain->heapPrev;
            chain->heapPrev = nullptr;
            heap = meld(heap, chain);
            chain = next;
        }
        return heap;
    }

    static void collect(Block* root, std::vector<Block*>& out)
    {
        std::vector<Block*> stack { root };
        while (!stack.empty()) {
            Block* b = stack.back();
            stack.pop_back();
            out.push_back(b);
            for (Block* c = b->heapChild; c != nullptr; c = c->heapSibling)
                stack.push_back(c);
        }
    }

    std::uint64_t m_limit; // bytes; the largest binned size
    std::vector<Block*> m_bins; // root of each size's heap
    std::vector<std::uint64_t> m_words; // bit i: bin i is not empty
    std::vector<std::uint64_t> m_summary; // bit w: m_words[w] != 0
    std::uint64_t m_top = 0; // bit s: m_summary[s] != 0
    std::set<Block*, Less, ArenaAllocator<Block*>> m_overflow;
    std::size_t m_count = 0;
};

} // namespace iteragpu::alloc
