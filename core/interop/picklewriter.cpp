// SPDX-License-Identifier: Apache-2.0
#include "core/interop/picklewriter.h"

#include <bit>
#include <cstdint>
#include <cstring>

namespace iteragpu::interop {

namespace {
    // Opcodes of Python's Lib/pickle.py.
    constexpr char kProto = '\x80';
    constexpr char kStop = '.';
    constexpr char kMark = '(';
    constexpr char kEmptyDict = '}';
    constexpr char kSetItems = 'u';
    constexpr char kEmptyList = ']';
    constexpr char kAppends = 'e';
    constexpr char kEmptyTuple = ')';
    constexpr char kTuple = 't';
    constexpr char kTuple1 = '\x85';
    constexpr char kBinInt = 'J';
    constexpr char kBinInt1 = 'K';
    constexpr char kBinInt2 = 'M';
    constexpr char kLong1 = '\x8a';
    constexpr char kBinFloat = 'G';
    constexpr char kBinUnicode = 'X';
    constexpr char kNone = 'N';
    constexpr char kNewTrue = '\x88';
    constexpr char kNewFalse = '\x89';
    constexpr std::size_t kBatch = 1000; // items per SETITEMS / APPENDS, as CPython's pickler writes them

    void littleEndian(std::string& out, std::uint64_t value, int bytes)
    {
        for (int i = 0; i < bytes; ++i)
            out.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
    }

    void writeInt(std::string& out, const PickleValue& v)
    {
        const std::uint64_t m = v.magnitude();
        if (!v.negative() && m <= 0xFF) {
            out.push_back(kBinInt1);
            littleEndian(out, m, 1);
        } else if (!v.negative() && m <= 0xFFFF) {
            out.push_back(kBinInt2);
            littleEndian(out, m, 2);
        } else if ((!v.negative() && m <= 0x7FFFFFFFull) || (v.negative() && m <= 0x80000000ull)) {
            out.push_back(kBinInt);
            littleEndian(out, v.negative() ? (~m + 1) & 0xFFFFFFFFull : m, 4);
        } else {
            // LONG1: little-endian two's complement, as few bytes as keep the sign (CPython's encode_long).
            const std::uint64_t bits = v.negative() ? ~m + 1 : m; // two's complement of 64 bits
            std::string bytes;
            littleEndian(bytes, bits, 8);
            if (!v.negative())
                bytes.push_back('\0'); // room for the sign bit of values at or above 2^63
            while (bytes.size() > 1) {
                const auto last = static_cast<unsigned char>(bytes.back());
                const auto prev = static_cast<unsigned char>(bytes[bytes.size() - 2]);
                const bool redundant = (last == 0x00 && (prev & 0x80) == 0) || (last == 0xFF && (prev & 0x80) != 0);
                if (!redundant)
                    break;
                bytes.pop_back();
            }
            out.push_back(kLong1);
            out.push_back(static_cast<char>(bytes.size()));
            out += bytes;
        }
    }

    void write(std::string& out, const PickleValue& v)
    {
        switch (v.kind()) {
        case PickleValue::Kind::None:
            out.push_back(kNone);
            return;
        case PickleValue::Kind::Bool:
            out.push_back(v.asBool() ? kNewTrue : kNewFalse);
            return;
        case PickleValue::Kind::Int:
            writeInt(out, v);
            return;
        case PickleValue::Kind::Float: {
            out.push_back(kBinFloat);
            const auto bits = std::bit_cast<std::uint64_t>(v.asFloat());
            for (int i = 7; i >= 0; --i) // big-endian, as struct.pack('>d')
                out.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
            return;
        }
        case PickleValue::Kind::String:
            out.push_back(kBinUnicode);
            littleEndian(out, v.asString().size(), 4);
            out += v.asString();
            return;
        case PickleValue::Kind::Tuple: {
            const auto& items = v.items();
            if (items.empty()) {
                out.push_back(kEmptyTuple);
                return;
            }
            if (items.size() > 3)
                out.push_back(kMark);
            for (const auto& item : items)
                write(out, item);
            out.push_back(items.size() > 3 ? kTuple : static_cast<char>(kTuple1 + items.size() - 1));
            return;
        }
        case PickleValue::Kind::List: {
            out.push_back(kEmptyList);
            const auto& items = v.items();
            for (std::size_t i = 0; i < items.size(); i += kBatch) {
                out.push_back(kMark);
                for (std::size_t k = i; k < items.size() && k < i + kBatch; ++k)
                    write(out, items[k]);
                out.push_back(kAppends);
            }
            return;
        }
        case PickleValue::Kind::Dict: {
            out.push_back(kEmptyDict);
            const auto& pairs = v.pairs();
            for (std::size_t i = 0; i < pairs.size(); i += kBatch) {
                out.push_back(kMark);
                for (std::size_t k = i; k < pairs.size() && k < i + kBatch; ++k) {
                    write(out, pairs[k].first);
                    write(out, pairs[k].second);
                }
                out.push_back(kSetItems);
            }
            return;
        }
        }
    }
}

std::string writePickle(const PickleValue& value)
{
    std::string out;
    out.push_back(kProto);
    out.push_back('\x02');
    write(out, value);
    out.push_back(kStop);
    return out;
}

} // namespace iteragpu::interop
