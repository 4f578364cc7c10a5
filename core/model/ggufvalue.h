// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iteragpu::model {

// One metadata value of a GGUF file, of any of the format's 13 types. Integers keep their signedness; an array
// keeps its element type and length always, and its items only up to GgufReader::kMaxKeptArrayItems (a
// vocabulary of 150 000 strings is checked, counted and skipped, not held).
struct GgufValue {
    enum class Type : std::uint32_t {
        UInt8 = 0,
        Int8 = 1,
        UInt16 = 2,
        Int16 = 3,
        UInt32 = 4,
        Int32 = 5,
        Float32 = 6,
        Bool = 7,
        String = 8,
        Array = 9,
        UInt64 = 10,
        Int64 = 11,
        Float64 = 12,
    };
    Type type = Type::UInt8;
    std::uint64_t unsignedValue = 0; // UInt8..UInt64
    std::int64_t signedValue = 0; // Int8..Int64
    double floatValue = 0.0; // Float32, Float64
    bool boolValue = false;
    std::string text; // String
    Type elementType = Type::UInt8; // Array
    std::uint64_t length = 0; // Array: elements in the file
    std::vector<GgufValue> items; // Array: the first items (all of them when itemsKept)
    bool itemsKept = true;

    // A non-negative integer of any integer type; nullopt otherwise.
    std::optional<std::uint64_t> count() const
    {
        switch (type) {
        case Type::UInt8:
        case Type::UInt16:
        case Type::UInt32:
        case Type::UInt64:
            return unsignedValue;
        case Type::Int8:
        case Type::Int16:
        case Type::Int32:
        case Type::Int64:
            if (signedValue >= 0)
                return static_cast<std::uint64_t>(signedValue);
            return std::nullopt;
        default:
            return std::nullopt;
        }
    }
    // A number of any numeric type; nullopt otherwise.
    std::optional<double> number() const
    {
        if (type == Type::Float32 || type == Type::Float64)
            return floatValue;
        if (const auto c = count())
            return static_cast<double>(*c);
        if (type == Type::Int8 || type == Type::Int16 || type == Type::Int32 || type == Type::Int64)
            return static_cast<double>(signedValue);
        return std::nullopt;
    }
};

} // namespace iteragpu::model
