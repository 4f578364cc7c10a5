// SPDX-License-Identifier: Apache-2.0
#include "core/report/filekind.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace iteragpu::report {

namespace fs = std::filesystem;

namespace {

    bool endsWith(std::string_view text, std::string_view tail)
    {
        return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
    }

    // The value of the first "schema" key, when it starts within the head (the writers put it first).
    std::string_view schemaIn(std::string_view head)
    {
        const auto key = head.find("\"schema\"");
        if (key == std::string_view::npos)
            return {};
        auto at = head.find_first_not_of(" \t\r\n", key + 8);
        if (at == std::string_view::npos || head[at] != ':')
            return {};
        at = head.find_first_not_of(" \t\r\n", at + 1);
        if (at == std::string_view::npos || head[at] != '"')
            return {};
        const auto end = head.find('"', at + 1);
        return end == std::string_view::npos ? std::string_view {} : head.substr(at + 1, end - at - 1);
    }

    // A safetensors file starts with the header's length (8 bytes, little-endian) and the header's '{'.
    bool looksLikeSafetensors(std::string_view head)
    {
        if (head.size() < 9)
            return false;
        std::uint64_t length = 0;
        for (int i = 7; i >= 0; --i)
            length = (length << 8) | static_cast<unsigned char>(head[static_cast<std::size_t>(i)]);
        return length >= 2 && length < (std::uint64_t(100) << 20) && head[8] == '{';
    }

    std::string displayName(const std::string& path) { return fs::path(path).filename().string(); }

} // namespace

std::string_view fileKindName(FileKind kind)
{
    switch (kind) {
    case FileKind::Result:
        return "result";
    case FileKind::Sweep:
        return "sweep";
    case FileKind::ModelConfig:
        return "config";
    case FileKind::Safetensors:
        return "safetensors";
    case FileKind::ModelFolder:
        return "folder";
    case FileKind::Gguf:
        return "gguf";
    case FileKind::TorchSnapshot:
        return "snapshot";
    case FileKind::Unknown:
        break;
    }
    return "unknown";
}

FileKind classifyContent(std::string_view head, std::string_view name)
{
    if (head.size() >= 4 && head.substr(0, 4) == "GGUF")
        return FileKind::Gguf;
    // Pickle protocol 2..5 starts with PROTO (0x80) and its number; protocol 0/1 snapshots are not written by torch.
    if (head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x80 && head[1] >= 2 && head[1] <= 5)
        return FileKind::TorchSnapshot;
    if (looksLikeSafetensors(head))
        return FileKind::Safetensors;
    const auto firstChar = head.find_first_not_of(" \t\r\n");
    if (firstChar != std::string_view::npos && head[firstChar] == '{') {
        const std::string_view schema = schemaIn(head);
        if (schema.starts_with("iteragpu.measure/"))
            return FileKind::Result;
        if (schema.starts_with("iteragpu.sweep/"))
            return FileKind::Sweep;
        if (endsWith(name, ".safetensors.index.json") || head.find("\"weight_map\"") != std::string_view::npos)
            return FileKind::Safetensors;
        for (const char* key : { "\"model_type\"", "\"architectures\"", "\"hidden_size\"", "\"num_hidden_layers\"" })
            if (head.find(key) != std::string_view::npos)
                return FileKind::ModelConfig;
        if (name == "config.json")
            return FileKind::ModelConfig;
    }
    if (endsWith(name, ".gguf"))
        return FileKind::Gguf; // too short for its magic: the GGUF reader says what is wrong with it
    if (endsWith(name, ".safetensors"))
        return FileKind::Safetensors;
    if (endsWith(name, ".pickle") || endsWith(name, ".pkl"))
        return FileKind::TorchSnapshot;
    return FileKind::Unknown;
}

FileClass classifyFile(const std::string& path)
{
    FileClass out;
    out.path = path;
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || status.type() == fs::file_type::not_found) {
        out.error = displayName(path) + ": no such file or folder";
        return out;
    }
    if (status.type() == fs::file_type::directory) {
        if (fs::is_regular_file(fs::path(path) / "sweep.json", ec)) {
            out.kind = FileKind::Sweep;
            return out;
        }
        bool shards = false;
        for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
            if (endsWith(it->path().filename().string(), ".safetensors")) {
                shards = true;
                break;
            }
        if (shards || fs::is_regular_file(fs::path(path) / "config.json", ec)) {
            out.kind = FileKind::ModelFolder;
            return out;
        }
        out.error = displayName(path) + ": a folder without sweep.json, config.json or safetensors shards";
        return out;
    }
    if (status.type() != fs::file_type::regular) {
        out.error = displayName(path) + ": not a regular file";
        return out;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        out.error = displayName(path) + ": cannot be read";
        return out;
    }
    std::array<char, kSniffBytes> buffer {};
    in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    const std::string_view head(buffer.data(), static_cast<std::size_t>(in.gcount()));
    out.kind = classifyContent(head, fs::path(path).filename().string());
    if (out.kind == FileKind::Unknown)
        out.error = displayName(path)
            + ": not a result, sweep, config.json, safetensors, GGUF or PyTorch snapshot file";
    return out;
}

} // namespace iteragpu::report
