// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/interop/picklevalue.h"
#include "core/protocol/runtypes.h"

#include <string>

namespace iteragpu::interop {

// Note [memory_viz export]
// A run's allocator trace as the snapshot dict torch.cuda.memory._snapshot() returns (torch/cuda/memory.py,
// torch/csrc/cuda/memory_snapshot.cpp), which pytorch.org/memory_viz opens as a pickle:
//   segments        the allocator's segments at the END of the trace, each with its blocks tiling it
//                   (active_allocated or inactive), because the viewer starts from this state and walks
//                   device_traces backwards to draw every earlier moment;
//   device_traces   one list per device index (the run's device at its index, empty lists before it), with
//                   alloc, free_requested + free_completed (one stream: a free completes when requested),
//                   segment_alloc, segment_free and oom entries (oom: the request and the device's free memory
//                   after the failed phase, None when not read); time_us since the trace started, stream 0;
//                   user_metadata names the phase of each entry, as torch.cuda.memory._set_memory_metadata
//                   stamps it;
//   external_annotations  a START and an END per phase that has entries (record_function's shape: name,
//                   stage, device, time_us), at its first and last entry;
//   iteragpu        what the viewer ignores but a reader should know: the run, simulated or not, the events
//                   the bounded trace dropped, and what is missing (no frames, sizes are the blocks' rounded
//                   sizes because the trace does not keep the requested ones, no owner per entry).
// When the trace dropped its oldest events, a block whose segment was allocated before the kept window gets a
// segment made up for it at the end (flagged in iteragpu.made_up_segments), so the viewer finds a segment
// for every block it draws.
PickleValue memoryVizSnapshot(const protocol::RunResult& result);

// The same, pickled (protocol 2, core/interop/picklewriter.h).
std::string memoryVizPickle(const protocol::RunResult& result);

} // namespace iteragpu::interop
