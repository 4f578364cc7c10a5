// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/sweep/sweeptypes.h"

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

// sweep.json (schema iteragpu.sweep/1, README "Sweeps"): SweepRecord <-> JSON. The reader is strict and bounded:
// the file's size, its nesting and the number of trials are limited before anything is kept, and every field is
// checked for its type and range, so a hand-edited or truncated file is refused with one line, never half read.
namespace iteragpu::sweep {

inline constexpr std::size_t kMaxSweepFileBytes = std::size_t(64) << 20; // bytes; a sweep of 10 000 trials is ~10 MiB
inline constexpr std::size_t kMaxSweepTrials = 10000;
inline constexpr std::size_t kMaxSweepArgs = 256; // arguments of the base configuration
inline constexpr std::size_t kMaxSweepStringBytes = 4096; // any one string field

nlohmann::ordered_json toJson(const SweepRecord& record);
// Throws nothing; false with a one-line reason in error (the record is left in an unspecified state).
bool fromJson(const nlohmann::ordered_json& json, SweepRecord& record, std::string& error);
// The text of a sweep.json: size and nesting guarded, parsed, then fromJson. The fuzz target's entry point.
bool parseSweepText(std::string_view text, SweepRecord& record, std::string& error);

// folder/sweep.json
std::string sweepFilePath(const std::string& folder);

// Reads and checks a sweep.json (a path to the file): one-line errors for a missing or oversized file, malformed
// JSON, a wrong schema and any missing, mistyped or out-of-range field.
bool readSweepFile(const std::string& path, SweepRecord& record, std::string& error);

enum class SweepWriteError : int { None = 0, NoSpace = 1, Io = 2 };

// Writes the record to path (the sweep's own sweep.json, replaced on purpose: it is rewritten after every trial):
// into a temporary file in the same folder, fsync, rename over path, fsync of the folder. A full disk or any
// other failure leaves the previous sweep.json intact and removes the temporary file.
SweepWriteError writeSweepFile(const std::string& path, const SweepRecord& record, std::string& error);

} // namespace iteragpu::sweep
