// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <filesystem>

// Where a program of this project may look for its GPU modules, data files and Python probe. An installed
// program searches installed paths only (and what the user names: ITERAGPU_MODULE_DIR, ITERAGPU_RESOURCE_DIR);
// the build tree and the source tree, whose absolute paths are compiled in, only when the running program
// lies inside that build tree. A package built in a world-writable folder therefore never loads what is later
// planted at that path.
namespace iteragpu::buildinfo {

// The build tree this program was built in (CMake's binary folder), as compiled in.
std::filesystem::path buildTree();
// The running program (/proc/self/exe); empty when it cannot be read.
std::filesystem::path runningExecutable();
// True when `executable` (resolved: symlinks and "..") lies inside buildTree().
bool insideBuildTree(const std::filesystem::path& executable);
// insideBuildTree(runningExecutable()).
bool runsFromBuildTree();

} // namespace iteragpu::buildinfo
