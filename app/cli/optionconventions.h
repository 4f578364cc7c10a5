// SPDX-License-Identifier: Apache-2.0
#pragma once

// The conventions every sub-command of iteragpu follows, so `--help`, the man page and the completion read alike:
//
//  * Placeholders say what to type, never the C++ type: N (a count), GiB / GB / MiB (a size in that unit), X (a
//    decimal), FORMAT, PATH, DEVICE (cuda:N, hip:N, sim:N), ID (a preset or card id), NAME, LIST. Set them with
//    ->type_name(kPlaceholder...) after add_option.
//  * Options sit in groups (->group(kGroup...)) in this order: model, formats, KV cache, training, run, simulated
//    device, devices, engine, output. An empty group name hides an option.
//  * Every number goes through units/numberparse.h (decimal only, 64-bit, one line for what it refuses):
//    ->transform(countText(...)) rewrites a count to plain decimal before CLI11 converts it; ->transform(sizeText(...))
//    rewrites a size to its exact byte count (the option's variable holds bytes); ->check(decimalText(...)) for
//    a rate or factor. A command that keeps options as text and checks them later (estimate: exit code 1 for bad
//    numbers) calls countOf / sizeOf, which throw units::InputError with the option's name in front.
//  * setExamples() ends a sub-command's help with two or three command lines and what each does.
//  * addJsonFlag(): `--json` prints one JSON object whose "schema" field is "iteragpu.<command>/<version>".
//  * Output files are refused when they exist; addForceFlag() gives `--force` to replace one on purpose.
//  * Errors are one line, "iteragpu <command>: <what is wrong>", with the exit codes of cliapp.h.

#include "core/units/numberparse.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace iteragpu::cli {

// Placeholders.
inline constexpr const char* kCountPlaceholder = "N";
inline constexpr const char* kGiBPlaceholder = "GiB";
inline constexpr const char* kGBPlaceholder = "GB";
inline constexpr const char* kMiBPlaceholder = "MiB";
inline constexpr const char* kDecimalPlaceholder = "X";
inline constexpr const char* kFormatPlaceholder = "FORMAT";
inline constexpr const char* kPathPlaceholder = "PATH";
inline constexpr const char* kDevicePlaceholder = "DEVICE";
inline constexpr const char* kIdPlaceholder = "ID";
inline constexpr const char* kNamePlaceholder = "NAME";
inline constexpr const char* kListPlaceholder = "LIST";

// Groups, in the order they should appear.
inline constexpr const char* kGroupModel = "Model";
inline constexpr const char* kGroupFormats = "Formats";
inline constexpr const char* kGroupKvCache = "KV cache";
inline constexpr const char* kGroupTraining = "Training";
inline constexpr const char* kGroupRun = "Run";
inline constexpr const char* kGroupSimulated = "Simulated device (sim:N only)";
inline constexpr const char* kGroupDevices = "Devices";
inline constexpr const char* kGroupEngine = "Engine (--engine vllm)";
inline constexpr const char* kGroupEngineLlamaCpp = "Engine (--engine llama.cpp)";
inline constexpr const char* kGroupOutput = "Output";

// A count: rewritten to plain decimal for CLI11; refused with one line outside range.
CLI::Validator countText(units::CountRange range = {});
// A size typed in a unit: rewritten to its byte count (decimal); the bound variable holds bytes.
CLI::Validator sizeText(std::uint64_t bytesPerUnit, const char* unitName, bool allowZero);
// A finite decimal in [min, max], left as typed.
CLI::Validator decimalText(double min, double max);

// For options kept as text: the value, or units::InputError("--option: reason").
std::uint64_t countOf(const std::string& option, const std::string& text, units::CountRange range = {});
std::uint64_t sizeOf(const std::string& option, const std::string& text, std::uint64_t bytesPerUnit,
    const char* unitName, bool allowZero);

struct Example {
    const char* command; // "iteragpu estimate --preset llama-2-7b --format nf4"
    const char* what; // "Llama 2 7B in NF4 with the default reserve"
};
// Appends an "Examples:" block to the sub-command's footer (the footer's text before it is kept).
void setExamples(CLI::App& sub, std::initializer_list<Example> examples);

CLI::Option* addJsonFlag(CLI::App& sub, bool& json,
    const std::string& what = "Print one JSON object (with a \"schema\" field) instead of text");
CLI::Option* addForceFlag(CLI::App& sub, bool& force);

} // namespace iteragpu::cli
