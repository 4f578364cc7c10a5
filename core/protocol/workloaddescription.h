// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "core/i18n/message.h"
#include "core/protocol/runtypes.h"

namespace iteragpu::protocol {

inline constexpr const char* kWorkloadContext = "Workload"; // translation context of the descriptions below

// A run's own workload in one line, for every header that names a run (the decision sheet, the compare view, the
// measured verdict): a decoder by its model, weight format, sequences, prompt and generated tokens, KV cache and
// attention ("preset:llama-3.1-8b, bf16 weights, 4 sequence(s) x 8192 prompt + 64 generated tokens, dynamic KV
// cache, sdpa attention"); the dense network by batch, context, width, dtype and mode; a script by its program.
// Two runs with different workloads never get the same line. english() for the CLI, translated in the GUI.
i18n::Message describeWorkload(const RunConfig& config);

// The load alone, the part a sweep grows ("4 sequence(s) x 8192 prompt tokens", "batch 2, context 128"): the
// words after "at" in "out of memory in prefill at ...".
i18n::Message describeLoad(const RunConfig& config);

} // namespace iteragpu::protocol
