// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

namespace iteragpu::alloc {

// Recycles fixed-size nodes (the caching allocator's std::set nodes) through free lists, so that the cached
// malloc/free path does not call the heap. Single-threaded: the allocator's lock guards it.
class NodeArena {
public:
    NodeArena() = default;
    NodeArena(const NodeArena&) = delete;
    NodeArena& operator=(const NodeArena&) = delete;

    void* allocate(std::size_t bytes)
    {
        const std::size_t cls = sizeClass(bytes);
        if (cls >= kClasses)
            return ::operator new(bytes);
        if (!m_free[cls])
            refill(cls);
        FreeNode* n = m_free[cls];
        m_free[cls] = n->next;
        return n;
    }

    void deallocate(void* p, std::size_t bytes)
    {
        const std::size_t cls = sizeClass(bytes);
        if (cls >= kClasses) {
            ::operator delete(p);
            return;
        }
        auto* n = static_cast<FreeNode*>(p);
        n->next = m_free[cls];
        m_free[cls] = n;
    }

private:
    struct FreeNode {
        FreeNode* next;
    };
    static constexpr std::size_t kGranule = 16; // bytes
    static constexpr std::size_t kClasses = 16; // nodes up to 256 bytes
    static constexpr std::size_t kNodesPerChunk = 256;
    static std::size_t sizeClass(std::size_t bytes) { return (bytes + kGranule - 1) / kGranule; }
    void refill(std::size_t cls)
    {
        const std::size_t size = cls * kGranule;
        m_chunks.push_back(std::make_unique<std::byte[]>(size * kNodesPerChunk));
        std::byte* base = m_chunks.back().get();
        for (std::size_t i = 0; i < kNodesPerChunk; ++i) {
            auto* n = reinterpret_cast<FreeNode*>(base + i * size);
            n->next = m_free[cls];
            m_free[cls] = n;
        }
    }

    FreeNode* m_free[kClasses] = {};
    std::vector<std::unique_ptr<std::byte[]>> m_chunks;
};

// A standard allocator over a NodeArena.
template <typename T> class ArenaAllocator {
public:
    using value_type = T;
    explicit ArenaAllocator(NodeArena* arena) noexcept
        : m_arena(arena)
    {
    }
    template <typename U>
    ArenaAllocator(const ArenaAllocator<U>& other) noexcept
        : m_arena(other.arena())
    {
    }
    T* allocate(std::size_t n) { return static_cast<T*>(m_arena->allocate(n * sizeof(T))); }
    void deallocate(T* p, std::size_t n) noexcept { m_arena->deallocate(p, n * sizeof(T)); }
    NodeArena* arena() const noexcept { return m_arena; }
    template <typename U> bool operator==(const ArenaAllocator<U>& o) const noexcept { return m_arena == o.arena(); }

private:
    NodeArena* m_arena;
};

} // namespace iteragpu::alloc
