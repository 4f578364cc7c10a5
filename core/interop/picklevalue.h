// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace iteragpu::interop {

// One value of the plain-data subset of Python's pickle that PyTorch's memory snapshots use: None, bool,
// integers that fit 64 bits (signed or unsigned: device addresses reach 2^64 - 1), float, str, list, tuple and
// dict. Containers are shared (std::shared_ptr), as pickle's memo shares them: a list put in the memo and filled
// later is the same list wherever it is fetched again. A walker over read data must therefore bound its own
// depth and visits (a memo reference may point back into the list that holds it).
class PickleValue {
public:
    enum class Kind : std::uint8_t { None, Bool, Int, Float, String, List, Tuple, Dict };
    using Items = std::vector<PickleValue>;
    using Pairs = std::vector<std::pair<PickleValue, PickleValue>>;

    PickleValue() = default;
    static PickleValue none() { return {}; }
    static PickleValue boolean(bool value);
    static PickleValue integer(std::int64_t value);
    static PickleValue unsignedInteger(std::uint64_t value);
    static PickleValue real(double value);
    static PickleValue string(std::string utf8);
    static PickleValue list(Items items = {});
    static PickleValue tuple(Items items = {});
    static PickleValue dict(Pairs pairs = {});

    Kind kind() const { return m_kind; }
    bool isNone() const { return m_kind == Kind::None; }
    bool isInt() const { return m_kind == Kind::Int; }
    bool isString() const { return m_kind == Kind::String; }
    bool isList() const { return m_kind == Kind::List; }
    bool isTuple() const { return m_kind == Kind::Tuple; }
    bool isDict() const { return m_kind == Kind::Dict; }

    bool asBool() const { return m_bool; }
    double asFloat() const { return m_float; }
    const std::string& asString() const { return m_string; }
    bool negative() const { return m_negative; }
    std::uint64_t magnitude() const { return m_magnitude; } // |value| of an Int
    // The Int as a byte count or an address: nullopt when negative (or not an Int).
    std::optional<std::uint64_t> asUnsigned() const;
    // An Int or a Float as double (times in microseconds); nullopt otherwise.
    std::optional<double> asNumber() const;

    // The elements of a List or a Tuple (empty for other kinds), the pairs of a Dict, in pickle's order.
    const Items& items() const;
    Items& items();
    const Pairs& pairs() const;
    Pairs& pairs();
    // Dict only: the value of the str key equal to key (the last one set, as in Python), nullptr when absent.
    // A dict of more than a few pairs is looked up by hash (an index kept beside the pairs and extended as pairs
    // are appended), so N lookups in one dict of N pairs cost O(N), not O(N^2). Not for concurrent use.
    const PickleValue* find(const std::string& key) const;
    // Keys compared or indexed by find() on this thread so far: what a test of the lookups' cost counts.
    static std::uint64_t keySteps();

    // Dict only, for building: appends key -> value and returns *this.
    PickleValue& set(const std::string& key, PickleValue value);
    // List only, for building.
    void append(PickleValue value);

    // Identity of a shared container (for walkers that refuse cycles); nullptr for scalars.
    const void* identity() const;

private:
    Kind m_kind = Kind::None;
    bool m_bool = false;
    bool m_negative = false;
    std::uint64_t m_magnitude = 0;
    double m_float = 0.0;
    std::string m_string;
    std::shared_ptr<Items> m_items;
    std::shared_ptr<Pairs> m_pairs;
    // The str keys of m_pairs by their last position; built on the first lookup of a large dict.
    struct KeyIndex {
        std::unordered_map<std::string, std::size_t> positions;
        std::size_t indexed = 0; // pairs [0, indexed) are in positions
    };
    std::shared_ptr<KeyIndex> m_index;
};

} // namespace iteragpu::interop
