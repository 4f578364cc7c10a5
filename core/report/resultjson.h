// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

// The measurement result file (README "Result JSON"): RunResult <-> JSON, written whole.
namespace iteragpu::report {

// Written: /2 (a "workload" object: the dense network or the decoder with its model; modelled phase times), and /3
// for a run that rehearsed an engine's start-up (`measure --engine vllm`): /2 plus the "engine" object (its name, its
// options as given, the plan it followed, engines::VllmPlanReport's, and the pool it allocated), so every other run
// stays the /2 document it was.
// Read: /3, /2 and /1 (a /1 file is the dense network, without modelled times). A /3 file's plan is made again from
// its configuration and must be the plan it carries, figure by figure: a forged figure is refused.
inline constexpr const char* kResultSchema = "iteragpu.measure/2";
inline constexpr const char* kResultSchemaEngine = "iteragpu.measure/3";
inline constexpr const char* kResultSchemaV1 = "iteragpu.measure/1";

nlohmann::ordered_json toJson(const protocol::RunResult& result);
// Throws nothing; on failure returns false with a one-line reason in error.
bool fromJson(const nlohmann::ordered_json& json, protocol::RunResult& result, std::string& error);

nlohmann::ordered_json sampleToJson(const protocol::Sample& sample);
nlohmann::ordered_json phaseToJson(const protocol::PhaseResult& phase, bool withSamples = true);
// The readers of the two above, checked like fromJson's phases; false with a one-line reason.
bool phaseFromJson(const nlohmann::ordered_json& json, protocol::PhaseResult& phase, bool withSamples,
    std::string& error);
bool sampleFromJson(const nlohmann::ordered_json& json, protocol::Sample& sample, std::string& error);

enum class WriteError : int { None = 0, Exists = 1, NoSpace = 2, Io = 3 };

// Refuses an existing path (Exists, the file untouched); writes into a temporary file in the same folder,
// flushes, then gives it the path only if the path is still free (Note [Exclusive create] in resultjson.cpp: two
// writers of one path, one wins, the other gets Exists, also on file systems without hard links), so a reader
// never sees half a file. A full disk is NoSpace. SIGINT, SIGTERM, SIGHUP and SIGQUIT are blocked in the calling
// thread while the temporary file exists; on any failure it is removed.
// replace (the user's explicit choice, `--force`): an existing file is replaced, still whole: the temporary
// file is renamed over it, so a reader sees the old file or the new one, never a mix.
WriteError writeResultFile(
    const std::string& path, const protocol::RunResult& result, std::string& error, bool replace = false);
// The same rules for any bytes (the exports of core/interop): refused when the path exists, whole or nothing.
WriteError writeWholeFile(const std::string& path, const std::string& bytes, std::string& error, bool replace = false);

// Whether a file could be created at path now: its folder exists and takes a new file (a probe file is created
// and removed), and the name fits the folder's file system (NAME_MAX). For checking an output before a run.
bool canCreateFile(const std::string& path, std::string& error);

// The largest result file read (a run of a million samples per phase is far below it).
inline constexpr std::uint64_t kMaxResultFileBytes = std::uint64_t(1) << 30;

// Reads and checks a result file: one-line errors for a missing or non-regular file, malformed JSON, nesting
// deeper than model::jsonguard::kMaxDepth, a number beyond double, a wrong or missing "schema", missing or
// mistyped fields and integers outside their field's range. Throws nothing.
bool readResultFile(const std::string& path, protocol::RunResult& result, std::string& error);

// The same from text in memory; name is what the errors call it.
bool readResultText(std::string_view text, const std::string& name, protocol::RunResult& result, std::string& error);

} // namespace iteragpu::report
