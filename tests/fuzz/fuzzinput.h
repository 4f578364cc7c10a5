// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

// For readers that take a path: the input is written to a file in a folder of this process (under /dev/shm when
// there is one, so no disk is touched), the same file every run.
namespace iteragpu::fuzz {

inline const std::filesystem::path& scratchFolder()
{
    static const std::filesystem::path folder = [] {
        const std::filesystem::path base = std::filesystem::exists("/dev/shm") ? "/dev/shm" : "/tmp";
        std::string pattern = (base / "iteragpu-fuzz-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr)
            std::abort();
        const std::filesystem::path made = pattern;
        std::atexit([] { std::filesystem::remove_all(scratchFolder()); });
        return made;
    }();
    return folder;
}

inline std::filesystem::path writeInput(const std::string& name, const std::uint8_t* data, std::size_t size)
{
    const auto path = scratchFolder() / name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out)
        std::abort();
    return path;
}

} // namespace iteragpu::fuzz
