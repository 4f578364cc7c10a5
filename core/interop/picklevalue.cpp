// SPDX-License-Identifier: Apache-2.0
#include "core/interop/picklevalue.h"

namespace iteragpu::interop {

namespace {
    const PickleValue::Items kNoItems;
    const PickleValue::Pairs kNoPairs;
    thread_local std::uint64_t tKeySteps = 0;
}

std::uint64_t PickleValue::keySteps() { return tKeySteps; }

PickleValue PickleValue::boolean(bool value)
{
    PickleValue v;
    v.m_kind = Kind::Bool;
    v.m_bool = value;
    return v;
}

PickleValue PickleValue::integer(std::int64_t value)
{
    PickleValue v;
    v.m_kind = Kind::Int;
    v.m_negative = value < 0;
    // -(INT64_MIN) does not fit int64: negate in unsigned arithmetic.
    v.m_magnitude = value < 0 ? ~static_cast<std::uint64_t>(value) + 1 : static_cast<std::uint64_t>(value);
    return v;
}

PickleValue PickleValue::unsignedInteger(std::uint64_t value)
{
    PickleValue v;
    v.m_kind = Kind::Int;
    v.m_magnitude = value;
    return v;
}

PickleValue PickleValue::real(double value)
{
    PickleValue v;
    v.m_kind = Kind::Float;
    v.m_float = value;
    return v;
}

PickleValue PickleValue::string(std::string utf8)
{
    PickleValue v;
    v.m_kind = Kind::String;
    v.m_string = std::move(utf8);
    return v;
}

PickleValue PickleValue::list(Items items)
{
    PickleValue v;
    v.m_kind = Kind::List;
    v.m_items = std::make_shared<Items>(std::move(items));
    return v;
}

PickleValue PickleValue::tuple(Items items)
{
    PickleValue v;
    v.m_kind = Kind::Tuple;
    v.m_items = std::make_shared<Items>(std::move(items));
    return v;
}

PickleValue PickleValue::dict(Pairs pairs)
{
    PickleValue v;
    v.m_kind = Kind::Dict;
    v.m_pairs = std::make_shared<Pairs>(std::move(pairs));
    v.m_index = std::make_shared<KeyIndex>();
    return v;
}

std::optional<std::uint64_t> PickleValue::asUnsigned() const
{
    if (m_kind != Kind::Int || (m_negative && m_magnitude != 0))
        return std::nullopt;
    return m_magnitude;
}

std::optional<double> PickleValue::asNumber() const
{
    if (m_kind == Kind::Float)
        return m_float;
    if (m_kind == Kind::Int)
        return m_negative ? -static_cast<double>(m_magnitude) : static_cast<double>(m_magnitude);
    return std::nullopt;
}

const PickleValue::Items& PickleValue::items() const { return m_items ? *m_items : kNoItems; }

PickleValue::Items& PickleValue::items()
{
    if (!m_items)
        m_items = std::make_shared<Items>();
    return *m_items;
}

const PickleValue::Pairs& PickleValue::pairs() const { return m_pairs ? *m_pairs : kNoPairs; }

PickleValue::Pairs& PickleValue::pairs()
{
    if (!m_pairs) {
        m_pairs = std::make_shared<Pairs>();
        m_index = std::make_shared<KeyIndex>();
    }
    return *m_pairs;
}

const PickleValue* PickleValue::find(const std::string& key) const
{
    if (m_kind != Kind::Dict || !m_pairs)
        return nullptr;
    constexpr std::size_t kScanned = 16; // a dict this small is scanned
    const Pairs& pairs = *m_pairs;
    if (pairs.size() <= kScanned || !m_index) {
        // The last one: a key set twice keeps its second value, as Python's dict does.
        for (auto it = pairs.rbegin(); it != pairs.rend(); ++it) {
            ++tKeySteps;
            if (it->first.m_kind == Kind::String && it->first.m_string == key)
                return &it->second;
        }
        return nullptr;
    }
    KeyIndex& index = *m_index;
    if (index.indexed > pairs.size()) { // pairs were taken away through pairs(): start again
        index.positions.clear();
        index.indexed = 0;
    }
    for (; index.indexed < pairs.size(); ++index.indexed) {
        ++tKeySteps;
        const PickleValue& k = pairs[index.indexed].first;
        if (k.m_kind == Kind::String)
            index.positions[k.m_string] = index.indexed; // a later pair overwrites: the last one set
    }
    ++tKeySteps;
    const auto it = index.positions.find(key);
    if (it == index.positions.end())
        return nullptr;
    const auto& pair = pairs[it->second];
    // A key changed in place through pairs() since it was indexed: fall back to the scan.
    if (pair.first.m_kind != Kind::String || pair.first.m_string != key) {
        for (auto rit = pairs.rbegin(); rit != pairs.rend(); ++rit) {
            ++tKeySteps;
            if (rit->first.m_kind == Kind::String && rit->first.m_string == key)
                return &rit->second;
        }
        return nullptr;
    }
    return &pair.second;
}

PickleValue& PickleValue::set(const std::string& key, PickleValue value)
{
    pairs().emplace_back(string(key), std::move(value));
    return *this;
}

void PickleValue::append(PickleValue value) { items().push_back(std::move(value)); }

const void* PickleValue::identity() const
{
    if (m_items)
        return m_items.get();
    if (m_pairs)
        return m_pairs.get();
    return nullptr;
}

} // namespace iteragpu::interop
