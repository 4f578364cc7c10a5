// SPDX-License-Identifier: Apache-2.0
#pragma once

// Snapshot pickles that cost a naive reader far more than their size: the reproducers of the snapshot reader's
// quadratic lookups and of memo references that escape the budgets. Shared by tst_interop (which counts the
// reader's work on them), bench_snapshotimport (which times them) and the fuzz corpus seeds.
#include <cstddef>
#include <cstdint>
#include <string>

namespace iteragpu::testsupport {

namespace pickle {
    inline std::string str(const std::string& s)
    {
        std::string out;
        if (s.size() < 256) {
            out += '\x8c'; // SHORT_BINUNICODE
            out += static_cast<char>(s.size());
        } else {
            out += 'X'; // BINUNICODE, 4-byte little-endian length
            for (int i = 0; i < 4; ++i)
                out += static_cast<char>((s.size() >> (8 * i)) & 0xff);
        }
        return out + s;
    }
    inline std::string smallInt(unsigned v) { return std::string("K") + static_cast<char>(v & 0xff); }
    inline std::string binint(std::uint32_t v)
    {
        std::string out = "J";
        for (int i = 0; i < 4; ++i)
            out += static_cast<char>((v >> (8 * i)) & 0xff);
        return out;
    }
    inline std::string longGet(std::uint32_t index)
    {
        std::string out = "j";
        for (int i = 0; i < 4; ++i)
            out += static_cast<char>((index >> (8 * i)) & 0xff);
        return out;
    }
    // {"segments": [], "device_traces": [[<entries>]], <extra pairs>}: entries and extra as pickle ops that leave
    // values on the stack.
    inline std::string snapshot(const std::string& entries, const std::string& extraPairs = {})
    {
        return std::string("\x80\x04}(") + str("segments") + "]" + str("device_traces") + "]](" + entries + "ea"
            + extraPairs + "u.";
    }
} // namespace pickle

// One trace entry dict of `pairs` pairs (action, time_us, then k0..kN), memoised, then fetched `references - 1`
// times more: `references` entries that all share that dict.
inline std::string sharedWideEntry(std::size_t pairs, std::size_t references)
{
    std::string entry = std::string("}\x94(") + pickle::str("action") + pickle::str("user_defined")
        + pickle::str("time_us") + pickle::smallInt(1);
    for (std::size_t k = 2; k < pairs; ++k)
        entry += pickle::str("k" + std::to_string(k)) + pickle::smallInt(0);
    entry += "u";
    for (std::size_t r = 1; r < references; ++r)
        entry += pickle::longGet(0);
    return pickle::snapshot(entry);
}

// One entry dict holding a user_metadata str of `bytes` bytes, memoised, fetched `references - 1` times more.
inline std::string sharedLongMetadata(std::size_t bytes, std::size_t references)
{
    std::string entry = std::string("}\x94(") + pickle::str("action") + pickle::str("user_defined")
        + pickle::str("time_us") + pickle::smallInt(1) + pickle::str("user_metadata")
        + pickle::str(std::string(bytes, 'm')) + "u";
    for (std::size_t r = 1; r < references; ++r)
        entry += pickle::longGet(0);
    return pickle::snapshot(entry);
}

// One trace entry and `starts` record_function STARTs of "outer" (nested, never closed), then as many ENDs of
// "other" that match none of them.
inline std::string unmatchedAnnotations(std::size_t starts)
{
    const std::string entry
        = std::string("}(") + pickle::str("action") + pickle::str("user_defined") + pickle::str("time_us") + "K\x01u";
    std::string annotations = pickle::str("external_annotations") + "](";
    auto mark = [&](const char* stage, const char* name, std::uint32_t time) {
        annotations += std::string("}(") + pickle::str("stage") + pickle::str(stage) + pickle::str("name")
            + pickle::str(name) + pickle::str("time_us") + pickle::binint(time) + pickle::str("device")
            + pickle::smallInt(0) + "u";
    };
    for (std::size_t i = 0; i < starts; ++i)
        mark("START", "outer", static_cast<std::uint32_t>(i));
    for (std::size_t i = 0; i < starts; ++i)
        mark("END", "other", static_cast<std::uint32_t>(starts + i));
    annotations += "e";
    return pickle::snapshot(entry, annotations);
}

} // namespace iteragpu::testsupport
