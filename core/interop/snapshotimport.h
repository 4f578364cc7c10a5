// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/interop/picklereader.h"
#include "core/protocol/runtypes.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace iteragpu::interop {

inline constexpr const char* kSnapshotFormat = "pytorch-memory-snapshot";

// Note [Snapshot import]
// A PyTorch memory snapshot (pickle.dump of torch.cuda.memory._snapshot(), as _dump_snapshot writes it) as a
// RunResult marked imported (RunResult::imported), so every view of a result file shows it:
//  * the device is the one with the most trace entries ("cuda:N": PyTorch's name, CUDA or ROCm alike);
//  * allocated and reserved over time are replayed from device_traces: alloc adds, free_completed removes,
//    segment_alloc / segment_map add to reserved, segment_free / segment_unmap remove; the values at the end are
//    the snapshot's segments (reserved: their total_size; allocated: the requested_size of their active blocks),
//    and the replay walks back from them, as memory_viz does. The trace's sizes are the REQUESTED sizes
//    (CUDACachingAllocator records orig_size), so "allocated" is PyTorch's requested_bytes, at most
//    memory_allocated(); the note says so. A trace that does not add up (a counter below zero) is refused;
//  * phases: the outermost record_function regions of external_annotations (START / END pairs), else runs of
//    equal user_metadata (torch.cuda.memory._set_memory_metadata), else one phase "imported" over the trace;
//    each phase has its baseline (the value when it starts), peak and final, its samples (one per entry,
//    decimated keeping the maxima), and is failed, out of memory, when it holds an oom entry;
//  * device-level readings are unknown (null) except the free memory an oom entry names;
//  * the last 65 536 entries become the run's allocator trace, so an imported run exports again.
// The reader is bounded (PickleLimits) and linear in its input: dict keys are looked up by hash, START / END
// pairs matched by name, strings read in place rather than copied per entry; a file that is not a snapshot, or one
// that does not add up, gets one line.
// The work one import did, counted so that a test can hold the reader linear in its input: keys compared or
// indexed in dict lookups, and steps matching record_function START / END pairs.
struct ImportWork {
    std::uint64_t keySteps = 0;
    std::uint64_t regionSteps = 0;
};

bool importSnapshot(std::string_view data, const std::string& file, protocol::RunResult& result, std::string& error,
    const PickleLimits& limits = {}, ImportWork* work = nullptr);

// Reads the file (at most limits.maxInputBytes) and imports it.
bool importSnapshotFile(
    const std::string& path, protocol::RunResult& result, std::string& error, const PickleLimits& limits = {});

} // namespace iteragpu::interop
