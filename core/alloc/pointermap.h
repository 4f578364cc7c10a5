// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <vector>

namespace iteragpu::alloc {

// A flat open-addressing map from a device address (never 0) to a pointer: linear probing, backward-shift
// deletion, power-of-two capacity. The caching allocator's active-block index, without a heap allocation per
// insertion (std::unordered_map allocates a node each time).
template <typename V> class PointerMap {
public:
    explicit PointerMap(std::size_t initialCapacity = 1024)
    {
        std::size_t cap = 16;
        while (cap < initialCapacity)
            cap *= 2;
        m_slots.assign(cap, Slot {});
    }

    V* find(std::uintptr_t key)
    {
        for (std::size_t i = index(key);; i = (i + 1) & mask()) {
            if (m_slots[i].key == key)
                return &m_slots[i].value;
            if (m_slots[i].key == 0)
                return nullptr;
        }
    }

    void insert(std::uintptr_t key, V value)
    {
        if ((m_size + 1) * 2 > m_slots.size())
            grow();
        place(key, value);
        ++m_size;
    }

    bool erase(std::uintptr_t key) { return take(key, nullptr); }

    // Removes key; its value goes to *value when value is not null. False when key is absent.
    bool take(std::uintptr_t key, V* value)
    {
        std::size_t i = index(key);
        while (m_slots[i].key != key) {
            if (m_slots[i].key == 0)
                return false;
            i = (i + 1) & mask();
        }
        if (value)
            *value = m_slots[i].value;
        // Backward shift: move later members of the cluster into the hole when their home allows it.
        std::size_t hole = i;
        for (std::size_t j = (i + 1) & mask(); m_slots[j].key != 0; j = (j + 1) & mask()) {
            const std::size_t home = index(m_slots[j].key);
            const bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
            if (movable) {
                m_slots[hole] = m_slots[j];
                hole = j;
            }
        }
        m_slots[hole] = Slot {};
        --m_size;
        return true;
    }

    std::size_t size() const { return m_size; }

    template <typename F> void forEach(F&& f) const
    {
        for (const auto& s : m_slots)
            if (s.key != 0)
                f(s.key, s.value);
    }

private:
    struct Slot {
        std::uintptr_t key = 0;
        V value {};
    };
    std::size_t mask() const { return m_slots.size() - 1; }
    std::size_t index(std::uintptr_t key) const
    {
        // Addresses are 512-byte aligned: drop the zero bits, then mix (Fibonacci hashing).
        return static_cast<std::size_t>(((key >> 9) * 0x9E3779B97F4A7C15ULL) >> 20) & mask();
    }
    void place(std::uintptr_t key, V value)
    {
        std::size_t i = index(key);
        while (m_slots[i].key != 0)
            i = (i + 1) & mask();
        m_slots[i] = Slot { key, value };
    }
    void grow()
    {
        std::vector<Slot> old;
        old.swap(m_slots);
        m_slots.assign(old.size() * 2, Slot {});
        for (const auto& s : old)
            if (s.key != 0)
                place(s.key, s.value);
    }

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

} // namespace iteragpu::alloc
