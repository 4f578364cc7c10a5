// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <string_view>

// What a file handed to the programs is (the workbench's command line, drag and drop, Open Recent), told from its
// content first and its name second, so the front ends never guess from text: a result file by its "schema", a
// GGUF file by its magic, a safetensors file by its header, a PyTorch snapshot by its pickle opcode, a folder by
// what it holds. Reads at most kSniffBytes of a file; never follows a FIFO or a device.
namespace iteragpu::report {

enum class FileKind {
    Result, // an iteragpu.measure/N file (measured, imported or written by the probe)
    Sweep, // a sweep folder or its sweep.json (iteragpu.sweep/N)
    ModelConfig, // a Hugging Face config.json
    Safetensors, // a .safetensors file or its .safetensors.index.json
    ModelFolder, // a folder with a config.json and/or safetensors shards
    Gguf, // a GGUF file (magic "GGUF")
    TorchSnapshot, // a pickle (PyTorch memory snapshot, torch.cuda.memory._dump_snapshot)
    Unknown, // none of these: error says why
};

struct FileClass {
    FileKind kind = FileKind::Unknown;
    std::string path; // for a folder's kind, the file in it that decided (sweep.json, config.json), else the path
    std::string error; // Unknown: one line naming the file and what it is not
};

inline constexpr std::size_t kSniffBytes = 4096;

FileClass classifyFile(const std::string& path);
// Classifies the first bytes of a file named `name` (what classifyFile reads); for tests and the fuzz target.
FileKind classifyContent(std::string_view head, std::string_view name);
std::string_view fileKindName(FileKind kind); // "result", "sweep", "config", "safetensors", "folder", "gguf", "snapshot", "unknown"

} // namespace iteragpu::report
