// SPDX-License-Identifier: Apache-2.0
#include "core/interop/picklereader.h"

#include <array>
#include <bit>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace iteragpu::interop {

namespace {

    struct Failure {
        std::string message;
    };

    // The opcodes of Lib/pickle.py by byte, for the one line naming what was refused.
    const char* opcodeName(unsigned char op)
    {
        static const std::unordered_map<unsigned char, const char*> names {
            { '(', "MARK" },
            { '.', "STOP" },
            { '0', "POP" },
            { '1', "POP_MARK" },
            { '2', "DUP" },
            { 'F', "FLOAT" },
            { 'I', "INT" },
            { 'J', "BININT" },
            { 'K', "BININT1" },
            { 'L', "LONG" },
            { 'M', "BININT2" },
            { 'N', "NONE" },
            { 'P', "PERSID" },
            { 'Q', "BINPERSID" },
            { 'R', "REDUCE" },
            { 'S', "STRING" },
            { 'T', "BINSTRING" },
            { 'U', "SHORT_BINSTRING" },
            { 'V', "UNICODE" },
            { 'X', "BINUNICODE" },
            { 'a', "APPEND" },
            { 'b', "BUILD" },
            { 'c', "GLOBAL" },
            { 'd', "DICT" },
            { '}', "EMPTY_DICT" },
            { 'e', "APPENDS" },
            { 'g', "GET" },
            { 'h', "BINGET" },
            { 'i', "INST" },
            { 'j', "LONG_BINGET" },
            { 'l', "LIST" },
            { ']', "EMPTY_LIST" },
            { 'o', "OBJ" },
            { 'p', "PUT" },
            { 'q', "BINPUT" },
            { 'r', "LONG_BINPUT" },
            { 's', "SETITEM" },
            { 't', "TUPLE" },
            { ')', "EMPTY_TUPLE" },
            { 'u', "SETITEMS" },
            { 'G', "BINFLOAT" },
            { 0x80, "PROTO" },
            { 0x81, "NEWOBJ" },
            { 0x82, "EXT1" },
            { 0x83, "EXT2" },
            { 0x84, "EXT4" },
            { 0x85, "TUPLE1" },
            { 0x86, "TUPLE2" },
            { 0x87, "TUPLE3" },
            { 0x88, "NEWTRUE" },
            { 0x89, "NEWFALSE" },
            { 0x8a, "LONG1" },
            { 0x8b, "LONG4" },
            { 'B', "BINBYTES" },
            { 'C', "SHORT_BINBYTES" },
            { 0x8c, "SHORT_BINUNICODE" },
            { 0x8d, "BINUNICODE8" },
            { 0x8e, "BINBYTES8" },
            { 0x8f, "EMPTY_SET" },
            { 0x90, "ADDITEMS" },
            { 0x91, "FROZENSET" },
            { 0x92, "NEWOBJ_EX" },
            { 0x93, "STACK_GLOBAL" },
            { 0x94, "MEMOIZE" },
            { 0x95, "FRAME" },
            { 0x96, "BYTEARRAY8" },
            { 0x97, "NEXT_BUFFER" },
            { 0x98, "READONLY_BUFFER" },
        };
        const auto it = names.find(op);
        return it == names.end() ? nullptr : it->second;
    }

    std::string hexByte(unsigned char op)
    {
        std::array<char, 8> buf {};
        std::snprintf(buf.data(), buf.size(), "0x%02x", op);
        return buf.data();
    }

    // Strict UTF-8 (no surrogates, no overlong forms): what Python and the JSON writer downstream both accept.
    bool validUtf8(std::string_view s)
    {
        std::size_t i = 0;
        while (i < s.size()) {
            const auto c = static_cast<unsigned char>(s[i]);
            std::size_t n = 0;
            std::uint32_t cp = 0;
            if (c < 0x80) {
                ++i;
                continue;
            } else if ((c & 0xE0) == 0xC0) {
                n = 1;
                cp = c & 0x1F;
            } else if ((c & 0xF0) == 0xE0) {
                n = 2;
                cp = c & 0x0F;
            } else if ((c & 0xF8) == 0xF0) {
                n = 3;
                cp = c & 0x07;
            } else {
                return false;
            }
            for (std::size_t k = 1; k <= n; ++k) {
                if (i + k >= s.size())
                    return false;
                const auto cc = static_cast<unsigned char>(s[i + k]);
                if ((cc & 0xC0) != 0x80)
                    return false;
                cp = (cp << 6) | (cc & 0x3F);
            }
            if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF
                || (cp >= 0xD800 && cp <= 0xDFFF))
                return false;
            i += n + 1;
        }
        return true;
    }

    class Parser {
    public:
        Parser(std::string_view data, const PickleLimits& limits)
            : m_data(data)
            , m_limits(limits)
        {
        }

        PickleValue run()
        {
            if (m_data.size() > m_limits.maxInputBytes)
                throw Failure { "the file has " + std::to_string(m_data.size()) + " bytes, more than the "
                    + std::to_string(m_limits.maxInputBytes) + " a snapshot may have here" };
            while (m_pos < m_data.size()) {
                m_opAt = m_pos;
                const auto op = static_cast<unsigned char>(m_data[m_pos++]);
                if (step(op))
                    return finish();
            }
            throw Failure { "the pickle ends at byte " + std::to_string(m_data.size()) + " without STOP (truncated?)" };
        }

    private:
        // Returns true at STOP.
        bool step(unsigned char op)
        {
            switch (op) {
            case 0x80: { // PROTO
                const auto version = byte();
                if (version < 2 || version > 5)
                    fail("pickle protocol " + std::to_string(version) + " (2 to 5 are read)");
                return false;
            }
            case 0x95: { // FRAME: a length hint for buffered readers; only checked
                const auto length = unsignedLE(8);
                if (length > m_data.size() - m_pos)
                    fail("a FRAME of " + std::to_string(length) + " bytes runs past the end of the file");
                return false;
            }
            case '.':
                return true;
            case '(':
                if (m_marks.size() >= m_limits.maxMarks)
                    fail("more than " + std::to_string(m_limits.maxMarks) + " open MARKs");
                m_marks.push_back(m_stack.size());
                return false;
            case '0': // POP: the top value, or the mark when nothing is above it (as Python's load_pop)
                if (available() > 0)
                    m_stack.pop_back();
                else if (!m_marks.empty())
                    m_marks.pop_back();
                else
                    fail("POP on an empty stack");
                return false;
            case '1':
                popMark();
                return false;
            case '}':
                push(PickleValue::dict());
                return false;
            case ']':
                push(PickleValue::list());
                return false;
            case ')':
                push(PickleValue::tuple());
                return false;
            case 't': {
                auto items = popMark();
                pushTuple(std::move(items));
                return false;
            }
            case 0x85:
            case 0x86:
            case 0x87: {
                const std::size_t n = op - 0x84;
                need(n);
                PickleValue::Items items(m_stack.end() - static_cast<std::ptrdiff_t>(n), m_stack.end());
                m_stack.resize(m_stack.size() - n);
                pushTuple(std::move(items));
                return false;
            }
            case 'a': {
                need(2);
                PickleValue item = std::move(m_stack.back());
                m_stack.pop_back();
                PickleValue& target = m_stack.back();
                insertInto(target, PickleValue::Kind::List, "APPEND");
                grow(target, item);
                target.items().push_back(std::move(item));
                return false;
            }
            case 'e': {
                auto items = popMark();
                need(1);
                PickleValue& target = m_stack.back();
                insertInto(target, PickleValue::Kind::List, "APPENDS");
                for (auto& item : items) {
                    grow(target, item);
                    target.items().push_back(std::move(item));
                }
                return false;
            }
            case 's': {
                need(3);
                PickleValue value = std::move(m_stack.back());
                m_stack.pop_back();
                PickleValue key = std::move(m_stack.back());
                m_stack.pop_back();
                PickleValue& target = m_stack.back();
                insertInto(target, PickleValue::Kind::Dict, "SETITEM");
                grow(target, key);
                grow(target, value);
                target.pairs().emplace_back(std::move(key), std::move(value));
                return false;
            }
            case 'u': {
                auto items = popMark();
                if (items.size() % 2 != 0)
                    fail("SETITEMS with an odd number of values");
                need(1);
                PickleValue& target = m_stack.back();
                insertInto(target, PickleValue::Kind::Dict, "SETITEMS");
                for (std::size_t i = 0; i < items.size(); i += 2) {
                    grow(target, items[i]);
                    grow(target, items[i + 1]);
                    target.pairs().emplace_back(std::move(items[i]), std::move(items[i + 1]));
                }
                return false;
            }
            case 'J': {
                const auto raw = static_cast<std::uint32_t>(unsignedLE(4));
                push(PickleValue::integer(static_cast<std::int32_t>(raw)));
                return false;
            }
            case 'K':
                push(PickleValue::integer(byte()));
                return false;
            case 'M':
                push(PickleValue::integer(static_cast<std::int64_t>(unsignedLE(2))));
                return false;
            case 0x8a:
                pushLong(byte());
                return false;
            case 0x8b:
                pushLong(unsignedLE(4));
                return false;
            case 'G': {
                const auto bytes = take(8);
                std::uint64_t bits = 0;
                for (const char c : bytes)
                    bits = (bits << 8) | static_cast<unsigned char>(c);
                push(PickleValue::real(std::bit_cast<double>(bits)));
                return false;
            }
            case 0x8c:
                pushString(byte());
                return false;
            case 'X':
                pushString(unsignedLE(4));
                return false;
            case 0x8d:
                pushString(unsignedLE(8));
                return false;
            case 'N':
                push(PickleValue::none());
                return false;
            case 0x88:
                push(PickleValue::boolean(true));
                return false;
            case 0x89:
                push(PickleValue::boolean(false));
                return false;
            case 'q':
                put(byte());
                return false;
            case 'r':
                put(unsignedLE(4));
                return false;
            case 0x94:
                put(m_memo.size());
                return false;
            case 'h':
                get(byte());
                return false;
            case 'j':
                get(unsignedLE(4));
                return false;
            default:
                break;
            }
            const char* name = opcodeName(op);
            if (name)
                fail(std::string("the pickle uses ") + name + " (opcode " + hexByte(op)
                    + "): only plain data (dict, list, tuple, str, int, float, bool, None) is read, and nothing in "
                      "a file is ever executed");
            fail("byte " + hexByte(op) + " is not a pickle opcode");
            return false;
        }

        PickleValue finish()
        {
            if (available() == 0)
                fail("STOP with nothing to return");
            return std::move(m_stack.back());
        }

        [[noreturn]] void fail(const std::string& what) const
        {
            throw Failure { "byte " + std::to_string(m_opAt) + ": " + what };
        }

        unsigned char byte() { return static_cast<unsigned char>(take(1)[0]); }

        std::string_view take(std::uint64_t n)
        {
            if (n > m_data.size() - m_pos)
                throw Failure { "the pickle is truncated: " + std::to_string(n) + " bytes needed at byte "
                    + std::to_string(m_pos) + ", " + std::to_string(m_data.size() - m_pos) + " left" };
            const auto out = m_data.substr(m_pos, static_cast<std::size_t>(n));
            m_pos += static_cast<std::size_t>(n);
            return out;
        }

        std::uint64_t unsignedLE(int bytes)
        {
            const auto raw = take(static_cast<std::uint64_t>(bytes));
            std::uint64_t v = 0;
            for (int i = bytes - 1; i >= 0; --i)
                v = (v << 8) | static_cast<unsigned char>(raw[static_cast<std::size_t>(i)]);
            return v;
        }

        // Values above the innermost MARK: what an opcode may consume (Python keeps marked values apart).
        std::size_t available() const { return m_stack.size() - (m_marks.empty() ? 0 : m_marks.back()); }

        void need(std::size_t n) const
        {
            if (available() < n)
                fail(std::to_string(n) + " values needed on the stack, " + std::to_string(available()) + " there");
        }

        PickleValue::Items popMark()
        {
            if (m_marks.empty())
                fail("no MARK to close");
            const std::size_t at = m_marks.back();
            m_marks.pop_back();
            PickleValue::Items items(std::make_move_iterator(m_stack.begin() + static_cast<std::ptrdiff_t>(at)),
                std::make_move_iterator(m_stack.end()));
            m_stack.resize(at);
            return items;
        }

        void count() { addValues(1); }

        void addValues(std::uint64_t n)
        {
            m_values += n;
            if (m_values > m_limits.maxValues)
                fail("more than " + std::to_string(m_limits.maxValues) + " values (memo references counted whole)");
        }

        void push(PickleValue v)
        {
            count();
            if (m_stack.size() >= m_limits.maxStack)
                fail("more than " + std::to_string(m_limits.maxStack) + " values waiting on the stack");
            if (const void* id = v.identity()) {
                // A fresh container: an address freed earlier may come back, so its records start anew.
                m_sealed.erase(id);
                m_depth[id] = 1;
                m_weight[id] = {};
            }
            m_stack.push_back(std::move(v));
        }

        std::size_t depthOf(const PickleValue& v) const
        {
            const void* id = v.identity();
            if (!id)
                return 0;
            const auto it = m_depth.find(id);
            return it == m_depth.end() ? 1 : it->second;
        }

        void pushTuple(PickleValue::Items items)
        {
            std::size_t depth = 1;
            for (const auto& item : items)
                depth = std::max(depth, depthOf(item) + 1);
            if (depth > m_limits.maxDepth)
                fail("values nested deeper than " + std::to_string(m_limits.maxDepth));
            Weight weight;
            for (const auto& item : items)
                weight += weightOf(item);
            push(PickleValue::tuple(std::move(items)));
            m_depth[m_stack.back().identity()] = depth;
            m_weight[m_stack.back().identity()] = weight;
        }

        // What a container holds, its own children and theirs: the values and str bytes a walker over it visits.
        // Memo references count whole, so a value fetched many times costs what walking it costs, each time.
        struct Weight {
            std::uint64_t values = 0;
            std::uint64_t stringBytes = 0;
            Weight& operator+=(const Weight& o)
            {
                values += o.values;
                stringBytes += o.stringBytes;
                return *this;
            }
        };

        // The weight of v as a child: itself, and what it holds.
        Weight weightOf(const PickleValue& v) const
        {
            Weight w { 1, v.isString() ? v.asString().size() : 0 };
            if (const void* id = v.identity())
                if (const auto it = m_weight.find(id); it != m_weight.end())
                    w += it->second;
            return w;
        }

        void insertInto(const PickleValue& target, PickleValue::Kind kind, const char* opcode) const
        {
            if (target.kind() != kind)
                fail(std::string(opcode) + " on a value that is not a "
                    + (kind == PickleValue::Kind::List ? "list" : "dict"));
            if (m_sealed.count(target.identity()))
                fail(std::string(opcode)
                    + " changes a container already fetched from the memo (a self-referencing "
                      "structure, which a snapshot never holds)");
        }

        void grow(const PickleValue& target, const PickleValue& child)
        {
            m_weight[target.identity()] += weightOf(child);
            auto& depth = m_depth[target.identity()];
            depth = std::max(depth, depthOf(child) + 1);
            if (depth > m_limits.maxDepth)
                fail("values nested deeper than " + std::to_string(m_limits.maxDepth));
        }

        void pushLong(std::uint64_t n)
        {
            constexpr std::uint64_t kMaxLongBytes = 4096;
            if (n > kMaxLongBytes)
                fail("an integer of " + std::to_string(n) + " bytes");
            const auto raw = take(n);
            if (n == 0) {
                push(PickleValue::integer(0));
                return;
            }
            const bool negative = (static_cast<unsigned char>(raw[n - 1]) & 0x80) != 0;
            std::uint64_t low = 0;
            const std::size_t lowBytes = std::min<std::size_t>(static_cast<std::size_t>(n), 8);
            for (std::size_t i = lowBytes; i-- > 0;)
                low = (low << 8) | static_cast<unsigned char>(raw[i]);
            if (negative && lowBytes < 8)
                low |= ~std::uint64_t { 0 } << (8 * lowBytes); // sign extension
            for (std::size_t i = 8; i < n; ++i)
                if (static_cast<unsigned char>(raw[i]) != (negative ? 0xFF : 0x00))
                    fail("an integer beyond 64 bits");
            if (negative) {
                if (n > 8 && (low & (std::uint64_t { 1 } << 63)) == 0)
                    fail("an integer beyond 64 bits");
                push(PickleValue::integer(static_cast<std::int64_t>(low)));
            } else {
                push(PickleValue::unsignedInteger(low)); // at or above 2^63 only with 9 bytes or more
            }
        }

        void pushString(std::uint64_t n)
        {
            if (n > m_limits.maxStringBytes)
                fail("a str of " + std::to_string(n) + " bytes (at most " + std::to_string(m_limits.maxStringBytes)
                    + ")");
            addStringBytes(n);
            const auto raw = take(n);
            if (!validUtf8(raw))
                fail("a str that is not valid UTF-8");
            push(PickleValue::string(std::string(raw)));
        }

        void addStringBytes(std::uint64_t n)
        {
            m_stringBytes += n;
            if (m_stringBytes > m_limits.maxTotalStringBytes)
                fail("more than " + std::to_string(m_limits.maxTotalStringBytes)
                    + " bytes of str in all (memo references counted whole)");
        }

        void put(std::uint64_t index)
        {
            need(1);
            if (!m_memo.count(index) && m_memo.size() >= m_limits.maxMemo)
                fail("more than " + std::to_string(m_limits.maxMemo) + " memo entries");
            m_memo[index] = m_stack.back();
        }

        void get(std::uint64_t index)
        {
            const auto it = m_memo.find(index);
            if (it == m_memo.end())
                fail("memo entry " + std::to_string(index) + " was never stored");
            const PickleValue& v = it->second;
            if (v.isString())
                addStringBytes(v.asString().size());
            if (const void* id = v.identity()) {
                // A shared container: what it holds counts again, as a walker (or a copy) pays for it again.
                if (const auto w = m_weight.find(id); w != m_weight.end()) {
                    addStringBytes(w->second.stringBytes);
                    addValues(w->second.values);
                }
            }
            count();
            if (m_stack.size() >= m_limits.maxStack)
                fail("more than " + std::to_string(m_limits.maxStack) + " values waiting on the stack");
            if (const void* id = v.identity())
                m_sealed.insert(id);
            m_stack.push_back(v);
        }

        std::string_view m_data;
        const PickleLimits& m_limits;
        std::size_t m_pos = 0;
        std::size_t m_opAt = 0;
        std::vector<PickleValue> m_stack;
        std::vector<std::size_t> m_marks;
        std::unordered_map<std::uint64_t, PickleValue> m_memo;
        std::unordered_map<const void*, std::size_t> m_depth;
        std::unordered_set<const void*> m_sealed;
        std::unordered_map<const void*, Weight> m_weight;
        std::uint64_t m_values = 0;
        std::uint64_t m_stringBytes = 0;
    };

}

PickleReader::PickleReader(PickleLimits limits)
    : m_limits(limits)
{
}

bool PickleReader::read(std::string_view data, PickleValue& out, std::string& error) const
{
    try {
        Parser parser(data, m_limits);
        out = parser.run();
        return true;
    } catch (const Failure& f) {
        error = f.message;
        return false;
    } catch (const std::bad_alloc&) {
        error = "not enough memory to read the pickle";
        return false;
    }
}

} // namespace iteragpu::interop
