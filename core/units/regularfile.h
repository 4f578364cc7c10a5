// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>

// Every reader of a file from outside (a preset, the card catalog, a config.json, a result, a snapshot) goes
// through here: a FIFO, a device or a socket where a file was expected would block the program or never end,
// so it is refused in one line naming the file.
namespace iteragpu::units {

// Reads the whole of `path` into `content` when it is a regular file of at most maxBytes. The file is opened
// O_NONBLOCK (opening a FIFO does not wait for a writer) and checked with fstat on the opened descriptor, so
// what is read is what was checked. On failure returns false with `error` naming the file (printable) and why.
bool readRegularFile(const std::string& path, std::uint64_t maxBytes, std::string& content, std::string& error);

// For the readers that stream a file of any size (safetensors, GGUF): empty when `path` opens as a regular
// file, else the one-line reason. The stream opens it again afterwards: a file swapped in between is the one
// case this cannot see.
std::string regularFileProblem(const std::string& path);

} // namespace iteragpu::units
