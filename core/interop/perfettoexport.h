// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/protocol/runtypes.h"

#include <nlohmann/json.hpp>

namespace iteragpu::interop {

// Note [Perfetto export]
// A run as a Chrome / Perfetto JSON trace ("Trace Event Format"; ui.perfetto.dev opens it as a legacy JSON
// trace): an object with "traceEvents" and "displayTimeUnit". One process (pid 1) named after the device
// ("sim:0 (simulated)"), thread 1 "phases" holding one complete event ("ph": "X", ts and dur in microseconds
// since the run started) per phase that ran, with the phase's readings in args; a failed phase has
// "FAILED" in its name, "status": "failed", the error and whether it ran out of memory in args. Counter events
// ("ph": "C", one series "bytes" each) for "allocated" and "reserved" at every kept sample, "device used"
// wherever the device-level reading is known (never 0 for a reading missing), and one counter per owner
// ("owner weights", ...) at each phase's baseline and final reading, where owners were recorded. Process and
// thread names are "M" metadata events. Nothing is made up: a phase that did not run has no slice.
nlohmann::ordered_json perfettoTrace(const protocol::RunResult& result);

} // namespace iteragpu::interop
